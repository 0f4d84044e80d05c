"""Two named nodes set against each other on one measure, the verdict first: "who has more
ties, A or B?" starts with the winner's name, "is A better connected than B?" and "does A
have a higher betweenness than B?" with Yes or No; a ranking's "... and what is it?" is
answered by the ranking's score; "gatekeeper" reads as betweenness. Two vocabularies;
networkx is the oracle."""

from __future__ import annotations

import re

import networkx as nx
import pytest
from planner_support import agents_for, ask_edges

_FAMILIES = nx.florentine_families_graph()
_HUTS = nx.relabel_nodes(nx.connected_watts_strogatz_graph(14, 4, 0.3, seed=2),
                         lambda n: ["Aske", "Brae", "Cove", "Dell", "Eyot", "Fell", "Gill",
                                    "Holm", "Ings", "Jura", "Knap", "Lynn", "Moss", "Ness"][n])
GRAPHS = {"families": (_FAMILIES, "family_a", "family_b"), "huts": (_HUTS, "hut_a", "hut_b")}


@pytest.fixture(scope="module")
def agents(tmp_path_factory):
    yield from agents_for(GRAPHS, tmp_path_factory)


def _ask(agents, name: str, question: str):
    g, source, target = GRAPHS[name]
    return ask_edges(agents[name], g, source, target, question)


def _pair(g: nx.Graph, score) -> tuple[str, str]:
    """Two nodes whose scores differ."""
    nodes = sorted(g, key=lambda n: (score[n], n))
    return nodes[-1], nodes[len(nodes) // 2]


@pytest.mark.parametrize("name", ["families", "huts"])
@pytest.mark.parametrize("form", ["who has more ties, {a} or {b}?",
                                  "which has fewer connections: {a} or {b}"])
def test_which_of_two_named_nodes_has_more_ties_starts_with_its_name(agents, name, form):
    g = GRAPHS[name][0]
    deg = dict(g.degree())
    hi, lo = _pair(g, deg)
    assert deg[hi] != deg[lo], "each graph here has nodes of different degree"
    winner = lo if "fewer" in form else hi
    resp = _ask(agents, name, form.format(a=lo, b=hi))
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith(f"**{winner}**"), resp.answer
    assert f"{deg[hi]}" in resp.answer and f"{deg[lo]}" in resp.answer, resp.answer


@pytest.mark.parametrize("name", ["families", "huts"])
def test_is_one_node_better_connected_than_another_is_answered_yes_or_no(agents, name):
    g = GRAPHS[name][0]
    deg = dict(g.degree())
    hi, lo = _pair(g, deg)
    yes = _ask(agents, name, f"is {hi} better connected than {lo}?")
    no = _ask(agents, name, f"is {lo} better connected than {hi}?")
    assert yes.answer.startswith("**Yes**"), yes.answer
    assert no.answer.startswith("**No**"), no.answer


@pytest.mark.parametrize("name", ["families", "huts"])
def test_a_named_measure_between_two_nodes_is_answered_yes_or_no_on_that_measure(agents, name):
    g = GRAPHS[name][0]
    btw = nx.betweenness_centrality(g)
    hi, lo = _pair(g, btw)
    resp = _ask(agents, name, f"does {lo} have a higher betweenness than {hi}?")
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith("**No**"), resp.answer
    assert "betweenness" in resp.answer.split(".")[0], resp.answer


@pytest.mark.parametrize("name", ["families", "huts"])
def test_the_top_node_and_what_its_score_is_is_one_ranking(agents, name):
    g = GRAPHS[name][0]
    pr = nx.pagerank(g)
    top = max(pr, key=pr.get)
    resp = _ask(agents, name, "which node has the highest pagerank score and what is it?")
    assert resp.status == "answered", resp.answer
    assert re.search(rf"\bare {top} \(\d", resp.answer), resp.answer  # first, with its score


@pytest.mark.parametrize("name", ["families", "huts"])
def test_the_biggest_gatekeeper_is_the_top_node_by_betweenness(agents, name):
    g = GRAPHS[name][0]
    btw = nx.betweenness_centrality(g)
    top = max(btw, key=btw.get)
    resp = _ask(agents, name, "who is the biggest gatekeeper?")
    assert resp.status == "answered", resp.answer
    assert re.search(rf"betweenness.*\bare {top} \(\d", resp.answer), resp.answer
