"""The node that received the most of a directed table's edge value in total (its weighted
in-strength), also when "received" is misspelt, checked against networkx on two tables."""

from __future__ import annotations

import networkx as nx
import pandas as pd
import pytest

from tests.planner_support import agents_for

PAY = pd.DataFrame([("ann", "bob", 100), ("carl", "bob", 50), ("dora", "ed", 500),
                    ("bob", "ed", 20), ("fay", "gus", 30), ("ed", "fay", 10), ("hal", "bob", 5)],
                   columns=["sender", "receiver", "amount_usd"])
LOANS = pd.DataFrame([("Acme", "Birch", 7), ("Cove", "Birch", 2), ("Acme", "Delta", 12),
                      ("Birch", "Delta", 1), ("Delta", "Acme", 3)],
                     columns=["lender", "borrower", "loan_meur"])
GRAPHS = {"pay": (PAY, "sender", "receiver", "amount_usd"),
          "loans": (LOANS, "lender", "borrower", "loan_meur")}


@pytest.fixture(scope="module")
def agents(tmp_path_factory):
    yield from agents_for(GRAPHS, tmp_path_factory)


@pytest.mark.parametrize("name,question", [
    ("pay", "who recieved the most money in total?"),
    ("pay", "which account received the most money in total?"),
    ("loans", "which firm recieved the most loan money in total?"),
])
def test_the_node_that_received_the_most_in_total(agents, name, question):
    table, a, b, col = GRAPHS[name]
    g = nx.from_pandas_edgelist(table, a, b, edge_attr=col, create_using=nx.DiGraph)
    received = dict(g.in_degree(weight=col))
    top = max(received, key=received.get)
    assert list(received.values()).count(received[top]) == 1
    resp = agents[name].ask(question, attach=[table])
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith(f"**{top}**"), resp.answer
    assert f"**{received[top]:g}**" in resp.answer, resp.answer
