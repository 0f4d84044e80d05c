"""export_subgraph and visualize_subgraph(export=...): GraphML / GEXF files for Gephi that
networkx reads back as the same (sub)graph with its attributes."""

from __future__ import annotations

from pathlib import Path

import networkx as nx
import pytest
from tools_support import call, context, karate


def orchard() -> nx.Graph:
    g = nx.Graph()
    for name, variety, yield_kg in [("t1", "bramley", 41.5), ("t2", "gala", 30.0),
                                    ("t3", "gala", 12.25), ("t4", "cox", 8.0)]:
        g.add_node(name, variety=variety, yield_kg=yield_kg)
    g.add_edge("t1", "t2", shared_roots=3)
    g.add_edge("t2", "t3", shared_roots=1)
    g.add_edge("t3", "t4", shared_roots=2)
    return g


@pytest.mark.parametrize("fmt, read", [("graphml", nx.read_graphml), ("gexf", nx.read_gexf)])
def test_export_writes_the_whole_graph_with_its_attributes(tmp_path, fmt, read):
    g = orchard()
    env = call(context(tmp_path, g), "export_subgraph", format=fmt)
    assert env["success"], env["error"]
    path = Path(env["data"]["path"])
    assert path.parent == (tmp_path / "reports").resolve() and path.suffix == f".{fmt}"
    back = read(path)
    assert set(back.nodes) == set(g.nodes)
    assert {frozenset(e) for e in back.edges} == {frozenset(e) for e in g.edges}
    for n, attrs in g.nodes(data=True):
        assert {k: back.nodes[n][k] for k in attrs} == attrs
    assert back.edges["t2", "t3"]["shared_roots"] == 1
    assert (env["data"]["nodes"], env["data"]["edges"]) == (4, 3)
    assert fmt.upper() in env["summary"] and path.name in env["summary"]


def test_export_of_a_neighbourhood_holds_only_those_nodes(tmp_path):
    g = karate()
    env = call(context(tmp_path, g), "export_subgraph", nodes=["0"], radius=1)
    back = nx.read_graphml(env["data"]["path"])
    assert set(back.nodes) == {"0", *g.neighbors("0")}
    assert back.number_of_edges() == g.subgraph(back.nodes).number_of_edges()


def test_export_of_an_unknown_node_is_node_not_found(tmp_path):
    env = call(context(tmp_path, orchard()), "export_subgraph", nodes=["t9"])
    assert not env["success"] and env["error"]["code"] == "NODE_NOT_FOUND"


def test_drawing_can_also_write_the_drawn_nodes_for_gephi(tmp_path):
    env = call(context(tmp_path, karate()), "visualize_subgraph", max_nodes=10, export="gexf")
    assert env["success"], env["error"]
    back = nx.read_gexf(env["data"]["export_path"])
    assert back.number_of_nodes() == env["data"]["nodes_shown"] == 10
    assert all("group" in d and "size" in d for _, d in back.nodes(data=True))
    assert Path(env["data"]["html_path"]).is_file()
