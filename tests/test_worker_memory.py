"""Memory a first question does not need is never held: analysis workers start one at a time
as calls need them, and freed heap memory goes back to the system after a read, a
construction or a worker's load; the answers stay the same."""

from __future__ import annotations

import asyncio
import threading
import time

from test_worker_prefetch import REGISTRY, _loaded

from igraph_agent import Agent
from igraph_agent.graph.heap import _resident, give_back
from igraph_agent.runtime.workers import WorkerPool


def test_a_lone_call_starts_one_worker_and_a_call_that_finds_it_busy_starts_a_second(tmp_path):
    from igraph_agent.tools.registry import ToolContext

    agent = Agent(home=tmp_path / "project")
    pool = WorkerPool(tmp_path / "project", size=2, min_edges=0)
    try:
        ds, rev, session = _loaded(agent)
        t = REGISTRY.get("local_analysis")
        args = t.args_model(node="r0", radius=2)
        ctx = ToolContext(workspace=agent.workspace, session=session, call_id="c")
        expected = REGISTRY.execute(t, args, ctx).data
        first = asyncio.run(pool.execute(t, args, ctx))
        assert first.success and first.data == expected
        assert pool.started == 1  # the pool's size is 2: the second was never needed
        (busy,) = pool._workers
        with pool._cond:  # serving another call
            pool._idle.remove(busy)
        second = asyncio.run(pool.execute(t, args, ctx))
        assert second.success and second.data == expected
        assert pool.started == 2 and busy.loaded == (ds, rev)
        pool._release(busy)
        third = asyncio.run(pool.execute(t, args, ctx))  # both idle, both hold it: no third
        assert third.success and pool.started == 2
    finally:
        pool.close()
        agent.close()


def test_a_call_waiting_for_a_prefetch_starts_no_other_worker(tmp_path):
    from igraph_agent.tools.registry import ToolContext

    agent = Agent(home=tmp_path / "project")
    pool = WorkerPool(tmp_path / "project", size=2, min_edges=0)
    try:
        ds, rev, session = _loaded(agent)
        pool.start(1)
        (fetching,) = pool._workers
        with pool._cond:
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
        assert call.is_alive() and pool.started == 1  # it waits for the prefetch
        fetching.call({"op": "load", "dataset_id": ds, "revision": rev})
        fetching.loading = None
        pool._release(fetching)
        call.join(60)
        assert got and got[0].success and pool.started == 1
    finally:
        pool.close()
        agent.close()


def test_freed_heap_memory_goes_back_to_the_system():
    """Blocks freed below a live one stay resident (malloc trims only the heap's top) until
    give_back; afterwards they are returned."""
    blocks = [bytearray(4096) for _ in range(40_000)]  # ~160 MB of small malloc'd blocks
    pin = bytearray(4096)  # above them: the heap's top stays in use
    held = _resident()
    del blocks
    assert _resident() > held - 50 * 2**20  # freed, but still this process's memory
    released = give_back()
    assert released > 100 * 2**20 and _resident() < held - 100 * 2**20
    assert len(pin) == 4096
