""""Are there any calls where the caller and the callee are the same number?", "did any
number ever call itself?", "shipments from a depot to the same depot": self-loops in the
data's own words, counted (networkx's ``number_of_selfloops``) and answered Yes / No first;
"itself" is never a node to look up, and "by itself" is no self-loop."""

from __future__ import annotations

import networkx as nx
import pandas as pd
import pytest

CALLS = pd.DataFrame([("ext1", "ext2"), ("ext2", "ext3"), ("ext3", "ext1"), ("ext4", "ext2")],
                     columns=["caller", "callee"])
FREIGHT = pd.DataFrame([("Dalby", "Wex", 4), ("Wex", "Wex", 2), ("Orr", "Dalby", 9),
                        ("Orr", "Orr", 1), ("Wex", "Orr", 3)],
                       columns=["shipper", "consignee", "tonnes"])


def _loops(table: pd.DataFrame) -> int:
    return nx.number_of_selfloops(nx.from_pandas_edgelist(
        table, table.columns[0], table.columns[1], create_using=nx.DiGraph))


@pytest.mark.parametrize("table,question", [
    (CALLS, "Are there any calls where the caller and the callee are the same number?"),
    (CALLS, "did any number ever call itself?"),
    (FREIGHT, "has any depot shipped to itself?"),
    (FREIGHT, "does any shipper appear as its own consignee?"),
    (FREIGHT, "is there a shipment whose two ends are the same depot?"),
])
def test_a_node_tied_to_itself_is_a_self_loop_answered_yes_or_no(agent, table, question):
    resp = agent.ask(question, attach=[table])
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith("**Yes**" if _loops(table) else "**No**"), resp.answer
    assert f"**{_loops(table)}** self-loop" in resp.answer, resp.answer


def test_the_self_loops_are_counted_in_the_datas_words(agent):
    resp = agent.ask("how many shipments went from a depot to the same depot?",
                     attach=[FREIGHT])
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith(f"**{_loops(FREIGHT)}** self-loop"), resp.answer


def test_the_edges_noun_before_themselves_is_no_self_loop(agent):
    resp = agent.ask("how many numbers never place a single call themselves?", attach=[CALLS])
    g = nx.from_pandas_edgelist(CALLS, "caller", "callee", create_using=nx.DiGraph)
    assert resp.status == "answered", resp.answer
    assert "self-loop" not in resp.answer, resp.answer
    assert resp.answer.startswith(f"**{sum(1 for n in g if g.out_degree(n) == 0)}**"), resp.answer
