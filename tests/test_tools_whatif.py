"""remove_and_compare against networkx: components after a removal, and whether one node
still reaches another (following direction on a directed graph)."""

from __future__ import annotations

import networkx as nx
import pytest
from tools_support import call, context, karate, ok


def test_components_after_removing_a_node_equal_networkx(tmp_path):
    g = karate()
    data = ok(context(tmp_path, g), "remove_and_compare", nodes=["0"])
    h = g.copy()
    h.remove_node("0")
    sizes = sorted((len(c) for c in nx.connected_components(h)), reverse=True)
    assert data["after"]["components"] == len(sizes)
    assert data["after"]["component_sizes"] == sizes
    assert data["before"]["components"] == 1
    assert "reach" not in data  # asked only with reach=[from, to]


def test_reach_follows_direction_and_names_the_detour(tmp_path):
    # a -> hub -> z is the short way; a -> b -> c -> z the detour; z -> a is no way back
    g = nx.DiGraph([("a", "hub"), ("hub", "z"), ("a", "b"), ("b", "c"), ("c", "z")])
    data = ok(context(tmp_path, g), "remove_and_compare", nodes=["hub"], reach=["a", "z"])
    r = data["reach"]
    assert (r["before_hops"], r["before_path"]) == (2, ["a", "hub", "z"])
    assert (r["after_hops"], r["after_path"]) == (3, ["a", "b", "c", "z"])
    back = ok(context(tmp_path, g), "remove_and_compare", nodes=["hub"], reach=["z", "a"])
    assert back["reach"]["before_hops"] is None and back["reach"]["after_hops"] is None


def test_removing_the_only_way_says_the_target_is_no_longer_reached(tmp_path):
    g = nx.DiGraph([("a", "hub"), ("hub", "z"), ("z", "a")])
    env = call(context(tmp_path, g), "remove_and_compare", edges=[["hub", "z"]], reach=["a", "z"])
    assert env["success"], env["error"]
    assert env["data"]["reach"]["after_hops"] is None and env["data"]["reach"]["after_path"] == []
    assert "a no longer reaches z" in env["summary"]


@pytest.mark.parametrize("reach, code", [(["a"], "INVALID_ARGUMENTS"),
                                         (["a", "hub"], "INVALID_ARGUMENTS"),
                                         (["a", "nowhere"], "NODE_NOT_FOUND")])
def test_a_reach_pair_that_cannot_be_asked_is_refused_with_a_code(tmp_path, reach, code):
    g = nx.DiGraph([("a", "hub"), ("hub", "z")])
    env = call(context(tmp_path, g), "remove_and_compare", nodes=["hub"], reach=reach)
    assert not env["success"] and env["error"]["code"] == code


def test_a_named_weight_gives_the_shortest_length_by_it_after_the_removal(tmp_path):
    g = nx.Graph()
    g.add_weighted_edges_from([("a", "x", 1), ("x", "z", 1), ("a", "b", 4), ("b", "z", 5),
                               ("a", "c", 2), ("c", "d", 2), ("d", "z", 2)], weight="km")
    data = ok(context(tmp_path, g), "remove_and_compare", nodes=["x"], reach=["a", "z"],
              weight="km")
    h = nx.restricted_view(g, ["x"], [])
    r = data["reach"]
    assert r["before_length"] == nx.shortest_path_length(g, "a", "z", weight="km")
    assert r["after_length"] == nx.shortest_path_length(h, "a", "z", weight="km")
    assert r["after_path"] == nx.shortest_path(h, "a", "z", weight="km")  # not the 2-hop a-b-z


def test_reach_of_names_who_still_reaches_a_node_and_who_no_longer_does(tmp_path):
    g = nx.DiGraph([("li", "tom"), ("os", "tom"), ("tom", "ai"), ("jp", "ai"), ("jp", "dw"),
                    ("ai", "mh"), ("dw", "mh"), ("ra", "dw")])
    ctx = context(tmp_path, g)
    up = ok(ctx, "remove_and_compare", nodes=["tom"], reach_of="mh", direction="in")["reach_set"]
    h = nx.restricted_view(g, ["tom"], [])
    assert (up["before"], up["after"]) == (len(nx.ancestors(g, "mh")), len(nx.ancestors(h, "mh")))
    assert set(up["lost"]["items"]) == nx.ancestors(g, "mh") - nx.ancestors(h, "mh") - {"tom"}
    assert set(up["still"]["items"]) == nx.ancestors(h, "mh")
    down = ok(ctx, "remove_and_compare", nodes=["ai"], reach_of="jp")["reach_set"]
    assert down["after"] == len(nx.descendants(nx.restricted_view(g, ["ai"], []), "jp"))


def test_stranded_names_the_nodes_left_with_no_edge_as_networkx_counts_them(tmp_path):
    g = nx.Graph([("ana", "p1"), ("bo", "p1"), ("bo", "p2"), ("cy", "p2"), ("cy", "p3"),
                  ("di", "p1")])
    data = ok(context(tmp_path, g), "remove_and_compare", nodes=["p1"])
    h = g.copy()
    h.remove_node("p1")
    alone = sorted(n for n in g["p1"] if h.degree(n) == 0)
    assert data["stranded"] == {"total": len(alone), "items": alone} and alone == ["ana", "di"]


def test_stranded_on_a_directed_graph_counts_the_side_asked(tmp_path):
    # eats: heron -> roach -> algae; otter -> roach, otter -> eel
    g = nx.DiGraph([("heron", "roach"), ("roach", "algae"), ("otter", "roach"), ("otter", "eel")])
    out = ok(context(tmp_path, g), "remove_and_compare", nodes=["roach"], direction="out")
    assert out["stranded"]["items"] == ["heron"]  # nothing left to eat; otter still eats eel
    into = ok(context(tmp_path, g), "remove_and_compare", nodes=["roach"], direction="in")
    assert into["stranded"]["items"] == ["algae"]  # nothing eats it any more
