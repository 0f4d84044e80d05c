"""A directed timetable's ends asked in travel words, yes or no: "is there a stop you can get
to but never leave" (out-degree 0, some edge in), "any moorings with departures but no
arrivals" (in-degree 0) answer **Yes** or **No** first, then the nodes. networkx on the
directed table is the oracle."""

from __future__ import annotations

import pytest

from tests.planner_route_tables import BARGES, BUSES, route_graph
from tests.planner_support import ask_table


@pytest.mark.parametrize(("table", "end", "question"), [
    (BUSES, "sinks", "is there a stop you can get to but never leave?"),
    (BARGES, "sinks", "is there a mooring you can reach but can't leave?"),
    (BUSES, "sources", "any stops with departures but no arrivals at all?"),
    (BARGES, "sources", "are there moorings you can leave but never arrive at?"),
])
def test_an_end_asked_in_travel_words_is_answered_yes_with_its_nodes(tmp_path, table, end,
                                                                     question):
    g = route_graph(table)
    ends = {n for n in g if (g.out_degree(n) if end == "sinks" else g.in_degree(n)) == 0}
    others = {n for n in g if n not in ends}
    resp = ask_table(tmp_path, table, question)
    assert resp.status == "answered", resp.answer
    assert ends and resp.answer.lstrip("* ").startswith("Yes"), resp.answer
    listed = resp.answer.split(":", 1)[-1]
    assert all(n in listed for n in ends) and not any(n in listed for n in others), resp.answer
