"""Nodes that take part in one end of the edges only ("which residents only receive help
and never give any", "which wallets pay but never get paid") leave out a node in no edge at
all, which neither gives nor receives; "who never helps anyone" keeps it (networkx is the
oracle, on tables with a node table naming a node in no edge)."""

from __future__ import annotations

import re

import networkx as nx
import pandas as pd
import pytest
from planner_support import ask_table

#: help given in hours, and Ines in no help record
HELPING = pd.DataFrame(
    [("Maggie", "Tom", 3), ("Tom", "Maggie", 1), ("Maggie", "Greta", 2), ("Greta", "Harold", 9),
     ("Yusuf", "Harold", 7), ("Lena", "Greta", 2), ("Lena", "Yusuf", 3)],
    columns=["helper", "helped", "hours"])
RESIDENTS = pd.DataFrame(
    [(n, s) for n, s in [("Maggie", "Elm"), ("Tom", "Elm"), ("Greta", "Oak"), ("Harold", "Oak"),
                         ("Yusuf", "Oak"), ("Lena", "Ash"), ("Ines", "Ash")]],
    columns=["id", "street"])
#: payments, and w9 in none
PAYMENTS = pd.DataFrame(
    [("w1", "w2", 50), ("w2", "w3", 20), ("w4", "w3", 70), ("w5", "w1", 10), ("w3", "w6", 5),
     ("w4", "w6", 9)],
    columns=["payer", "payee", "amount"])
ACCOUNTS = pd.DataFrame([(f"w{i}", "retail" if i % 2 else "business") for i in range(1, 10)],
                        columns=["id", "segment"])


def _graph(edges: pd.DataFrame, nodes: pd.DataFrame) -> nx.DiGraph:
    g = nx.from_pandas_edgelist(edges, *edges.columns[:2], create_using=nx.DiGraph)
    g.add_nodes_from(nodes["id"])
    return g


def _listed(answer: str) -> set[str]:
    tail = answer.split(":")[-1]
    return set(re.findall(r"\*\*([^*]+)\*\*", tail))


@pytest.mark.parametrize(("edges", "nodes", "question", "which"), [
    (HELPING, RESIDENTS, "Which residents only receive help and never give any?", "sinks"),
    (HELPING, RESIDENTS, "which residents are helped but never help anyone?", "sinks"),
    (PAYMENTS, ACCOUNTS, "which wallets only pay and never get paid?", "sources"),
    (PAYMENTS, ACCOUNTS, "Which wallets get paid but never pay anyone?", "sinks"),
], ids=lambda x: x if isinstance(x, str) else "")
def test_one_end_only_leaves_out_the_nodes_in_no_edge(tmp_path, edges, nodes, question, which):
    g = _graph(edges, nodes)
    if which == "sinks":
        want = {n for n in g if g.out_degree(n) == 0 and g.in_degree(n) > 0}
    else:
        want = {n for n in g if g.in_degree(n) == 0 and g.out_degree(n) > 0}
    assert any(g.degree(n) == 0 for n in g)  # the table has a node in no edge
    resp = ask_table(tmp_path, edges, question, nodes=nodes)
    assert resp.status == "answered", resp.answer
    assert _listed(resp.answer) == want, resp.answer


def test_never_doing_it_keeps_the_nodes_in_no_edge(tmp_path):
    g = _graph(HELPING, RESIDENTS)
    resp = ask_table(tmp_path, HELPING, "Which residents never help anyone?", nodes=RESIDENTS)
    assert resp.status == "answered", resp.answer
    assert _listed(resp.answer) == {n for n in g if g.out_degree(n) == 0}
