"""The offline planner on tables whose nouns it was never told: a trip named by the data's
own word ("the shortest hike", "the quickest ride") is a route in the edge value's units,
and a question about named nodes that no analysis takes is asked, never answered with a
skill's generic rankings."""

from __future__ import annotations

import re

import networkx as nx
import pandas as pd
import pytest
from planner_support import ask_as_csv_files

from tests.test_directed_totals import SHIPMENTS, _ask

TRAILS = pd.DataFrame(
    [("Alder", "Birch", 2.0), ("Birch", "Cedar", 2.5), ("Alder", "Cedar", 6.0),
     ("Cedar", "Dogwood", 1.5), ("Alder", "Elm", 3.0), ("Elm", "Dogwood", 4.5),
     ("Dogwood", "Fir", 2.0)],
    columns=["trailhead_a", "trailhead_b", "miles"])
LANES = pd.DataFrame(
    [("Dock", "Mill", 7), ("Mill", "Park", 4), ("Dock", "Park", 15), ("Park", "Zoo", 6),
     ("Mill", "Zoo", 12), ("Zoo", "Quay", 3)],
    columns=["stop_1", "stop_2", "minutes"])


@pytest.mark.parametrize("table, question, a, b", [
    (TRAILS, "What's the shortest hike from Alder to Fir?", "Alder", "Fir"),
    (LANES, "What is the quickest bike ride from Dock to Quay?", "Dock", "Quay"),
])
def test_a_trip_named_by_the_datas_own_noun_is_a_route_in_its_units(tmp_path, table, question,
                                                                      a, b):
    value = table.columns[2]
    g = nx.from_pandas_edgelist(table, table.columns[0], table.columns[1], value)
    want = nx.shortest_path_length(g, a, b, weight=value)
    resp = _ask(tmp_path, table, question)
    assert resp.status == "answered"
    assert "shortest_path" in [x.tool for x in resp.actions]
    assert f"**{want:g} {value}**" in resp.answer
    assert " → ".join(nx.shortest_path(g, a, b, weight=value)) in resp.answer


@pytest.mark.parametrize("table, question", [
    (TRAILS, "How strong is the connection between Alder and Fir?"),
    (LANES, "Is Mill a weak point for Zoo?"),
])
def test_named_nodes_no_analysis_takes_are_asked_about_not_ranked_by_a_skill(tmp_path, table,
                                                                             question):
    resp = _ask(tmp_path, table, question)
    assert resp.status == "needs_clarification"
    assert not [x.tool for x in resp.actions
                if x.tool in ("node_centrality", "connectivity", "degree_analysis")]
    assert resp.suggestions  # it names what it can run on this graph


ROADS = pd.DataFrame(
    [("a1", "b1", 10.0), ("a1", "c1", 10.0), ("a2", "d1", 10.0), ("a2", "b2", 10.0),
     ("a1", "a2", 1.0), ("e1", "f1", 0.5), ("e2", "g1", 0.5), ("e1", "h1", 0.5),
     ("e1", "e2", 1.0)],
    columns=["site_from", "site_to", "km"])
SITES = pd.DataFrame({"site": ["a1", "a2", "b1", "b2", "c1", "d1", "e1", "e2", "f1", "g1", "h1"],
                      "district": ["Avon", "Avon", "Brill", "Brill", "Cray", "Dent", "Esk",
                                   "Esk", "Fal", "Gade", "Hull"]})


def _ask_with_sites(tmp_path, question: str):
    return ask_as_csv_files(tmp_path, ROADS, SITES, question)


def test_the_group_most_connected_to_others_counts_edges_not_inverted_distances(tmp_path):
    """Avon has 4 roads to other districts, 10 km each; Esk 3 of 0.5 km. Summing 1/km
    (Esk 6.0 against Avon 0.4) had named Esk."""
    resp = _ask_with_sites(tmp_path, "Which district has the most roads to other districts?")
    assert resp.status == "answered"
    assert resp.answer.startswith("**Avon**") and "**4** edges" in resp.answer
    assert "weight" not in resp.answer


