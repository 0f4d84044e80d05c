"""Counts past a number written in words, and a node's value by its column's name without the
unit: "how many depots have more than one incoming lane" counts in-degree past 1 (was a
ranking by in-degree, answered); "cited more than twice" is in-degree past 2; "more than one
citation" (singular) is in-degree, not degree; "what's Eastleigh's load" reads ``load_mw``.
Two vocabularies each; networkx is the oracle."""

from __future__ import annotations

import networkx as nx
import pandas as pd
import pytest
from planner_support import agents_for

LANES = pd.DataFrame([("Aldgate", "Brayford", 12), ("Aldgate", "Carrick", 30), ("Kelso", "Aldgate", 50),
                      ("Brayford", "Carrick", 8), ("Carrick", "Lisburn", 14), ("Kelso", "Lisburn", 36),
                      ("Brayford", "Lisburn", 5), ("Fenwick", "Brayford", 9)],
                     columns=["from_depot", "to_depot", "tonnes"])
CITES = pd.DataFrame([("p1", "p2"), ("p1", "p3"), ("p2", "p3"), ("p4", "p3"), ("p4", "p2"),
                      ("p5", "p1"), ("p5", "p3"), ("p6", "p5")], columns=["citing", "cited"])
GRAPHS = {"lanes": LANES, "cites": CITES}


@pytest.fixture(scope="module")
def agents(tmp_path_factory):
    yield from agents_for([*GRAPHS, "grid"], tmp_path_factory)


def _g(table: pd.DataFrame) -> nx.DiGraph:
    return nx.from_pandas_edgelist(table, *table.columns[:2], create_using=nx.DiGraph)


@pytest.mark.parametrize(("name", "question", "past"), [
    ("lanes", "how many depots have more than one incoming lane?", 1),
    ("lanes", "How many depots receive more than one incoming lane", 1),
    ("cites", "how many papers have more than one citation?", 1),
    ("cites", "how many papers were cited more than twice?", 2),
])
def test_a_count_past_a_number_in_words_counts_in_degree_past_it(agents, name, question, past):
    g = _g(GRAPHS[name])
    want = sum(1 for n in g if g.in_degree(n) > past)
    resp = agents[name].ask(question, attach=[GRAPHS[name]])
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith(f"**{want}** of {g.number_of_nodes()} "), resp.answer
    assert "in-degree" in resp.answer, resp.answer


@pytest.mark.parametrize(("column", "question", "node"), [
    ("load_mw", "what's Eastleigh's load?", "Eastleigh"),
    ("length_km", "what is the length of Brook?", "Brook"),
])
def test_a_node_value_is_read_by_its_columns_name_without_the_unit(agents, column, question,
                                                                   node):
    edges = pd.DataFrame([("Eastleigh", "Brook"), ("Brook", "Cray"), ("Cray", "Eastleigh")],
                         columns=["sub_a", "sub_b"])
    values = {"Eastleigh": 150, "Brook": 42, "Cray": 77}
    nodes = pd.DataFrame({"name": list(values), column: list(values.values())})
    resp = agents["grid"].ask(question, attach=[edges, nodes])
    assert resp.status == "answered", resp.answer
    assert f"**{values[node]}**" in resp.answer.split(".")[0], resp.answer


MENTORS = pd.DataFrame([("Ayla", "Bram"), ("Ayla", "Edda"), ("Bram", "Ivo"), ("Edda", "Ivo"),
                        ("Cleo", "Kit"), ("Dev", "Kit"), ("Ayla", "Cleo")],
                       columns=["mentor", "mentee"])
FOOD = pd.DataFrame([("owl", "vole"), ("fox", "vole"), ("owl", "shrew"), ("fox", "hare"),
                     ("hawk", "shrew"), ("hawk", "vole")], columns=["predator", "prey"])


@pytest.mark.parametrize(("table", "question"), [
    (MENTORS, "who has more than one mentor?"),
    (FOOD, "which species have more than one predator?"),
])
def test_more_than_one_of_the_source_columns_noun_counts_in_degree(tmp_path, table, question):
    from igraph_agent import Agent

    g = _g(table)
    want = sorted(n for n in g if g.in_degree(n) > 1)
    agent = Agent(home=tmp_path)
    try:
        resp = agent.ask(question, attach=[table])
    finally:
        agent.close()
    assert resp.status == "answered", resp.answer
    assert "in-degree more than 1" in resp.answer, resp.answer
    for n in want:
        assert n in resp.answer, resp.answer
