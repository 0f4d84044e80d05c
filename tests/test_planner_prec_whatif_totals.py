"""A node's (or the whole graph's) total of an edge value on the graph without a named node or
edge: ``edge_attribute_totals`` with ``without_nodes`` / ``without_edges``, answered beside
the total as it is now (networkx is the oracle)."""

from __future__ import annotations

import networkx as nx
import pytest
from planner_support import ask_table
from planner_tables import CLIMBS, COURIERS, GRANTS, directed_graph, table_graph

from tests.test_planner_prec_route_measures import ROTA
from tests.test_planner_prec_single_failures import CANAL


def _strength(g: nx.Graph, node: str, weight: str) -> float:
    return g.degree(node, weight=weight)


@pytest.mark.parametrize(("table", "gone", "node", "question"), [
    (ROTA, "Vic", "Zed", "If Vic leaves the rota, what's Zed's total hours_together?"),
    (CLIMBS, "Dot", "Eli", "if Dot quits, how many pitches would Eli have in total?"),
])
def test_a_nodes_total_without_a_removed_node_leaves_its_edges_out(tmp_path, table, gone, node,
                                                                  question):
    weight = table.columns[2]
    g = table_graph(table, weight)
    before = _strength(g, node, weight)
    g.remove_node(gone)
    after = _strength(g, node, weight)
    assert after != before
    resp = ask_table(tmp_path, table, question)
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith(f"Without {gone}, "), resp.answer
    assert f"adding up to **{after}**" in resp.answer and f"now {before}" in resp.answer, \
        resp.answer


@pytest.mark.parametrize(("table", "edge", "node", "question"), [
    (CANAL, ("Corve", "Elm"), "Elm", "Elm's total hours without the Corve-Elm stretch"),
    (COURIERS, ("York", "Leeds"), "York",
     "if the York-Leeds road closed, how many drive minutes would York have in total?"),
    (CLIMBS, ("Bo", "Cy"), "Cy",
     "If the Bo-Cy partnership had never happened, how many pitches would Cy have in total?"),
])
def test_a_nodes_total_without_a_dashed_edge_is_the_total_of_that_end(tmp_path, table, edge,
                                                                     node, question):
    weight = table.columns[2]
    g = table_graph(table, weight)
    g.remove_edge(*edge)
    resp = ask_table(tmp_path, table, question)
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith((f"Without the edge {edge[0]}–{edge[1]}",
                                   f"Without the edge {edge[1]}–{edge[0]}")), resp.answer
    assert f"edges of {node} would have" in resp.answer, resp.answer
    assert f"adding up to **{_strength(g, node, weight)}**" in resp.answer, resp.answer


@pytest.mark.parametrize(("gone", "node", "question", "side"), [
    ("Stave", "Quill", "If Stave went bankrupt, how many acres would Quill receive in total?", "in"),
    ("Pryor", "Oakes", "if Pryor leaves, what's the total acres Oakes grants?", "out"),
    ("Quill", "Oakes", "without Quill, what would the total acres granted by Oakes be?", "out"),
])
def test_a_directed_total_without_a_node_keeps_its_side(tmp_path, gone, node, question, side):
    g = directed_graph(GRANTS)
    for u, v, acres in GRANTS.itertuples(index=False):
        g[u][v]["acres"] = acres
    g.remove_node(gone)
    after = (g.in_degree if side == "in" else g.out_degree)(node, weight="acres")
    resp = ask_table(tmp_path, GRANTS, question)
    assert resp.status == "answered", resp.answer
    assert f"{'incoming' if side == 'in' else 'outgoing'} edges of {node}" in resp.answer, \
        resp.answer
    assert f"adding up to **{after}**" in resp.answer, resp.answer


@pytest.mark.parametrize(("table", "gone", "question"), [
    (CANAL, "Hythe", "what would the total haul hours of the whole canal be without Hythe?"),
    (COURIERS, "York", "without York, what do all the drive minutes add up to?"),
])
def test_the_whole_graphs_total_without_a_node(tmp_path, table, gone, question):
    weight = table.columns[2]
    g = table_graph(table, weight)
    g.remove_node(gone)
    after = g.size(weight=weight)
    resp = ask_table(tmp_path, table, question)
    assert resp.status == "answered", resp.answer
    assert f"would add up to **{after:g}**" in resp.answer, resp.answer


@pytest.mark.parametrize(("node", "question", "side"), [
    ("Oakes", "what's the total acres Oakes grants?", "out"),
    ("Oakes", "total acres granted by Oakes", "out"),
    ("Quill", "how many acres was Quill granted in total?", "in"),
])
def test_a_nodes_total_in_the_datas_own_verb_sums_one_side(tmp_path, node, question, side):
    g = directed_graph(GRANTS)
    for u, v, acres in GRANTS.itertuples(index=False):
        g[u][v]["acres"] = acres
    want = (g.in_degree if side == "in" else g.out_degree)(node, weight="acres")
    both = g.in_degree(node, weight="acres") + g.out_degree(node, weight="acres")
    resp = ask_table(tmp_path, GRANTS, question)
    assert resp.status == "answered", resp.answer
    assert f"**{want}**" in resp.answer and f"**{both}**" not in resp.answer, resp.answer
