"""The model turn <-> tool batch loop of one run.

Turns until the model answers without tools or the step budget is spent; then one last
tool-less call that is told the budget ran out (the answer carries a notice). A call the
model repeats with identical arguments after it failed is not executed again: the model
gets the earlier error and a hint. Malformed tool-call JSON becomes an INVALID_ARGUMENTS
result that is fed back. Every message, tool call and event is persisted as it happens.

Each turn's tool calls run through the scheduler (``runtime/scheduler.py``: a resource-aware
DAG, concurrent where safe); a gated call pauses the run (``runtime/approvals.py``) and
``resume_loop`` continues it once decided. An answer passes the guards
(``runtime/guards.py``) or is sent back once, then blocked with a refusal.

The loop is explicit steps, each returning a named outcome: ``_turn`` (one model call)
hands the reply to ``_answer_turn`` (text, or the forced last turn) or ``_tool_turn`` (a
batch of calls); each returns :class:`Next` (another turn, its messages added) or
:class:`Finish` (the response: answered, blocked, clarification asked, paused). Coded
errors and cancels end the run in ``_drive``. The retry flags live in ``RunState``.
"""

from __future__ import annotations

import asyncio
import json
import time
from dataclasses import dataclass
from typing import Any

from igraph_agent.errors import AgentError, ErrorCode
from igraph_agent.model.builtin import warm
from igraph_agent.model.gateway import ModelTurn, ToolCallRequest
from igraph_agent.response import (
    AgentResponse,
    Evidence,
    GraphRef,
    Refusal,
    Suggestion,
    suggestions_of,
)
from igraph_agent.runtime.approvals import pause_run, restore_state, resumed_turn
from igraph_agent.runtime.attaching import (
    read_attachments,
    reading_line,
    shown_name,
    stop_if_cancelled,
)
from igraph_agent.runtime.binding import bind, bind_call, data_section, graph_ref
from igraph_agent.runtime.events import (
    DataProgress,
    ModelCompleted,
    ModelDelta,
    RunGraph,
    RunStarted,
    run_ended,
)
from igraph_agent.runtime.guards import check_answer
from igraph_agent.runtime.instructions import CLARIFY_TOOL, system_prompt
from igraph_agent.runtime.refusals import refusal_of
from igraph_agent.runtime.scheduler import BatchOutcome, run_batch, run_planned
from igraph_agent.runtime.state import RunSpec, RunState, build_response, persist_final
from igraph_agent.runtime.turncheck import MAX_ANSWER_CHARS, cut_answer, screen_calls, too_long
from igraph_agent.status import RunPhase
from igraph_agent.store.runctl import RunControlStore
from igraph_agent.store.runs import Runs
from igraph_agent.store.sessions import set_session_state
from igraph_agent.tools.offer import offered
from igraph_agent.tools.registry import ToolResult

BUDGET_NOTE = ("The tool-call budget of this run is spent. Answer now from the tool results "
               "above; say what remains unanswered.")
EMPTY_NUDGE = "Your last reply had neither text nor a tool call. Answer, or call a tool."


async def run_loop(spec: RunSpec) -> AgentResponse:
    st = RunState(notices=list(spec.notices))
    Runs(spec.store).update(spec.run_id, status=RunPhase.RUNNING)
    spec.events.emit(RunStarted(question=spec.question, model=spec.model,
                                session_id=spec.session_id))
    if not spec.attachments:
        spec.session.attached_sources = []  # a request without data is about the session's
    else:  # the first phase: read and store them (runtime/attaching.py)
        warm(spec.model)  # the planner's import overlaps the read and the binding
        try:
            await read_attachments(spec)
            stop_if_cancelled(spec)
        except AgentError as exc:
            spec.workspace.forget_fresh()  # nothing is bound: no stored table kept in memory
            if exc.code == ErrorCode.RUN_CANCELLED:
                return await _finish_cancelled(spec, st, exc, bound=False)
            return _finish(spec, st, "error", "", error=exc, run_status=RunPhase.ERROR,
                           bound=False)
        spec.events.emit(DataProgress(phase="building", name=_sources_name(spec),
                                      line=reading_line(_sources_name(spec), "building")))
    shown = await asyncio.to_thread(bind, spec)  # attached data is what this request is about
    if spec.attachments:
        spec.events.emit(DataProgress(phase="done", name=_sources_name(spec)))
        if spec.cancel.is_set():
            return await _finish_cancelled(spec, st, AgentError(
                ErrorCode.RUN_CANCELLED, "the run was cancelled while its graph was built",
                hint="ask again"))
    ref = graph_ref(spec)
    if ref is not None:
        spec.events.emit(RunGraph(graph=ref))
    varying = [spec.memory, data_section(ref, bool(spec.session.attached_sources))]
    _add(spec, st, {"role": "system", "content": system_prompt(
        spec.options, spec.plan, spec.instructions, [v for v in varying if v])})
    for m in spec.history:
        st.messages.append(m)
    _add(spec, st, {"role": "user", "content": spec.question})
    if shown:  # the runtime's own get_graph_info: the first request states the bound graph
        call = bind_call()
        _add(spec, st, {"role": "assistant", "content": None, "tool_calls": [
            {"id": call.id, "type": "function",
             "function": {"name": call.name, "arguments": call.arguments}}]})
        _add_results(spec, st, await run_batch(spec, st, [call], {call.name}))
    return await _drive(spec, st, 0)


