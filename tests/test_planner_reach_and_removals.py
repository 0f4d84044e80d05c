"""Yes/no questions answered yes or no, removals named in the data's words, and questions
the planner only half understands asked about instead of answered with something else:
on a hut-and-trail table in two parts, a caller/callee table with cycles and a volunteer
sign-up table (networkx is the oracle)."""

from __future__ import annotations

import networkx as nx
import pandas as pd
import pytest

from tests.test_directed_totals import _ask

TRAILS = pd.DataFrame(
    [("Alpen", "Birke", 3), ("Birke", "Hornli", 2), ("Hornli", "Kamm", 4), ("Kamm", "Ridge", 1),
     ("Hornli", "Joch", 2), ("Joch", "Alpen", 5), ("Lago", "Pino", 2), ("Pino", "Vallon", 3)],
    columns=["hut_a", "hut_b", "km"])
CALLS = pd.DataFrame(
    [("main", "api"), ("api", "queue"), ("queue", "worker"), ("worker", "api"), ("api", "db"),
     ("db", "cache"), ("cache", "db"), ("main", "cli"), ("cli", "log")],
    columns=["caller", "callee"])
SIGNUPS = pd.DataFrame(
    [("ana", "Garden"), ("ana", "Library"), ("ana", "Choir"), ("ben", "Garden"),
     ("ben", "Library"), ("kim", "Choir"), ("kim", "Library"), ("kim", "Garden"),
     ("kim", "Shelter"), ("leo", "Shelter")],
    columns=["volunteer", "project"])


def _trails() -> nx.Graph:
    return nx.from_pandas_edgelist(TRAILS, "hut_a", "hut_b", "km")


def test_is_the_network_connected_says_no_and_counts_the_parts(tmp_path):
    resp = _ask(tmp_path, TRAILS, "Is the trail network connected?")
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith("**No**")
    assert f"**{nx.number_connected_components(_trails())} connected component(s)**" in resp.answer


def test_a_route_that_exists_is_answered_yes_before_the_route(tmp_path):
    resp = _ask(tmp_path, CALLS, "can cli end up calling log, directly or indirectly?")
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith("**Yes**") and "cli → log" in resp.answer


def test_a_route_that_does_not_exist_is_answered_no(tmp_path):
    resp = _ask(tmp_path, CALLS, "Can db reach main?")
    assert not nx.has_path(nx.from_pandas_edgelist(CALLS, "caller", "callee",
                                                   create_using=nx.DiGraph), "db", "main")
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith("**No**") and "no path" in resp.answer


@pytest.mark.parametrize("question", [
    "if Hornli hut closes, how many pieces does the trail network split into?",
    "If Hornli fails, how many separate parts are left?",
])
def test_a_removal_worded_with_the_datas_noun_counts_the_parts_without_that_node(
        tmp_path, question):
    g = _trails()
    g.remove_node("Hornli")
    resp = _ask(tmp_path, TRAILS, question)
    assert resp.status == "answered", resp.answer
    assert "remove_and_compare" in [a.tool for a in resp.actions]
    assert f"**{nx.number_connected_components(g)} connected component(s)**" in resp.answer


def test_a_removal_asked_about_one_nodes_reach_is_asked_not_answered_with_components(tmp_path):
    resp = _ask(tmp_path, TRAILS, "If Hornli closes, can you still get to Ridge from Alpen?")
    assert resp.status == "needs_clarification", resp.answer
    assert "remove_and_compare" not in [a.tool for a in resp.actions]


def test_strongly_connected_components_are_counted_with_the_edges_direction(tmp_path):
    g = nx.from_pandas_edgelist(CALLS, "caller", "callee", create_using=nx.DiGraph)
    resp = _ask(tmp_path, CALLS, "how many strongly connected components does it have?")
    assert resp.status == "answered", resp.answer
    assert f"{nx.number_strongly_connected_components(g)} strongly connected" in resp.answer
    assert "connectivity" not in [a.tool for a in resp.actions]


def test_a_named_pair_is_never_answered_with_the_top_pair(tmp_path):
    resp = _ask(tmp_path, SIGNUPS, "how many projects do ana and kim have in common")
    assert resp.status == "answered", resp.answer
    assert "project_bipartite" not in [a.tool for a in resp.actions]
    g = nx.from_pandas_edgelist(SIGNUPS, "volunteer", "project")  # that pair's own projects
    assert f"**{len(list(nx.common_neighbors(g, 'ana', 'kim')))}**" in resp.answer


def test_a_count_of_pairs_is_the_projections_links_never_the_top_pair(tmp_path):
    resp = _ask(tmp_path, SIGNUPS, "How many pairs of volunteers share a project?")
    assert resp.status == "answered", resp.answer
    g = nx.from_pandas_edgelist(SIGNUPS, "volunteer", "project")
    pairs = nx.bipartite.projected_graph(g, set(SIGNUPS["volunteer"])).number_of_edges()
    assert f"**{pairs}** links" in resp.answer, resp.answer
    assert "share the most" not in resp.answer, resp.answer


def test_a_count_about_one_lower_case_node_is_that_nodes_reach_never_the_graph(tmp_path):
    resp = _ask(tmp_path, CALLS, "how many modules does main depend on, transitively?")
    g = nx.from_pandas_edgelist(CALLS, "caller", "callee", create_using=nx.DiGraph)
    assert resp.status == "answered", resp.answer
    assert f"**{len(nx.descendants(g, 'main'))}**" in resp.answer
    assert "caller → callee" in resp.answer


@pytest.mark.parametrize(("question", "want"), [
    ("Who is on exactly two projects?", "ben"),
    ("what's the most projects any one volunteer has signed up for?", "kim"),
])
def test_a_side_counted_by_a_quantity_ranks_the_other_side(tmp_path, question, want):
    resp = _ask(tmp_path, SIGNUPS, question)
    assert resp.status == "answered", resp.answer
    assert want in resp.answer and "Garden" not in resp.answer, resp.answer


@pytest.mark.parametrize("question", ["how many separate trail systems are there",
                                      "Is the whole trail map one connected network?"])
def test_the_parts_of_the_network_in_a_users_words_count_the_components(tmp_path, question):
    resp = _ask(tmp_path, TRAILS, question)
    assert resp.status == "answered", resp.answer
    assert "connectivity" in [a.tool for a in resp.actions]
    assert f"**{nx.number_connected_components(_trails())} connected component(s)**" in resp.answer


def test_can_i_hike_from_one_hut_to_another_is_a_route_answered_no_across_the_parts(tmp_path):
    resp = _ask(tmp_path, TRAILS, "can i hike from Vallon to Alpen?")
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith("**No**") and "no path" in resp.answer


def test_how_many_of_one_side_are_there_counts_both_sides_not_ranks_one(tmp_path):
    resp = _ask(tmp_path, SIGNUPS, "how many volunteers are there?")
    assert resp.status == "answered", resp.answer
    assert "bipartite_check" in [a.tool for a in resp.actions]
    assert f"**{SIGNUPS.volunteer.nunique()}**" in resp.answer


def test_how_many_different_sources_a_node_buys_from_is_its_in_degree(tmp_path):
    table = pd.DataFrame([("mine", "mill"), ("port", "mill"), ("farm", "mill"),
                          ("mill", "shop")], columns=["supplier", "buyer"])
    resp = _ask(tmp_path, table, "how many different suppliers does mill buy from?")
    assert resp.status == "answered", resp.answer
    assert "in-degree **3**" in resp.answer
