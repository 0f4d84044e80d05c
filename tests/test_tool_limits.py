"""Tool calls are bounded: a time limit per tool that stops the work, and the run goes on."""

from __future__ import annotations

import threading

import pytest
from pydantic import BaseModel

from igraph_agent import Agent, RunOptions
from igraph_agent.errors import ErrorCode
from igraph_agent.model.scripted import ScriptedModel, call
from igraph_agent.runtime.timeouts import DEFAULT_TOOL_TIMEOUT_S, tool_timeout
from igraph_agent.tools import ToolContext, ToolOutput, default_registry, tool


class _NoArgs(BaseModel):
    pass


def _spinning_registry(threads: list[threading.Thread], spins: list[int]):
    @tool(reads=("scratch",), timeout_s=0.5)
    def spin(ctx: ToolContext, args: _NoArgs) -> ToolOutput:
        """Pure-Python work that never ends by itself."""
        threads.append(threading.current_thread())
        while True:
            spins[0] += 1

    registry = default_registry()
    registry.add(spin)
    return registry


def test_a_tool_past_its_time_limit_is_tool_timeout_and_its_thread_stops(tmp_path):
    threads: list[threading.Thread] = []
    spins = [0]
    agent = Agent(home=tmp_path, registry=_spinning_registry(threads, spins))
    model = ScriptedModel([[call("spin")], "It did not finish."])
    resp = agent.ask("spin", options=RunOptions(model=model.id))
    agent.close()
    assert [a.error_code for a in resp.actions] == [ErrorCode.TOOL_TIMEOUT]
    tool_msgs = [m["content"] for m in model.requests[1]["messages"] if m["role"] == "tool"]
    assert "TOOL_TIMEOUT" in tool_msgs[0]  # the model is told, and the run went on
    assert resp.status == "answered"
    threads[0].join(timeout=30)
    assert not threads[0].is_alive()  # the work was stopped, not left running
    after = spins[0]
    threads[0].join(timeout=0.2)
    assert spins[0] == after


def test_tool_time_limits_have_a_default_and_can_be_overridden(monkeypatch):
    registry = default_registry()
    t = registry.get("node_centrality")
    assert tool_timeout(t) == DEFAULT_TOOL_TIMEOUT_S
    monkeypatch.setenv("IGRAPH_AGENT_TOOL_TIMEOUT", "40")
    assert tool_timeout(t) == 40
    monkeypatch.setenv("IGRAPH_AGENT_TOOL_TIMEOUT_NODE_CENTRALITY", "7.5")
    assert tool_timeout(t) == 7.5
    assert tool_timeout(registry.get("degree_analysis")) == 40


def test_a_cancelled_run_stops_its_in_process_tool(tmp_path):
    threads: list[threading.Thread] = []
    spins = [0]
    agent = Agent(home=tmp_path, registry=_spinning_registry(threads, spins))
    model = ScriptedModel([[call("spin")], "never reached"])
    import os

    os.environ["IGRAPH_AGENT_TOOL_TIMEOUT_SPIN"] = "600"
    try:
        handle = agent.start("spin", options=RunOptions(model=model.id))
        while not threads:
            threading.Event().wait(0.05)
        handle.cancel()
        resp = handle.wait()
    finally:
        del os.environ["IGRAPH_AGENT_TOOL_TIMEOUT_SPIN"]
        agent.close()
    assert resp.status == "error"
    threads[0].join(timeout=30)
    assert not threads[0].is_alive()


@pytest.mark.slow
def test_a_worker_past_the_time_limit_is_killed_and_the_run_goes_on(tmp_path, monkeypatch):

    import networkx as nx

    g = nx.gnm_random_graph(3000, 15000, seed=1)
    csv = tmp_path / "big.csv"
    csv.write_text("source,target\n" + "".join(f"{u},{v}\n" for u, v in g.edges()))
    monkeypatch.setenv("IGRAPH_AGENT_WORKER_MIN_EDGES", "0")
    monkeypatch.setenv("IGRAPH_AGENT_WORKERS", "1")
    agent = Agent(home=tmp_path / "project")
    first = agent.ask("How big is the graph?", attach=[str(csv)])
    session = agent.graph(first.session_id)
    agent.workers.warm(session.dataset_id, session.revision)  # a worker holds the revision
    for _ in range(600):
        if any(w.loaded for w in agent.workers._workers):
            break
        threading.Event().wait(0.1)
    monkeypatch.setenv("IGRAPH_AGENT_TOOL_TIMEOUT_NODE_CENTRALITY", "0.5")
    model = ScriptedModel([[call("node_centrality", measure="betweenness", backend="networkx",
                                 k=None)], "Too slow."])
    workers = list(agent.workers._workers)  # a killed worker leaves the pool when released
    resp = agent.ask("Rank by betweenness", options=RunOptions(model=model.id))
    try:
        assert [a.error_code for a in resp.actions] == [ErrorCode.TOOL_TIMEOUT]
        tool_msgs = [m["content"] for m in model.requests[1]["messages"] if m["role"] == "tool"]
        assert "TOOL_TIMEOUT" in tool_msgs[0]  # the run went on to the next model turn
        # the one worker that ran the analysis was killed, not left computing
        assert len(workers) == 1 and workers[0].process.wait(timeout=30) is not None
        for _ in range(300):  # the pool drops it when the timed-out call releases it
            if workers[0] not in agent.workers._workers:
                break
            threading.Event().wait(0.1)
        assert workers[0] not in agent.workers._workers  # and was not handed out again
    finally:
        agent.close()


def test_an_answer_over_the_cap_is_sent_back_once_then_cut_with_a_notice(agent):
    from igraph_agent.runtime.turncheck import MAX_ANSWER_CHARS

    long = "word " * (MAX_ANSWER_CHARS // 4)
    model = ScriptedModel([[call("get_graph_info")], long, long])
    resp = agent.ask("Describe the graph at length", options=RunOptions(model=model.id))
    told = [m["content"] for m in model.requests[2]["messages"] if m["role"] == "user"][-1]
    assert told.startswith("ANSWER_TOO_LONG")
    assert len(resp.answer) <= MAX_ANSWER_CHARS + 1
    assert any(n.startswith("ANSWER_TOO_LONG") for n in resp.notices)
