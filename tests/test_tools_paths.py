"""shortest_path and connectivity against networkx, on both backends."""

from __future__ import annotations

import itertools
import random

import networkx as nx
import pytest
from tools_support import GRAPHS, context, ok


def _inv(u, v, d):
    return 1.0 / d["weight"]


def _pairs(g: nx.Graph, n: int = 12) -> list[tuple[str, str]]:
    nodes = sorted(g, key=str)
    pairs = ((s, t) for s, t in zip(nodes[::3], reversed(nodes), strict=False) if s != t)
    return list(itertools.islice(pairs, n))


@pytest.mark.parametrize("graph", ["karate", "lesmis"])
@pytest.mark.parametrize("backend", ["networkx", "igraph"])
def test_path_lengths_equal_networkx_and_paths_follow_edges(tmp_path, graph, backend):
    g = GRAPHS[graph]()
    ctx = context(tmp_path, g)
    for s, t in _pairs(g):
        data = ok(ctx, "shortest_path", source=s, target=t, backend=backend, count_paths=True)
        path = [p["node"] for p in data["path"]]
        assert path[0] == s and path[-1] == t
        assert all(g.has_edge(a, b) for a, b in itertools.pairwise(path))
        assert data["hops"] == nx.shortest_path_length(g, s, t)
        assert data["shortest_paths"] == len(list(nx.all_shortest_paths(g, s, t)))


@pytest.mark.parametrize("backend", ["networkx", "igraph"])
def test_weighted_path_length_equals_networkx_dijkstra(tmp_path, backend):
    g = GRAPHS["lesmis"]()
    ctx = context(tmp_path, g)
    for s, t in _pairs(g):
        data = ok(ctx, "shortest_path", source=s, target=t, weight="weight", backend=backend)
        assert data["length"] == pytest.approx(nx.dijkstra_path_length(g, s, t, weight=_inv),
                                               abs=1e-6)


@pytest.mark.parametrize("backend", ["networkx", "igraph"])
def test_unreachable_target_is_reported_not_failed(tmp_path, backend):
    g = GRAPHS["karate"]()
    g.add_node("island")
    ctx = context(tmp_path, g)
    data = ok(ctx, "shortest_path", source="0", target="island", backend=backend)
    assert data["reachable"] is False and "path" not in data


@pytest.mark.parametrize("backend", ["networkx", "igraph"])
def test_directed_paths_follow_edge_direction(tmp_path, backend):
    g = nx.DiGraph([("a", "b"), ("b", "c"), ("c", "a"), ("a", "d")])
    ctx = context(tmp_path, g)
    assert ok(ctx, "shortest_path", source="d", target="a", backend=backend)["reachable"] is False
    assert ok(ctx, "shortest_path", source="b", target="a", backend=backend)["hops"] == 2


@pytest.mark.parametrize("graph", ["karate", "lesmis"])
@pytest.mark.parametrize("backend", ["networkx", "igraph"])
def test_components_cut_nodes_and_bridges_equal_networkx(tmp_path, graph, backend):
    g = GRAPHS[graph]()
    g.add_edge("x1", "x2")
    g.add_node("x3")
    ctx = context(tmp_path, g)
    data = ok(ctx, "connectivity", backend=backend, limit=500)
    comps = sorted((len(c) for c in nx.connected_components(g)), reverse=True)
    assert data["components"] == len(comps) and data["component_sizes"] == comps
    assert data["isolates"] == 1
    cut = {a["node"] for a in data["articulation_points"]["items"]}
    assert cut == set(nx.articulation_points(g))
    assert data["articulation_points"]["total"] == len(cut)
    bridges = {frozenset((b["source"], b["target"])) for b in data["bridges"]["items"]}
    assert bridges == {frozenset(e) for e in nx.bridges(g)}


@pytest.mark.parametrize("graph", ["karate", "lesmis"])
@pytest.mark.parametrize("backend", ["networkx", "igraph"])
def test_pair_connectivity_equals_networkx_including_adjacent_pairs(tmp_path, graph, backend):
    g = GRAPHS[graph]()
    ctx = context(tmp_path, g)
    u, v = next(iter(g.edges()))
    for s, t in [(u, v), *_pairs(g, 5)]:
        pair = ok(ctx, "connectivity", source=s, target=t, backend=backend)["pair"]
        assert pair["connected"] is True
        assert pair["node_connectivity"] == nx.node_connectivity(g, s, t), (s, t)
        assert pair["edge_connectivity"] == nx.edge_connectivity(g, s, t), (s, t)


def test_capped_lists_keep_their_totals(tmp_path):
    g = GRAPHS["lesmis"]()
    data = ok(context(tmp_path, g), "connectivity", limit=2)
    assert len(data["articulation_points"]["items"]) == 2
    assert data["articulation_points"]["total"] == len(list(nx.articulation_points(g)))
    assert data["bridges"]["total"] == len(list(nx.bridges(g)))


