"""An undirected table's own verb and edge noun in a question: "how many families did the
Medici marry into" is the Medici's degree, "which family married into the most other
families" the highest degree, and "which families are one marriage away from the Strozzi"
the nodes within that many hops. Two tables with their own words; networkx is the oracle."""

from __future__ import annotations

import networkx as nx
import pandas as pd
import pytest
from planner_support import agents_for

TABLES = {
    "families": pd.DataFrame(list(nx.florentine_families_graph().edges()),
                             columns=["family", "married_into"]),
    "rowers": pd.DataFrame(
        [("Ines", "Jonas"), ("Ines", "Kemal"), ("Jonas", "Kemal"), ("Kemal", "Lotte"),
         ("Lotte", "Milo"), ("Milo", "Nadia"), ("Lotte", "Nadia"), ("Nadia", "Oren"),
         ("Oren", "Pia"), ("Jonas", "Lotte")], columns=["rower_1", "rower_2"]),
}


@pytest.fixture(scope="module")
def agents(tmp_path_factory):
    yield from agents_for(TABLES, tmp_path_factory)


def _graph(name: str) -> nx.Graph:
    table = TABLES[name]
    return nx.from_pandas_edgelist(table, *table.columns[:2])


@pytest.mark.parametrize(("graph", "question", "node"), [
    ("families", "how many families did the Medici marry into?", "Medici"),
    ("rowers", "how many rowers has Lotte rowed with?", "Lotte"),
    ("rowers", "how many other rowers did Nadia train alongside?", "Nadia")])
def test_how_many_nodes_one_node_verbed_is_its_degree(agents, graph, question, node):
    resp = agents[graph].ask(question, attach=[TABLES[graph]])
    assert resp.status == "answered", resp.answer
    assert f"{node} has degree **{_graph(graph).degree(node)}**" in resp.answer, resp.answer


@pytest.mark.parametrize(("graph", "question"), [
    ("families", "which family married into the most other families?"),
    ("rowers", "which rower rowed with the most different rowers?")])
def test_verbed_with_the_most_other_nodes_is_the_highest_degree(agents, graph, question):
    degrees = dict(_graph(graph).degree())
    top = max(degrees.values())
    resp = agents[graph].ask(question, attach=[TABLES[graph]])
    assert resp.status == "answered", resp.answer
    leaders = [n for n, d in degrees.items() if d == top]
    assert resp.answer.split("Highest degree: ")[1].split(" (")[0] in leaders, resp.answer


@pytest.mark.parametrize(("graph", "question", "node", "k"), [
    ("families", "which families are only one marriage away from the Strozzi?", "Strozzi", 1),
    ("rowers", "who is two boats away from Ines?", "Ines", 2)])
def test_k_edge_nouns_away_lists_the_nodes_within_k_hops(agents, graph, question, node, k):
    hops = nx.single_source_shortest_path_length(_graph(graph), node, cutoff=k)
    resp = agents[graph].ask(question, attach=[TABLES[graph]])
    assert resp.status == "answered", resp.answer
    for d in range(1, k + 1):
        at = sorted(n for n, h in hops.items() if h == d)
        listed = resp.answer.split(f"at hop {d} (", 1)[1].split(")", 1)[0]
        assert sorted(listed.split(", ")) == at, resp.answer
