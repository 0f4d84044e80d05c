"""Removals in more of the words people use ("if we delete u13", "if Hugo quits", "if the
friendship between u0 and u1 ended"), how many nodes a removal leaves, a yes/no about a
removal answered only when it is about a split or a pair's reach, and questions whose
answer no tool gives on this graph (the whole graph's node connectivity, the nodes at its
center, a figure of the node with the top betweenness) asked about, never answered with a
neighbouring figure. Two vocabularies; networkx is the oracle."""

from __future__ import annotations

import networkx as nx
import pandas as pd
import pytest

from tests.test_directed_totals import _ask

_PEOPLE = ["Ada", "Bruno", "Chiara", "Dmitri", "Elif", "Farid", "Greta", "Hugo", "Ines",
           "Jonas", "Kaito", "Lena", "Mateo", "Nadia"]


def _islands() -> nx.Graph:
    return nx.relabel_nodes(nx.disjoint_union_all([nx.path_graph(4), nx.cycle_graph(5),
                                                   nx.star_graph(3)]), lambda n: f"u{n}")


def _crew() -> nx.Graph:
    return nx.relabel_nodes(nx.connected_watts_strogatz_graph(14, 4, 0.3, seed=4),
                            lambda n: _PEOPLE[n])


ISLANDS = pd.DataFrame(list(_islands().edges()), columns=["user", "friend"])
CREW = pd.DataFrame(list(_crew().edges()), columns=["person", "colleague"])


def _without(g: nx.Graph, *gone: str) -> nx.Graph:
    return g.subgraph([n for n in g if n not in gone])


@pytest.mark.parametrize(("table", "graph", "question", "gone"), [
    (ISLANDS, _islands, "If we delete u1, how many components are left?", "u1"),
    (CREW, _crew, "if Dmitri resigns, how many disconnected parts are there?", "Dmitri"),
    (CREW, _crew, "If Dmitri walked out of the team, how many disconnected pieces would the rest "
                  "fall into?", "Dmitri"),
    (CREW, _crew, "if we leave Dmitri out, how many disconnected parts are there?", "Dmitri"),
    (CREW, _crew, "if Dmitri was disconnected, how many disconnected parts would there be?",
     "Dmitri"),
])
def test_a_removal_in_other_words_counts_the_components_without_that_node(
        tmp_path, table, graph, question, gone):
    resp = _ask(tmp_path, table, question)
    assert resp.status == "answered", resp.answer
    want = nx.number_connected_components(_without(graph(), gone))
    assert f"**{want} connected component(s)**" in resp.answer, resp.answer


@pytest.mark.parametrize(("table", "graph", "question", "gone"), [
    (CREW, _crew, "if Hugo quits how many people are left?", "Hugo"),
    (CREW, _crew, "say Hugo gets let go - how many people are left?", "Hugo"),
    (ISLANDS, _islands, "how many users would remain if u9 were removed?", "u9"),
])
def test_how_many_nodes_a_removal_leaves(tmp_path, table, graph, question, gone):
    resp = _ask(tmp_path, table, question)
    assert resp.status == "answered", resp.answer
    assert f"**{_without(graph(), gone).number_of_nodes()}** node(s) would remain" in resp.answer


@pytest.mark.parametrize("question", [
    "what's the smallest number of people whose leaving would disconnect the network?",
    "fewest people who would have to quit to split the crew apart?",
])
def test_the_fewest_leaving_to_disconnect_is_the_node_connectivity(tmp_path, question):
    want = nx.node_connectivity(_crew())
    assert want != len(list(nx.articulation_points(_crew())))
    resp = _ask(tmp_path, CREW, question)
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith(f"**{want}** nodes is the fewest whose removal disconnects"), \
        resp.answer


def test_an_ended_friendship_is_an_edge_removal(tmp_path):
    resp = _ask(tmp_path, ISLANDS, "if the friendship between u0 and u1 ended, how many groups "
                                   "would there be?")
    assert resp.status == "answered", resp.answer
    g = _islands()
    g.remove_edge("u0", "u1")
    assert f"**{nx.number_connected_components(g)} connected component(s)**" in resp.answer


