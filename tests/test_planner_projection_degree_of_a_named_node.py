""""How many other women did Evelyn co-attend with" on a two-mode graph is the named node's
degree in its side's projection (the nodes sharing a partner with it), also when the sides
have no names (a networkx graph with a ``bipartite`` attribute); networkx is the oracle."""

from __future__ import annotations

import networkx as nx
import pandas as pd
import pytest
from planner_support import agent_for, ask_table

#: anglers and the lakes they fished
CATCHES = pd.DataFrame([("Ines", "Loch Ard"), ("Ines", "Tarn Hows"), ("Jago", "Loch Ard"),
                        ("Kai", "Tarn Hows"), ("Kai", "Wastwater"), ("Lore", "Wastwater"),
                        ("Mo", "Loch Ard"), ("Nell", "Ullswater")], columns=["angler", "lake"])


def _projected_degree(g: nx.Graph, side: set, node: str) -> int:
    return nx.bipartite.projected_graph(g, side).degree(node)


@pytest.fixture(scope="module")
def agent(tmp_path_factory):
    yield from agent_for("ensemble", tmp_path_factory)


def _two_mode(left: list[str], right: list[str], edges: list[tuple[str, str]]) -> nx.Graph:
    g = nx.Graph()
    g.add_nodes_from(left, bipartite=0)
    g.add_nodes_from(right, bipartite=1)
    g.add_edges_from(edges)
    return g


#: players and the gigs they played; senators and the committees they sat on
GIGS = _two_mode(["Ansel", "Brigid", "Cormac", "Dervla", "Eamon", "Fionn"], ["G1", "G2", "G3", "G4"],
                 [("Ansel", "G1"), ("Brigid", "G1"), ("Ansel", "G2"), ("Cormac", "G2"),
                  ("Dervla", "G3"), ("Eamon", "G3"), ("Fionn", "G4"), ("Brigid", "G4")])
SENATE = _two_mode(["Okafor", "Pryce", "Quist", "Rune", "Solis"], ["Budget", "Defence", "Health"],
                   [("Okafor", "Budget"), ("Pryce", "Budget"), ("Quist", "Budget"),
                    ("Okafor", "Health"), ("Rune", "Health"), ("Solis", "Defence"),
                    ("Quist", "Defence")])


@pytest.mark.parametrize(("g", "question", "node"), [
    (GIGS, "how many other players did Ansel co-perform with?", "Ansel"),
    (SENATE, "project it onto the senators - how many other senators did Okafor co-serve with?",
     "Okafor"),
])
def test_a_named_nodes_co_partners_are_counted_on_a_graph_whose_sides_have_no_names(
        agent, g, question, node):
    resp = agent.ask(question, attach=[g])
    assert resp.status == "answered", resp.answer
    side = {n for n, b in g.nodes(data="bipartite") if b == 0}
    assert resp.answer.startswith(f"**{_projected_degree(g, side, node)}**"), resp.answer


@pytest.mark.parametrize("question", ["how many other anglers did Ines fish with?",
                                      "how many anglers did Ines co-fish with?"])
def test_a_named_nodes_co_partners_are_counted_on_a_table(tmp_path, question):
    resp = ask_table(tmp_path, CATCHES, question)
    assert resp.status == "answered", resp.answer
    g = nx.from_pandas_edgelist(CATCHES, "angler", "lake")
    want = _projected_degree(g, set(CATCHES["angler"]), "Ines")
    assert resp.answer.startswith(f"**{want}** anglers"), resp.answer
