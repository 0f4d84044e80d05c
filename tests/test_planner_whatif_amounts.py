"""A what-if that asks for an amount ("how many kegs would Lanternhall still get", "how many
messages would Ola still get") is the named node's edge values added up without the removed
node, never the nodes it still reaches (networkx is the oracle)."""

from __future__ import annotations

import networkx as nx
import pandas as pd
import pytest
from planner_support import ask_table

#: farms delivering crates to markets (two-mode): Eastgate is supplied by two farms
CRATES = pd.DataFrame([("Brackley", "Eastgate", 12), ("Brackley", "Northmoor", 7),
                       ("Copsey", "Eastgate", 5), ("Copsey", "Riverside", 9),
                       ("Dunholm", "Northmoor", 4), ("Dunholm", "Riverside", 3),
                       ("Dunholm", "Westbury", 8)], columns=["farm", "market", "crates"])
#: messages sent between people (directed, a count column)
MESSAGES = pd.DataFrame([("Ola", "Pim", 3), ("Pim", "Ola", 6), ("Quy", "Ola", 4),
                         ("Rex", "Ola", 2), ("Quy", "Rex", 5), ("Pim", "Quy", 1),
                         ("Rex", "Pim", 7)], columns=["sender", "recipient", "count"])


def _without(table: pd.DataFrame, gone: str, node: str) -> int:
    g = nx.from_pandas_edgelist(table, *table.columns[:2], edge_attr=table.columns[2],
                                create_using=nx.DiGraph)
    g.remove_node(gone)
    return g.in_degree(node, weight=table.columns[2])


@pytest.mark.parametrize(("table", "question", "gone", "node"), [
    (CRATES, "if Brackley stopped farming, how many crates would Eastgate still get?",
     "Brackley", "Eastgate"),
    (MESSAGES, "if Pim left, how many messages would Ola still get?", "Pim", "Ola"),
    (MESSAGES, "how many messages would Ola still receive if Rex stopped sending?", "Rex", "Ola"),
])
def test_an_amount_still_received_after_a_removal_is_the_total_without_it(tmp_path, table,
                                                                            question, gone, node):
    resp = ask_table(tmp_path, table, question)
    assert resp.status == "answered", resp.answer
    assert f"**{_without(table, gone, node)}**" in resp.answer, resp.answer
    assert "still reaches" not in resp.answer and "still connected" not in resp.answer


@pytest.mark.parametrize(("table", "question", "gone", "node"), [
    (CRATES, "if Brackley stopped farming, would Eastgate still get crates?", "Brackley",
     "Eastgate"),
    (MESSAGES, "if Pim left, would Ola still receive any messages?", "Pim", "Ola"),
])
def test_whether_a_node_still_gets_an_amount_is_yes_or_no_with_its_total(tmp_path, table,
                                                                        question, gone, node):
    resp = ask_table(tmp_path, table, question)
    assert resp.status == "answered", resp.answer
    left = _without(table, gone, node)
    assert resp.answer.startswith("**Yes**" if left > 0 else "**No**"), resp.answer
    assert f"**{left}**" in resp.answer, resp.answer


def test_how_much_a_node_still_gets_is_the_tables_one_amount(tmp_path):
    resp = ask_table(tmp_path, CRATES, "if Copsey closed, how much would Riverside still get?")
    assert resp.status == "answered", resp.answer
    assert f"**{_without(CRATES, 'Copsey', 'Riverside')}**" in resp.answer, resp.answer
