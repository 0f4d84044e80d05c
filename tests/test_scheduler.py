"""The scheduler: resource DAG, concurrency, blocking, ordering, and the worker processes."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import threading
import time

import networkx as nx
import pytest
from pydantic import BaseModel

from igraph_agent import Agent, RunOptions
from igraph_agent.errors import ErrorCode, ToolError
from igraph_agent.graph.datasets import GraphSpec
from igraph_agent.graph.session import SessionGraph
from igraph_agent.model.gateway import ToolCallRequest
from igraph_agent.model.scripted import ScriptedModel, call
from igraph_agent.runtime.scheduler import max_concurrency, plan_batch
from igraph_agent.runtime.workers import WorkerPool
from igraph_agent.tools import ToolContext, ToolOutput, default_registry, tool


def _karate() -> nx.Graph:
    return nx.relabel_nodes(nx.karate_club_graph(), str)


def _dataset(agent: Agent, g: nx.Graph | None = None) -> str:
    src = agent.workspace.attach(g if g is not None else _karate(), "karate")
    return agent.workspace.construct([src["source_id"]], GraphSpec())["id"]


def _tool_messages(model: ScriptedModel, request: int) -> list[dict]:
    return [m for m in model.requests[request]["messages"] if m.get("role") == "tool"]


def _events(agent: Agent, run_id: str) -> list[dict]:
    return agent.run_record(run_id)["events"]


class _Empty(BaseModel):
    pass


class _Key(BaseModel):
    key: str = "x"


def _reqs(*specs: tuple[str, dict]) -> list[ToolCallRequest]:
    return [ToolCallRequest(f"c{i}", name, json.dumps(args)) for i, (name, args) in enumerate(specs)]


def test_plan_orders_calls_by_their_resource_contracts():
    registry = default_registry()
    scope = set(registry.names())
    planned = plan_batch(registry, _reqs(
        ("get_graph_info", {}),
        ("load_constructed_graph", {"dataset_id": "ds_a"}),
        ("node_centrality", {"measure": "pagerank"}),
        ("degree_analysis", {}),
        ("construct_graph", {"source_ids": ["src_1"]}),
    ), scope)
    assert planned[0].after == []
    assert planned[1].after == [0]  # writes graph, which get_graph_info reads
    assert planned[2].after == [1]  # reads graph after the load wrote it
    assert planned[3].after == [1]  # two reads of the graph do not order each other
    # writes the workspace: get_graph_info reads it, and it holds the dataset the load reads
    assert planned[4].after == [0, 1]


def test_unknown_and_unparseable_calls_are_barriers():
    registry = default_registry()
    scope = set(registry.names())
    planned = plan_batch(registry, _reqs(
        ("degree_analysis", {}),
        ("drop_database", {}),
        ("node_centrality", {"measure": "pagerank"}),
        ("node_centrality", {"measure": "nonsense"}),
        ("degree_analysis", {"top_k": 3}),
    ), scope)
    assert planned[1].barrier and planned[1].after == [0]
    assert planned[2].after == [1]
    assert planned[3].barrier and planned[3].after == [0, 1, 2]
    assert planned[4].after == [1, 3]


def test_a_tool_that_declares_no_resources_is_a_barrier():
    @tool()
    def undeclared(ctx: ToolContext, args: _Empty) -> ToolOutput:
        """Touches who knows what."""
        return ToolOutput(data={}, summary="")

    registry = default_registry()
    registry.add(undeclared)
    planned = plan_batch(registry, _reqs(("degree_analysis", {}), ("undeclared", {}),
                                         ("node_centrality", {})), set(registry.names()))
    assert planned[1].barrier and planned[1].after == [0] and planned[2].after == [1]


def test_concurrency_limit_comes_from_the_environment_and_is_clamped():
    assert max_concurrency({}) == 4
    assert max_concurrency({"AGENT_TOOL_MAX_CONCURRENCY": "2"}) == 2
    assert max_concurrency({"AGENT_TOOL_MAX_CONCURRENCY": "0"}) == 1
    assert max_concurrency({"AGENT_TOOL_MAX_CONCURRENCY": "-5"}) == 1
    assert max_concurrency({"AGENT_TOOL_MAX_CONCURRENCY": "500"}) == 32
    assert max_concurrency({"AGENT_TOOL_MAX_CONCURRENCY": "many"}) == 4


def test_read_batch_after_a_load_waits_for_the_load(agent):
    ds = _dataset(agent)
    model = ScriptedModel([
        [call("load_constructed_graph", dataset_id=ds), call("node_centrality", measure="pagerank"),
         call("degree_analysis", top_k=3)],
        "Loaded and analysed.",
    ])
    resp = agent.ask("Which node is central?", options=RunOptions(model=model.id))
    assert [a.success for a in resp.actions] == [True, True, True]
    events = _events(agent, resp.run_id)
    done_load = next(e["index"] for e in events
                     if e["type"] == "tool.completed" and e["data"]["call_id"] == "t1c0")
    starts = {e["data"]["call_id"]: e["index"] for e in events if e["type"] == "tool.started"}
    assert starts["t1c1"] > done_load and starts["t1c2"] > done_load
    degree = json.loads(_tool_messages(model, 1)[2]["content"])
    assert degree["data"]["nodes"] == 34  # it read the loaded graph, not an empty session


def _completed(ctx: ToolContext, tool_name: str, within: float) -> bool:
    """Whether the run's call of ``tool_name`` is recorded as finished within ``within`` s
    (its row and its tool.completed event are written in one transaction)."""
    deadline = time.monotonic() + within
    while time.monotonic() < deadline:
        rows = ctx.workspace.store.tool_calls(ctx.run_id)
        if any(r["tool"] == tool_name and r["status"] in ("succeeded", "failed") for r in rows):
            return True
        time.sleep(0.01)
    return False


def _side_registry(log: list[str], gate: threading.Event | None = None):
    @tool(reads=("report",))
    def slow_note(ctx: ToolContext, args: _Key) -> ToolOutput:
        """Independent of the graph; with a gate, waits until fast_note ran alongside and its
        completion was recorded (the two calls then complete in a known order: without the
        second wait, both threads return at once and either completion may be seen first)."""
        if gate is not None and not gate.wait(60):
            raise ToolError(ErrorCode.TOOL_FAILED, "fast_note never ran alongside")
        if gate is not None and not _completed(ctx, "fast_note", within=60):
            raise ToolError(ErrorCode.TOOL_FAILED, "fast_note's completion was never recorded")
        log.append(f"slow:{args.key}")
        return ToolOutput(data={"key": args.key}, summary=f"slow {args.key}")

    @tool(reads=("session_config",))
    def fast_note(ctx: ToolContext, args: _Key) -> ToolOutput:
        """Independent of everything else."""
        log.append(f"fast:{args.key}")
        if gate is not None:
            gate.set()
        return ToolOutput(data={"key": args.key}, summary=f"fast {args.key}")

    registry = default_registry()
    registry.add(slow_note)
    registry.add(fast_note)
    return registry


def test_failing_load_blocks_its_dependents_but_not_an_independent_call(tmp_path):
    log: list[str] = []
    agent = Agent(home=tmp_path, registry=_side_registry(log))
    model = ScriptedModel([
        [call("load_constructed_graph", dataset_id="ds_missing"),
         call("node_centrality", measure="pagerank"), call("slow_note", key="a"),
         call("degree_analysis")],
        [call("get_graph_info")],
        "The load failed.",
    ])
    resp = agent.ask("load it", options=RunOptions(model=model.id))
    first = [json.loads(m["content"]) for m in _tool_messages(model, 1)]
    assert first[0]["error"]["code"] == ErrorCode.DATASET_SCOPE_REQUIRED
    for blocked in (first[1], first[3]):
        assert blocked["error"]["code"] == ErrorCode.TOOL_DEPENDENCY_BLOCKED
        assert "load_constructed_graph (t1c0)" in blocked["error"]["message"]
    assert first[2]["success"] is True and log == ["slow:a"]
    events = _events(agent, resp.run_id)
    blocked_events = [e["data"] for e in events if e["type"] == "tool.blocked"]
    assert {e["call_id"] for e in blocked_events} == {"t1c1", "t1c3"}
    assert all(e["blocked_by"] == "t1c0" for e in blocked_events)
    started = {e["data"]["call_id"] for e in events if e["type"] == "tool.started"}
    assert "t1c1" not in started and "t1c3" not in started  # never queued, never run
    stored = {c["call_id"]: c for c in agent.store.tool_calls(resp.run_id)}
    assert stored["t1c1"]["status"] == "blocked"
    # the failed load is not a loaded graph downstream
    info = json.loads(_tool_messages(model, 2)[-1]["content"])
    assert info["data"]["loaded"] is False
    agent.close()


def test_results_go_back_in_the_models_order_while_events_follow_completion(tmp_path):
    log: list[str] = []
    gate = threading.Event()
    agent = Agent(home=tmp_path, registry=_side_registry(log, gate))
    model = ScriptedModel([[call("slow_note", key="1"), call("fast_note", key="2")], "done"])
    resp = agent.ask("notes", options=RunOptions(model=model.id))
    assert log == ["fast:2", "slow:1"]  # slow_note waited for fast_note: they overlapped
    sent = [json.loads(m["content"])["tool"] for m in _tool_messages(model, 1)]
    assert sent == ["slow_note", "fast_note"]
    completed = [e["data"]["tool"] for e in _events(agent, resp.run_id)
                 if e["type"] == "tool.completed"]
    assert completed == ["fast_note", "slow_note"]
    assert [a.tool for a in resp.actions] == ["slow_note", "fast_note"]
    agent.close()


def test_concurrency_limit_is_honoured(tmp_path, monkeypatch):
    monkeypatch.setenv("AGENT_TOOL_MAX_CONCURRENCY", "2")
    lock = threading.Lock()
    state = {"now": 0, "max": 0}
    pair = threading.Barrier(2, timeout=60)

    @tool(reads=("report",))
    def paired(ctx: ToolContext, args: _Key) -> ToolOutput:
        """Waits until a second call runs alongside it."""
        with lock:
            state["now"] += 1
            state["max"] = max(state["max"], state["now"])
        try:
            pair.wait()
        finally:
            with lock:
                state["now"] -= 1
        return ToolOutput(data={"key": args.key}, summary="paired")

    registry = default_registry()
    registry.add(paired)
    agent = Agent(home=tmp_path, registry=registry)
    model = ScriptedModel([[call("paired", key=str(i)) for i in range(4)], "done"])
    resp = agent.ask("pairs", options=RunOptions(model=model.id))
    assert [a.success for a in resp.actions] == [True] * 4  # pairs met: two ran together
    assert state["max"] == 2  # never more than the limit
    agent.close()


def test_a_batch_starts_its_heaviest_calls_first_and_answers_in_the_models_order(
        agent, monkeypatch):
    monkeypatch.setenv("AGENT_TOOL_MAX_CONCURRENCY", "1")  # one at a time: the start order shows
    agent.ask("load", attach=[_karate()])
    batch = [call("get_graph_info"), call("degree_analysis", top_k=2),
             call("node_centrality", measure="pagerank", top_k=2),
             call("community_detection"), call("node_centrality", measure="betweenness", top_k=2)]
    model = ScriptedModel([batch, "done"])
    resp = agent.ask("everything", options=RunOptions(model=model.id))
    started = [e["data"]["call_id"] for e in _events(agent, resp.run_id)
               if e["type"] == "tool.started"]
    ids = [a.call_id for a in resp.actions]  # the model's order
    assert started == [ids[3], ids[4], ids[1], ids[2], ids[0]]  # cost 3, 3, 2, 2, 0
    assert [a.tool for a in resp.actions] == ["get_graph_info", "degree_analysis",
                                              "node_centrality", "community_detection",
                                              "node_centrality"]
    assert all(a.success for a in resp.actions)


def test_blocked_calls_can_be_resubmitted_in_a_later_turn(agent):
    ds = _dataset(agent)
    model = ScriptedModel([
        [call("load_constructed_graph", dataset_id="ds_nope"), call("degree_analysis", top_k=2)],
        [call("load_constructed_graph", dataset_id=ds), call("degree_analysis", top_k=2)],
        "Mean degree is 4.5882.",
    ])
    resp = agent.ask("degrees?", options=RunOptions(model=model.id))
    assert [a.error_code for a in resp.actions] == [
        "DATASET_SCOPE_REQUIRED", "TOOL_DEPENDENCY_BLOCKED", None, None]
    assert resp.status == "answered"


# -- worker processes -------------------------------------------------------------------
@pytest.fixture
def worker_agent(tmp_path, monkeypatch):
    monkeypatch.setenv("IGRAPH_AGENT_WORKER_MIN_EDGES", "0")
    monkeypatch.setenv("IGRAPH_AGENT_WORKERS", "2")
    a = Agent(home=tmp_path / "project")
    yield a
    a.close()


@pytest.mark.slow  # a worker process: spawns and loads the graph
def test_calls_waiting_for_a_worker_are_served_heaviest_first(tmp_path, monkeypatch):
    monkeypatch.setenv("IGRAPH_AGENT_WORKER_MIN_EDGES", "0")
    monkeypatch.setenv("IGRAPH_AGENT_WORKERS", "1")  # one worker: it serves them one by one
    agent = Agent(home=tmp_path / "project")
    try:
        ds = _dataset(agent)
        batch = [call("degree_analysis", top_k=2), call("node_centrality", measure="pagerank"),
                 call("community_detection"), call("node_centrality", measure="betweenness")]
        model = ScriptedModel([[call("load_constructed_graph", dataset_id=ds)], batch, "done"])
        resp = agent.ask("all", options=RunOptions(model=model.id))
        assert all(a.success for a in resp.actions) and agent.workers.served == 4
        completed = [e["data"]["call_id"] for e in _events(agent, resp.run_id)
                     if e["type"] == "tool.completed"][1:]
        ids = [a.call_id for a in resp.actions][1:]
        assert completed == [ids[2], ids[3], ids[0], ids[1]]  # served in cost order
    finally:
        agent.close()


@pytest.mark.slow  # worker processes: each spawns and loads the graph
def test_read_only_analyses_run_in_worker_processes_with_the_same_results(worker_agent, tmp_path,
                                                                         monkeypatch):
    ds = _dataset(worker_agent)
    turns = [
        [call("load_constructed_graph", dataset_id=ds)],
        [call("node_centrality", measure="pagerank", top_k=5),
         call("node_centrality", measure="betweenness", top_k=5),
         call("degree_analysis", top_k=5)],
        "done",
    ]
    model = ScriptedModel(list(turns))
    resp = worker_agent.ask("Which nodes are central?", options=RunOptions(model=model.id))
    assert [a.success for a in resp.actions] == [True] * 4
    pool = worker_agent.workers
    assert pool.served == 3 and len(pool.pids()) == 2  # real processes answered the reads
    # the same calls in-process (workers off) give the same data
    monkeypatch.setenv("IGRAPH_AGENT_WORKERS", "0")
    local = Agent(home=tmp_path / "local")
    ds_local = _dataset(local)
    turns[0] = [call("load_constructed_graph", dataset_id=ds_local)]
    model_local = ScriptedModel(list(turns))
    resp_local = local.ask("Which nodes are central?", options=RunOptions(model=model_local.id))
    assert local.workers.served == 0
    for a, b in zip(resp.actions[1:], resp_local.actions[1:], strict=True):
        assert resp.data[a.call_id] == resp_local.data[b.call_id]
    local.close()


@pytest.mark.slow  # worker processes: each spawns and loads the graph
def test_workers_reload_when_a_write_bumps_the_revision(worker_agent):
    g = _karate()
    g.add_edge("0", "0")  # a self-loop the optimization removes
    ds = _dataset(worker_agent, g)
    model = ScriptedModel([
        [call("load_constructed_graph", dataset_id=ds)],
        [call("degree_analysis", top_k=1)],
        [call("preview_graph_optimization", drop_self_loops=True, drop_isolates=False)],
        lambda messages, tools: [call("commit_graph_optimization", **json.loads(
            [m for m in messages if m["role"] == "tool"][-1]["content"])["data"]["commit_args"])],
    ])
    paused = worker_agent.ask("optimize the graph", options=RunOptions(model=model.id))
    assert paused.status == "awaiting_approval"
    model.steps += [[call("degree_analysis", top_k=2)], "Committed; revision 2 is loaded."]
    resp = worker_agent.continue_run(paused.run_id, paused.pending[0].tool_call_id, "approve")
    assert resp.status == "answered"
    before, after = [a for a in resp.actions if a.tool == "degree_analysis"]
    assert resp.data[before.call_id]["max_degree"] == 18  # node 0: 16 + its self-loop twice
    assert resp.data[after.call_id]["max_degree"] == 17
    assert worker_agent.graph(resp.session_id).revision == 2
    assert worker_agent.workers.served >= 3


@pytest.mark.slow  # worker processes: each spawns and loads the graph
def test_session_state_a_worker_tool_keeps_comes_back(worker_agent):
    ds = _dataset(worker_agent)
    model = ScriptedModel([
        [call("load_constructed_graph", dataset_id=ds)],
        [call("community_detection")],
        "done",
    ])
    resp = worker_agent.ask("communities?", options=RunOptions(model=model.id))
    assert resp.actions[-1].success
    assert worker_agent.workers.served == 1
    assert worker_agent.graph(resp.session_id).partition is not None


@pytest.mark.slow  # worker processes: each spawns and loads the graph
def test_a_worker_that_dies_fails_one_call_and_is_replaced(tmp_path):
    agent = Agent(home=tmp_path)
    ds = _dataset(agent)
    session = SessionGraph("s")
    g, rev = agent.workspace.load(ds, 1)
    session.set_graph(g, ds, rev)
    pool = WorkerPool(tmp_path, size=1, min_edges=0)
    t = agent.registry.get("degree_analysis")
    args = t.args_model(top_k=1)
    assert pool.accepts(t, args, session)
    ctx = ToolContext(workspace=agent.workspace, session=session, call_id="c1")
    try:
        pool.warm(ds, 1)
        [pid] = pool.pids()
        os.kill(pid, signal.SIGKILL)
        failed = asyncio.run(pool.execute(t, args, ctx))
        assert not failed.success and failed.error.code == ErrorCode.TOOL_FAILED
        assert failed.error.retryable
        again = asyncio.run(pool.execute(t, args, ctx))
        assert again.success and again.data["max_degree"] == 17
        assert pool.pids() != [pid]
    finally:
        pool.close()
        agent.close()


@pytest.mark.slow  # a worker process: spawned, loads the graph, killed
def test_a_worker_killed_by_a_cancel_is_never_handed_to_the_next_call(tmp_path):
    """A cancel kills the worker serving the run; when that call's reply had just come back,
    the worker is released a moment later, before its process has exited. It must not go
    back to the idle list: the next run's call would get its dead pipe (and be told that
    *its* run was cancelled)."""
    agent = Agent(home=tmp_path)
    ds = _dataset(agent)
    session = SessionGraph("s")
    g, rev = agent.workspace.load(ds, 1)
    session.set_graph(g, ds, rev)
    pool = WorkerPool(tmp_path, size=1, min_edges=0)
    t = agent.registry.get("degree_analysis")
    args = t.args_model(top_k=1)
    try:
        pool.warm(ds, 1)
        worker = pool._acquire((ds, 1))  # taken by a call of that run, as _request does
        worker.serving, worker.serving_call = "run_cancelled", "c1"
        assert pool.cancel_run("run_cancelled") == 1
        worker.serving = worker.serving_call = None
        pool._release(worker)  # as the finished call does, right after the kill
        ctx = ToolContext(workspace=agent.workspace, session=session, run_id="run_next",
                          call_id="c1")
        result = asyncio.run(pool.execute(t, args, ctx))
        assert result.success, result.error
        assert result.data["max_degree"] == 17 and worker not in pool._workers
    finally:
        pool.close()
        agent.close()


@pytest.mark.slow  # worker processes: spawned, one loads the graph
def test_binding_attached_data_has_one_worker_load_the_revision_before_any_analysis(
        tmp_path, monkeypatch):
    monkeypatch.setenv("IGRAPH_AGENT_WORKER_MIN_EDGES", "50")
    monkeypatch.setenv("IGRAPH_AGENT_WORKERS", "2")
    csv = tmp_path / "ties.csv"
    csv.write_text("knower,known\n" + "".join(f"n{i},n{(i * 7 + 3) % 90}\n" for i in range(90)))
    agent = Agent(home=tmp_path / "project")
    try:
        model = ScriptedModel(["Nothing to compute."])  # the model calls no tool
        resp = agent.ask("tell me about it", attach=[csv], options=RunOptions(model=model.id))
        key = (agent.graph().dataset_id, agent.graph().revision)
        assert resp.status == "answered" and key[0] is not None
        pool = agent.workers
        assert len(pool.pids()) == 1  # one started while the graph was being constructed
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and not any(w.loaded == key for w in pool._workers):
            time.sleep(0.1)
        assert sum(w.loaded == key for w in pool._workers) == 1  # one, not every worker
        assert pool.served == 0
    finally:
        agent.close()


def test_small_attached_data_starts_no_worker(tmp_path, monkeypatch):
    monkeypatch.setenv("IGRAPH_AGENT_WORKER_MIN_EDGES", "100000")
    csv = tmp_path / "ties.csv"
    csv.write_text("knower,known\na,b\nb,c\n")
    agent = Agent(home=tmp_path / "project")
    try:
        model = ScriptedModel(["Nothing to compute."])
        assert agent.ask("hi", attach=[csv], options=RunOptions(model=model.id)).status == \
            "answered"
        assert agent.workers.pids() == []
    finally:
        agent.close()
