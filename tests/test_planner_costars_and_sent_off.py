"""On a two-mode table, "who has Ava Stone worked with?" lists the nodes sharing a partner
with her (her co-stars), even when no side is named; "who never shared a film with Ava
but worked with one of her co-stars" is asked about (the co-stars would answer another
question). A node "sent off" or "injured" is removed before a reach is checked. networkx is
the oracle, on two tables each."""

from __future__ import annotations

import networkx as nx
import pandas as pd
import pytest

from tests.test_directed_totals import _ask

FILMS = pd.DataFrame(
    [("Ava Stone", "Heat"), ("Ava Stone", "Drive"), ("Ben Okoro", "Heat"), ("Carla Diaz", "Heat"),
     ("Dev Rao", "Drive"), ("Dev Rao", "Tenet"), ("Jo Keller", "Tenet"), ("Kim Baek", "Arrival")],
    columns=["actor", "film"])
CLUBS = pd.DataFrame(
    [("Ona", "Rovers"), ("Ona", "United"), ("Pim", "Rovers"), ("Quin", "United"),
     ("Quin", "City"), ("Rex", "City"), ("Sol", "Athletic")], columns=["musician", "band"])


@pytest.mark.parametrize(("table", "question", "name"), [
    (FILMS, "who has Ava Stone worked with?", "Ava Stone"),
    (CLUBS, "who has Ona performed with?", "Ona"),
])
def test_who_a_node_worked_with_on_a_two_mode_table_is_who_shares_a_partner(
        tmp_path, table, question, name):
    g = nx.from_pandas_edgelist(table, *table.columns)
    want = {n for n in nx.single_source_shortest_path_length(g, name, cutoff=2)
            if nx.shortest_path_length(g, name, n) == 2}
    resp = _ask(tmp_path, table, question)
    assert resp.status == "answered", resp.answer
    assert f"**{len(want)}** nodes share" in resp.answer, resp.answer
    assert all(f"**{n}**" in resp.answer for n in want), resp.answer


@pytest.mark.parametrize(("table", "question"), [
    (FILMS, "which actors never shared a film with Ava Stone but did work with one of her "
            "co-stars?"),
    (CLUBS, "who has performed with Quin's bandmates but not with Quin?"),
])
def test_an_excluding_condition_on_co_members_is_asked_about(tmp_path, table, question):
    resp = _ask(tmp_path, table, question)
    assert resp.status == "needs_clarification", resp.answer


PASSES = pd.DataFrame([("Okafor", "Lind"), ("Lind", "Rossi"), ("Rossi", "Vance"),
                       ("Lind", "Ford"), ("Ford", "Vance"), ("Vance", "Hale")],
                      columns=["passer", "receiver"])
SHIFTS = pd.DataFrame([("amy", "ben"), ("ben", "cat"), ("cat", "dan"), ("amy", "eve"),
                       ("eve", "dan")], columns=["sender", "receiver"])


@pytest.mark.parametrize(("table", "question", "gone", "ends"), [
    (PASSES, "If Rossi had been sent off, could the ball still get from Okafor to Vance?",
     "Rossi", ("Okafor", "Vance")),
    (PASSES, "If Ford had been sent off and Rossi too, could the ball still get from Okafor "
             "to Vance?", None, None),
    (SHIFTS, "if eve is injured, can a message from amy still reach dan?", "eve",
     ("amy", "dan")),
])
def test_a_node_sent_off_or_injured_is_removed_before_the_reach(tmp_path, table, question,
                                                               gone, ends):
    resp = _ask(tmp_path, table, question)
    if gone is None:  # two removals in one clause: answered without both, or asked
        if resp.status == "answered":
            assert resp.answer.startswith("**No**"), resp.answer
        return
    g = nx.from_pandas_edgelist(table, *table.columns, create_using=nx.DiGraph)
    g.remove_node(gone)
    want = "Yes" if nx.has_path(g, *ends) else "No"
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith(f"**{want}**"), resp.answer
    assert f"→ {gone} →" not in resp.answer, resp.answer
