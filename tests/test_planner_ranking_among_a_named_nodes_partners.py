""""Which of the families married to the Medici has the highest betweenness?", "Looking only at
the yards that ship to Moss, which one ships the most tonnes?", "Look at everyone Teal ships to
-- who gets the most tonnes in total?": a ranking taken among one named node's partners only
(never the named node's own value), the bottom where the question asks for the fewest.
networkx is the oracle."""

from __future__ import annotations

import networkx as nx
import pandas as pd
import pytest
from planner_support import ask_table

#: tonnes hauled from shipper to consignee (directed)
HAUL = pd.DataFrame(
    [("Quarrow", "Teal", 40), ("Quarrow", "Moss", 12), ("Quarrow", "Vane", 7), ("Teal", "Moss", 30),
     ("Vane", "Moss", 25), ("Yarrow", "Moss", 8), ("Yarrow", "Vane", 9), ("Teal", "Vane", 3),
     ("Moss", "Ember", 50), ("Ember", "Quarrow", 6), ("Vane", "Ember", 2), ("Pike", "Teal", 11),
     ("Pike", "Quarrow", 19), ("Ember", "Pike", 4)],
    columns=["shipper", "consignee", "tonnes"])
#: duets sung by two singers (undirected)
DUETS = pd.DataFrame(
    [("Odile", "Piers", 5), ("Odile", "Rhea", 2), ("Piers", "Rhea", 1), ("Rhea", "Soren", 7),
     ("Soren", "Tamsin", 3), ("Tamsin", "Odile", 4), ("Ulric", "Soren", 6), ("Ulric", "Tamsin", 2),
     ("Vesna", "Ulric", 9), ("Vesna", "Rhea", 1), ("Wren", "Vesna", 3), ("Wren", "Odile", 2),
     ("Xan", "Wren", 8)],
    columns=["singer_a", "singer_b", "duets"])


def _graph(edges: pd.DataFrame) -> nx.Graph:
    a, b, w = edges.columns
    return nx.from_pandas_edgelist(edges, a, b, [w], create_using=nx.DiGraph if a == "shipper"
                                   else nx.Graph)


def _in_tonnes(g, n):
    return g.in_degree(n, weight="tonnes")


def _out_tonnes(g, n):
    return g.out_degree(n, weight="tonnes")


def _partners(g, n):
    return g.degree(n)


def _duets(g, n):
    return g.degree(n, weight="duets")


def _betweenness(g, n):
    return nx.betweenness_centrality(g)[n]


@pytest.mark.parametrize(("edges", "node", "way", "measure", "low", "question"), [
    (HAUL, "Quarrow", "out", _in_tonnes, False,
     "which of the yards Quarrow ships to receives the most tonnes overall?"),
    (HAUL, "Moss", "in", _out_tonnes, False,
     "Looking only at the yards that ship to Moss, which one ships the most tonnes?"),
    (HAUL, "Teal", "out", _in_tonnes, False,
     "Look at everyone Teal ships to -- who gets the most tonnes in total?"),
    (DUETS, "Rhea", "both", _betweenness, False,
     "which of the singers who sang with Rhea has the highest betweenness?"),
    (DUETS, "Soren", "both", _duets, False,
     "Considering only the singers Soren performed with, which one has the most duets overall?"),
    (DUETS, "Odile", "both", _partners, False,
     "Looking only at the singers who duet with Odile, who has the most partners of their own?"),
    (DUETS, "Vesna", "both", _partners, True,
     "who among the singers paired with Vesna has the fewest partners?"),
])
def test_a_ranking_among_a_named_nodes_partners_ranks_only_them(tmp_path, edges, node, way,
                                                                 measure, low, question):
    g = _graph(edges)
    near = set(g.successors(node) if way == "out" else g.predecessors(node) if way == "in"
               else g.neighbors(node))
    scores = {n: measure(g, n) for n in near}
    best = (min if low else max)(scores.values())
    top = sorted(n for n, v in scores.items() if v == best)
    resp = ask_table(tmp_path, edges, question)
    assert resp.status == "answered", resp.answer
    head = resp.answer.split(":")[0]
    assert all(f"**{n}**" in head for n in top), resp.answer
    assert ("lowest" if low else "highest") in resp.answer, resp.answer
    assert not any(n in resp.answer for n in set(g) - near - {node}), resp.answer


@pytest.mark.parametrize(("edges", "first", "way", "measure", "question"), [
    (HAUL, lambda g: max(g, key=lambda n: g.in_degree(n, weight="tonnes")), "in", _out_tonnes,
     "Take the yard that receives the most tonnes. Of the yards that ship to it, which one ships "
     "the most tonnes overall?"),
    (DUETS, lambda g: max(g, key=lambda n: g.degree(n, weight="duets")), "both", _duets,
     "Find the singer with the most duets in total. Of the singers who sang with him, who has "
     "the most duets overall?"),
])
def test_a_ranking_among_the_partners_of_a_rankings_top(tmp_path, edges, first, way, measure,
                                                         question):
    g = _graph(edges)
    node = first(g)
    near = set(g.predecessors(node) if way == "in" else g.neighbors(node))
    scores = {n: measure(g, n) for n in near}
    best = max(scores.values())
    resp = ask_table(tmp_path, edges, question)
    assert resp.status == "answered", resp.answer
    then = resp.answer.split("Then, for")[1]
    assert f"**{node}**" in then.split(":")[0], resp.answer
    assert all(f"**{n}**" in then for n, v in scores.items() if v == best), resp.answer
