""""Which ward is the biggest?" names the group value with the most nodes (its members, never
the grouping word as the node's noun); "Take the smallest boat. Who in it has the most
rowers?" picks that group first and then ranks its members. networkx is the oracle."""

from __future__ import annotations

import pytest
from planner_grouped_graphs import BOATS, WARDS, sizes
from planner_support import ask_table


@pytest.mark.parametrize(("table", "question", "low"), [
    (WARDS, "Which ward is the biggest?", False),
    (WARDS, "what ward is largest?", False),
    (BOATS, "Which boat is the smallest one?", True),
    (BOATS, "Which is the biggest boat?", False),
    (WARDS, "how many nurses are in each ward, and which one is the biggest?", False),
])
def test_the_biggest_group_is_the_value_with_the_most_nodes(tmp_path, table, question, low):
    counted = sizes(table)
    best = (min if low else max)(counted.values())
    (top,) = [g for g, n in counted.items() if n == best]
    resp = ask_table(tmp_path, table.edges, question, table.nodes)
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith(f"**{top}** is the {table.column} with the "), resp.answer
    assert f"fewest {table.column}s" not in resp.answer and f"most {table.column}s" not in \
        resp.answer, resp.answer


@pytest.mark.parametrize(("table", "question", "low"), [
    (BOATS, "Take the smallest boat. Who in it has the most partners?", True),
    (WARDS, "Consider the biggest ward: who there has the most coworkers?", False),
    (WARDS, "Look at the largest ward; who among them has the most links?", False),
])
def test_a_group_taken_by_size_then_its_top_member(tmp_path, table, question, low):
    counted = sizes(table)
    pick = (min if low else max)(counted, key=counted.get)
    g = table.graph
    members = {n: g.degree(n) for n in g if g.nodes[n][table.column] == pick}
    best = max(members.values())
    tops = sorted(n for n, d in members.items() if d == best)
    resp = ask_table(tmp_path, table.edges, question, table.nodes)
    assert resp.status == "answered", resp.answer
    assert f"**{pick}**" in resp.answer, resp.answer
    first = resp.answer.split("\n")[0]
    assert all(n in first for n in tops), resp.answer
