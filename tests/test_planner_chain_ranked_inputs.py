"""A ranked node as the input of another ask ("which kiln is farthest from the best-connected
kiln") is answered in two steps, the ranking's top then the ask on it, and asked when the
rankings name several nodes; a ranking of a set an earlier clause names ("who granted land
to Quill, and which of them has the highest pagerank") is asked, never answered with the
named node's own score. networkx is the oracle, on two tables each."""

from __future__ import annotations

import networkx as nx
import pandas as pd
import pytest

from tests.planner_support import ask_table
from tests.planner_tables import CHOIR, COURIERS, FLATS, GRANTS, table_graph

KILNS = pd.DataFrame([("Ash", "Birch"), ("Ash", "Cedar"), ("Ash", "Dogwood"), ("Ash", "Elder"),
                      ("Birch", "Cedar"), ("Dogwood", "Fir"), ("Fir", "Gum"), ("Gum", "Hazel"),
                      ("Elder", "Fir")], columns=["kiln_x", "kiln_y"])


def _only_top(scores: dict) -> str:
    best = max(scores.values())
    (top,) = [n for n, v in scores.items() if v == best]
    return top


@pytest.mark.parametrize("edges,question", [
    (KILNS, "which kiln is furthest from the best-connected kiln?"),
    (COURIERS, "which depot is farthest from the best-connected depot?"),
])
def test_the_node_farthest_from_the_best_connected_one_is_measured_from_it(tmp_path, edges,
                                                                           question):
    weight = edges.columns[2] if len(edges.columns) > 2 else None
    g = table_graph(edges, weight)
    hub = _only_top(dict(g.degree()))
    far = nx.single_source_dijkstra_path_length(g, hub, weight=weight) if weight else \
        nx.single_source_shortest_path_length(g, hub)
    (farthest,) = [n for n, d in far.items() if d == max(far.values())]
    resp = ask_table(tmp_path, edges, question)
    assert resp.status == "answered", resp.answer
    rest = resp.answer.split(f"Then, for **{hub}**:", 1)[1]
    assert f"**{farthest}** at **{max(far.values())} " in rest, rest


@pytest.mark.parametrize("edges,question", [
    (CHOIR, "who is closest to the most central singer?"),
    (FLATS, "who lives furthest from the most central flatmate?"),
])
def test_a_most_central_node_the_rankings_disagree_on_is_asked(tmp_path, edges, question):
    g = table_graph(edges)
    assert _only_top(nx.pagerank(g)) != _only_top(nx.betweenness_centrality(g))
    resp = ask_table(tmp_path, edges, question)
    assert resp.status == "needs_clarification", resp.answer
    assert "each at the top" in resp.answer, resp.answer


@pytest.mark.parametrize("edges,question", [
    (GRANTS, "who granted land to Quill, and which of them has the highest pagerank?"),
    (KILNS, "list Ash's neighbours; among them, who is the most central?"),
])
def test_a_ranking_of_an_earlier_clause_s_set_is_asked(tmp_path, edges, question):
    resp = ask_table(tmp_path, edges, question)
    assert resp.status == "needs_clarification", resp.answer


@pytest.mark.parametrize("edges,node,question", [
    (CHOIR, "Dries", "who does Dries sing with, and which of them has the highest betweenness?"),
    (KILNS, "Fir", "list Fir's neighbours; which of them has the highest betweenness?"),
])
def test_a_ranking_of_a_node_s_partners_on_an_undirected_table_ranks_its_neighbours(
        tmp_path, edges, node, question):
    g = table_graph(edges)
    scores = nx.betweenness_centrality(g)
    best = _only_top({n: scores[n] for n in g[node]})
    resp = ask_table(tmp_path, edges, question)
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith(f"Of {node}'s {g.degree(node)} neighbours, the highest "
                                  f"betweenness is **{best}** "), resp.answer
