"""What-if questions that remove three or more named nodes in one list ("if York, Selby and
Leeds all close"), and ask who ends up isolated or has no connections left after a removal.
networkx is the oracle; each value differs from the one on the whole graph."""

from __future__ import annotations

import networkx as nx
import pandas as pd
import pytest

from tests.planner_tables import CHOIR, COURIERS
from tests.planner_tables import table_graph as _graph
from tests.test_directed_totals import _ask

SPOKES = pd.DataFrame([("hubA", "r1"), ("hubA", "r2"), ("r2", "r3"), ("hubA", "hubB"),
                       ("hubB", "r4"), ("hubB", "r5"), ("r5", "r6")], columns=["mast_1", "mast_2"])


@pytest.mark.parametrize(("table", "question", "gone"), [
    (COURIERS, "if York, Selby and Leeds all close, how many separate groups of depots remain?",
     ["York", "Selby", "Leeds"]),
    (CHOIR, "if Bram, Cato and Eef all leave, how many pieces would the choir be in?",
     ["Bram", "Cato", "Eef"]),
])
def test_three_nodes_named_in_one_list_are_all_removed(tmp_path, table, question, gone):
    resp = _ask(tmp_path, table, question)
    assert resp.status == "answered", resp.answer
    g = _graph(table)
    before = nx.number_connected_components(g)
    g.remove_nodes_from(gone)
    want = nx.number_connected_components(g)
    assert want != before
    assert f"Without {', '.join(gone)}," in resp.answer, resp.answer
    assert f"**{want} connected component(s)**" in resp.answer, resp.answer


@pytest.mark.parametrize(("table", "question", "gone"), [
    (CHOIR, "suppose Ilse leaves. who would have no connections left?", "Ilse"),
    (SPOKES, "if hubB is removed, who ends up isolated?", "hubB"),
    (CHOIR, "if Dries is removed, who ends up isolated?", "Dries"),
])
def test_who_ends_up_isolated_after_a_removal_names_the_nodes_left_with_no_link(
        tmp_path, table, question, gone):
    resp = _ask(tmp_path, table, question)
    assert resp.status == "answered", resp.answer
    g = _graph(table)
    g.remove_node(gone)
    want = sorted(n for n, d in g.degree() if d == 0)
    if not want:
        assert resp.answer.startswith("**None**"), resp.answer
    else:
        assert f"**{len(want)}** node(s)" in resp.answer, resp.answer
        assert all(f"**{n}**" in resp.answer for n in want), resp.answer
