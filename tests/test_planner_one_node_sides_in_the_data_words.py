"""One named node's in- or out-neighbours asked in the data's own words on a directed table
are listed from that side only: a direct move in travel words ("where can I ride straight
from Brook": out), a verb the edge value names ("who endorses Kim's game" on
``coach,player,endorsements``: in; "whose loads does Calais ship": out), and on a two-mode
table a verb done to one node ("who sponsors Rovers") lists its partners. networkx on the
table is the oracle."""

from __future__ import annotations

import networkx as nx
import pandas as pd
import pytest

from tests.planner_route_tables import BARGES, BUSES, route_graph
from tests.planner_support import ask_table

#: firms shipping to each other's depots (directed), loads counted
SHIPPING = pd.DataFrame(
    [("Calais", "Dover", 12), ("Calais", "Ghent", 4), ("Dover", "Calais", 7), ("Ghent", "Lille", 3),
     ("Lille", "Dover", 9), ("Ypres", "Dover", 2), ("Ghent", "Calais", 5)],
    columns=["shipper", "consignee", "shipments"])
#: coaches endorsing players (directed), endorsements counted
ENDORSING = pd.DataFrame(
    [("Lund", "Kim", 2), ("Lund", "Ode", 1), ("Moss", "Kim", 3), ("Kim", "Lund", 1),
     ("Nye", "Ode", 4), ("Moss", "Pia", 2), ("Ode", "Nye", 1)],
    columns=["coach", "player", "endorsements"])
#: clubs and their sponsors (two-mode, no direction in the names)
SPONSORS = pd.DataFrame(
    [("Rovers", "Acme"), ("Rovers", "Bolt"), ("United", "Acme"), ("City", "Crest"),
     ("City", "Bolt"), ("Rovers", "Dune")], columns=["club", "sponsor"])
#: farms and the markets they sell at (two-mode)
MARKETS = pd.DataFrame(
    [("Oakfarm", "Eastgate"), ("Hillcroft", "Eastgate"), ("Hillcroft", "Riverside"),
     ("Meadowend", "Riverside"), ("Oakfarm", "Northcross")], columns=["farm", "market"])


def _listed(resp, expected: set, others: set) -> None:
    assert resp.status == "answered", resp.answer
    assert expected and all(n in resp.answer for n in expected), resp.answer
    assert not any(n in resp.answer.split(":", 1)[-1] for n in others), resp.answer


@pytest.mark.parametrize(("table", "node", "side", "question"), [
    (BUSES, "Brook", "out", "where can I ride straight from Brook?"),
    (BUSES, "Cole", "in", "which stops have a direct bus to Cole?"),
    (BARGES, "Mill", "out", "where can you sail directly from Mill?"),
    (BARGES, "Weir", "in", "from which moorings can you sail straight to Weir?"),
])
def test_a_direct_move_lists_one_side_of_the_node(tmp_path, table, node, side, question):
    g = route_graph(table)
    mine = set(g.successors(node) if side == "out" else g.predecessors(node))
    other = set(g.predecessors(node) if side == "out" else g.successors(node)) - mine
    _listed(ask_table(tmp_path, table, question), mine, other)


@pytest.mark.parametrize(("table", "node", "side", "question"), [
    (ENDORSING, "Kim", "in", "who endorses Kim's game?"),
    (ENDORSING, "Lund", "out", "whose players does Lund endorse?"),
    (SHIPPING, "Dover", "in", "who ships to Dover?"),
    (SHIPPING, "Calais", "out", "whose depots does Calais ship to?"),
])
def test_a_verb_the_edge_value_names_reads_the_direction(tmp_path, table, node, side, question):
    g = route_graph(table)
    mine = set(g.successors(node) if side == "out" else g.predecessors(node))
    other = set(g.predecessors(node) if side == "out" else g.successors(node)) - mine
    _listed(ask_table(tmp_path, table, question), mine, other)


@pytest.mark.parametrize(("table", "node", "question"), [
    (SPONSORS, "Rovers", "who sponsors Rovers?"),
    (MARKETS, "Eastgate", "who supplies Eastgate?"),
])
def test_a_verb_done_to_one_node_of_a_two_mode_table_lists_its_partners(
        tmp_path, table, node, question):
    g = nx.from_pandas_edgelist(table, *table.columns[:2])
    resp = ask_table(tmp_path, table, question)
    assert resp.status == "answered", resp.answer
    assert all(n in resp.answer for n in g[node]), resp.answer
