"""On a two-mode table the co-words name the projection: "Okafor's co-authors" are the
researchers sharing a manuscript with Okafor (never Okafor's manuscripts), "the most
co-stars" counts the actors sharing a film (never the films an actor is in), "the most
central researcher in the co-authorship network" is a measure of the projection; each is
answered with the projection's own figures or asked about. "How many manuscripts have a
single researcher" is a count past a number of partners, never the sides' sizes.
networkx is the oracle."""

from __future__ import annotations

import re

import networkx as nx
import pandas as pd
import pytest
from networkx.algorithms import bipartite

from tests.planner_support import agents_for

PAPERS = pd.DataFrame([("Okafor", "P-17"), ("Okafor", "P-22"), ("Lindqvist", "P-17"),
                       ("Lindqvist", "P-30"), ("Mbeki", "P-22"), ("Mbeki", "P-30"),
                       ("Mbeki", "P-41"), ("Ferraro", "P-41"), ("Haddad", "P-55")],
                      columns=["researcher", "manuscript"])
# Ada is in the most films (2) but has one co-star; Cy has three co-stars in one film
FILMS = pd.DataFrame([("Ada", "Solo Hour"), ("Ada", "Twin Bay"), ("Bex", "Twin Bay"),
                      ("Cy", "Harbour"), ("Dov", "Harbour"), ("Eun", "Harbour"),
                      ("Gil", "Harbour")], columns=["actor", "film"])


@pytest.fixture(scope="module")
def agents(tmp_path_factory):
    yield from agents_for(["papers", "films"], tmp_path_factory)


def _projected(table: pd.DataFrame) -> nx.Graph:
    g = nx.from_pandas_edgelist(table, *table.columns)
    return bipartite.projected_graph(g, set(table[table.columns[0]]))


@pytest.mark.parametrize(("name", "table", "node", "question"), [
    ("papers", PAPERS, "Okafor", "who are Okafor's co-authors"),
    ("papers", PAPERS, "Mbeki", "list Mbeki's co-authors"),
    ("films", FILMS, "Cy", "who are Cy's co-stars?"),
])
def test_a_nodes_co_partners_are_never_its_own_partners(agents, name, table, node, question):
    resp = agents[name].ask(question, attach=[table])
    mine = set(table[table[table.columns[0]] == node][table.columns[1]])
    assert not any(m in resp.answer for m in mine), resp.answer
    if resp.status == "answered":
        named = set(re.findall(r"\*\*([^*]+)\*\*", resp.answer.split(":", 1)[1]))
        assert named == set(_projected(table)[node]), resp.answer
    else:
        assert resp.status == "needs_clarification", resp.answer


@pytest.mark.parametrize(("name", "table", "question"), [
    ("papers", PAPERS, "which researcher has the most co-authors?"),
    ("films", FILMS, "Which actor has the most co-stars"),
    ("films", FILMS, "who has the most co-stars?"),
])
def test_the_most_co_partners_is_never_the_most_partners(agents, name, table, question):
    proj = _projected(table)
    best = max(d for _, d in proj.degree())
    leaders = {n for n, d in proj.degree() if d == best}
    resp = agents[name].ask(question, attach=[table])
    if resp.status == "answered":
        assert {n for n in proj if f"**{n}**" in resp.answer} == leaders, resp.answer
    else:
        assert resp.status == "needs_clarification", resp.answer


@pytest.mark.parametrize(("name", "table", "question"), [
    ("papers", PAPERS, "who is the most central researcher in the co-authorship network?"),
    ("films", FILMS, "which actor has the highest betweenness in the co-star network"),
])
def test_a_measure_of_the_co_network_is_asked_about(agents, name, table, question):
    resp = agents[name].ask(question, attach=[table])
    assert resp.status == "needs_clarification", resp.answer


@pytest.mark.parametrize(("name", "table", "question", "side"), [
    ("papers", PAPERS, "how many manuscripts have a single researcher", "manuscript"),
    ("films", FILMS, "how many films have only one actor?", "film"),
])
def test_a_count_past_a_number_of_partners_is_never_the_sides_sizes(agents, name, table,
                                                                    question, side):
    resp = agents[name].ask(question, attach=[table])
    assert "is bipartite" not in resp.answer, resp.answer
    if resp.status == "answered":
        ones = (table.groupby(side).size() == 1).sum()
        assert resp.answer.startswith(f"**{ones}** of {table[side].nunique()} "), resp.answer
    else:
        assert resp.status == "needs_clarification", resp.answer