def test_a_group_question_naming_the_edge_value_sums_it_in_its_own_units(tmp_path):
    resp = _ask_with_sites(tmp_path, "How many km of road run between districts?")
    between = 4 * 10.0 + 3 * 0.5
    assert resp.status == "answered"
    assert resp.actions[-1].args.get("weight") == "km"
    assert f"**{between:g}** km go between" in resp.answer  # the value asked, first


ENROLMENTS = pd.DataFrame(
    [("ann", "Drama"), ("ann", "Algebra"), ("bob", "Drama"), ("bob", "Biology"),
     ("cat", "Drama"), ("dan", "Algebra"), ("eve", "Biology"), ("eve", "Algebra"),
     ("fay", "Drama")],
    columns=["student", "course"])


def test_a_tie_at_the_top_of_one_side_is_said_not_hidden_behind_one_name(tmp_path):
    """ann, bob and eve take two courses each: naming one as 'the most' would be wrong."""
    resp = _ask(tmp_path, ENROLMENTS, "Which student takes the most courses?")
    assert resp.status == "answered"
    assert "3 tie for the most links (**2** each)" in resp.answer
    assert all(f"**{s}**" in resp.answer for s in ("ann", "bob", "eve"))


def test_projecting_one_side_keeps_the_two_mode_graph_for_the_next_question(agent, tmp_path):
    two = tmp_path / "two.csv"  # bob takes eve's courses too: he and ann share two
    ENROLMENTS.assign(student=ENROLMENTS.student.replace({"eve": "bob"})).to_csv(two, index=False)
    first = agent.ask("Which two courses share the most students?", attach=[str(two)])
    nxt = agent.ask("How many students take Drama?", session=first.session_id)
    assert "project_bipartite" in [a.tool for a in first.actions]
    assert first.answer.startswith("**Algebra** and **Drama** share the most: **2**")
    assert nxt.status == "answered" and "**4**" in nxt.answer  # ann, bob, cat, fay: students


def test_pairs_tied_for_the_most_in_common_are_all_named(tmp_path):
    resp = _ask(tmp_path, ENROLMENTS, "Which two courses share the most students?")
    assert resp.answer.startswith("3 pairs of courses tie for the most in common (**1** each)")


FIRMS = pd.DataFrame({"firm": ["acme", "bolt", "cog", "dyna"],
                      "region": ["North", "South", "South", "North"]})


@pytest.mark.parametrize("question, want", [
    ("How many shipments go from North firms to South firms?",
     "From North to South (region): **4** edge(s); the other way, South to North: **1** edge(s)."),
    ("How many tonnes go from North to South?",
     "From North to South (region): **105 tonnes** over 4 edge(s); the other way, South to "
     "North: **5 tonnes** over 1 edge(s)."),
])
def test_a_count_between_two_named_groups_reads_the_mixing_cell_not_the_graph_size(
        agent, tmp_path, question, want):
    """acme and dyna (North) ship 40 + 25 + 30 + 10 to bolt and cog (South); cog ships 5
    back to acme. The graph's description (6 edges) had answered the first question."""
    edges, firms = tmp_path / "shipments.csv", tmp_path / "firms.csv"
    SHIPMENTS.to_csv(edges, index=False)
    FIRMS.to_csv(firms, index=False)
    resp = agent.ask(question, attach=[str(edges), str(firms)])
    assert resp.status == "answered" and resp.answer == want


def test_an_author_coauthor_table_with_a_papers_count_is_an_edge_list_not_orders(tmp_path):
    """'papers' is a count per row here, not the item of an order: the graph links authors
    to co-authors, weighted by papers, instead of projecting authors onto 'papers' values."""
    table = pd.DataFrame({"author": ["ada", "ada", "bo", "cy"], "coauthor": ["bo", "cy", "cy", "di"],
                          "papers": [4, 1, 2, 7]})
    resp = _ask(tmp_path, table, "How big is the graph?")
    assert resp.status == "answered"
    assert "**4 nodes** and **4 edges**" in resp.answer  # it was 3 nodes, 0 edges
    assert "papers = strength" in resp.answer


