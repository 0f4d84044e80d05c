"""A rank named in the question ("the second most friends", "3rd highest pagerank") is
answered at that rank, or asked about where no ranking takes it; an undirected graph's
cycles are answered yes or no from its edges, nodes and components; a what-if answers
only what removing a node does to the components (another measure after the removal is
asked about), and a yes/no what-if says yes or no. networkx is the oracle."""

from __future__ import annotations

import re

import networkx as nx
import pandas as pd
import pytest

from tests.test_directed_totals import _ask

NAMES = ["alice", "bob", "carol", "dave", "erin", "frank", "gina", "hal", "ivy", "jack"]


def _pals() -> nx.Graph:
    g = nx.relabel_nodes(nx.connected_watts_strogatz_graph(10, 4, 0.3, seed=2),
                         lambda n: NAMES[n])
    g.add_edges_from([("kim", "leo"), ("leo", "mia")])
    return g


PALS = pd.DataFrame(list(_pals().edges()), columns=["person_a", "person_b"])
CHAIN = pd.DataFrame([("p1", "p2"), ("p2", "p3"), ("p3", "p4"), ("p2", "p5")],
                     columns=["person_a", "person_b"])


def test_the_second_most_connected_is_named_at_that_rank(tmp_path):
    g = _pals()
    ranked = sorted(g.degree(), key=lambda x: -x[1])
    resp = _ask(tmp_path, PALS, "Who has the second most friends?")
    assert resp.status == "answered", resp.answer
    m = re.match(r"Ranked 2nd by degree: \*\*(\w+)\*\* \((\d+)", resp.answer)
    assert m and int(m.group(2)) == ranked[1][1] and g.degree(m.group(1)) == ranked[1][1]


def test_the_third_highest_pagerank_is_named_at_that_rank(tmp_path):
    pr = sorted(nx.pagerank(_pals()).items(), key=lambda x: -x[1])
    resp = _ask(tmp_path, PALS, "Who has the 3rd highest pagerank?")
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith(f"Ranked 3rd by pagerank: **{pr[2][0]}**"), resp.answer


def test_a_rank_from_the_bottom_is_asked_about_not_answered_with_the_least(tmp_path):
    resp = _ask(tmp_path, PALS, "Who has the second fewest friends?")
    assert resp.status == "needs_clarification", resp.answer


@pytest.mark.parametrize(("table", "question", "want"), [
    (PALS, "Does the friend network contain any cycles?", "**Yes**"),
    (CHAIN, "Are there any loops in this network?", "**No**"),
    (CHAIN, "Is this network a tree?", "**Yes** — it is a tree"),
    (PALS, "Is this network a tree?", "**No** — it is not a tree"),
])
def test_an_undirected_graphs_cycles_are_answered_yes_or_no(tmp_path, table, question, want):
    resp = _ask(tmp_path, table, question)
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith(want), resp.answer
    assert f"**{len(table)} edges**" in resp.answer


@pytest.mark.parametrize("question", ["If carol left, how many communities would there be?",
                                      "How would the average path length change if carol left?"])
def test_another_measure_after_a_removal_is_asked_about_not_answered_with_components(
        tmp_path, question):
    resp = _ask(tmp_path, PALS, question)
    assert resp.status == "needs_clarification", resp.answer
    assert "remove_and_compare" not in [a.tool for a in resp.actions]


def test_a_yes_no_removal_says_whether_the_network_splits(tmp_path):
    g = _pals()
    before = nx.number_connected_components(g)
    g.remove_node("leo")
    assert nx.number_connected_components(g) > before
    resp = _ask(tmp_path, PALS, "Would the network fall apart if leo were removed?")
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith("**Yes** — Without leo")


