"""A directed table's side said in other words: "has given away the most acres", "is the
source of the most", "donated", "the recipient of" sum one end of the edges (never both ends
together), and "pays the most other wallets" counts the nodes at the other end (out- or
in-degree) even on a table with an edge value (land grants and wallet payments; networkx and
pandas are the oracle)."""

from __future__ import annotations

import re

import pytest
from planner_support import ask_table
from planner_tables import GRANTS, WALLETS, directed_graph


def _sums(table, side: str):
    return table.groupby(table.columns[0 if side == "out" else 1])[table.columns[2]].sum()


@pytest.mark.parametrize(("table", "question", "side"), [
    (GRANTS, "who has given away the most acres", "out"),
    (GRANTS, "which grantors are the source of the most acres", "out"),
    (WALLETS, "which wallet donated the most sats", "out"),
    (WALLETS, "which wallet is the recipient of the most sats", "in"),
    (GRANTS, "which family is the recipient of the most acres?", "in"),
], ids=lambda x: x if isinstance(x, str) else "")
def test_a_side_said_in_other_words_sums_that_end_of_the_edges(tmp_path, table, question, side):
    resp = ask_table(tmp_path, table, question)
    assert resp.status == "answered", resp.answer
    call = resp.actions[-1]
    assert call.tool == "edge_attribute_totals" and call.args.get("direction") == side
    sums = _sums(table, side)
    both = _sums(table, "out").add(_sums(table, "in"), fill_value=0)
    assert sums.max() != both.max()  # the two readings disagree on this table
    assert resp.answer.startswith(f"**{sums.idxmax()}** has"), resp.answer
    assert f"**{sums.max()}**" in resp.answer


@pytest.mark.parametrize(("table", "question", "side"), [
    (WALLETS, "which wallet pays the most other wallets", "out"),
    (WALLETS, "Which wallet gets paid by the most different wallets?", "in"),
    (GRANTS, "who grants the most different families", "out"),
    (GRANTS, "which family receives from the most other families", "in"),
], ids=lambda x: x if isinstance(x, str) else "")
def test_the_most_other_nodes_counts_the_other_end_not_the_edge_values(
        tmp_path, table, question, side):
    resp = ask_table(tmp_path, table, question)
    assert resp.status == "answered", resp.answer
    call = resp.actions[-1]
    assert call.tool == "degree_analysis" and call.args.get("direction") == side
    g = directed_graph(table)
    degree = dict(g.out_degree() if side == "out" else g.in_degree())
    best = max(degree.values())
    leaders = {n for n, d in degree.items() if d == best}
    lead = resp.answer.split(";")[0]
    assert set(re.findall(r"\*\*(\w+)\*\*", lead)) == leaders, resp.answer
