"""The girth ("the length of the shortest cycle") and the number of maximal cliques, asked
in plain words: the girth in edges (none on a forest; asked on a directed table, whose cycles
follow the edges), the maximal cliques as networkx's find_cliques counts them, by size
(networkx is the oracle)."""

from __future__ import annotations

import networkx as nx
import pandas as pd
import pytest
from planner_support import ask_table
from planner_tables import CHOIR, CLIMBS, FLATS, GRANTS, HOUSES, table_graph

#: beacons in sight of each other: a ring of five and a ring of four, no triangle
BEACONS = pd.DataFrame([("Ash", "Bex"), ("Bex", "Cam"), ("Cam", "Dun"), ("Dun", "Eld"),
                        ("Eld", "Ash"), ("Fal", "Gor"), ("Gor", "Hay"), ("Hay", "Ilk"),
                        ("Ilk", "Fal"), ("Eld", "Fal")], columns=["beacon", "sighted_beacon"])
#: burrows of a warren joined by tunnels: two trees, no cycle
WARREN = pd.DataFrame([("Hazel", "Bramble"), ("Hazel", "Clover"), ("Bramble", "Dock"),
                       ("Clover", "Furze"), ("Heath", "Ivy")], columns=["den", "side_den"])


@pytest.mark.parametrize(("edges", "question"), [
    (BEACONS, "what is the girth of the beacon network?"),
    (CHOIR, "length of the shortest cycle in this graph?"),
    (CLIMBS, "How long is the smallest loop in the climbing graph"),
], ids=["beacons", "choir", "climbs"])
def test_the_girth_is_the_shortest_cycles_length_in_edges(tmp_path, edges, question):
    resp = ask_table(tmp_path, edges, question)
    assert resp.status == "answered", resp.answer
    girth = nx.girth(table_graph(edges))
    assert resp.answer.startswith(f"The girth — the length of the shortest cycle — is **{girth}**"), \
        resp.answer


def test_a_forest_has_no_girth(tmp_path):
    resp = ask_table(tmp_path, WARREN, "what's the girth of the warren?")
    assert nx.girth(table_graph(WARREN)) == float("inf")
    assert resp.status == "answered" and "**no cycle**" in resp.answer, resp.answer


def test_the_girth_of_a_directed_table_is_asked(tmp_path):
    resp = ask_table(tmp_path, GRANTS, "what is the girth of the grants network?")
    assert resp.status == "needs_clarification", resp.answer


@pytest.mark.parametrize(("edges", "nodes", "question"), [
    (CHOIR, None, "how many maximal cliques are there?"),
    (FLATS, HOUSES, "How many cliques does the flat-sharing network have"),
    (BEACONS, None, "number of cliques in the beacon graph?"),
], ids=["choir", "flats", "beacons"])
def test_the_number_of_maximal_cliques_is_networkxs_count_by_size(tmp_path, edges, nodes,
                                                                   question):
    resp = ask_table(tmp_path, edges, question, nodes)
    assert resp.status == "answered", resp.answer
    g = table_graph(edges)
    if nodes is not None:
        g.add_nodes_from(nodes.iloc[:, 0])
    cliques = list(nx.find_cliques(g))
    assert resp.answer.startswith(f"There are **{len(cliques)}** maximal cliques"), resp.answer
    largest = max(len(c) for c in cliques)
    same = sum(1 for c in cliques if len(c) == largest)
    assert f"{largest} nodes: {same}" in resp.answer, resp.answer


def test_cliques_of_one_size_are_not_the_maximal_count(tmp_path):
    resp = ask_table(tmp_path, CHOIR, "how many cliques of size 3 are there?")
    assert "maximal cliques" not in resp.answer, resp.answer
