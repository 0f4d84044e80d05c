""""Which two fencers fought most often" / "which pair met the fewest times" name the edge
with the largest (smallest) count of times together, when the edges carry one column that
counts them; on a capacity or a length ("which two routers talk most often" on
``uplink_mbit``) no column says how often, and the planner asks. networkx is the oracle."""

from __future__ import annotations

import pandas as pd
import pytest

from tests.test_directed_totals import _ask
from tests.test_planner_whatif_damage import BOTHIES, UPLINKS

FENCERS = pd.DataFrame(
    [("Quill", "Rhea", 12), ("Quill", "Soren", 3), ("Rhea", "Soren", 7), ("Soren", "Tove", 9),
     ("Tove", "Ugo", 2), ("Ugo", "Vesna", 5), ("Vesna", "Tove", 11), ("Rhea", "Ugo", 1),
     ("Wyn", "Xavi", 6)], columns=["fencer_1", "fencer_2", "bouts_fought"])
#: members of a walking club and the times each pair met on a walk
WALKERS = pd.DataFrame(
    [("Ines", "Joel", 4), ("Ines", "Kofi", 9), ("Joel", "Kofi", 2), ("Kofi", "Lara", 14),
     ("Lara", "Milo", 3), ("Milo", "Ines", 1)], columns=["walker", "walk_partner", "weight"])


@pytest.mark.parametrize(("table", "question", "pick"), [
    (FENCERS, "which two fencers faced off most often?", max),
    (FENCERS, "Which pair of fencers crossed swords the fewest times?", min),
    (WALKERS, "Which two walkers went out together most often?", max),
    (WALKERS, "which pair of walkers hiked together least often?", min),
])
def test_which_pair_most_or_least_often_names_the_edge_with_that_count(tmp_path, table, question,
                                                                       pick):
    resp = _ask(tmp_path, table, question)
    column = table.columns[2]
    best = pick(table[column])
    rows = table[table[column] == best]
    assert len(rows) == 1
    a, b = rows.iloc[0, 0], rows.iloc[0, 1]
    assert resp.status == "answered", resp.answer
    assert f"**{best}**" in resp.answer, resp.answer
    assert f"**{a} – {b}**" in resp.answer or f"**{b} – {a}**" in resp.answer, resp.answer


@pytest.mark.parametrize(("table", "question"), [
    (UPLINKS, "which two routers talk most often?"),
    (BOTHIES, "which two bothies are walked between most often?"),
])
def test_how_often_on_a_capacity_or_a_length_is_asked_about(tmp_path, table, question):
    resp = _ask(tmp_path, table, question)
    assert resp.status == "needs_clarification", resp.answer


@pytest.mark.parametrize(("table", "question"), [
    (FENCERS, "who has the most distinct opponents?"),
    (WALKERS, "which walker has walked with the most different people?"),
])
def test_the_most_distinct_others_counts_partners_never_sums_the_column(tmp_path, table,
                                                                        question):
    resp = _ask(tmp_path, table, question)
    degrees = pd.concat([table.iloc[:, 0], table.iloc[:, 1]]).value_counts()
    top = degrees.max()
    assert resp.status == "answered", resp.answer
    for name in degrees[degrees == top].index:
        assert f"{name} ({top})" in resp.answer, resp.answer
