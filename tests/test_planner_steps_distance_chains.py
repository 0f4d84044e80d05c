"""A first step that names the node farthest from (or nearest to) another ("which stall is
furthest in metres from Bakery, and what aisle is it in?") feeds its node to the second step,
by an edge value or in hops along a directed table's edges; networkx is the oracle, on
three tables."""

from __future__ import annotations

import networkx as nx
import pytest

from tests.planner_support import ask_as_csv_files
from tests.planner_tables import COURIERS, table_graph
from tests.test_planner_steps_ranked_references import AISLES, CALLS, DEPOTS, PHONES, STALLS


def _only(scores: dict, best) -> str:
    (node,) = [n for n, v in scores.items() if v == best]
    return node


@pytest.mark.parametrize("edges,nodes,attr,start,question", [
    (STALLS, AISLES, "aisle", "Bakery",
     "which stall is furthest in metres from Bakery, and what aisle is it in?"),
    (COURIERS, DEPOTS, "region", "Hull",
     "Which depot is farthest from Hull by drive_min, and which region is it in?"),
])
def test_the_farthest_node_by_an_edge_value_then_its_group(tmp_path, edges, nodes, attr, start,
                                                           question):
    weight = edges.columns[2]
    dist = nx.single_source_dijkstra_path_length(table_graph(edges, weight), start, weight=weight)
    far = _only(dist, max(dist.values()))
    value = dict(zip(nodes.iloc[:, 0], nodes[attr], strict=True))[far]
    resp = ask_as_csv_files(tmp_path, edges, nodes, question)
    assert resp.status == "answered", resp.answer
    assert f"Then, for **{far}**: {far} has {attr} **{value}**" in resp.answer, resp.answer


def test_the_farthest_node_in_hops_on_a_directed_table_then_its_group(tmp_path):
    g = nx.from_pandas_edgelist(CALLS, "caller", "callee", create_using=nx.DiGraph)
    dist = nx.single_source_shortest_path_length(g, "Eve")
    far = _only(dist, max(dist.values()))
    value = dict(zip(PHONES.phone, PHONES["shift"], strict=True))[far]
    resp = ask_as_csv_files(tmp_path, CALLS, PHONES,
                            "which phone is farthest from Eve, and which shift is it in?")
    assert resp.status == "answered", resp.answer
    assert f"Then, for **{far}**: {far} has shift **{value}**" in resp.answer, resp.answer


@pytest.mark.parametrize("edges,nodes,attr,start,question", [
    (STALLS, AISLES, "aisle", "Kale", "which stall is closest to Kale, and what aisle is it in?"),
    (COURIERS, DEPOTS, "region", "Whitby",
     "which depot is nearest to Whitby by drive_min, and what region is it in?"),
])
def test_the_nearest_node_then_its_group(tmp_path, edges, nodes, attr, start, question):
    weight = edges.columns[2]
    dist = nx.single_source_dijkstra_path_length(table_graph(edges, weight), start, weight=weight)
    dist.pop(start)
    near = _only(dist, min(dist.values()))
    value = dict(zip(nodes.iloc[:, 0], nodes[attr], strict=True))[near]
    resp = ask_as_csv_files(tmp_path, edges, nodes, question)
    assert resp.status == "answered", resp.answer
    assert f"Then, for **{near}**: {near} has {attr} **{value}**" in resp.answer, resp.answer
