"""The agent loop driven by ScriptedModel through the gateway: budget, feedback, failures."""

from __future__ import annotations

import json

from pydantic import BaseModel

from igraph_agent import Agent, RunOptions
from igraph_agent.errors import ErrorCode, ToolError
from igraph_agent.model.scripted import GARBAGE, ScriptedModel, call, raw_call
from igraph_agent.store import Store
from igraph_agent.store.runs import Runs
from igraph_agent.tools import ToolContext, ToolOutput, default_registry, tool


def _tool_messages(model: ScriptedModel, request: int) -> list[dict]:
    return [m for m in model.requests[request]["messages"] if m.get("role") == "tool"]


def test_budget_exhaustion_forces_a_tool_less_final_answer_with_notice(agent):
    model = ScriptedModel([[call("get_graph_info")]] * 3 + ["Stopped early: nothing loaded."])
    resp = agent.ask("Describe the graph", options=RunOptions(model=model.id, max_steps=3))
    assert resp.status == "answered"
    assert resp.answer == "Stopped early: nothing loaded."
    assert any(n.startswith("BUDGET_EXHAUSTED") for n in resp.notices)
    assert len(model.requests) == 4
    assert model.requests[-1]["tools"] == []  # the forced final call offers no tools
    last_user = [m for m in model.requests[-1]["messages"] if m["role"] == "user"][-1]
    assert "budget" in last_user["content"]


def test_invalid_arguments_are_fed_back_and_the_corrected_call_runs(agent):
    model = ScriptedModel([
        [call("degree_analysis", top_k="many")],
        [call("degree_analysis", top_k=3)],
        "done",
    ])
    resp = agent.ask("degrees?", options=RunOptions(model=model.id))  # nothing attached
    fed_back = json.loads(_tool_messages(model, 1)[0]["content"])
    assert fed_back["success"] is False
    assert fed_back["error"]["code"] == ErrorCode.INVALID_ARGUMENTS
    assert fed_back["error"]["details"]["fields"][0]["field"] == "top_k"
    # the graph was never loaded, so the corrected call fails for another, honest reason
    second = json.loads(_tool_messages(model, 2)[1]["content"])
    assert second["error"]["code"] == ErrorCode.GRAPH_NOT_LOADED
    assert [a.error_code for a in resp.actions] == ["INVALID_ARGUMENTS", "GRAPH_NOT_LOADED"]


def test_malformed_tool_call_json_becomes_invalid_arguments_not_a_crash(agent):
    model = ScriptedModel([[raw_call("get_graph_info", '{"oops": ')], "Recovered."])
    resp = agent.ask("info", options=RunOptions(model=model.id))
    assert resp.status == "answered"
    fed_back = json.loads(_tool_messages(model, 1)[0]["content"])
    assert fed_back["error"]["code"] == ErrorCode.INVALID_ARGUMENTS
    assert "not valid JSON" in fed_back["error"]["message"]


class _CountArgs(BaseModel):
    node: str


def _counting_registry(counter: list[str]):
    @tool(reads=("graph",))
    def flaky_lookup(ctx: ToolContext, args: _CountArgs) -> ToolOutput:
        """Always fails: the node does not exist."""
        counter.append(args.node)
        raise ToolError(ErrorCode.NODE_NOT_FOUND, f"no node {args.node}", hint="search first")

    registry = default_registry()
    registry.add(flaky_lookup)
    return registry


def test_repeated_failing_call_is_not_executed_again(tmp_path):
    executed: list[str] = []
    agent = Agent(home=tmp_path, registry=_counting_registry(executed))
    model = ScriptedModel([
        [call("flaky_lookup", node="Alice")],
        [call("flaky_lookup", node="Alice")],
        [call("flaky_lookup", node="Bob")],
        "Neither exists.",
    ])
    resp = agent.ask("find Alice", options=RunOptions(model=model.id))
    assert executed == ["Alice", "Bob"]  # the identical repeat never reached the handler
    repeat = json.loads(_tool_messages(model, 2)[1]["content"])
    assert repeat["error"]["code"] == ErrorCode.NODE_NOT_FOUND
    assert "not executed again" in repeat["error"]["message"]
    stored = agent.store.tool_calls(resp.run_id)
    assert stored[1]["envelope"]["error"]["details"]["repeated_call_of"] == stored[0]["call_id"]


def test_handler_exception_becomes_tool_failed_and_the_run_goes_on(tmp_path):
    class Args(BaseModel):
        pass

    @tool()
    def broken(ctx: ToolContext, args: Args) -> ToolOutput:
        """Raises a bug."""
        raise ZeroDivisionError("division by zero")

    registry = default_registry()
    registry.add(broken)
    agent = Agent(home=tmp_path, registry=registry)
    model = ScriptedModel([[call("broken")], "It failed."])
    resp = agent.ask("go", options=RunOptions(model=model.id))
    assert resp.status == "answered"
    env = agent.store.tool_calls(resp.run_id)[0]["envelope"]
    assert env["error"]["code"] == "TOOL_FAILED"
    assert "ZeroDivisionError" in env["error"]["message"]


def test_unknown_tool_is_refused_as_not_in_scope(agent):
    model = ScriptedModel([[call("drop_database")], "ok"])
    agent.ask("x", options=RunOptions(model=model.id))
    fed_back = json.loads(_tool_messages(model, 1)[0]["content"])
    assert fed_back["error"]["code"] == ErrorCode.TOOL_NOT_IN_SCOPE


