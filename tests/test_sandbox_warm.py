"""One warm code worker per session: it keeps what a snippet defined for the next one,
reads G, g and tables only when a snippet names them (g straight from the stored tables'
vertex codes), and is replaced when the revision changes or a snippet fails its limits.

These run under whatever confinement the machine has (bubblewrap where it works, rlimits
otherwise); tests/test_sandbox.py proves the boundary itself."""

from __future__ import annotations

import networkx as nx
import pandas as pd
import psutil
import pytest
from tools_support import call, context, karate, ok

from igraph_agent.graph.datasets import to_networkx
from igraph_agent.graph.lazy import is_built, lazy_tables
from igraph_agent.graph.session import SessionGraph
from igraph_agent.sandbox import zones
from igraph_agent.tools import ToolContext

pytestmark = pytest.mark.slow  # each worker start is a fresh Python (1-3 s here)


@pytest.fixture
def karate_ctx(tmp_path):
    ctx = context(tmp_path, karate())
    yield ctx
    zones.clear(ctx.workspace.home, ctx.session.session_id)


def _stored(tmp_path, directed: bool = False) -> ToolContext:
    """A session whose graph is loaded from its stored tables (networkx not built)."""
    ctx = context(tmp_path, karate())
    csv = tmp_path / "loans.csv"
    pd.DataFrame({"lender": ["ann", "bo", "cy", "ann", "dee"],
                  "borrower": ["bo", "cy", "dee", "dee", "ann"],
                  "weight": [1.5, 2.0, 3.0, 4.0, 0.5],
                  "purpose": ["rent", None, "car", "rent", "food"]}).to_csv(csv, index=False)
    session = SessionGraph("stored")
    sid = ctx.workspace.attach(csv)["source_id"]
    session.attached_sources = [sid]
    ctx = ToolContext(workspace=ctx.workspace, session=session, call_id="c1")
    # lender -> borrower reads as directed by itself: say which reading this test wants
    args = {"source_ids": [sid], "directed": directed}
    ds = ok(ctx, "construct_graph", **args)["dataset_id"]
    ok(ctx, "load_constructed_graph", dataset_id=ds)
    assert lazy_tables(session.graph) is not None and not is_built(session.graph)
    return ctx


def test_a_sessions_snippets_share_one_worker_and_a_counter_set_in_the_first(karate_ctx):
    first = ok(karate_ctx, "run_graph_code", code="counter = 41\nresult = G.number_of_edges()")
    second = ok(karate_ctx, "run_graph_code", code="counter += 1\nresult = counter")
    assert first["result"] == 78 and second["result"] == 42
    assert second["worker"]["pid"] == first["worker"]["pid"]
    assert (first["worker"]["snippets"], second["worker"]["snippets"]) == (1, 2)
    assert second["worker"]["built"] == ["G"]  # read once, by the first snippet


def test_the_worker_is_replaced_when_the_revision_changes(karate_ctx):
    first = ok(karate_ctx, "run_graph_code", code="counter = 1\nresult = G.number_of_nodes()")
    karate_ctx.session.set_graph(nx.path_graph(5), "ds_test", 2)
    after = call(karate_ctx, "run_graph_code", code="result = counter")
    assert after["success"] is False and "counter" in after["error"]["message"]
    fresh = ok(karate_ctx, "run_graph_code", code="result = G.number_of_nodes()")
    assert fresh["result"] == 5 and fresh["revision"] == 2
    assert fresh["worker"]["pid"] != first["worker"]["pid"]
    assert not psutil.pid_exists(first["worker"]["pid"]) or psutil.Process(
        first["worker"]["pid"]).status() == psutil.STATUS_ZOMBIE


def test_a_snippet_that_ran_past_its_time_gets_a_new_worker_next(karate_ctx):
    first = ok(karate_ctx, "run_graph_code", code="counter = 1\nresult = 0", wall_s=20)
    kept = ok(karate_ctx, "run_graph_code", code="result = counter", wall_s=20)
    assert kept["worker"]["pid"] == first["worker"]["pid"]
    slow = call(karate_ctx, "run_graph_code", code="while True: pass", wall_s=2)
    assert slow["error"]["code"] == "CODE_TIMEOUT"
    nxt = ok(karate_ctx, "run_graph_code", code="result = 'counter' in globals()", wall_s=20)
    assert nxt["result"] is False and nxt["worker"]["pid"] != first["worker"]["pid"]
    assert not psutil.pid_exists(first["worker"]["pid"]) or psutil.Process(
        first["worker"]["pid"]).status() == psutil.STATUS_ZOMBIE


