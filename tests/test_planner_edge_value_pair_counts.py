""""How many sender->receiver pairs exchanged more than 7 emails" counts the edges whose value
passes the bound; the pair may be named by the table's two end columns joined ("origin-
destination pairs", "passer->receiver pairs"). networkx is the oracle."""

from __future__ import annotations

import operator

import pytest
from planner_group_tables import FREIGHT, PASSES, directed_of
from planner_support import ask_table

OPS = {"gt": operator.gt, "ge": operator.ge, "lt": operator.lt}


@pytest.mark.parametrize(("edges", "question", "op", "bound"), [
    (FREIGHT, "how many origin->destination pairs shipped more than 10 crates", "gt", 10),
    (FREIGHT, "how many origin-destination pairs moved at least 9 crates?", "ge", 9),
    (PASSES, "how many passer->receiver pairs made more than 5 passes?", "gt", 5),
    (PASSES, "how many passer/receiver pairs have fewer than 4 passes", "lt", 4),
])
def test_pairs_named_by_the_two_end_columns_count_the_edges_past_the_bound(
        tmp_path, edges, question, op, bound):
    column = edges.columns[2]
    g = directed_of(edges)
    expected = sum(1 for *_, w in g.edges(data=column) if OPS[op](w, bound))
    resp = ask_table(tmp_path, edges, question)
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith(f"**{expected}** of {g.number_of_edges()} edges"), resp.answer
