"""A verdict ("is the pond healthy?") or a day/hour ranking ("the busiest day") is not a graph
measure: the offline planner asks, naming what it can do, instead of answering with the
communities or the degrees the question's other words match."""

from __future__ import annotations

import pandas as pd
import pytest

from tests.planner_support import ask_table

VOLUNTEERS = pd.DataFrame([("Ines", "Omar", 3), ("Omar", "Pia", 1), ("Pia", "Ines", 2),
                           ("Pia", "Rhea", 5), ("Rhea", "Sol", 2), ("Sol", "Tam", 4),
                           ("Tam", "Rhea", 1)], columns=["volunteer", "beneficiary", "shifts"])
THROWS = pd.DataFrame([("pitcher", "first_base", 12), ("first_base", "shortstop", 7),
                       ("shortstop", "catcher", 9), ("catcher", "pitcher", 1),
                       ("shortstop", "first_base", 4)], columns=["thrower", "catcher", "n_throws"])
TABLES = {"volunteers": VOLUNTEERS, "throws": THROWS}


@pytest.mark.parametrize("table", sorted(TABLES))
@pytest.mark.parametrize("question", [
    "how healthy is this community?",
    "is the network healthy?",
    "is that normal?",
    "does it look good?",
])
def test_a_verdict_asked_of_the_graph_is_clarified_not_answered(tmp_path, table, question):
    r = ask_table(tmp_path, TABLES[table], question)
    assert r.status == "needs_clarification", r.answer
    assert "communities found" not in r.answer and "Mean degree" not in r.answer


@pytest.mark.parametrize("table", sorted(TABLES))
@pytest.mark.parametrize("question", ["what's the busiest day?", "which was the quietest month?",
                                      "peak hour for this network?"])
def test_a_busiest_day_question_is_clarified_as_a_time_question(tmp_path, table, question):
    r = ask_table(tmp_path, TABLES[table], question)
    assert r.status == "needs_clarification", r.answer
    assert "Mean degree" not in r.answer and "Highest degree" not in r.answer


@pytest.mark.parametrize(("table", "question", "expected"), [
    ("volunteers", "which volunteer has the most ties?", "Pia"),
    ("throws", "which player throws to the most teammates?", "shortstop"),
])
def test_a_plain_ranking_beside_these_words_is_still_answered(tmp_path, table, question, expected):
    r = ask_table(tmp_path, TABLES[table], question)
    assert r.status == "answered", r.answer
    assert expected in r.answer[:160], r.answer
