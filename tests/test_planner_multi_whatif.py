"""What-if questions that remove several numbered nodes at once, or close the direct edge
between two nodes and ask for the detour between those same two nodes. networkx is the
oracle: each answer is the value on the graph without what was removed (and differs from the
value on the whole graph)."""

from __future__ import annotations

import networkx as nx
import pandas as pd
import pytest

from tests.planner_tables import table_graph as _graph
from tests.test_directed_totals import _ask

NUMBERED = pd.DataFrame([(0, 1), (0, 2), (1, 2), (2, 3), (3, 4), (4, 5), (5, 6), (6, 4), (3, 7)],
                        columns=["member_a", "member_b"])
STATIONS = pd.DataFrame([("s1", "s2"), ("s2", "s3"), ("s3", "s4"), ("s4", "s1"), ("s3", "s5")],
                        columns=["station_a", "station_b"])
TOWN_ROADS = pd.DataFrame(
    [("Avon", "Bude", 4), ("Bude", "Cley", 3), ("Avon", "Cley", 5), ("Cley", "Deal", 2),
     ("Avon", "Deal", 14)], columns=["town_a", "town_b", "km"])
TRAM_LINES = pd.DataFrame(
    [("t1", "t2", 5), ("t2", "t3", 6), ("t1", "t4", 2), ("t4", "t3", 12), ("t1", "t3", 3),
     ("t3", "t5", 1)], columns=["stop_a", "stop_b", "minutes"])


@pytest.mark.parametrize(("table", "question", "gone"), [
    (NUMBERED, "if members 2 and 4 both left the club, how many separate groups would remain?",
     [2, 4]),
    (STATIONS, "if nodes s3 and s1 both closed, how many separate pieces would be left?",
     ["s3", "s1"]),
])
def test_several_numbered_or_named_nodes_leaving_count_the_pieces_without_them(
        tmp_path, table, question, gone):
    resp = _ask(tmp_path, table, question)
    assert resp.status == "answered", resp.answer
    g = _graph(table)
    before = nx.number_connected_components(g)
    g.remove_nodes_from(gone)
    want = nx.number_connected_components(g)
    assert want != before
    assert f"**{want} connected component(s)**" in resp.answer, resp.answer


@pytest.mark.parametrize(("table", "question", "edge", "column"), [
    (TOWN_ROADS, "Suppose the direct road between Avon and Cley is closed. How many km is the "
                 "shortest detour from Avon to Cley?", ("Avon", "Cley"), "km"),
    (TRAM_LINES, "if the direct line between t1 and t3 is cut, how many minutes is the "
                 "quickest detour from t1 to t3?", ("t1", "t3"), "minutes"),
])
def test_a_detour_between_a_closed_edges_own_ends_is_measured_without_it(tmp_path, table,
                                                                           question, edge, column):
    resp = _ask(tmp_path, table, question)
    assert resp.status == "answered", resp.answer
    g = _graph(table, column)
    before = nx.shortest_path_length(g, *edge, weight=column)
    g.remove_edge(*edge)
    want = nx.shortest_path_length(g, *edge, weight=column)
    assert want != before
    assert f"**{want} {column}**" in resp.answer or f"**{want}**" in resp.answer, resp.answer
