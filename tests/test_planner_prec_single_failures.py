"""Single failures of the whole graph: which one node (or edge) would split it on its own, and
whether it stays connected if any one fails -- answered from its cut points and bridges, not
from the pieces it is in now (networkx is the oracle)."""

from __future__ import annotations

import networkx as nx
import pandas as pd
import pytest
from planner_support import ask_table
from planner_tables import CHOIR, CLIMBS, table_graph

#: quays joined by barge hauls (hours): Elm, Gale and Hythe are cut points
CANAL = pd.DataFrame(
    [("Ashby", "Brill", 3), ("Brill", "Corve", 2), ("Corve", "Dunst", 4), ("Ashby", "Dunst", 8),
     ("Dunst", "Elm", 1), ("Elm", "Frome", 5), ("Frome", "Gale", 2), ("Elm", "Gale", 6),
     ("Gale", "Hythe", 3), ("Hythe", "Iver", 2), ("Corve", "Elm", 7)],
    columns=["quay_a", "quay_b", "haul_hours"])
#: radio relays: two bridges (Dorr-Eske, Holt-Irby)
RELAYS = pd.DataFrame(
    [("Arda", "Bex"), ("Arda", "Cobb"), ("Bex", "Cobb"), ("Bex", "Dorr"), ("Cobb", "Dorr"),
     ("Dorr", "Eske"), ("Eske", "Fitt"), ("Eske", "Gorm"), ("Fitt", "Gorm"), ("Fitt", "Holt"),
     ("Gorm", "Holt"), ("Holt", "Irby")],
    columns=["relay_1", "relay_2"])
#: a ring of kilns with one chord: no cut point, no bridge
KILNS = pd.DataFrame(
    [("Ka", "Kb"), ("Kb", "Kc"), ("Kc", "Kd"), ("Kd", "Ke"), ("Ke", "Ka"), ("Kb", "Ke")],
    columns=["kiln_from", "kiln_to"])


@pytest.mark.parametrize(("table", "question"), [
    (CANAL, "which quay, if it shut, would split the canal network?"),
    (CHOIR, "which singer, if she left, would split the choir?"),
    (RELAYS, "Which relay, if it went down, would cut some relays off?"),
])
def test_which_node_if_it_failed_would_split_lists_the_cut_points(tmp_path, table, question):
    cuts = set(nx.articulation_points(table_graph(table)))
    resp = ask_table(tmp_path, table, question)
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith(f"**{len(cuts)}** node(s) would each split"), resp.answer
    for node in cuts:
        assert node in resp.answer, resp.answer


@pytest.mark.parametrize(("table", "question"), [
    (CLIMBS, "which climbers are cut points - lose one and some climbers get cut off?"),
    (CANAL, "which quays are cut points? lose one and some quays get cut off"),
])
def test_cut_points_are_not_the_nodes_outside_the_main_piece(tmp_path, table, question):
    g = table_graph(table)
    cuts = set(nx.articulation_points(g))
    outside = set(g) - max(nx.connected_components(g), key=len)
    resp = ask_table(tmp_path, table, question)
    assert resp.status == "answered", resp.answer
    assert f"**{len(cuts)}** node(s)" in resp.answer, resp.answer
    assert all(node in resp.answer for node in cuts), resp.answer
    assert not any(node in resp.answer for node in outside - cuts), resp.answer


@pytest.mark.parametrize(("table", "question"), [
    (CANAL, "Is the canal network still connected if any one quay fails?"),
    (RELAYS, "can the network survive the loss of any one relay?"),
    (KILNS, "is everything still connected if any single kiln shuts down?"),
])
def test_still_connected_if_any_one_node_fails_says_yes_or_no_by_the_cut_points(
        tmp_path, table, question):
    g = table_graph(table)
    cuts = set(nx.articulation_points(g))
    assert (nx.node_connectivity(g) >= 2) == (not cuts)
    resp = ask_table(tmp_path, table, question)
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith("**No**" if cuts else "**Yes**"), resp.answer
    assert all(node in resp.answer for node in cuts), resp.answer


@pytest.mark.parametrize(("table", "question"), [
    (RELAYS, "would the relay network stay connected if any single link went down?"),
    (CANAL, "is the canal still in one piece if any one stretch is closed?"),
    (KILNS, "would the kilns stay connected if any one link broke?"),
])
def test_still_connected_if_any_one_edge_fails_answers_from_the_bridges(tmp_path, table,
                                                                       question):
    g = table_graph(table)
    bridges = list(nx.bridges(g))
    resp = ask_table(tmp_path, table, question)
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith("**No**" if bridges else "**Yes**"), resp.answer
    for a, b in bridges:
        assert f"{a}–{b}" in resp.answer or f"{b}–{a}" in resp.answer, resp.answer
    assert "cut point" not in resp.answer, resp.answer
