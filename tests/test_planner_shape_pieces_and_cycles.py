"""A graph's cycles and pieces in a user's words: "is it a forest" answered Yes only when no
piece has a cycle, "X's second-degree neighbours" listed two hops out, "how many people are
cut off from the main group" counted (and "how many groups are cut off" as pieces), and a
directed table's components named weak with the strong count beside them (networkx is the
oracle)."""

from __future__ import annotations

import re

import networkx as nx
import pandas as pd
import pytest
from planner_support import ask_table
from planner_tables import (
    CHOIR,
    CLIMBS,
    FLATS,
    GRANTS,
    HOUSES,
    WALLETS,
    directed_graph,
    table_graph,
)

#: burrows of a warren joined by tunnels: two trees (a forest), no cycle
WARREN = pd.DataFrame([("Hazel", "Bramble"), ("Hazel", "Clover"), ("Bramble", "Dock"),
                       ("Bramble", "Elder"), ("Clover", "Furze"), ("Furze", "Gorse"),
                       ("Heath", "Ivy"), ("Ivy", "Juniper")], columns=["den", "side_den"])
#: canal locks joined by stretches (metres): two triangles on a chain
CANALS = pd.DataFrame([("Alder", "Birch", 400), ("Birch", "Cobb", 250), ("Cobb", "Alder", 900),
                       ("Cobb", "Dunn", 300), ("Dunn", "Eske", 150), ("Eske", "Fold", 500),
                       ("Fold", "Dunn", 200), ("Fold", "Garth", 650), ("Garth", "Holm", 120),
                       ("Holm", "Isel", 80)], columns=["lock_a", "lock_b", "length_m"])


def _lead(answer: str) -> str:
    return re.match(r"\W*(\w+)", answer).group(1)  # type: ignore[union-attr]


@pytest.mark.parametrize(("edges", "question"), [
    (WARREN, "is the warren a forest?"), (CHOIR, "Is the choir network a forest"),
    (CANALS, "is the canal network acyclic?"), (WARREN, "is this graph cycle-free?"),
], ids=["warren", "choir", "canals", "warren-free"])
def test_is_it_a_forest_answers_yes_only_when_no_piece_has_a_cycle(tmp_path, edges, question):
    resp = ask_table(tmp_path, edges, question)
    assert resp.status == "answered", resp.answer
    forest = nx.is_forest(table_graph(edges))
    assert _lead(resp.answer) == ("Yes" if forest else "No"), resp.answer


@pytest.mark.parametrize(("edges", "node", "question"), [
    (CHOIR, "Eef", "who are Eef's second-degree neighbours?"),
    (CLIMBS, "Cy", "list Cy's 2nd-degree partners"),
    (CANALS, "Garth", "Garth's second degree neighbors?"),
], ids=["choir", "climbs", "canals"])
def test_second_degree_neighbours_of_a_node_list_the_nodes_two_hops_out(tmp_path, edges, node,
                                                                         question):
    resp = ask_table(tmp_path, edges, question)
    assert resp.status == "answered", resp.answer
    dist = nx.single_source_shortest_path_length(table_graph(edges), node, cutoff=2)
    two = sorted(n for n, d in dist.items() if d == 2)
    assert f"{len(two)} node(s) at hop 2 ({', '.join(two)})" in resp.answer or \
        (f"{len(two)} node(s) at hop 2" in resp.answer and all(n in resp.answer for n in two)), \
        resp.answer
    assert "Mean degree" not in resp.answer, resp.answer


@pytest.mark.parametrize(("edges", "nodes", "question"), [
    (FLATS, HOUSES, "How many people are cut off from the main group?"),
    (CLIMBS, None, "how many climbers are not in the main group?"),
    (WARREN, None, "how many dens are outside the largest component"),
], ids=["flats", "climbs", "warren"])
def test_how_many_nodes_are_cut_off_counts_the_nodes_outside_the_main_piece(tmp_path, edges,
                                                                             nodes, question):
    resp = ask_table(tmp_path, edges, question, nodes)
    assert resp.status == "answered", resp.answer
    g = table_graph(edges)
    if nodes is not None:
        g.add_nodes_from(nodes.iloc[:, 0])
    outside = len(g) - len(max(nx.connected_components(g), key=len))
    assert resp.answer.startswith(f"**{outside}** of {len(g)} nodes"), resp.answer


@pytest.mark.parametrize(("edges", "nodes", "question"), [
    (FLATS, HOUSES, "how many groups are cut off from the rest?"),
    (CLIMBS, None, "How many pieces are separated from the main network"),
], ids=["flats", "climbs"])
def test_how_many_groups_are_cut_off_counts_the_pieces_apart(tmp_path, edges, nodes, question):
    resp = ask_table(tmp_path, edges, question, nodes)
    assert resp.status == "answered", resp.answer
    g = table_graph(edges)
    if nodes is not None:
        g.add_nodes_from(nodes.iloc[:, 0])
    apart = nx.number_connected_components(g) - 1
    assert resp.answer.startswith(f"**{apart}** piece(s)"), resp.answer
    assert "communities found" not in resp.answer, resp.answer


@pytest.mark.parametrize(("edges", "question"), [
    (GRANTS, "how many connected components are there in the grants data?"),
    (WALLETS, "How many components does the payment graph have"),
], ids=["grants", "wallets"])
def test_components_of_a_directed_table_are_named_weak_with_the_strong_count(tmp_path, edges,
                                                                             question):
    resp = ask_table(tmp_path, edges, question)
    assert resp.status == "answered", resp.answer
    g = directed_graph(edges)
    weak, strong = (nx.number_weakly_connected_components(g),
                    nx.number_strongly_connected_components(g))
    assert f"**{weak} weakly connected component(s)**" in resp.answer, resp.answer
    assert f"{strong} strongly connected component(s)" in resp.answer, resp.answer
