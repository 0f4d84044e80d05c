"""A ranking whose top node is the input of a second step ("find the species with the most
predators and then tell me what it eats") is never answered with the ranking alone: where
the first step names no node the planner can take further, it asks; where it does, both
steps run."""

from __future__ import annotations

import networkx as nx
import pandas as pd
import pytest

FOOD = pd.DataFrame([("pike", "roach"), ("heron", "roach"), ("perch", "roach"),
                     ("roach", "algae"), ("roach", "larva"), ("perch", "larva")],
                    columns=["predator", "prey"])


@pytest.mark.parametrize("table,question", [
    (FOOD, "Find the species with the most predators and then tell me what it eats."),
])
def test_a_ranking_whose_top_feeds_a_second_step_runs_both_or_asks(agent, table, question):
    """The table's role nouns now name both steps ("the most predators": the highest
    in-degree; "what it eats": its out-neighbours), so both run; never the ranking alone."""
    resp = agent.ask(question, attach=[table])
    g = nx.DiGraph(list(table.itertuples(index=False, name=None)))
    top = max(g.nodes, key=g.in_degree)
    if resp.status == "needs_clarification":
        return
    assert resp.status == "answered", resp.answer
    second = resp.answer.split(f"Then, for **{top}**")[1]
    assert all(prey in second for prey in g.successors(top))
    assert not any(other in second for other in g.predecessors(top))
