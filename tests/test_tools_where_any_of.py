"""A ``where`` filter whose value is a list keeps the nodes holding any of its values, in every
tool that takes ``where`` — against networkx."""

from __future__ import annotations

import networkx as nx
from tools_support import call, context, ok


def _depots() -> nx.DiGraph:
    g = nx.DiGraph()
    g.add_weighted_edges_from([("a", "b", 4), ("b", "c", 3), ("c", "a", 9), ("c", "d", 2),
                               ("d", "e", 6), ("e", "f", 5), ("f", "d", 1), ("g", "a", 7)],
                              weight="tonnes")
    for n, zone in zip("abcdefg", ["N", "N", "S", "S", "E", "E", "W"], strict=True):
        g.nodes[n]["zone"] = zone
    return g


def test_a_list_value_keeps_nodes_holding_any_of_its_values(tmp_path):
    g = _depots()
    ctx = context(tmp_path, g)
    kept = {n for n, z in g.nodes(data="zone") if z in ("N", "S")}
    found = ok(ctx, "nodes_by_measure", measure="degree", op="ge", value=0,
               where={"zone": ["N", "S"]}, limit=50)
    assert {r["node"] for r in found["nodes"]} == kept and found["count"] == len(kept)
    ranked = ok(ctx, "degree_analysis", where={"zone": ["S", "E"]}, top_k=10)
    assert {r["node"] for r in ranked["top"]} == {n for n, z in g.nodes(data="zone")
                                                  if z in ("S", "E")}


def test_edge_totals_of_either_group_sum_what_their_nodes_send(tmp_path):
    g = _depots()
    ctx = context(tmp_path, g)
    kept = {n for n, z in g.nodes(data="zone") if z in ("N", "S")}
    sent = sum(t for u, _, t in g.edges(data="tonnes") if u in kept)
    inside = sum(t for u, v, t in g.edges(data="tonnes") if u in kept and v in kept)
    d = ok(ctx, "edge_attribute_totals", attribute="tonnes", direction="out",
           where={"zone": ["N", "S"]})
    assert d["where_edges"]["total"] == sent
    assert d["where_edges"]["inside"]["total"] == inside


def test_a_list_that_matches_nothing_is_refused_naming_the_values_present(tmp_path):
    env = call(context(tmp_path, _depots()), "nodes_by_measure", measure="degree",
               where={"zone": ["Q", "R"]})
    assert not env["success"] and env["error"]["code"] == "INVALID_ARGUMENTS"
    assert "'N'" in env["error"]["hint"]


def test_group_members_matching_a_filter_are_counted_per_group(tmp_path):
    g = _depots()
    for n, kind in zip("abcdefg", ["hub", "stop", "stop", "hub", "stop", "stop", "hub"],
                       strict=True):
        g.nodes[n]["kind"] = kind
    ctx = context(tmp_path, g)
    d = ok(ctx, "group_analysis", attribute="zone", members_where={"kind": "hub"}, top_k=50)
    want = {z: sum(1 for n, a in g.nodes(data=True) if a["zone"] == z and a["kind"] == "hub")
            for z in {a["zone"] for _, a in g.nodes(data=True)}}
    assert {r["group"]: r["members_matching"] for r in d["groups"]} == want
    none = ok(ctx, "group_analysis", attribute="zone", members_where={"kind": "depot"})
    assert all(r["members_matching"] == 0 for r in none["groups"])
