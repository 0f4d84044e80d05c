"""One node and the graph's pieces in the data's words: "is Arran connected to the rest of
the freight network" answers Yes or No from the node's piece (naming the piece it is in
when cut off), "connected to everyone else" is Yes only on a connected graph, "is Bute
hooked up to Oban at all" is a route question, and "how many harbours are in the largest
connected block" gives the largest piece's size. Two small graphs with different
vocabularies; networkx is the oracle."""

from __future__ import annotations

import networkx as nx
import pytest
from planner_support import agents_for

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
                                               ("coach", "Dunn", "Hale"), ("coach", "Berg", "Zeller")])
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
    assert f"The largest connected component has **{size}** of the {len(g)} nodes" in \
        resp.answer, resp.answer
