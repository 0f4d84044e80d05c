"""Offline planner: a question about a time or date asks (no analysis filters or groups by
time), and an edge bound written with its unit or the column's own words counts the edges
past it -- each on two tables with different vocabularies, against pandas."""

from __future__ import annotations

import pandas as pd
import pytest

from igraph_agent import Agent
from tests.planner_support import agents_for
from tests.planner_tables import COURIERS

#: who lent to whom, with a year column
LOANS = pd.DataFrame([("a1", "b2", 2019), ("b2", "c3", 2021), ("c3", "a1", 2022),
                      ("d4", "a1", 2020)], columns=["lender", "borrower", "year"])
#: citations with no time column at all
CITES = pd.DataFrame([("p1", "p2"), ("p2", "p3"), ("p3", "p4"), ("p5", "p1")],
                     columns=["citing", "cited"])
#: co-authors by the papers they wrote together
AUTHORS = pd.DataFrame([("Abe", "Bo", 1), ("Bo", "Cai", 4), ("Cai", "Dee", 3), ("Dee", "Abe", 6),
                        ("Eli", "Abe", 2), ("Eli", "Cai", 3)],
                       columns=["author", "coauthor", "joint_papers"])
TABLES = {"loans": LOANS, "cites": CITES, "couriers": COURIERS, "authors": AUTHORS}


@pytest.fixture(scope="module")
def agents(tmp_path_factory):
    yield from agents_for(TABLES, tmp_path_factory)


def _ask(agents: dict[str, Agent], name: str, question: str):
    return agents[name].ask(question, attach=[TABLES[name]])


@pytest.mark.parametrize("name,question", [
    ("loans", "how many loans were made in 2021?"),
    ("loans", "which month had the most loans?"),
    ("cites", "how many of these papers were published after 2015?"),
    ("cites", "which hour of the day had the most citations?"),
])
def test_a_question_about_a_time_or_date_asks_instead_of_describing_the_graph(agents, name,
                                                                              question):
    r = _ask(agents, name, question)
    assert r.status == "needs_clarification", r.answer
    assert "nodes**" not in r.answer and "adds up" not in r.answer, r.answer


@pytest.mark.parametrize("name,column,question,op,value", [
    ("couriers", "drive_min", "how many drives are 30 minutes or shorter?", "le", 30),
    ("couriers", "drive_min", "count the legs of 40+ minutes", "ge", 40),
    ("couriers", "drive_min", "how many drives are at most 25 minutes?", "le", 25),
    ("authors", "joint_papers", "keep only pairs with 3+ joint papers: how many pairs is that?",
     "ge", 3),
    ("authors", "joint_papers", "how many pairs have 2 or fewer joint papers?", "le", 2),
])
def test_an_edge_bound_with_its_unit_or_column_word_counts_the_edges_past_it(agents, name,
                                                                             column, question,
                                                                             op, value):
    col = TABLES[name][column]
    want = int((col <= value).sum() if op == "le" else (col >= value).sum())
    r = _ask(agents, name, question)
    assert r.status == "answered", r.answer
    assert r.answer.startswith(f"**{want}** of {len(col)} edges have {column}"), r.answer
