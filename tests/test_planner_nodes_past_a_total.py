"""Nodes counted by what they send or receive past a bound, with no "in total": "how many farms
sell more than 100 tonnes" counts the farms whose outgoing tonnes add up past 100 (never the
single edges above 100, a different and often empty answer); an edge noun as the subject
("how many shipments carry more than 30 tonnes") stays the edges."""

from __future__ import annotations

import random

import pandas as pd
import pytest

from tests.planner_support import ask_table

TABLES = {"trade": ("supplier", "buyer", "tonnes", "farms", "sell", "buy"),
          "loans": ("lender", "borrower", "amount", "banks", "lend", "borrow")}


def _edges(name: str) -> pd.DataFrame:
    src, dst, value, *_ = TABLES[name]
    rng = random.Random(name)
    nodes = [f"n{i:02d}" for i in range(16)]
    pairs = sorted({tuple(rng.sample(nodes, 2)) for _ in range(40)})
    return pd.DataFrame([(a, b, rng.randint(1, 40)) for a, b in pairs], columns=[src, dst, value])


@pytest.mark.parametrize("name", TABLES)
@pytest.mark.parametrize("side", ["out", "in"])
def test_how_many_nodes_send_more_than_a_bound_counts_node_totals(tmp_path, name, side):
    src, dst, value, nouns, send, receive = TABLES[name]
    edges = _edges(name)
    end = src if side == "out" else dst
    sums = edges.groupby(end)[value].sum()
    bound = int(sums.quantile(0.7))
    past = sorted(n for n, v in sums.items() if v > bound)
    verb = send if side == "out" else receive
    resp = ask_table(tmp_path, edges, f"how many {nouns} {verb} more than {bound} {value}?")
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith(f"**{len(past)}**"), resp.answer
    assert all(f"**{n}**" in resp.answer for n in past), resp.answer


def test_an_edge_noun_as_the_subject_counts_single_edges(tmp_path):
    edges = _edges("trade")
    resp = ask_table(tmp_path, edges, "how many shipments carry more than 30 tonnes?")
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith(f"**{int((edges['tonnes'] > 30).sum())}** of {len(edges)} edges")
