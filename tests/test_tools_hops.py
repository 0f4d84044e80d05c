"""hop_counts against networkx: nodes within k steps of a node, with the steps following
the edges' direction on a directed graph when asked."""

from __future__ import annotations

import networkx as nx
import pytest
from tools_support import call, context, karate, ok


def _within(g: nx.Graph, node: str, k: int) -> int:
    return len(nx.single_source_shortest_path_length(g, node, cutoff=k)) - 1


def test_within_k_steps_equals_networkx_on_an_undirected_graph(tmp_path):
    g = karate()
    data = ok(context(tmp_path, g), "hop_counts", node="5", hops=2)
    assert data["within"] == _within(g, "5", 2) and data["direction"] == "both"
    assert [r["count"] for r in data["by_distance"]] == [
        sum(1 for d in nx.single_source_shortest_path_length(g, "5").values() if d == k)
        for k in (1, 2)]


@pytest.mark.parametrize("direction", ["out", "in", "both"])
def test_steps_follow_the_direction_asked_on_a_directed_graph(tmp_path, direction):
    g = nx.relabel_nodes(nx.gnp_random_graph(30, 0.08, seed=4, directed=True), str)
    walked = {"out": g, "in": g.reverse(), "both": g.to_undirected()}[direction]
    env = call(context(tmp_path, g), "hop_counts", node="0", hops=2, direction=direction)
    assert env["success"], env["error"]
    assert env["data"]["within"] == _within(walked, "0", 2)
    assert env["data"]["direction"] == direction
    way = {"out": "outgoing", "in": "incoming", "both": "directions ignored"}[direction]
    assert way in env["summary"]


def test_direction_is_ignored_on_an_undirected_graph(tmp_path):
    data = ok(context(tmp_path, karate()), "hop_counts", node="0", hops=1, direction="out")
    assert data["direction"] == "both" and data["within"] == karate().degree("0")
