"""Two named nodes of one side of a two-mode graph, their partners set against each other:
"how many women were at both E8 and E9" counts the partners they share (networkx common
neighbours), "which events did Nora go to that Evelyn didn't" / "which shelters does Maya
staff but not Theo" lists the first one's partners the second lacks (a set difference),
counted first. networkx is the oracle."""

from __future__ import annotations

import networkx as nx
import pandas as pd
import pytest

from tests.planner_support import agents_for

SHELTERS = pd.DataFrame([("Maya", "Oakridge"), ("Maya", "Pine Hollow"), ("Maya", "Dockside"),
                         ("Theo", "Oakridge"), ("Theo", "Ferncliff"), ("Iris", "Pine Hollow"),
                         ("Iris", "Oakridge"), ("Iris", "Dockside"), ("Juno", "Ferncliff"),
                         ("Juno", "Pine Hollow"), ("Cass", "Oakridge"), ("Cass", "Pine Hollow")],
                        columns=["volunteer", "shelter"])


def _davis() -> pd.DataFrame:
    d = nx.davis_southern_women_graph()
    return pd.DataFrame([(w, e) for w in d.graph["top"] for e in d[w]], columns=["woman", "event"])


TABLES = {"shelters": SHELTERS, "southern": _davis()}


@pytest.fixture(scope="module")
def agents(tmp_path_factory):
    yield from agents_for(TABLES, tmp_path_factory)


def _ask(agents, name: str, question: str):
    return agents[name].ask(question, attach=[TABLES[name]])


def _graph(name: str) -> nx.Graph:
    return nx.from_pandas_edgelist(TABLES[name], *TABLES[name].columns)


@pytest.mark.parametrize(("name", "a", "b", "question"), [
    ("southern", "E8", "E9", "how many women were at both E8 and E9?"),
    ("shelters", "Oakridge", "Pine Hollow",
     "How many volunteers were at both Oakridge and Pine Hollow?"),
    ("shelters", "Oakridge", "Pine Hollow",
     "how many volunteers worked at both Oakridge and Pine Hollow?"),
])
def test_both_named_nodes_count_the_partners_they_share(agents, name, a, b, question):
    shared = set(nx.common_neighbors(_graph(name), a, b))
    resp = _ask(agents, name, question)
    assert resp.status == "answered", resp.answer
    assert f"**{len(shared)}**" in resp.answer.split(":")[0], resp.answer
    assert all(n in resp.answer for n in shared), resp.answer


@pytest.mark.parametrize(("name", "a", "b", "question"), [
    ("southern", "Flora Price", "Olivia Carleton",
     "which events did both Flora Price and Olivia Carleton attend?"),
    ("shelters", "Maya", "Iris", "which shelters did both Maya and Iris staff?"),
])
def test_the_partners_both_named_nodes_have_are_listed(agents, name, a, b, question):
    both = set(_graph(name)[a]) & set(_graph(name)[b])
    resp = _ask(agents, name, question)
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith(f"**{len(both)}**"), resp.answer
    assert all(n in resp.answer.split(";")[0] for n in both), resp.answer


@pytest.mark.parametrize(("name", "a", "b", "question"), [
    ("southern", "Nora Fayette", "Evelyn Jefferson",
     "Which events did Nora Fayette go to that Evelyn Jefferson didn't?"),
    ("southern", "Evelyn Jefferson", "Nora Fayette",
     "How many events did Evelyn Jefferson attend that Nora Fayette never went to?"),
    ("shelters", "Maya", "Theo", "Which shelters does Maya staff but not Theo?"),
    ("shelters", "Oakridge", "Pine Hollow", "which volunteers serve Oakridge but not Pine Hollow?"),
    ("shelters", "Iris", "Cass", "which shelters did Iris work at that Cass never did?"),
    ("shelters", "Maya", "Theo", "Which shelters did Maya work at that Theo skipped?"),
])
def test_one_named_nodes_partners_the_other_lacks_are_listed(agents, name, a, b, question):
    g = _graph(name)
    less = set(g[a]) - set(g[b])
    resp = _ask(agents, name, question)
    assert resp.status == "answered", resp.answer
    lead = resp.answer.split(". Each")[0]
    assert f"**{len(less)}**" in lead and all(f"**{n}**" in lead for n in less), resp.answer
    others = set(g) - less - {a, b}
    assert not any(f"**{n}**" in lead for n in others), resp.answer
