""""Which crew has the most volunteers" ranks the groups of a category node column by their
number of members, every row of the node table counted (a member in no edge too); the
counted word may spell out the data's shortened column word ("volunteers" for ``vol_a``).
A count of the edge value ("the most peals") is never read as the groups' sizes. networkx is
the oracle."""

from __future__ import annotations

from collections import Counter

import pytest
from planner_group_tables import BELLS, PASSES, RINGERS, SQUAD, graph_of
from planner_support import ask_table

#: the passes table with shortened endpoint columns (``ath`` for athlete)
SHORT = PASSES.rename(columns={"passer": "ath_from", "receiver": "ath_to"})


def _sizes(edges, nodes, column):
    return Counter(v for _, v in graph_of(edges, nodes).nodes(data=column))


@pytest.mark.parametrize(("edges", "nodes", "column", "question", "low"), [
    (BELLS, RINGERS, "tower", "which tower has the most ringers?", False),
    (BELLS, RINGERS, "tower", "which tower has the fewest ringers?", True),
    (PASSES, SQUAD, "line", "which line has the most players", False),
    (SHORT, SQUAD, "line", "which line has the most athletes?", False),
])
def test_group_sizes_ranked_count_every_member(tmp_path, edges, nodes, column, question, low):
    sizes = _sizes(edges, nodes, column)
    best = (min if low else max)(sizes.values())
    top = sorted(g for g, n in sizes.items() if n == best)
    resp = ask_table(tmp_path, edges, question, nodes)
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith(" and ".join(f"**{g}**" for g in top[:1])), resp.answer
    assert f"**{best}**" in resp.answer, resp.answer


@pytest.mark.parametrize(("edges", "nodes", "column", "question"), [
    (BELLS, RINGERS, "tower", "which tower has the most peals?"),
    (PASSES, SQUAD, "line", "which line has the most passes"),
])
def test_a_count_of_the_edge_value_is_never_the_groups_sizes(tmp_path, edges, nodes, column,
                                                             question):
    sizes = _sizes(edges, nodes, column)
    resp = ask_table(tmp_path, edges, question, nodes)
    assert f"**{max(sizes.values())}**;" not in resp.answer, resp.answer
