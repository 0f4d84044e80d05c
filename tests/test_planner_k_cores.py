"""The graph's k-cores in a user's words: "how many members are in the 4-core" counts the
nodes of networkx's ``k_core`` (core number at least k), "which … are in the 3-core" lists
them, "the highest core number" / "the main core" is the innermost core, an empty core is
said to be empty, and one named node is in a k-core when its core number reaches k."""

from __future__ import annotations

import re

import networkx as nx
import pandas as pd
import pytest

_NAMES = ["Abel", "Brin", "Cato", "Dara", "Enzo", "Fenn", "Gale", "Hart", "Ivo", "Jura",
          "Kell", "Lior", "Mace", "Nils", "Orla", "Pike", "Quin", "Rhea", "Sven", "Tova"]
KARATE = nx.to_pandas_edgelist(nx.karate_club_graph())[["source", "target"]].astype(str)
_CREW = nx.relabel_nodes(nx.powerlaw_cluster_graph(20, 3, 0.5, seed=4), dict(enumerate(_NAMES)))
CREW = pd.DataFrame(list(_CREW.edges()), columns=["rower", "crewmate"])


def _graph(table: pd.DataFrame) -> nx.Graph:
    return nx.from_pandas_edgelist(table, table.columns[0], table.columns[1])


def _bold(answer: str) -> list[str]:
    return re.findall(r"\*\*(.+?)\*\*", answer)


@pytest.mark.parametrize("table,question,k", [
    (KARATE, "how many members are in the 4-core?", 4),
    (KARATE, "how big is the three-core?", 3),
    (CREW, "number of rowers in the 3-core?", 3),
])
def test_a_k_core_size_counts_the_nodes_of_that_core(agent, table, question, k):
    g = _graph(table)
    resp = agent.ask(question, attach=[table])
    assert resp.status == "answered", resp.answer
    assert _bold(resp.answer)[0] == str(nx.k_core(g, k).number_of_nodes()), resp.answer


@pytest.mark.parametrize("table,question", [
    (KARATE, "which members are in the 4-core?"),
    (CREW, "who is in the main core?"),
])
def test_the_members_of_a_core_are_listed_first(agent, table, question):
    g = _graph(table)
    k = 4 if "4-core" in question else max(nx.core_number(g).values())
    resp = agent.ask(question, attach=[table])
    assert resp.status == "answered", resp.answer
    assert set(_bold(resp.answer)) >= {str(n) for n in nx.k_core(g, k)}, resp.answer
    assert resp.answer.startswith("**"), resp.answer


@pytest.mark.parametrize("table,question", [
    (KARATE, "what's the highest core number?"),
    (CREW, "what is the maximum coreness?"),
])
def test_the_highest_core_number_is_the_innermost_core(agent, table, question):
    g = _graph(table)
    resp = agent.ask(question, attach=[table])
    assert resp.status == "answered", resp.answer
    assert _bold(resp.answer)[0] == str(max(nx.core_number(g).values())), resp.answer


@pytest.mark.parametrize("table,question", [
    (KARATE, "how many members are in the 9-core?"),
    (CREW, "does the 8-core exist?"),
])
def test_an_empty_core_is_said_to_be_empty(agent, table, question):
    resp = agent.ask(question, attach=[table])
    assert resp.status == "answered", resp.answer
    assert _bold(resp.answer)[0] == "No" and "empty" in resp.answer, resp.answer


@pytest.mark.parametrize("name,k", [("Abel", 3), ("Tova", 4)])
def test_one_named_node_is_in_a_k_core_when_its_core_number_reaches_k(agent, name, k):
    resp = agent.ask(f"is {name} in the {k}-core?", attach=[CREW])
    assert resp.status == "answered", resp.answer
    inside = nx.core_number(_CREW)[name] >= k
    assert _bold(resp.answer)[0] == ("Yes" if inside else "No"), resp.answer


@pytest.mark.parametrize("table,question,op,k", [
    (KARATE, "how many members have core number 4?", "eq", 4),
    (CREW, "how many rowers have a core number of at least 3?", "ge", 3),
])
def test_nodes_by_their_core_number_are_counted(agent, table, question, op, k):
    g = _graph(table)
    cores = nx.core_number(g)
    want = sum(1 for v in cores.values() if (v == k if op == "eq" else v >= k))
    resp = agent.ask(question, attach=[table])
    assert resp.status == "answered", resp.answer
    assert _bold(resp.answer)[0] == str(want), resp.answer
