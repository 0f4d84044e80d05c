"""community_detection and bridge_nodes against networkx."""

from __future__ import annotations

from collections import Counter

import networkx as nx
import pytest
from tools_support import GRAPHS, context, karate, ok

METHODS = ["leiden", "louvain", "label_propagation", "infomap"]


def _groups(data: dict) -> list[set]:
    by: dict[int, set] = {}
    for row in data["membership"]:
        by.setdefault(row["community"], set()).add(row["node"])
    return list(by.values())


@pytest.mark.parametrize("graph", ["karate", "lesmis"])
@pytest.mark.parametrize("backend", ["networkx", "igraph"])
@pytest.mark.parametrize("method", METHODS)
def test_reported_modularity_and_sizes_are_those_of_the_partition(tmp_path, graph, backend, method):
    g = GRAPHS[graph]()
    ctx = context(tmp_path, g)
    data = ok(ctx, "community_detection", method=method, backend=backend, seed=3, nodes=list(g),
              top_k=100)
    groups = _groups(data)
    assert set().union(*groups) == set(g) and sum(map(len, groups)) == len(g)
    assert data["method"] == method and data["seed"] == 3
    assert data["backend"] == ("igraph" if method == "infomap" else backend)
    assert data["implementation"]
    assert data["modularity"] == pytest.approx(nx.community.modularity(g, groups, weight=None),
                                               abs=1e-6)
    assert data["communities"] == len(groups)
    assert [c["size"] for c in data["largest_communities"]] == sorted(map(len, groups), reverse=True)
    for row in data["membership"]:
        assert row["community_size"] == data["largest_communities"][row["community"]]["size"]


@pytest.mark.parametrize("graph", ["karate", "lesmis"])
@pytest.mark.parametrize("backend", ["networkx", "igraph"])
def test_default_method_is_at_least_as_modular_as_networkx_louvain(tmp_path, graph, backend):
    g = GRAPHS[graph]()
    ctx = context(tmp_path, g)
    data = ok(ctx, "community_detection", backend=backend)
    assert data["method"] == "leiden" and data["seed"] == 42
    nx_parts = nx.community.louvain_communities(g, weight=None, seed=42)
    assert data["modularity"] >= nx.community.modularity(g, nx_parts, weight=None) - 1e-6  # reported rounded to 6 places


@pytest.mark.parametrize("backend", ["networkx", "igraph"])
def test_weighted_modularity_on_les_miserables_equals_networkx(tmp_path, backend):
    g = GRAPHS["lesmis"]()
    ctx = context(tmp_path, g)
    data = ok(ctx, "community_detection", weight="weight", backend=backend, nodes=list(g))
    assert data["weighted"] is True
    groups = _groups(data)
    assert data["modularity"] == pytest.approx(nx.community.modularity(g, groups, weight="weight"),
                                               abs=1e-6)
    nx_parts = nx.community.louvain_communities(g, weight="weight", seed=42)
    assert data["modularity"] >= nx.community.modularity(g, nx_parts, weight="weight") - 1e-6  # reported rounded to 6 places


@pytest.mark.parametrize("method", METHODS)
def test_the_same_seed_gives_the_same_partition_in_a_fresh_session(tmp_path, method):
    g = GRAPHS["lesmis"]()
    first = ok(context(tmp_path / "a", g), "community_detection", method=method, seed=11,
               nodes=list(g), backend="igraph")
    again = ok(context(tmp_path / "b", g.copy()), "community_detection", method=method, seed=11,
               nodes=list(g), backend="igraph")
    assert first["membership"] == again["membership"]
    assert first["modularity"] == again["modularity"]


def _reference_bridges(g: nx.Graph, membership: dict) -> dict:
    out = {}
    for n in g:
        shares = Counter(membership[v] for v in g[n] if v != n)
        k = sum(shares.values())
        out[n] = (len(shares), 1 - sum((s / k) ** 2 for s in shares.values()) if k else 0.0)
    return out


@pytest.mark.parametrize("graph", ["karate", "lesmis"])
@pytest.mark.parametrize("backend", ["networkx", "igraph"])
def test_bridge_nodes_span_and_participation_equal_a_networkx_count(tmp_path, graph, backend):
    g = GRAPHS[graph]()
    ctx = context(tmp_path, g)
    comm = ok(ctx, "community_detection", backend=backend, nodes=list(g))
    membership = {r["node"]: r["community"] for r in comm["membership"]}
    cached = ctx.session.partition
    data = ok(ctx, "bridge_nodes", backend=backend, top_k=200)
    assert ctx.session.partition is cached  # the partition was reused, not recomputed
    assert data["modularity"] == comm["modularity"] and data["method"] == comm["method"]
    assert data["centrality"] == "betweenness"
    ref = _reference_bridges(g, membership)
    spanning = {n for n, (span, _) in ref.items() if span >= 2}
    assert data["total"] == len(spanning)
    assert {b["node"] for b in data["bridges"]} == spanning
    betweenness = nx.betweenness_centrality(g)
    for b in data["bridges"]:
        span, part = ref[b["node"]]
        assert b["communities"] == span
        assert b["participation"] == pytest.approx(part, abs=1e-4)
        assert b["community"] == membership[b["node"]]
        assert b["degree"] == g.degree(b["node"])
        assert b["centrality"] == pytest.approx(betweenness[b["node"]], abs=2e-6)
    keys = [(-b["communities"], -b["participation"]) for b in data["bridges"]]
    assert keys == sorted(keys)


