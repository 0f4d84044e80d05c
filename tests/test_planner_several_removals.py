"""What-if questions that remove several nodes at once ("remove Colby and Dunmore", "if both
Rae and Nia left") or say the removal as a plan or a fact ("say we close Dunmore.", "if we
close Dunmore, how far …", "Colby is closed for roadworks.") are answered without all of the
removed nodes, never without only the first; checked against networkx on two tables."""

from __future__ import annotations

import networkx as nx
import pandas as pd
import pytest

from tests.planner_support import agents_for

HAULS = pd.DataFrame([("Ashford", "Brenton", 4), ("Ashford", "Colby", 7), ("Brenton", "Colby", 2),
                      ("Colby", "Dunmore", 5), ("Dunmore", "Elston", 3), ("Elston", "Fairway", 6),
                      ("Colby", "Elston", 9), ("Brenton", "Glenrock", 8), ("Glenrock", "Harlow", 1),
                      ("Fairway", "Ivybridge", 2), ("Dunmore", "Fairway", 4)],
                     columns=["depot_a", "depot_b", "haul_km"])
PALS = pd.DataFrame([("Nia", "Oren"), ("Nia", "Pia"), ("Nia", "Quin"), ("Oren", "Pia"),
                     ("Quin", "Rae"), ("Rae", "Sol"), ("Sol", "Tam"), ("Tam", "Rae"), ("Uma", "Vik"),
                     ("Vik", "Wes"), ("Pia", "Xan"), ("Xan", "Yul")], columns=["pal_1", "pal_2"])
GRAPHS = {"hauls": (HAULS, nx.from_pandas_edgelist(HAULS, "depot_a", "depot_b",
                                                   edge_attr="haul_km")),
          "pals": (PALS, nx.from_pandas_edgelist(PALS, "pal_1", "pal_2"))}


@pytest.fixture(scope="module")
def agents(tmp_path_factory):
    yield from agents_for(GRAPHS, tmp_path_factory)


def _without(g: nx.Graph, gone: list[str]) -> nx.Graph:
    left = g.copy()
    left.remove_nodes_from(gone)
    return left


@pytest.mark.parametrize("graph,question,gone", [
    ("hauls", "remove Colby and Dunmore - how many pieces?", ["Colby", "Dunmore"]),
    ("hauls", "Without Colby and Glenrock, how many components are left?", ["Colby", "Glenrock"]),
    ("hauls", "If both Colby and Elston closed, how many components would there be?",
     ["Colby", "Elston"]),
    ("pals", "If both Rae and Nia left, how many components would there be?", ["Rae", "Nia"]),
    ("pals", "remove Pia and Quin - how many pieces would the group fall into?", ["Pia", "Quin"]),
    ("hauls", "Say we close Dunmore. How many components would there be?", ["Dunmore"]),
    ("pals", "Say we drop Xan. How many components would there be?", ["Xan"]),
    ("pals", "If Nia and Sol fail, how many components?", ["Nia", "Sol"]),
])
def test_every_removed_node_is_taken_out_before_the_pieces_are_counted(agents, graph, question,
                                                                        gone):
    table, g = GRAPHS[graph]
    resp = agents[graph].ask(question, attach=[table])
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith(f"Without {', '.join(gone)}, "), resp.answer
    count = nx.number_connected_components(_without(g, gone))
    assert f"**{count} connected component(s)**" in resp.answer, resp.answer


def test_a_pair_reach_after_two_removals_says_no_when_they_cut_it(agents):
    table, g = GRAPHS["hauls"]
    assert not nx.has_path(_without(g, ["Colby", "Glenrock"]), "Ashford", "Harlow")
    resp = agents["hauls"].ask("Without Colby and Glenrock, can Ashford still reach Harlow?",
                               attach=[table])
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith("**No**") and "Colby, Glenrock" in resp.answer, resp.answer


def test_a_route_after_a_removal_said_as_a_plan_avoids_the_closed_node(agents):
    table, g = GRAPHS["hauls"]
    km = nx.shortest_path_length(_without(g, ["Dunmore"]), "Colby", "Fairway", weight="haul_km")
    assert km != nx.shortest_path_length(g, "Colby", "Fairway", weight="haul_km")
    resp = agents["hauls"].ask("If we close Dunmore, how far is it from Colby to Fairway by "
                               "haul_km?", attach=[table])
    assert resp.status == "answered", resp.answer
    assert f"**{km} haul_km**" in resp.answer, resp.answer


def test_a_route_after_two_removals_is_measured_without_both(agents):
    table, g = GRAPHS["hauls"]
    assert nx.has_path(_without(g, ["Colby"]), "Ashford", "Harlow")  # one alone keeps it
    assert not nx.has_path(_without(g, ["Colby", "Glenrock"]), "Ashford", "Harlow")
    resp = agents["hauls"].ask("Without Colby and Glenrock, how far is it from Ashford to "
                               "Harlow?", attach=[table])
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith("**No route**") and "Colby, Glenrock" in resp.answer, \
        resp.answer
