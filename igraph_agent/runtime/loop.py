"""The model turn <-> tool batch loop of one run.

Turns until the model answers without tools or the step budget is spent; then one last
tool-less call that is told the budget ran out (the answer carries a notice). A call the
model repeats with identical arguments after it failed is not executed again: the model
gets the earlier error and a hint. Malformed tool-call JSON becomes an INVALID_ARGUMENTS
result that is fed back. Every message, tool call and event is persisted as it happens.
"""

from __future__ import annotations

import asyncio
import json
import threading
from dataclasses import dataclass, field
from typing import Any

from igraph_agent.errors import AgentError, ErrorCode
from igraph_agent.graph.session import SessionGraph
from igraph_agent.graph.workspace import Workspace
from igraph_agent.model.gateway import ModelGateway, ToolCallRequest
from igraph_agent.options import RunOptions
from igraph_agent.response import Action, AgentResponse, ErrorInfo, Evidence, Usage
from igraph_agent.runtime.events import EventLog
from igraph_agent.runtime.instructions import CLARIFY_TOOL, system_prompt
from igraph_agent.store import Store
from igraph_agent.tools.registry import Tool, ToolContext, ToolRegistry, ToolResult

BUDGET_NOTE = ("The tool-call budget of this run is spent. Answer now from the tool results "
               "above; say what remains unanswered.")
EMPTY_NUDGE = "Your last reply had neither text nor a tool call. Answer, or call a tool."


@dataclass
class RunSpec:
    run_id: str
    session_id: str
    question: str
    options: RunOptions
    model: str
    registry: ToolRegistry
    tools: list[Tool]
    workspace: Workspace
    session: SessionGraph
    store: Store
    gateway: ModelGateway
    events: EventLog
    history: list[dict[str, Any]] = field(default_factory=list)
    plan: dict[str, Any] | None = None
    cancel: threading.Event = field(default_factory=threading.Event)


@dataclass
class _State:
    messages: list[dict[str, Any]] = field(default_factory=list)
    results: list[ToolResult] = field(default_factory=list)
    actions: list[Action] = field(default_factory=list)
    failed: dict[str, ToolResult] = field(default_factory=dict)
    usage: Usage = field(default_factory=Usage)
    notices: list[str] = field(default_factory=list)


async def run_loop(spec: RunSpec) -> AgentResponse:
    st = _State()
    spec.store.update_run(spec.run_id, status="running")
    spec.events.emit("run.started", question=spec.question, model=spec.model,
                     session_id=spec.session_id)
    _add(spec, st, {"role": "system", "content": system_prompt(spec.options, spec.plan)})
    for m in spec.history:
        st.messages.append(m)
    _add(spec, st, {"role": "user", "content": spec.question})
    schemas = [t.json_schema() for t in spec.tools] + [CLARIFY_TOOL]
    scope = {t.name for t in spec.tools}
    empty_replies = 0
    try:
        spec.gateway.check(spec.model)
        step = 0
        while True:
            _check_cancel(spec)
            last = step >= spec.options.max_steps
            if last:
                st.notices.append(f"{ErrorCode.BUDGET_EXHAUSTED}: the budget of "
                                  f"{spec.options.max_steps} steps ran out; this answer was "
                                  "forced from the results so far.")
                _add(spec, st, {"role": "user", "content": BUDGET_NOTE})
            turn = await spec.gateway.complete(
                spec.model, st.messages, None if last else schemas,
                on_delta=lambda text: spec.events.emit("model.delta", text=text))
            st.usage.add(turn.prompt_tokens, turn.completion_tokens, turn.cost_usd)
            spec.events.emit("model.completed", text=turn.text,
                             tool_calls=[{"id": c.id, "name": c.name} for c in turn.tool_calls])
            _add(spec, st, turn.as_message())
            if last or not turn.tool_calls:
                if turn.text.strip():
                    return _finish(spec, st, "answered", turn.text)
                empty_replies += 1
                if empty_replies >= 2 or last:
                    raise AgentError(ErrorCode.MODEL_OUTPUT_INVALID,
                                     f"{spec.model} replied with neither text nor a tool call",
                                     hint="try again, or use another model")
                _add(spec, st, {"role": "user", "content": EMPTY_NUDGE})
                continue
            clarify = next((c for c in turn.tool_calls if c.name == CLARIFY_TOOL["function"]["name"]),
                           None)
            if clarify is not None:
                return _finish(spec, st, "needs_clarification", _clarify_text(clarify))
            step += 1
            for call in turn.tool_calls:
                _check_cancel(spec)
                result = await _execute(spec, st, call, scope)
                _add(spec, st, {"role": "tool", "tool_call_id": call.id, "name": call.name,
                                "content": result.for_model()})
            _update_plan(spec, st)
    except AgentError as exc:
        status = "cancelled" if exc.code == ErrorCode.RUN_CANCELLED else "error"
        return _finish(spec, st, "error", "", error=exc, run_status=status)


