"""An unweighted shortest_path before the igraph view is built walks the stored edge codes
(graph/codepaths.py) and names the very path the built view names afterwards."""

from __future__ import annotations

import random
from pathlib import Path

import networkx as nx
import pandas as pd
import pytest
from tools_support import context, ok

from igraph_agent.graph.datasets import graph_tables
from igraph_agent.graph.lazy import is_built, lazy_networkx
from igraph_agent.graph.summary import remember, tables_view, view_adjacency, view_parts


def _stations(directed: bool) -> nx.Graph:
    """A rail network with stations named like codes, a few one-way links when directed, and
    closed stations with no link at all."""
    rng = random.Random(7)
    g = nx.DiGraph() if directed else nx.Graph()
    names = [f"ST-{i:03d}" for i in range(120)]
    g.add_nodes_from(names)
    for _ in range(260):
        a, b = rng.sample(names[:110], 2)  # the last ten stations are closed
        g.add_edge(a, b)
    g.add_edge("ST-005", "ST-005")  # a siding that loops back
    return g


def _loaded(tmp_path: Path, g: nx.Graph):
    nodes, edges = graph_tables(g)
    view = tables_view(nodes, edges, g.is_directed())
    lazy = lazy_networkx(nodes, edges, g.is_directed(), edges_count=view[0]["edges"])
    remember(lazy, view)
    return lazy, context(tmp_path, lazy)


@pytest.mark.parametrize("directed", [False, True], ids=["two-way", "one-way"])
def test_unweighted_path_before_the_view_is_the_path_the_built_view_gives(tmp_path, directed):
    g = _stations(directed)
    lazy, ctx = _loaded(tmp_path, g)
    rng = random.Random(3)
    names = sorted(g)
    pairs = [tuple(rng.sample(names, 2)) for _ in range(150)] + [("ST-001", "ST-115"),
                                                                 ("ST-005", "ST-005")]
    before = [ok(ctx, "shortest_path", source=s, target=t, backend="igraph") for s, t in pairs]
    assert view_parts(lazy) is not None and view_adjacency(lazy) is not None  # still unbuilt
    assert ctx.session._igraph is None
    ctx.session.igraph()  # from now on igraph's own search answers
    assert view_parts(lazy) is None
    after = [ok(ctx, "shortest_path", source=s, target=t, backend="igraph") for s, t in pairs]
    assert before == after
    reachable = [d for d in before if d["reachable"]]
    assert 0 < len(reachable) < len(before)  # closed stations are unreachable
    for data, (s, t) in zip(before, pairs, strict=True):
        if data["reachable"]:
            assert data["hops"] == nx.shortest_path_length(g, s, t)
        else:
            assert not nx.has_path(g, s, t)
    assert not is_built(lazy)


def test_a_weighted_path_still_uses_the_view(tmp_path):
    g = nx.Graph()
    g.add_edge("depot", "mill", km=10.0)
    g.add_edge("mill", "port", km=1.0)
    g.add_edge("depot", "port", km=30.0)
    g.add_node("quarry")
    lazy, ctx = _loaded(tmp_path, g)
    data = ok(ctx, "shortest_path", source="depot", target="port", weight="km", backend="igraph")
    assert [p["node"] for p in data["path"]] == ["depot", "mill", "port"]
    assert data["length"] == 11.0
    assert view_parts(lazy) is None  # the km lengths live on the built view
    hops = ok(ctx, "shortest_path", source="depot", target="port", weight=None,
              backend="igraph")
    assert hops["hops"] == 1


def test_ids_that_look_like_numbers_keep_their_text(tmp_path):
    nodes = pd.DataFrame({"id": ["007", "7", "70", "x"]})
    edges = pd.DataFrame({"source": ["007", "7"], "target": ["7", "70"]})
    view = tables_view(nodes, edges, False)
    lazy = lazy_networkx(nodes, edges, False, edges_count=view[0]["edges"])
    remember(lazy, view)
    ctx = context(tmp_path, lazy)
    data = ok(ctx, "shortest_path", source="007", target="70", backend="igraph")
    assert [p["node"] for p in data["path"]] == ["007", "7", "70"]
    assert not ok(ctx, "shortest_path", source="007", target="x", backend="igraph")["reachable"]


def test_an_unweighted_path_is_estimated_at_the_adjacency_cost_not_the_view_build(tmp_path):
    from igraph_agent.runtime.workers import ADJACENCY_US_PER_EDGE, BUILD_US_PER_EDGE, in_process_ms
    from igraph_agent.tools import default_registry

    paths = default_registry().get("shortest_path")
    one = paths.args_model(source="ST-001", target="ST-002")
    lazy, ctx = _loaded(tmp_path / "plain", _stations(False))
    edges = lazy.number_of_edges()
    assert in_process_ms(paths, one, ctx.session) == pytest.approx(
        edges * (ADJACENCY_US_PER_EDGE + 0.1) / 1000)
    g = nx.Graph()
    g.add_edge("depot", "mill", km=10.0)
    _, weighted = _loaded(tmp_path / "km", g)
    assert in_process_ms(paths, paths.args_model(source="depot", target="mill"),
                         weighted.session) == pytest.approx(1 * (BUILD_US_PER_EDGE + 0.1) / 1000)
