""""Which event had the biggest turnout" on a two-mode table ranks that side by its number of
partners (attendees): the nodes of the side named, by degree (networkx is the oracle)."""

from __future__ import annotations

import re

import networkx as nx
import pandas as pd
import pytest
from planner_support import ask_table

VISITS = pd.DataFrame([("Pip", "Heron"), ("Pip", "Avocet"), ("Quinn", "Heron"),
                       ("Quinn", "Avocet"), ("Quinn", "Bittern"), ("Rue", "Bittern"),
                       ("Sage", "Curlew"), ("Sage", "Heron"), ("Tove", "Avocet"),
                       ("Tove", "Bittern"), ("Tove", "Curlew"), ("Uli", "Heron")],
                      columns=["birder", "hide"])
MEETINGS = pd.DataFrame([("ana", "M1"), ("bo", "M1"), ("cy", "M1"), ("di", "M1"), ("ed", "M1"),
                         ("ana", "M2"), ("bo", "M2"), ("ana", "M3"), ("cy", "M3"), ("di", "M3"),
                         ("ed", "M4")], columns=["member", "meeting"])


def _extreme(table: pd.DataFrame, least: bool) -> str:
    g = nx.from_pandas_edgelist(table, *table.columns[:2])
    side = set(table[table.columns[1]])
    pick = min if least else max
    best = pick(g.degree(n) for n in side)
    (top,) = [n for n in side if g.degree(n) == best]
    return top


@pytest.mark.parametrize(("table", "question", "least"), [
    (VISITS, "which hide had the biggest turnout?", False),
    (MEETINGS, "which meeting drew the biggest turnout?", False),
    (MEETINGS, "which meeting had the lowest attendance?", True),
])
def test_a_turnout_ranks_the_side_by_its_partners(tmp_path, table, question, least):
    resp = ask_table(tmp_path, table, question)
    assert resp.status == "answered", resp.answer
    first = resp.answer.split(";")[0]  # the leader, before any runners-up
    assert re.search(rf"\b{_extreme(table, least)}\b", first), resp.answer
    others = set(table[table.columns[1]]) - {_extreme(table, least)}
    assert not any(re.search(rf"\b{o}\b", first) for o in others), resp.answer
