"""On a two-mode table, questions that name one side only by what they mean: "what's the
biggest club?" ranks the clubs by their members (it asked), "how many members are there? just
people, not clubs" counts one side (the exclusion made it ask), and "list everyone in the
Choir" lists the named node's partners (no side named: it asked). networkx is the oracle, on
two tables with their own words."""

from __future__ import annotations

import networkx as nx
import pandas as pd
import pytest
from planner_support import agents_for

ENROLMENTS = pd.DataFrame(
    [("ana", "Algebra"), ("ana", "Botany"), ("ben", "Botany"), ("ben", "Chemistry"),
     ("ben", "Drama"), ("cleo", "Drama"), ("dev", "Algebra"), ("dev", "Chemistry"),
     ("eli", "Chemistry"), ("fay", "Botany"), ("fay", "Drama"), ("gus", "Chemistry")],
    columns=["student", "course"])
AUTHORSHIP = pd.DataFrame(
    [("Okafor", "NeurIPS"), ("Okafor", "ICML"), ("Lindqvist", "ICML"), ("Lindqvist", "KDD"),
     ("Moreau", "KDD"), ("Moreau", "WWW"), ("Moreau", "NeurIPS"), ("Tanaka", "WWW"),
     ("Varga", "NeurIPS"), ("Varga", "KDD"), ("Quispe", "ICML"), ("Ndiaye", "NeurIPS")],
    columns=["author", "venue"])
TABLES = {"enrolments": ENROLMENTS, "authorship": AUTHORSHIP}


@pytest.fixture(scope="module")
def agents(tmp_path_factory):
    yield from agents_for(TABLES, tmp_path_factory)


def _graph(name: str) -> nx.Graph:
    table = TABLES[name]
    return nx.from_pandas_edgelist(table, *table.columns[:2])


@pytest.mark.parametrize("name,question", [
    ("enrolments", "what's the biggest course?"),
    ("authorship", "Which is the largest venue?")])
def test_the_biggest_node_of_a_side_has_the_most_partners(agents, name, question):
    g, side = _graph(name), set(TABLES[name].iloc[:, 1])
    most = max(g.degree(n) for n in side)
    top = [n for n in side if g.degree(n) == most]
    resp = agents[name].ask(question, attach=[TABLES[name]])
    assert resp.status == "answered", resp.answer
    first = resp.answer.split(";")[0]
    assert len(top) == 1 and f"**{top[0]}**" in first and f"**{most}**" in first, resp.answer


@pytest.mark.parametrize("name,question,column", [
    ("enrolments", "How many students are there? Only students, not courses.", 0),
    ("authorship", "how many authors are there, not counting venues?", 0),
    ("authorship", "Number of venues, excluding the authors?", 1)])
def test_one_side_counted_with_the_other_set_aside(agents, name, question, column):
    table = TABLES[name]
    resp = agents[name].ask(question, attach=[table])
    assert resp.status == "answered", resp.answer
    count = table.iloc[:, column].nunique()
    other = table.iloc[:, 1 - column].nunique()
    assert f"**{count}**" in resp.answer.split(".")[0], resp.answer
    assert f"**{other}**" not in resp.answer.split(".")[0], resp.answer


@pytest.mark.parametrize("name,question,node", [
    ("enrolments", "list everyone in Botany", "Botany"),
    ("authorship", "who all is at NeurIPS?", "NeurIPS"),
    ("authorship", "show me everybody in KDD", "KDD")])
def test_everyone_in_a_named_node_lists_its_partners(agents, name, question, node):
    resp = agents[name].ask(question, attach=[TABLES[name]])
    assert resp.status == "answered", resp.answer
    partners = set(_graph(name)[node])
    assert f"**{len(partners)}**" in resp.answer and all(p in resp.answer for p in partners), \
        resp.answer
