"""Endpoint columns named by the two ends of a journey ("depart_stop,arrive_stop",
"leaves_from,arrives_at") load directed, say so in the load summary, and a route is then
measured the way the table runs; columns that name no role ("stop_a,stop_b") stay
undirected. networkx on the directed table is the oracle."""

from __future__ import annotations

import networkx as nx
import pytest

from igraph_agent.graph.semantics import direction_of
from tests.planner_route_tables import BARGES, BUSES, route_graph
from tests.planner_support import ask_table


@pytest.mark.parametrize(("source", "target"), [
    ("depart_stop", "arrive_stop"), ("leaves_from", "arrives_at"), ("departs", "arrives"),
    ("outgoing", "incoming"), ("origin", "destination"), ("supplier", "customer"),
    ("giver", "receiver"), ("payer", "payee"), ("parent", "child")])
def test_a_role_pair_of_endpoint_names_is_directed(source, target):
    assert direction_of(source, target) is True


@pytest.mark.parametrize(("source", "target"), [
    ("end_a", "end_b"), ("vol_a", "vol_b"), ("a", "b"), ("stop_a", "stop_b"),
    ("arrive_pier", "depart_pier")])
def test_names_that_say_no_role_stay_undirected(source, target):
    assert direction_of(source, target) is None


@pytest.mark.parametrize(("table", "ends", "question"), [
    (BUSES, ("Dunn", "Ashby"), "quickest trip from Dunn to Ashby in minutes?"),
    (BARGES, ("Weir", "Lock"), "fastest way from Weir to Lock, how many hours?"),
])
def test_a_route_on_a_timetable_follows_its_direction(tmp_path, table, ends, question):
    g, weight = route_graph(table), table.columns[2]
    expected = nx.dijkstra_path_length(g, *ends, weight=weight)
    assert expected != nx.dijkstra_path_length(g.to_undirected(), *ends, weight=weight)
    resp = ask_table(tmp_path, table, question)
    assert resp.status == "answered", resp.answer
    assert f"**{expected} {weight}**" in resp.answer, resp.answer
    assert resp.graph is not None and \
        f"directed {table.columns[0]} → {table.columns[1]}" in resp.graph.label
