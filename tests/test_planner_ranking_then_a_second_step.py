"""A ranking whose top node is the input of a second step ("find the species with the most
predators and then tell me what it eats") is never answered with the ranking alone: where
the first step names no node the planner can take further, it asks."""

from __future__ import annotations

import pandas as pd
import pytest

FOOD = pd.DataFrame([("pike", "roach"), ("heron", "roach"), ("perch", "roach"),
                     ("roach", "algae"), ("roach", "larva"), ("perch", "larva")],
                    columns=["predator", "prey"])


@pytest.mark.parametrize("table,question", [
    (FOOD, "Find the species with the most predators and then tell me what it eats."),
])
def test_a_ranking_whose_top_feeds_a_second_step_is_asked(agent, table, question):
    resp = agent.ask(question, attach=[table])
    assert resp.status == "needs_clarification", resp.answer
