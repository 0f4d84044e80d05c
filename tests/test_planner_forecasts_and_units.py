"""Questions the graph cannot answer as asked are asked about, not answered with a nearby
ranking: a forecast ("most likely to quit next"), an edge value named only by its unit
("above 200 MW" on a ``capacity_mw`` column, never a degree threshold nor a node called
MW), the graph itself named like a node ("of the friendship graph")."""

from __future__ import annotations

import networkx as nx
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


def test_a_node_total_in_the_edge_values_unit_sums_that_value_never_a_degree(tmp_path):
    resp = _ask(tmp_path, LINES, "which substations have less than 150 MW of total line "
                                 "capacity?")
    ends = pd.concat([LINES[[c, "capacity_mw"]].set_axis(["sub", "mw"], axis=1)
                      for c in ("sub_a", "sub_b")])
    low = ends.groupby("sub").mw.sum().loc[lambda s: s < 150]
    assert resp.status == "answered", resp.answer
    assert resp.actions[-1].args["measure"] == "strength"
    assert resp.actions[-1].args["weight"] == "capacity_mw"
    assert resp.answer.startswith(f"**{len(low)}** of 6")
    assert all(f"**{n}**" in resp.answer for n in low.index)


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
    # "(volunteer-project pairs)" says what a sign-up is: an edge, never a side's size
    resp = _ask(tmp_path, SIGNUPS, "how many sign-ups are there in total (volunteer-project "
                                   "pairs)?")
    assert resp.status == "answered", resp.answer
    assert f"**{len(SIGNUPS.drop_duplicates())} edges**" in resp.answer, resp.answer
    assert "project_bipartite" not in [a.tool for a in resp.actions]


STAFF = pd.DataFrame([("e01", "e02"), ("e02", "e03"), ("e03", "e01"), ("e04", "e05")],
                     columns=["employee", "coworker"])


def test_a_questions_reach_words_answer_yes_or_no(tmp_path):
    table = STAFF
    resp = _ask(tmp_path, table, "Can everyone reach everyone else?")
    assert resp.status == "answered" and resp.answer.startswith("**No**"), resp.answer
    (tmp_path / "b").mkdir()
    resp = _ask(tmp_path / "b", table, "Is e05 reachable from e01?")
    assert resp.status == "answered" and resp.answer.startswith("**No**"), resp.answer


def test_the_members_of_one_nodes_component_are_listed_not_answered_with_the_count(tmp_path):
    resp = _ask(tmp_path, STAFF,
                "Which employees are in the same component as e04?")
    assert resp.status == "answered", resp.answer
    assert "**e05**" in resp.answer and "e01" not in resp.answer, resp.answer


def test_a_direct_road_to_a_town_lists_its_neighbours(tmp_path):
    roads = pd.DataFrame([("Lyon", "Nice", 4), ("Lyon", "Orta", 9), ("Nice", "Aix", 3)],
                         columns=["town_a", "town_b", "km"])
    resp = _ask(tmp_path, roads, "Which towns have a direct road to Lyon?")
    assert resp.status == "answered", resp.answer
    assert "Nice" in resp.answer and "Orta" in resp.answer and "Aix" not in resp.answer


def test_an_abbreviated_attribute_named_in_full_gives_the_nodes_value(agent):
    g = nx.from_pandas_edgelist(STAFF, "employee", "coworker")
    nx.set_node_attributes(g, {"e01": "Sales", "e02": "Legal", "e03": "IT", "e04": "IT",
                               "e05": "Legal"}, "dept")
    resp = agent.ask("What department is e02 in?", attach=[g])
    assert resp.status == "answered", resp.answer
    assert "Legal" in resp.answer and "Sales" not in resp.answer, resp.answer
