"""Approval pauses: persisted records, approve / reject / modify, conflicts, restarts."""

from __future__ import annotations

import json

import pytest
from pydantic import BaseModel, Field

from igraph_agent import Agent, RunOptions
from igraph_agent.errors import AgentError, ErrorCode
from igraph_agent.model.scripted import ScriptedModel, call
from igraph_agent.runtime import approvals
from igraph_agent.runtime.approvals import decision_from_flags, register_preauthorization
from igraph_agent.store.approvals import Approvals
from igraph_agent.store.runs import Runs
from igraph_agent.tools import ToolContext, ToolOutput, default_registry, tool


class _Amount(BaseModel):
    n: int = Field(ge=0)


def _gated_registry(executed: list):
    @tool(reads=("report",), writes=("report",), requires_approval=True, mutates=True)
    def write_report(ctx: ToolContext, args: _Amount) -> ToolOutput:
        """Writes a report (gated)."""
        executed.append(args.n)
        return ToolOutput(data={"written": args.n}, summary=f"wrote {args.n}")

    @tool(reads=("report",))
    def read_report(ctx: ToolContext, args: _Amount) -> ToolOutput:
        """Reads the report."""
        executed.append(f"read{args.n}")
        return ToolOutput(data={"read": args.n}, summary="read")

    @tool(reads=("session_config",))
    def side_note(ctx: ToolContext, args: _Amount) -> ToolOutput:
        """Independent of the report."""
        executed.append(f"note{args.n}")
        return ToolOutput(data={"note": args.n}, summary="noted")

    @tool(reads=("model:m",), writes=("model:m",), requires_approval=True, mutates=True)
    def train_demo(ctx: ToolContext, args: _Amount) -> ToolOutput:
        """Trains a model (gated unless the request asks for training)."""
        executed.append(f"train{args.n}")
        return ToolOutput(data={"trained": args.n}, summary="trained")

    registry = default_registry()
    for t in (write_report, read_report, side_note, train_demo):
        registry.add(t)
    return registry


def _tool_messages(model: ScriptedModel, request: int) -> list[dict]:
    return [json.loads(m["content"]) for m in model.requests[request]["messages"]
            if m.get("role") == "tool"]


def test_clear_request_pauses_with_a_persisted_pending_record(agent, karate_csv):
    resp = agent.ask("Please clear the graph", attach=[karate_csv])
    assert resp.status == "awaiting_approval"
    [p] = resp.pending
    assert (p.run_id, p.tool, p.args, p.generation) == (resp.run_id, "clear_graph", {}, 1)
    assert Runs(agent.store).get(resp.run_id).status == "paused"
    [row] = Approvals(agent.store).of_run(resp.run_id)
    assert row.tool_call_id == p.tool_call_id and row.status == "pending"
    types = [e["type"] for e in agent.run_record(resp.run_id)["events"]]
    assert "approval.requested" in types and types[-1] == "run.paused"
    assert agent.graph(resp.session_id).loaded  # nothing was cleared yet


def test_approve_runs_the_persisted_args_and_continues_the_same_run(agent, karate_csv):
    paused = agent.ask("clear the graph", attach=[karate_csv])
    done_before = [a.call_id for a in paused.actions]
    resp = agent.continue_run(paused.run_id, paused.pending[0].tool_call_id, "approve")
    assert resp.status == "answered" and resp.run_id == paused.run_id
    assert "cleared" in resp.answer
    assert [a.call_id for a in resp.actions][: len(done_before)] == done_before
    assert not agent.graph(resp.session_id).loaded
    run = Runs(agent.store).get(resp.run_id)
    assert run.status == "completed" and run.generation == 2
    events = agent.run_record(resp.run_id)["events"]
    assert [e["index"] for e in events] == list(range(len(events)))
    assert {e["generation"] for e in events if e["type"] == "tool.completed"
            and e["data"]["tool"] == "clear_graph"} == {2}


def test_reject_gives_the_model_a_rejected_result_and_the_run_ends_blocked(tmp_path):
    executed: list = []
    agent = Agent(home=tmp_path, registry=_gated_registry(executed))
    model = ScriptedModel([[call("write_report", n=3)], "Not written, as you asked."])
    paused = agent.ask("write it", options=RunOptions(model=model.id))
    resp = agent.continue_run(paused.run_id, paused.pending[0].tool_call_id, "reject")
    assert resp.status == "blocked" and executed == []  # what was asked for was refused
    assert resp.refusal.code == ErrorCode.APPROVAL_REJECTED
    assert resp.data["model_answer"] == "Not written, as you asked."
    [fed] = _tool_messages(model, 1)
    assert fed["success"] is False and fed["error"]["code"] == ErrorCode.APPROVAL_REJECTED
    assert Approvals(agent.store).of_run(paused.run_id)[0].status == "rejected"
    agent.close()


