"""A graph named after its edge column ("the freight network" on ``freight_musd``, "the
bandwidth graph" on ``bandwidth_gbps``) is still asked about in hops and structure: the
column's word in the graph's name names no edge value, so a diameter in hops is counted in
hops and a node's triangles are triangles. Checked against networkx on two tables."""

from __future__ import annotations

import networkx as nx
import pandas as pd
import pytest

from tests.planner_support import agents_for

FREIGHT = pd.DataFrame([("Oslo", "Riga", 40), ("Oslo", "Gdansk", 5), ("Riga", "Gdansk", 12),
                        ("Gdansk", "Kiel", 30), ("Kiel", "Aarhus", 8), ("Aarhus", "Oslo", 3),
                        ("Kiel", "Malmo", 22), ("Malmo", "Turku", 6)],
                       columns=["port_a", "port_b", "freight_musd"])
LINKS = pd.DataFrame([("r1", "r2", 10), ("r2", "r3", 40), ("r1", "r3", 25), ("r3", "r4", 100),
                      ("r4", "r5", 10), ("r5", "r6", 1), ("r4", "r6", 40), ("r6", "r7", 10)],
                     columns=["router", "peer", "bandwidth_gbps"])
GRAPHS = {
    "freight": (FREIGHT, "port_a", "port_b", "freight_musd", "freight network", "Gdansk"),
    "links": (LINKS, "router", "peer", "bandwidth_gbps", "bandwidth graph", "r4"),
}


@pytest.fixture(scope="module")
def agents(tmp_path_factory):
    yield from agents_for(GRAPHS, tmp_path_factory)


def _graph(name: str) -> nx.Graph:
    table, a, b, col, _, _ = GRAPHS[name]
    return nx.from_pandas_edgelist(table, a, b, edge_attr=col)


@pytest.mark.parametrize("name", GRAPHS)
@pytest.mark.parametrize("wording", ["what's the diameter of the main {g} in hops?",
                                     "How many hops across is the {g} at its widest (diameter)?"])
def test_a_diameter_in_hops_counts_hops(agents, name, wording):
    table, _, _, col, words, _ = GRAPHS[name]
    g = _graph(name)
    resp = agents[name].ask(wording.format(g=words), attach=[table])
    assert resp.status == "answered", resp.answer
    assert f"**{nx.diameter(g)} hops**" in resp.answer, resp.answer
    assert col not in resp.answer, resp.answer


@pytest.mark.parametrize("name", GRAPHS)
def test_a_nodes_triangles_in_a_graph_named_for_its_column(agents, name):
    table, _, _, col, words, node = GRAPHS[name]
    g = _graph(name)
    resp = agents[name].ask(f"How many triangles is {node} part of in the {words}?",
                            attach=[table])
    assert resp.status == "answered", resp.answer
    assert f"part of **{nx.triangles(g, node)} triangle(s)**" in resp.answer, resp.answer
    assert col not in resp.answer, resp.answer
