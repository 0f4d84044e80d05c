"""Bytes a drawing adds to a saved notebook, and whether an HTML export still shows it.

Executes two notebooks with nbclient in a fresh project (the same 200-node graph and
questions; the last run of one draws all 200 nodes, of the other reads the graph's summary),
saves both, and prints the size difference; exports the
drawing notebook to HTML with nbconvert and checks the SVG is in it. For comparison it also
prints what the same graph weighs as a pyvis page with vis.js inlined, shown in an iframe
(how drawings were embedded before).

Run: .venv/bin/python bench/drawing_bytes.py
"""

from __future__ import annotations

import html
import json
import os
import sys
import tempfile
from pathlib import Path

import nbformat
from nbclient import NotebookClient

GRAPH = ("import networkx as nx\n"
         "G = nx.relabel_nodes(nx.barabasi_albert_graph(200, 2, seed=1), str)")
ASK = ("from igraph_agent.model.scripted import ScriptedModel, call\n"
       "ScriptedModel([[call('visualize_subgraph', max_nodes=200)], 'Drawn.'], name='draw')\n"
       "ScriptedModel([[call('get_graph_info')], 'Counted.'], name='count')")
LOAD = "%%agent --with G\nHow big is the graph?"  # the offline planner loads G


def _run(cells: list[str], folder: Path) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell(c) for c in cells]
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3",
                                 "language": "python"}
    env = {**os.environ, "IGRAPH_AGENT_HOME": str(folder / "project")}
    NotebookClient(nb, timeout=300, kernel_name="python3",
                   resources={"metadata": {"path": str(folder)}}).execute(env=env)
    path = folder / f"nb{len(cells)}.ipynb"
    nbformat.write(nb, path)
    return path


def _pyvis_bytes() -> int:
    import networkx as nx
    from pyvis.network import Network

    g = nx.relabel_nodes(nx.barabasi_albert_graph(200, 2, seed=1), str)
    net = Network(height="560px", width="100%", cdn_resources="in_line", notebook=False)
    for n in g:
        net.add_node(n, label=n, size=10)
    for u, v in g.edges():
        net.add_edge(u, v)
    frame = f'<iframe srcdoc="{html.escape(net.generate_html(), quote=True)}"></iframe>'
    return len(json.dumps(frame))


def main() -> int:
    from nbconvert import HTMLExporter

    folder = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(tempfile.mkdtemp())
    base = ["%load_ext igraph_agent", GRAPH, ASK, LOAD]
    without = _run([*base, "%%agent --model scripted/count\nCount the graph"],
                   folder / "without")
    drawn = _run([*base, "%%agent --model scripted/draw\nDraw the graph"],
                 folder / "with")
    added = drawn.stat().st_size - without.stat().st_size
    page, _ = HTMLExporter().from_filename(str(drawn))
    shown = page.count("<circle ")
    print(f"a 200-node drawing adds {added} bytes to the saved notebook (against the same "
          "run without a drawing)")
    print(f"the same graph as an inlined-vis.js pyvis iframe: {_pyvis_bytes()} bytes")
    print(f"HTML export: {shown} nodes drawn ({'shown' if shown >= 200 else 'MISSING'})")
    return 0 if shown >= 200 else 1


if __name__ == "__main__":
    sys.exit(main())
