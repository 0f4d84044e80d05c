"""One node's own attribute value read from the node table ("what is Pia's age?", "how old
is Pia?", "what street does Sol live on?"), age words read as the age column ("the oldest
resident", "older than 50", the youngest with a condition asks), and "Uma's degree?" answered
for Uma, never with the whole graph's degree summary."""

from __future__ import annotations

import networkx as nx
import pandas as pd
import pytest

from igraph_agent.graph.lazy import node_attributes
from tests.planner_support import ask_table

RESIDENTS = (
    pd.DataFrame([("Ines", "Omar"), ("Omar", "Pia"), ("Pia", "Ines"), ("Pia", "Rhea"), ("Rhea", "Sol"),
                  ("Sol", "Tam"), ("Tam", "Rhea"), ("Uma", "Vic")], columns=["neighbour_a", "neighbour_b"]),
    pd.DataFrame({"resident": ["Ines", "Omar", "Pia", "Rhea", "Sol", "Tam", "Uma", "Vic"],
                  "street": ["Elm", "Elm", "Oak", "Oak", "Oak", "Pine", "Pine", "Elm"],
                  "age": [34, 71, 45, 29, 52, 63, 38, 80]}))
ROWERS = (
    pd.DataFrame([("bow", "two"), ("two", "three"), ("three", "stroke"), ("stroke", "cox"),
                  ("bow", "cox"), ("spare", "coach")], columns=["rower", "seat_partner"]),
    pd.DataFrame({"seat": ["bow", "two", "three", "stroke", "cox", "spare", "coach"],
                  "club": ["Isis", "Isis", "Tyne", "Tyne", "Isis", "Tyne", "Isis"],
                  "age_years": [19, 23, 31, 27, 22, 35, 58]}))
TABLES = {"residents": RESIDENTS, "rowers": ROWERS}


def _value(name: str, node: str, column: str):
    nodes = TABLES[name][1]
    return nodes.loc[nodes.iloc[:, 0] == node, column].item()


def test_a_nodes_attributes_leave_out_its_label():
    g = nx.Graph()
    g.add_node("Pia", age=45, street="Oak", label="P", score=float("nan"))
    assert node_attributes(g, "Pia") == {"age": 45, "street": "Oak"}


@pytest.mark.parametrize(("name", "question", "node", "column"), [
    ("residents", "what is Pia's age?", "Pia", "age"),
    ("residents", "how old is Vic?", "Vic", "age"),
    ("residents", "what street does Sol live on?", "Sol", "street"),
    ("residents", "Pia's street?", "Pia", "street"),
    ("rowers", "how old is stroke?", "stroke", "age_years"),
    ("rowers", "what club does cox row for?", "cox", "club"),
    ("rowers", "what's the club of spare?", "spare", "club"),
])
def test_one_nodes_own_value_is_read_from_the_node_table(tmp_path, name, question, node, column):
    edges, nodes = TABLES[name]
    r = ask_table(tmp_path, edges, question, nodes)
    assert r.status == "answered", r.answer
    assert f"**{_value(name, node, column)}**" in r.answer and node in r.answer


@pytest.mark.parametrize(("name", "question", "lowest"), [
    ("residents", "who is the oldest resident?", False),
    ("rowers", "who is the youngest rower?", True),
])
def test_oldest_and_youngest_rank_by_the_age_column(tmp_path, name, question, lowest):
    edges, nodes = TABLES[name]
    ages = dict(zip(nodes.iloc[:, 0], nodes.iloc[:, -1], strict=True))
    want = (min if lowest else max)(ages, key=ages.get)
    r = ask_table(tmp_path, edges, question, nodes)
    assert r.status == "answered", r.answer
    assert f"**{want}** ({ages[want]})" in r.answer


@pytest.mark.parametrize(("name", "question", "op", "value"), [
    ("residents", "list residents older than 50", "gt", 50),
    ("rowers", "how many rowers are younger than 25?", "lt", 25),
])
def test_older_and_younger_than_bound_the_age_column(tmp_path, name, question, op, value):
    edges, nodes = TABLES[name]
    ages = nodes.iloc[:, -1]
    want = int((ages > value).sum() if op == "gt" else (ages < value).sum())
    r = ask_table(tmp_path, edges, question, nodes)
    assert r.status == "answered", r.answer
    assert f"**{want}** have {nodes.columns[-1]}" in r.answer


@pytest.mark.parametrize("name", sorted(TABLES))
def test_the_youngest_with_a_degree_condition_is_asked_not_answered_as_a_count(tmp_path, name):
    edges, nodes = TABLES[name]
    r = ask_table(tmp_path, edges, "who is the youngest person with more than 1 neighbour?", nodes)
    assert r.status == "needs_clarification", r.answer


def test_an_age_bound_on_a_table_with_no_age_is_asked(tmp_path):
    edges, nodes = RESIDENTS
    r = ask_table(tmp_path, edges, "list residents older than 50", nodes.drop(columns=["age"]))
    assert r.status == "needs_clarification", r.answer


@pytest.mark.parametrize(("name", "node"), [("residents", "Uma"), ("rowers", "spare")])
def test_one_nodes_degree_is_answered_for_that_node(tmp_path, name, node):
    edges, nodes = TABLES[name]
    g = nx.from_pandas_edgelist(edges, *edges.columns[:2])
    r = ask_table(tmp_path, edges, f"what is {node}'s degree?", nodes)
    assert r.status == "answered", r.answer
    assert r.answer.startswith(f"{node} has degree **{g.degree(node)}**"), r.answer
