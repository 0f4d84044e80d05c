"""Questions about a part of the data that the planner once answered for the whole graph
are asked about instead: a group named in the plural ("how many passes did the defenders
make", "how many corporates are there"), a column's total said with "combined" or "<word>
size" ("combined fund size of the corporates"), and a threshold no tie count can reach
("how many cases are over 60" on 20 nodes: an age, not a degree). Two tables each."""

from __future__ import annotations

import pandas as pd
import pytest

from tests.planner_support import ask_as_csv_files, ask_table

PASSES = pd.DataFrame(
    [("Rossi", "Park", 17), ("Park", "Rossi", 14), ("Vance", "Park", 4), ("Lind", "Rossi", 6),
     ("Lind", "Bapt", 5), ("Bapt", "Lind", 7)], columns=["passer", "receiver", "passes"])
PLAYERS = pd.DataFrame({"player": ["Rossi", "Park", "Vance", "Lind", "Bapt"],
                        "position": ["midfielder", "midfielder", "forward", "defender",
                                     "defender"]})
DEALS = pd.DataFrame([("Orbit", "Volt", 3), ("Volt", "Kite", 2), ("Kite", "Orbit", 1),
                      ("Mesa", "Volt", 4)], columns=["investor_a", "investor_b", "deals"])
FUNDS = pd.DataFrame({"investor": ["Orbit", "Volt", "Kite", "Mesa"],
                      "fund_type": ["corporate", "angel", "corporate", "venture"],
                      "fund_size_musd": [1200, 40, 800, 300]})
CASES = pd.DataFrame([(f"c{i}", f"c{i + 1}") for i in range(9)], columns=["infector", "infected"])
AGES = pd.DataFrame({"case": [f"c{i}" for i in range(10)],
                     "age": [12, 34, 67, 71, 45, 80, 23, 61, 5, 39]})
ROADS = pd.DataFrame([(f"t{i}", f"t{i + 1}") for i in range(7)], columns=["town_a", "town_b"])
TOWNS = pd.DataFrame({"town": [f"t{i}" for i in range(8)],
                      "population": [900, 120, 4000, 75, 300, 2200, 640, 58]})


@pytest.mark.parametrize(("edges", "nodes", "question"), [
    (PASSES, PLAYERS, "How many passes did the defenders make in total?"),
    (PASSES, PLAYERS, "how many midfielders are there?"),
    (DEALS, FUNDS, "how many deals did the corporates do in total?"),
    (DEALS, FUNDS, "how many corporates are there?"),
])
def test_a_group_named_in_the_plural_is_not_answered_for_the_whole_graph(
        tmp_path, edges, nodes, question):
    resp = ask_as_csv_files(tmp_path, edges, nodes, question)
    whole = {str(edges.iloc[:, 2].sum()), str(len(nodes))}
    assert resp.status == "needs_clarification" or not any(
        f"**{w}" in resp.answer for w in whole), resp.answer
    assert "The loaded graph" not in resp.answer, resp.answer


@pytest.mark.parametrize(("edges", "nodes", "question"), [
    (DEALS, FUNDS, "combined fund size of the corporates?"),
    (ROADS, TOWNS, "what is the combined population?"),
])
def test_a_columns_combined_total_is_never_the_graphs_description(tmp_path, edges, nodes,
                                                                  question):
    resp = ask_as_csv_files(tmp_path, edges, nodes, question)
    assert "The loaded graph" not in resp.answer, resp.answer


@pytest.mark.parametrize(("edges", "nodes", "question", "over"), [
    (CASES, AGES, "How many cases are over 60?", 60),
    (ROADS, TOWNS, "how many towns have more than 500?", 500),
])
def test_a_threshold_no_tie_count_can_reach_is_asked_about(tmp_path, edges, nodes, question,
                                                           over):
    resp = ask_as_csv_files(tmp_path, edges, nodes, question)
    assert resp.status == "needs_clarification", resp.answer
    assert f"{over} ties" in resp.answer, resp.answer


@pytest.mark.parametrize("question", ["how many of the cases are over 4?",
                                      "which cases are under 3?"])
@pytest.mark.parametrize("nodes", [AGES, None])
def test_a_bound_the_nodes_are_past_with_no_measure_named_is_asked_about(tmp_path, question,
                                                                         nodes):
    resp = ask_table(tmp_path, CASES, question, nodes)
    assert resp.status == "needs_clarification", resp.answer
    assert "names no measure here" in resp.answer, resp.answer
    assert ("age" in resp.answer) == (nodes is not None), resp.answer
