"""The data's own verb, read from a directed table's column names, says which end of an edge
a question counts: "who throws the ball the most" adds up what each thrower sends, "who
catches the most throws" what each catcher receives, "who tutored the most people" counts
out-neighbours (people are nodes, not an edge value), on tables whose columns name a doer
and a receiver."""

from __future__ import annotations

import networkx as nx
import pandas as pd
import pytest

from igraph_agent.graph.semantics import direction_of
from tests.planner_support import ask_table

THROWS = pd.DataFrame([("pitcher", "first_base", 12), ("first_base", "shortstop", 7),
                       ("shortstop", "catcher", 9), ("catcher", "pitcher", 1),
                       ("shortstop", "first_base", 4)], columns=["thrower", "catcher", "n_throws"])
LETTERS = pd.DataFrame([("Ada", "Bo", 5), ("Ada", "Cy", 2), ("Bo", "Cy", 9), ("Cy", "Ada", 1),
                        ("Dee", "Cy", 4), ("Dee", "Bo", 1)], columns=["writer", "reader", "letters"])
TUTORING = pd.DataFrame([("Kim", "Lu", 3), ("Kim", "Mo", 2), ("Lu", "Mo", 6), ("Mo", "Kim", 1),
                         ("Ned", "Lu", 2), ("Ned", "Mo", 2), ("Ned", "Kim", 1)],
                        columns=["tutor", "tutee", "hours"])
MENTORING = pd.DataFrame([("Oz", "Pat", 4), ("Oz", "Quin", 1), ("Pat", "Quin", 2), ("Rae", "Oz", 3),
                          ("Rae", "Pat", 1), ("Rae", "Quin", 5)], columns=["mentor", "mentee", "sessions"])
TABLES = {"throws": THROWS, "letters": LETTERS, "tutoring": TUTORING, "mentoring": MENTORING}


def _totals(table: pd.DataFrame, end: int) -> dict[str, float]:
    return table.groupby(table.columns[end])[table.columns[2]].sum().to_dict()


def _top(scores: dict) -> str:
    best = max(scores.values())
    (name,) = [k for k, v in scores.items() if v == best]
    return str(name)


def _graph(table: pd.DataFrame) -> nx.DiGraph:
    return nx.from_pandas_edgelist(table, *table.columns[:2], create_using=nx.DiGraph)


@pytest.mark.parametrize(("source", "target"), [("thrower", "catcher"), ("speaker", "listener"),
                                                ("writer", "reader")])
def test_a_doer_and_a_receiving_role_make_the_table_directed(source, target):
    assert direction_of(source, target) is True


@pytest.mark.parametrize(("name", "question"), [
    ("throws", "who throws the ball the most?"),
    ("throws", "who made the most throws?"),
    ("letters", "who writes letters the most?"),
])
def test_the_source_verb_with_an_object_totals_what_each_one_sends(tmp_path, name, question):
    table = TABLES[name]
    r = ask_table(tmp_path, table, question)
    assert r.status == "answered", r.answer
    assert "outgoing" in r.answer
    sent = _totals(table, 0)
    top = _top(sent)
    assert f"{top} ({sent[top]:g})" in r.answer or f"**{top}**" in r.answer


@pytest.mark.parametrize(("name", "question"), [
    ("throws", "who catches the most throws?"),
    ("letters", "who reads the most letters?"),
])
def test_the_target_verb_totals_what_each_one_receives(tmp_path, name, question):
    table = TABLES[name]
    r = ask_table(tmp_path, table, question)
    assert r.status == "answered", r.answer
    got = _totals(table, 1)
    top = _top(got)
    assert "incoming" in r.answer and f"**{top}**" in r.answer and f"**{got[top]:g}**" in r.answer


@pytest.mark.parametrize(("name", "question", "side", "lowest"), [
    ("tutoring", "who tutored the most people?", "out", False),
    ("mentoring", "who mentors the most people?", "out", False),
    ("tutoring", "who was tutored by the most people?", "in", False),
    ("mentoring", "who was mentored by the fewest people?", "in", True),
])
def test_the_data_verb_with_people_counted_ranks_by_one_sided_degree(tmp_path, name, question,
                                                                     side, lowest):
    g = _graph(TABLES[name])
    degrees = dict(g.out_degree() if side == "out" else g.in_degree())
    r = ask_table(tmp_path, TABLES[name], question)
    assert r.status == "answered", r.answer
    assert f"{side}-degree" in r.answer or ("outgoing" if side == "out" else "incoming") in r.answer
    want = _top({k: -v for k, v in degrees.items()} if lowest else degrees)
    assert f"**{want}**" in r.answer or f": {want}." in r.answer
