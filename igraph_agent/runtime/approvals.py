"""Approval pauses: gated tool calls wait for a person's decision on the exact arguments.

A tool with ``requires_approval=True`` (``clear_graph``, ``commit_graph_optimization``) is
not run when the model calls it: the run pauses (run state ``paused``, response status
``awaiting_approval``) with one persisted record per gated call — run_id, tool_call_id,
tool, proposed args, generation. Independent calls of the same turn still complete;
calls that depend on a gated one are blocked (``runtime/scheduler.py``).

Decisions (``Agent.continue_run``): ``approve`` runs the persisted args, ``reject`` hands
the model an ``APPROVAL_REJECTED`` result, ``modify`` runs ``patched_args`` after they
validate against the tool's Args (else ``INVALID_ARGUMENTS`` and nothing changes); a
modified previewed plan (``Tool.replan``) is previewed again by the scheduler and asked once
more when its plan changed. A
decision that names another run, call or tool, a stale generation or an already-decided
record is ``APPROVAL_CONFLICT`` and nothing executes. Every pending record of the pause
must be decided before the run continues; the continuation keeps the run_id and the
completed results and bumps the generation.

Pre-authorization hook: an explicit request can authorize a gated call up front. A tool
named ``train`` or ``train_*`` is pre-authorized when the question explicitly asks to
train; other tools can register their own rule::

    register_preauthorization("train_node_classifier",
                              lambda question, args: "train" in question.lower())
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from igraph_agent.errors import AgentError, ErrorCode
from igraph_agent.model.gateway import ToolCallRequest
from igraph_agent.response import AgentResponse, PendingApproval, Usage
from igraph_agent.runtime.events import ApprovalRequested, RunPaused
from igraph_agent.runtime.executor import Planned, plan_call
from igraph_agent.runtime.state import RunSpec, RunState, build_response, persist_final
from igraph_agent.status import DECIDED, ApprovalStatus, Decision, RunPhase
from igraph_agent.store import Store
from igraph_agent.store.approvals import ApprovalRecord, Approvals
from igraph_agent.store.runs import RunRecord, Runs
from igraph_agent.tools.registry import ToolRegistry, ToolResult

_EXPLICIT_TRAINING = re.compile(r"\b(train|retrain|fit)\b", re.IGNORECASE)
_RULES: dict[str, Callable[[str, dict[str, Any]], bool]] = {}


def register_preauthorization(tool: str, rule: Callable[[str, dict[str, Any]], bool]) -> None:
    """Let ``rule(question, args)`` authorize calls of ``tool`` without a pause."""
    _RULES[tool] = rule


def explicit_training_request(question: str, args: dict[str, Any]) -> bool:
    """The question itself asks to train (``"train a node classifier on ..."``)."""
    return bool(_EXPLICIT_TRAINING.search(question))


def preauthorized(tool: str, question: str, args: dict[str, Any]) -> bool:
    rule = _RULES.get(tool)
    if rule is None and (tool == "train" or tool.startswith("train_")):
        rule = explicit_training_request
    return bool(rule and rule(question, args))


# -- pausing ------------------------------------------------------------------------------
def request_approval(spec: RunSpec, p: Planned) -> None:
    """Persist the approval record of a gated call and announce it."""
    Approvals(spec.store).add(spec.run_id, p.call.id, p.call.name, p.args_view,
                              spec.events.generation)
    spec.store.mark_tool_call(spec.run_id, p.call.id, "awaiting_approval")
    spec.events.emit(ApprovalRequested(call_id=p.call.id, tool=p.call.name, args=p.args_view,
                                       generation=spec.events.generation))


def pending(store: Store, run_id: str) -> list[PendingApproval]:
    return Approvals(store).pending(run_id)


def pause_run(spec: RunSpec, st: RunState, call_ids: list[str], step: int) -> AgentResponse:
    """Stop the run at this turn: state ``paused``, response ``awaiting_approval``."""
    resp = build_response(spec, st, "awaiting_approval", "")
    resp.pending = pending(spec.store, spec.run_id)
    names = ", ".join(f"{p.tool} ({p.tool_call_id})" for p in resp.pending)
    resp.answer = f"Waiting for approval: {names}."
    resp.next = [f"approve, reject or modify {p.tool_call_id}" for p in resp.pending]
    point = {"step": step, "calls": call_ids,
             "notices": st.notices, "guard_retried": st.guard_retried}
    persist_final(spec, {"status": RunPhase.PAUSED, "usage": st.usage.model_dump(),
                         "response": resp.model_dump(mode="json"), "pause": point}, st)
    spec.events.emit(RunPaused(status=resp.status, pending=[p.model_dump() for p in resp.pending]))
    return resp


# -- deciding -----------------------------------------------------------------------------
@dataclass
class Decided:
    run: RunRecord
    record: ApprovalRecord
    remaining: list[PendingApproval]


def decide(store: Store, registry: ToolRegistry, run_id: str, tool_call_id: str,
           decision: str, patched_args: dict[str, Any] | None = None,
           generation: int | None = None, tool: str | None = None) -> Decided:
    """Check a decision against the stored record and record it once.

    Raises ``APPROVAL_CONFLICT`` (wrong run/call/tool, stale generation, decided already)
    or ``INVALID_ARGUMENTS`` (bad decision, patched args that do not validate); in both
    cases nothing is recorded and nothing runs.
    """
    if decision not in DECIDED:
        raise AgentError(ErrorCode.INVALID_ARGUMENTS,
                         f"decision must be approve, reject or modify, not {decision!r}")
    run = Runs(store).get(run_id)
    if run is None:
        raise _conflict(f"no run {run_id!r} in this project", run_id)
    approvals = Approvals(store)
    record = approvals.get(run_id, tool_call_id)
    if record is None:
        raise _conflict(f"run {run_id} has no approval request for call {tool_call_id!r}", run_id)
    if tool is not None and tool != record.tool:
        raise _conflict(f"call {tool_call_id} is {record.tool}, not {tool}", run_id)
    if record.status != ApprovalStatus.PENDING:
        raise _conflict(f"call {tool_call_id} was already decided ({record.status})", run_id)
    if run.status != RunPhase.PAUSED or record.generation != run.generation:
        raise _conflict(f"the approval for {tool_call_id} belongs to an earlier phase of the "
                        f"run (generation {record.generation}, run at {run.generation})",
                        run_id)
    if generation is not None and generation != record.generation:
        raise _conflict(f"stale decision: generation {generation}, the request is at "
                        f"{record.generation}", run_id)
    decided_args = None
    if decision == "modify":
        if not isinstance(patched_args, dict):
            raise AgentError(ErrorCode.INVALID_ARGUMENTS, "modify needs patched_args (an object)",
                             hint="pass the full arguments to run instead of the proposed ones")
        patched_args = _patched(registry, record, patched_args)
        parsed = registry.parse(record.tool, patched_args, tool_call_id, {record.tool})
        if isinstance(parsed, ToolResult):
            err = parsed.error
            raise AgentError(ErrorCode.INVALID_ARGUMENTS, err.message if err else "invalid",
                             hint="fix the named fields and decide again; the request is "
                                  "still pending", details=err.details if err else {})
        decided_args = parsed[1].model_dump(mode="json")
    if not approvals.decide(run_id, tool_call_id, record.generation, DECIDED[Decision(decision)],
                            decided_args):
        raise _conflict(f"call {tool_call_id} was decided concurrently", run_id)
    record = approvals.get(run_id, tool_call_id) or record
    return Decided(run, record, approvals.pending(run_id))


def _patched(registry: ToolRegistry, record: ApprovalRecord,
             patched: dict[str, Any]) -> dict[str, Any]:
    """The arguments a ``modify`` asks for: the tool's own reading of a partial change (a
    ``Replan.patch``), and no argument the tool does not have (it would be dropped unseen)."""
    t = registry.get(record.tool)
    if t is None:
        return patched
    if t.replan is not None and t.replan.patch is not None:
        patched = t.replan.patch(record.args, patched)
    if t.args_model.model_config.get("extra") != "allow":
        unknown = sorted(set(patched) - set(t.args_model.model_fields))
        if unknown:
            raise AgentError(ErrorCode.INVALID_ARGUMENTS,
                             f"{record.tool} has no argument {', '.join(map(repr, unknown))}",
                             hint=f"its arguments are {', '.join(t.args_model.model_fields)}; "
                                  "the request is still pending",
                             details={"unknown": unknown})
    return patched


def decision_from_flags(reject: bool = False,
                        modify: str | None = None) -> tuple[str, dict[str, Any] | None]:
    """CLI / magic flags -> ``(decision, patched_args)``; ``--modify`` takes a JSON object.

    Example::

        >>> decision_from_flags(modify='{"n": 3}')
        ('modify', {'n': 3})
        >>> decision_from_flags()
        ('approve', None)
    """
    if reject and modify is not None:
        raise AgentError(ErrorCode.INVALID_ARGUMENTS, "use --reject or --modify, not both")
    if reject:
        return "reject", None
    if modify is None:
        return "approve", None
    from igraph_agent.tools.registry import argument_bounds

    too_big = argument_bounds(modify)  # counted before parsing: deep JSON never recurses
    if too_big:
        raise AgentError(ErrorCode.INVALID_ARGUMENTS, f"--modify arguments {too_big}",
                         hint="pass the tool's arguments as one small, flat JSON object")
    try:
        patched = json.loads(modify)
    except json.JSONDecodeError as exc:
        raise AgentError(ErrorCode.INVALID_ARGUMENTS,
                         f"--modify is not valid JSON ({exc.msg} at position {exc.pos})",
                         hint="pass the full arguments as one JSON object") from None
    if not isinstance(patched, dict):
        raise AgentError(ErrorCode.INVALID_ARGUMENTS, "--modify must be a JSON object",
                         hint="pass the full arguments as one JSON object")
    return "modify", patched


def _conflict(message: str, run_id: str) -> AgentError:
    return AgentError(ErrorCode.APPROVAL_CONFLICT, message,
                      hint="list the pending approvals of the run and decide those, with the "
                           "generation shown", details={"run_id": run_id})


def rejection(tool: str, call_id: str) -> ToolResult:
    """The result a rejected gated call gives the model: it did not run."""
    return ToolResult.failure(
        tool, call_id, ErrorCode.APPROVAL_REJECTED,
        f"the user rejected {tool} with these arguments; it did not run",
        hint="do not call it again in this run; answer without it or propose something else")


# -- resuming -----------------------------------------------------------------------------
def restore_state(spec: RunSpec, run: RunRecord) -> tuple[RunState, int, list[str]]:
    """The loop state of a paused run, read back from the store."""
    point = run.pause or {}
    batch = set(point.get("calls") or [])
    st = RunState()
    st.messages = [m["content"] for m in spec.store.messages(spec.run_id)]
    st.usage = Usage(**run.usage)
    st.notices = list(point.get("notices") or [])
    st.guard_retried = bool(point.get("guard_retried"))
    for row in spec.store.tool_calls(spec.run_id):
        if row["call_id"] in batch or not row.get("envelope"):
            continue
        result = ToolResult.model_validate(row["envelope"])
        st.record(row["tool"], row["call_id"], row["args"], result)
        st.remember_failure(row["tool"], row["args"], result, spec.session.state_token())
    return st, int(point.get("step") or 0), list(point.get("calls") or [])


def resumed_turn(spec: RunSpec, call_ids: list[str]) -> list[Planned]:
    """The paused turn for the scheduler: calls that ended keep their stored result; each
    gated call carries its decision (and the decided arguments of a ``modify``)."""
    rows = {r["call_id"]: r for r in spec.store.tool_calls(spec.run_id)}
    decisions = {r.tool_call_id: r for r in Approvals(spec.store).of_run(spec.run_id)}
    planned: list[Planned] = []
    for cid in call_ids:
        row, approval = rows[cid], decisions.get(cid)
        if approval is None or row["status"] != "awaiting_approval":
            call = ToolCallRequest(cid, row["tool"], json.dumps(row["args"]))
            planned.append(Planned(index=len(planned), call=call, args_view=row["args"],
                                   done=ToolResult.model_validate(row["envelope"])))
            continue
        call = ToolCallRequest(cid, row["tool"], json.dumps(approval.run_args))
        if approval.status == ApprovalStatus.REJECTED:
            p = Planned(index=len(planned), call=call, args_view=approval.args)
        else:
            p = plan_call(spec.registry, call, spec.scope, len(planned))
        p.decision = approval.status
        planned.append(p)
    return planned
