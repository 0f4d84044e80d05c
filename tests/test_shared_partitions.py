"""A community partition is computed once per (dataset, revision, settings) and shared by
the kernel's session, other sessions and the analysis workers through files beside it."""

from __future__ import annotations

import asyncio

import pytest

from igraph_agent import Agent
from igraph_agent.graph.datasets import GraphSpec
from igraph_agent.graph.session import SessionGraph
from igraph_agent.runtime.workers import WorkerPool
from igraph_agent.tools import community
from igraph_agent.tools.registry import ToolContext


@pytest.fixture
def agent(tmp_path):
    a = Agent(home=tmp_path / "home")
    yield a
    a.close()


def _session(agent: Agent, karate_csv) -> tuple[SessionGraph, str]:
    src = agent.workspace.attach(karate_csv)
    ds = agent.workspace.construct([src["source_id"]], GraphSpec())["id"]
    session = SessionGraph("s")
    session.set_graph(agent.workspace.load(ds, 1)[0], ds, 1)
    return session, ds


def _detect(agent: Agent, session: SessionGraph, **args) -> dict:
    ctx = ToolContext(workspace=agent.workspace, session=session, call_id="c")
    env = agent.registry.dispatch("community_detection", args, ctx)
    assert env.success, env.error
    return env.data


def test_second_session_reuses_the_stored_partition_and_other_settings_compute(
        agent, karate_csv, monkeypatch):
    first, ds = _session(agent, karate_csv)
    computed = _detect(agent, first, method="leiden", seed=3)
    other = SessionGraph("other")
    other.set_graph(agent.workspace.load(ds, 1)[0], ds, 1)  # another graph object
    calls = []
    real = community._compute
    monkeypatch.setattr(community, "_compute", lambda *a, **k: calls.append(a) or real(*a, **k))
    reused = _detect(agent, other, method="leiden", seed=3)
    assert calls == [] and reused == computed
    _detect(agent, other, method="leiden", seed=4)
    assert len(calls) == 1  # other settings are another partition


def test_a_subgraph_by_community_works_after_another_process_made_the_partition(
        agent, karate_csv):
    session, ds = _session(agent, karate_csv)
    session.partition = None
    pool = WorkerPool(agent.home, size=1, min_edges=0)
    try:
        t = agent.registry.get("community_detection")
        ctx = ToolContext(workspace=agent.workspace, session=session, call_id="w1")
        from_worker = asyncio.run(pool.execute(t, t.args_model(method="leiden", seed=5), ctx))
        assert from_worker.success and pool.served == 1
    finally:
        pool.close()
    stored = list((agent.workspace.datasets_dir / ds / "partitions").glob("r1-*.parquet"))
    assert len(stored) == 1  # the worker stored it beside the revision
    kernel = SessionGraph("kernel")
    kernel.set_graph(agent.workspace.load(ds, 1)[0], ds, 1)
    data = _detect(agent, kernel, method="leiden", seed=5)
    assert data["modularity"] == from_worker.data["modularity"]
    env = agent.registry.dispatch("subgraph_extraction", {"community": 0}, ToolContext(
        workspace=agent.workspace, session=session, call_id="s1"))
    assert env.success, env.error  # the partition the worker left belongs to this revision


def test_a_worker_is_sent_the_partition_only_when_it_changed(agent, karate_csv):
    session, _ = _session(agent, karate_csv)
    pool = WorkerPool(agent.home, size=1, min_edges=0)
    sent: list[bool] = []
    try:
        pool.warm(session.dataset_id, 1)
        [worker] = list(pool._workers)
        real = worker.call

        def recording(request):
            sent.append("partition" in (request.get("extras") or {}))
            return real(request)

        worker.call = recording
        for name, args in (("community_detection", {"method": "leiden", "seed": 5}),
                           ("bridge_nodes", {"method": "leiden", "seed": 5, "top_k": 3}),
                           ("bridge_nodes", {"method": "leiden", "seed": 5, "top_k": 4})):
            t = agent.registry.get(name)
            ctx = ToolContext(workspace=agent.workspace, session=session, call_id=name)
            assert asyncio.run(pool.execute(t, t.args_model(**args), ctx)).success
        assert session.partition is not None and session.partition["key"][1] == 5
        session.partition = dict(session.partition)  # a new partition object
        t = agent.registry.get("bridge_nodes")
        ctx = ToolContext(workspace=agent.workspace, session=session, call_id="again")
        assert asyncio.run(pool.execute(t, t.args_model(method="leiden", seed=5), ctx)).success
    finally:
        pool.close()
    # the first call sends the kernel's (empty) partition; the worker's own comes back and is
    # not sent again; a replaced one is
    assert sent == [True, False, False, True]
