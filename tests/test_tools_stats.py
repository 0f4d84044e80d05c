"""compare_nodes and summary_statistics against networkx, on both backends."""

from __future__ import annotations

import itertools

import networkx as nx
import pytest
from tools_support import GRAPHS, context, ok


@pytest.mark.parametrize("graph", ["karate", "lesmis"])
@pytest.mark.parametrize("backend", ["networkx", "igraph"])
def test_compared_figures_equal_networkx(tmp_path, graph, backend):
    g = GRAPHS[graph]()
    ctx = context(tmp_path, g)
    nodes = sorted(g, key=str)[:4]
    data = ok(ctx, "compare_nodes", nodes=nodes, backend=backend)
    pr = nx.pagerank(g, weight=None, tol=1e-12)
    core = nx.core_number(g)
    for row, n in zip(data["nodes"], nodes, strict=True):
        assert row["node"] == n and row["degree"] == g.degree(n)
        assert row["clustering"] == pytest.approx(nx.clustering(g, n), abs=1e-6)
        assert row["pagerank"] == pytest.approx(pr[n], abs=2e-6)
        assert row["core_number"] == core[n]
        assert row["component_size"] == len(nx.node_connected_component(g, n))
    assert len(data["pairs"]) == 6
    for pair, (a, b) in zip(data["pairs"], itertools.combinations(nodes, 2), strict=True):
        common = set(g[a]) & set(g[b])
        assert pair["distance"] == nx.shortest_path_length(g, a, b)
        assert pair["common_neighbours"] == len(common)
        assert pair["neighbours_of_either"] == len(set(g[a]) | set(g[b]))
        assert pair["jaccard"] == pytest.approx(len(common) / len(set(g[a]) | set(g[b])), abs=1e-6)


def test_compared_pairs_on_a_directed_graph_also_give_the_hops_following_direction(tmp_path):
    g = nx.DiGraph([("a", "b"), ("b", "c"), ("c", "d"), ("d", "a"), ("e", "a")])
    data = ok(context(tmp_path, g), "compare_nodes", nodes=["a", "c", "e"])
    got = {(p["a"], p["b"]): (p["distance"], p["distance_a_to_b"], p["distance_b_to_a"])
           for p in data["pairs"]}
    assert got == {("a", "c"): (2, 2, 2), ("a", "e"): (1, None, 1), ("c", "e"): (3, None, 3)}
    assert "follow" in data["distance_in"]


def test_compare_reports_communities_after_community_detection(tmp_path):
    g = GRAPHS["lesmis"]()
    ctx = context(tmp_path, g)
    comm = ok(ctx, "community_detection", nodes=["Valjean", "Javert"])
    data = ok(ctx, "compare_nodes", nodes=["Valjean", "Javert"])
    assert [r["community"] for r in data["nodes"]] == [r["community"] for r in comm["membership"]]


@pytest.mark.parametrize("graph", ["karate", "lesmis"])
@pytest.mark.parametrize("backend", ["networkx", "igraph"])
def test_summary_statistics_equal_networkx(tmp_path, graph, backend):
    g = GRAPHS[graph]()
    data = ok(context(tmp_path, g), "summary_statistics", backend=backend)
    degrees = [d for _, d in g.degree()]
    assert data["nodes"] == g.number_of_nodes() and data["edges"] == g.number_of_edges()
    assert data["density"] == pytest.approx(nx.density(g), abs=1e-8)
    assert data["degree"]["mean"] == pytest.approx(sum(degrees) / len(degrees), abs=1e-6)
    assert data["degree"]["max"] == max(degrees)
    assert data["components"] == nx.number_connected_components(g)
    assert data["average_clustering"] == pytest.approx(nx.average_clustering(g), abs=1e-6)
    assert data["transitivity"] == pytest.approx(nx.transitivity(g), abs=1e-6)
    assert data["degree_assortativity"] == pytest.approx(nx.degree_assortativity_coefficient(g),
                                                         abs=1e-6)
    assert data["average_path_length"] == pytest.approx(nx.average_shortest_path_length(g),
                                                        abs=1e-6)
    assert data["diameter"] == nx.diameter(g) and data["paths_approximate"] is False


@pytest.mark.parametrize("backend", ["networkx", "igraph"])
def test_path_figures_of_large_graphs_are_sampled_and_flagged(tmp_path, backend):
    g = nx.relabel_nodes(nx.path_graph(4000), str)
    data = ok(context(tmp_path, g), "summary_statistics", samples=50, backend=backend)
    assert data["paths_approximate"] is True and data["path_samples"] == 50
    assert data["diameter"] <= 3999 and data["diameter"] >= 2000  # every BFS reaches half-way
    assert 1000 <= data["average_path_length"] <= 2000
