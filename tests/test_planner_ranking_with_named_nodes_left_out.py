""""Apart from Valjean, who has the largest total co-appearance weight?", "Which yard ships out
the most tonnes, other than Quarrow?", "Excluding Valjean and Marius, which character has the
most connections?": the ranking asked, its top once the named nodes are left out, first and in
bold (never the named node itself, never "Apart" read as a name). networkx is the oracle, on
two tables with different vocabularies."""

from __future__ import annotations

import re

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
    return nx.from_pandas_edgelist(edges, a, b, [w],
                                   create_using=nx.DiGraph if a == "shipper" else nx.Graph)


@pytest.mark.parametrize(("edges", "left", "measure", "question"), [
    (HAUL, ["Moss"], lambda g: dict(g.in_degree(weight="tonnes")),
     "Apart from Moss, which yard receives the most tonnes?"),
    (HAUL, ["Quarrow"], lambda g: dict(g.out_degree(weight="tonnes")),
     "Which yard ships out the most tonnes, other than Quarrow?"),
    (DUETS, ["Ulric"], lambda g: dict(g.degree(weight="duets")),
     "Besides Ulric, which singer sang the most duets in total?"),
    (DUETS, ["Rhea", "Odile"], lambda g: dict(g.degree()),
     "Excluding Rhea and Odile, who has the most partners?"),
    (DUETS, ["Odile"], nx.betweenness_centrality,
     "Leaving Odile out, who has the highest betweenness?"),
])
def test_the_top_of_a_ranking_with_named_nodes_left_out(tmp_path, edges, left, measure, question):
    g = _graph(edges)
    scores = {n: v for n, v in measure(g).items() if n not in left}
    best = max(scores.values())
    top = [n for n, v in scores.items() if v == best]
    resp = ask_table(tmp_path, edges, question)
    assert resp.status == "answered", resp.answer
    first = resp.answer.split("\n")[0]
    assert all(f"**{n}**" in first for n in top), resp.answer
    assert not any(f"**{n}**" in first for n in left), resp.answer
    assert "Apart" not in first.replace("Apart from", ""), resp.answer


def test_the_top_three_with_a_named_node_left_out_are_each_in_bold(tmp_path):
    g = _graph(DUETS)
    totals = {n: v for n, v in g.degree(weight="duets") if n != "Ulric"}
    ranked = sorted(totals.values(), reverse=True)
    top = {n for n, v in totals.items() if v >= ranked[2]}
    resp = ask_table(tmp_path, DUETS, "Apart from Ulric, who are the top 3 singers by total duets?")
    assert resp.status == "answered", resp.answer
    first = resp.answer.split("\n")[0]
    assert set(re.findall(r"\*\*(\w+)\*\*", first)) == top, resp.answer
