"""Questions the graph cannot answer as asked are asked about, not answered with a nearby
ranking: a forecast ("most likely to quit next"), an edge value named only by its unit
("above 200 MW" on a ``capacity_mw`` column, never a degree threshold nor a node called
MW), the graph itself named like a node ("of the friendship graph")."""

from __future__ import annotations

import pandas as pd

from tests.test_directed_totals import _ask
from tests.test_planner_reach_and_removals import SIGNUPS

LINES = pd.DataFrame(
    [("Hydro", "Downtown", 300), ("Downtown", "Marsh", 60), ("Downtown", "Canal", 45),
     ("Hydro", "Mill", 250), ("Mill", "Canal", 120), ("Marsh", "Brook", 40)],
    columns=["sub_a", "sub_b", "capacity_mw"])
FRIENDS = pd.DataFrame([("bea", "vera"), ("vera", "kira"), ("kira", "bea"), ("bea", "jonah"),
                        ("jonah", "zane")], columns=["student", "friend"])


def test_a_forecast_is_asked_about_not_answered_with_the_top_ranking(tmp_path):
    resp = _ask(tmp_path, SIGNUPS, "Which volunteer is most likely to quit next?")
    assert resp.status == "needs_clarification", resp.answer
    assert "forecast" in resp.answer
    assert "degree_analysis" not in [a.tool for a in resp.actions]


def test_a_threshold_in_the_edge_values_unit_counts_the_edges_past_it(tmp_path):
    resp = _ask(tmp_path, LINES, "How many lines are rated above 200 MW?")
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith(f"**{(LINES.capacity_mw > 200).sum()}** of 6 edges")


def test_a_node_total_in_the_edge_values_unit_is_asked_never_a_degree_threshold(tmp_path):
    resp = _ask(tmp_path, LINES, "which substations have less than 150 MW of total line "
                                 "capacity?")
    assert resp.status == "needs_clarification", resp.answer
    assert "nodes_by_measure" not in [a.tool for a in resp.actions]


def test_a_unit_in_capitals_is_never_looked_up_as_a_node(tmp_path):
    resp = _ask(tmp_path, LINES, "Which substation has the most total connected capacity in MW?")
    searched = [a.args.get("query") for a in resp.actions if a.tool == "search_node"]
    assert "MW" not in searched, resp.answer


def test_the_graph_named_like_a_node_is_not_resolved_to_one(tmp_path):
    resp = _ask(tmp_path, FRIENDS, "average clustering coefficient of the friendship graph?")
    searched = [a.args.get("query") for a in resp.actions if a.tool == "search_node"]
    assert not searched, resp.answer
    assert "bea has degree" not in resp.answer


def test_a_count_of_sign_ups_is_not_the_size_of_each_side(tmp_path):
    resp = _ask(tmp_path, SIGNUPS, "how many sign-ups are there in total (volunteer-project "
                                   "pairs)?")
    assert resp.status == "needs_clarification", resp.answer
    assert "project_bipartite" not in [a.tool for a in resp.actions]
