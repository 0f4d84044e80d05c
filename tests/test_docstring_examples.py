"""Docstring examples are doctests, run here: an example that stops working fails the suite.

Each module's examples run with its own globals plus a small namespace of real parts:
``home`` (an empty project folder), ``store`` (its SQLite file), ``registry`` (the tool
catalogue), ``ctx`` (a tool context holding Les Misérables as the session graph) and, for
modules whose examples use it, ``agent`` (an :class:`~igraph_agent.Agent` on ``home``).
"""

from __future__ import annotations

import doctest
import importlib
import re
from pathlib import Path

import networkx as nx
import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "igraph_agent"
EXAMPLE = re.compile(r"^(\s*)Example::\s*$")


def _modules_with(marker: str) -> list[str]:
    names = []
    for path in sorted(PACKAGE.rglob("*.py")):
        if marker in path.read_text():
            parts = path.relative_to(ROOT).with_suffix("").parts
            names.append(".".join(parts[:-1] if parts[-1] == "__init__" else parts))
    return names


def _namespace(home: Path) -> dict:
    from igraph_agent.graph.session import SessionGraph
    from igraph_agent.graph.workspace import Workspace
    from igraph_agent.store import Store
    from igraph_agent.tools import ToolContext, default_registry

    store = Store(home / "agent.db")
    session = SessionGraph("ses_doc")
    session.set_graph(nx.les_miserables_graph(), "ds_doc", 1)
    ctx = ToolContext(workspace=Workspace(home, store), session=session, call_id="c1")
    return {"home": home, "store": store, "registry": default_registry(), "ctx": ctx}


@pytest.mark.parametrize("name", _modules_with(">>> "))
def test_docstring_examples_of_module_run_and_show_what_they_say(name, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    module = importlib.import_module(name)
    home = tmp_path / "project"
    home.mkdir()
    extra = _namespace(home)
    agent = None
    if re.search(r"\bagent\.", Path(module.__file__).read_text()):
        from igraph_agent import Agent

        agent = extra["agent"] = Agent(home=home)
    flags = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE
    runner = doctest.DocTestRunner(optionflags=flags)
    report: list[str] = []
    try:
        tests = doctest.DocTestFinder().find(module, name, extraglobs=extra)
        for test in tests:
            runner.run(test, out=report.append)
    finally:
        if agent is not None:
            agent.close()
        extra["store"].close()
    assert sum(len(t.examples) for t in tests) > 0
    assert runner.failures == 0, "".join(report)


def test_every_example_block_is_a_doctest():
    """An ``Example::`` block starts with ``>>>``; text for a shell or a notebook cell says so."""
    prose = []
    for path in sorted(PACKAGE.rglob("*.py")):
        lines = path.read_text().splitlines()
        for i, line in enumerate(lines):
            if EXAMPLE.match(line):
                first = next((ln for ln in lines[i + 1:] if ln.strip()), "")
                if not first.lstrip().startswith(">>> "):
                    prose.append(f"{path.relative_to(ROOT)}:{i + 1}")
    assert prose == []
