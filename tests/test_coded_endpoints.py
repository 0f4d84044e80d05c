"""A loaded revision holds its edges' int32 vertex codes, not their endpoint texts, and makes
the texts again, exactly as stored, when a tool reads the edge table."""

from __future__ import annotations

import json
import pickle
from pathlib import Path

import networkx as nx
import pandas as pd
import pytest
from tools_support import context, lesmis, ok

from igraph_agent.graph.datasets import coded_tables, graph_tables, to_networkx
from igraph_agent.graph.lazy import is_built, lazy_tables
from igraph_agent.graph.revisions import (
    content_digest,
    read_revision,
    revision_edges,
    write_revision,
)
from igraph_agent.graph.summary import remember, tables_view


def _rich_tables(directed: bool) -> tuple[pd.DataFrame, pd.DataFrame]:
    """lesmis with node labels and kinds, a text edge attribute on some edges and a self-loop,
    the edge table's columns in an order where the endpoints are not first."""
    g = lesmis()
    if directed:
        g = nx.DiGraph((u, v, d) if str(u) < str(v) else (v, u, d) for u, v, d in g.edges(data=True))
    for i, node in enumerate(g):
        g.nodes[node]["label"] = f"{node} the {('baker', 'priest', 'thief')[i % 3]}"
        if i % 4:
            g.nodes[node]["kind"] = ("person", "officer")[i % 2]
    for i, (u, v) in enumerate(list(g.edges())):
        if i % 3 == 0:
            g.edges[u, v]["rel"] = ("friend of", "enemy of", "works with")[i % 9 // 3]
    g.add_edge("Valjean", "Valjean", weight=1, rel="himself")
    nodes, edges = graph_tables(g)
    rest = [c for c in edges.columns if c not in ("source", "target")]
    return nodes, edges[[rest[0], "source", *rest[1:], "target"]]


def _written(root: Path, directed: bool):
    """(graph kept from the write, graph read back, eager graph, edges as stored)."""
    nodes, edges, codes = coded_tables(*_rich_tables(directed), directed)
    kept: list[nx.Graph] = []
    write_revision(root, "ds_1", 1, nodes, edges, directed, codes, kept)
    read = read_revision(root, "ds_1", 1)
    eager = to_networkx(nodes, edges, directed)
    remember(eager, tables_view(nodes, edges, directed))
    return kept[0], read, eager, revision_edges(root, "ds_1", 1)


@pytest.mark.parametrize("directed", [False, True], ids=["undirected", "directed"])
def test_the_edge_table_a_tool_reads_is_the_stored_one(tmp_path: Path, directed):
    kept, read, _, stored = _written(tmp_path, directed)
    meta = json.loads((tmp_path / "ds_1" / "r1" / "graph.json").read_text())
    assert meta["endpoints_coded"] is True
    assert list(stored.columns)[1] == "source"  # the endpoints are not the first columns
    for g in (kept, read):
        pd.testing.assert_frame_equal(lazy_tables(g)[1], stored)
        assert not is_built(g)


@pytest.mark.parametrize("directed", [False, True], ids=["undirected", "directed"])
def test_a_loaded_revision_holds_codes_instead_of_endpoint_texts(tmp_path: Path, directed):
    kept, read, _, _ = _written(tmp_path, directed)
    for g in (kept, read):
        held = g.__dict__["_nx_tables"]
        assert held.coded is not None
        assert not {"source", "target"} & set(held.rest.columns)


CALLS = [
    ("search_edge", {"query": "Valjean Javert"}),
    ("search_edge", {"query": "friend", "limit": 50, "min_score": 50}),
    ("search_edge", {"query": "himself"}),
    ("search_node", {"query": "thief", "limit": 50, "min_score": 0}),
    ("degree_analysis", {"top_k": 5, "where": {"kind": "officer"}}),
    ("node_centrality", {"measure": "pagerank", "backend": "igraph"}),
    ("get_graph_info", {}),
]


@pytest.mark.parametrize("directed", [False, True], ids=["undirected", "directed"])
@pytest.mark.parametrize(("name", "args"), CALLS, ids=[f"{n}-{i}" for i, (n, _) in enumerate(CALLS)])
def test_tools_answer_on_a_read_revision_as_on_the_eager_graph(tmp_path: Path, name, args,
                                                                 directed):
    _, read, eager, _ = _written(tmp_path / "data", directed)
    got = ok(context(tmp_path / "read", read), name, **args)
    want = ok(context(tmp_path / "eager", eager), name, **args)
    assert got == want


@pytest.mark.parametrize("directed", [False, True], ids=["undirected", "directed"])
def test_networkx_built_from_coded_endpoints_is_the_eager_graph(tmp_path: Path, directed):
    kept, read, eager, _ = _written(tmp_path, directed)
    assert nx.utils.graphs_equal(pickle.loads(pickle.dumps(read)), eager)
    assert dict(kept.nodes(data=True)) == dict(eager.nodes(data=True))
    assert is_built(kept) and nx.utils.graphs_equal(kept, eager)


def test_integer_endpoints_are_made_again_as_their_stored_texts(tmp_path: Path):
    edges = pd.DataFrame({"source": [3, 1, 1, 7], "target": [1, 2, 7, 7]})
    nodes, edges, codes = coded_tables(pd.DataFrame(columns=["id"]), edges, directed=False)
    write_revision(tmp_path, "ds_1", 1, nodes, edges, False, codes)
    got = lazy_tables(read_revision(tmp_path, "ds_1", 1))[1]
    pd.testing.assert_frame_equal(got, revision_edges(tmp_path, "ds_1", 1))
    assert got.values.tolist() == [["3", "1"], ["1", "2"], ["1", "7"], ["7", "7"]]


def _rewritten_with_texts(folder: Path, edges: pd.DataFrame, *drop: str) -> None:
    """Put ``folder`` in the layout written before the endpoints were kept as codes alone:
    the whole edge table in edges.parquet, graph.json without the keys ``drop``."""
    edges.to_parquet(folder / "edges.parquet", index=False)
    meta_file = folder / "graph.json"
    meta = json.loads(meta_file.read_text())
    for key in drop:
        meta.pop(key)
    meta["content_sha256"] = content_digest(folder)
    meta_file.write_text(json.dumps(meta))


def test_a_coded_revision_stores_its_endpoints_as_codes_alone(tmp_path: Path):
    nodes, edges, codes = coded_tables(*_rich_tables(False), False)
    write_revision(tmp_path, "ds_1", 1, nodes, edges, False, codes)
    folder = tmp_path / "ds_1" / "r1"
    stored = pd.read_parquet(folder / "edges.parquet")
    assert list(stored.columns) == [c for c in edges.columns if c not in ("source", "target")]
    assert json.loads((folder / "graph.json").read_text())["edge_columns"] == list(edges.columns)
    pd.testing.assert_frame_equal(revision_edges(tmp_path, "ds_1", 1), edges)
    bare = pd.DataFrame({"source": ["a", "b"], "target": ["b", "c"]})  # nothing but endpoints
    nodes, bare, codes = coded_tables(pd.DataFrame(columns=["id"]), bare, False)
    write_revision(tmp_path, "ds_2", 1, nodes, bare, False, codes)
    assert not (tmp_path / "ds_2" / "r1" / "edges.parquet").exists()
    pd.testing.assert_frame_equal(revision_edges(tmp_path, "ds_2", 1), bare)
    assert sorted(read_revision(tmp_path, "ds_2", 1).edges()) == [("a", "b"), ("b", "c")]


def test_a_revision_stored_with_its_endpoint_texts_and_the_mark_is_read(tmp_path: Path):
    """The layout written before: endpoint texts in edges.parquet, the mark, no column
    order in graph.json; the texts are skipped on reading and made again from the codes."""
    nodes, edges, codes = coded_tables(*_rich_tables(False), False)
    write_revision(tmp_path, "ds_1", 1, nodes, edges, False, codes)
    _rewritten_with_texts(tmp_path / "ds_1" / "r1", edges, "edge_columns")
    g = read_revision(tmp_path, "ds_1", 1)
    assert g.__dict__["_nx_tables"].coded is not None
    pd.testing.assert_frame_equal(lazy_tables(g)[1], edges)


def test_a_revision_without_the_mark_is_read_whole(tmp_path: Path):
    """A revision written before endpoints were coded (no mark in graph.json) keeps its
    endpoint columns as read."""
    nodes, edges, codes = coded_tables(*_rich_tables(False), False)
    write_revision(tmp_path, "ds_1", 1, nodes, edges, False, codes)
    _rewritten_with_texts(tmp_path / "ds_1" / "r1", edges, "edge_columns", "endpoints_coded")
    g = read_revision(tmp_path, "ds_1", 1)
    assert g.__dict__["_nx_tables"].coded is None
    pd.testing.assert_frame_equal(lazy_tables(g)[1], edges)


@pytest.mark.parametrize("values", [
    [5, 1, 5, 2, 1, 9], [0], [-3, 4, -3, 4, 0], [10**12, 1, 10**12],  # a range too wide: hashed
    list(range(1000, 0, -1)) * 2, [], [7] * 50])
def test_integer_endpoints_are_coded_in_order_of_first_appearance(values):
    import numpy as np

    from igraph_agent.graph.datasets import first_appearance_codes

    seq = np.asarray(values, dtype=np.int64)
    codes, order = first_appearance_codes(seq)
    want_codes, want_order = pd.factorize(seq)
    assert codes.tolist() == want_codes.tolist() and order.tolist() == want_order.tolist()


def test_random_integer_endpoints_are_coded_as_factorize_codes_them():
    import numpy as np

    from igraph_agent.graph.datasets import first_appearance_codes

    rng = np.random.default_rng(11)
    for n, m in [(10, 40), (1000, 300), (50_000, 200_000)]:
        seq = rng.integers(-n // 3, n, m)
        codes, order = first_appearance_codes(seq)
        want_codes, want_order = pd.factorize(seq)
        assert np.array_equal(codes, want_codes) and np.array_equal(order, want_order)
