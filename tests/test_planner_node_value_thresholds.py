""""How many volunteers have 3 or more seasons" counts the nodes whose numeric node attribute
passes the bound (at least, more than, under, N or more, N+), over every node of the node
table; the bound's number is never read as a value to filter on (``seasons = 3``).
networkx is the oracle."""

from __future__ import annotations

import operator

import pytest
from planner_group_tables import BELLS, PASSES, RINGERS, SQUAD, graph_of
from planner_support import ask_table

OPS = {"ge": operator.ge, "gt": operator.gt, "lt": operator.lt, "le": operator.le}


@pytest.mark.parametrize(("edges", "nodes", "column", "question", "op", "bound"), [
    (BELLS, RINGERS, "years", "how many ringers have 5 or more years?", "ge", 5),
    (BELLS, RINGERS, "years", "how many ringers have at least 7 years", "ge", 7),
    (BELLS, RINGERS, "years", "how many ringers have 4+ years?", "ge", 4),
    (BELLS, RINGERS, "years", "how many ringers have 3 years or more?", "ge", 3),
    (PASSES, SQUAD, "caps", "how many players have more than 12 caps?", "gt", 12),
    (PASSES, SQUAD, "caps", "how many players have under 10 caps", "lt", 10),
    (PASSES, SQUAD, "caps", "how many players have 8 caps or fewer?", "le", 8),
])
def test_threshold_count_on_a_node_column_counts_every_node(tmp_path, edges, nodes, column,
                                                            question, op, bound):
    g = graph_of(edges, nodes)
    expected = sum(1 for _, v in g.nodes(data=column) if OPS[op](v, bound))
    resp = ask_table(tmp_path, edges, question, nodes)
    assert resp.status == "answered", resp.answer
    assert f"**{expected}**" in resp.answer, resp.answer
    assert f"{column} = {bound}" not in resp.answer, resp.answer
