"""On a two-mode table whose one side carries a category column (trails with a ``region``,
clubs with a ``league``), the column's values are groups of that side: "how many regions are
there" counts the values (never the sides), "which region has the most trails" ranks them by
that side's members (a node with no value is in no group, never a "None" group, and the other
side is never ranked), and "which region has the most walkers" — the side with no region —
asks. pandas and networkx are the oracles."""

from __future__ import annotations

from collections import Counter

import pytest
from planner_group_tables import CLUBS, SPELLS, TRAILS, WALKS
from planner_support import ask_table

CASES = [(WALKS, TRAILS, "region", "trails", "walkers"),
         (SPELLS, CLUBS, "league", "clubs", "players")]


def _plural(word):
    return word[:-1] + "ies" if word.endswith("y") else word + "s"


@pytest.mark.parametrize(("edges", "nodes", "column", "carried", "other"), CASES)
def test_how_many_values_of_one_sides_category_are_counted(tmp_path, edges, nodes, column,
                                                          carried, other):
    values = sorted(nodes[column].dropna().unique())
    resp = ask_table(tmp_path, edges, f"how many {_plural(column)} are there?", nodes)
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith(f"There are **{len(values)}** {_plural(column)}"), resp.answer
    assert all(v in resp.answer for v in values), resp.answer


@pytest.mark.parametrize("low", [False, True])
@pytest.mark.parametrize(("edges", "nodes", "column", "carried", "other"), CASES)
def test_the_values_are_ranked_by_the_side_that_carries_them(tmp_path, edges, nodes, column,
                                                             carried, other, low):
    sizes = Counter(nodes[column].dropna())
    best = (min if low else max)(sizes.values())
    top = sorted(v for v, n in sizes.items() if n == best)
    word = "fewest" if low else "most"
    resp = ask_table(tmp_path, edges, f"which {column} has the {word} {carried}?", nodes)
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith(f"**{top[0]}**"), resp.answer
    assert f": **{best}**" in resp.answer and "None" not in resp.answer, resp.answer
    assert not any(f"**{n}**" in resp.answer for n in edges[edges.columns[0]]), resp.answer


@pytest.mark.parametrize(("edges", "nodes", "column", "carried", "other"), CASES)
def test_ranking_the_values_by_the_side_without_them_asks(tmp_path, edges, nodes, column,
                                                          carried, other):
    resp = ask_table(tmp_path, edges, f"which {column} has the most {other}?", nodes)
    assert resp.status == "needs_clarification", resp.answer
