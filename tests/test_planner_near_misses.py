"""Near misses: a question an intent almost answers, with one more condition (a threshold on
an edge value, a node to avoid, a second step; a group among a node's neighbours is now its own
intent's and counted). The
offline planner answers it correctly or asks; it never answers the simpler question.
Two graphs with different vocabularies each (networkx is the oracle)."""

from __future__ import annotations

import re

import networkx as nx
import pandas as pd
import pytest
from planner_support import agents_for


def _roads() -> nx.Graph:
    g = nx.relabel_nodes(nx.connected_watts_strogatz_graph(24, 4, 0.3, seed=2),
                         lambda n: f"town{n}")
    nx.set_edge_attributes(g, {e: 5 + (13 * i) % 70 for i, e in enumerate(sorted(g.edges()))},
                           "km")
    return g


def _flights() -> nx.Graph:
    names = ["AMS", "BER", "CDG", "DUB", "EDI", "FCO", "GVA", "HEL", "IST", "JFK", "KEF", "LIS"]
    g = nx.relabel_nodes(nx.connected_watts_strogatz_graph(12, 4, 0.3, seed=3),
                         dict(enumerate(names)))
    nx.set_edge_attributes(g, {e: 40 + (17 * i) % 150 for i, e in
                               enumerate(sorted(g.edges()))}, "minutes")
    return g


def _office() -> nx.Graph:
    names = ["Ada", "Bo", "Cyd", "Dee", "Eli", "Fox", "Gil", "Hal", "Ivy", "Jo", "Kit", "Lu"]
    g = nx.relabel_nodes(nx.connected_caveman_graph(3, 4), dict(enumerate(names)))
    g.add_edge("Ada", "Ivy")
    nx.set_node_attributes(g, {n: ["sales", "legal"][i % 2] for i, n in enumerate(names)},
                           "department")
    return g


def _clubs() -> nx.Graph:
    g = nx.relabel_nodes(nx.gnm_random_graph(18, 40, seed=5), lambda n: f"m{n}")
    nx.set_node_attributes(g, {n: ["chess", "rowing", "choir"][i % 3]
                               for i, n in enumerate(sorted(g))}, "club")
    return g


def _papers() -> pd.DataFrame:
    g = nx.DiGraph([(u, v) for u, v in nx.gnp_random_graph(30, 0.15, seed=9, directed=True)
                    .edges() if u > v])
    return pd.DataFrame([(f"p{u}", f"p{v}") for u, v in g.edges()], columns=["citing", "cited"])


def _follows() -> pd.DataFrame:
    g = nx.gnp_random_graph(20, 0.15, seed=4, directed=True)
    return pd.DataFrame([(f"acct{u}", f"acct{v}") for u, v in g.edges()],
                        columns=["follower", "followee"])


GRAPHS = {"roads": _roads, "flights": _flights, "office": _office, "clubs": _clubs,
          "papers": _papers, "follows": _follows}


@pytest.fixture(scope="module")
def agents(tmp_path_factory):
    yield from agents_for(GRAPHS, tmp_path_factory)


def _ask(agents, graph: str, question: str):
    return agents[graph].ask(question, attach=[GRAPHS[graph]()])


def _tools(resp) -> list[str]:
    return [a.tool for a in resp.actions]


def _asks(resp, *not_called: str) -> None:
    assert resp.status == "needs_clarification", resp.answer
    assert 2 <= len(resp.suggestions) <= 3, resp.suggestions
    assert "nodes**" not in resp.answer and "Node attributes" not in resp.answer
    assert not set(not_called) & set(_tools(resp)), _tools(resp)


@pytest.mark.parametrize(("graph", "question"), [
    ("roads", "Which town has the most roads longer than 30 km?"),
    ("flights", "Which airport has the most flights longer than 100 minutes?"),
])
def test_a_threshold_on_an_edge_value_the_planner_cannot_apply_asks_instead_of_ranking_degree(
        agents, graph, question):
    _asks(_ask(agents, graph, question), "degree_analysis", "nodes_by_measure")


@pytest.mark.parametrize(("graph", "question"), [
    ("roads", "What is the shortest distance from town0 to town17 avoiding town5?"),
    ("flights", "What's the quickest way from AMS to LIS without going through CDG?"),
])
def test_a_route_that_avoids_a_node_asks_instead_of_answering_the_plain_route(
        agents, graph, question):
    _asks(_ask(agents, graph, question), "shortest_path")


def test_a_number_is_not_resolved_to_a_node_with_a_similar_id(agents):
    resp = _ask(agents, "roads", "How many towns are within a distance of 50 km from town0?")
    d = nx.single_source_dijkstra_path_length(_roads(), "town0", weight="km", cutoff=50)
    assert resp.status == "answered", resp.answer  # the km bound, never a node "town50"
    assert resp.answer.startswith(f"**{len(d) - 1}** node(s) other than town0 lie within "
                                  "**50 km**"), resp.answer
    assert "town50" not in resp.answer, resp.answer


