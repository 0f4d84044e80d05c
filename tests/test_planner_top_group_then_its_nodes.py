""""Within the largest team, who has the most connections?" is two steps: the group the
ranking of the groups puts on top, then the ranking of that group's own nodes, the person
answered first; a group ranking with a tie at the top asks which group. networkx is the
oracle."""

from __future__ import annotations

import re

import pytest
from planner_group_tables import BELLS, PASSES, RINGERS, SQUAD, graph_of
from planner_support import ask_table


def _sizes(g, column):
    out: dict = {}
    for _, v in g.nodes(data=column):
        out[v] = out.get(v, 0) + 1
    return out


def _totals(g, column, number):
    out: dict = {}
    for _, d in g.nodes(data=True):
        out[d[column]] = out.get(d[column], 0) + d[number]
    return out


@pytest.mark.parametrize(("edges", "nodes", "column", "pick", "question", "directed"), [
    (BELLS, RINGERS, "tower", lambda g: _sizes(g, "tower"),
     "Within the largest tower, who has the most ties?", False),
    (BELLS, RINGERS, "tower", lambda g: _sizes(g, "tower"),
     "which ringer has the most connections in the biggest tower?", False),
    (PASSES, SQUAD, "line", lambda g: _totals(g, "line", "caps"),
     "In the line with the highest total caps, who has the most connections?", True),
    (BELLS, RINGERS, "tower", lambda g: _totals(g, "tower", "years"),
     "Among the tower with the most years in total, which ringer has the most links?", False),
])
def test_the_top_groups_best_connected_node_is_answered_first(tmp_path, edges, nodes, column,
                                                               pick, question, directed):
    g = graph_of(edges, nodes, directed=directed)
    ranked = pick(g)
    group = max(ranked, key=ranked.get)
    members = {n: g.degree(n) for n, v in g.nodes(data=column) if v == group}
    best = max(members, key=members.get)
    resp = ask_table(tmp_path, edges, question, nodes)
    assert resp.status == "answered", resp.answer
    first = resp.answer.split("\n\n")[0]
    assert f"{column} = {group}" in first and f"{best} ({members[best]})" in first, resp.answer
    assert re.search(rf"\*\*{group}\*\*", resp.answer), resp.answer


@pytest.mark.parametrize("question", [
    "Within the smallest tower, who has the most ties?",
    "which ringer has the most connections in the smallest tower?",
])
def test_a_tie_between_the_top_groups_asks_which_group(tmp_path, question):
    g = graph_of(BELLS, RINGERS)
    sizes = _sizes(g, "tower")
    assert sorted(sizes.values()).count(min(sizes.values())) > 1  # the data's own tie
    resp = ask_table(tmp_path, BELLS, question, RINGERS)
    assert resp.status == "needs_clarification", resp.answer
