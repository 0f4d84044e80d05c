"""On a two-mode table "how many dishes contain both garlic and rice" / "which researchers
wrote both P-22 and P-30" are the two named nodes' shared partners (networkx common
neighbours), counted or listed."""

from __future__ import annotations

import networkx as nx
import pandas as pd
import pytest

from tests.planner_support import agents_for

PANTRY = pd.DataFrame([("Toast", "butter"), ("Toast", "bread"), ("Curry", "garlic"),
                       ("Curry", "rice"), ("Risotto", "rice"), ("Risotto", "garlic"),
                       ("Bruschetta", "bread"), ("Bruschetta", "tomato"),
                       ("Bruschetta", "garlic"), ("Salsa", "tomato")],
                      columns=["dish", "ingredient"])
PAPERS = pd.DataFrame([("Okafor", "P-17"), ("Okafor", "P-22"), ("Lindqvist", "P-17"),
                       ("Lindqvist", "P-30"), ("Mbeki", "P-22"), ("Mbeki", "P-30"),
                       ("Mbeki", "P-41"), ("Ferraro", "P-41"), ("Okafor", "P-30")],
                      columns=["researcher", "manuscript"])


@pytest.fixture(scope="module")
def agents(tmp_path_factory):
    yield from agents_for(["pantry", "papers"], tmp_path_factory)


@pytest.mark.parametrize(("name", "table", "a", "b", "question"), [
    ("pantry", PANTRY, "garlic", "rice", "How many dishes contain both garlic and rice?"),
    ("pantry", PANTRY, "bread", "tomato", "which dishes use both bread and tomato"),
    ("papers", PAPERS, "P-22", "P-30", "how many researchers wrote both P-22 and P-30?"),
    ("papers", PAPERS, "P-17", "P-30", "Which researchers have written both P-17 and P-30"),
])
def test_a_side_sharing_both_named_nodes_is_their_common_neighbours(agents, name, table, a, b,
                                                                    question):
    g = nx.from_pandas_edgelist(table, *table.columns)
    shared = sorted(nx.common_neighbors(g, a, b))
    resp = agents[name].ask(question, attach=[table])
    assert resp.status == "answered", resp.answer
    assert f"share **{len(shared)}** neighbour(s): " in resp.answer, resp.answer
    listed = resp.answer.split("neighbour(s): ", 1)[1].split(".")[0]
    assert sorted(listed.split(", ")) == shared, resp.answer