async def resume_loop(spec: RunSpec) -> AgentResponse:
    """Continue a paused run whose approvals are all decided (``runtime/approvals.py``):
    the paused turn goes through the scheduler again, its decided calls run or are
    rejected, the calls that had ended keep their results."""
    run = Runs(spec.store).get(spec.run_id)
    assert run is not None  # continue_run resumed it a moment ago
    st, step, call_ids = restore_state(spec, run)
    spec.events.emit(RunStarted(question=spec.question, model=spec.model,
                                session_id=spec.session_id, resumed=True))
    try:
        batch = await run_planned(spec, st, resumed_turn(spec, call_ids))
    except AgentError as exc:
        return _finish(spec, st, "error", "", error=exc, run_status=RunPhase.ERROR)
    if batch.paused:  # a modified plan, previewed again, waits for the person once more
        return pause_run(spec, st, call_ids, step)
    _add_results(spec, st, batch)
    return await _drive(spec, st, step)


@dataclass(frozen=True)
class Next:
    """Another model turn follows, at this step count (the messages for it are added)."""

    step: int


@dataclass(frozen=True)
class Finish:
    """The run ended (answered, blocked, clarification asked) or paused with this response."""

    response: AgentResponse


TurnOutcome = Next | Finish


async def _drive(spec: RunSpec, st: RunState, step: int) -> AgentResponse:
    """Turn after turn until one finishes; a coded error or a cancel ends the run."""
    schemas = [t.json_schema() for t in offered(spec.tools, spec.options)] + [CLARIFY_TOOL]
    scope = spec.scope
    try:
        spec.gateway.check(spec.model)
        outcome: TurnOutcome = Next(step)
        while isinstance(outcome, Next):
            outcome = await _turn(spec, st, schemas, scope, outcome.step)
        return outcome.response
    except AgentError as exc:
        if exc.code == ErrorCode.RUN_CANCELLED:
            return await _finish_cancelled(spec, st, exc)
        return _finish(spec, st, "error", "", error=exc, run_status=RunPhase.ERROR)
    except asyncio.CancelledError:
        if not spec.cancel.is_set():
            raise
        return await _finish_cancelled(spec, st, AgentError(
            ErrorCode.RUN_CANCELLED, "the run was cancelled during a model call",
            hint="ask again"))


async def _turn(spec: RunSpec, st: RunState, schemas: list[dict[str, Any]], scope: set[str],
                step: int) -> TurnOutcome:
    """One model call; its reply is an answer turn (text, or the forced last turn) or a
    tool turn."""
    _check_cancel(spec)
    last = step >= spec.options.max_steps
    if last:
        st.notices.append(f"{ErrorCode.BUDGET_EXHAUSTED}: the budget of "
                          f"{spec.options.max_steps} steps ran out; this answer was "
                          "forced from the results so far.")
        _add(spec, st, {"role": "user", "content": BUDGET_NOTE})
    turn = await _model_turn(spec, st, None if last else schemas)
    st.usage.add(turn.prompt_tokens, turn.completion_tokens, turn.cost_usd,
                 turn.cached_tokens)
    spec.events.emit(ModelCompleted(
        text=turn.text, tool_calls=[{"id": c.id, "name": c.name} for c in turn.tool_calls]))
    refused = screen_calls(turn.tool_calls, (a.call_id for a in st.actions))
    _add(spec, st, turn.as_message())
    if last or not turn.tool_calls:
        return _answer_turn(spec, st, turn, step, last)
    return await _tool_turn(spec, st, turn, scope, refused, step)


