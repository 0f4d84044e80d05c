""""Among the catering crew, who has shared shifts with the most different people" ranks the
group's members by their number of partners (every partner counted, in the group or not), never
by a sum of the edge column the verb names; on a directed table the verb's side ("made passes
to") is the out-degree. networkx is the oracle."""

from __future__ import annotations

import pytest
from planner_group_tables import BELLS, PASSES, RINGERS, SQUAD, graph_of
from planner_support import ask_table


@pytest.mark.parametrize(("edges", "nodes", "column", "value", "question", "directed"), [
    (BELLS, RINGERS, "tower", "Ely",
     "among the Ely ringers, who has rung peals with the most different people?", False),
    (BELLS, RINGERS, "tower", "Wells",
     "among the Wells ringers, who shared peals with the most different people?", False),
    (PASSES, SQUAD, "line", "midfield",
     "among the midfield players, who has made passes to the most different people?", True),
])
def test_a_groups_members_ranked_by_their_distinct_partners(tmp_path, edges, nodes, column,
                                                            value, question, directed):
    g = graph_of(edges, nodes, directed=directed)
    degree = g.out_degree if directed else g.degree
    members = {n: degree(n) for n, v in g.nodes(data=column) if v == value}
    best = max(members.values())
    top = sorted(n for n, d in members.items() if d == best)
    resp = ask_table(tmp_path, edges, question, nodes)
    assert resp.status == "answered", resp.answer
    assert f"{column} = {value}" in resp.answer, resp.answer
    assert all(f"{n} ({best})" in resp.answer for n in top), resp.answer
    assert not any(f"{n} ({best})" in resp.answer for n in set(g) - set(members)), resp.answer
