"""A bandwidth column under its unit (``uplink_mbit``, ``link_gbps``) is a capacity: a route
"by" it is never its values added up as lengths (the answer says it takes 1/value), "which
link has the most bandwidth" / "which uplink has the least capacity" name the edge; a kind
of value no column holds ("the most capacity" on ``trail_hrs``, "the total cost" on
``drive_min``) is asked about, never answered with that column; and "the shortest walk in
hours from A to B" is the route in that column. networkx is the oracle."""

from __future__ import annotations

import networkx as nx
import pandas as pd
import pytest

from tests.planner_tables import COURIERS, table_graph
from tests.test_directed_totals import _ask
from tests.test_planner_whatif_damage import BOTHIES, UPLINKS

#: switches joined by links of some gigabits per second
FABRIC = pd.DataFrame(
    [("sw1", "sw2", 40), ("sw2", "sw3", 10), ("sw3", "sw4", 25), ("sw4", "sw1", 100),
     ("sw2", "sw5", 1), ("sw5", "sw3", 400)], columns=["switch_a", "switch_b", "link_gbps"])


@pytest.mark.parametrize(("table", "question", "ends"), [
    (UPLINKS, "what is the shortest path from Lis to Vie by uplink_mbit?", ("Lis", "Vie")),
    (FABRIC, "shortest path from sw1 to sw5 by link_gbps?", ("sw1", "sw5")),
])
def test_a_route_by_a_bandwidth_column_never_adds_it_up_as_a_length(tmp_path, table, question,
                                                                    ends):
    resp = _ask(tmp_path, table, question)
    column = table.columns[2]
    g = table_graph(table, column)
    summed = nx.shortest_path_length(g, *ends, weight=column)
    assert resp.status in ("answered", "needs_clarification"), resp.answer
    assert f"**{summed} {column}**" not in resp.answer, resp.answer
    if resp.status == "answered":
        assert f"1/{column}" in resp.answer, resp.answer


@pytest.mark.parametrize(("table", "question", "pick"), [
    (UPLINKS, "which link has the most bandwidth?", max),
    (UPLINKS, "which uplink has the least capacity?", min),
    (FABRIC, "which link has the least bandwidth?", min),
    (FABRIC, "what link has the most throughput?", max),
])
def test_the_edge_with_the_most_or_least_bandwidth_is_named(tmp_path, table, question, pick):
    resp = _ask(tmp_path, table, question)
    column = table.columns[2]
    best = pick(table[column])
    row = table[table[column] == best].iloc[0]
    assert resp.status == "answered", resp.answer
    assert f"**{best}**" in resp.answer, resp.answer
    assert (f"**{row.iloc[0]} – {row.iloc[1]}**" in resp.answer
            or f"**{row.iloc[1]} – {row.iloc[0]}**" in resp.answer), resp.answer


@pytest.mark.parametrize(("table", "question"), [
    (BOTHIES, "which trail has the most capacity?"),
    (BOTHIES, "what's the total trail cost?"),
    (COURIERS, "what's the total drive cost?"),
    (COURIERS, "which drive has the most capacity?"),
])
def test_a_kind_of_value_no_column_holds_is_asked_about(tmp_path, table, question):
    resp = _ask(tmp_path, table, question)
    assert resp.status == "needs_clarification", resp.answer


@pytest.mark.parametrize(("table", "question", "ends"), [
    (BOTHIES, "shortest walk in hours from Corrour to Allt?", ("Corrour", "Allt")),
    (COURIERS, "quickest drive in minutes from Hull to Whitby?", ("Hull", "Whitby")),
])
def test_the_shortest_walk_in_a_unit_from_a_to_b_is_the_route_in_that_column(
        tmp_path, table, question, ends):
    resp = _ask(tmp_path, table, question)
    column = table.columns[2]
    want = nx.shortest_path_length(table_graph(table, column), *ends, weight=column)
    assert want != nx.shortest_path_length(table_graph(table), *ends)
    assert resp.status == "answered", resp.answer
    assert f"**{want} {column}**" in resp.answer, resp.answer