def _answer_turn(spec: RunSpec, st: RunState, turn: ModelTurn, step: int,
                 last: bool) -> TurnOutcome:
    """A reply without tool calls (or the last one): too long is sent back once, a refused
    call that never succeeded blocks, an answer passes the guards, an empty reply is
    nudged once."""
    if turn.text.strip() and len(turn.text) > MAX_ANSWER_CHARS:
        if not st.asked_shorter and not last:
            st.asked_shorter = True
            return _again(spec, st, too_long(turn.text), step)
        turn.text = cut_answer(turn.text, st.notices)
    found = refusal_of(st.results, st.actions) if turn.text.strip() else None
    if found is not None and not found.useful:
        return Finish(_finish(spec, st, "blocked", found.answer(), refusal=found.refusal,
                              extra_data={"model_answer": turn.text}))
    if found is not None and found.notice() not in st.notices:
        st.notices.append(found.notice())
    if turn.text.strip():
        return _guarded(spec, st, turn.text, step, last)
    if last and turn.tool_calls:
        raise AgentError(ErrorCode.BUDGET_EXHAUSTED,
                         f"{spec.model} kept calling tools after the budget of "
                         f"{spec.options.max_steps} steps was spent, and gave no "
                         "answer", hint="raise max_steps, or ask a narrower question")
    st.empty_replies += 1
    if st.empty_replies >= 2 or last:
        raise AgentError(ErrorCode.MODEL_OUTPUT_INVALID,
                         f"{spec.model} replied with neither text nor a tool call",
                         hint="try again, or use another model")
    return _again(spec, st, EMPTY_NUDGE, step)


def _guarded(spec: RunSpec, st: RunState, text: str, step: int, last: bool) -> TurnOutcome:
    """An answer the guards accept is the run's answer; else it is sent back once with the
    guards' feedback, then withheld (blocked, with a refusal)."""
    verdict = check_answer(text, spec.question, spec.session, st.results, st.actions)
    if verdict.ok:
        return Finish(_finish(spec, st, "answered", text))
    if not st.guard_retried and not last:
        st.guard_retried = True
        return _again(spec, st, verdict.feedback, step)
    return Finish(_finish(spec, st, "blocked", verdict.withheld_note, refusal=verdict.refusal,
                          extra_data={"withheld_answer": text}))


async def _tool_turn(spec: RunSpec, st: RunState, turn: ModelTurn, scope: set[str],
                     refused: dict[str, ToolResult], step: int) -> TurnOutcome:
    """A reply with tool calls: a clarifying question ends the run; else the batch runs
    (one step), pauses the run for approvals, or its results go back to the model."""
    clarify = next((c for c in turn.tool_calls if c.name == CLARIFY_TOOL["function"]["name"]),
                   None)
    if clarify is not None:
        return Finish(_finish(spec, st, "needs_clarification", _clarify_text(clarify),
                              suggestions=_clarify_suggestions(clarify)))
    step += 1
    _check_cancel(spec)
    batch = await run_batch(spec, st, turn.tool_calls, scope, refused)
    if batch.paused:
        return Finish(pause_run(spec, st, [p.call.id for p in batch.planned], step))
    _add_results(spec, st, batch)
    return Next(step)


def _again(spec: RunSpec, st: RunState, content: str, step: int) -> Next:
    """Send the model a note (shorter, grounded, not empty) and take another turn."""
    _add(spec, st, {"role": "user", "content": content})
    return Next(step)


def _add_results(spec: RunSpec, st: RunState, batch: BatchOutcome) -> None:
    """Hand a finished turn's results to the model, in the model's order."""
    messages = [{"role": "tool", "tool_call_id": p.call.id, "name": p.call.name,
                 "content": batch.results[p.call.id].for_model()} for p in batch.planned]
    st.messages.extend(messages)
    spec.store.add_messages(spec.run_id, [("tool", m) for m in messages])  # one transaction
    _update_plan(spec, st)


