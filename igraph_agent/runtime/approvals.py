"""Approval pauses: gated tool calls wait for a person's decision on the exact arguments.

A tool with ``requires_approval=True`` (``clear_graph``, ``commit_graph_optimization``) is
not run when the model calls it: the run pauses (run state ``paused``, response status
``awaiting_approval``) with one persisted record per gated call — run_id, tool_call_id,
tool, proposed args, generation. Independent calls of the same turn still complete;
calls that depend on a gated one are blocked (``runtime/scheduler.py``).

Decisions (``Agent.continue_run``): ``approve`` runs the persisted args, ``reject`` hands
the model an ``APPROVAL_REJECTED`` result, ``modify`` runs ``patched_args`` after they
validate against the tool's Args (else ``INVALID_ARGUMENTS`` and nothing changes). A
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
from typing import TYPE_CHECKING, Any, Literal

from igraph_agent.errors import AgentError, ErrorCode
from igraph_agent.response import Action, PendingApproval, Usage
from igraph_agent.store import Store
from igraph_agent.tools.registry import ToolRegistry, ToolResult

if TYPE_CHECKING:
    from igraph_agent.runtime.loop import RunSpec, _State
    from igraph_agent.runtime.scheduler import BatchOutcome, Planned

Decision = Literal["approve", "reject", "modify"]
DECIDED = {"approve": "approved", "reject": "rejected", "modify": "modified"}

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
    spec.store.add_approval(spec.run_id, p.call.id, p.call.name, p.args_view,
                            spec.events.generation)
    spec.store.mark_tool_call(spec.run_id, p.call.id, "awaiting_approval")
    spec.events.emit("approval.requested", call_id=p.call.id, tool=p.call.name,
                     args=p.args_view, generation=spec.events.generation)


def pending(store: Store, run_id: str) -> list[PendingApproval]:
    return [PendingApproval(run_id=r["run_id"], tool_call_id=r["tool_call_id"], tool=r["tool"],
                            args=r["args"], generation=r["generation"])
            for r in store.approvals(run_id, "pending")]


def pause_run(spec: RunSpec, st: _State, batch: BatchOutcome, step: int):
    """Stop the run at this turn: state ``paused``, response ``awaiting_approval``."""
    from igraph_agent.runtime.loop import build_response

    resp = build_response(spec, st, "awaiting_approval", "")
    resp.pending = pending(spec.store, spec.run_id)
    names = ", ".join(f"{p.tool} ({p.tool_call_id})" for p in resp.pending)
    resp.answer = f"Waiting for approval: {names}."
    resp.next = [f"approve, reject or modify {p.tool_call_id}" for p in resp.pending]
    point = {"step": step, "calls": [p.call.id for p in batch.planned],
             "notices": st.notices, "guard_retried": st.guard_retried}
    from igraph_agent.runtime.loop import persist_final

    persist_final(spec, {"status": "paused", "usage": st.usage.model_dump(),
                         "response": resp.model_dump(mode="json"), "pause": point}, st)
    spec.events.emit("run.paused", status=resp.status,
                     pending=[p.model_dump() for p in resp.pending])
    return resp


# -- deciding -----------------------------------------------------------------------------
@dataclass
class Decided:
    run: dict[str, Any]
    record: dict[str, Any]
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
    run = store.get_run(run_id)
    if run is None:
        raise _conflict(f"no run {run_id!r} in this project", run_id)
    record = store.get_approval(run_id, tool_call_id)
    if record is None:
        raise _conflict(f"run {run_id} has no approval request for call {tool_call_id!r}", run_id)
    if tool is not None and tool != record["tool"]:
        raise _conflict(f"call {tool_call_id} is {record['tool']}, not {tool}", run_id)
    if record["status"] != "pending":
        raise _conflict(f"call {tool_call_id} was already decided ({record['status']})", run_id)
    if run["status"] != "paused" or record["generation"] != run["generation"]:
        raise _conflict(f"the approval for {tool_call_id} belongs to an earlier phase of the "
                        f"run (generation {record['generation']}, run at {run['generation']})",
                        run_id)
    if generation is not None and generation != record["generation"]:
        raise _conflict(f"stale decision: generation {generation}, the request is at "
                        f"{record['generation']}", run_id)
    decided_args = None
    if decision == "modify":
        if not isinstance(patched_args, dict):
            raise AgentError(ErrorCode.INVALID_ARGUMENTS, "modify needs patched_args (an object)",
                             hint="pass the full arguments to run instead of the proposed ones")
        parsed = registry.parse(record["tool"], patched_args, tool_call_id, {record["tool"]})
        if isinstance(parsed, ToolResult):
            err = parsed.error
            raise AgentError(ErrorCode.INVALID_ARGUMENTS, err.message if err else "invalid",
                             hint="fix the named fields and decide again; the request is "
                                  "still pending", details=err.details if err else {})
        decided_args = parsed[1].model_dump(mode="json")
    if not store.decide_approval(run_id, tool_call_id, record["generation"], DECIDED[decision],
                                 decided_args):
        raise _conflict(f"call {tool_call_id} was decided concurrently", run_id)
    record = store.get_approval(run_id, tool_call_id) or record
    return Decided(run, record, pending(store, run_id))


def decision_from_flags(reject: bool = False,
                        modify: str | None = None) -> tuple[str, dict[str, Any] | None]:
    """CLI / magic flags -> ``(decision, patched_args)``; ``--modify`` takes a JSON object.

    Example::

        decision_from_flags(modify='{"n": 3}')   # ("modify", {"n": 3})
    """
    if reject and modify is not None:
        raise AgentError(ErrorCode.INVALID_ARGUMENTS, "use --reject or --modify, not both")
    if reject:
        return "reject", None
    if modify is None:
        return "approve", None
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


# -- resuming -----------------------------------------------------------------------------
def restore_state(spec: RunSpec, run: dict[str, Any]) -> tuple[_State, int, list[str]]:
    """The loop state of a paused run, read back from the store."""
    from igraph_agent.runtime.loop import _State

    point = run.get("pause") or {}
    batch = set(point.get("calls") or [])
    st = _State()
    st.messages = [m["content"] for m in spec.store.messages(spec.run_id)]
    st.usage = Usage(**(run.get("usage") or {}))
    st.notices = list(point.get("notices") or [])
    st.guard_retried = bool(point.get("guard_retried"))
    rows = spec.store.tool_calls(spec.run_id)
    for row in rows:
        if row["call_id"] in batch or not row.get("envelope"):
            continue
        result = ToolResult.model_validate(row["envelope"])
        _restore(st, row, result)
    return st, int(point.get("step") or 0), list(point.get("calls") or [])


def _restore(st: _State, row: dict, result: ToolResult) -> None:
    st.results.append(result)
    st.actions.append(Action(tool=row["tool"], call_id=row["call_id"], args=row["args"],
                                 success=result.success,
                                 error_code=result.error.code if result.error else None,
                                 elapsed_ms=result.elapsed_ms))
    if not result.success:
        from igraph_agent.runtime.scheduler import call_key

        st.failed.setdefault(call_key(row["tool"], row["args"]), result)


async def resume_batch(spec: RunSpec, st: _State, call_ids: list[str]) -> list[ToolResult]:
    """Finish the paused turn: run approved calls, reject the rejected, in the model's order.

    Returns every result of the turn in the model's order (what goes back to the model).
    """
    from igraph_agent.model.gateway import ToolCallRequest
    from igraph_agent.runtime.scheduler import Planned, contract_of, execute_call, record

    rows = {r["call_id"]: r for r in spec.store.tool_calls(spec.run_id)}
    decisions = {r["tool_call_id"]: r for r in spec.store.approvals(spec.run_id)}
    scope = {t.name for t in spec.tools}
    out: list[ToolResult] = []
    for cid in call_ids:
        row = rows[cid]
        approval = decisions.get(cid)
        if approval is None or row["status"] != "awaiting_approval":
            result = ToolResult.model_validate(row["envelope"])
            _restore(st, row, result)
            out.append(result)
            continue
        call = ToolCallRequest(cid, row["tool"], json.dumps(approval["args"]))
        if approval["status"] == "rejected":
            result = ToolResult.failure(
                row["tool"], cid, ErrorCode.APPROVAL_REJECTED,
                f"the user rejected {row['tool']} with these arguments; it did not run",
                hint="do not call it again in this run; answer without it or propose "
                     "something else")
            spec.store.finish_tool_call(spec.run_id, cid, result.envelope(),
                                        spec.events.generation)
            p = Planned(0, call, None, None, result, approval["args"], None, None)
            record(st, p, result)
            out.append(result)
            continue
        args_json = approval["decided_args"] if approval["status"] == "modified" else approval["args"]
        parsed = spec.registry.parse(row["tool"], args_json, cid, scope)
        if isinstance(parsed, ToolResult):
            p = Planned(0, call, None, None, parsed, args_json, None, None)
            result = await execute_call(spec, st, p)
        else:
            t, args = parsed
            p = Planned(0, call, t, args, None, args.model_dump(mode="json"), *contract_of(t, args))
            result = await execute_call(spec, st, p)
        record(st, p, result)
        out.append(result)
    return out
