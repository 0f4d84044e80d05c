"""Reciprocity in a timetable's words ("what fraction of routes have a return route running
the other way") is networkx's reciprocity; the pairs linked both ways are counted in the
table's verb ("which pairs ship to each other both ways? just the count"), every figure one
the tool showed. networkx on the directed table is the oracle."""

from __future__ import annotations

import networkx as nx
import pytest

from igraph_agent.figures import shown
from tests.planner_route_tables import BARGES, BUSES, route_graph
from tests.planner_support import ask_table
from tests.test_planner_one_node_sides_in_the_data_words import ENDORSING, SHIPPING


@pytest.mark.parametrize(("table", "question"), [
    (BARGES, "what fraction of lanes have a return lane running the other way?"),
    (BUSES, "what share of the legs have a leg back the other way?"),
])
def test_the_share_of_routes_with_a_return_is_the_reciprocity(tmp_path, table, question):
    expected = nx.reciprocity(route_graph(table))
    resp = ask_table(tmp_path, table, question)
    assert resp.status == "answered", resp.answer
    assert f"**{shown(expected)}**" in resp.answer, resp.answer


@pytest.mark.parametrize(("table", "question"), [
    (SHIPPING, "which pairs ship to each other both ways? just give the count"),
    (ENDORSING, "how many pairs endorse each other?"),
])
def test_pairs_linked_both_ways_are_counted(tmp_path, table, question):
    g = route_graph(table)
    pairs = sum(1 for u, v in g.edges if g.has_edge(v, u)) // 2
    resp = ask_table(tmp_path, table, question)
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith(f"**{pairs}** pair(s)"), resp.answer
