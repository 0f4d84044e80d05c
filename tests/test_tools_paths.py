"""shortest_path and connectivity against networkx, on both backends."""

from __future__ import annotations

import itertools

import networkx as nx
import pytest
from tools_support import GRAPHS, context, ok


def _inv(u, v, d):
    return 1.0 / d["weight"]


def _pairs(g: nx.Graph, n: int = 12) -> list[tuple[str, str]]:
    nodes = sorted(g, key=str)
    pairs = ((s, t) for s, t in zip(nodes[::3], reversed(nodes), strict=False) if s != t)
    return list(itertools.islice(pairs, n))


@pytest.mark.parametrize("graph", ["karate", "lesmis"])
@pytest.mark.parametrize("backend", ["networkx", "igraph"])
def test_path_lengths_equal_networkx_and_paths_follow_edges(tmp_path, graph, backend):
    g = GRAPHS[graph]()
    ctx = context(tmp_path, g)
    for s, t in _pairs(g):
        data = ok(ctx, "shortest_path", source=s, target=t, backend=backend, count_paths=True)
        path = [p["node"] for p in data["path"]]
        assert path[0] == s and path[-1] == t
        assert all(g.has_edge(a, b) for a, b in itertools.pairwise(path))
        assert data["hops"] == nx.shortest_path_length(g, s, t)
        assert data["shortest_paths"] == len(list(nx.all_shortest_paths(g, s, t)))


@pytest.mark.parametrize("backend", ["networkx", "igraph"])
def test_weighted_path_length_equals_networkx_dijkstra(tmp_path, backend):
    g = GRAPHS["lesmis"]()
    ctx = context(tmp_path, g)
    for s, t in _pairs(g):
        data = ok(ctx, "shortest_path", source=s, target=t, weighted=True, backend=backend)
        assert data["length"] == pytest.approx(nx.dijkstra_path_length(g, s, t, weight=_inv),
                                               abs=1e-6)


@pytest.mark.parametrize("backend", ["networkx", "igraph"])
def test_unreachable_target_is_reported_not_failed(tmp_path, backend):
    g = GRAPHS["karate"]()
    g.add_node("island")
    ctx = context(tmp_path, g)
    data = ok(ctx, "shortest_path", source="0", target="island", backend=backend)
    assert data["reachable"] is False and "path" not in data


@pytest.mark.parametrize("backend", ["networkx", "igraph"])
def test_directed_paths_follow_edge_direction(tmp_path, backend):
    g = nx.DiGraph([("a", "b"), ("b", "c"), ("c", "a"), ("a", "d")])
    ctx = context(tmp_path, g)
    assert ok(ctx, "shortest_path", source="d", target="a", backend=backend)["reachable"] is False
    assert ok(ctx, "shortest_path", source="b", target="a", backend=backend)["hops"] == 2


@pytest.mark.parametrize("graph", ["karate", "lesmis"])
@pytest.mark.parametrize("backend", ["networkx", "igraph"])
def test_components_cut_nodes_and_bridges_equal_networkx(tmp_path, graph, backend):
    g = GRAPHS[graph]()
    g.add_edge("x1", "x2")
    g.add_node("x3")
    ctx = context(tmp_path, g)
    data = ok(ctx, "connectivity", backend=backend, limit=500)
    comps = sorted((len(c) for c in nx.connected_components(g)), reverse=True)
    assert data["components"] == len(comps) and data["component_sizes"] == comps
    assert data["isolates"] == 1
    cut = {a["node"] for a in data["articulation_points"]["items"]}
    assert cut == set(nx.articulation_points(g))
    assert data["articulation_points"]["total"] == len(cut)
    bridges = {frozenset((b["source"], b["target"])) for b in data["bridges"]["items"]}
    assert bridges == {frozenset(e) for e in nx.bridges(g)}


@pytest.mark.parametrize("graph", ["karate", "lesmis"])
@pytest.mark.parametrize("backend", ["networkx", "igraph"])
def test_pair_connectivity_equals_networkx_including_adjacent_pairs(tmp_path, graph, backend):
    g = GRAPHS[graph]()
    ctx = context(tmp_path, g)
    u, v = next(iter(g.edges()))
    for s, t in [(u, v), *_pairs(g, 5)]:
        pair = ok(ctx, "connectivity", source=s, target=t, backend=backend)["pair"]
        assert pair["connected"] is True
        assert pair["node_connectivity"] == nx.node_connectivity(g, s, t), (s, t)
        assert pair["edge_connectivity"] == nx.edge_connectivity(g, s, t), (s, t)


def test_capped_lists_keep_their_totals(tmp_path):
    g = GRAPHS["lesmis"]()
    data = ok(context(tmp_path, g), "connectivity", limit=2)
    assert len(data["articulation_points"]["items"]) == 2
    assert data["articulation_points"]["total"] == len(list(nx.articulation_points(g)))
    assert data["bridges"]["total"] == len(list(nx.bridges(g)))
