"""A loaded revision builds its networkx graph only when networkx is needed, and every tool
answers the same on it as on the graph built at load."""

from __future__ import annotations

import pickle
from pathlib import Path

import networkx as nx
import pytest
from tools_support import context, lesmis, ok

from igraph_agent.graph.datasets import graph_tables, to_networkx
from igraph_agent.graph.lazy import is_built, lazy_networkx, node_label
from igraph_agent.graph.session import SessionGraph
from igraph_agent.graph.summary import remember, tables_view
from igraph_agent.graph.workspace import Workspace
from igraph_agent.store import Store
from igraph_agent.tools import ToolContext


def _tables(directed: bool = False):
    g = lesmis()
    if directed:  # one direction per pair, so in- and out-degrees differ
        g = nx.DiGraph((u, v, d) if str(u) < str(v) else (v, u, d) for u, v, d in g.edges(data=True))
    for i, node in enumerate(g):
        if i % 3:
            g.nodes[node]["label"] = f"{node} ({i})"
    return graph_tables(g)


def _pair(directed: bool = False) -> tuple[nx.Graph, nx.Graph]:
    """(lazy, eager) graphs of the same stored tables, each with its remembered view."""
    return _lazy_and_eager(*_tables(directed), directed)


def _lazy_and_eager(nodes, edges, directed: bool) -> tuple[nx.Graph, nx.Graph]:
    view = tables_view(nodes, edges, directed)
    lazy = lazy_networkx(nodes, edges, directed, edges_count=view[0]["edges"])
    eager = to_networkx(nodes, edges, directed)
    remember(lazy, view)
    remember(eager, tables_view(nodes, edges, directed))
    return lazy, eager


CALLS = [
    ("get_graph_info", {}),
    ("search_node", {"query": "Valjean"}),
    ("degree_analysis", {"top_k": 5}),
    ("degree_analysis", {"top_k": 5, "direction": "in"}),
    ("degree_analysis", {"top_k": 5, "direction": "out"}),
    ("node_centrality", {"measure": "closeness", "backend": "igraph"}),
    ("node_centrality", {"measure": "pagerank", "backend": "igraph"}),
    ("node_centrality", {"measure": "pagerank", "backend": "networkx"}),
    ("node_centrality", {"measure": "betweenness", "backend": "igraph", "weight": "weight"}),
    ("community_detection", {"method": "leiden", "backend": "igraph", "seed": 3}),
    ("community_detection", {"method": "louvain", "backend": "networkx", "seed": 3}),
    ("bridge_nodes", {"backend": "igraph", "seed": 3}),
    ("shortest_path", {"source": "Napoleon", "target": "Cosette", "backend": "igraph"}),
    ("shortest_path", {"source": "Napoleon", "target": "Cosette", "backend": "networkx"}),
    ("connectivity", {"backend": "igraph"}),
    ("connectivity", {"backend": "networkx"}),
    ("connectivity", {"source": "Napoleon", "target": "Cosette", "backend": "igraph"}),
    ("summary_statistics", {"backend": "networkx", "seed": 1}),
    ("local_analysis", {"node": "Valjean", "backend": "igraph"}),
    ("compare_nodes", {"nodes": ["Valjean", "Javert"]}),
    ("summary_statistics", {"backend": "igraph", "seed": 1}),
    ("count_triangles", {"backend": "networkx"}),
    ("bipartite_check", {}),
]


@pytest.mark.parametrize("directed", [False, True], ids=["undirected", "directed"])
@pytest.mark.parametrize(("name", "args"), CALLS, ids=[f"{n}-{a.get('backend', '')}"
                                                       for n, a in CALLS])
def test_every_tool_answers_the_same_on_the_lazy_graph(tmp_path: Path, name, args, directed):
    lazy, eager = _pair(directed)
    got = ok(context(tmp_path / "lazy", lazy), name, **args)
    want = ok(context(tmp_path / "eager", eager), name, **args)
    assert got == want


def test_loading_a_revision_builds_no_networkx_graph_until_a_networkx_tool_runs(tmp_path):
    ws = Workspace(tmp_path / "project", Store(tmp_path / "project" / "agent.db"))
    session = SessionGraph("s")
    ctx = ToolContext(workspace=ws, session=session, call_id="c")
    sid = ws.attach(lesmis())["source_id"]
    ds = ok(ctx, "construct_graph", source_ids=[sid])["dataset_id"]
    ok(ctx, "load_constructed_graph", dataset_id=ds)
    for name, args in [("get_graph_info", {}), ("node_centrality", {"measure": "pagerank",
                       "backend": "igraph"}), ("community_detection", {"method": "leiden",
                       "backend": "igraph", "seed": 1}), ("degree_analysis", {}),
                       ("bridge_nodes", {"backend": "igraph", "seed": 1}),
                       ("connectivity", {"backend": "igraph"})]:
        ok(ctx, name, **args)
    assert not is_built(session.graph)
    top = ok(ctx, "node_centrality", measure="pagerank", backend="networkx")["top"][0]
    assert is_built(session.graph) and top["node"] == "Valjean"
    ws.store.close()


