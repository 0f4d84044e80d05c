"""A two-mode table's membership words on its own nouns: on ``singer,choir`` "who sings in
Orbit" / "who's in Orbit" lists Orbit's members, "wes's choirmates" are the singers sharing a
choir with wes, "the choir with the biggest lineup" has the most members, "does wes sing in
Orbit" checks that one edge; the same on ``player,tournament`` ("the tournament-mates of Dov";
"Dov's teammates", a word of no side, is asked about). On an undirected table, "is Cedar directly
piped to Dune" checks one edge, not a route. networkx is the oracle."""

from __future__ import annotations

import re

import networkx as nx
import pandas as pd
import pytest
from planner_support import agents_for

CHOIRS = [("zoe", "Orbit"), ("yan", "Orbit"), ("xia", "Orbit"), ("zoe", "Comet"),
          ("wes", "Comet"), ("vic", "Nova"), ("wes", "Nova"), ("uma", "Nova"),
          ("tia", "Pulsar"), ("xia", "Lyra")]
EVENTS = [("Aldo", "Spring Open"), ("Bea", "Spring Open"), ("Cruz", "Spring Open"),
          ("Aldo", "Winter Cup"), ("Dov", "Winter Cup"), ("Eun", "Harbour Classic"),
          ("Dov", "Harbour Classic"), ("Fay", "Harbour Classic"), ("Gus", "Harbour Classic"),
          ("Gus", "Delta Trophy")]
TABLES = {"choirs": (CHOIRS, "singer", "choir"), "events": (EVENTS, "player", "tournament")}


@pytest.fixture(scope="module")
def agents(tmp_path_factory):
    yield from agents_for([*TABLES, "pipes"], tmp_path_factory)


def _ask(agents, graph: str, question: str):
    edges, source, target = TABLES[graph]
    return agents[graph].ask(question, attach=[pd.DataFrame(edges, columns=[source, target])])


def _graph(graph: str) -> nx.Graph:
    return nx.Graph(TABLES[graph][0])


def _names(graph: str, text: str) -> set[str]:
    names = "|".join(map(re.escape, sorted(_graph(graph), key=len, reverse=True)))
    return set(re.findall(rf"(?<![\w-])(?:{names})(?![\w-])", text))


MEMBERS = [("choirs", "who sings in Orbit?", "Orbit"), ("choirs", "who's in Nova?", "Nova"),
           ("events", "who played in the Spring Open?", "Spring Open"),
           ("events", "which players are in Harbour Classic?", "Harbour Classic")]


@pytest.mark.parametrize(("graph", "question", "group"), MEMBERS, ids=[c[1] for c in MEMBERS])
def test_who_is_in_a_named_group_node_lists_its_members(agents, graph, question, group):
    resp = _ask(agents, graph, question)
    assert resp.status == "answered", resp.answer
    assert _names(graph, resp.answer) - {group} == set(_graph(graph)[group]), resp.answer


MATES = [("choirs", "who are wes's choirmates?", "wes"),
         ("events", "list the tournament-mates of Dov", "Dov")]


@pytest.mark.parametrize(("graph", "question", "node"), MATES, ids=[c[1] for c in MATES])
def test_a_sides_mates_are_the_nodes_sharing_a_partner(agents, graph, question, node):
    resp = _ask(agents, graph, question)
    g = _graph(graph)
    want = {m for p in g[node] for m in g[p]} - {node}
    assert resp.status == "answered", resp.answer
    assert _names(graph, resp.answer) - {node} == want, resp.answer


def test_mates_in_a_word_that_is_no_side_are_asked_about(agents):
    resp = _ask(agents, "events", "who are Dov's teammates?")
    assert resp.status == "needs_clarification", resp.answer


@pytest.mark.parametrize(("graph", "question", "side"), [
    ("choirs", "which choir has the biggest lineup?", {"Orbit", "Nova", "Comet", "Pulsar", "Lyra"}),
    ("events", "Which tournament has the largest field?",
     {"Spring Open", "Winter Cup", "Harbour Classic", "Delta Trophy"}),
    ("events", "which tournament has the smallest field?",
     {"Spring Open", "Winter Cup", "Harbour Classic", "Delta Trophy"})])
def test_the_biggest_lineup_is_the_most_members_on_that_side(agents, graph, question, side):
    resp = _ask(agents, graph, question)
    g = _graph(graph)
    pick = min if "smallest" in question else max
    top = pick(g.degree(n) for n in side)
    assert resp.status == "answered", resp.answer
    leaders = {n for n in side if g.degree(n) == top}
    named = set(re.findall(r"\*\*([^*]+)\*\*", resp.answer)) & side or \
        _names(graph, resp.answer.split(":")[-1])  # the fewest: listed after the colon
    assert named == leaders, resp.answer


