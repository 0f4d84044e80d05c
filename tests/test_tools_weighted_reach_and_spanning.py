"""hop_counts' nearest node and radius by an edge value, and connectivity's minimum spanning
forest total, against networkx on a weighted graph with two components."""

from __future__ import annotations

import networkx as nx
from tools_support import context, ok


def _cables() -> nx.Graph:
    g = nx.Graph()
    for a, b, m in [("Mill", "Forge", 120), ("Forge", "Quay", 80), ("Mill", "Quay", 300),
                    ("Quay", "Abbey", 60), ("Abbey", "Barn", 200), ("Forge", "Barn", 500),
                    ("Barn", "Croft", 40), ("Dock", "Pier", 10)]:
        g.add_edge(a, b, cable_m=m)
    return g


def test_the_nearest_and_the_nodes_within_a_distance_by_an_edge_value(tmp_path):
    g = _cables()
    data = ok(context(tmp_path, g), "hop_counts", node="Forge", hops=1, weight="cable_m",
              max_distance=200)
    dist = {n: d for n, d in nx.single_source_dijkstra_path_length(g, "Forge",
                                                                    weight="cable_m").items()
            if n != "Forge"}
    far = data["farthest"]
    assert far["nearest_distance"] == min(dist.values())
    assert far["nearest"] == sorted(n for n, d in dist.items() if d == min(dist.values()))
    inside = sorted((d, n) for n, d in dist.items() if d <= 200)
    assert far["within"] == len(inside)
    assert [(r["distance"], r["node"]) for r in far["within_nodes"]] == inside


def test_the_minimum_spanning_forest_total_overall_and_of_one_component(tmp_path):
    g = _cables()
    data = ok(context(tmp_path, g), "connectivity", weight="cable_m", source="Mill")
    forest = nx.minimum_spanning_tree(g, weight="cable_m")
    part = g.subgraph(nx.node_connected_component(g, "Mill"))
    own = nx.minimum_spanning_tree(part, weight="cable_m")
    span = data["spanning"]
    assert span["total"] == forest.size(weight="cable_m")
    assert span["edges"] == forest.number_of_edges()
    assert (span["of"], span["of_total"], span["of_nodes"], span["of_edges"]) == \
        ("Mill", own.size(weight="cable_m"), part.number_of_nodes(), own.number_of_edges())
    assert "note" not in data  # a source alone with a weight is the spanning forest's