def test_the_built_graph_is_the_one_networkx_builds_from_the_tables():
    lazy, eager = _pair()
    assert len(lazy) == len(eager) and lazy.number_of_edges() == eager.number_of_edges()
    assert set(lazy) == set(eager) and "Valjean" in lazy and "nobody" not in lazy
    assert all(node_label(lazy, n) == eager.nodes[n].get("label") for n in eager)
    assert not is_built(lazy)
    assert dict(lazy.nodes(data=True)) == dict(eager.nodes(data=True))
    assert is_built(lazy)
    assert sorted(lazy.edges(data="weight")) == sorted(eager.edges(data="weight"))


def test_a_pickled_lazy_graph_arrives_built():
    lazy, eager = _pair()
    copy = pickle.loads(pickle.dumps(lazy))
    assert is_built(copy) and nx.utils.graphs_equal(copy, eager)


@pytest.mark.parametrize("directed", [False, True])
def test_a_pickled_lazy_graph_needs_only_networkx_to_load(directed):
    """The code sandbox unpickles the graph without the igraph_agent package on its path."""
    lazy, eager = _pair(directed)
    data = pickle.dumps(lazy, protocol=pickle.HIGHEST_PROTOCOL)
    assert b"igraph_agent" not in data
    copy = pickle.loads(data)
    assert type(copy) is type(eager) and nx.utils.graphs_equal(copy, eager)


def _rich_pair(directed: bool = False) -> tuple[nx.Graph, nx.Graph]:
    """lesmis with text and numeric node attributes (some missing), a text edge attribute on
    some edges and a self-loop: what searches and ``where`` filters read."""
    g = lesmis()
    if directed:
        g = nx.DiGraph((u, v, d) if str(u) < str(v) else (v, u, d) for u, v, d in g.edges(data=True))
    for i, node in enumerate(g):
        g.nodes[node]["label"] = f"{node} the {('baker', 'priest', 'thief')[i % 3]}"
        if i % 4:
            g.nodes[node]["kind"] = ("person", "officer")[i % 2]
        g.nodes[node]["group"] = i % 5
    for i, (u, v) in enumerate(list(g.edges())):
        if i % 3 == 0:
            g.edges[u, v]["rel"] = ("friend of", "enemy of", "works with")[i % 9 // 3]
    g.add_edge("Valjean", "Valjean", weight=1, rel="himself")
    return _lazy_and_eager(*graph_tables(g), directed)


TABLE_CALLS = [
    ("search_node", {"query": "Valjean"}),
    ("search_node", {"query": "thief", "limit": 50, "min_score": 0}),
    ("search_node", {"query": "officer", "limit": 50}),
    ("search_node", {"query": "priest", "fields": ["kind"], "limit": 20}),
    ("search_edge", {"query": "Valjean Javert"}),
    ("search_edge", {"query": "friend", "limit": 50, "min_score": 50}),
    ("search_edge", {"query": "himself"}),
    ("search_edge", {"query": "baker priest", "limit": 50, "min_score": 0}),
    ("degree_analysis", {"top_k": 5, "where": {"kind": "officer"}}),
    ("degree_analysis", {"top_k": 5, "where": {"group": "3"}}),
    ("degree_analysis", {"top_k": 5, "where": {"group": 3, "kind": "person"}}),
    ("node_centrality", {"measure": "pagerank", "backend": "igraph", "where": {"kind": "person"}}),
]


@pytest.mark.parametrize("directed", [False, True], ids=["undirected", "directed"])
@pytest.mark.parametrize(("name", "args"), TABLE_CALLS,
                         ids=[f"{n}-{i}" for i, (n, _) in enumerate(TABLE_CALLS)])
def test_searches_and_filters_answer_from_the_tables_as_networkx_does(tmp_path: Path, name,
                                                                       args, directed):
    lazy, eager = _rich_pair(directed)
    got = ok(context(tmp_path / "lazy", lazy), name, **args)
    assert not is_built(lazy)  # answered from the stored tables
    want = ok(context(tmp_path / "eager", eager), name, **args)
    assert got == want


def test_a_filter_that_matches_nothing_gives_the_same_hint_from_the_tables(tmp_path: Path):
    from tools_support import call

    lazy, eager = _rich_pair()
    for where in ({"kind": "wizard"}, {"colour": "red"}):
        got = call(context(tmp_path / "lazy", lazy), "degree_analysis", where=where)
        want = call(context(tmp_path / "eager", eager), "degree_analysis", where=where)
        assert not got["success"] and got["error"] == want["error"]
    assert not is_built(lazy)


@pytest.mark.parametrize("radius", [1, 2, 3])
@pytest.mark.parametrize("node", ["Valjean", "Napoleon", "Myriel"])
def test_local_analysis_of_a_node_on_igraph_matches_networkx(tmp_path: Path, node, radius):
    lazy, eager = _rich_pair()
    got = ok(context(tmp_path / "lazy", lazy), "local_analysis", node=node, radius=radius,
             backend="igraph")
    assert not is_built(lazy)
    want = ok(context(tmp_path / "eager", eager), "local_analysis", node=node, radius=radius,
              backend="networkx")
    assert got.pop("backend") == "igraph" and want.pop("backend") == "networkx"
    assert got == want
