"""One node's in- and out-neighbours on a directed graph, in the data's own verbs ("who
cites p10", "whom does acct3 follow"), on a citation table and a follower table (networkx is
the oracle); on an undirected graph the same words list plain neighbours."""

from __future__ import annotations

import re

import networkx as nx
import pytest
from planner_support import agents_for, ask_edges


def _papers() -> nx.DiGraph:
    return nx.relabel_nodes(nx.DiGraph([(u, v) for u, v in nx.gnp_random_graph(
        30, 0.15, seed=9, directed=True).edges() if u > v]), lambda n: f"p{n}")


def _follows() -> nx.DiGraph:
    return nx.relabel_nodes(nx.gnp_random_graph(20, 0.15, seed=4, directed=True),
                            lambda n: f"acct{n}")


TABLES = {"papers": (_papers, "citing", "cited"), "follows": (_follows, "follower", "followee")}


@pytest.fixture(scope="module")
def agents(tmp_path_factory):
    yield from agents_for(TABLES, tmp_path_factory)


def _ask(agents, graph: str, question: str):
    make, source, target = TABLES[graph]
    return ask_edges(agents[graph], make(), source, target, question)


def _listed(answer: str) -> set[str]:
    return set(re.findall(r"\b(?:p|acct)\d+\b", answer.split(":", 1)[-1]))


CASES = [  # (graph, question, node, side)
    ("papers", "Which papers cite p10?", "p10", "in"),
    ("papers", "who cites p10", "p10", "in"),
    ("papers", "Which papers does p25 cite?", "p25", "out"),
    ("papers", "Which papers are cited by p25?", "p25", "out"),
    ("follows", "Who follows acct7?", "acct7", "in"),
    ("follows", "list acct7's followers", "acct7", "in"),
    ("follows", "Who does acct3 follow?", "acct3", "out"),
]


@pytest.mark.parametrize(("graph", "question", "node", "side"), CASES,
                         ids=[c[1] for c in CASES])
def test_in_or_out_neighbours_of_a_named_node_list_exactly_those_nodes(
        agents, graph, question, node, side):
    resp = _ask(agents, graph, question)
    assert resp.status == "answered", resp.answer
    g = TABLES[graph][0]()
    want = set(g.predecessors(node) if side == "in" else g.successors(node))
    other = set(g.successors(node) if side == "in" else g.predecessors(node))
    assert want and want != other  # the graph tells the two sides apart
    assert _listed(resp.answer) - {node} == want, resp.answer
    assert re.findall(r"\*\*(\d+)", resp.answer)[0] == str(len(want)), resp.answer
    call = next(a for a in resp.actions if a.tool == "local_analysis")
    assert call.args["direction"] == side


def test_a_condition_beside_the_neighbour_list_asks_instead_of_listing(agents):
    resp = _ask(agents, "follows", "Who follows acct7 but not acct3?")
    assert resp.status == "needs_clarification", resp.answer
    assert not any(a.tool == "local_analysis" for a in resp.actions)



def test_the_reach_of_a_named_node_is_asked_not_answered_for_the_whole_graph(agents):
    resp = _ask(agents, "follows", "Which accounts can acct7 reach through the people it follows?")
    assert resp.status == "needs_clarification", resp.answer
    assert not any(a.tool == "direction_analysis" for a in resp.actions), resp.answer


def test_the_verbs_reach_of_a_named_node_lists_exactly_what_reaches_it(agents):
    resp = _ask(agents, "papers", "Which papers cite p10 directly or indirectly?")
    want = nx.ancestors(_papers(), "p10")
    assert resp.status == "answered", resp.answer
    assert set(re.findall(r"\*\*(p\d+)\*\*", resp.answer)) == want, resp.answer


@pytest.mark.parametrize("graph", sorted(TABLES))
def test_plain_neighbours_on_a_directed_graph_are_both_sides_of_its_edges(agents, graph):
    g = TABLES[graph][0]()
    node = max(g, key=lambda n: (min(g.in_degree(n), g.out_degree(n)), str(n)))
    assert g.in_degree(node) and g.out_degree(node)  # one with edges on both sides
    resp = _ask(agents, graph, f"What are the neighbours of {node}?")
    assert resp.status == "answered", resp.answer
    assert "Neighbourhood (edges in either direction):" in resp.answer
    want = set(g.predecessors(node)) | set(g.successors(node))
    assert f"has degree **{g.degree(node)}**" in resp.answer
    assert f"{len(want)} node(s) at hop 1" in resp.answer


COURSES = nx.DiGraph([("Calculus II", "Calculus I"), ("Programming II", "Programming I"),
                      ("Machine Learning", "Programming II"), ("Machine Learning", "Calculus II"),
                      ("Deep Learning", "Machine Learning")])


def test_a_name_ending_in_a_roman_numeral_is_one_name(agent):

    resp = ask_edges(agent, COURSES, "course", "prerequisite",
                     "shortest path from Deep Learning to Programming I")
    assert resp.status == "answered", resp.answer
    assert "Deep Learning → Machine Learning → Programming II → Programming I" in resp.answer
    assert "resolved by search_node" not in resp.answer  # no fuzzy match of "Programming"
