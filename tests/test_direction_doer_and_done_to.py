"""A table whose source column names a doer and whose target names the one it is done to
("passer,receiver", "infector,infected", "nominator,nominee") loads directed, so "who
received the most passes" counts each player's incoming passes; pairs of two-way or neutral
words stay undirected. networkx on the directed table is the oracle."""

from __future__ import annotations

import pandas as pd
import pytest

from igraph_agent.graph.semantics import direction_of
from tests.test_directed_totals import _ask

PASSES = pd.DataFrame(
    [("Rossi", "Park", 17), ("Park", "Rossi", 14), ("Vance", "Park", 4), ("Rossi", "Vance", 3),
     ("Park", "Vance", 19), ("Costa", "Rossi", 2)], columns=["passer", "receiver", "passes"])
SPREAD = pd.DataFrame(
    [("Hope", "Will"), ("Hope", "May"), ("Will", "Kit"), ("Will", "Mark"), ("May", "Zoe"),
     ("Gus", "Tam")], columns=["infector", "infected"])


@pytest.mark.parametrize(("source", "target"), [
    ("passer", "receiver"), ("infector", "infected"), ("nominator", "nominee"),
    ("kicker_id", "kicked_id")])
def test_a_doer_and_the_one_done_to_name_a_direction(source, target):
    assert direction_of(source, target) is True


@pytest.mark.parametrize(("source", "target"), [
    ("member", "partner"), ("player_a", "player_b"), ("buyer", "seller"), ("actor", "film")])
def test_neutral_or_two_way_names_give_no_direction(source, target):
    assert direction_of(source, target) is None


def test_who_received_the_most_passes_sums_the_incoming_passes(tmp_path):
    resp = _ask(tmp_path, PASSES, "who received the most passes?")
    top = PASSES.groupby("receiver").passes.sum()
    assert resp.status == "answered", resp.answer
    assert f"**{top.idxmax()}**" in resp.answer and str(top.max()) in resp.answer, resp.answer


def test_who_did_will_infect_lists_only_those_will_infected(tmp_path):
    resp = _ask(tmp_path, SPREAD, "who did Will infect?")
    assert resp.status == "answered", resp.answer
    assert "Kit" in resp.answer and "Mark" in resp.answer and "Hope" not in resp.answer, \
        resp.answer
