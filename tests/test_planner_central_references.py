"""Centrality read in more of the ways people ask: from the bottom when the measure is
named ("the lowest betweenness"), one named node's score ("what's Greta's closeness"), the
top node by a named measure as another question's input ("the neighbours of the person with
the highest betweenness"), one node's community and whether two share one (answered only
where two methods agree), and a yes/no about two modes answered Yes or No first. Two
vocabularies each; networkx is the oracle."""

from __future__ import annotations

import re

import networkx as nx
import pytest
from planner_support import agents_for, ask_edges

_PEOPLE = ["Ada", "Bruno", "Chiara", "Dmitri", "Elif", "Farid", "Greta", "Hugo", "Ines",
           "Jonas", "Kaito", "Lena", "Mateo", "Nadia", "Omar", "Priya", "Quinn", "Rosa"]
_AIRPORTS = ["AMS", "BER", "CDG", "DUB", "EDI", "FCO", "GVA", "HEL", "IST", "JFK", "KEF",
             "LIS", "MAD", "NCE", "OSL", "PRG"]


def _crew() -> nx.Graph:
    return nx.relabel_nodes(nx.gnm_random_graph(18, 40, seed=5), lambda n: _PEOPLE[n])


def _flights() -> nx.Graph:
    return nx.relabel_nodes(nx.connected_watts_strogatz_graph(16, 4, 0.3, seed=3),
                            lambda n: _AIRPORTS[n])


def _students() -> nx.Graph:
    g = nx.bipartite.random_graph(12, 4, 0.4, seed=2)
    courses = ["Art", "Maths", "Music", "Physics"]
    return nx.Graph((f"s{min(u, v):02d}", courses[max(u, v) - 12]) for u, v in g.edges())


GRAPHS = {"crew": (_crew, "person", "colleague"), "flights": (_flights, "airport", "other_airport"),
          "students": (_students, "student", "course")}


@pytest.fixture(scope="module")
def agents(tmp_path_factory):
    yield from agents_for(GRAPHS, tmp_path_factory)


def _ask(agents, graph: str, question: str):
    make, a, b = GRAPHS[graph]
    g = make()
    if graph == "students":  # each edge written from its side
        g = nx.DiGraph((u, v) if u.startswith("s") else (v, u) for u, v in g.edges())
    return ask_edges(agents[graph], g, a, b, question)


def _names(g: nx.Graph, answer: str) -> set[str]:
    return {n for n in g if re.search(rf"\b{n}\b", answer)}


@pytest.mark.parametrize(("graph", "question", "scores"), [
    ("crew", "Which person has the lowest betweenness centrality?", nx.betweenness_centrality),
    ("flights", "whose closeness is the smallest", nx.closeness_centrality),
])
def test_a_named_measure_from_the_bottom_names_the_lowest_nodes(agents, graph, question, scores):
    resp = _ask(agents, graph, question)
    assert resp.status == "answered", resp.answer
    score = scores(GRAPHS[graph][0]())
    low = min(score.values())
    assert _names(GRAPHS[graph][0](), resp.answer) == {
        n for n, v in score.items() if abs(v - low) < 1e-9}, resp.answer


@pytest.mark.parametrize(("graph", "question", "node", "measure"), [
    ("crew", "what's Greta's closeness centrality?", "Greta", nx.closeness_centrality),
    ("flights", "betweenness of OSL?", "OSL", nx.betweenness_centrality),
])
def test_one_named_nodes_centrality_is_its_score(agents, graph, question, node, measure):
    resp = _ask(agents, graph, question)
    assert resp.status == "answered", resp.answer
    said = re.search(rf"{node} has \w+ \(unweighted\) \*\*([\d.]+)\*\*", resp.answer)
    assert said and abs(float(said.group(1)) - measure(GRAPHS[graph][0]())[node]) < 1e-4, \
        resp.answer


@pytest.mark.parametrize(("graph", "question", "measure", "answer"), [
    ("crew", "who are the neighbours of the person with the highest betweenness?",
     nx.betweenness_centrality, lambda g, n: set(g[n])),
    ("flights", "how many hops from the airport with the top closeness to AMS?",
     nx.closeness_centrality, lambda g, n: nx.shortest_path_length(g, n, "AMS")),
])
def test_the_top_node_by_a_named_measure_is_another_questions_input(
        agents, graph, question, measure, answer):
    g = GRAPHS[graph][0]()
    score = measure(g)
    top = max(score, key=score.get)
    assert sorted(score.values())[-2] < score[top]  # one top node: the question is well posed
    resp = _ask(agents, graph, question)
    assert resp.status == "answered", resp.answer
    assert f"by {measure.__name__.split('_')[0]} is {top}" in resp.answer, resp.answer
    want = answer(g, top)
    if isinstance(want, set):
        assert want <= _names(g, resp.answer), resp.answer
    else:
        assert re.search(rf"\*\*{want}\b", resp.answer) and want > 0, resp.answer


def _agreed(g: nx.Graph) -> list[set]:
    """The communities two methods' best partitions agree on (nodes placed together by
    both)."""
    def best(find):
        return max((find(s) for s in range(10)), key=lambda c: nx.community.modularity(g, c))
    a = best(lambda s: nx.community.louvain_communities(g, seed=s))
    b = nx.community.greedy_modularity_communities(g)
    return [x & y for x in a for y in b if len(x & y) > 1]


def test_whether_two_nodes_share_a_community_is_answered_yes_or_no(agents):
    g = _flights()
    together = max(_agreed(g), key=len)
    a, b = sorted(together)[:2]
    resp = _ask(agents, "flights", f"is {a} in the same community as {b}?")
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith("**Yes**"), resp.answer
    c = next(n for n in g if n not in together)
    resp = _ask(agents, "flights", f"are {a} and {c} in the same cluster?")
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith("**No**"), resp.answer


def test_a_named_nodes_community_lists_the_nodes_both_methods_place_with_it(agents):
    g = _flights()
    together = max(_agreed(g), key=len)
    node = sorted(together)[0]
    resp = _ask(agents, "flights", f"which airports are in the same community as {node}?")
    assert resp.status == "answered", resp.answer
    assert together - {node} <= _names(g, resp.answer), resp.answer


@pytest.mark.parametrize(("graph", "question", "lead"), [
    ("students", "is this a bipartite graph?", "**Yes**"),
    ("crew", "can the people be split into two sides with ties only across?", "**No**"),
])
def test_a_yes_no_question_about_two_modes_says_yes_or_no_first(agents, graph, question, lead):
    resp = _ask(agents, graph, question)
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith(lead), resp.answer
    assert nx.is_bipartite(GRAPHS[graph][0]()) == (lead == "**Yes**")