def test_tools_whitelist_limits_what_the_model_is_offered_and_may_call(agent):
    model = ScriptedModel([[call("degree_analysis")], "ok"])
    agent.ask("x", options=RunOptions(model=model.id, tools=["get_graph_info"]))
    offered = {t["function"]["name"] for t in model.requests[0]["tools"]}
    assert offered == {"get_graph_info", "ask_user"}
    fed_back = json.loads(_tool_messages(model, 1)[0]["content"])
    assert fed_back["error"]["code"] == ErrorCode.TOOL_NOT_IN_SCOPE


def test_garbage_model_output_ends_in_a_clean_error_status(agent):
    model = ScriptedModel([GARBAGE, GARBAGE])
    resp = agent.ask("x", options=RunOptions(model=model.id))
    assert resp.status == "error"
    assert resp.error.code == ErrorCode.MODEL_OUTPUT_INVALID
    assert Runs(agent.store).get(resp.run_id).status == "error"
    nudge = [m for m in model.requests[1]["messages"] if m["role"] == "user"][-1]
    assert "neither text nor a tool call" in nudge["content"]


def test_one_empty_reply_is_nudged_and_the_run_recovers(agent):
    model = ScriptedModel([GARBAGE, "Here is the answer."])
    resp = agent.ask("x", options=RunOptions(model=model.id))
    assert resp.status == "answered" and resp.answer == "Here is the answer."


def test_ask_user_ends_the_run_with_needs_clarification(agent):
    model = ScriptedModel([[call("ask_user", question="Which dataset?")]])
    resp = agent.ask("analyse it", options=RunOptions(model=model.id))
    assert resp.status == "needs_clarification"
    assert resp.answer == "Which dataset?"


def test_history_window_holds_the_last_20_runs_of_the_session(agent):
    for i in range(22):
        agent.ask(f"question {i}", options=RunOptions(model=ScriptedModel([f"answer {i}"]).id))
    model = ScriptedModel(["last"])
    agent.ask("question 22", options=RunOptions(model=model.id))
    users = [m["content"] for m in model.requests[0]["messages"] if m["role"] == "user"]
    assert users == [f"question {i}" for i in range(2, 23)]
    assert agent.store.count("runs") == 23  # older runs stay stored


def test_new_session_starts_without_history(agent):
    agent.ask("first", options=RunOptions(model=ScriptedModel(["a"]).id))
    agent.new_session()
    model = ScriptedModel(["b"])
    agent.ask("second", options=RunOptions(model=model.id))
    users = [m["content"] for m in model.requests[0]["messages"] if m["role"] == "user"]
    assert users == ["second"]


def test_staged_reasoning_and_json_format_change_the_instructions(agent):
    model = ScriptedModel(["x"])
    agent.ask("q", options=RunOptions(model=model.id, reasoning_mode="staged", output_format="json"))
    system = model.requests[0]["messages"][0]["content"]
    assert "Work in stages" in system
    assert "no markdown" in system


def test_planning_always_keeps_a_plan_in_session_state(agent, karate_csv):
    resp = agent.ask("Which nodes are most central?", attach=[karate_csv],
                     options=RunOptions(planning_mode="always"))
    plan = agent.store.get_session(resp.session_id)["state"]["plan"]
    assert plan["goal"] == "Which nodes are most central?"
    assert [s["tool"] for s in plan["steps"]] == [a.tool for a in resp.actions]
    assert plan["progress"] == f"{len(resp.actions)}/{len(resp.actions)} tool calls succeeded"


def test_every_completed_tool_result_is_readable_from_a_fresh_store(agent, karate_csv):
    resp = agent.ask("Which nodes are most central?", attach=[karate_csv])
    store = Store(agent.home / "agent.db")
    calls = store.tool_calls(resp.run_id)
    assert [c["call_id"] for c in calls] == [a.call_id for a in resp.actions]
    assert all(c["status"] == "succeeded" and c["envelope"]["success"] for c in calls)
    assert Runs(store).get(resp.run_id).response["status"] == "answered"


def test_events_are_indexed_contiguously_from_zero(agent, karate_csv):
    handle = agent.start("Which nodes are most central?", attach=[karate_csv])
    handle.wait()
    events = handle.events()
    assert [e["index"] for e in events] == list(range(len(events)))
    assert events[0]["type"] == "run.started" and events[-1]["type"] == "run.completed"
    started = [e["data"]["call_id"] for e in events if e["type"] == "tool.started"]
    completed = [e["data"]["call_id"] for e in events if e["type"] == "tool.completed"]
    # the runtime's info on the bound graph, load_skill (centrality-and-influence), 2 x centrality
    assert sorted(started) == sorted(completed) and len(started) == 4


def test_a_second_run_in_a_busy_session_is_refused(agent):
    import threading

    release = threading.Event()

    def slow(messages, tools):
        release.wait(10)
        return "done"

    handle = agent.start("slow", options=RunOptions(model=ScriptedModel([slow]).id))
    try:
        agent.start("again", options=RunOptions(model=ScriptedModel(["x"]).id))
        raise AssertionError("a busy session accepted a second run")
    except Exception as exc:  # AgentError
        assert getattr(exc, "code", None) == ErrorCode.SESSION_BUSY
    finally:
        release.set()
    assert handle.wait().status == "answered"


def test_cancel_stops_the_run_between_turns(agent):
    import threading

    entered = threading.Event()
    release = threading.Event()

    def slow(messages, tools):
        entered.set()
        release.wait(10)
        return [call("get_graph_info")]

    model = ScriptedModel([slow, "never reached"])
    handle = agent.start("x", options=RunOptions(model=model.id))
    entered.wait(10)
    handle.cancel()
    release.set()
    resp = handle.wait(10)
    assert resp.status == "error" and resp.error.code == ErrorCode.RUN_CANCELLED
    assert Runs(agent.store).get(resp.run_id).status == "cancelled"
    assert model.remaining == 1
