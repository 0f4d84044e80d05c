"""A node's exact number of partners, and its partners, asked in the data's own verb on an
undirected or two-mode table: "how many families married into only one other family" and
"which of the women only turned up to two events" are the nodes (of that side) with degree
exactly that number, never when the number counts an edge value ("only two years");
"which substations is Kilbride wired to directly" lists Kilbride's neighbours. networkx on
the table is the oracle."""

from __future__ import annotations

import networkx as nx
import pandas as pd
import pytest

from tests.planner_support import ask_table

MARRIAGES = pd.DataFrame([("Medici", "Albizzi"), ("Medici", "Salviati"), ("Salviati", "Pazzi"),
                          ("Medici", "Tornabuoni"), ("Tornabuoni", "Ridolfi"), ("Ridolfi", "Strozzi"),
                          ("Albizzi", "Ginori"), ("Strozzi", "Castellani"), ("Medici", "Ridolfi")],
                         columns=["family", "spouse_family"])
PIPES = pd.DataFrame([("J1", "J2", 120), ("J2", "J3", 80), ("J3", "J4", 60), ("J2", "J5", 40),
                      ("J3", "J5", 50), ("J6", "J7", 90), ("J5", "J8", 30)],
                     columns=["joint_a", "joint_b", "length_m"])
EVENTS = pd.DataFrame([("Ada", "Gala"), ("Ada", "Fair"), ("Bea", "Gala"), ("Cy", "Gala"),
                       ("Cy", "Fair"), ("Cy", "Ball"), ("Dot", "Ball"), ("Dot", "Fair"),
                       ("Eve", "Ball")], columns=["guest", "event"])


def _graph(table: pd.DataFrame) -> nx.Graph:
    return nx.from_pandas_edgelist(table, *table.columns[:2])


@pytest.mark.parametrize(("table", "question", "k"), [
    (MARRIAGES, "how many families married into only one other family?", 1),
    (PIPES, "how many junctions are piped to just one other junction?", 1),
    (PIPES, "how many junctions connect to exactly two other junctions?", 2),
    (PIPES.rename(columns={"length_m": "line_km"}), "how many junctions have just two lines?", 2),
])
def test_a_count_of_nodes_with_exactly_k_partners_in_the_verb(tmp_path, table, question, k):
    g = _graph(table)
    resp = ask_table(tmp_path, table, question)
    assert resp.status == "answered", resp.answer
    assert f"**{sum(1 for n in g if g.degree(n) == k)}**" in resp.answer.split("\n")[0], resp.answer


@pytest.mark.parametrize(("question", "k"), [
    ("Which of the guests only turned up to two events?", 2),
    ("which guests went to just one event?", 1),
])
def test_a_sides_nodes_with_exactly_k_partners_on_a_two_mode_table(tmp_path, question, k):
    g = _graph(EVENTS)
    guests = set(EVENTS["guest"])
    want = {n for n in guests if g.degree(n) == k}
    resp = ask_table(tmp_path, EVENTS, question)
    assert resp.status == "answered", resp.answer
    assert all(n in resp.answer for n in want), resp.answer
    assert not any(f"{n} (" in resp.answer for n in guests - want), resp.answer


def test_an_edge_value_counted_exactly_is_no_partner_count(tmp_path):
    table = EVENTS.assign(years=[1, 2, 2, 3, 1, 2, 4, 1, 2])
    resp = ask_table(tmp_path, table, "which guests stayed only two years?")
    assert "degree exactly 2" not in resp.answer, resp.answer


@pytest.mark.parametrize(("table", "question", "node"), [
    (PIPES, "which junctions is J2 piped to directly?", "J2"),
    (PIPES, "what is J3 plumbed into?", "J3"),
    (MARRIAGES, "which families is Ridolfi married into?", "Ridolfi"),
])
def test_a_participle_after_a_node_lists_its_neighbours(tmp_path, table, question, node):
    g = _graph(table)
    resp = ask_table(tmp_path, table, question)
    assert resp.status == "answered", resp.answer
    assert all(n in resp.answer for n in g[node]), resp.answer
    assert not any(f" {n}" in resp.answer.split("\n")[0] for n in set(g) - set(g[node]) - {node}), \
        resp.answer


LANES = pd.DataFrame([("Aldgate", "Brayford"), ("Aldgate", "Carrick"), ("Brayford", "Carrick"),
                      ("Carrick", "Dunmore"), ("Kelso", "Aldgate"), ("Kelso", "Dunmore")],
                     columns=["from_depot", "to_depot"])
#: the target sends: "who sends to just one other" counts the edges into a node
PAID = pd.DataFrame([("ann", "bo"), ("ann", "cy"), ("bo", "cy"), ("dee", "cy"), ("dee", "ann")],
                    columns=["receiver", "sender"])


@pytest.mark.parametrize(("table", "question", "side", "k"), [
    (LANES, "how many depots ship to only one other depot?", "out", 1),
    (LANES, "which depots receive goods from just one other depot?", "in", 1),
    (LANES, "how many depots send to exactly two other depots?", "out", 2),
    (PAID, "how many accounts send money to only one other account?", "in", 1),
])
def test_a_directed_count_of_exactly_k_partners_counts_the_end_the_verb_names(tmp_path, table,
                                                                              question, side, k):
    g = nx.from_pandas_edgelist(table, *table.columns[:2], create_using=nx.DiGraph)
    degree = g.out_degree if side == "out" else g.in_degree
    want = {n for n in g if degree(n) == k}
    resp = ask_table(tmp_path, table, question)
    assert resp.status == "answered", resp.answer
    assert f"**{len(want)}**" in resp.answer and all(n in resp.answer for n in want), resp.answer
