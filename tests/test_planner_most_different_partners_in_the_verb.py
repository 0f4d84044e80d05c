""""Who <verb>s the work of the most different <nodes>" on a directed table counts distinct
partners on the doer's side (out-degree), never the edge value's total, when the verb is
the table's own or the one its edge value names. networkx on the directed table is the
oracle."""

from __future__ import annotations

import pytest

from tests.planner_route_tables import route_graph
from tests.planner_support import ask_table
from tests.test_planner_one_node_sides_in_the_data_words import ENDORSING, SHIPPING


@pytest.mark.parametrize(("table", "question"), [
    (ENDORSING, "who endorses the careers of the most different players?"),
    (SHIPPING, "who ships to the depots of the most different firms?"),
])
def test_the_most_different_partners_is_the_out_degree(tmp_path, table, question):
    g = route_graph(table)
    top = max(d for _, d in g.out_degree())
    leaders = {n for n, d in g.out_degree() if d == top}
    heaviest = max(g, key=lambda n: g.out_degree(n, weight=table.columns[2]))
    assert heaviest not in leaders or len(leaders) > 1
    resp = ask_table(tmp_path, table, question)
    assert resp.status == "answered", resp.answer
    assert "out-degree" in resp.answer, resp.answer
    head = resp.answer.split("top:", 1)[0]
    assert all(n in head for n in leaders), resp.answer
