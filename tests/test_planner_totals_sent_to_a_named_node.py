"""A total of what others sent *to* a named node is that node's incoming edges ("which
accounts sent money to A4 and how much in total", "how many crates did the depots ship to
D3"); "from" a named node is its outgoing edges — whatever the sending verb."""

from __future__ import annotations

import re

import pandas as pd
import pytest

from tests.planner_support import ask_table

MONEY = pd.DataFrame([("A1", "A4", 300), ("A2", "A4", 950), ("A4", "A3", 2500), ("A3", "A4", 700),
                      ("A4", "A1", 45), ("A2", "A3", 80)], columns=["from_account", "to_account", "usd"])
CRATES = pd.DataFrame([("D1", "D3", 12), ("D2", "D3", 30), ("D3", "D1", 7), ("D3", "D2", 90),
                       ("D1", "D2", 5)], columns=["sender", "recipient", "crates"])


@pytest.mark.parametrize(("table", "question", "node", "way"), [
    (MONEY, "Which accounts sent money to A4 and how much in total?", "A4", "in"),
    (CRATES, "how many crates did the depots ship to D3 in total?", "D3", "in"),
    (MONEY, "what is the total usd that came from A4?", "A4", "out"),
    (CRATES, "total crates shipped from D3?", "D3", "out"),
])
def test_a_total_sent_to_or_from_a_named_node_sums_that_side(tmp_path, table, question, node, way):
    src, dst, value = table.columns
    side = table[dst] == node if way == "in" else table[src] == node
    want = int(table.loc[side, value].sum())
    wrong = int(table.loc[~side & ((table[src] == node) | (table[dst] == node)), value].sum())
    r = ask_table(tmp_path, table, question)
    assert r.status == "answered", r.answer
    assert f"**{want}**" in r.answer, r.answer
    assert f"**{wrong}**" not in r.answer, r.answer


@pytest.mark.parametrize(("table", "question", "node", "way"), [
    (MONEY, "Which accounts does A4 pay and how much?", "A4", "out"),
    (CRATES, "who shipped crates to D3 and how much in total?", "D3", "in"),
])
def test_partners_asked_beside_a_total_are_named_with_it(tmp_path, table, question, node, way):
    src, dst, value = table.columns
    side = table[dst] == node if way == "in" else table[src] == node
    partners = set(table.loc[side, src if way == "in" else dst])
    r = ask_table(tmp_path, table, question)
    assert r.status == "answered", r.answer
    named, _, rest = r.answer.partition(" edges of ")
    assert set(re.findall(r"\*\*([A-Za-z]\w*)\*\*", named)) == partners, r.answer
    assert f"**{int(table.loc[side, value].sum())}**" in rest, r.answer
