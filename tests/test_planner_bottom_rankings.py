"""Rankings from the bottom: the least-connected node of one side of a two-mode graph, the
node with the fewest incoming edges on a directed graph, thresholds on one side; and a
bottom ranking no intent computes ("the least central") is asked, never answered with the
top of the ranking (networkx is the oracle; two vocabularies each)."""

from __future__ import annotations

import re

import networkx as nx
import pandas as pd
import pytest
from planner_support import agents_for

_PROJECTS = ["Garden", "Library", "Shelter", "Kitchen", "Clinic", "School"]
_TEAMS = ["Owls", "Foxes", "Bears", "Hawks", "Wolves"]


def _two_mode(n: int, names: list[str], seed: int, prefix: str) -> nx.Graph:
    g = nx.bipartite.random_graph(n, len(names), 0.3, seed=seed)
    return nx.Graph((f"{prefix}{min(u, v):02d}", names[max(u, v) - n]) for u, v in g.edges())


def _volunteers() -> nx.Graph:
    return _two_mode(15, _PROJECTS, 11, "v")


def _players() -> nx.Graph:
    return _two_mode(18, _TEAMS, 5, "pl")


def _calls() -> nx.DiGraph:
    return nx.relabel_nodes(nx.gnp_random_graph(18, 0.18, seed=21, directed=True),
                            lambda n: f"ph{n}")


def _papers() -> nx.DiGraph:
    return nx.relabel_nodes(nx.DiGraph([(u, v) for u, v in nx.gnp_random_graph(
        30, 0.15, seed=9, directed=True).edges() if u > v]), lambda n: f"p{n}")


GRAPHS = {"volunteers": (_volunteers, "volunteer", "project"),
          "players": (_players, "player", "team"),
          "calls": (_calls, "caller", "callee"), "papers": (_papers, "citing", "cited")}


@pytest.fixture(scope="module")
def agents(tmp_path_factory):
    yield from agents_for(GRAPHS, tmp_path_factory)


def _ask(agents, graph: str, question: str):
    make, a, b = GRAPHS[graph]
    g = make()
    rows = list(g.edges()) if g.is_directed() else [
        (u, v) if u[0].islower() else (v, u) for u, v in g.edges()]
    return agents[graph].ask(question, attach=[pd.DataFrame(rows, columns=[a, b])])


def _side(g: nx.Graph, side: str) -> dict:
    """Degrees of one side: ``side`` names a node of it (the other side is the rest)."""
    first = set(nx.bipartite.sets(g)[0])
    keep = first if side in first else set(g) - first
    return {n: d for n, d in g.degree() if n in keep}


@pytest.mark.parametrize(("graph", "question", "side"), [
    ("volunteers", "Which project has the fewest volunteers?", "Garden"),
    ("volunteers", "Which volunteer works on the fewest projects?", "v00"),
    ("players", "Which team has the fewest players?", "Owls"),
    ("players", "Which player is on the fewest teams?", "pl00"),
])
def test_the_least_connected_node_of_one_side_of_a_two_mode_graph(agents, graph, question, side):
    resp = _ask(agents, graph, question)
    assert resp.status == "answered", resp.answer
    deg = _side(GRAPHS[graph][0](), side)
    low = min(deg.values())
    assert re.findall(r"\*\*(\d+)", resp.answer)[0] == str(low), resp.answer
    named = {n for n in deg if re.search(rf"\b{n}\b", resp.answer)}
    assert named == {n for n, d in deg.items() if d == low}, resp.answer


@pytest.mark.parametrize(("graph", "question", "side", "passes"), [
    ("volunteers", "How many volunteers work on more than 2 projects?", "v00", lambda d: d > 2),
    ("players", "How many teams have at least 5 players?", "Owls", lambda d: d >= 5),
])
def test_a_threshold_on_one_side_counts_only_that_side(agents, graph, question, side, passes):
    resp = _ask(agents, graph, question)
    assert resp.status == "answered", resp.answer
    deg = _side(GRAPHS[graph][0](), side)
    want = sum(1 for d in deg.values() if passes(d))
    assert re.findall(r"\*\*(\d+)", resp.answer)[0] == str(want), resp.answer
    assert not any(a.tool == "project_bipartite" for a in resp.actions)  # nothing is loaded


@pytest.mark.parametrize(("graph", "question"), [
    ("calls", "Which phone has the fewest incoming calls?"),
    ("papers", "Which paper has the fewest citations?"),
])
def test_the_fewest_incoming_edges_on_a_directed_graph(agents, graph, question):
    resp = _ask(agents, graph, question)
    assert resp.status == "answered", resp.answer
    deg = dict(GRAPHS[graph][0]().in_degree())
    low = min(deg.values())
    assert re.findall(r"\*\*(\d+)", resp.answer)[0] == str(low), resp.answer
    named = {n for n in deg if re.search(rf"\b{n}\b", resp.answer)}
    want = {n for n, d in deg.items() if d == low}
    assert named == want or (len(want) > 12 and named < want), resp.answer


@pytest.mark.parametrize(("graph", "question"), [
    ("papers", "Which paper has the lowest clustering coefficient?"),
])
def test_a_bottom_ranking_no_intent_computes_asks_instead_of_giving_the_top(
        agents, graph, question):
    resp = _ask(agents, graph, question)
    assert resp.status == "needs_clarification", resp.answer
    assert resp.suggestions and "the most central" not in resp.answer


@pytest.mark.parametrize(("graph", "question"), [
    ("calls", "Which phone is the least central?"),
    ("papers", "what's the least important paper"),
])
def test_the_least_central_without_a_measure_asks_which_measure(agents, graph, question):
    resp = _ask(agents, graph, question)
    assert resp.status == "needs_clarification", resp.answer
    assert "betweenness" in resp.answer and "PageRank" in resp.answer


@pytest.mark.parametrize(("graph", "question", "scores"), [
    ("volunteers", "Which volunteer has the lowest pagerank?", nx.pagerank),
    ("calls", "which phone has the smallest betweenness centrality", nx.betweenness_centrality),
])
def test_a_named_centrality_from_the_bottom_names_the_nodes_tied_at_the_lowest_score(
        agents, graph, question, scores):
    resp = _ask(agents, graph, question)
    assert resp.status == "answered", resp.answer
    g = GRAPHS[graph][0]()
    score = scores(g)
    if graph == "volunteers":  # the question names a side: only that side is ranked
        score = {n: v for n, v in score.items() if n in _side(g, "v00")}
    low = min(score.values())
    want = {n for n, v in score.items() if abs(v - low) < 1e-9}
    named = {n for n in score if re.search(rf"\b{n}\b", resp.answer)}
    assert named == want or (len(want) > 10 and named < want), resp.answer
    assert "least central" in resp.answer


@pytest.mark.parametrize(("graph", "question", "side"), [
    ("calls", "Which phone has the fewest outgoing calls?", "out"),
    ("papers", "Which paper is cited the least?", "in"),
])
def test_a_directed_verb_with_fewest_ranks_that_side_from_the_bottom(agents, graph, question, side):
    resp = _ask(agents, graph, question)
    assert resp.status == "answered", resp.answer
    g = GRAPHS[graph][0]()
    deg = dict(g.in_degree() if side == "in" else g.out_degree())
    low = min(deg.values())
    assert re.findall(r"\*\*(\d+)", resp.answer)[0] == str(low), resp.answer
    assert f"{side}-degree" in resp.answer
