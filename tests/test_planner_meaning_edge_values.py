"""What an edge value means for the question: a width word ("the widest pipe", "the
narrowest link") reads the column that holds a width or a capacity, a speed word ("the
slowest link") a time column, a size said after the edge noun ("which loan is the largest")
the edges' one value; a size word on a table with several values, or a width or speed
word no column holds, is asked. "How many miles from A to B" on a distance column is the
shortest route's length, never the one edge between them."""

from __future__ import annotations

import networkx as nx
import pandas as pd
import pytest

from tests.planner_support import ask_table

PIPES = pd.DataFrame([("J1", "J2", 300), ("J2", "J3", 150), ("J1", "J4", 100),
                      ("J4", "J3", 250), ("J3", "J5", 200), ("J2", "J5", 80)],
                     columns=["junction_up", "junction_down", "bore_mm"])
LINKS = pd.DataFrame([("r1", "r2", 100, 5), ("r2", "r3", 1000, 2), ("r1", "r3", 10, 1),
                      ("r3", "r4", 40, 9), ("r4", "r5", 400, 3)],
                     columns=["router_a", "router_b", "capacity_mbps", "hop_km"])
PING = pd.DataFrame([("alpha", "beta", 12), ("beta", "gamma", 5), ("alpha", "gamma", 30),
                     ("gamma", "delta", 7), ("beta", "delta", 25), ("delta", "eps", 3)],
                    columns=["host1", "host2", "ping_ms"])
FERRIES = pd.DataFrame([("Oban", "Mull", 46), ("Mull", "Coll", 80), ("Oban", "Coll", 170),
                        ("Coll", "Tiree", 55), ("Tiree", "Barra", 120)],
                       columns=["port_a", "port_b", "crossing_min"])
LOANS = pd.DataFrame([("Ana", "Ben", 50), ("Ana", "Cai", 20), ("Ben", "Cai", 70),
                      ("Dov", "Cai", 10), ("Cai", "Eli", 5)],
                     columns=["lender", "borrower", "sum_owed"])
GRANTS = pd.DataFrame([("f1", "lab1", 9000), ("f1", "lab2", 1500), ("f2", "lab2", 12000),
                       ("f3", "lab3", 700)], columns=["funder", "lab", "grant_usd"])
WATER = pd.DataFrame([("W1", "W2", 300, 1.5), ("W2", "W3", 150, 0.7), ("W1", "W4", 100, 2.0),
                      ("W4", "W3", 250, 0.4)],
                     columns=["node_up", "node_down", "diameter_mm", "length_km"])
ROADS = pd.DataFrame([("Avon", "Bude", 4), ("Bude", "Cley", 3), ("Avon", "Cley", 9),
                      ("Cley", "Dent", 2), ("Dent", "Eyam", 6), ("Bude", "Eyam", 12)],
                     columns=["hamlet_a", "hamlet_b", "road_miles"])
TRACKS = pd.DataFrame([("Ash", "Elm", 2.5), ("Elm", "Oak", 1.0), ("Ash", "Oak", 6.0),
                       ("Oak", "Yew", 4.0), ("Elm", "Yew", 7.5)],
                      columns=["stop_from", "stop_to", "track_km"])


def _ask(tmp_path, table: pd.DataFrame, question: str):
    return ask_table(tmp_path, table, question)


def _extreme_edge(table: pd.DataFrame, column: str, end: str) -> tuple[str, str, float]:
    row = table.loc[table[column].idxmax() if end == "max" else table[column].idxmin()]
    return str(row.iloc[0]), str(row.iloc[1]), float(row[column])


@pytest.mark.parametrize("table, question, column, end", [
    (PIPES, "what is the widest pipe?", "bore_mm", "max"),
    (PIPES, "which pipe is the narrowest", "bore_mm", "min"),
    (LINKS, "what is the widest link", "capacity_mbps", "max"),
    (LINKS, "which link is the narrowest?", "capacity_mbps", "min"),
    (WATER, "which pipe is the thinnest", "diameter_mm", "min"),
    (PING, "which link is the slowest", "ping_ms", "max"),
    (FERRIES, "Which crossing is the slowest?", "crossing_min", "max"),
    (LOANS, "which loan is the largest", "sum_owed", "max"),
    (GRANTS, "Which grant is the smallest?", "grant_usd", "min"),
])
def test_a_width_speed_or_size_word_reads_the_column_that_holds_it(
        tmp_path, table, question, column, end):
    resp = _ask(tmp_path, table, question)
    a, b, value = _extreme_edge(table, column, end)
    assert resp.status == "answered", resp.answer
    assert f"{column} value of one edge is **{value:g}**" in resp.answer
    # a directed table's edge is said source → target
    assert f"**{a} – {b}**" in resp.answer or f"**{a} → {b}**" in resp.answer, resp.answer


@pytest.mark.parametrize("table, question", [
    (WATER, "which pipe is the largest"),            # the diameter or the length?
    (LINKS, "which link is the biggest?"),
    (ROADS, "what is the widest road?"),              # miles hold no width
    (FERRIES, "which crossing is the widest"),
])
def test_a_size_or_width_no_one_column_holds_is_asked(tmp_path, table, question):
    resp = _ask(tmp_path, table, question)
    assert resp.status == "needs_clarification", resp.answer


def _graph(table: pd.DataFrame) -> nx.Graph:
    g = nx.Graph()
    for a, b, w in table.itertuples(index=False):
        g.add_edge(a, b, w=w)
    return g


@pytest.mark.parametrize("table, question, a, b", [
    (ROADS, "how many miles from Avon to Cley?", "Avon", "Cley"),
    (ROADS, "how many miles is it from avon to dent", "Avon", "Dent"),
    (TRACKS, "How many km between Ash and Oak?", "Ash", "Oak"),
    (TRACKS, "how many track km from Ash to Yew", "Ash", "Yew"),
])
def test_how_many_miles_from_a_to_b_is_the_shortest_route_not_the_one_edge(
        tmp_path, table, question, a, b):
    resp = _ask(tmp_path, table, question)
    g = _graph(table)
    want = nx.dijkstra_path_length(g, a, b, weight="w")
    if g.has_edge(a, b):
        assert g[a][b]["w"] != want  # the direct edge is the longer way
    assert resp.status == "answered", resp.answer
    assert f"**{want:g} {table.columns[2]}**" in resp.answer