async def _execute(spec: RunSpec, st: _State, call: ToolCallRequest, scope: set[str]) -> ToolResult:
    parsed = spec.registry.parse(call.name, call.arguments, call.id, scope)
    args_view = parsed[1].model_dump(mode="json") if not isinstance(parsed, ToolResult) else _loose(call.arguments)
    key = call.name + json.dumps(args_view, sort_keys=True, default=str)
    spec.events.emit("tool.started", call_id=call.id, tool=call.name, args=args_view)
    spec.store.start_tool_call(spec.run_id, call.id, call.name, args_view)
    if isinstance(parsed, ToolResult):
        result = parsed
    elif key in st.failed:
        earlier = st.failed[key]
        result = ToolResult.failure(
            call.name, call.id, earlier.error.code if earlier.error else ErrorCode.TOOL_FAILED,
            f"not executed again: this exact call already failed ({earlier.call_id}): "
            f"{earlier.error.message if earlier.error else earlier.summary}",
            hint="change the arguments or use another tool; repeating it gives the same error",
            details={"repeated_call_of": earlier.call_id},
        )
    else:
        t, args = parsed
        ctx = ToolContext(workspace=spec.workspace, session=spec.session, run_id=spec.run_id,
                          call_id=call.id, read_only=spec.options.read_only)
        result = await asyncio.to_thread(spec.registry.execute, t, args, ctx)
    if not result.success:
        st.failed.setdefault(key, result)
    st.results.append(result)
    st.actions.append(Action(tool=call.name, call_id=call.id, args=args_view,
                             success=result.success,
                             error_code=result.error.code if result.error else None,
                             elapsed_ms=result.elapsed_ms))
    spec.store.finish_tool_call(spec.run_id, call.id, result.envelope())
    spec.events.emit("tool.completed", call_id=call.id, tool=call.name, success=result.success,
                     summary=result.summary, elapsed_ms=result.elapsed_ms,
                     error=result.error.model_dump() if result.error else None)
    return result


def _finish(spec: RunSpec, st: _State, status: str, answer: str, *,
            error: AgentError | None = None, run_status: str | None = None) -> AgentResponse:
    ok = [r for r in st.results if r.success]
    resp = AgentResponse(
        status=status,  # type: ignore[arg-type]
        answer=answer,
        data={r.call_id: {"tool": r.tool, **r.data} for r in ok},
        evidence=[Evidence(tool=r.tool, call_id=r.call_id, shows=r.summary) for r in ok],
        actions=st.actions,
        error=ErrorInfo(code=str(error.code), message=error.message, hint=error.hint)
        if error else None,
        notices=st.notices,
        usage=st.usage,
        model=spec.model,
        run_id=spec.run_id,
        session_id=spec.session_id,
    )
    final_state = run_status or "completed"
    spec.store.update_run(spec.run_id, status=final_state, usage=st.usage.model_dump(),
                          response=resp.model_dump(mode="json"), finished_at=_now())
    event = {"completed": "run.completed", "cancelled": "run.cancelled"}.get(final_state, "run.error")
    spec.events.emit(event, status=resp.status,
                     error=resp.error.model_dump() if resp.error else None)
    return resp


def _add(spec: RunSpec, st: _State, message: dict[str, Any]) -> None:
    st.messages.append(message)
    spec.store.add_message(spec.run_id, message["role"], message)


def _check_cancel(spec: RunSpec) -> None:
    if spec.cancel.is_set():
        raise AgentError(ErrorCode.RUN_CANCELLED, "the run was cancelled", hint="ask again")


def _update_plan(spec: RunSpec, st: _State) -> None:
    if spec.options.planning_mode != "always":
        return
    steps = [{"tool": a.tool, "call_id": a.call_id, "status": "done" if a.success else "failed"}
             for a in st.actions]
    plan = {"goal": spec.question, "steps": steps,
            "progress": f"{sum(a.success for a in st.actions)}/{len(steps)} tool calls succeeded"}
    row = spec.store.get_session(spec.session_id) or {}
    state = dict(row.get("state") or {})
    state["plan"] = plan
    spec.store.update_session_state(spec.session_id, state)


def _clarify_text(call: ToolCallRequest) -> str:
    try:
        return str(json.loads(call.arguments).get("question", "")).strip() or "Could you clarify?"
    except (json.JSONDecodeError, AttributeError):
        return call.arguments or "Could you clarify?"


def _loose(raw: str) -> dict[str, Any]:
    try:
        value = json.loads(raw)
        return value if isinstance(value, dict) else {"_raw": raw}
    except (json.JSONDecodeError, TypeError):
        return {"_raw": raw}


def _now() -> float:
    import time

    return time.time()