def test_a_snippet_out_of_memory_gets_a_new_worker_next(karate_ctx):
    first = ok(karate_ctx, "run_graph_code", code="counter = 1\nresult = 0", memory_mb=512)
    big = call(karate_ctx, "run_graph_code", code="x = bytearray(2 * 2**30)", memory_mb=512)
    assert big["error"]["code"] == "CODE_MEMORY_LIMIT"
    nxt = ok(karate_ctx, "run_graph_code", code="result = 'counter' in globals()",
             memory_mb=512)
    assert nxt["result"] is False and nxt["worker"]["pid"] != first["worker"]["pid"]


def test_g_alone_never_builds_networkx_in_the_worker_or_the_agent(tmp_path):
    ctx = _stored(tmp_path)
    data = ok(ctx, "run_graph_code",
              code="result = sorted((g.vs[e.source]['_nx_name'], g.vs[e.target]['_nx_name'], "
                   "e['weight'], e['purpose']) for e in g.es)")
    assert data["worker"]["built"] == ["g"]
    assert not is_built(ctx.session.graph)
    nodes, edges = lazy_tables(ctx.session.graph)
    expected = to_networkx(nodes, edges, directed=False)
    by_pair = {frozenset((u, v)): d for u, v, d in expected.edges(data=True)}
    assert len(data["result"]) == expected.number_of_edges() == 4  # ann-dee twice: merged
    for u, v, w, purpose in data["result"]:
        assert by_pair[frozenset((u, v))]["weight"] == w
        assert by_pair[frozenset((u, v))].get("purpose") == purpose
    zones.clear(ctx.workspace.home, ctx.session.session_id)


def test_a_snippet_runs_with_garbage_collection_on_after_g_is_read(tmp_path):
    ctx = _stored(tmp_path)
    data = ok(ctx, "run_graph_code", code="import gc\nresult = [g.ecount(), gc.isenabled()]")
    assert data["result"] == [4, True] and data["worker"]["built"] == ["g"]
    zones.clear(ctx.workspace.home, ctx.session.session_id)


@pytest.mark.parametrize("directed", [False, True])
def test_G_read_from_the_stored_tables_is_the_loaded_revisions_graph(tmp_path, directed):
    ctx = _stored(tmp_path, directed)
    data = ok(ctx, "run_graph_code",
              code="result = [G.is_directed(), list(G.nodes(data=True)), "
                   "[[u, v, d] for u, v, d in G.edges(data=True)]]")
    nodes, edges = lazy_tables(ctx.session.graph)
    expected = to_networkx(nodes, edges, directed=directed)
    assert data["result"][0] is directed
    assert data["result"][1] == [[n, d] for n, d in expected.nodes(data=True)]
    assert data["result"][2] == [[u, v, d] for u, v, d in expected.edges(data=True)]
    assert data["worker"]["built"] == ["G"] and not is_built(ctx.session.graph)
    zones.clear(ctx.workspace.home, ctx.session.session_id)


def test_G_cannot_be_changed_in_place_and_a_rebound_G_is_not_kept(karate_ctx):
    err = call(karate_ctx, "run_graph_code", code="G.add_edge(0, 99)")["error"]
    assert err["code"] == "CODE_FAILED" and "Frozen graph" in err["message"]
    ok(karate_ctx, "run_graph_code", code="G = nx.path_graph(3)\nresult = 0")
    assert ok(karate_ctx, "run_graph_code", code="result = len(G)")["result"] == 34


def test_an_igraph_view_a_snippet_shrank_is_read_again(karate_ctx):
    ok(karate_ctx, "run_graph_code", code="g.delete_vertices([0])\nresult = 0")
    assert ok(karate_ctx, "run_graph_code", code="result = g.vcount()")["result"] == 34


