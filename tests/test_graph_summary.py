"""get_graph_info's figures come from the revision's tables at load and match networkx."""

from __future__ import annotations

from pathlib import Path

import networkx as nx
import pandas as pd
import pytest

import igraph_agent.data
from igraph_agent.graph import summary as summary_module
from igraph_agent.graph.datasets import GraphSpec
from igraph_agent.graph.session import SessionGraph
from igraph_agent.graph.summary import graph_summary, summarize_graph
from igraph_agent.graph.workspace import Workspace
from igraph_agent.store import Store
from igraph_agent.tools import data as data_tools
from igraph_agent.tools.registry import ToolContext, ToolRegistry

REGISTRY = ToolRegistry([data_tools.get_graph_info, data_tools.construct_graph,
                         data_tools.load_constructed_graph])


@pytest.fixture
def ws(tmp_path: Path) -> Workspace:
    w = Workspace(tmp_path / "project", Store(tmp_path / "project" / "agent.db"))
    yield w
    w.store.close()


def _load(ws: Workspace, obj, spec: GraphSpec | None = None) -> SessionGraph:
    session = SessionGraph("s")
    ctx = ToolContext(workspace=ws, session=session, call_id="c")
    sid = ws.attach(obj)["source_id"]
    args = {"source_ids": [sid], **({"spec": spec.model_dump()} if spec else {})}
    built = REGISTRY.dispatch("construct_graph", args, ctx)
    assert built.success, built.error
    loaded = REGISTRY.dispatch("load_constructed_graph",
                               {"dataset_id": built.data["dataset_id"]}, ctx)
    assert loaded.success, loaded.error
    return session


def _directed_with_repeats() -> nx.DiGraph:
    g = nx.DiGraph()
    g.add_edge("a", "b", weight=2.0)
    g.add_edge("b", "a", weight=1.0)
    g.add_edge("c", "c", weight=1.0, note="loop")
    g.add_node("lonely", label="Lo", kind="island")
    g.add_node("a", label="Ann")
    return g


SOURCES = {
    "lesmis csv": (lambda: igraph_agent.data.path("lesmis.csv"), None),
    "karate graph": (nx.karate_club_graph, None),
    "directed, repeats, loop, isolate": (_directed_with_repeats, None),
    "projection with labels": (lambda: pd.DataFrame({
        "customer_id": ["C1", "C1", "C2", "C3", "C4"], "name": ["Ada", "Ada", "Bo", "Cy", "Di"],
        "product_id": ["P1", "P2", "P1", "P2", "P9"], "amount": [1.0, 2.0, 3.0, 4.0, 5.0]}),
        GraphSpec(kind="projection", left_col="customer_id", right_col="product_id",
                  left_label_col="name", amount_col="amount")),
    "undirected pairs given both ways": (lambda: pd.DataFrame({
        "source": ["x", "y", "y", "z"], "target": ["y", "x", "z", "z"], "w": [1, 2, 3, 4]}),
        None),
}


@pytest.mark.parametrize("name", list(SOURCES))
def test_graph_info_from_stored_tables_equals_the_networkx_walk(ws, name):
    make, spec = SOURCES[name]
    session = _load(ws, make(), spec)
    g = session.graph
    assert summary_module._SUMMARIES.get(g) is not None  # remembered at load, not walked
    assert graph_summary(g) == summarize_graph(g)
    info = REGISTRY.dispatch("get_graph_info", {}, ToolContext(
        workspace=ws, session=session, call_id="i")).data
    assert info["nodes"] == g.number_of_nodes() and info["edges"] == g.number_of_edges()


def test_graph_built_in_memory_gets_its_summary_from_networkx_once():
    g = nx.path_graph(5)
    g.add_node(9)
    first = graph_summary(g)
    assert (first["nodes"], first["edges"], first["components"]) == (6, 4, 2)
    assert graph_summary(g) is first  # computed once per graph object
    h = g.copy()
    h.add_edge(4, 9)
    assert graph_summary(h)["components"] == 1  # a new object has its own summary


def _edge_set(h, ids) -> dict:
    weights = h.es["weight"] if "weight" in h.es.attributes() else [None] * h.ecount()
    out = {}
    for (s, t), w in zip(h.get_edgelist(), weights, strict=True):
        key = (ids[s], ids[t]) if h.is_directed() else frozenset((ids[s], ids[t]))
        out[key] = w
    return out