@pytest.mark.parametrize(("graph", "question", "a", "b"), [
    ("choirs", "does wes sing in Nova?", "wes", "Nova"),
    ("choirs", "does zoe sing in Nova?", "zoe", "Nova"),
    ("events", "did Aldo ever play the Winter Cup?", "Aldo", "Winter Cup"),
    ("events", "did Bea play in Harbour Classic?", "Bea", "Harbour Classic"),
    ("events", "is Dov in the Harbour Classic?", "Dov", "Harbour Classic"),
    ("choirs", "is zoe in Nova?", "zoe", "Nova")])
def test_a_yes_no_membership_checks_that_one_edge(agents, graph, question, a, b):
    resp = _ask(agents, graph, question)
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith("**Yes**" if _graph(graph).has_edge(a, b) else "**No**"), \
        resp.answer


PIPES = nx.Graph([("Anvil", "Brook"), ("Anvil", "Cedar"), ("Brook", "Cedar"), ("Cedar", "Dune"),
                  ("Dune", "Elm"), ("Fjord", "Glen")])


@pytest.mark.parametrize(("question", "a", "b"), [
    ("is Cedar directly piped to Dune?", "Cedar", "Dune"),
    ("is Anvil directly piped to Dune?", "Anvil", "Dune"),
    ("is the Brook wired to Anvil?", "Brook", "Anvil")])
def test_an_undirected_verb_with_to_checks_one_edge_not_a_route(agents, question, a, b):
    table = pd.DataFrame(list(PIPES.edges()), columns=["site_a", "site_b"])
    resp = agents["pipes"].ask(question, attach=[table])
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith("**Yes**" if PIPES.has_edge(a, b) else "**No**"), resp.answer


def test_a_verb_with_the_largest_number_of_other_nodes_is_the_highest_degree(agents):
    table = pd.DataFrame(list(PIPES.edges()), columns=["site_a", "site_b"])
    resp = agents["pipes"].ask("Which site trades with the largest number of other sites?",
                               attach=[table])
    top = max(d for _, d in PIPES.degree())
    assert resp.status == "answered", resp.answer
    leaders = [n for n, d in PIPES.degree() if d == top]
    assert resp.answer.split("Highest degree:")[-1].strip().startswith(leaders[0]), resp.answer


ONE = [("choirs", "who is in only one choir?", "Orbit"),
       ("choirs", "Which singers only sing in one choir?", "Orbit"),
       ("events", "which players only played one tournament", "Spring Open"),
       ("events", "who only entered one tournament?", "Spring Open")]


@pytest.mark.parametrize(("graph", "question", "group"), ONE, ids=[c[1] for c in ONE])
def test_members_of_only_one_group_are_degree_one_on_the_members_side_only(
        agents, graph, question, group):
    resp = _ask(agents, graph, question)
    g = _graph(graph)
    groups = {v for _, v in TABLES[graph][0]}
    want = {n for n in g if n not in groups and g.degree(n) == 1}
    assert any(g.degree(x) == 1 for x in groups)  # a group with one member is left out
    assert resp.status == "answered", resp.answer
    assert _names(graph, resp.answer.split(":", 1)[-1]) == want, resp.answer


def test_how_many_mates_counts_those_sharing_a_group_not_the_groups(agents):
    resp = _ask(agents, "choirs", "how many choirmates does wes have?")
    g = _graph("choirs")
    want = {m for p in g["wes"] for m in g[p]} - {"wes"}
    assert len(want) != g.degree("wes")
    assert resp.status == "answered", resp.answer
    assert f"**{len(want)}**" in resp.answer and _names("choirs", resp.answer) - {"wes"} == want


@pytest.mark.parametrize("question", [
    "what other choirs do wes's choirmates sing in?",
    "how many teammates does wes have?",
    "who is not in Orbit?",  # the members' complement, never the members
    "did wes quit Nova?"])  # a verb of leaving: no edge says it
def test_questions_near_a_membership_reading_are_asked_about_never_answered_as_it(
        agents, question):
    resp = _ask(agents, "choirs", question)
    assert resp.status == "needs_clarification", resp.answer


def test_an_undirected_verb_of_no_link_is_never_read_as_the_link(agents):
    table = pd.DataFrame(list(PIPES.edges()), columns=["site_a", "site_b"])
    resp = agents["pipes"].ask("is Cedar unconnected to Dune?", attach=[table])
    assert not resp.answer.startswith("**Yes**"), resp.answer