@pytest.mark.parametrize("directed", [False, True])
@pytest.mark.parametrize("weighted", [False, True])
def test_igraph_and_networkx_paths_agree_on_weighted_and_directed_graphs(tmp_path, directed,
                                                                         weighted):
    rng = random.Random(7)
    g = nx.gnm_random_graph(120, 260, seed=3, directed=directed)
    g = nx.relabel_nodes(g, {i: f"p{i}" for i in g})
    for u, v in g.edges:
        g.edges[u, v]["weight"] = rng.choice([0.5, 1.0, 2.0, 4.0, 8.0])
    ctx = context(tmp_path, g)
    nodes = list(g)
    reached = 0
    for _ in range(60):
        s, t = rng.sample(nodes, 2)
        a, b = (ok(ctx, "shortest_path", source=s, target=t, weight="weight" if weighted else None, backend=x)
                for x in ("networkx", "igraph"))
        assert (a["backend"], b["backend"]) == ("networkx", "igraph")
        assert a["reachable"] == b["reachable"] == nx.has_path(g, s, t)
        if not a["reachable"]:
            continue
        reached += 1
        if not weighted:
            assert a["hops"] == b["hops"] == nx.shortest_path_length(g, s, t)
        for data in (a, b):  # each path is a path of g, of the length it reports
            walk = [step["node"] for step in data["path"]]
            assert walk[0] == s and walk[-1] == t
            assert all(g.has_edge(u, v) for u, v in itertools.pairwise(walk))
            if weighted:
                assert data["length"] == pytest.approx(sum(
                    1 / g.edges[u, v]["weight"] for u, v in itertools.pairwise(walk)))
        if weighted:
            assert a["length"] == pytest.approx(b["length"]) == pytest.approx(
                nx.dijkstra_path_length(g, s, t, weight=lambda u, v, d: 1 / d["weight"]))
    assert reached >= 20  # the sample must exercise real paths


def test_auto_answers_a_stored_graph_on_igraph_without_building_networkx(tmp_path):
    from igraph_agent.graph.lazy import is_built
    from igraph_agent.graph.session import SessionGraph
    from igraph_agent.tools import ToolContext

    csv = tmp_path / "roads.csv"
    csv.write_text("town_a,town_b,weight\nova,bel,2\nbel,cor,2\nova,cor,0.25\ncor,dun,1\n")
    base = context(tmp_path, nx.Graph())
    session = SessionGraph("roads")
    sid = base.workspace.attach(csv)["source_id"]
    session.attached_sources = [sid]
    ctx = ToolContext(workspace=base.workspace, session=session, call_id="c1")
    ds = ok(ctx, "construct_graph", source_ids=[sid])["dataset_id"]
    ok(ctx, "load_constructed_graph", dataset_id=ds)
    data = ok(ctx, "shortest_path", source="ova", target="dun", weight="weight")
    assert data["backend"] == "igraph" and not is_built(session.graph)
    assert [s["node"] for s in data["path"]] == ["ova", "bel", "cor", "dun"]
    assert data["length"] == pytest.approx(0.5 + 0.5 + 1.0)
    hops = ok(ctx, "shortest_path", source="ova", target="dun", weight=None)
    assert hops["hops"] == 2 and not is_built(session.graph)


_DISCONNECTED = r'''
import json, sys
import pandas as pd
from igraph_agent import Agent
from igraph_agent.tools import default_registry

table = pd.DataFrame({"stop_a": ["Ash", "Birch", "Cedar", "Elm"],
                      "stop_b": ["Birch", "Cedar", "Ash", "Fir"],
                      "minutes": [4, 5, 6, 7]})  # weighted: igraph's search (unweighted
                                                 # paths walk the stored codes, no igraph)
agent = Agent(home=sys.argv[1])
resp = agent.ask("What is the shortest path from Ash to Fir?", attach=[table])
session = agent.graph(resp.session_id)
ctx_summary = [e.shows for e in resp.evidence if e.tool == "shortest_path"]
print(json.dumps({"status": resp.status, "answer": resp.answer, "summaries": ctx_summary}))
'''


def test_a_disconnected_graphs_path_question_prints_nothing_on_stderr(tmp_path):
    """igraph's "Couldn't reach some vertices" (src/paths/unweighted.c) is a note in the
    result, not warning text under the cell."""
    import json
    import os
    import subprocess
    import sys

    script = tmp_path / "ask.py"
    script.write_text(_DISCONNECTED)
    env = {**os.environ, "PYTHONWARNINGS": "default"}
    done = subprocess.run([sys.executable, str(script), str(tmp_path / "home")], env=env,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    out = json.loads(done.stdout.strip().splitlines()[-1])
    assert out["status"] == "answered" and "no path" in out["answer"]
    assert any("unreachable" in s for s in out["summaries"]), out["summaries"]


@pytest.mark.parametrize("backend", ["networkx", "igraph"])
def test_no_directed_path_says_whether_the_target_reaches_the_source_instead(tmp_path, backend):
    g = nx.DiGraph()
    g.add_weighted_edges_from([("a", "b", 3.0), ("b", "c", 4.0), ("a", "c", 10.0), ("x", "y", 1.0)],
                              weight="km")
    ctx = context(tmp_path, g)
    back = ok(ctx, "shortest_path", source="c", target="a", weight="km", backend=backend)
    assert back["reachable"] is False and back["reverse_reachable"] is True
    assert back["reverse_hops"] == 2 and back["reverse_length"] == pytest.approx(7.0)
    apart = ok(ctx, "shortest_path", source="a", target="y", backend=backend)
    assert apart["reverse_reachable"] is False and "reverse_hops" not in apart
