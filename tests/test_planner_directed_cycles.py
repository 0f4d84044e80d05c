"""A directed graph's cycles, strong components and ends, asked in the data's own words on
two graphs with different vocabularies (a ``caller,callee`` call graph and a
``supplier,buyer`` shipment table): the number of simple directed cycles, the nodes on one,
the size of the largest strongly connected component, and the nodes nothing enters or
leaves. networkx is the oracle; a question about one node's cycles is asked about."""

from __future__ import annotations

import re

import networkx as nx
import pytest

from tests.planner_support import agents_for, ask_edges

CALLS = nx.DiGraph([("main", "api"), ("api", "db"), ("db", "api"), ("api", "cache"),
                    ("cache", "worker"), ("worker", "cache"), ("main", "cli"), ("cli", "util"),
                    ("db", "util")])
SHIPS = nx.DiGraph([("Kiruna", "Boden"), ("Boden", "Lulea"), ("Lulea", "Kiruna"),
                    ("Lulea", "Oslo"), ("Oslo", "Bergen"), ("Bergen", "Oslo"),
                    ("Bergen", "Lulea"), ("Pilbara", "Oslo"), ("Pilbara", "Narvik")])
WATER = nx.DiGraph([("Lake Mora", "Bruck weir"), ("Hohen Spring", "Bruck weir"),
                    ("Bruck weir", "Lock 12"), ("Lock 12", "Ferry Basin"),
                    ("Ferry Basin", "Lock 12"), ("Ferry Basin", "Port Ardel"),
                    ("Lock 12", "North Drain"), ("Tarn Beck", "Low Fen")])
GRAPHS = {"calls": (CALLS, "caller", "callee"), "ships": (SHIPS, "supplier", "buyer"),
          "water": (WATER, "upstream", "downstream")}


@pytest.fixture(scope="module")
def agents(tmp_path_factory):
    yield from agents_for(GRAPHS, tmp_path_factory)


def _ask(agents, name: str, question: str):
    g, source, target = GRAPHS[name]
    return ask_edges(agents[name], g, source, target, question)


def _bold(answer: str) -> list[str]:
    return re.findall(r"\*\*([^*]+)\*\*", answer)


@pytest.mark.parametrize(("name", "question"), [
    ("calls", "are there circular dependencies? how many cycles?"),
    ("ships", "How many circular supply loops are there in the shipments?"),
    ("ships", "what is the number of cycles?"),
])
def test_the_number_of_directed_cycles_is_counted(agents, name, question):
    resp = _ask(agents, name, question)
    assert resp.status == "answered", resp.answer
    assert str(len(list(nx.simple_cycles(GRAPHS[name][0])))) in _bold(resp.answer), resp.answer


def test_a_yes_no_question_with_a_count_says_yes_first(agents):
    resp = _ask(agents, "calls", "are there circular dependencies? how many cycles?")
    assert resp.answer.startswith("**Yes**"), resp.answer


@pytest.mark.parametrize(("name", "question"), [
    ("calls", "Which modules are involved in circular calls?"),
    ("ships", "Which firms are part of a loop?"),
    ("water", "Some water gets pumped back. Which points sit on a loop?"),
])
def test_the_nodes_on_a_directed_cycle_are_listed(agents, name, question):
    g = GRAPHS[name][0]
    on = {v for c in nx.strongly_connected_components(g) if len(c) > 1 for v in c}
    resp = _ask(agents, name, question)
    assert resp.status == "answered", resp.answer
    assert set(_bold(resp.answer)) - {str(len(on))} == on, resp.answer


@pytest.mark.parametrize(("name", "question"), [
    ("calls", "How many modules are in the largest strongly connected component?"),
    ("ships", "what is the size of the biggest strongly connected component"),
])
def test_the_largest_strong_component_is_sized(agents, name, question):
    g = GRAPHS[name][0]
    resp = _ask(agents, name, question)
    assert resp.status == "answered", resp.answer
    size = max(len(c) for c in nx.strongly_connected_components(g))
    assert _bold(resp.answer) == [str(size)], resp.answer


@pytest.mark.parametrize(("name", "question", "end"), [
    ("calls", "which modules are never called by anything?", "in"),
    ("calls", "Which modules don't call anything?", "out"),
    ("calls", "which modules call nothing?", "out"),
    ("ships", "Which firms never buy anything from anyone?", "in"),
    ("ships", "Which firms don't supply anyone?", "out"),
    ("ships", "which firms have no incoming shipments", "in"),
    ("water", "Which points have nothing flowing into them?", "in"),
    ("water", "Where does the water end up? List every point with no outflow.", "out"),
])
def test_the_nodes_no_edge_enters_or_leaves_are_named_in_the_datas_verbs(
        agents, name, question, end):
    g = GRAPHS[name][0]
    degree = g.in_degree if end == "in" else g.out_degree
    want = {v for v, d in degree() if d == 0}
    resp = _ask(agents, name, question)
    assert resp.status == "answered", resp.answer
    assert set(_bold(resp.answer)) - {str(len(want))} == want, resp.answer
    assert "No node matches" not in resp.answer


@pytest.mark.parametrize(("source", "target"), [("Lake Mora", "Port Ardel"),
                                              ("Port Ardel", "Lake Mora")])
def test_whether_what_leaves_one_node_reaches_another_follows_the_edges(agents, source, target):
    resp = _ask(agents, "water", f"Can water from {source} reach {target}?")
    assert resp.status == "answered", resp.answer
    want = "**Yes**" if nx.has_path(WATER, source, target) else "**No**"
    assert resp.answer.startswith(want), resp.answer


@pytest.mark.parametrize(("name", "question"), [
    ("ships", "how many cycles go through Oslo?"),
    ("calls", "which modules are not called by main?"),
    ("calls", "If api is removed, how many cycles are left?"),
])
def test_one_nodes_cycles_or_calls_are_asked_about(agents, name, question):
    resp = _ask(agents, name, question)
    assert resp.status == "needs_clarification", resp.answer


@pytest.mark.parametrize(("name", "question", "end"), [
    ("calls", "Which module calls the largest number of other modules?", "out"),
    ("calls", "which module is called by the most distinct modules?", "in"),
    ("ships", "Which firm supplies the largest number of other firms?", "out"),
    ("ships", "which firm is supplied by the most different firms?", "in"),
])
def test_the_most_nodes_reached_by_the_datas_verb_is_an_in_or_out_degree(agents, name, question,
                                                                         end):
    g = GRAPHS[name][0]
    degree = dict(g.out_degree() if end == "out" else g.in_degree())
    best = max(degree.values())
    resp = _ask(agents, name, question)
    assert resp.status == "answered", resp.answer
    assert f"By {end}-degree" in resp.answer, resp.answer
    assert {n for n, d in degree.items() if d == best} <= set(_bold(resp.answer)), resp.answer
