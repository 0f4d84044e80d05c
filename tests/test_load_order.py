"""Run All with ``%load_ext`` and the user's imports in any order (nbclient, a real kernel).

The agent's own imports (pandas, networkx, pyarrow) must never run beside the user's: each
notebook below imports networkx, pandas and torch before, with or after ``%load_ext`` and
then asks; every ``%%agent`` cell must answer.
"""

from __future__ import annotations

import nbformat
import pytest
from jupyter_fixtures import kernel_env

pytestmark = [pytest.mark.kernel, pytest.mark.slow]

IMPORTS = "import networkx as nx\nimport pandas as pd\nimport torch\nG = nx.les_miserables_graph()"
LOAD = "%load_ext igraph_agent"
ASK = "%%agent --with G\nHow many nodes and edges does the graph have?"
NX_ONLY = "import networkx as nx\nG = nx.les_miserables_graph()"
ORDERS = {
    "networkx_same_cell": [f"{LOAD}\n{NX_ONLY}", ASK],
    "networkx_next_cell": [LOAD, NX_ONLY, ASK],
    "same_cell": [f"{LOAD}\n{IMPORTS}", ASK],
    "next_cell": [LOAD, IMPORTS, ASK],
    "before": [IMPORTS, LOAD, ASK],
}


def _outputs_text(cell: nbformat.NotebookNode) -> str:
    parts = []
    for out in cell.get("outputs", []):
        if out.get("output_type") == "stream":
            parts.append(out.get("text", ""))
        else:
            data = out.get("data") or {}
            parts.append(str(data.get("text/markdown") or data.get("text/plain") or ""))
        if out.get("output_type") == "error":
            parts.append(f"{out.get('ename')}: {out.get('evalue')}")
    return "\n".join(parts)


@pytest.mark.parametrize("order", sorted(ORDERS))
def test_agent_cell_answers_whatever_the_import_order_around_load_ext(order, tmp_path):
    from nbclient import NotebookClient

    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell(src) for src in ORDERS[order]]
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3",
                                 "language": "python"}
    NotebookClient(nb, timeout=300, kernel_name="python3",
                   resources={"metadata": {"path": str(tmp_path)}}
                   ).execute(env=kernel_env(tmp_path / "project"))
    text = _outputs_text(nb.cells[-1])
    assert "Error" not in text and "partially initialized" not in text, text
    assert "77" in text and "254" in text, text
