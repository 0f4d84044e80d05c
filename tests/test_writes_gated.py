"""Every write is gated or declared: revisions wait for approval, read-only refuses writes
of graph data and memory, tool-call ids are unique, the budget message says what happened."""

from __future__ import annotations

import json

from igraph_agent import Agent, RunOptions
from igraph_agent.errors import ErrorCode
from igraph_agent.model.scripted import ScriptedModel, ToolCallStep, call
from igraph_agent.store.approvals import Approvals

SAVE_TWO = {"nodes": ["0", "1"], "create_version": True}


def _loaded(agent: Agent, karate_csv) -> None:
    resp = agent.ask("How big is the graph?", attach=[karate_csv])
    assert agent.graph(resp.session_id).graph.number_of_nodes() == 34


def _codes(resp) -> dict[str, str | None]:
    return {a.call_id: a.error_code for a in resp.actions}


def test_subgraph_saved_as_a_revision_waits_for_approval_like_a_commit(agent, karate_csv):
    _loaded(agent, karate_csv)
    model = ScriptedModel([[call("subgraph_extraction", **SAVE_TWO)], "Saved."])
    resp = agent.ask("Keep nodes 0 and 1 as a new version", options=RunOptions(model=model.id))
    assert resp.status == "awaiting_approval"
    assert [p.tool for p in resp.pending] == ["subgraph_extraction"]
    assert agent.graph(resp.session_id).graph.number_of_nodes() == 34  # nothing saved yet
    assert agent.graph(resp.session_id).revision == 1
    done = agent.continue_run(resp.run_id, resp.pending[0].tool_call_id, decision="approve")
    assert done.status == "answered"
    assert agent.graph(resp.session_id).revision == 2
    assert agent.graph(resp.session_id).graph.number_of_nodes() == 2


def test_a_preview_subgraph_runs_without_approval(agent, karate_csv):
    _loaded(agent, karate_csv)
    model = ScriptedModel([[call("subgraph_extraction", nodes=["0", "1"])], "Two nodes."])
    resp = agent.ask("Show nodes 0 and 1", options=RunOptions(model=model.id))
    assert resp.status != "awaiting_approval" and resp.pending == []
    assert [a.success for a in resp.actions if a.tool == "subgraph_extraction"] == [True]


def test_read_only_refuses_memory_and_revision_writes_before_any_pause(agent, karate_csv):
    _loaded(agent, karate_csv)
    model = ScriptedModel([
        [call("remember", content="Lead reports with conclusions", stated_by_user=True),
         call("subgraph_extraction", **SAVE_TWO)],
        "Refused.",
    ])
    resp = agent.ask("Remember my preference and save nodes 0 and 1",
                     options=RunOptions(model=model.id, read_only=True))
    codes = {a.tool: a.error_code for a in resp.actions}
    assert codes["remember"] == ErrorCode.READ_ONLY_MODE
    assert codes["subgraph_extraction"] == ErrorCode.READ_ONLY_MODE
    assert Approvals(agent.store).of_run(resp.run_id) == []
    assert agent.memory.list() == []
    assert agent.graph(resp.session_id).revision == 1


def test_read_only_construct_reads_only_sources_attached_to_the_session(agent, karate_csv,
                                                                       tmp_path):
    other = tmp_path / "other.csv"
    other.write_text("source,target\na,b\nb,c\n")
    first = agent.ask("How big is the graph?", attach=[str(other)])
    source_id = agent.graph(first.session_id).attached_sources[0]
    agent.use_session(agent.new_session())
    _loaded(agent, karate_csv)
    model = ScriptedModel([[call("construct_graph", source_ids=[source_id])], "Refused."])
    resp = agent.ask("Build the other graph", options=RunOptions(model=model.id,
                                                                  read_only=True))
    assert [a.error_code for a in resp.actions if a.tool == "construct_graph"] == [
        ErrorCode.READ_ONLY_MODE]


def test_a_repeated_tool_call_id_is_refused_and_the_gated_first_call_still_runs(agent,
                                                                               karate_csv):
    _loaded(agent, karate_csv)
    model = ScriptedModel([
        [ToolCallStep("subgraph_extraction", json.dumps(SAVE_TWO), id="dup"),
         ToolCallStep("get_graph_info", "{}", id="dup")],
        "Saved.",
    ])
    resp = agent.ask("Keep nodes 0 and 1 as a new version", options=RunOptions(model=model.id))
    assert resp.status == "awaiting_approval"
    assert [(p.tool, p.tool_call_id) for p in resp.pending] == [("subgraph_extraction", "dup")]
    assert _codes(resp) == {"dup~2": ErrorCode.DUPLICATE_TOOL_CALL_ID}
    done = agent.continue_run(resp.run_id, "dup", decision="approve")
    assert agent.graph(resp.session_id).revision == 2  # the approved call ran
    calls = {c["call_id"]: c for c in agent.store.tool_calls(resp.run_id)}
    assert calls["dup"]["status"] == "succeeded" and calls["dup~2"]["status"] == "failed"
    seen = [m for m in model.requests[-1]["messages"] if m["role"] == "tool"]
    assert {m["tool_call_id"] for m in seen} >= {"dup", "dup~2"}
    assert done.status == "answered"


def test_too_many_calls_in_one_turn_are_refused_past_the_cap(agent, karate_csv):
    from igraph_agent.runtime.turncheck import MAX_CALLS_PER_TURN

    _loaded(agent, karate_csv)
    model = ScriptedModel([[call("get_graph_info")] * (MAX_CALLS_PER_TURN + 2), "Done."])
    resp = agent.ask("Describe the graph", options=RunOptions(model=model.id))
    codes = [a.error_code for a in resp.actions if a.tool == "get_graph_info"]
    assert codes.count(ErrorCode.TOO_MANY_TOOL_CALLS) == 2
    assert codes.count(None) == MAX_CALLS_PER_TURN


def test_a_model_that_keeps_calling_tools_after_the_budget_gets_a_budget_error(agent):
    model = ScriptedModel([[call("get_graph_info")]] * 5)
    resp = agent.ask("Describe the graph", options=RunOptions(model=model.id, max_steps=2))
    assert resp.status == "error"
    assert resp.error.code == ErrorCode.BUDGET_EXHAUSTED
    assert "kept calling tools" in resp.error.message
    assert "neither text nor a tool call" not in resp.error.message