@pytest.mark.parametrize(("question", "removed", "ends"), [
    ("If leo left, can kim still reach mia?", "leo", ("kim", "mia")),
    ("If carol leaves, is alice still connected to jack?", "carol", ("alice", "jack")),
])
def test_a_removal_asked_about_one_pairs_reach_answers_that_pair(tmp_path, question, removed,
                                                                 ends):
    g = _pals()
    g.remove_node(removed)
    resp = _ask(tmp_path, PALS, question)
    assert resp.status == "answered", resp.answer
    call = next(a for a in resp.actions if a.tool == "remove_and_compare")
    assert call.args["nodes"] == [removed] and call.args["reach"] == list(ends)
    want = "**Yes**" if nx.has_path(g, *ends) else "**No**"
    assert resp.answer.startswith(want), resp.answer


def test_a_count_of_cliques_of_one_size_is_asked_about_never_the_largest_or_the_graph_size(
        tmp_path):
    resp = _ask(tmp_path, PALS, "How many cliques of size 3 are there?")
    assert resp.status == "needs_clarification", resp.answer
    assert "largest_clique" not in [a.tool for a in resp.actions]


def test_a_count_of_all_maximal_cliques_is_networkxs_count_never_the_largest(tmp_path):
    resp = _ask(tmp_path, PALS, "How many maximal cliques are there?")
    assert resp.status == "answered", resp.answer
    want = len(list(nx.find_cliques(_pals())))
    assert resp.answer.startswith(f"There are **{want}** maximal cliques"), resp.answer


def test_whether_high_degree_nodes_connect_to_each_other_is_the_assortativity(tmp_path):
    want = nx.degree_assortativity_coefficient(_pals())
    resp = _ask(tmp_path, PALS, "Do high-degree people tend to connect to each other?")
    assert resp.status == "answered", resp.answer
    assert "assortativity" in resp.answer
    assert f"{want:.4f}"[:5] in resp.answer.replace("−", "-"), resp.answer


def test_the_edges_left_after_a_removal_are_counted_when_asked(tmp_path):
    g = _pals()
    left = g.number_of_edges() - g.degree("alice")
    resp = _ask(tmp_path, PALS, "How many friendships would remain if alice left?")
    assert resp.status == "answered", resp.answer
    assert f"**{left} edge(s)** would remain" in resp.answer


def test_removing_a_member_by_number_reads_as_a_removal(tmp_path):
    table = pd.DataFrame([(0, 1), (0, 2), (1, 2), (0, 3), (3, 4)], columns=["a", "b"])
    resp = _ask(tmp_path, table, "Would removing member 0 disconnect the network?")
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith("**Yes** — Without 0")


@pytest.mark.parametrize("question", ["If carol left, how many friends would alice have?",
                                      "How long would the trip from alice to jack take if "
                                      "carol left?"])
def test_a_removal_asked_about_no_part_of_the_graph_is_asked_not_answered_with_components(
        tmp_path, question):
    resp = _ask(tmp_path, PALS, question)
    assert resp.status == "needs_clarification", resp.answer
    assert "remove_and_compare" not in [a.tool for a in resp.actions]


def test_the_single_removal_cutting_off_the_most_is_asked_not_listed_as_cut_points(tmp_path):
    resp = _ask(tmp_path, PALS, "Which person, if removed, would disconnect the most people?")
    assert resp.status == "needs_clarification", resp.answer


def test_two_named_nodes_in_the_same_component_are_answered_yes_or_no(tmp_path):
    resp = _ask(tmp_path, PALS, "Are alice and kim in the same component?")
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith("**No**") and "connected=False" in resp.answer


@pytest.mark.parametrize("question", [
    "What's the biggest group where every member is linked to every other member?",
    "How large is the biggest set of people who are all friends with one another?"])
def test_a_group_all_linked_to_each_other_is_the_largest_clique(tmp_path, question):
    size = max(len(c) for c in nx.find_cliques(_pals()))
    resp = _ask(tmp_path, PALS, question)
    assert resp.status == "answered", resp.answer
    assert f"has **{size} nodes**" in resp.answer
    assert "leiden" not in resp.answer
