"""The size of each group of a node attribute, asked in the data's words ("which region
has the most airports"), is answered from the groups, never with a degree or a mixing count."""

from __future__ import annotations

import pandas as pd
import pytest

from igraph_agent import Agent

ROUTES = pd.DataFrame([("LIS", "MAD"), ("MAD", "CDG"), ("CDG", "AMS"), ("AMS", "OSL"),
                       ("OSL", "HEL"), ("HEL", "LIS"), ("MAD", "FCO"), ("FCO", "ATH")],
                      columns=["origin", "dest"])
AIRPORTS = pd.DataFrame({"iata": ["LIS", "MAD", "FCO", "ATH", "CDG", "AMS", "OSL", "HEL"],
                         "region": ["south"] * 4 + ["west"] * 2 + ["north"] * 2})


@pytest.fixture(scope="module")
def ask(tmp_path_factory):
    agent = Agent(home=tmp_path_factory.mktemp("groups"))
    first = agent.ask("How big is the graph?", attach=[ROUTES, AIRPORTS],
                      names=["routes", "airports"])
    assert first.status == "answered", first.answer
    yield lambda q: agent.ask(q, session=first.session_id)
    agent.close()


def test_the_group_with_the_most_nodes_is_named_with_its_size(ask):
    resp = ask("Which region has the most airports?")
    assert resp.status == "answered", resp.answer
    assert resp.actions[-1].tool == "group_analysis"
    assert resp.answer.startswith("**south** is the region with the most airports: **4**")


def test_groups_tied_for_the_fewest_are_all_named(ask):
    resp = ask("which is the smallest region")
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith("**north** and **west** tie for the fewest: **2**")


def test_the_most_edges_of_a_group_is_not_read_as_its_size(ask):
    resp = ask("which region has the most routes to other regions")
    assert "is the region with the most" not in resp.answer


@pytest.mark.parametrize("question", [
    "How many airports does each region have?", "number of airports per region",
    "airport count by region", "how big is each region",
    "how many airports are there in each region"])
def test_the_size_of_every_group_is_answered_however_the_count_is_asked(ask, question):
    resp = ask(question)
    assert resp.status == "answered", resp.answer
    assert resp.actions[-1].tool == "group_analysis"
    assert "south" in resp.answer and "**4**" in resp.answer
    assert "west (2)" in resp.answer and "north (2)" in resp.answer


def test_a_count_of_edges_per_group_is_not_answered_with_group_sizes(ask):
    resp = ask("how many routes per region")
    assert "is the region with the most airports" not in resp.answer