async def _model_turn(spec: RunSpec, st: RunState, schemas: list | None) -> ModelTurn:
    """One model call, cancellable through the run's control; streamed text is kept."""
    control = spec.control

    def on_delta(text: str) -> None:
        spec.events.emit(ModelDelta(text=text))
        if control is not None:
            control.delta(text, lambda full: _save_partial(spec, full))

    from igraph_agent.model.builtin import is_builtin
    from igraph_agent.model.context import planner_context

    context = planner_context(spec.options, spec.workspace.home) if is_builtin(spec.model) else None
    coro = spec.gateway.complete(spec.model, list(st.messages), schemas,  # a snapshot
                                 on_delta=on_delta, context=context)
    turn = await (control.model_call(coro) if control is not None else coro)
    if control is not None:
        control.turn_done()
    return turn


def _save_partial(spec: RunSpec, text: str) -> None:
    RunControlStore(spec.store).set_partial_text(spec.run_id, spec.events.generation, text)


async def _finish_cancelled(spec: RunSpec, st: RunState, exc: AgentError, *,
                            bound: bool = True) -> AgentResponse:
    """Stop every branch, collect the evidence that they exited, then persist."""
    stopped = True
    if spec.control is not None:
        spec.control.signal()
        stopped = await spec.control.wait_stopped()
    return _finish(spec, st, "error", "", error=exc, run_status=RunPhase.CANCELLED,
                   execution_stopped=stopped, bound=bound)


def _finish(spec: RunSpec, st: RunState, status: str, answer: str, *,
            error: AgentError | None = None, run_status: RunPhase | None = None,
            refusal: Refusal | None = None, extra_data: dict[str, Any] | None = None,
            execution_stopped: bool = True,
            suggestions: list[Suggestion] | None = None, bound: bool = True) -> AgentResponse:
    """The run's response, stored and announced; ``bound=False`` when it ended before its
    data was bound (the session's earlier graph is not what it used)."""
    resp = build_response(spec, st, status, answer, error=error)
    resp.refusal = refusal
    resp.suggestions = list(suggestions or [])
    ref = graph_ref(spec) if bound else None
    if ref is not None:
        resp.graph = GraphRef(**ref)
        resp.evidence.insert(0, Evidence(tool="graph", call_id=f"{ref['dataset_id']}@r{ref['revision']}",
                                         shows=f"the run used {ref['label']}"))
    resp.data.update(extra_data or {})
    final_state = run_status or RunPhase.COMPLETED
    fields = {"status": final_state, "usage": st.usage.model_dump(),
              "response": resp.model_dump(mode="json"), "finished_at": time.time()}
    persist_final(spec, fields, st, execution_stopped)
    spec.events.emit(run_ended(final_state, resp.status,
                               resp.error.model_dump() if resp.error else None))
    return resp


def _add(spec: RunSpec, st: RunState, message: dict[str, Any]) -> None:
    st.messages.append(message)
    spec.store.add_message(spec.run_id, message["role"], message)


def _sources_name(spec: RunSpec) -> str:
    """The attachments' names, as progress lines show them."""
    names = [shown_name(obj, spec.attach_names[i] if i < len(spec.attach_names) else None)
             for i, obj in enumerate(spec.attachments)]
    return " + ".join(names)


def _check_cancel(spec: RunSpec) -> None:
    if spec.cancel.is_set():
        raise AgentError(ErrorCode.RUN_CANCELLED, "the run was cancelled", hint="ask again")


def _update_plan(spec: RunSpec, st: RunState) -> None:
    if spec.options.planning_mode != "always":
        return
    steps = [{"tool": a.tool, "call_id": a.call_id, "status": "done" if a.success else "failed"}
             for a in st.actions]
    plan = {"goal": spec.question, "steps": steps,
            "progress": f"{sum(a.success for a in st.actions)}/{len(steps)} tool calls succeeded"}
    set_session_state(spec.store, spec.session_id, plan=plan)


def _clarify_suggestions(call: ToolCallRequest) -> list[Suggestion]:
    try:
        return suggestions_of(json.loads(call.arguments).get("suggestions"))
    except (json.JSONDecodeError, AttributeError):
        return []


def _clarify_text(call: ToolCallRequest) -> str:
    try:
        return str(json.loads(call.arguments).get("question", "")).strip() or "Could you clarify?"
    except (json.JSONDecodeError, AttributeError):
        return call.arguments or "Could you clarify?"
