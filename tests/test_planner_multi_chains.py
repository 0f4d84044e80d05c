"""A route counted in hops after a removal ("without Gijs, how many hops from Eef to Ilse"),
and a ranking whose top the next clause removes ("which depot is most central by
betweenness, and if it closed, how many pieces would remain?"). networkx is the oracle; each
value differs from the one on the whole graph."""

from __future__ import annotations

import networkx as nx
import pandas as pd
import pytest

from tests.planner_tables import CHOIR, COURIERS
from tests.planner_tables import table_graph as _graph
from tests.test_directed_totals import _ask

WARDS = pd.DataFrame([("Ash", "Bay"), ("Bay", "Cob"), ("Cob", "Dun"), ("Ash", "Elm"),
                      ("Elm", "Fox"), ("Fox", "Gum"), ("Gum", "Dun")], columns=["ward_a", "ward_b"])


@pytest.mark.parametrize(("table", "question", "gone", "ends"), [
    (WARDS, "Without Bay, how many hops from Ash to Dun?", "Bay", ("Ash", "Dun")),
    (WARDS, "if Gum left, how many steps would it take to get from Fox to Dun?", "Gum",
     ("Fox", "Dun")),
    (COURIERS, "if the Selby-York road is closed, how many hops from Goole to Ripon?",
     ("Selby", "York"), ("Goole", "Ripon")),
])
def test_a_route_counted_in_hops_after_a_removal(tmp_path, table, question, gone, ends):
    resp = _ask(tmp_path, table, question)
    assert resp.status == "answered", resp.answer
    g = _graph(table)
    before = nx.shortest_path_length(g, *ends)
    if isinstance(gone, tuple):
        g.remove_edge(*gone)
    else:
        g.remove_node(gone)
    want = nx.shortest_path_length(g, *ends)
    assert want != before
    assert f"**{want} hops**" in resp.answer, resp.answer


@pytest.mark.parametrize(("table", "question", "rank"), [
    (COURIERS, "which depot is most central by betweenness, and if it closed, how many pieces "
               "would remain?", lambda g: nx.betweenness_centrality(g, weight="drive_min")),
    (CHOIR, "who has the most ties, and if they left, how many groups would the choir split "
            "into?", lambda g: dict(g.degree())),
])
def test_a_ranked_top_removed_by_the_next_clause_counts_the_pieces(tmp_path, table, question,
                                                                   rank):
    g = nx.from_pandas_edgelist(table, *table.columns[:2], edge_attr=list(table.columns[2:]) or None)
    scores = rank(g)
    top = max(scores, key=scores.get)
    assert sorted(scores.values())[-1] > sorted(scores.values())[-2]  # one top
    resp = _ask(tmp_path, table, question)
    assert resp.status == "answered", resp.answer
    g.remove_node(top)
    want = nx.number_connected_components(g)
    assert f"for **{top}**" in resp.answer, resp.answer
    assert f"**{want} connected component(s)**" in resp.answer, resp.answer


@pytest.mark.parametrize(("table", "question", "gone", "ends", "column"), [
    (COURIERS, "if Malton and Ripon both close, how many minutes from York to Whitby?",
     ["Malton", "Ripon"], ("York", "Whitby"), "drive_min"),
    (WARDS, "if Bay and Cob both leave, how many hops from Ash to Dun?", ["Bay", "Cob"],
     ("Ash", "Dun"), None),
])
def test_a_route_after_several_nodes_are_removed(tmp_path, table, question, gone, ends, column):
    resp = _ask(tmp_path, table, question)
    assert resp.status == "answered", resp.answer
    g = nx.from_pandas_edgelist(table, *table.columns[:2], edge_attr=column)
    before = nx.shortest_path_length(g, *ends, weight=column)
    g.remove_nodes_from(gone)
    want = nx.shortest_path_length(g, *ends, weight=column)
    assert want != before
    assert f"**{want} {column or 'hops'}**" in resp.answer, resp.answer
