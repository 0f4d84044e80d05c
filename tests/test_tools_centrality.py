"""degree_analysis and node_centrality against networkx, on both backends."""

from __future__ import annotations

import networkx as nx
import pytest
from tools_support import GRAPHS, call, context, karate, ok


def _inv(u, v, d):
    return 1.0 / d["weight"]


def _reference(g: nx.Graph, measure: str, weighted: bool) -> dict:
    if measure == "degree":
        return nx.degree_centrality(g)
    if measure == "betweenness":
        return nx.betweenness_centrality(g, weight=_inv if weighted else None)
    if measure == "closeness":
        return nx.closeness_centrality(g, distance=_inv if weighted else None)
    if measure == "pagerank":
        return nx.pagerank(g, weight="weight" if weighted else None, tol=1e-12)
    return nx.eigenvector_centrality_numpy(g, weight="weight" if weighted else None)


def _all_scores(data: dict) -> dict:
    return {t["node"]: t["score"] for t in data["top"]}


@pytest.mark.parametrize("graph", ["karate", "lesmis"])
@pytest.mark.parametrize("backend", ["networkx", "igraph"])
@pytest.mark.parametrize("measure", ["degree", "betweenness", "closeness", "pagerank", "eigenvector"])
def test_every_centrality_score_equals_networkx(tmp_path, graph, backend, measure):
    g = GRAPHS[graph]()
    ctx = context(tmp_path, g)
    data = ok(ctx, "node_centrality", measure=measure, backend=backend, top_k=500)
    assert data["backend"] == backend and not data["approximate"]
    ref = _reference(g, measure, weighted=False)
    got = _all_scores(data)
    assert set(got) == set(ref)
    for node, value in ref.items():
        assert got[node] == pytest.approx(value, abs=2e-6), node
    order = [t["node"] for t in data["top"][:5]]
    assert [ref[n] for n in order] == sorted((ref[n] for n in order), reverse=True)


@pytest.mark.parametrize("backend", ["networkx", "igraph"])
@pytest.mark.parametrize("measure", ["betweenness", "closeness", "pagerank", "eigenvector"])
def test_weighted_centrality_on_les_miserables_equals_networkx(tmp_path, backend, measure):
    g = GRAPHS["lesmis"]()
    ctx = context(tmp_path, g)
    data = ok(ctx, "node_centrality", measure=measure, backend=backend, top_k=500, weight="weight")
    ref = _reference(g, measure, weighted=True)
    got = _all_scores(data)
    for node, value in ref.items():
        assert got[node] == pytest.approx(value, abs=2e-6), node


@pytest.mark.parametrize("backend", ["networkx", "igraph"])
def test_sampled_betweenness_uses_the_sources_networkx_draws_for_the_seed(tmp_path, backend):
    g = GRAPHS["lesmis"]()
    ctx = context(tmp_path, g)
    data = ok(ctx, "node_centrality", measure="betweenness", k=20, seed=7, backend=backend,
              top_k=500)
    assert data["approximate"] and data["sample_k"] == 20
    ref = nx.betweenness_centrality(g, k=20, seed=7)
    got = _all_scores(data)
    for node, value in ref.items():
        assert got[node] == pytest.approx(value, abs=2e-6), node


@pytest.mark.parametrize("measure", ["betweenness", "closeness", "pagerank"])
def test_directed_disconnected_graph_scores_match_networkx_on_igraph(tmp_path, measure):
    g = nx.relabel_nodes(nx.gnp_random_graph(40, 0.06, seed=3, directed=True), str)
    g.add_node("lonely")
    assert not nx.is_strongly_connected(g)
    ctx = context(tmp_path, g)
    data = ok(ctx, "node_centrality", measure=measure, backend="igraph", top_k=500)
    ref = _reference(g, measure, weighted=False)
    got = _all_scores(data)
    for node, value in ref.items():
        assert got[node] == pytest.approx(value, abs=2e-6), node


def test_closeness_on_a_large_graph_scores_named_and_high_degree_candidates(tmp_path):
    g = nx.relabel_nodes(nx.powerlaw_cluster_graph(6000, 2, 0.1, seed=1), str)
    ctx = context(tmp_path, g)
    data = ok(ctx, "node_centrality", measure="closeness", nodes=["5999"], top_k=3,
              backend="igraph")
    assert data["approximate"] and "highest-degree" in data["candidates"]
    assert data["scored_nodes"] == 101
    (req,) = data["requested"]
    assert req["score"] == pytest.approx(nx.closeness_centrality(g, u="5999"), abs=2e-6)
    top = data["top"][0]
    assert top["score"] == pytest.approx(nx.closeness_centrality(g, u=top["node"]), abs=2e-6)


