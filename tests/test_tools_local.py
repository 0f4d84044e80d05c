"""local_analysis against networkx, on both backends."""

from __future__ import annotations

from collections import Counter

import networkx as nx
import pytest
from tools_support import GRAPHS, context, ok


@pytest.mark.parametrize("graph", ["karate", "lesmis"])
@pytest.mark.parametrize("backend", ["networkx", "igraph"])
def test_node_figures_equal_networkx(tmp_path, graph, backend):
    g = GRAPHS[graph]()
    ctx = context(tmp_path, g)
    core = nx.core_number(g)
    for node in sorted(g, key=str)[::7]:
        data = ok(ctx, "local_analysis", node=node, radius=2, backend=backend, limit=200)
        assert data["degree"] == g.degree(node)
        assert data["clustering"] == pytest.approx(nx.clustering(g, node), abs=1e-6)
        assert data["core_number"] == core[node] and data["max_core"] == max(core.values())
        dist = nx.single_source_shortest_path_length(g, node, cutoff=2)
        hops = Counter(d for d in dist.values() if d)
        assert {h["hop"]: h["count"] for h in data["neighbours_by_hop"]} == dict(hops)
        listed = {n["node"] for h in data["neighbours_by_hop"] if h["hop"] == 1 for n in h["nodes"]}
        assert listed == set(g[node])
        ego = nx.ego_graph(g, node, radius=2)
        assert data["ego_network"]["nodes"] == ego.number_of_nodes()
        assert data["ego_network"]["edges"] == ego.number_of_edges()


@pytest.mark.parametrize("graph", ["karate", "lesmis"])
@pytest.mark.parametrize("backend", ["networkx", "igraph"])
def test_graph_level_figures_equal_networkx(tmp_path, graph, backend):
    g = GRAPHS[graph]()
    data = ok(context(tmp_path, g), "local_analysis", backend=backend)
    assert data["average_clustering"] == pytest.approx(nx.average_clustering(g), abs=1e-6)
    assert data["transitivity"] == pytest.approx(nx.transitivity(g), abs=1e-6)
    dist = Counter(nx.core_number(g).values())
    assert {c["core"]: c["nodes"] for c in data["core_distribution"]} == dict(dist)
    assert data["max_core_size"] == dist[max(dist)]


def test_weighted_clustering_equals_networkx(tmp_path):
    g = GRAPHS["lesmis"]()
    data = ok(context(tmp_path, g), "local_analysis", node="Valjean", weight="weight")
    assert data["clustering"] == pytest.approx(nx.clustering(g, "Valjean", weight="weight"),
                                               abs=1e-6)


def test_neighbour_lists_are_capped_but_counted(tmp_path):
    g = GRAPHS["lesmis"]()
    data = ok(context(tmp_path, g), "local_analysis", node="Valjean", limit=3)
    hop1 = data["neighbours_by_hop"][0]
    assert hop1["count"] == g.degree("Valjean") and len(hop1["nodes"]) == 3


def test_local_analysis_follows_in_edges_or_both_when_asked(tmp_path):
    g = nx.DiGraph([("a", "hub"), ("b", "hub"), ("hub", "c"), ("c", "d")])
    ctx = context(tmp_path, g)
    got = {}
    for side in ("in", "out", "all"):
        data = ok(ctx, "local_analysis", node="hub", direction=side, radius=2)
        assert data["direction"] == side
        got[side] = {h["hop"]: {n["node"] for n in h["nodes"]} for h in data["neighbours_by_hop"]}
    assert got == {"in": {1: {"a", "b"}}, "out": {1: {"c"}, 2: {"d"}},
                   "all": {1: {"a", "b", "c"}, 2: {"d"}}}
