"""A directed table's own verbs in a user's other words: "who rang ext3" on caller,callee
is who called it, "how many references does p28 have" is what p28 cites (its out-degree),
"which papers don't cite anything" are those no edge leaves, "how many links does v5 send
out" its out-degree on a directed graph object, and "cited at least 5 times" a threshold, never "the least cited".
networkx is the oracle."""

from __future__ import annotations

import re

import networkx as nx
import pandas as pd
import pytest
from planner_support import agents_for

_CALLS = nx.relabel_nodes(nx.gnm_random_graph(14, 30, seed=8, directed=True),
                          lambda n: f"line{n:02d}")
_CITES = nx.relabel_nodes(nx.gnm_random_graph(18, 45, seed=4, directed=True),
                          lambda n: f"art{n:02d}")
_CITES.add_edges_from([("art17", "art00")])
TABLES = {
    "calls": pd.DataFrame(list(_CALLS.edges()), columns=["caller", "callee"]),
    "cites": pd.DataFrame(list(_CITES.edges()), columns=["citing", "cited"]),
}
GRAPHS = {"calls": _CALLS, "cites": _CITES, "links": _CALLS}  # links: the graph object itself


@pytest.fixture(scope="module")
def agents(tmp_path_factory):
    yield from agents_for(GRAPHS, tmp_path_factory)


def _ask(agents, name: str, question: str):
    return agents[name].ask(question, attach=[TABLES.get(name, GRAPHS[name])])


def _bold(answer: str) -> list[str]:
    return re.findall(r"\*\*(.+?)\*\*", answer)


@pytest.mark.parametrize("question", ["who rang line03?", "who phoned line03?"])
def test_a_synonym_of_the_callers_verb_lists_the_in_neighbours(agents, question):
    resp = _ask(agents, "calls", question)
    assert resp.status == "answered", resp.answer
    want = sorted(_CALLS.predecessors("line03"))
    assert all(n in resp.answer for n in want), resp.answer
    assert f"**{len(want)}**" in resp.answer, resp.answer


def test_how_many_numbers_a_node_rang_is_its_out_degree(agents):
    resp = _ask(agents, "calls", "How many different numbers did line05 ring?")
    assert f"out-degree **{_CALLS.out_degree('line05')}**" in resp.answer, resp.answer


@pytest.mark.parametrize("name, node, question, way", [
    ("cites", "art09", "how many references does art09 have?", "out"),
    ("cites", "art09", "how many citations does art09 have?", "in"),
    ("links", "line05", "How many links does line05 send out?", "out"),
    ("links", "line05", "how many links does line05 receive?", "in"),
])
def test_references_and_links_sent_out_are_the_out_degree_citations_and_received_the_in(
        agents, name, node, question, way):
    g = GRAPHS[name]
    resp = _ask(agents, name, question)
    want = g.out_degree(node) if way == "out" else g.in_degree(node)
    assert f"{way}-degree **{want}**" in resp.answer, resp.answer


@pytest.mark.parametrize("name, question", [
    ("cites", "Which papers don't cite anything?"),
    ("cites", "which papers cite no other paper?"),
    ("calls", "which lines never call anyone?"),
])
def test_the_nodes_that_never_take_the_verb_are_those_no_edge_leaves(agents, name, question):
    g = GRAPHS[name]
    resp = _ask(agents, name, question)
    assert resp.status == "answered", resp.answer
    want = {n for n in g if g.out_degree(n) == 0}
    assert "no edge leaves them" in resp.answer, resp.answer
    assert set(_bold(resp.answer)) - {str(len(want))} == want, resp.answer


def test_a_named_node_of_a_verb_never_taken_is_not_the_nodes_no_edge_leaves(agents):
    resp = _ask(agents, "cites", "which papers never cite art02?")
    assert "no edge leaves them" not in (resp.answer or ""), resp.answer


@pytest.mark.parametrize("question, op", [
    ("How many papers are cited at least 3 times?", "ge"),
    ("which papers are cited at most 1 times?", "le"),
])
def test_cited_at_least_k_times_is_a_threshold_not_the_least_cited(agents, question, op):
    resp = _ask(agents, "cites", question)
    assert resp.status == "answered", resp.answer
    k = int(re.search(r"\d+", question).group())
    want = sum(1 for n in _CITES if (_CITES.in_degree(n) >= k if op == "ge"
                                     else _CITES.in_degree(n) <= k))
    assert _bold(resp.answer)[0] == str(want), resp.answer