def test_bridge_nodes_without_a_prior_partition_compute_the_same_one(tmp_path):
    g = GRAPHS["lesmis"]()
    alone = ok(context(tmp_path / "a", g), "bridge_nodes", seed=5, top_k=5)
    ctx = context(tmp_path / "b", g.copy())
    ok(ctx, "community_detection", seed=5)
    after = ok(ctx, "bridge_nodes", seed=5, top_k=5)
    assert alone["bridges"] == after["bridges"] and alone["modularity"] == after["modularity"]


def test_bridge_nodes_can_list_only_nodes_of_one_type(tmp_path):
    g = karate()
    for n in g:
        g.nodes[n]["type"] = "customer" if int(n) % 2 == 0 else "product"
    ctx = context(tmp_path, g)
    data = ok(ctx, "bridge_nodes", attribute="type", value="customers", top_k=200,
              centrality="degree")
    assert data["bridges"] and all(int(b["node"]) % 2 == 0 for b in data["bridges"])
    everyone = ok(ctx, "bridge_nodes", top_k=200, centrality="degree")
    assert data["total"] == sum(1 for b in everyone["bridges"] if int(b["node"]) % 2 == 0)
    assert all(b["degree"] == g.degree(b["node"]) for b in data["bridges"])
    assert data["centrality"] == "degree"
    deg = nx.degree_centrality(g)
    assert all(b["centrality"] == pytest.approx(deg[b["node"]], abs=2e-6) for b in data["bridges"])


SHAPES = {
    "path": lambda: nx.path_graph(6),
    "star": lambda: nx.star_graph(7),
    "tree": lambda: nx.balanced_tree(2, 3),
    "bipartite": lambda: nx.complete_bipartite_graph(3, 4),
}


def _check_partition_and_bridges(ctx, g: nx.Graph, **args) -> None:
    comm = ok(ctx, "community_detection", nodes=list(g), top_k=100, **args)
    groups = _groups(comm)
    assert set().union(*groups) == set(g)
    weight = (comm.get("weight_used") or {}).get("attribute")  # the default weight, if any
    assert comm["modularity"] == pytest.approx(
        nx.community.modularity(g, groups, weight=weight or "__unweighted__"), abs=1e-6)
    membership = {r["node"]: r["community"] for r in comm["membership"]}
    data = ok(ctx, "bridge_nodes", top_k=200, **args)
    ref = _reference_bridges(g, membership)
    assert {b["node"] for b in data["bridges"]} == {n for n, (s, _) in ref.items() if s >= 2}


@pytest.mark.parametrize("shape", SHAPES)
@pytest.mark.parametrize("backend", ["networkx", "igraph"])
@pytest.mark.parametrize("method", ["auto", "louvain", "label_propagation"])
def test_communities_and_bridges_work_on_paths_stars_trees_and_bipartite_graphs(
        tmp_path, shape, backend, method):
    g = nx.relabel_nodes(SHAPES[shape](), str)
    _check_partition_and_bridges(context(tmp_path, g), g, backend=backend, method=method)


def test_default_communities_and_bridges_work_on_the_documented_bipartite_orders_build(tmp_path):
    import igraph_agent.data as bundled
    from igraph_agent.graph.datasets import GraphSpec

    ctx = context(tmp_path, nx.Graph())
    ws = ctx.workspace
    src = ws.attach(bundled.path("orders.csv"))
    spec = GraphSpec(kind="bipartite", left_col="customer_id", right_col="product_id",
                     left_label_col="customer_name", right_label_col="product_name",
                     right_attrs=["category"], amount_col="amount")
    record = ws.construct([src["source_id"]], spec)
    g, revision = ws.load(record["id"])
    assert nx.is_bipartite(g)
    ctx.session.set_graph(g, record["id"], revision)
    _check_partition_and_bridges(ctx, g)


def test_per_community_statistics_on_one_machine_equal_networkx_counts(tmp_path):
    g = karate()
    ctx = context(tmp_path, g)
    data = ok(ctx, "community_detection", statistics=True, seed=3, nodes=list(g), top_k=100)
    groups = {}
    for row in data["membership"]:
        groups.setdefault(row["community"], set()).add(row["node"])
    for c in data["largest_communities"]:
        members = groups[c["community"]]
        internal = g.subgraph(members).number_of_edges()
        cut = nx.cut_size(g, members)
        assert (c["internal_edges"], c["cut_edges"]) == (internal, cut)
        pairs = len(members) * (len(members) - 1) / 2
        assert c["density"] == pytest.approx(internal / pairs if pairs else 0.0, abs=1e-6)


@pytest.mark.parametrize("backend", ["networkx", "igraph"])
@pytest.mark.parametrize("method", ["leiden", "louvain"])
def test_a_small_graph_keeps_the_best_partition_of_several_seeded_runs(
        tmp_path, monkeypatch, backend, method):
    from igraph_agent.tools import community

    g = nx.relabel_nodes(nx.connected_watts_strogatz_graph(16, 4, 0.3, seed=3), str)
    args = dict(method=method, backend=backend, seed=42, nodes=list(g), top_k=100)
    data = ok(context(tmp_path / "best", g), "community_detection", **args)
    assert "best of 10 seeded runs" in data["implementation"]
    again = ok(context(tmp_path / "again", g), "community_detection", **args)
    assert again["membership"] == data["membership"]  # the same seed, the same partition
    monkeypatch.setattr(community, "RESTARTS", 1)
    one = ok(context(tmp_path / "one", g), "community_detection", **args)
    assert "best of" not in one["implementation"]
    assert data["modularity"] >= one["modularity"]
