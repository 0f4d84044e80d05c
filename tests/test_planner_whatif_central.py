"""A ranking asked of the graph after a removal ("who would be the most central if Dries
left", "which document would top PageRank if d0 were retracted") is scored on the graph
without it (``node_centrality(without=…)``), never on the graph as it is; "kept only enough
roads to connect every town, with the least total" is the minimum spanning tree's total,
never the sum of every edge; and a total asked after a planned removal of something no
name says ("if we removed the longest trail") is asked about. networkx is the oracle."""

from __future__ import annotations

import re

import networkx as nx
import pandas as pd
import pytest

from tests.planner_tables import CHOIR, COURIERS, table_graph
from tests.test_directed_totals import _ask
from tests.test_planner_whatif_damage import BOTHIES

#: crews who have worked shifts together: a clique, a triangle and a triangle in a chain
CREWS = pd.DataFrame(
    [("Ada", "Ben"), ("Ada", "Cy"), ("Ben", "Cy"), ("Cy", "Dot"), ("Ada", "Dot"), ("Ben", "Dot"),
     ("Dot", "Eli"), ("Eli", "Fay"), ("Fay", "Gus"), ("Gus", "Eli"), ("Gus", "Hal"),
     ("Hal", "Ivy"), ("Ivy", "Jo"), ("Jo", "Hal")], columns=["crew_a", "crew_b"])
#: documents citing earlier documents (directed: citing -> cited)
CITES = pd.DataFrame(
    [("d1", "d0"), ("d2", "d0"), ("d3", "d1"), ("d4", "d1"), ("d5", "d1"), ("d6", "d2"),
     ("d5", "d2"), ("d7", "d3"), ("d8", "d4"), ("d8", "d6"), ("d9", "d6"), ("d7", "d6")],
    columns=["citing_doc", "cited_doc"])


def _top(g: nx.Graph, measure: str) -> set[str]:
    scores = nx.betweenness_centrality(g) if measure == "betweenness" else nx.pagerank(g)
    best = max(scores.values())
    return {n for n, s in scores.items() if abs(s - best) < 1e-9}


def _first_ranked(answer: str) -> str:
    m = re.search(r"the most central nodes are \**([\w-]+)", answer)
    assert m, answer
    return m.group(1)


@pytest.mark.parametrize(("table", "question", "gone", "measure"), [
    (CREWS, "who would be the most central person if Dot left (betweenness)?", "Dot",
     "betweenness"),
    (CHOIR, "if Dries left the choir, who would be the most central singer by betweenness?",
     "Dries", "betweenness"),
    (CITES, "If d0 were retracted, which document would top PageRank?", "d0", "pagerank"),
])
def test_the_most_central_after_a_removal_is_ranked_on_the_graph_without_it(
        tmp_path, table, question, gone, measure):
    resp = _ask(tmp_path, table, question)
    directed = table is CITES
    g = nx.from_pandas_edgelist(table, *table.columns[:2],
                                create_using=nx.DiGraph if directed else nx.Graph)
    before = _top(g, measure)
    want = _top(g.subgraph(set(g) - {gone}), measure)
    assert not want & before
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith(f"Without {gone} "), resp.answer
    assert f"**{measure}**" in resp.answer, resp.answer
    assert _first_ranked(resp.answer) in want, resp.answer


@pytest.mark.parametrize("question", [
    "Say Dot gets let go - who's the best-connected person after that?",
    "if Dot quit, who would have the most connections?",
])
def test_the_best_connected_after_a_removal_is_ranked_by_degree_without_it(tmp_path, question):
    g = nx.from_pandas_edgelist(CREWS, *CREWS.columns[:2])
    h = g.subgraph(set(g) - {"Dot"})
    best = max(d for _, d in h.degree())
    want = {n for n, d in h.degree() if d == best}
    assert want != {n for n, d in g.degree() if d == max(x for _, x in g.degree())}
    resp = _ask(tmp_path, CREWS, question)
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith("Without Dot "), resp.answer
    assert "**degree**" in resp.answer, resp.answer
    assert _first_ranked(resp.answer) in want, resp.answer


@pytest.mark.parametrize(("table", "question"), [
    (COURIERS, "If we only kept enough roads to connect every depot, with the least total "
               "drive time, how many minutes would that be?"),
    (BOTHIES, "If we only kept enough trails to link all the bothies, with the fewest total "
              "hours, how many hours would that be?"),
    (COURIERS, "If we only kept the cheapest set of roads that still connects every depot, how "
               "many minutes would that be?"),
])
def test_only_enough_edges_to_connect_everything_at_least_cost_is_the_spanning_tree_total(
        tmp_path, table, question):
    resp = _ask(tmp_path, table, question)
    weight = table.columns[2]
    g = table_graph(table, weight)
    want = nx.minimum_spanning_tree(g, weight=weight).size(weight=weight)
    assert want != g.size(weight=weight)
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith(f"**{want:g} {weight}**"), resp.answer


@pytest.mark.parametrize(("table", "question"), [
    (BOTHIES, "if we removed the longest trail, what's the total trail hours?"),
    (COURIERS, "if you dropped the slowest road, what would the drive minutes add up to?"),
])
def test_a_total_after_a_planned_removal_no_name_says_is_asked_about(tmp_path, table, question):
    resp = _ask(tmp_path, table, question)
    assert resp.status == "needs_clarification", resp.answer