@pytest.mark.parametrize("name", list(SOURCES))
def test_igraph_view_from_tables_is_the_converted_graph(ws, name):
    from igraph_agent.graph.convert import to_igraph

    make, spec = SOURCES[name]
    session = _load(ws, make(), spec)
    pending = summary_module._IGRAPHS.get(session.graph)
    assert pending is None or isinstance(pending, summary_module._LazyView)  # not built at load
    h, ids = session.igraph()
    ref, ref_ids = to_igraph(session.graph)
    assert ids == ref_ids and h.is_directed() == ref.is_directed()
    assert (h.vcount(), h.ecount()) == (ref.vcount(), ref.ecount())
    assert _edge_set(h, ids) == _edge_set(ref, ref_ids)


@pytest.mark.parametrize("collecting", [True, False])
def test_building_the_igraph_view_leaves_garbage_collection_as_it_found_it(ws, collecting):
    import gc

    session = _load(ws, _directed_with_repeats())
    was = gc.isenabled()
    try:
        (gc.enable if collecting else gc.disable)()
        h, ids = session.igraph()  # collections are off while the pairs are made
        assert gc.isenabled() is collecting
        assert h.ecount() == 3 and sorted(h.es["weight"]) == [1.0, 1.0, 2.0] and "lonely" in ids
    finally:
        (gc.enable if was else gc.disable)()


def test_graph_with_merged_repeats_falls_back_to_conversion():
    from igraph_agent.graph.summary import igraph_view, remember, tables_view

    nodes = pd.DataFrame({"id": ["a", "b"]})
    edges = pd.DataFrame({"source": ["a", "b"], "target": ["b", "a"], "weight": [1.0, 2.0]})
    summary, view = tables_view(nodes, edges, directed=False)
    assert summary["edges"] == 1 and view is None  # repeats: networkx merged them
    g = nx.Graph()
    g.add_edge("a", "b", weight=3.0)
    remember(g, (summary, view))
    h, _ids = igraph_view(g)
    assert h.ecount() == 1 and h.es["weight"] == [3.0]


@pytest.mark.parametrize("seed", range(6))
def test_component_and_isolated_counts_from_the_tables_match_networkx(seed: int) -> None:
    import numpy as np

    rng = np.random.default_rng(seed)
    n = int(rng.integers(1, 400))
    m = int(rng.integers(0, n * 2))
    a, b = rng.integers(0, n, m), rng.integers(0, n, m)  # isolated nodes, self-loops, repeats
    g = nx.DiGraph()
    g.add_nodes_from(range(n))
    g.add_edges_from(zip(a.tolist(), b.tolist(), strict=True))
    assert summary_module._components(n, a, b) == nx.number_weakly_connected_components(g)
    assert summary_module._isolated(n, a, b) == nx.number_of_isolates(g)


@pytest.mark.parametrize("name", list(SOURCES))
def test_loading_a_revision_reads_the_summary_stored_when_it_was_written(ws, name, monkeypatch):
    from igraph_agent.graph import revisions
    from igraph_agent.graph.convert import to_igraph

    make, spec = SOURCES[name]
    first = _load(ws, make(), spec)  # writes the revision, with its summary and codes
    written = graph_summary(first.graph)

    def no_second_summary(*args, **kwargs):
        raise AssertionError("the revision was summarised again at load")

    monkeypatch.setattr(revisions, "tables_view", no_second_summary)
    session = _load(ws, make(), spec)  # the same content: the stored revision is reused
    assert graph_summary(session.graph) == written == summarize_graph(session.graph)
    h, ids = session.igraph()
    ref, ref_ids = to_igraph(session.graph)
    assert ids == ref_ids and _edge_set(h, ids) == _edge_set(ref, ref_ids)


def test_a_revision_written_without_a_stored_summary_is_summarised_at_load(ws):
    import json

    session = _load(ws, igraph_agent.data.path("lesmis.csv"))
    row = ws.dataset(session.dataset_id)
    meta_file = ws.datasets_dir / row["id"] / "r1" / "graph.json"
    meta = json.loads(meta_file.read_text())
    stored = meta.pop("summary")
    meta_file.write_text(json.dumps(meta))
    again = _load(ws, igraph_agent.data.path("lesmis.csv"))
    assert graph_summary(again.graph) == stored == summarize_graph(again.graph)