def test_modify_with_invalid_patched_args_is_rejected_and_nothing_runs(tmp_path):
    executed: list = []
    agent = Agent(home=tmp_path, registry=_gated_registry(executed))
    model = ScriptedModel([[call("write_report", n=3)], "Written."])
    paused = agent.ask("write it", options=RunOptions(model=model.id))
    cid = paused.pending[0].tool_call_id
    bad = agent.continue_run(paused.run_id, cid, "modify", {"n": "lots"})
    assert bad.status == "error" and bad.error.code == ErrorCode.INVALID_ARGUMENTS
    assert [p.tool_call_id for p in bad.pending] == [cid]  # still pending
    negative = agent.continue_run(paused.run_id, cid, "modify", {"n": -1})
    assert negative.error.code == ErrorCode.INVALID_ARGUMENTS
    assert executed == [] and Runs(agent.store).get(paused.run_id).status == "paused"
    resp = agent.continue_run(paused.run_id, cid, "modify", {"n": 7})
    assert resp.status == "answered" and executed == [7]
    assert agent.store.tool_calls(paused.run_id)[0]["args"] == {"n": 7}
    assert resp.actions[0].args == {"n": 7}
    agent.close()


def test_stale_replayed_and_mismatched_decisions_do_nothing(tmp_path):
    executed: list = []
    agent = Agent(home=tmp_path, registry=_gated_registry(executed))
    model = ScriptedModel([[call("write_report", n=1)], "one", [call("write_report", n=2)],
                           "two"])
    first = agent.ask("write", options=RunOptions(model=model.id))
    cid = first.pending[0].tool_call_id
    conflicts = [
        agent.continue_run("run_doesnotexist", cid, "approve"),
        agent.continue_run(first.run_id, "no_such_call", "approve"),
        agent.continue_run(first.run_id, cid, "approve", tool="clear_graph"),
        agent.continue_run(first.run_id, cid, "approve", generation=0),
    ]
    assert [r.error.code for r in conflicts] == [ErrorCode.APPROVAL_CONFLICT] * 4
    assert executed == [] and Runs(agent.store).get(first.run_id).status == "paused"
    assert agent.continue_run(first.run_id, cid, "approve", generation=1).status == "answered"
    assert executed == [1]
    replay = agent.continue_run(first.run_id, cid, "approve", generation=1)
    assert replay.error.code == ErrorCode.APPROVAL_CONFLICT
    late_reject = agent.continue_run(first.run_id, cid, "reject")
    assert late_reject.error.code == ErrorCode.APPROVAL_CONFLICT
    assert executed == [1]
    assert Approvals(agent.store).of_run(first.run_id)[0].status == "approved"
    agent.close()


def test_a_decision_from_an_earlier_phase_is_stale(tmp_path):
    executed: list = []
    agent = Agent(home=tmp_path, registry=_gated_registry(executed))
    model = ScriptedModel([[call("write_report", n=1)], [call("write_report", n=2)], "both"])
    paused = agent.ask("write twice", options=RunOptions(model=model.id))
    again = agent.continue_run(paused.run_id, paused.pending[0].tool_call_id, "approve")
    assert again.status == "awaiting_approval" and again.pending[0].generation == 2
    stale = agent.continue_run(paused.run_id, again.pending[0].tool_call_id, "approve",
                               generation=1)
    assert stale.error.code == ErrorCode.APPROVAL_CONFLICT and executed == [1]
    resp = agent.continue_run(paused.run_id, again.pending[0].tool_call_id, "approve",
                              generation=2)
    assert resp.status == "answered" and executed == [1, 2]
    agent.close()


def test_two_pending_approvals_are_both_shown_and_both_resolved(tmp_path):
    executed: list = []
    agent = Agent(home=tmp_path, registry=_gated_registry(executed))
    model = ScriptedModel([
        [call("write_report", n=1), call("side_note", n=0), call("train_demo", n=2)],
        "Both decided.",
    ])
    paused = agent.ask("write two", options=RunOptions(model=model.id))
    assert paused.status == "awaiting_approval"
    assert [p.args for p in paused.pending] == [{"n": 1}, {"n": 2}]
    assert executed == ["note0"]  # the independent call completed
    first, second = paused.pending
    partial = agent.continue_run(paused.run_id, second.tool_call_id, "reject")
    assert partial.status == "awaiting_approval"
    assert [p.tool_call_id for p in partial.pending] == [first.tool_call_id]
    assert executed == ["note0"] and len(model.requests) == 1  # nothing continues yet
    resp = agent.continue_run(paused.run_id, first.tool_call_id, "approve")
    assert resp.status == "answered" and executed == ["note0", 1]
    fed = _tool_messages(model, 1)
    assert [(m["tool"], m["success"]) for m in fed] == [
        ("write_report", True), ("side_note", True), ("train_demo", False)]
    assert Approvals(agent.store).pending(paused.run_id) == []
    agent.close()


