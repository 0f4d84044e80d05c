""""What team is the best-connected employee on, and how many people are on that team?",
"Which basin is Quarrow in, and which yard in that basin receives the most tonnes?": one
node's group (the node named, or the top of a ranking), then the question asked inside that
group, the second answer first. networkx is the oracle, on two tables with different
vocabularies."""

from __future__ import annotations

import networkx as nx
import pandas as pd
import pytest
from planner_support import ask_table

HAUL = pd.DataFrame(
    [("Quarrow", "Teal", 40), ("Quarrow", "Moss", 12), ("Quarrow", "Vane", 7), ("Teal", "Moss", 30),
     ("Vane", "Moss", 25), ("Yarrow", "Moss", 8), ("Yarrow", "Vane", 9), ("Teal", "Vane", 3),
     ("Moss", "Ember", 50), ("Ember", "Quarrow", 6), ("Vane", "Ember", 2), ("Pike", "Teal", 11),
     ("Pike", "Quarrow", 19), ("Ember", "Pike", 4)],
    columns=["shipper", "consignee", "tonnes"])
YARDS = pd.DataFrame([("Quarrow", "north"), ("Teal", "north"), ("Moss", "south"),
                      ("Vane", "south"), ("Yarrow", "west"), ("Ember", "west"),
                      ("Pike", "north")], columns=["yard", "basin"])
DUETS = pd.DataFrame(
    [("Odile", "Piers", 5), ("Odile", "Rhea", 2), ("Piers", "Rhea", 1), ("Rhea", "Soren", 7),
     ("Soren", "Tamsin", 3), ("Tamsin", "Odile", 4), ("Ulric", "Soren", 6), ("Ulric", "Tamsin", 2),
     ("Vesna", "Ulric", 9), ("Vesna", "Rhea", 1), ("Wren", "Vesna", 3), ("Wren", "Odile", 2),
     ("Xan", "Wren", 8)],
    columns=["singer_a", "singer_b", "duets"])
VOICES = pd.DataFrame(
    list(zip(["Odile", "Piers", "Rhea", "Soren", "Tamsin", "Ulric", "Vesna", "Wren", "Xan"],
             ["alto", "bass", "alto", "tenor", "bass", "tenor", "alto", "bass", "tenor"],
             strict=True)), columns=["singer", "voice"])


def _size(g, group, value):
    return str(sum(1 for n in g if group[n] == value))


def _top_in(g, group, value):
    got = {n: g.in_degree(n, weight="tonnes") for n in g if group[n] == value}
    return max(got, key=got.get)


@pytest.mark.parametrize(("edges", "nodes", "node", "answer", "question"), [
    (DUETS, VOICES, lambda g: max(dict(g.degree(weight="duets")).items(), key=lambda x: x[1])[0],
     _size, "Which voice is the singer with the most duets in? How many singers are in that "
            "voice?"),
    (DUETS, VOICES, lambda g: "Rhea", _size,
     "What voice is Rhea in, and how many singers are in that voice?"),
    (HAUL, YARDS, lambda g: "Quarrow", _top_in,
     "Which basin is Quarrow in, and which yard in that basin receives the most tonnes?"),
])
def test_a_nodes_group_then_a_question_inside_it(tmp_path, edges, nodes, node, answer, question):
    a, b, w = edges.columns
    g = nx.from_pandas_edgelist(edges, a, b, [w], create_using=nx.DiGraph if a == "shipper"
                                else nx.Graph)
    group = dict(nodes.values)
    value = group[node(g)]
    resp = ask_table(tmp_path, edges, question, nodes)
    assert resp.status == "answered", resp.answer
    assert f"**{answer(g, group, value)}" in resp.answer.split("\n")[0], resp.answer
    assert f"**{value}**" in resp.answer, resp.answer
