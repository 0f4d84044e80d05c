"""The longest chain of a directed acyclic table in the data's words ("the longest food
chain", "the longest supply chain") is its longest directed path (networkx is the oracle);
never the graph's description, and asked where no chain is defined."""

from __future__ import annotations

import networkx as nx
import pandas as pd
import pytest
from planner_support import ask_table

EATS = pd.DataFrame([("lynx", "hare"), ("lynx", "grouse"), ("hare", "clover"),
                     ("grouse", "beetle"), ("beetle", "moss"), ("stoat", "grouse"),
                     ("stoat", "vole"), ("vole", "moss"), ("owl", "stoat"), ("owl", "vole")],
                    columns=["predator", "prey"])
SUPPLY = pd.DataFrame([("mine", "smelter"), ("smelter", "mill"), ("mill", "stamper"),
                       ("stamper", "carmaker"), ("mill", "carmaker"), ("farm", "tannery"),
                       ("tannery", "carmaker")], columns=["supplier", "customer"])
ROADS = pd.DataFrame([("Arles", "Bram"), ("Bram", "Cuxa"), ("Cuxa", "Dax"), ("Dax", "Arles")],
                     columns=["town_a", "town_b"])


@pytest.mark.parametrize(("table", "source", "target", "question"), [
    (EATS, "predator", "prey", "how many feeding links are in the longest food chain?"),
    (SUPPLY, "supplier", "customer", "how many steps in the longest supply chain?"),
])
def test_the_longest_chain_of_a_directed_table_is_its_longest_path(tmp_path, table, source,
                                                                   target, question):
    g = nx.DiGraph(list(zip(table[source], table[target], strict=True)))
    resp = ask_table(tmp_path, table, question)
    assert resp.status == "answered", resp.answer
    assert f"**{nx.dag_longest_path_length(g)}**" in resp.answer
    assert "The loaded graph" not in resp.answer


def test_the_longest_chain_of_an_undirected_table_is_not_answered_with_its_size(tmp_path):
    resp = ask_table(tmp_path, ROADS, "how many roads in the longest chain of towns?")
    assert resp.status == "needs_clarification", resp.answer
