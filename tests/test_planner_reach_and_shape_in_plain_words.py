"""Reach and the graph's shape asked in plain words, each checked against networkx on tables
of other words: "which notes does n6 build on, directly or indirectly" on a citing/cited
table (building on is citing), "could word get from x1 to x4 if it's passed along from
caller to callee" (the columns name the direction, not a route), "if I start at p0 and
follow the links, can I get to p3" (Yes or No first), "is x9 hooked up to anyone at all",
"the two huts furthest apart" (the diameter), "the very center of the tree", "how many
links would we have to cut so the network has no loops left" (the cycle rank), "without
any paths crossing" (planarity), "left out of the big strongly connected chunk" and "x1's
strongly connected component, counting x1"."""

from __future__ import annotations

import networkx as nx
import pandas as pd
import pytest
from planner_support import ask_table

NOTES = pd.DataFrame([("n1", "n0"), ("n2", "n0"), ("n3", "n1"), ("n4", "n3"), ("n5", "n2"),
                      ("n6", "n4"), ("n6", "n5"), ("n7", "n2")], columns=["citing", "cited"])
CALLS = pd.DataFrame([("x1", "x2"), ("x2", "x3"), ("x3", "x1"), ("x3", "x4"), ("x5", "x1"),
                      ("x4", "x6"), ("x7", "x8")], columns=["caller", "callee"])
#: every number, x9 with no call at all
NUMBERS = pd.DataFrame({"number": [f"x{i}" for i in range(1, 10)],
                        "plan": ["a", "b", "a", "b", "a", "b", "a", "b", "a"]})
PAGES = pd.DataFrame([("p0", "p1"), ("p1", "p2"), ("p2", "p0"), ("p3", "p0"), ("p2", "p4")],
                     columns=["from_page", "to_page"])
TRAILS = pd.DataFrame([(f"h{i}", f"h{j}") for i, j in nx.balanced_tree(2, 3).edges()],
                      columns=["hut_a", "hut_b"])
CREW = pd.DataFrame(list(nx.relabel_nodes(nx.petersen_graph(), lambda n: f"c{n}").edges()),
                    columns=["member", "mate"])


def _digraph(table: pd.DataFrame) -> nx.DiGraph:
    return nx.from_pandas_edgelist(table, *table.columns[:2], create_using=nx.DiGraph)


def test_building_on_is_citing_followed_along_chains(tmp_path):
    want = nx.descendants(_digraph(NOTES), "n6")
    resp = ask_table(tmp_path, NOTES, "Which notes does n6 build on, directly or indirectly?")
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith(f"**{len(want)}** "), resp.answer
    assert all(f"**{n}**" in resp.answer for n in want), resp.answer


@pytest.mark.parametrize("a, b", [("x1", "x4"), ("x4", "x1")])
def test_the_columns_named_as_the_way_follow_the_edges_direction(tmp_path, a, b):
    yes = nx.has_path(_digraph(CALLS), a, b)
    resp = ask_table(tmp_path, CALLS, f"could word get from {a} to {b} if it's passed along "
                                      "from caller to callee?")
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith("**Yes**" if yes else "**No**"), resp.answer


@pytest.mark.parametrize("a, b", [("p0", "p3"), ("p3", "p4")])
def test_starting_at_a_node_and_following_the_links_is_a_directed_path(tmp_path, a, b):
    yes = nx.has_path(_digraph(PAGES), a, b)
    resp = ask_table(tmp_path, PAGES, f"If I start at {a} and follow the links, can I get to {b}?")
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith("**Yes**" if yes else "**No**"), resp.answer


@pytest.mark.parametrize("node, linked", [("x7", True), ("x5", True), ("x9", False)])
def test_hooked_up_to_anyone_at_all_is_any_link(tmp_path, node, linked):
    resp = ask_table(tmp_path, CALLS, f"is {node} hooked up to anyone at all?", NUMBERS)
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith("**Yes**" if linked else "**No**"), resp.answer


@pytest.mark.parametrize("question", [
    "How many hops separate the two huts that are furthest apart?",
    "How many steps apart are the two huts of the network that are farthest from each other?"])
