"""A count about one thing of a graph ("how many species does the eel eat", "how many
stops does the second line serve") is never answered with the graph's size (the eel's is its
out-degree, in the table's own verb), while "how many species does the food web contain"
still is. Checked on two tables with other columns."""

from __future__ import annotations

import pandas as pd
import pytest
from planner_support import agent_for

POND = pd.DataFrame([("pike", "roach"), ("pike", "eel"), ("eel", "roach"), ("eel", "snail"),
                     ("eel", "mayfly"), ("roach", "algae"), ("snail", "algae"),
                     ("heron", "eel")], columns=["predator", "prey"])
TRAMS = pd.DataFrame([("line one", "market"), ("line one", "harbour"), ("line two", "market"),
                      ("line two", "castle"), ("line two", "depot")], columns=["tram", "stop"])


@pytest.fixture(scope="module")
def agent(tmp_path_factory):
    yield from agent_for("one_things_count", tmp_path_factory)


def test_how_many_the_eel_eats_is_its_out_degree_in_the_tables_own_verb(agent):
    resp = agent.ask("how many species does the eel eat?", attach=[POND])
    eaten = POND[POND.predator == "eel"].prey.nunique()
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith(f"eel has out-degree **{eaten}**"), resp.answer


@pytest.mark.parametrize(("table", "question"), [
    (POND, "how many species does the eel interact with, eating them or being eaten?"),
    (TRAMS, "how many stops does the second line serve?"),
])
def test_a_count_about_one_thing_is_not_the_graphs_size(agent, table, question):
    resp = agent.ask(question, attach=[table])
    assert not resp.answer.startswith("The loaded graph"), resp.answer
    assert resp.status == "needs_clarification", resp.answer


@pytest.mark.parametrize(("table", "question"), [
    (POND, "how many species does the food web contain?"),
    (TRAMS, "how many nodes does the graph have?"),
])
def test_a_count_of_the_whole_graph_is_its_size(agent, table, question):
    nodes = len(set(table.iloc[:, 0]) | set(table.iloc[:, 1]))
    resp = agent.ask(question, attach=[table])
    assert resp.status == "answered", resp.answer
    assert f"**{nodes} nodes**" in resp.answer, resp.answer