def test_named_nodes_scores_are_reported_in_the_order_asked(tmp_path):
    g = karate()
    ctx = context(tmp_path, g)
    data = ok(ctx, "node_centrality", measure="pagerank", nodes=["5", "33"], top_k=1)
    pr = nx.pagerank(g, weight=None, tol=1e-12)
    assert [r["node"] for r in data["requested"]] == ["5", "33"]
    assert data["requested"][0]["score"] == pytest.approx(pr["5"], abs=2e-6)


@pytest.mark.parametrize("graph", ["karate", "lesmis"])
def test_degree_analysis_equals_networkx_degrees(tmp_path, graph):
    g = GRAPHS[graph]()
    ctx = context(tmp_path, g)
    data = ok(ctx, "degree_analysis", top_k=500)
    deg = dict(g.degree())
    assert {t["node"]: t["degree"] for t in data["top"]} == deg
    assert data["mean_degree"] == pytest.approx(sum(deg.values()) / len(deg), abs=1e-4)
    assert data["max_degree"] == max(deg.values())
    hist = nx.degree_histogram(g)
    assert {d["degree"]: d["count"] for d in data["distribution"]} == {
        d: c for d, c in enumerate(hist) if c}


def test_degree_analysis_reports_in_and_out_degree_of_directed_graphs(tmp_path):
    g = nx.relabel_nodes(nx.gnp_random_graph(30, 0.1, seed=5, directed=True), str)
    ctx = context(tmp_path, g)
    for direction, ref in (("in", dict(g.in_degree())), ("out", dict(g.out_degree()))):
        data = ok(ctx, "degree_analysis", direction=direction, top_k=500)
        assert data["direction"] == direction
        assert {t["node"]: t["degree"] for t in data["top"]} == ref


def test_weighted_closeness_does_not_write_into_the_session_graph(tmp_path):
    g = GRAPHS["lesmis"]()
    ctx = context(tmp_path, g)
    ok(ctx, "node_centrality", measure="closeness", weight="weight", backend="networkx")
    assert {k for _, _, d in g.edges(data=True) for k in d} == {"weight"}


@pytest.mark.parametrize("backend", ["networkx", "igraph"])
@pytest.mark.parametrize("shape", ["star", "path3", "path", "bipartite"])
def test_pagerank_converges_on_stars_and_short_paths(tmp_path, backend, shape):
    g = {"star": nx.star_graph(9), "path3": nx.path_graph(3), "path": nx.path_graph(12),
         "bipartite": nx.complete_bipartite_graph(2, 5)}[shape]
    g = nx.relabel_nodes(g, str)
    data = ok(context(tmp_path, g), "node_centrality", measure="pagerank", backend=backend,
              top_k=50)
    ref = nx.pagerank(g, tol=1e-12, max_iter=1000)  # enough steps for a damping of 0.85
    got = _all_scores(data)
    assert set(got) == set(ref)
    for node, value in ref.items():
        assert got[node] == pytest.approx(value, abs=1e-6), node


def test_the_degree_summary_says_how_many_nodes_tie_at_the_max(tmp_path):
    """A model reading only the summary's top three must learn that a fourth node ties."""
    g = nx.DiGraph([(s, t) for s in "abcd" for t in "wxyz"] + [("e", "a")])
    env = call(context(tmp_path, g), "degree_analysis", direction="out", top_k=5)
    assert env["success"]
    assert "4 nodes tie at the max" in env["summary"]
    single = call(context(tmp_path, nx.star_graph(3)), "degree_analysis")
    assert "tie" not in single["summary"]


def test_eigenvector_on_a_disconnected_graph_is_networkx_power_iteration(tmp_path):
    g = nx.disjoint_union(nx.karate_club_graph(), nx.path_graph(3))
    g.add_node("loner")
    data = ok(context(tmp_path, g), "node_centrality", measure="eigenvector",
              backend="networkx", top_k=500)
    ref = nx.eigenvector_centrality(g, max_iter=1000)
    got = _all_scores(data)
    for node, value in ref.items():
        assert got[node] == pytest.approx(value, abs=1e-5), node
