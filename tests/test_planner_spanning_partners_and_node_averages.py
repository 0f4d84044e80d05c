"""Edge-value questions in a user's words: the cheapest way to connect every node (the
minimum spanning tree's total), one named node's strongest partner ("Ben's strongest
friend", "who has Ava known the longest"), and an average per node, which the totals do
not give, asked about rather than answered with the mean per edge. networkx is the oracle,
on tables with different vocabularies."""

from __future__ import annotations

import networkx as nx
import pandas as pd
import pytest

from tests.planner_support import agents_for

LINES = pd.DataFrame([("Alder", "Birch", 4), ("Birch", "Cedar", 3), ("Cedar", "Elm", 9),
                      ("Alder", "Elm", 15), ("Elm", "Fir", 2), ("Fir", "Hazel", 6),
                      ("Birch", "Hazel", 12), ("Hazel", "Oak", 5)],
                     columns=["substation_a", "substation_b", "length_km"])
PIPES = pd.DataFrame([("J1", "J2", 120), ("J2", "J3", 80), ("J1", "J3", 300), ("J3", "J4", 60),
                      ("J4", "J5", 200), ("J2", "J5", 500)],
                     columns=["junction", "next_junction", "pipe_m"])
FRIENDS = pd.DataFrame([("Ava", "Ben", 3), ("Ben", "Cleo", 12), ("Cleo", "Dan", 7),
                        ("Ava", "Dan", 20), ("Dan", "Eve", 1), ("Ava", "Eve", 9)],
                       columns=["person", "friend", "years_known"])
CREW = pd.DataFrame([("Tom", "Rex", 4), ("Rex", "Sal", 11), ("Tom", "Sal", 2),
                     ("Sal", "Ned", 6), ("Tom", "Ned", 8)],
                    columns=["sailor", "shipmate", "voyages"])
SHIPS = pd.DataFrame([("Leeds", "Hull", 12), ("Leeds", "York", 3), ("Derby", "Hull", 30),
                      ("York", "Bath", 8), ("Hull", "Bath", 5)],
                     columns=["depot_from", "depot_to", "tonnes"])
GRAPHS = {"lines": LINES, "pipes": PIPES, "friends": FRIENDS, "crew": CREW, "ships": SHIPS}


@pytest.fixture(scope="module")
def agents(tmp_path_factory):
    yield from agents_for(GRAPHS, tmp_path_factory)


def _ask(agents, name: str, question: str):
    table = GRAPHS[name]
    g = nx.from_pandas_edgelist(table, *table.columns[:2], edge_attr=table.columns[2])
    return agents[name].ask(question, attach=[table]), g, table.columns[2]


@pytest.mark.parametrize("name,question", [
    ("lines", "what is the cheapest way to connect every substation? give the total "
              "length_km"),
    ("lines", "what's the least length_km needed to link all the substations?"),
    ("pipes", "what is the minimum pipe that connects all junctions?"),
])
def test_the_cheapest_way_to_connect_every_node_is_the_spanning_tree(agents, name, question):
    resp, g, col = _ask(agents, name, question)
    total = nx.minimum_spanning_tree(g, weight=col).size(weight=col)
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith(f"**{total:g} {col}**"), resp.answer


@pytest.mark.parametrize("name,question,who", [
    ("friends", "who is Ben's strongest friend by years_known?", "Ben"),
    ("friends", "who has Ava known the longest?", "Ava"),
    ("crew", "who is Tom's closest shipmate?", "Tom"),
])
def test_a_named_nodes_strongest_partner(agents, name, question, who):
    resp, g, col = _ask(agents, name, question)
    best = max(g[who], key=lambda n: g[who][n][col])
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith(f"**{best}**"), resp.answer
    assert f"**{g[who][best][col]}**" in resp.answer, resp.answer


@pytest.mark.parametrize("name,question", [
    ("ships", "what is the average tonnes shipped per depot?"),
    ("crew", "on average, how many voyages does each sailor have?"),
])
def test_an_average_per_node_is_asked_not_answered_per_edge(agents, name, question):
    resp, _, _ = _ask(agents, name, question)
    assert resp.status == "needs_clarification", resp.answer


def test_an_average_per_edge_is_still_answered(agents):
    resp, g, col = _ask(agents, "ships", "what is the average tonnes per shipment?")
    assert resp.status == "answered", resp.answer
    mean = g.size(weight=col) / g.number_of_edges()
    assert resp.answer.startswith(f"The mean {col} per edge is **{mean:g}**"), resp.answer  # first
