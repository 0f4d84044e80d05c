"""``make test`` fails on warning text in an example notebook's output (notebooks/conftest.py),
though ``--nbval-lax`` compares no outputs."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import nbformat
import pytest

REPO = Path(__file__).resolve().parents[1]


def _run(folder: Path, cells: list[str]) -> subprocess.CompletedProcess:
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(c) for c in cells])
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3",
                                 "language": "python"}
    nbformat.write(nb, folder / "example.ipynb")
    shutil.copy(REPO / "notebooks" / "conftest.py", folder / "conftest.py")
    return subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
                           "--nbval-lax", "example.ipynb"], cwd=folder, capture_output=True,
                          text=True, timeout=300)


@pytest.mark.kernel
@pytest.mark.slow
def test_a_notebook_cell_printing_a_warning_fails_and_clean_cells_pass(tmp_path):
    run = _run(tmp_path, ["print('modularity 0.42')",
                          "import warnings\nwarnings.warn('invalid value encountered', "
                          "RuntimeWarning)",
                          "import sys\nprint('[IPKernelApp] WARNING | Kernel is running over "
                          "TCP without encryption', file=sys.stderr)"])
    out = run.stdout
    assert run.returncode == 1, out
    assert "1 passed" in out and "2 failed" in out
    assert "warning text in the output of Cell 1: " in out and "RuntimeWarning" in out
    assert "Cell 0" not in out.split("short test summary")[-1]


def test_warning_text_is_told_apart_from_answers_that_mention_warnings():
    import importlib.util

    spec = importlib.util.spec_from_file_location("notebooks_conftest",
                                                  REPO / "notebooks" / "conftest.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    flagged = module.WARNING_TEXT.search
    assert flagged("x.py:302: RuntimeWarning: invalid value encountered in scalar divide")
    assert flagged("[IPKernelApp] WARNING | Kernel is running over TCP without encryption")
    assert not flagged("No warning signs: the graph is connected and 3 communities were found")


def test_an_agent_run_that_ended_without_an_answer_is_told_apart_from_an_answer():
    import importlib.util

    spec = importlib.util.spec_from_file_location("notebooks_conftest",
                                                  REPO / "notebooks" / "conftest.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)

    def plain(text: str) -> dict:
        return {"output_type": "display_data", "data": {"text/plain": text}}

    assert module.unanswered(plain("igraph-agent run run_7: needs clarification")) == \
        "run_7: needs clarification"
    assert module.unanswered(plain("igraph-agent run run_7: blocked")) == "run_7: blocked"
    assert module.unanswered(plain("igraph-agent run run_7: answered")) is None
    assert module.unanswered(plain("The model says it needs clarification: blocked")) is None
    assert module.unanswered({"output_type": "stream", "text": "x"}) is None


@pytest.mark.kernel
@pytest.mark.slow
def test_a_notebook_agent_cell_that_asks_a_clarifying_question_fails_unless_tagged(tmp_path):
    nb = nbformat.v4.new_notebook(cells=[
        nbformat.v4.new_code_cell("%load_ext igraph_agent\nimport networkx as nx\n"
                                  "ferry = nx.path_graph(['quay', 'isle', 'reef'])"),
        nbformat.v4.new_code_cell("%%agent --with ferry\nHow big is the graph?"),
        nbformat.v4.new_code_cell("%%agent\nWhat will the weather be?"),
        nbformat.v4.new_code_cell("%%agent\nWhat will the weather be tomorrow?",
                                  metadata={"tags": ["expect-unanswered"]})])
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3",
                                 "language": "python"}
    nbformat.write(nb, tmp_path / "example.ipynb")
    shutil.copy(REPO / "notebooks" / "conftest.py", tmp_path / "conftest.py")
    run = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
                          "--nbval-lax", "example.ipynb"], cwd=tmp_path, capture_output=True,
                         text=True, timeout=300)
    out = run.stdout
    assert run.returncode == 1, out
    assert "3 passed" in out and "1 failed" in out, out
    assert "ended without an answer" in out and "needs clarification" in out
    assert "Cell 2" in out.split("short test summary")[-1]
