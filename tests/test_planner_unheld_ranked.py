"""A thing ranked that the data does not hold ("which author wrote the most papers" where the
nodes are the papers) is asked about, never answered with the nodes' own degree; a ranking
of the nodes themselves ("which paper cites the most papers") is still answered. Two tables
with their own words, networkx the oracle."""

from __future__ import annotations

import networkx as nx
import pandas as pd
import pytest

from tests.planner_support import ask_table

CITES = nx.relabel_nodes(nx.DiGraph([(u, v) for u, v in nx.gnp_random_graph(
    18, 0.2, seed=3, directed=True).edges() if u > v]), lambda n: f"paper{n:02d}")
SHIPS = nx.relabel_nodes(nx.gnm_random_graph(14, 30, seed=8, directed=True),
                         lambda n: f"port{n:02d}")
TABLES = {
    "cites": pd.DataFrame(list(CITES.edges()), columns=["citing", "cited"]),
    "ships": pd.DataFrame([(u, v, 3 + i % 7) for i, (u, v) in enumerate(SHIPS.edges())],
                          columns=["shipper", "consignee", "tonnes"]),
}


@pytest.mark.parametrize(("table", "question", "noun"), [
    ("cites", "Which author wrote the most papers?", "author"),
    ("cites", "Which journal published the most papers here?", "journal"),
    ("ships", "Which captain visited the most ports?", "captain"),
    ("ships", "What carrier serves the largest number of ports?", "carrier"),
])
def test_a_ranked_thing_the_data_does_not_hold_is_asked_about(tmp_path, table, question, noun):
    resp = ask_table(tmp_path, TABLES[table], question)
    assert resp.status == "needs_clarification", resp.answer
    assert noun in resp.answer.lower(), resp.answer


@pytest.mark.parametrize(("table", "graph", "question"), [
    ("cites", CITES, "Which paper cites the most papers?"),
    ("ships", SHIPS, "Which port ships to the most ports?"),
])
def test_the_nodes_ranked_by_their_own_links_are_still_answered(tmp_path, table, graph,
                                                                question):
    resp = ask_table(tmp_path, TABLES[table], question)
    best = max(d for _, d in graph.out_degree())
    leaders = {n for n, d in graph.out_degree() if d == best}
    assert resp.status == "answered", resp.answer
    assert any(f"**{n}**" in resp.answer for n in leaders), resp.answer
