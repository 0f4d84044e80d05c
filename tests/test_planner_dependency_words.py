"""On a table whose column names what is needed (``target,depends_on``, ``package,requires``,
``prereq,course``), "what depends on X" names X's direct dependants and everything that
needs it through others, "how many depend on X, directly or indirectly" leads with that
total, and "what breaks if X is removed" is everything that needs X, directly or not (never
a count of components); each answer states the columns' direction. Lower-case names
("zlib", "lib_ui") are read as names where a name stands. Checked against networkx."""

from __future__ import annotations

import re

import networkx as nx
import pandas as pd
import pytest
from planner_support import agent_for

DEPS = pd.DataFrame([("app", "lib_ui"), ("app", "lib_net"), ("lib_ui", "lib_core"),
                     ("lib_net", "lib_core"), ("lib_net", "openssl"), ("openssl", "zlib"),
                     ("lib_core", "zlib"), ("cli", "lib_net"), ("tests", "app"),
                     ("docs", "sphinx")], columns=["target", "depends_on"])
PKGS = pd.DataFrame([("seaborn", "pandas"), ("pandas", "numpy"), ("scipy", "numpy"),
                     ("statsmodels", "scipy"), ("statsmodels", "pandas"), ("requests", "idna")],
                    columns=["package", "requires"])
COURSES = pd.DataFrame([("Calculus", "Linear Algebra"), ("Linear Algebra", "Machine Learning"),
                        ("Calculus", "Statistics"), ("Statistics", "Machine Learning"),
                        ("Machine Learning", "Deep Learning"), ("Writing", "Thesis")],
                       columns=["prereq", "course"])


@pytest.fixture(scope="module")
def agent(tmp_path_factory):
    yield from agent_for("dependency_words", tmp_path_factory)


def _needing(table: pd.DataFrame, node: str) -> tuple[set[str], set[str]]:
    """(direct, all) of the nodes that need ``node``."""
    g = nx.from_pandas_edgelist(table, table.columns[0], table.columns[1],
                                create_using=nx.DiGraph)
    if table.columns[1] in ("depends_on", "requires"):  # the edge points at what is needed
        return set(g.predecessors(node)), nx.ancestors(g, node)
    return set(g.successors(node)), nx.descendants(g, node)


def _bold(text: str) -> set[str]:
    return set(re.findall(r"\*\*([^*]+)\*\*", text)) - {s for s in re.findall(
        r"\*\*(\d+)\*\*", text)}


@pytest.mark.parametrize(("table", "node", "question"), [
    (DEPS, "lib_core", "what depends on lib_core?"),
    (PKGS, "numpy", "which packages require numpy?"),
    (COURSES, "Statistics", "which courses need Statistics?"),
])
def test_what_depends_on_a_node_names_its_direct_dependants_then_all(agent, table, node,
                                                                     question):
    direct, every = _needing(table, node)
    resp = agent.ask(question, attach=[table])
    assert resp.status == "answered", resp.answer
    head, rest = resp.answer.split("directly or through others", 1)
    assert head.startswith(f"**{len(direct)}** ") and _bold(head) - {node} == direct, resp.answer
    assert f"**{len(every)}** " in head and _bold(rest) == every, resp.answer
    assert f"{table.columns[0]} → {table.columns[1]}" in rest, resp.answer


@pytest.mark.parametrize(("table", "node", "question"), [
    (DEPS, "zlib", "how many targets depend on zlib, directly or indirectly?"),
    (PKGS, "numpy", "what relies on numpy, directly or indirectly?"),
])
def test_directly_or_indirectly_leads_with_everything_that_needs_the_node(
        agent, table, node, question):
    direct, every = _needing(table, node)
    resp = agent.ask(question, attach=[table])
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith(f"**{len(every)}** "), resp.answer
    assert _bold(resp.answer.split(": ", 1)[1]) == every, resp.answer
    assert resp.answer.rstrip(".").endswith(f"**{len(direct)}** directly"), resp.answer


@pytest.mark.parametrize(("table", "node", "question"), [
    (DEPS, "zlib", "what breaks if zlib is removed"),
    (PKGS, "pandas", "what would break if pandas disappeared?"),
    (COURSES, "Calculus", "which courses are affected if Calculus is dropped?"),
])
def test_what_breaks_without_a_node_is_everything_that_needs_it(agent, table, node, question):
    _direct, every = _needing(table, node)
    resp = agent.ask(question, attach=[table])
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith(f"Without {node}, **{len(every)}** "), resp.answer
    assert _bold(resp.answer.split(": ", 1)[1]) == every, resp.answer
    assert "component" not in resp.answer, resp.answer
    assert not any(a.tool == "remove_and_compare" for a in resp.actions)