def test_dependents_of_a_gated_call_are_blocked_and_independent_ones_complete(tmp_path):
    executed: list = []
    agent = Agent(home=tmp_path, registry=_gated_registry(executed))
    model = ScriptedModel([
        [call("write_report", n=1), call("read_report", n=1), call("side_note", n=1)],
        "ok",
    ])
    paused = agent.ask("write then read", options=RunOptions(model=model.id))
    assert executed == ["note1"]
    stored = {c["call_id"]: c for c in agent.store.tool_calls(paused.run_id)}
    blocked = stored["t1c1"]["envelope"]["error"]
    assert blocked["code"] == ErrorCode.TOOL_DEPENDENCY_BLOCKED
    assert blocked["details"]["blocked_by_state"] == "paused"
    resp = agent.continue_run(paused.run_id, "t1c0", "approve")
    assert executed == ["note1", 1]  # the blocked read is not queued: the model resubmits
    assert [a.error_code for a in resp.actions] == [None, "TOOL_DEPENDENCY_BLOCKED", None]
    agent.close()


def test_paused_run_survives_a_restart_and_reloads_the_session_graph(tmp_path, karate_csv):
    home = tmp_path / "project"
    first = Agent(home=home)
    paused = first.ask("clear the graph", attach=[karate_csv])
    loaded = first.graph(paused.session_id)
    dataset, revision = loaded.dataset_id, loaded.revision
    first.close()
    second = Agent(home=home)
    assert [p.tool_call_id for p in second.pending(paused.run_id)] == [paused.pending[0].tool_call_id]
    resp = second.continue_run(paused.run_id, paused.pending[0].tool_call_id, "approve")
    assert resp.status == "answered" and resp.run_id == paused.run_id
    cleared = next(resp.data[a.call_id] for a in resp.actions if a.tool == "clear_graph")
    assert cleared["was_loaded"] is True  # it cleared the graph reloaded from the store
    assert (cleared["dataset_id"], cleared["revision"]) == (dataset, revision)
    second.close()


def test_explicit_training_request_authorizes_that_training_run(tmp_path):
    executed: list = []
    agent = Agent(home=tmp_path, registry=_gated_registry(executed))
    asked = ScriptedModel([[call("train_demo", n=1)], "trained"])
    resp = agent.ask("Train the demo model", options=RunOptions(model=asked.id))
    assert resp.status == "answered" and executed == ["train1"]
    other = ScriptedModel([[call("train_demo", n=2)], "trained"])
    paused = agent.ask("How good is the model?", options=RunOptions(model=other.id))
    assert paused.status == "awaiting_approval" and executed == ["train1"]
    register_preauthorization("write_report", lambda question, args: args.get("n") == 0)
    try:
        free = ScriptedModel([[call("write_report", n=0)], "written"])
        # the paused run keeps its session busy: ask in another session
        assert agent.ask("write", session=agent.new_session(),
                         options=RunOptions(model=free.id)).status == "answered"
        assert executed == ["train1", 0]
    finally:
        approvals._RULES.pop("write_report", None)
    agent.close()


def test_cli_flags_become_a_decision_and_bad_json_is_invalid_arguments():
    assert decision_from_flags() == ("approve", None)
    assert decision_from_flags(reject=True) == ("reject", None)
    assert decision_from_flags(modify='{"n": 3}') == ("modify", {"n": 3})
    for bad in ('{"n": ', "[1, 2]"):
        with pytest.raises(AgentError) as info:
            decision_from_flags(modify=bad)
        assert info.value.code == ErrorCode.INVALID_ARGUMENTS
    with pytest.raises(AgentError):
        decision_from_flags(reject=True, modify="{}")


def test_a_rejected_clear_ends_blocked_on_the_offline_planner_not_as_a_clarification(tmp_path):
    import pandas as pd

    agent = Agent(home=tmp_path)
    edges = pd.DataFrame({"source": ["a", "b", "c"], "target": ["b", "c", "a"]})
    paused = agent.ask("Clear the graph.", attach=[edges])
    assert paused.status == "awaiting_approval", (paused.error, paused.answer)
    resp = agent.continue_run(paused.run_id, paused.pending[0].tool_call_id, "reject")
    assert resp.status == "blocked", resp.answer
    assert resp.refusal is not None and resp.refusal.code == ErrorCode.APPROVAL_REJECTED
    assert "which do you mean" not in resp.answer
    assert agent.graph(resp.session_id).loaded  # nothing was cleared
