"""A worker that loads a revision ahead of its calls (a prefetch) builds the igraph view
then, so its first analysis does not; what it answers is what the agent's process answers."""

from __future__ import annotations

import asyncio

import pandas as pd

from igraph_agent import Agent
from igraph_agent.graph.datasets import GraphSpec
from igraph_agent.graph.session import SessionGraph
from igraph_agent.runtime.workers import WorkerPool
from igraph_agent.tools import default_registry
from igraph_agent.tools.registry import ToolContext

REGISTRY = default_registry()


def _two_pieces() -> pd.DataFrame:
    """A ring of 40 and a separate path of 12 (disconnected), with a chord or two."""
    ring = [(f"r{i}", f"r{(i + 1) % 40}") for i in range(40)] + [("r0", "r20"), ("r5", "r25")]
    path = [(f"p{i}", f"p{i + 1}") for i in range(11)]
    return pd.DataFrame(ring + path, columns=["source", "target"])


def _loaded(agent: Agent) -> tuple[str, int, SessionGraph]:
    """``_two_pieces`` attached, built and loaded: its dataset, revision and session graph."""
    src = agent.workspace.attach(_two_pieces(), name="pieces")
    ds = agent.workspace.construct([src["source_id"]], GraphSpec(directed=False))["id"]
    g, rev = agent.workspace.load(ds)
    session = SessionGraph("s")
    session.set_graph(g, ds, rev)
    return ds, rev, session


def test_a_prefetched_worker_holds_the_view_and_answers_local_analysis_as_the_agent(tmp_path):
    agent = Agent(home=tmp_path / "project")
    pool = WorkerPool(tmp_path / "project", size=1, min_edges=0)
    try:
        ds, rev, session = _loaded(agent)
        pool.warm(ds, rev)
        [worker] = pool._workers
        assert worker.loaded == (ds, rev)
        assert worker.call({"op": "load", "dataset_id": ds, "revision": rev})["view"] is True
        t = REGISTRY.get("local_analysis")
        ctx = ToolContext(workspace=agent.workspace, session=session, call_id="c")
        for node, radius in [("r0", 1), ("r20", 2), ("p0", 3), ("p6", 1)]:
            args = t.args_model(node=node, radius=radius)
            assert pool.accepts(t, args, session)
            there = asyncio.run(pool.execute(t, args, ctx))
            here = REGISTRY.execute(t, args, ctx)
            assert there.success and here.success
            assert there.data == here.data and there.summary == here.summary
        assert pool.served == 4
    finally:
        pool.close()
        agent.close()


def test_a_call_waits_for_the_worker_prefetching_its_revision_rather_than_a_cold_one(tmp_path):
    import threading
    import time

    agent = Agent(home=tmp_path / "project")
    pool = WorkerPool(tmp_path / "project", size=2, min_edges=0)
    try:
        ds, rev, session = _loaded(agent)
        pool.start()
        fetching, cold = pool._workers
        with pool._cond:  # a prefetch has taken this worker and is loading the revision
            pool._idle.remove(fetching)
        fetching.loading = (ds, rev)
        t = REGISTRY.get("local_analysis")
        args = t.args_model(node="r0", radius=2)
        ctx = ToolContext(workspace=agent.workspace, session=session, call_id="c")
        got = []
        call = threading.Thread(target=lambda: got.append(asyncio.run(pool.execute(t, args,
                                                                                   ctx))))
        call.start()
        time.sleep(0.5)
        assert call.is_alive() and cold in pool._idle  # waiting, the cold worker left alone
        fetching.call({"op": "load", "dataset_id": ds, "revision": rev})  # the prefetch ends
        fetching.loading = None
        pool._release(fetching)
        call.join(60)
        assert got and got[0].success
        assert got[0].data == REGISTRY.execute(t, args, ctx).data
        assert cold.loaded is None and fetching.loaded == (ds, rev)
    finally:
        pool.close()
        agent.close()


def test_without_a_prefetch_under_way_a_call_takes_an_idle_worker_at_once(tmp_path):
    agent = Agent(home=tmp_path / "project")
    pool = WorkerPool(tmp_path / "project", size=2, min_edges=0)
    try:
        ds, rev, session = _loaded(agent)
        pool.start()
        busy, free = pool._workers
        with pool._cond:  # busy with another revision's load: no reason to wait for it
            pool._idle.remove(busy)
        busy.loading = ("other", 1)
        t = REGISTRY.get("local_analysis")
        ctx = ToolContext(workspace=agent.workspace, session=session, call_id="c")
        result = asyncio.run(pool.execute(t, t.args_model(node="p3"), ctx))
        assert result.success and free.loaded == (ds, rev) and busy.loaded is None
        busy.loading = None
        pool._release(busy)
    finally:
        pool.close()
        agent.close()
