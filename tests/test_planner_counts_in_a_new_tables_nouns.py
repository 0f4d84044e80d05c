"""Counts asked in nouns the columns do not spell, on a table seen for the first time:
"how many substations are in the grid" (sub_a / sub_b) is the node count, "in the grid" or
"in the system" naming the whole data; "on average, how many power lines does a substation
have" is the mean degree, the ``line`` of ``line_km`` naming the edges counted, not their
kilometres. networkx on the table is the oracle."""

from __future__ import annotations

import networkx as nx
import pandas as pd
import pytest

from tests.planner_support import ask_table

GRID = pd.DataFrame([("Ashby", "Birchmoor", 12), ("Ashby", "Coldharbour", 20),
                     ("Birchmoor", "Coldharbour", 7), ("Birchmoor", "Dunholm", 15),
                     ("Coldharbour", "Eastleigh", 30), ("Dunholm", "Eastleigh", 9),
                     ("Moorgate", "Netherby", 8)], columns=["sub_a", "sub_b", "line_km"])
PIPES = pd.DataFrame([("J1", "J2", 120), ("J2", "J3", 80), ("J3", "J4", 60), ("J2", "J5", 40),
                      ("J3", "J5", 50), ("J6", "J7", 90)], columns=["joint_a", "joint_b", "length_m"])


def _graph(table: pd.DataFrame) -> nx.Graph:
    return nx.from_pandas_edgelist(table, *table.columns[:2])


@pytest.mark.parametrize(("table", "question"), [
    (GRID, "How many substations are in the grid?"),
    (PIPES, "How many junctions are in the system?"),
    (PIPES, "how many junctions do we have?"),
])
def test_a_count_of_the_users_node_noun_counts_the_nodes(tmp_path, table, question):
    resp = ask_table(tmp_path, table, question)
    assert resp.status == "answered", resp.answer
    assert f"**{_graph(table).number_of_nodes()} nodes**" in resp.answer, resp.answer


@pytest.mark.parametrize(("table", "question"), [
    (GRID, "On average, how many power lines does a substation have?"),
    (PIPES, "How many connections does a junction have on average?"),
    (PIPES, "on average, how many water pipes does each junction have?"),
    (PIPES, "What's the typical number of pipes at a junction?"),
])
def test_an_average_count_of_edges_per_node_is_the_mean_degree(tmp_path, table, question):
    g = _graph(table)
    mean = 2 * g.number_of_edges() / g.number_of_nodes()
    resp = ask_table(tmp_path, table, question)
    assert resp.status == "answered", resp.answer
    first = resp.answer.split("\n")[0]
    assert "Mean degree" in first and f"{mean:g}"[:4] in first, resp.answer
    assert "km" not in first and "length_m" not in first, resp.answer


SHIPMENTS = pd.DataFrame([("Aldgate", "Brayford", 40), ("Aldgate", "Carrick", 25),
                          ("Brayford", "Carrick", 15), ("Carrick", "Aldgate", 5),
                          ("Carrick", "Dunmore", 45), ("Kelso", "Aldgate", 70)],
                         columns=["from_depot", "to_depot", "tonnes"])
ROUTES = pd.DataFrame([("Ardee", "Birr", 12), ("Birr", "Clane", 7), ("Clane", "Ardee", 3),
                       ("Ardee", "Dunlo", 20), ("Fore", "Birr", 6)],
                      columns=["haul_from", "haul_to", "miles"])


@pytest.mark.parametrize(("table", "question"), [
    (SHIPMENTS, "how many distinct shipping lanes do we have between depots?"),
    (ROUTES, "how many haulage routes do we run between towns?"),
])
def test_a_count_of_the_users_edge_noun_between_the_nodes_counts_the_edges(tmp_path, table,
                                                                            question):
    g = nx.from_pandas_edgelist(table, *table.columns[:2], create_using=nx.DiGraph)
    resp = ask_table(tmp_path, table, question)
    assert resp.status == "answered", resp.answer
    assert f"**{g.number_of_edges()} edges**" in resp.answer, resp.answer


@pytest.mark.parametrize(("table", "question"), [
    (SHIPMENTS, "what's the total tonnage moved across all lanes?"),
    (ROUTES, "what is the total mileage of all routes?"),
])
def test_a_units_noun_of_amount_is_the_column_holding_that_unit(tmp_path, table, question):
    total = int(table[table.columns[2]].sum())
    resp = ask_table(tmp_path, table, question)
    assert resp.status == "answered", resp.answer
    assert f"**{total}**" in resp.answer.split("\n")[0], resp.answer
