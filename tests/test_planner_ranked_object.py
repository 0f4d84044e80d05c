"""The top of a ranking as the object of the question's verb ("which papers cite the
most-cited paper", "who follows the most followed account") asks about those nodes, so it is
never answered with the ranking alone; the ranking asked alone still is. Two tables with
other column names."""

from __future__ import annotations

import pandas as pd
import pytest
from planner_support import agent_for

CITES = pd.DataFrame([("p1", "p0"), ("p2", "p0"), ("p3", "p0"), ("p3", "p1"), ("p4", "p2")],
                     columns=["citing", "cited"])
FOLLOWS = pd.DataFrame([("ada", "zed"), ("bo", "zed"), ("cy", "zed"), ("cy", "bo"),
                        ("dee", "ada")], columns=["follower", "followee"])


@pytest.fixture(scope="module")
def agent(tmp_path_factory):
    yield from agent_for("ranked_object", tmp_path_factory)


@pytest.mark.parametrize(("table", "question"), [
    (CITES, "Which papers cite the most-cited paper but came out before 2020?"),
    (FOLLOWS, "who follows the most followed account?"),
    (FOLLOWS, "who does the busiest account follow?"),
    (CITES, "what does the most-cited paper cite?"),
    (FOLLOWS, "who does the best-connected account follow?"),
])
def test_the_top_node_as_the_verbs_object_is_not_answered_with_the_ranking(agent, table,
                                                                           question):
    resp = agent.ask(question, attach=[table])
    assert resp.status == "needs_clarification", resp.answer
    assert "leads; top:" not in resp.answer, resp.answer


@pytest.mark.parametrize(("table", "question", "top"), [
    (CITES, "which paper is the most cited?", "p0"),
    (FOLLOWS, "who is the most followed?", "zed"),
])
def test_the_ranking_asked_alone_is_answered(agent, table, question, top):
    resp = agent.ask(question, attach=[table])
    assert resp.status == "answered", resp.answer
    assert f"**{top}** leads" in resp.answer, resp.answer