def test_the_two_nodes_farthest_apart_are_the_diameter(tmp_path, question):
    want = nx.diameter(nx.from_pandas_edgelist(TRAILS, "hut_a", "hut_b"))
    resp = ask_table(tmp_path, TRAILS, question)
    assert resp.status == "answered", resp.answer
    assert f"The diameter is **{want} hops**" in resp.answer, resp.answer


def test_the_very_center_of_a_tree_is_its_eccentricity_center(tmp_path):
    want = nx.center(nx.from_pandas_edgelist(TRAILS, "hut_a", "hut_b"))
    assert len(want) == 1
    resp = ask_table(tmp_path, TRAILS, "Which hut sits at the very center of the tree?")
    assert resp.status == "answered", resp.answer
    assert f"**{want[0]}**" in resp.answer, resp.answer


def test_links_to_cut_for_no_loops_left_are_the_cycle_rank(tmp_path):
    g = nx.from_pandas_edgelist(CREW, "member", "mate")
    want = g.number_of_edges() - g.number_of_nodes() + nx.number_connected_components(g)
    resp = ask_table(tmp_path, CREW, "how many links would we have to cut so the crew network "
                                     "has no loops left at all?")
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith(f"**{want}** edges: the cycle rank"), resp.answer


def test_drawing_without_any_paths_crossing_is_planarity(tmp_path):
    planar, _ = nx.check_planarity(nx.from_pandas_edgelist(CREW, "member", "mate"))
    resp = ask_table(tmp_path, CREW, "Could you draw the crew network on paper without any "
                                     "paths crossing?")
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith("**Yes**" if planar else "**No**"), resp.answer


def test_the_nodes_left_out_of_the_big_strongly_connected_chunk_are_named(tmp_path):
    g = _digraph(PAGES)
    big = max(nx.strongly_connected_components(g), key=len)
    resp = ask_table(tmp_path, PAGES, "Which pages are left out of the big strongly connected "
                                      "chunk?")
    assert resp.status == "answered", resp.answer
    assert all(f"**{n}**" in resp.answer for n in set(g) - big), resp.answer


def test_a_nodes_strongly_connected_component_counting_it_is_its_size(tmp_path):
    size = len(next(c for c in nx.strongly_connected_components(_digraph(CALLS)) if "x1" in c))
    resp = ask_table(tmp_path, CALLS, "How many numbers are in x1's strongly connected "
                                      "component, counting x1?")
    assert resp.status == "answered", resp.answer
    assert f"has **{size}** nodes" in resp.answer, resp.answer


def test_counting_references_of_references_is_everything_it_reaches(tmp_path):
    want = nx.descendants(_digraph(NOTES), "n6")
    resp = ask_table(tmp_path, NOTES, "How many notes does n6 build on, counting references of "
                                      "references?")
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith(f"**{len(want)}** "), resp.answer


@pytest.mark.parametrize("question", ["Could a memo starting with {a} get forwarded along until "
                                      "it reaches {b}?",
                                      "can someone in {a} get to {b} at all?"])
@pytest.mark.parametrize("a, b", [("x1", "x6"), ("x6", "x1")])
def test_a_thing_starting_at_one_node_reaching_another_is_a_path(tmp_path, question, a, b):
    yes = nx.has_path(_digraph(CALLS), a, b)
    resp = ask_table(tmp_path, CALLS, question.format(a=a, b=b))
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith("**Yes**" if yes else "**No**"), resp.answer


def test_every_node_linked_to_every_other_is_the_complete_graph_check(tmp_path):
    resp = ask_table(tmp_path, TRAILS, "Is every hut linked to every other hut?")
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith("**No**"), resp.answer


def test_how_many_nodes_i_would_have_to_delete_is_the_node_connectivity(tmp_path):
    want = nx.node_connectivity(nx.from_pandas_edgelist(CREW, "member", "mate"))
    resp = ask_table(tmp_path, CREW, "How many members would I have to delete to disconnect the "
                                     "crew network?")
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith(f"**{want}** nodes is the fewest"), resp.answer


