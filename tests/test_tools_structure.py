"""Triangles, the bipartite test, attribute filters, degeneracy and path bounds, against
networkx on both backends."""

from __future__ import annotations

import networkx as nx
import pytest
from tools_support import GRAPHS, call, context, ok

BACKENDS = ["networkx", "igraph"]


def davis() -> nx.Graph:
    """Southern women x the events they attended: a two-mode graph with a ``kind``."""
    g = nx.davis_southern_women_graph()
    for _, d in g.nodes(data=True):
        d["kind"] = "person" if d["bipartite"] == 0 else "event"
    return g


@pytest.mark.parametrize("graph", ["karate", "lesmis"])
@pytest.mark.parametrize("backend", BACKENDS)
def test_triangle_counts_equal_networkx(tmp_path, graph, backend):
    g = GRAPHS[graph]()
    per_node = nx.triangles(g)
    some = sorted(g, key=str)[:3]
    data = ok(context(tmp_path, g), "count_triangles", nodes=some, top_k=5, backend=backend)
    assert data["triangles"] == sum(per_node.values()) // 3
    assert data["requested"] == [{"node": n, "triangles": per_node[n]} for n in some]
    best = sorted(per_node.items(), key=lambda kv: (-kv[1], str(kv[0])))[:5]
    assert [(t["node"], t["triangles"]) for t in data["top"]] == best


@pytest.mark.parametrize("backend", BACKENDS)
def test_triangles_of_a_directed_graph_ignore_directions(tmp_path, backend):
    g = nx.DiGraph([("a", "b"), ("b", "c"), ("c", "a"), ("a", "c"), ("c", "d")])
    data = ok(context(tmp_path, g), "count_triangles", nodes=["a", "d"], backend=backend)
    assert data["triangles"] == 1
    assert data["requested"] == [{"node": "a", "triangles": 1}, {"node": "d", "triangles": 0}]


@pytest.mark.parametrize("backend", BACKENDS)
def test_two_mode_graph_is_bipartite_with_the_kind_attribute_as_its_sides(tmp_path, backend):
    g = davis()
    data = ok(context(tmp_path, g), "bipartite_check", limit=50, backend=backend)
    people = sorted(n for n, d in g.nodes(data=True) if d["kind"] == "person")
    events = sorted(n for n, d in g.nodes(data=True) if d["kind"] == "event")
    assert data["bipartite"] is nx.is_bipartite(g) is True
    assert {"attribute": "kind", "side_a": "event", "side_b": "person"} in \
        data["splitting_attributes"]
    sides = sorted([data["side_a"], data["side_b"]], key=lambda s: s["total"])
    assert [sides[0]["items"], sides[1]["items"]] == [events, people]
    assert [sides[0]["total"], sides[1]["total"]] == [14, 18]


@pytest.mark.parametrize("graph", ["karate", "lesmis"])
@pytest.mark.parametrize("backend", BACKENDS)
def test_non_bipartite_graph_comes_with_an_odd_cycle(tmp_path, graph, backend):
    g = GRAPHS[graph]()
    data = ok(context(tmp_path, g), "bipartite_check", backend=backend)
    cycle = data["odd_cycle"]
    assert data["bipartite"] is nx.is_bipartite(g) is False
    assert len(cycle) % 2 == 1 and len(set(cycle)) == len(cycle)
    assert all(g.has_edge(a, b) for a, b in zip(cycle, cycle[1:] + cycle[:1], strict=True))


def test_degree_ranking_within_one_node_kind(tmp_path):
    g = davis()
    data = ok(context(tmp_path, g), "degree_analysis", top_k=3, where={"kind": "person"})
    people = {n: d for n, d in g.degree() if g.nodes[n]["kind"] == "person"}
    best = sorted(people.items(), key=lambda kv: (-kv[1], kv[0]))[:3]
    assert [(t["node"], t["degree"]) for t in data["top"]] == best
    assert data["nodes"] == 18 and data["max_degree"] == max(people.values())


