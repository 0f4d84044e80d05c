"""nodes_by_measure ranks by a numeric node attribute, connectivity lists the components
outside the largest, summary_statistics names the center and periphery — against networkx."""

from __future__ import annotations

import networkx as nx
import pytest
from tools_support import call, context, karate, ok


def _towns() -> nx.Graph:
    g = nx.Graph()
    g.add_weighted_edges_from([("a", "b", 4), ("b", "c", 3), ("a", "c", 9), ("c", "d", 2),
                               ("d", "e", 6), ("e", "f", 5), ("f", "g", 1), ("h", "i", 2),
                               ("x", "y", 1), ("y", "w", 1)], weight="km")
    for n, (region, pop) in zip("abcdefghixyw", [("N", 5), ("N", 12), ("N", 3), ("S", 8),
                                                 ("S", 25), ("S", 1), ("S", 7), ("C", 9),
                                                 ("C", 1), ("C", 4), ("C", 2), ("C", 6)], strict=True):
        g.nodes[n].update(region=region, pop=pop)
    return g


def test_nodes_ranked_by_an_attribute_within_a_group_from_either_end(tmp_path):
    g = _towns()
    ctx = context(tmp_path, g)
    south = {n: d["pop"] for n, d in g.nodes(data=True) if d["region"] == "S"}
    top = ok(ctx, "nodes_by_measure", measure="attribute", attribute="pop", where={"region": "S"})
    assert [r["node"] for r in top["nodes"]] == sorted(south, key=lambda n: -south[n])
    assert top["count"] == top["of"] == len(south)
    low = ok(ctx, "nodes_by_measure", measure="attribute", attribute="pop", lowest_first=True)
    assert low["nodes"][0]["node"] == min(g, key=lambda n: g.nodes[n]["pop"])
    past = ok(ctx, "nodes_by_measure", measure="attribute", attribute="pop", op="gt", value=8)
    assert past["count"] == sum(1 for _, p in g.nodes(data="pop") if p > 8)


def test_an_attribute_that_is_no_number_is_refused_naming_the_numeric_ones(tmp_path):
    env = call(context(tmp_path, _towns()), "nodes_by_measure", measure="attribute",
               attribute="region")
    assert not env["success"] and env["error"]["code"] == "INVALID_ARGUMENTS"
    assert "pop" in env["error"]["hint"]


def test_the_components_outside_the_largest_are_listed_with_their_members(tmp_path):
    g = _towns()
    data = ok(context(tmp_path, g), "connectivity")
    rest = sorted(nx.connected_components(g), key=len, reverse=True)[1:]
    assert [set(r["members"]) for r in data["smaller_components"]] == rest
    assert ok(context(tmp_path, karate()), "connectivity")["smaller_components"] == []


def test_center_and_periphery_are_networkx_s_on_the_largest_component(tmp_path):
    g = _towns()
    core = g.subgraph(max(nx.connected_components(g), key=len))
    data = ok(context(tmp_path, g), "summary_statistics", weight="km")
    assert data["center"] == sorted(nx.center(core, weight="km"))
    assert data["periphery"] == sorted(nx.periphery(core, weight="km"))
    hops = ok(context(tmp_path, karate()), "summary_statistics")
    assert set(hops["center"]) == set(nx.center(karate()))


def test_centrality_within_a_group_or_the_largest_component_scores_that_part(tmp_path):
    g = _towns()
    ctx = context(tmp_path, g)
    north = ok(ctx, "node_centrality", measure="closeness", where={"region": "N"},
               within="group", weight="km")
    part = g.subgraph([n for n, r in g.nodes(data="region") if r == "N"])
    want = nx.closeness_centrality(part, distance="km")
    assert {t["node"]: t["score"] for t in north["top"]} == pytest.approx(want)
    main = ok(ctx, "node_centrality", measure="betweenness", within="largest_component",
              weight=None)
    core = g.subgraph(max(nx.connected_components(g), key=len))
    assert {t["node"]: t["score"] for t in main["top"]} == pytest.approx(
        dict(sorted(nx.betweenness_centrality(core).items(), key=lambda kv: -kv[1])[:10]))
    env = call(ctx, "node_centrality", measure="pagerank", within="group")
    assert not env["success"] and env["error"]["code"] == "INVALID_ARGUMENTS"


def test_neighbours_ranked_and_mutual_pairs_equal_networkx(tmp_path):
    g = _towns()
    near = ok(context(tmp_path, g), "nodes_by_measure", measure="degree", neighbours_of="d")
    assert {r["node"]: r["value"] for r in near["nodes"]} == {n: g.degree(n) for n in g["d"]}
    h = nx.DiGraph([("a", "b"), ("b", "a"), ("b", "c"), ("c", "c"), ("c", "d"), ("d", "c")])
    mutual = ok(context(tmp_path, h), "direction_analysis")["mutual"]
    assert mutual["pairs"] == 2 and [(p["a"], p["b"]) for p in mutual["listed"]] == \
        [("a", "b"), ("c", "d")]


def test_hop_counts_with_a_weight_names_the_farthest_nodes_by_it(tmp_path):
    g = _towns()
    far = ok(context(tmp_path, g), "hop_counts", node="a", hops=1, weight="km")["farthest"]
    dist = nx.single_source_dijkstra_path_length(g, "a", weight="km")
    assert far["distance"] == max(dist.values())
    assert far["nodes"] == sorted(n for n, d in dist.items() if d == max(dist.values()))


def test_partners_count_a_two_way_pair_once_where_degree_counts_both_edges(tmp_path):
    g = nx.DiGraph([("a", "b"), ("b", "a"), ("a", "c"), ("d", "a"), ("c", "d")])
    distinct = {n: len(set(nx.all_neighbors(g, n))) for n in g}
    env = ok(context(tmp_path, g), "nodes_by_measure", measure="partners", op="ge", value=3)
    assert env["count"] == sum(1 for v in distinct.values() if v >= 3)
    assert {r["node"]: r["value"] for r in env["nodes"]} == {n: v for n, v in distinct.items()
                                                             if v >= 3}
    degree = ok(context(tmp_path, g), "nodes_by_measure", measure="degree", op="ge", value=4)
    assert [r["node"] for r in degree["nodes"]] == ["a"]  # a's four edges, three partners


def test_the_pieces_of_one_group_on_its_own_are_its_induced_subgraphs_components(tmp_path):
    g = _towns()
    ctx = context(tmp_path, g)
    central = g.subgraph([n for n, r in g.nodes(data="region") if r == "C"])
    env = ok(ctx, "connectivity", where={"region": "C"})
    assert env["components"] == nx.number_connected_components(central)
    assert env["component_sizes"] == sorted((len(c) for c in nx.connected_components(central)),
                                            reverse=True)
    assert env["where"] == {"region": "C"} and env["nodes"] == central.number_of_nodes()
    missing = call(ctx, "connectivity", where={"region": "Z"})
    assert not missing["success"] and missing["error"]["code"] == "INVALID_ARGUMENTS"
