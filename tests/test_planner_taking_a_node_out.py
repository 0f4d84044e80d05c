""""Would taking Bridge out disconnect anyone?" removes the node named between "taking" and
"out" (even one named like a graph term) and answers from the graph without it, instead of
answering with the whole graph's cut points. networkx is the oracle, on two tables."""

from __future__ import annotations

import networkx as nx
import pandas as pd
import pytest

from tests.test_directed_totals import _ask

DEALS = pd.DataFrame([("Orbit", "Bridge"), ("Bridge", "Volt"), ("Volt", "Orbit"),
                      ("Volt", "Kite"), ("Kite", "Mesa"), ("Lark", "Pine")],
                     columns=["investor_a", "investor_b"])
PIPES = pd.DataFrame([("j1", "Hub"), ("Hub", "j2"), ("j2", "j3"), ("j3", "j1"), ("j3", "j4")],
                     columns=["junction_a", "junction_b"])


@pytest.mark.parametrize(("table", "question", "node"), [
    (DEALS, "is Bridge actually a bridge - would taking Bridge out disconnect anyone?",
     "Bridge"),
    (DEALS, "would taking Kite out disconnect anyone?", "Kite"),
    (PIPES, "would taking Hub out disconnect any junction?", "Hub"),
    (PIPES, "would taking j3 out disconnect any junction?", "j3"),
])
def test_taking_a_named_node_out_answers_from_the_graph_without_it(tmp_path, table, question,
                                                                   node):
    g = nx.from_pandas_edgelist(table, *table.columns)
    before = nx.number_connected_components(g)
    g.remove_node(node)
    want = "Yes" if nx.number_connected_components(g) > before else "No"
    resp = _ask(tmp_path, table, question)
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith(f"**{want}**") and f"Without {node}" in resp.answer, \
        resp.answer
