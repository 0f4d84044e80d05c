"""A name in a question is resolved to a node only when it is that node: exactly, as a word or
the start of a word of its name ("Kessel" for Kessel junction, "Gus" for Gustavo), or as a
misspelling of the whole name ("Strozi" for Strozzi); a fuzzy partial match is another node
("Directly" is no "Cargo City"), so the planner says it found none instead of answering about
it. A name read past its end ("Zoo? List the stops") is looked up up to the punctuation."""

from __future__ import annotations

import pandas as pd
import pytest
from planner_support import agent_for

TABLE = pd.DataFrame([("Kessel junction", "Lock 12"), ("Gustavo", "Lock 12"),
                      ("Strozzi", "Gustavo"), ("Cargo City", "Strozzi"), ("Zoo", "Cargo City")],
                     columns=["point_a", "point_b"])


@pytest.fixture(scope="module")
def agent(tmp_path_factory):
    yield from agent_for("names", tmp_path_factory)


@pytest.mark.parametrize(("asked", "node", "neighbours"), [
    ("Kessel", "Kessel junction", {"Lock 12"}),
    ("Gus", "Gustavo", {"Lock 12", "Strozzi"}),
    ("Strozi", "Strozzi", {"Gustavo", "Cargo City"}),
])
def test_a_word_a_word_start_or_a_misspelling_resolves_to_the_node(agent, asked, node,
                                                                     neighbours):
    resp = agent.ask(f"Who are the neighbours of {asked}?", attach=[TABLE])
    assert resp.status == "answered", resp.answer
    assert node in resp.answer and all(n in resp.answer for n in neighbours), resp.answer


def test_a_fuzzy_partial_match_is_not_taken_for_the_node(agent):
    resp = agent.ask("Who are the neighbours of Directly?", attach=[TABLE])
    assert resp.status == "needs_clarification", resp.answer
    assert resp.answer.startswith("No node matches 'Directly'"), resp.answer


def test_a_name_read_past_its_end_is_looked_up_up_to_the_punctuation(agent):
    resp = agent.ask("What's the shortest route from Zoo? List the stops to Lock 12",
                     attach=[TABLE])
    assert resp.status == "answered", resp.answer
    assert "**4 hop(s)**: Zoo → Cargo City → Strozzi → Gustavo → Lock 12" in resp.answer
