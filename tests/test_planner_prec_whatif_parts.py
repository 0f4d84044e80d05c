"""What a removal leaves, read in the question's own terms: a directed graph's strongly
connected parts, the edges that go with a node, whether every node still reaches every other,
whether some single node would split the graph, and a route named "the fastest A to B trip"
(networkx is the oracle)."""

from __future__ import annotations

import networkx as nx
import pandas as pd
import pytest
from planner_support import ask_table
from planner_tables import CHOIR, CLIMBS, COURIERS, GRANTS, WALLETS, directed_graph, table_graph

from tests.test_planner_prec_single_failures import CANAL, KILNS, RELAYS

#: coaching sessions (directed): three strongly connected groups
COACHING = pd.DataFrame(
    [("Rhea", "Sol", 4), ("Sol", "Tam", 2), ("Tam", "Rhea", 5), ("Tam", "Uli", 3), ("Uli", "Vex", 1),
     ("Vex", "Uli", 2), ("Vex", "Wren", 6), ("Wren", "Xan", 2), ("Rhea", "Wren", 1), ("Xan", "Yuri", 3),
     ("Yuri", "Wren", 4)],
    columns=["coach", "trainee", "meetings"])


def _largest_strong(g: nx.DiGraph) -> int:
    return max(len(c) for c in nx.strongly_connected_components(g))


@pytest.mark.parametrize(("table", "gone", "question"), [
    (COACHING, "Wren", "If Wren left, how large would the biggest strongly connected group be?"),
    (GRANTS, "Quill", "if Quill vanished, what's the size of the largest strongly connected "
                      "component?"),
])
def test_the_largest_strong_part_after_a_removal_follows_the_edges(tmp_path, table, gone,
                                                                   question):
    g = directed_graph(table)
    before = _largest_strong(g)
    g.remove_node(gone)
    after = _largest_strong(g)
    resp = ask_table(tmp_path, table, question)
    assert resp.status == "answered", resp.answer
    assert f"largest strongly connected component would hold **{after}** nodes (now {before})" \
        in resp.answer, resp.answer


@pytest.mark.parametrize(("table", "gone", "question"), [
    (COACHING, "Vex", "how many strongly connected groups are there if Vex leaves?"),
    (WALLETS, "w03", "if w03 is removed, how many strongly connected components would remain?"),
])
def test_the_strong_parts_counted_after_a_removal(tmp_path, table, gone, question):
    g = directed_graph(table)
    g.remove_node(gone)
    want = nx.number_strongly_connected_components(g)
    resp = ask_table(tmp_path, table, question)
    assert resp.status == "answered", resp.answer
    assert f"**{want} strongly connected component(s)**" in resp.answer, resp.answer


@pytest.mark.parametrize(("table", "gone", "directed", "question"), [
    (WALLETS, "w02", True, "If w02 closes, how many payment links disappear?"),
    (CHOIR, "Dries", False, "if Dries leaves, how many ties would be lost?"),
])
def test_the_edges_that_go_with_a_removed_node_are_counted(tmp_path, table, gone, directed,
                                                           question):
    g = directed_graph(table) if directed else table_graph(table)
    want = g.degree(gone)
    resp = ask_table(tmp_path, table, question)
    assert resp.status == "answered", resp.answer
    assert f"**{want} edge(s)** would go" in resp.answer, resp.answer


@pytest.mark.parametrize(("table", "gone", "question"), [
    (CANAL, "Brill", "If Brill shut down, could you still get between every pair of remaining "
                     "quays?"),
    (RELAYS, "Eske", "if Eske fails, can every relay still reach every other relay?"),
    (COACHING, "Vex", "If Vex leaves, can every trainee still reach every other trainee?"),
])
def test_every_node_still_reaching_every_other_after_a_removal(tmp_path, table, gone, question):
    directed = table is COACHING
    g = directed_graph(table) if directed else table_graph(table)
    g.remove_node(gone)
    yes = nx.is_strongly_connected(g) if directed else nx.is_connected(g)
    resp = ask_table(tmp_path, table, question)
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith("**Yes**" if yes else "**No**"), resp.answer


@pytest.mark.parametrize(("table", "question"), [
    (RELAYS, "is there a relay whose failure would split the network?"),
    (KILNS, "Is there any single kiln whose closure would cut the kilns into pieces?"),
    (RELAYS, "Is there any single link that would disconnect the relays if it broke?"),
])
def test_whether_some_single_node_or_edge_splits_the_graph(tmp_path, table, question):
    g = table_graph(table)
    cuts = list(nx.bridges(g)) if "link" in question else list(nx.articulation_points(g))
    resp = ask_table(tmp_path, table, question)
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith("**Yes**" if cuts else "**No**"), resp.answer


@pytest.mark.parametrize(("table", "directed", "question"), [
    (CANAL, False, "can each quay get to every other quay?"),
    (CLIMBS, False, "can every climber reach every other climber?"),
    (COACHING, True, "can every trainee reach every other trainee?"),
])
def test_can_every_node_reach_every_other(tmp_path, table, directed, question):
    g = directed_graph(table) if directed else table_graph(table)
    yes = nx.is_strongly_connected(g) if directed else nx.is_connected(g)
    resp = ask_table(tmp_path, table, question)
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith("**Yes**" if yes else "**No**"), resp.answer


@pytest.mark.parametrize(("table", "gone", "ends", "question"), [
    (CANAL, "Dunst", ("Ashby", "Gale"), "if Dunst closes, what's the quickest Ashby to Gale trip?"),
    (COURIERS, "Malton", ("York", "Whitby"),
     "If Malton shuts, what's the fastest York to Whitby drive in minutes?"),
])
def test_the_fastest_a_to_b_trip_after_a_removal(tmp_path, table, gone, ends, question):
    weight = table.columns[2]
    g = table_graph(table, weight)
    g.remove_node(gone)
    want = nx.shortest_path_length(g, *ends, weight=weight)
    resp = ask_table(tmp_path, table, question)
    assert resp.status == "answered", resp.answer
    assert f"**{want} {weight}**" in resp.answer, resp.answer


@pytest.mark.parametrize(("table", "gone", "node", "question", "way"), [
    (COACHING, "Vex", "Rhea", "how many trainees can Rhea reach if Vex leaves?", "out"),
    (WALLETS, "w03", "w01", "if w03 is frozen, how many wallets can w01 reach?", "out"),
    (COACHING, "Vex", "Xan", "if Vex leaves, who can reach Xan?", "in"),
    (RELAYS, "Eske", "Arda", "if Eske fails, how many relays can Arda reach?", "both"),
])
def test_who_a_node_can_reach_after_a_removal_without_still(tmp_path, table, gone, node,
                                                            question, way):
    g = directed_graph(table) if way != "both" else table_graph(table)
    g.remove_node(gone)
    found = nx.ancestors(g, node) if way == "in" else nx.descendants(g, node)
    resp = ask_table(tmp_path, table, question)
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith(f"Without {gone}, "), resp.answer
    assert f"{len(found)}** node(s)" in resp.answer or f"{len(found)} node(s)" in resp.answer, \
        resp.answer
    assert all(n in resp.answer for n in found), resp.answer
