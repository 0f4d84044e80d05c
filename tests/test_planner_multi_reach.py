"""What-if questions that remove several nodes and ask who is still (or no longer) reached,
that count the nodes left in the table's own noun (an endpoint column such as ``singer_x`` or
``pier_from``), and a detour whose closed edge is "the road between them" (the route's own
two ends). networkx is the oracle; each value differs from the one on the whole graph."""

from __future__ import annotations

import networkx as nx
import pandas as pd
import pytest

from tests.planner_tables import CHOIR, COURIERS
from tests.planner_tables import table_graph as _graph
from tests.test_directed_totals import _ask

BARGES = pd.DataFrame(
    [("Lock1", "Lock2", 12), ("Lock2", "Lock3", 9), ("Lock1", "Lock3", 30), ("Lock3", "Lock4", 7),
     ("Lock2", "Lock4", 25), ("Lock4", "Lock5", 11)], columns=["lock_u", "lock_v", "hours"])


@pytest.mark.parametrize(("table", "question", "gone", "target", "lost"), [
    (COURIERS, "If Leeds and Selby both went down, which depots would be cut off from York?",
     ["Leeds", "Selby"], "York", True),
    (CHOIR, "if Bram and Dries both leave, who can Anouk still reach?", ["Bram", "Dries"],
     "Anouk", False),
    (CHOIR, "if Hidde drops out, who can Joost still reach?", ["Hidde"], "Joost", False),
])
def test_who_is_still_or_no_longer_reached_after_several_nodes_go(tmp_path, table, question,
                                                                  gone, target, lost):
    resp = _ask(tmp_path, table, question)
    assert resp.status == "answered", resp.answer
    g = _graph(table)
    before = nx.node_connected_component(g, target) - {target}
    g.remove_nodes_from(gone)
    after = nx.node_connected_component(g, target) - {target}
    want = sorted(before - after - set(gone)) if lost else sorted(after)
    assert want and want != sorted(before)
    assert f"**{len(want)}**" in resp.answer or f"{len(want)} node(s)" in resp.answer, resp.answer
    assert all(f"**{n}**" in resp.answer for n in want), resp.answer


@pytest.mark.parametrize(("table", "question", "gone"), [
    (CHOIR, "how many singers would be left if Dries and Eef walked away?", ["Dries", "Eef"]),
    (BARGES, "how many locks would remain if Lock3 closed?", ["Lock3"]),
])
def test_how_many_of_the_tables_own_nodes_are_left_counts_nodes(tmp_path, table, question,
                                                                gone):
    resp = _ask(tmp_path, table, question)
    assert resp.status == "answered", resp.answer
    g = _graph(table)
    g.remove_nodes_from(gone)
    assert f"**{g.number_of_nodes()}** node(s) would remain" in resp.answer, resp.answer


@pytest.mark.parametrize(("table", "question", "edge", "column"), [
    (COURIERS, "what would the detour be from Selby to York if the direct road between them "
               "closed?", ("Selby", "York"), "drive_min"),
    (BARGES, "how many hours from Lock3 to Lock4 if the link between them is cut?",
     ("Lock3", "Lock4"), "hours"),
])
def test_a_detour_when_the_road_between_them_closes_is_measured_without_it(tmp_path, table,
                                                                           question, edge,
                                                                           column):
    resp = _ask(tmp_path, table, question)
    assert resp.status == "answered", resp.answer
    g = _graph(table, column)
    before = nx.shortest_path_length(g, *edge, weight=column)
    g.remove_edge(*edge)
    want = nx.shortest_path_length(g, *edge, weight=column)
    assert want != before
    assert f"**{want} {column}**" in resp.answer, resp.answer
