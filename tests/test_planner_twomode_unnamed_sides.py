"""Two-mode graph objects whose sides carry no words (networkx's Davis graph: sides read from
the edges' ends or a 0/1 attribute): a question's noun names the side whose ids start with
its letters ("events" and "E1".."E14"), the side of proper names when it is a word for people
("woman"), or the other side when the question's other noun names one, so "which woman went
to the most events" ranks the women only and "which two women went to the most events
together" projects the women; a noun no side can be told to be is asked about, naming both
sides with two ids each. networkx is the oracle."""

from __future__ import annotations

import re

import networkx as nx
import pytest

from tests.planner_support import agents_for

SHIPPERS = ["Ada Brook", "Bo Chen", "Cyd Dale", "Dee Ford", "Eli Gray", "Fay Hunt", "Gus Ives",
            "Hal Jones", "Ivy King", "Jo Lund"]


def _cargo() -> nx.Graph:
    """Shippers (proper names) and ports P1..P9, edges written both ways round, the sides
    kept in a string attribute ``mode`` ("0" shippers, "1" ports)."""
    g = nx.Graph()
    for i, s in enumerate(SHIPPERS):
        for j in range(i % 4 + 1):
            port = f"P{(i * 3 + j * 5) % 9 + 1}"
            g.add_edge(*((s, port) if (i + j) % 2 else (port, s)))
    nx.set_node_attributes(g, {n: "0" if " " in n else "1" for n in g}, "mode")
    return g


def _marked() -> nx.Graph:
    """The shippers and ports marked as networkx marks them, ``bipartite`` 0/1 (numbers), on
    edges written both ways round: the marking gives the sides."""
    g = _cargo()
    nx.set_node_attributes(g, {n: int(m) for n, m in g.nodes(data="mode")}, "bipartite")
    for n in g:
        del g.nodes[n]["mode"]
    return g


def _coded() -> nx.Graph:
    """Two sides both written as letters and numbers (a0.., b0..): no noun tells them."""
    g = nx.Graph([(f"a{i}", f"b{(i * 2 + j) % 7}") for i in range(9) for j in range(3)])
    nx.set_node_attributes(g, {n: "0" if n.startswith("a") else "1" for n in g}, "mode")
    return g


GRAPHS = {"davis": nx.davis_southern_women_graph, "cargo": _cargo, "marked": _marked,
          "coded": _coded}
#: the side of proper names and the side of coded ids, per graph
PEOPLE = {"davis": lambda n: not re.fullmatch(r"E\d+", n), "cargo": lambda n: " " in n,
          "marked": lambda n: " " in n}


@pytest.fixture(scope="module")
def agents(tmp_path_factory):
    yield from agents_for(GRAPHS, tmp_path_factory)


def _ask(agents, name: str, question: str):
    return agents[name].ask(question, attach=[GRAPHS[name]()])


def _lead(answer: str, g: nx.Graph) -> list[str]:
    """The graph's nodes named in the answer's first clause, in order."""
    first = answer.split(". ")[0].split("; ")[0]
    return sorted((n for n in map(str, g) if re.search(rf"(?<![\w]){re.escape(n)}(?![\w])",
                                                         first)), key=first.index)


@pytest.mark.parametrize(("name", "question", "people", "most"), [
    ("davis", "which woman went to the most events?", True, True),
    ("davis", "Which event had the most women?", False, True),
    ("davis", "which woman attended the fewest events?", True, False),
    ("cargo", "which shipper used the most ports?", True, True),
    ("cargo", "Which port handles the most shippers?", False, True),
    ("cargo", "Among the shippers, who has the fewest ports?", True, False),
    ("marked", "which shipper used the most ports?", True, True),
    ("marked", "Which port handles the most shippers?", False, True),
    ("davis", "who went to the most events?", True, True),
    ("davis", "Who attended the fewest events?", True, False),
    ("davis", "which lady attended the most gatherings?", True, True),
    ("marked", "who shipped through the most ports?", True, True),
])
def test_a_side_noun_ranks_only_the_side_it_names(agents, name, question, people, most):
    g = GRAPHS[name]()
    side = [n for n in g if PEOPLE[name](n) == people]
    best = (max if most else min)(g.degree(n) for n in side)
    leaders = {n for n in side if g.degree(n) == best}
    resp = _ask(agents, name, question)
    assert resp.status == "answered", resp.answer
    named = set(_lead(resp.answer, g))
    assert named and named <= leaders, resp.answer
    assert f"**{best}**" in resp.answer, resp.answer