@pytest.mark.parametrize("backend", BACKENDS)
def test_centrality_ranking_within_one_node_kind(tmp_path, backend):
    g = davis()
    data = ok(context(tmp_path, g), "node_centrality", measure="betweenness", top_k=4,
              where={"kind": "event"}, backend=backend)
    scores = nx.betweenness_centrality(g)
    events = {n: s for n, s in scores.items() if g.nodes[n]["kind"] == "event"}
    best = sorted(events.items(), key=lambda kv: (-kv[1], kv[0]))[:4]
    assert [t["node"] for t in data["top"]] == [n for n, _ in best]
    assert [t["score"] for t in data["top"]] == pytest.approx([s for _, s in best], abs=1e-6)
    assert data["ranked_nodes"] == 14


def test_filter_that_matches_nothing_lists_the_values_present(tmp_path):
    env = call(context(tmp_path, davis()), "degree_analysis", where={"kind": "people"})
    assert env["error"]["code"] == "INVALID_ARGUMENTS"
    assert "'person' (18)" in env["error"]["hint"] and "'event' (14)" in env["error"]["hint"]


@pytest.mark.parametrize("graph", ["karate", "lesmis"])
@pytest.mark.parametrize("backend", BACKENDS)
def test_degeneracy_and_radius_equal_networkx(tmp_path, graph, backend):
    g = GRAPHS[graph]()
    ctx = context(tmp_path, g)
    stats = ok(ctx, "summary_statistics", backend=backend)
    local = ok(ctx, "local_analysis", backend=backend)
    assert stats["degeneracy"] == local["degeneracy"] == max(nx.core_number(g).values())
    assert stats["radius"] == nx.radius(g) and stats["diameter"] == nx.diameter(g)


@pytest.mark.parametrize("backend", BACKENDS)
def test_sampled_path_figures_state_bounds_that_hold(tmp_path, backend):
    g = nx.relabel_nodes(nx.grid_2d_graph(60, 60), lambda n: f"{n[0]}_{n[1]}")
    data = ok(context(tmp_path, g), "summary_statistics", samples=40, backend=backend)
    low, high = data["diameter_bounds"]
    assert low <= 118 <= high  # the 60x60 grid: diameter 118, radius 60, mean distance 40
    r_low, r_high = data["radius_bounds"]
    assert r_low <= 60 <= r_high
    assert abs(data["average_path_length"] - 40.0) <= 3 * data["average_path_length_ci95"]
    assert data["average_path_length_ci95"] > 0 and data["paths_approximate"] is True


@pytest.mark.parametrize(("graph", "tool", "args"), [
    ("karate", "count_triangles", {"top_k": 5}),
    ("davis", "count_triangles", {"top_k": 3, "where": {"kind": "person"}}),
    ("davis", "bipartite_check", {}),
    ("lesmis", "bipartite_check", {}),
    ("davis", "degree_analysis", {"top_k": 4, "where": {"kind": "event"}}),
    ("davis", "node_centrality", {"measure": "betweenness", "top_k": 4,
                                  "where": {"kind": "person"}}),
])
def test_report_cells_recompute_the_new_measures(tmp_path, graph, tool, args):
    from igraph_agent.report.cells import SAME
    from igraph_agent.report.model import SourceRef
    from igraph_agent.report.recipes import build_finding

    g = davis() if graph == "davis" else GRAPHS[graph]()
    env = call(context(tmp_path, g), tool, **args)
    finding = build_finding(SourceRef(tool=tool, call_id="c1"), args, env, "f1")
    assert finding.code, finding.not_reproducible
    ns = {"nx": nx, "G": g}
    exec(SAME.format(tol=1e-5), ns)
    exec(finding.code, ns)  # raises AssertionError when a number differs from the tool's
    assert set(ns["result"]) == set(finding.numbers)
    ns["same"](ns["result"], finding.numbers)