@pytest.mark.parametrize(("table", "graph", "question", "gone"), [
    (ISLANDS, _islands, "does removing u2 split its group?", "u2"),
    (CREW, _crew, "does removing Ada break the network apart?", "Ada"),
])
def test_a_yes_no_about_a_split_says_yes_or_no_first(tmp_path, table, graph, question, gone):
    resp = _ask(tmp_path, table, question)
    assert resp.status == "answered", resp.answer
    split = nx.number_connected_components(_without(graph(), gone)) > \
        nx.number_connected_components(graph())
    assert resp.answer.startswith("**Yes**" if split else "**No**"), resp.answer


@pytest.mark.parametrize(("table", "question"), [
    (CREW, "does removing Ada change anything important?"),
    (CREW, "who is on the periphery of the network?"),  # a social reading: asked which
])
def test_a_question_no_tool_answers_here_is_asked_not_answered_with_a_neighbouring_figure(
        tmp_path, table, question):
    resp = _ask(tmp_path, table, question)
    assert resp.status == "needs_clarification", resp.answer


def test_the_colleagues_of_the_top_node_by_pagerank_are_its_degree(tmp_path):
    # a ``person,colleague`` table: the other end's noun is the node's neighbours
    g = _crew()
    pr = nx.pagerank(g)
    top = max(pr, key=pr.get)
    resp = _ask(tmp_path, CREW, "how many colleagues does the person with the highest pagerank have?")
    assert resp.status == "answered", resp.answer
    assert top in resp.answer and f"**{g.degree(top)}**" in resp.answer, resp.answer


ROADS = pd.DataFrame([("s0", "s1"), ("s1", "s2"), ("s2", "s0"), ("s2", "s3"), ("s3", "s4")],
                     columns=["stop_a", "stop_b"])


def _roads() -> nx.Graph:
    return nx.from_pandas_edgelist(ROADS, "stop_a", "stop_b")


@pytest.mark.parametrize(("table", "graph", "question", "gone"), [
    (CREW, _crew, "if Greta leaves, is the network still connected?", "Greta"),
    (ROADS, _roads, "if s3 closes, are the stops still connected?", "s3"),
])
def test_a_yes_no_after_the_removal_clause_says_yes_or_no_first(tmp_path, table, graph,
                                                                 question, gone):
    resp = _ask(tmp_path, table, question)
    assert resp.status == "answered", resp.answer
    still = nx.is_connected(_without(graph(), gone))
    assert resp.answer.startswith("**Yes**" if still else "**No**"), resp.answer


@pytest.mark.parametrize(("table", "graph", "gone"), [(ISLANDS, _islands, "u1"),
                                                       (ROADS, _roads, "s3")])
def test_how_many_more_components_is_the_difference(tmp_path, table, graph, gone):
    resp = _ask(tmp_path, table, f"how many more components would there be without {gone}?")
    assert resp.status == "answered", resp.answer
    more = nx.number_connected_components(_without(graph(), gone)) - \
        nx.number_connected_components(graph())
    assert resp.answer.startswith(f"Without {gone}, there would be **{more}** more"), resp.answer


@pytest.mark.parametrize(("table", "graph", "question", "gone"), [
    (ROADS, _roads, "how many roads are left if s2 closes?", "s2"),
    (ISLANDS, _islands, "how many friendships remain if u1 leaves?", "u1"),
])
def test_how_many_of_the_datas_edges_are_left_after_a_removal(tmp_path, table, graph, question,
                                                              gone):
    resp = _ask(tmp_path, table, question)
    assert resp.status == "answered", resp.answer
    assert f"**{_without(graph(), gone).number_of_edges()} edge(s)** would remain" in resp.answer


@pytest.mark.parametrize(("table", "question"), [
    (ISLANDS, "if u1 leaves, who gets cut off?"),
    (CREW, "which people lose touch with the rest if Ada quits?"),
])
def test_a_removal_asked_for_names_the_counts_do_not_give_is_asked(tmp_path, table, question):
    resp = _ask(tmp_path, table, question)
    assert resp.status == "needs_clarification", resp.answer


@pytest.mark.parametrize(("table", "graph"), [(ISLANDS, _islands), (ROADS, _roads)])
def test_which_edges_are_bridges_lists_them(tmp_path, table, graph):
    resp = _ask(tmp_path, table, "which links are bridges?")
    assert resp.status == "answered", resp.answer
    for a, b in nx.bridges(graph()):
        assert f"{a}–{b}" in resp.answer or f"{b}–{a}" in resp.answer, resp.answer