@pytest.mark.parametrize(("name", "question", "people"), [
    ("davis", "Which participant has the highest betweenness?", True),
    ("marked", "which port has the highest betweenness?", False),
])
def test_a_side_nouns_measure_is_that_measure_never_its_links(agents, name, question, people):
    g = GRAPHS[name]()
    b = nx.betweenness_centrality(g)
    best = max(b[n] for n in g if PEOPLE[name](n) == people)
    resp = _ask(agents, name, question)
    assert resp.status == "answered", resp.answer
    assert "betweenness" in resp.answer.split(". ")[0] and "links" not in resp.answer, resp.answer
    assert _lead(resp.answer, g)[0] in {n for n in g if b[n] == best}, resp.answer


@pytest.mark.parametrize(("name", "question"), [
    ("davis", "Which two women went to the most events together?"),
    ("davis", "Which pair of women shared the most events?"),
    ("cargo", "Which two shippers share the most ports?"),
])
def test_the_pair_of_one_side_sharing_the_most_is_that_sides_projection(agents, name,
                                                                       question):
    g = GRAPHS[name]()
    p = nx.bipartite.weighted_projected_graph(g, [n for n in g if PEOPLE[name](n)])
    top = max(w for _, _, w in p.edges(data="weight"))
    pairs = [{u, v} for u, v, w in p.edges(data="weight") if w == top]
    resp = _ask(agents, name, question)
    assert resp.status == "answered", resp.answer
    assert set(_lead(resp.answer, g)[:2]) in pairs, resp.answer
    assert f"**{top}**" in resp.answer, resp.answer


@pytest.mark.parametrize(("name", "question"), [
    ("davis", "If we link two women whenever they attended at least one event together, how "
              "many links are there?"),
    ("davis", "If two women are connected when they went to some event together, how many "
              "connections are there?"),
    ("cargo", "If two shippers are linked whenever they used the same port, how many links "
              "do we get?"),
])
def test_linking_one_side_by_shared_partners_counts_the_projections_links(agents, name,
                                                                         question):
    g = GRAPHS[name]()
    p = nx.bipartite.projected_graph(g, [n for n in g if PEOPLE[name](n)])
    resp = _ask(agents, name, question)
    assert resp.status == "answered", resp.answer
    assert f"**{p.number_of_edges()}**" in resp.answer.split(". ")[0], resp.answer


@pytest.mark.parametrize(("question", "noun"), [
    ("which singer has the most links?", "singers"),
    ("How many venues did the busiest singer play at?", "venues"),
    ("Which two members went to the most meetings together?", "members"),
])
def test_a_noun_no_side_can_be_told_is_asked_naming_both_sides(agents, question, noun):
    resp = _ask(agents, "coded", question)
    assert resp.status == "needs_clarification", resp.answer
    assert all(n in resp.answer for n in ("a0", "a1", "b0", "b1", noun)), resp.answer


@pytest.mark.parametrize(("name", "question"), [
    ("davis", "What fraction of all possible woman-event pairs are observed?"),
    ("coded", "What fraction of all possible singer-venue pairs are observed?"),
    ("coded", "what share of the possible pairs actually occur?"),
])
def test_a_share_of_the_possible_pairs_is_the_two_mode_density_never_asked(agents, name,
                                                                          question):
    g = GRAPHS[name]()
    top = [n for n, side in g.nodes(data="bipartite" if name == "davis" else "mode")
           if str(side) == "0"]
    density = g.number_of_edges() / (len(top) * (len(g) - len(top)))
    resp = _ask(agents, name, question)
    assert resp.status == "answered", resp.answer
    assert f"**{density:.4f}**" in resp.answer.split(". ")[0], resp.answer


@pytest.mark.parametrize(("question", "a", "b", "both"), [
    ("how many shippers used both P1 and P4?", "P1", "P4", True),
    ("Which shippers went through both P1 and P7?", "P1", "P7", True),
    ("which shippers shipped through P1 but not P7?", "P1", "P7", False),
    ("Which ports did Dee Ford use that Hal Jones didn't?", "Dee Ford", "Hal Jones", False),
])
def test_an_agent_noun_beside_coded_ids_names_the_side_of_proper_names(agents, question, a, b,
                                                                       both):
    g = GRAPHS["marked"]()
    want = set(g[a]) & set(g[b]) if both else set(g[a]) - set(g[b])
    resp = _ask(agents, "marked", question)
    assert resp.status == "answered", resp.answer
    assert f"**{len(want)}**" in resp.answer.split(":")[0], resp.answer
    lead = resp.answer.split(". Each")[0]
    assert set(_lead(lead.split(": ", 1)[-1], g)) == want, resp.answer
