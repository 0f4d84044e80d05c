"""On a two-mode table with an edge value, "who has the most credits across all their courses"
ranks the side whose partners are summed over (it ranked the side the question names: the
courses), and "which venue has the most total papers" ranks by the summed value, not by
the number of partners (it asked which of the two was meant). networkx is the oracle, on two
tables with their own words."""

from __future__ import annotations

import networkx as nx
import pandas as pd
import pytest
from planner_support import agents_for

ENROLMENTS = pd.DataFrame(
    [("ana", "Algebra", 5), ("ana", "Botany", 3), ("ben", "Botany", 4), ("ben", "Chemistry", 6),
     ("ben", "Drama", 2), ("cleo", "Drama", 5), ("dev", "Algebra", 2), ("dev", "Chemistry", 3),
     ("eli", "Chemistry", 4), ("fay", "Botany", 2), ("fay", "Drama", 1), ("gus", "Ethics", 11)],
    columns=["student", "course", "credits"])
AUTHORSHIP = pd.DataFrame(
    [("Okafor", "NeurIPS", 4), ("Okafor", "ICML", 1), ("Lindqvist", "ICML", 6),
     ("Lindqvist", "KDD", 2), ("Moreau", "KDD", 3), ("Moreau", "WWW", 1), ("Moreau", "NeurIPS", 1),
     ("Tanaka", "WWW", 7), ("Varga", "NeurIPS", 2), ("Varga", "KDD", 1), ("Quispe", "ICML", 2),
     ("Quispe", "WWW", 2), ("Quispe", "KDD", 1), ("Ndiaye", "NeurIPS", 10)],
    columns=["author", "venue", "papers"])
TABLES = {"enrolments": ENROLMENTS, "authorship": AUTHORSHIP}


@pytest.fixture(scope="module")
def agents(tmp_path_factory):
    yield from agents_for(TABLES, tmp_path_factory)


@pytest.mark.parametrize("name,question,column", [
    ("enrolments", "Which student has earned the most credits across their courses?", "student"),
    ("enrolments", "who's taking the most credits, adding up all their courses?", "student"),
    ("enrolments", "Which course carries the most total enrolment credits?", "course"),
    ("authorship", "who has put out the most papers across all their venues?", "author"),
    ("authorship", "which author has the highest total papers, summed over all of the venues?",
     "author"),
    ("authorship", "Which venue has the most papers in total?", "venue"),
    ("authorship", "which venue got the most papers, adding up over its authors?", "venue")])
def test_a_summed_value_ranks_the_side_whose_partners_are_summed(agents, name, question, column):
    table = TABLES[name]
    value = table.columns[2]
    g = nx.from_pandas_edgelist(table, *table.columns[:2], edge_attr=value)
    totals = {n: g.degree(n, weight=value) for n in set(table[column])}
    best = max(totals.values())
    top = [n for n, t in totals.items() if t == best]
    resp = agents[name].ask(question, attach=[table])
    assert resp.status == "answered", resp.answer
    first = resp.answer.split("next")[0]
    assert len(top) == 1 and f"**{top[0]}**" in first and f"**{best}**" in first, resp.answer
    other = (set(table.columns[:2]) - {column}).pop()
    assert not any(f"**{n}**" in first for n in set(table[other])), resp.answer
