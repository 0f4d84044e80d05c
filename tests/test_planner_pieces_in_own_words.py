"""One node and the graph's pieces in the data's words: "is Arran connected to the rest of
the freight network" answers Yes or No from the node's piece (naming the piece it is in
when cut off), "connected to everyone else" is Yes only on a connected graph, "is Bute
hooked up to Oban at all" is a route question, "how many harbours are in the largest
connected block" gives the largest piece's size, "how many are in the smaller, separate
group" the one other piece's, "which aren't connected to the main body" lists the nodes
outside it, and "which community does Tiree end up in? list the others in it" is the
node's community. Two small graphs with different vocabularies; networkx is the oracle."""

from __future__ import annotations

import networkx as nx
import pandas as pd
import pytest
from planner_support import agents_for, ask_as_csv_files

from tests.test_planner_column_words import TABLES, graph_of


@pytest.fixture(scope="module")
def files(tmp_path_factory):
    out = {}
    for name, (edges, nodes) in TABLES.items():
        folder = tmp_path_factory.mktemp(f"{name}-tables")
        edges.to_csv(folder / "edges.csv", index=False)
        nodes.to_csv(folder / "nodes.csv", index=False)
        out[name] = [str(folder / "edges.csv"), str(folder / "nodes.csv")]
    return out


@pytest.fixture(scope="module")
def agents(tmp_path_factory):
    yield from agents_for(TABLES, tmp_path_factory)


def ask(agents, files, graph: str, question: str):
    return agents[graph].ask(question, attach=files[graph])


def in_main_piece(g: nx.Graph, node: str) -> bool:
    return node in max(nx.connected_components(g), key=len)


@pytest.mark.parametrize(("graph", "question", "node"), [
    ("ferry", "Is Arran connected to the rest of the freight network?", "Arran"),
    ("ferry", "is Skye linked to the rest of the network?", "Skye"),
    ("ferry", "is Bute still connected to the main network?", "Bute"),
    ("coach", "is Espino connected to the rest of the coaching network?", "Espino"),
    ("coach", "is Tanaka hooked up to the main group?", "Tanaka"),
])
def test_whether_one_node_is_connected_to_the_rest_is_its_piece(
        agents, files, graph, question, node):
    g = graph_of(graph)
    resp = ask(agents, files, graph, question)
    assert resp.status == "answered", resp.answer
    inside = in_main_piece(g, node)
    assert resp.answer.startswith("**Yes**" if inside else "**No**"), resp.answer
    if not inside:
        others = sorted(nx.node_connected_component(g, node) - {node})
        assert all(o in resp.answer for o in others), resp.answer


@pytest.mark.parametrize(("graph", "node"), [("ferry", "Iona"), ("coach", "Hale")])
def test_connected_to_everyone_else_is_no_on_a_graph_in_pieces(agents, files, graph, node):
    g = graph_of(graph)
    resp = ask(agents, files, graph, f"is {node} connected to everyone else?")
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith("**Yes**" if nx.is_connected(g) else "**No**"), resp.answer


@pytest.mark.parametrize(("graph", "a", "b"), [("ferry", "Bute", "Oban"), ("ferry", "Iona", "Lewis"),
                                               ("coach", "Dunn", "Hale"), ("coach", "Hale", "Tanaka")])
def test_hooked_up_to_a_named_node_at_all_is_whether_a_route_exists(agents, files, graph, a, b):
    g = graph_of(graph)
    resp = ask(agents, files, graph, f"is {a} hooked up to {b}'s network at all?")
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith("**Yes**" if nx.has_path(g, a, b) else "**No**"), resp.answer


@pytest.mark.parametrize(("graph", "question"), [
    ("ferry", "how many harbours are in the largest connected block of the freight network"),
    ("coach", "how big is the main connected body?"),
    ("coach", "how many athletes are in the biggest block?"),
])
def test_the_largest_pieces_size_in_the_datas_words(agents, files, graph, question):
    g = graph_of(graph)
    size = max(len(c) for c in nx.connected_components(g))
    resp = ask(agents, files, graph, question)
    assert resp.status == "answered", resp.answer
    weak = "weakly " if resp.graph.directed else ""  # a directed table's pieces say which
    assert f"The largest {weak}connected component has **{size}** of the {len(g)} nodes" in \
        resp.answer, resp.answer


@pytest.mark.parametrize(("graph", "question"), [
    ("ferry", "how many harbours are in the smaller, separate group?"),
    ("coach", "how many athletes are in the separate piece?"),
])
def test_how_many_are_in_the_one_separate_piece(agents, files, graph, question):
    g = graph_of(graph)
    _main, other = sorted(nx.connected_components(g), key=len, reverse=True)
    resp = ask(agents, files, graph, question)
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith(f"The separate piece holds **{len(other)}** node(s)"), \
        resp.answer
    assert all(f"**{n}**" in resp.answer for n in other), resp.answer


@pytest.mark.parametrize(("graph", "question"), [
    ("ferry", "which harbours aren't connected to the main body of the network at all?"),
    ("coach", "which athletes are not linked to the main body of the squad network?"),
])
def test_the_nodes_outside_the_main_body_are_listed(agents, files, graph, question):
    g = graph_of(graph)
    main = max(nx.connected_components(g), key=len)
    resp = ask(agents, files, graph, question)
    assert resp.status == "answered", resp.answer
    assert all(f"**{n}**" in resp.answer for n in set(g) - main), resp.answer
    assert not any(f"**{n}**" in resp.answer for n in main), resp.answer


@pytest.mark.parametrize(("graph", "node"), [("ferry", "Tiree"), ("coach", "Vance")])
def test_which_community_a_node_ends_up_in_lists_its_members(agents, files, graph, node):
    resp = ask(agents, files, graph, f"Which community does {node} end up in? list the others "
                                     "in it")
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith(f"{node} is in a community of"), resp.answer
    assert [a.tool for a in resp.actions].count("community_detection") == 2


def test_how_many_in_the_separate_piece_of_a_two_mode_table_is_asked(tmp_path):
    edges = pd.DataFrame([("ana", "Chess Club"), ("bo", "Chess Club"), ("bo", "Go Club"),
                          ("cy", "Go Club"), ("dee", "Bridge Club"), ("eli", "Bridge Club")],
                         columns=["student", "club"])
    nodes = pd.DataFrame([(n, "x") for n in sorted(set(edges.student) | set(edges.club))],
                         columns=["name", "tag"])
    resp = ask_as_csv_files(tmp_path, edges, nodes,
                            "how many students are in the smaller, separate group?")
    assert resp.status == "needs_clarification", resp.answer
