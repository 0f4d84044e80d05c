"""A ranking whose top node is the input of a second step ("find the species with the most
predators and then tell me what it eats") is not answered with the ranking alone: the
planner asks, on two tables."""

from __future__ import annotations

import pandas as pd
import pytest

FOOD = pd.DataFrame([("pike", "roach"), ("heron", "roach"), ("perch", "roach"),
                     ("roach", "algae"), ("roach", "larva"), ("perch", "larva")],
                    columns=["predator", "prey"])
SHIFTS = pd.DataFrame([("Ann", "Bo", 5), ("Ann", "Cy", 9), ("Bo", "Cy", 2), ("Cy", "Di", 7)],
                      columns=["nurse_a", "nurse_b", "shared_shifts"])


@pytest.mark.parametrize("table,question", [
    (FOOD, "Find the species with the most predators and then tell me what it eats."),
    (SHIFTS, "Find whoever shared the most shifts overall and list everyone they've worked "
             "with."),
])
def test_a_ranking_whose_top_feeds_a_second_step_is_asked(agent, table, question):
    resp = agent.ask(question, attach=[table])
    assert resp.status == "needs_clarification", resp.answer