@pytest.mark.parametrize(("graph", "question"), [
    ("office", "How many of Ada's colleagues are in sales?"),
    ("clubs", "How many of m3's friends are in the choir club?"),
])
def test_a_group_among_a_named_nodes_neighbours_counts_only_those_neighbours(
        agents, graph, question):
    g = {"office": _office, "clubs": _clubs}[graph]()
    node, value = ("Ada", "sales") if graph == "office" else ("m3", "choir")
    attr = "department" if graph == "office" else "club"
    held = [n for n in g[node] if g.nodes[n][attr] == value]
    resp = _ask(agents, graph, question)
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith(f"**{len(held)}** of {node}'s {g.degree(node)} neighbours"), \
        resp.answer


@pytest.mark.parametrize(("graph", "question", "node", "attr"), [
    ("roads", "What is the total km of the roads at town3?", "town3", "km"),
    ("flights", "What is the total minutes of the flights from BER?", "BER", "minutes"),
])
def test_the_total_of_one_nodes_edges_adds_up_only_that_nodes_edges(
        agents, graph, question, node, attr):
    resp = _ask(agents, graph, question)
    assert resp.status == "answered", resp.answer
    g = GRAPHS[graph]()
    own = sum(d for *_, d in g.edges(node, data=attr))
    assert re.findall(r"\*\*(\d+)", resp.answer)[0] == str(own), resp.answer
    assert str(sum(d for *_, d in g.edges(data=attr))) not in resp.answer


@pytest.mark.parametrize(("graph", "question", "node"), [
    ("papers", "Which of the papers p25 cites is itself cited the most?", "p25"),
    ("follows", "Which of the accounts acct3 follows has the most followers?", "acct3"),
])
def test_a_ranking_among_one_nodes_neighbours_ranks_only_them_or_asks(
        agents, graph, question, node):
    resp = _ask(agents, graph, question)
    if resp.status == "needs_clarification":
        _asks(resp, "degree_analysis")
        return
    table = GRAPHS[graph]()
    g = nx.from_pandas_edgelist(table, *table.columns, create_using=nx.DiGraph)
    near = set(g.successors(node))
    best = max(g.in_degree(n) for n in near)
    assert resp.status == "answered", resp.answer
    head = resp.answer.split(":")[0]
    assert all(f"**{n}**" in head for n in near if g.in_degree(n) == best), resp.answer
    assert not any(f"**{n}**" in head for n in set(g) - near), resp.answer


@pytest.mark.parametrize(("graph", "question"), [
    ("clubs", "How many groups of friends have more than 3 members?"),
    ("office", "How many clusters have more than 3 people?"),
])
def test_a_count_of_groups_above_a_size_is_not_answered_with_a_count_of_nodes(
        agents, graph, question):
    resp = _ask(agents, graph, question)
    assert "nodes_by_measure" not in _tools(resp), resp.answer
    assert resp.status == "needs_clarification", resp.answer


@pytest.mark.parametrize(("graph", "question", "oracle"), [
    ("office", "How many people in sales have more than 3 colleagues?",
     lambda g: sum(1 for n, d in g.degree() if d > 3 and g.nodes[n]["department"] == "sales")),
    ("clubs", "How many rowing members have at least 5 friends?",
     lambda g: sum(1 for n, d in g.degree() if d >= 5 and g.nodes[n]["club"] == "rowing")),
])
def test_a_threshold_within_a_group_counts_only_that_group(agents, graph, question, oracle):
    resp = _ask(agents, graph, question)
    assert resp.status == "answered", resp.answer
    assert "nodes_by_measure" in _tools(resp)
    assert re.findall(r"\*\*(\d+)", resp.answer)[0] == str(oracle(GRAPHS[graph]())), resp.answer


@pytest.mark.parametrize(("graph", "question"), [
    ("office", "How many people are not in sales?"),
    ("office", "Who is the most central person outside legal?"),
    ("clubs", "Who has the most friends except the chess club?"),
    ("clubs", "Which member has the most friends in the other club?"),
])
def test_an_exclusion_no_intent_applies_asks_instead_of_answering_the_included_group(
        agents, graph, question):
    _asks(_ask(agents, graph, question), "subgraph_extraction", "node_centrality",
          "degree_analysis")


@pytest.mark.parametrize(("graph", "question", "node"), [
    ("office", "Who are the colleagues of Ada's colleagues?", "Ada"),
    ("clubs", "List the friends of friends of m3", "m3"),
])
def test_friends_of_friends_reach_two_steps_out(agents, graph, question, node):
    resp = _ask(agents, graph, question)
    assert resp.status == "answered", resp.answer
    g = GRAPHS[graph]()
    two = [n for n, d in nx.single_source_shortest_path_length(g, node, cutoff=2).items()
           if d == 2]
    assert f"{len(two)} node(s) at hop 2" in resp.answer, resp.answer
    call = next(a for a in resp.actions if a.tool == "local_analysis")
    assert call.args["radius"] == 2
