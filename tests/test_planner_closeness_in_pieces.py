"""Closeness on a graph in pieces: networkx's closeness is scaled by how many nodes each one
reaches, so the two ends of a two-node piece can top "which site is closest to all others".
The answer keeps that ranking and adds the largest component's own closest node, saying why
(networkx is the oracle, a table with a minutes column and one without)."""

from __future__ import annotations

import networkx as nx
import pandas as pd
import pytest
from planner_support import agents_for
from planner_tables import FLATS

SITES = pd.DataFrame(
    [("Kestrel Ford", "Marsh End", 12), ("Marsh End", "Oldmill", 7), ("Oldmill", "Pike Hollow", 30),
     ("Kestrel Ford", "Pike Hollow", 60), ("Pike Hollow", "Quarry Top", 5),
     ("Quarry Top", "Rook Hill", 9), ("Rook Hill", "Saltings", 14), ("Saltings", "Tanners", 3),
     ("Tanners", "Kestrel Ford", 40), ("Oldmill", "Rook Hill", 25), ("Umber Lane", "Vale Gate", 8),
     ("Vale Gate", "Wick", 11), ("Wick", "Umber Lane", 6), ("Marsh End", "Saltings", 50),
     ("Yarrow", "Zinc Row", 2)], columns=["site_a", "site_b", "minutes"])
TABLES = {"sites": (SITES, "minutes", "Which site is closest to all others?"),
          "flats": (FLATS, None, "who has the highest closeness?")}


@pytest.fixture(scope="module")
def agents(tmp_path_factory):
    yield from agents_for(TABLES, tmp_path_factory)


@pytest.mark.parametrize("name", sorted(TABLES))
def test_closeness_in_pieces_names_the_largest_components_closest_node(agents, name):
    table, weight, question = TABLES[name]
    g = nx.from_pandas_edgelist(table, *table.columns[:2], edge_attr=weight)
    assert nx.number_connected_components(g) > 1
    main = g.subgraph(max(nx.connected_components(g), key=len))
    scores = nx.closeness_centrality(main, distance=weight)
    best = max(scores.values())
    closest = sorted(n for n, s in scores.items() if abs(s - best) < 1e-9)
    resp = agents[name].ask(question, attach=[table])
    assert resp.status == "answered", resp.answer
    inside = resp.answer.split("Inside the largest component")[1]
    assert f"({main.number_of_nodes()} of {g.number_of_nodes()} nodes)" in inside, resp.answer
    assert "**" in inside and all(n in inside for n in closest), resp.answer
