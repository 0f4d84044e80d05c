"""Whole-graph figures and hop lists in a user's words: the average clustering is the plain
one (networkx's default) unless a weighting is named, a path figure "in number of legs" or
"counted in links" counts hops, "within two hops of X" spelled out lists the nodes by hop, and
a directed table where no two nodes reach each other both ways gets no diameter of 0
(networkx is the oracle)."""

from __future__ import annotations

import re

import networkx as nx
import pandas as pd
import pytest
from planner_support import ask_table
from planner_tables import CHOIR, CLIMBS, COURIERS, table_graph

#: scientists and the grants they won together: a strength on every tie
LABMATES = pd.DataFrame([("Aiko", "Bela", 5), ("Aiko", "Cato", 1), ("Bela", "Cato", 1),
                         ("Cato", "Dov", 4), ("Dov", "Esme", 2), ("Esme", "Cato", 7),
                         ("Esme", "Fitz", 1), ("Fitz", "Gia", 3), ("Gia", "Esme", 1),
                         ("Aiko", "Dov", 2)], columns=["scientist_1", "scientist_2", "joint_papers"])
#: hamlets joined by lanes (miles): the fewest lanes and the shortest miles differ
HAMLETS = pd.DataFrame([("Ashby", "Brill", 2), ("Brill", "Coln", 2), ("Coln", "Dent", 2),
                        ("Ashby", "Dent", 9), ("Dent", "Eyam", 1), ("Eyam", "Fulk", 3),
                        ("Ashby", "Fulk", 12), ("Fulk", "Gart", 2)],
                       columns=["hamlet_a", "hamlet_b", "miles"])
#: ponds stocked from upstream ones: no cycle, so no two ponds reach each other both ways
PONDS = pd.DataFrame([("Mere", "Tarn"), ("Tarn", "Lough"), ("Mere", "Lough"), ("Lough", "Pool"),
                      ("Pool", "Llyn"), ("Broad", "Llyn")], columns=["upstream_pond", "downstream_pond"])
#: parts supplied from one workshop to the next (a directed chain)
PARTS = pd.DataFrame([("Forge", "Lathe"), ("Lathe", "Paint"), ("Paint", "Pack"), ("Forge", "Pack")],
                     columns=["supplier", "buyer"])


def _figure(answer: str) -> float:
    return float(re.search(r"\*\*([\d.]+)", answer).group(1))  # type: ignore[union-attr]


@pytest.mark.parametrize(("edges", "question"), [
    (LABMATES, "average clustering coefficient of the scientist network?"),
    (CLIMBS, "What's the average clustering coefficient of the climbers"),
], ids=["labmates", "climbs"])
def test_the_average_clustering_is_the_plain_one_unless_a_weighting_is_named(tmp_path, edges,
                                                                              question):
    resp = ask_table(tmp_path, edges, question)
    assert resp.status == "answered", resp.answer
    g = table_graph(edges, edges.columns[2])
    plain, weighted = nx.average_clustering(g), nx.average_clustering(g, weight=edges.columns[2])
    assert round(plain, 4) != round(weighted, 4)  # the two readings differ on these tables
    assert _figure(resp.answer) == pytest.approx(plain, abs=1e-4), resp.answer
    assert "weighted by" not in resp.answer, resp.answer


@pytest.mark.parametrize(("edges", "figure", "question"), [
    (COURIERS, "diameter", "What is the diameter of the courier network in number of legs?"),
    (HAMLETS, "radius", "what's the radius, counted in links?"),
    (HAMLETS, "diameter", "the diameter measured in number of lanes?"),
], ids=["couriers", "hamlets-radius", "hamlets"])
def test_a_path_figure_in_number_of_legs_counts_hops(tmp_path, edges, figure, question):
    resp = ask_table(tmp_path, edges, question)
    assert resp.status == "answered", resp.answer
    g = table_graph(edges)
    core = g.subgraph(max(nx.connected_components(g), key=len))
    want = nx.diameter(core) if figure == "diameter" else nx.radius(core)
    assert f"**{want} hops**" in resp.answer, resp.answer


@pytest.mark.parametrize(("edges", "node", "k", "question"), [
    (CHOIR, "Eef", 2, "Which singers are within two hops of Eef?"),
    (COURIERS, "Hull", 3, "list the depots within three steps of Hull"),
], ids=["choir", "couriers"])
def test_within_a_spelled_out_number_of_hops_lists_the_nodes_by_hop(tmp_path, edges, node, k,
                                                                     question):
    resp = ask_table(tmp_path, edges, question)
    assert resp.status == "answered", resp.answer
    dist = nx.single_source_shortest_path_length(table_graph(edges), node, cutoff=k)
    for hop in range(1, k + 1):
        at = [n for n, d in dist.items() if d == hop]
        assert f"{len(at)} node(s) at hop {hop}" in resp.answer, resp.answer
        assert all(n in resp.answer for n in at), resp.answer


@pytest.mark.parametrize(("edges", "question"), [
    (PONDS, "what is the diameter of the pond network?"),
    (PARTS, "What's the radius of this graph in hops"),
], ids=["ponds", "parts"])
def test_a_directed_table_with_no_two_way_reach_gets_no_diameter_of_zero(tmp_path, edges,
                                                                          question):
    resp = ask_table(tmp_path, edges, question)
    g = nx.from_pandas_edgelist(edges, *edges.columns[:2], create_using=nx.DiGraph)
    assert max(len(c) for c in nx.strongly_connected_components(g)) == 1
    assert resp.graph is not None and resp.graph.directed, resp.answer
    assert "**0" not in resp.answer and "undefined" in resp.answer, resp.answer
    assert resp.status == "needs_clarification", resp.answer  # which reading is meant: asked