def test_clearing_the_session_stops_its_worker(karate_ctx):
    pid = ok(karate_ctx, "run_graph_code", code="result = 1")["worker"]["pid"]
    zones.clear(karate_ctx.workspace.home, karate_ctx.session.session_id)
    assert not psutil.pid_exists(pid) or psutil.Process(pid).status() == psutil.STATUS_ZOMBIE
    assert ok(karate_ctx, "run_graph_code", code="result = 2")["worker"]["pid"] != pid


def test_a_worker_started_before_its_view_is_written_serves_the_view(tmp_path, monkeypatch):
    """run_graph_code starts the worker before it writes the view (the start overlaps the
    writing): a worker that began while the Environment was still empty reads the view
    written after it, once a snippet names it."""
    import time

    from igraph_agent.sandbox import runner
    from igraph_agent.tools import code

    ctx = _stored(tmp_path)
    zone = zones.paths(ctx.workspace.home, ctx.session.session_id)
    written, early = code._prepare, []

    def slow_prepare(*args, **kwargs):
        early.append(runner._WORKERS[str(zone["scratch"].parent)].proc.pid)
        time.sleep(3.0)  # the worker is up and waiting before anything is written
        return written(*args, **kwargs)

    monkeypatch.setattr(code, "_prepare", slow_prepare)
    first = ok(ctx, "run_graph_code", code="result = [g.vcount(), g.ecount()]")
    assert first["result"] == [4, 4] and first["worker"]["snippets"] == 1
    assert first["worker"]["pid"] == early[0]  # the worker started early served it
    zones.clear(ctx.workspace.home, ctx.session.session_id)


def test_the_view_goes_without_endpoint_texts_and_G_makes_them_from_the_codes(tmp_path):
    import json
    import pickle

    ctx = _stored(tmp_path, directed=True)
    data = ok(ctx, "run_graph_code", code="result = sorted(G.edges())")
    env = zones.paths(ctx.workspace.home, ctx.session.session_id)["environment"]
    assert json.loads((env / "view.json").read_text())["endpoints_coded"] is True
    held = pickle.loads((env / "edges.pickle").read_bytes())
    assert not {"source", "target"} & set(held.columns) and len(held) == 5
    assert data["result"] == [["ann", "bo"], ["ann", "dee"], ["bo", "cy"], ["cy", "dee"],
                              ["dee", "ann"]]
    zones.clear(ctx.workspace.home, ctx.session.session_id)


def test_g_alone_imports_neither_pandas_nor_networkx_and_pd_works_when_used(tmp_path):
    """A plain edge list: g reads only the codes and the ids (no attribute tables)."""
    ctx = context(tmp_path, karate())
    csv = tmp_path / "pairs.csv"
    pd.DataFrame({"source": ["a", "b", "c", "a"], "target": ["b", "c", "d", "d"]}).to_csv(
        csv, index=False)
    session = SessionGraph("plain")
    session.attached_sources = [ctx.workspace.attach(csv)["source_id"]]
    ctx = ToolContext(workspace=ctx.workspace, session=session, call_id="c1")
    ds = ok(ctx, "construct_graph", source_ids=session.attached_sources)["dataset_id"]
    ok(ctx, "load_constructed_graph", dataset_id=ds)
    first = ok(ctx, "run_graph_code", code="import sys\nresult = [g.ecount(), "
                    "type(sys.modules['pandas']).__name__, type(sys.modules['networkx']).__name__]")
    assert first["result"] == [4, "_LazyModule", "_LazyModule"]
    second = ok(ctx, "run_graph_code", code="result = pd.DataFrame({'a': [1, 2]})")
    assert second["result"] == {"columns": ["a"], "total_rows": 2, "rows": [{"a": 1}, {"a": 2}]}
    third = ok(ctx, "run_graph_code", code="result = nx.number_of_nodes(G)")
    assert third["result"] == 4 and first["worker"]["pid"] == third["worker"]["pid"]
    zones.clear(ctx.workspace.home, ctx.session.session_id)


def test_a_worker_is_started_with_the_libraries_its_first_snippet_names():
    from igraph_agent.sandbox.runner import libraries_named

    assert libraries_named("result = g.ecount()") == ["numpy", "igraph"]
    assert libraries_named("def f():\n    return nx.density(G)\nresult = f()") == [
        "pandas", "networkx"]
    assert libraries_named("result = len(tables)") == ["pandas"]
    assert libraries_named("result = 1 +") == [] and libraries_named("result = 2") == []