def test_a_clarification_never_offers_a_group_value_as_a_node(agent, tmp_path):
    """'Nordic' is a region: 'the shortest path between Nordic and Iberia' is no follow-up."""
    edges, firms = tmp_path / "shipments.csv", tmp_path / "firms.csv"
    SHIPMENTS.to_csv(edges, index=False)
    FIRMS.to_csv(firms, index=False)
    resp = agent.ask("Do North firms trade more with South firms than with each other?",
                     attach=[str(edges), str(firms)])
    assert resp.status == "needs_clarification" and resp.suggestions
    assert not any(re.search(r"\b(?:North|South)\b", s.label + s.question)
                   for s in resp.suggestions), resp.suggestions


@pytest.mark.parametrize("question, want", [
    ("Which trail is the longest?", "The largest miles value of one edge is **6**"),
    ("What is the total length of all trails?", "The edges' miles adds up to **21.5**"),
])
def test_the_datas_own_noun_for_an_edge_reaches_the_edge_value_questions(tmp_path, question,
                                                                         want):
    resp = _ask(tmp_path, TRAILS, question)
    assert resp.status == "answered" and resp.answer.startswith(want)


def test_an_average_per_one_side_averages_over_that_side(tmp_path):
    """ann, bob, eve take 2 courses, cat, dan, fay 1: 1.5 per student (the whole graph's
    mean degree, 2.0, mixes in the courses; the courses' own mean is 3.0)."""
    resp = _ask(tmp_path, ENROLMENTS, "What is the average number of courses per student?")
    assert resp.status == "answered"
    assert resp.answer.startswith("Among the students (6), the mean degree is **1.5**")


def test_the_fewest_on_one_side_counts_that_sides_nodes(tmp_path):
    resp = _ask(tmp_path, ENROLMENTS, "Which course has the fewest students?")
    assert resp.status == "answered" and "held by 1 of 3 courses: Biology" in resp.answer


def test_pairs_sharing_the_most_with_one_named_node_are_ranked_with_it_not_listed_overall(
        tmp_path):
    """ann's courses (Drama, Algebra) are shared once by each other student: every one ties
    with ann (networkx common neighbours), never the overall top pairs of the projection."""
    resp = _ask(tmp_path, ENROLMENTS, "Which students share the most courses with ann?")
    assert "project_bipartite" not in [a.tool for a in resp.actions]
    assert resp.status == "answered", resp.answer
    head = resp.answer.split(" tie for the most neighbours with ann: ")[0]
    assert set(re.findall(r"\*\*(\w+)\*\*", head)) == {"bob", "cat", "dan", "eve", "fay"}
    assert "with ann: **1**" in resp.answer


VOLUNTEERS = pd.DataFrame({"volunteer": ["Ines", "Ines", "Omar", "Omar", "Omar", "Lea"],
                           "project": ["Garden", "Library", "Garden", "Kitchen", "Library",
                                       "Kitchen"]})


@pytest.mark.parametrize("table, question, want", [
    (ENROLMENTS, "Which students are enrolled in Drama?",
     "**Drama** is linked to **4** students: "),
    (VOLUNTEERS, "How many projects does Omar work on?", "**Omar** is linked to **3** projects: "),
    (VOLUNTEERS, "Which volunteers help at the Kitchen?", "**Kitchen** is linked to **2** "
     "volunteers: "),
])
def test_one_nodes_partners_on_the_other_side_are_listed(tmp_path, table, question, want):
    resp = _ask(tmp_path, table, question)
    assert resp.status == "answered" and resp.answer.startswith(want), resp.answer
    node = want.split("**")[1]
    col = 0 if node in set(table.iloc[:, 0]) else 1
    partners = set(table[table.iloc[:, col] == node].iloc[:, 1 - col])
    assert set(resp.answer.split(": ", 1)[1].rstrip(".").split(", ")) == partners