def test_the_data_sets_own_name_is_never_looked_up_as_a_node(tmp_path):
    resp = ask_table(tmp_path, TRAILS, "How many huts are in the Ridgeway data?")
    assert resp.status == "answered", resp.answer
    assert "could not find" not in resp.answer and "No node matches" not in resp.answer, \
        resp.answer
    assert f"**{nx.from_pandas_edgelist(TRAILS, 'hut_a', 'hut_b').number_of_nodes()}" in \
        resp.answer, resp.answer


def test_a_direction_waved_aside_is_no_exclusion(tmp_path):
    g = _digraph(CALLS).to_undirected()
    g.remove_node("x3")
    want = nx.number_connected_components(g)
    resp = ask_table(tmp_path, CALLS, "If x3 went offline, how many disconnected pieces would "
                                      "the call network be in (don't worry about direction)?")
    assert resp.status == "answered", resp.answer
    assert f"**{want} connected component(s)**" in resp.answer, resp.answer


def test_a_second_ask_about_the_first_answers_node_no_step_takes_is_asked(tmp_path):
    resp = ask_table(tmp_path, PAGES, "Which page has no incoming links, and how many other "
                                      "pages can it reach?")
    assert resp.status == "needs_clarification", resp.answer
    assert "only the first part" in resp.answer, resp.answer


def test_the_nodes_holding_the_network_together_are_its_cut_points(tmp_path):
    g = nx.from_pandas_edgelist(TRAILS, "hut_a", "hut_b")
    want = set(nx.articulation_points(g))
    resp = ask_table(tmp_path, TRAILS, "Which huts hold the trail network together - take one "
                                       "out and it falls apart?")
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith(f"**{len(want)}** node(s) would each split the graph"), \
        resp.answer


def test_a_strongly_connected_component_described_in_words_is_counted(tmp_path):
    want = max(len(c) for c in nx.strongly_connected_components(_digraph(CALLS)))
    resp = ask_table(tmp_path, CALLS, "How many numbers are in the largest group where every "
                                      "number can reach every other one following the call "
                                      "direction?")
    assert resp.status == "answered", resp.answer
    assert f"**{want}** nodes" in resp.answer, resp.answer


def test_any_standing_for_the_noun_before_it_is_that_noun(tmp_path):
    g = _digraph(CALLS)
    want = {n for n in g if g.out_degree(n) == 0 and g.in_degree(n) > 0}
    resp = ask_table(tmp_path, CALLS, "Which numbers received calls but never made any?")
    assert resp.status == "answered", resp.answer
    assert all(f"**{n}**" in resp.answer for n in want), resp.answer


def test_a_choice_between_all_linked_and_some_cut_off_names_the_cut_off(tmp_path):
    g = _digraph(CALLS).to_undirected()
    big = max(nx.connected_components(g), key=len)
    resp = ask_table(tmp_path, CALLS, "Is everyone in the call log hooked up to everyone else "
                                      "somehow, or is some number cut off from the rest?", NUMBERS)
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith("Outside the main piece"), resp.answer
    assert all(f"**{n}**" in resp.answer for n in set(NUMBERS.number) - big), resp.answer


def test_a_lower_case_name_before_an_aside_is_looked_up(tmp_path):
    pals = pd.DataFrame([("ana", "bo"), ("bo", "cy"), ("cy", "dee"), ("dee", "eve"), ("ana", "fay")],
                        columns=["pal", "other_pal"])
    resp = ask_table(tmp_path, pals, "pals farthest from ana (most hops away)")
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith("The farthest from ana: **eve** at **4 hop(s)**"), resp.answer


def test_a_quantity_no_edge_can_carry_is_asked_even_on_a_plain_weight(tmp_path):
    scenes = pd.DataFrame([("Ada", "Bo", 3), ("Bo", "Cy", 1)], columns=["role", "co_role", "weight"])
    resp = ask_table(tmp_path, scenes, "Which role has the most lines of dialogue?")
    assert resp.status == "needs_clarification", resp.answer
    assert resp.answer.startswith("Nothing in the data holds lines of dialogue"), resp.answer


def test_spoken_lines_asked_by_their_number_are_asked_about(tmp_path):
    resp = ask_table(tmp_path, CREW, "Which member is the most influential by number of spoken "
                                     "lines?")
    assert resp.status == "needs_clarification", resp.answer
    assert resp.answer.startswith("Nothing in the data holds spoken lines"), resp.answer
