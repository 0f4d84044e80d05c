"""One named node's piece: "everyone in Pim's component", "who is in the same piece as Rui",
"how big is Zed's component" list or count the node's connected component; on a directed
table "component" is the weak one and says so, "strongly connected component" the nodes it
reaches and that reach it; "who can't Ines reach" lists the nodes in other pieces; a cut-point
question is not read as the pieces there are now (networkx is the oracle)."""

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

#: rowers who crewed together: three pieces (nine, four and one rower, Vera alone)
CREWS = pd.DataFrame([("Ines", "Joel"), ("Ines", "Kemal"), ("Joel", "Kemal"), ("Kemal", "Lotte"),
                      ("Lotte", "Mads"), ("Mads", "Noor"), ("Noor", "Lotte"), ("Mads", "Otto"),
                      ("Otto", "Quirine"), ("Quirine", "Mads"), ("Otto", "Pim"), ("Rui", "Sten"),
                      ("Sten", "Tove"), ("Tove", "Rui"), ("Tove", "Ulla")],
                     columns=["rower", "crewmate"])
BOATHOUSES = pd.DataFrame([(n, "North" if n < "N" else "South") for n in
                           [*sorted(table_graph(CREWS)), "Vera"]], columns=["rower", "boathouse"])


def _graph(edges: pd.DataFrame, nodes: pd.DataFrame | None) -> nx.Graph:
    g = table_graph(edges)
    if nodes is not None:
        g.add_nodes_from(nodes.iloc[:, 0])
    return g


def _bold(answer: str) -> set[str]:
    return set(re.findall(r"\*\*([A-Za-z]\w*)\*\*", answer)) - {"Yes", "No"}


@pytest.mark.parametrize(("edges", "nodes", "node", "question"), [
    (CREWS, BOATHOUSES, "Pim", "list everyone in Pim's component"),
    (CREWS, None, "Rui", "Who is in the same piece as Rui?"),
    (FLATS, HOUSES, "Vic", "which people are in the same connected component as Vic"),
    (CLIMBS, None, "Jo", "show me the component containing Jo"),
], ids=["crews", "crews-same", "flats", "climbs"])
def test_a_named_nodes_component_lists_its_members(tmp_path, edges, nodes, node, question):
    resp = ask_table(tmp_path, edges, question, nodes)
    assert resp.status == "answered", resp.answer
    piece = nx.node_connected_component(_graph(edges, nodes), node)
    assert _bold(resp.answer) == piece - {node}, resp.answer
    assert f"holds {len(piece)} nodes" in resp.answer, resp.answer


@pytest.mark.parametrize(("edges", "nodes", "node", "question"), [
    (CREWS, BOATHOUSES, "Lotte", "how big is Lotte's component?"),
    (FLATS, HOUSES, "Zed", "How many people are in Zed's component"),
    (CHOIR, None, "Ilse", "size of Ilse's connected component?"),
], ids=["crews", "flats-alone", "choir"])
def test_a_named_nodes_component_size_is_counted_with_the_node(tmp_path, edges, nodes, node,
                                                                question):
    resp = ask_table(tmp_path, edges, question, nodes)
    assert resp.status == "answered", resp.answer
    size = len(nx.node_connected_component(_graph(edges, nodes), node))
    assert f"**{size}** node" in resp.answer, resp.answer


@pytest.mark.parametrize(("edges", "node", "question"), [
    (GRANTS, "Quill", "which families are in the same strongly connected component as Quill?"),
    (WALLETS, "w04", "list the wallets in w04's strongly connected component"),
], ids=["grants", "wallets"])
def test_a_strongly_connected_component_of_a_node_follows_the_edges(tmp_path, edges, node,
                                                                    question):
    resp = ask_table(tmp_path, edges, question)
    assert resp.status == "answered", resp.answer
    g = directed_graph(edges)
    strong = next(c for c in nx.strongly_connected_components(g) if node in c)
    weak = next(c for c in nx.weakly_connected_components(g) if node in c)
    assert strong != weak  # the two readings differ on these tables
    assert set(re.findall(r"\*\*(\w+)\*\*", resp.answer)) == strong - {node}, resp.answer
    assert "strongly connected component" in resp.answer, resp.answer


@pytest.mark.parametrize(("edges", "node", "question"), [
    (GRANTS, "Tull", "who is in Tull's component?"),
    (WALLETS, "w07", "list w07's component"),
], ids=["grants", "wallets"])
def test_a_component_on_a_directed_table_is_the_weak_one_and_says_so(tmp_path, edges, node,
                                                                     question):
    resp = ask_table(tmp_path, edges, question)
    assert resp.status == "answered", resp.answer
    weak = next(c for c in nx.weakly_connected_components(directed_graph(edges)) if node in c)
    assert set(re.findall(r"\*\*(\w+)\*\*", resp.answer)) == weak - {node}, resp.answer
    assert "weakly connected component (ignoring the edges' direction)" in resp.answer


@pytest.mark.parametrize(("edges", "nodes", "node", "question"), [
    (CREWS, BOATHOUSES, "Ines", "who can't Ines reach at all?"),
    (FLATS, HOUSES, "Nia", "which people can Nia not reach"),
], ids=["crews", "flats"])
def test_who_a_node_cannot_reach_lists_the_nodes_in_other_pieces(tmp_path, edges, nodes, node,
                                                                  question):
    resp = ask_table(tmp_path, edges, question, nodes)
    assert resp.status == "answered", resp.answer
    g = _graph(edges, nodes)
    apart = set(g) - nx.node_connected_component(g, node)
    assert resp.answer.startswith(f"**{len(apart)}**"), resp.answer
    assert _bold(resp.answer) - {str(len(apart))} == apart, resp.answer


@pytest.mark.parametrize(("edges", "nodes", "question"), [
    (CREWS, BOATHOUSES, "which rowers are cut points - lose one and some rowers get cut off?"),
    (FLATS, HOUSES, "Which people, if they left, would leave others cut off?"),
], ids=["crews", "flats"])
def test_a_cut_point_question_names_the_articulation_points_not_the_pieces(tmp_path, edges,
                                                                           nodes, question):
    resp = ask_table(tmp_path, edges, question, nodes)
    assert resp.status == "answered", resp.answer
    cuts = set(nx.articulation_points(_graph(edges, nodes)))
    assert "outside the main piece" not in resp.answer, resp.answer
    assert all(c in resp.answer for c in cuts), resp.answer
