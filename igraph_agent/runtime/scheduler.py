"""The tool calls of one model turn as a resource-aware DAG, run concurrently where safe.

The scheduler is the only thing that executes a batch. Each call's resource contract
(``Tool.contract(args)`` -> reads, writes; ``runtime/executor.py``) orders it after every earlier call of the turn (the model's order) that writes what it
reads or writes, or reads what it writes. A call whose contract is unknown (unknown tool,
unparseable arguments, a tool that declares no resources) is a barrier: it is ordered
against every other call. Independent calls run together, at most
``max_concurrency()`` at a time (``AGENT_TOOL_MAX_CONCURRENCY``, default 4, clamped 1–32),
started heaviest first (:func:`dispatch_order`).

When a predecessor fails, is blocked, waits for approval or leaves an unfinished
background job, its dependents are not run: they get ``TOOL_DEPENDENCY_BLOCKED`` naming
it (event ``tool.blocked``) and are not queued — the model must resubmit them. A call
rejected before execution (unknown tool, invalid arguments) changed nothing, so its
ordering edges do not block. Events stream in completion order; results are handed back
in the model's order.

A gated call pauses (``runtime/approvals.py`` records the request). When every pause of
the turn is decided, the same turn comes back through :func:`run_planned`: calls that
had ended keep their stored result, an approved (or modified) call runs without asking
again, a rejected one gets ``APPROVAL_REJECTED``. A modified call whose tool plans through a
preview (``Tool.replan``: ``commit_graph_optimization``) is previewed again on the modified
arguments; when that gives another plan, the person is asked again with it.

Example::

    >>> calls = [ToolCallRequest("c1", "load_constructed_graph", '{"dataset_id": "ds_1"}'),
    ...          ToolCallRequest("c2", "node_centrality", '{"measure": "pagerank"}'),
    ...          ToolCallRequest("c3", "degree_analysis", "{}")]
    >>> planned = plan_batch(registry, calls, set(registry.names()))
    >>> [p.after for p in planned]     # the analyses wait for the load, not for each other
    [[], [0], [0]]
"""

from __future__ import annotations

import asyncio
import json
import os
from dataclasses import dataclass

from igraph_agent.errors import ErrorCode
from igraph_agent.model.gateway import ToolCallRequest
from igraph_agent.runtime.approvals import preauthorized, rejection, request_approval
from igraph_agent.runtime.events import ToolBlocked
from igraph_agent.runtime.executor import Planned, execute_call, plan_call
from igraph_agent.runtime.state import RunSpec, RunState
from igraph_agent.status import ApprovalStatus, CallOutcome
from igraph_agent.tools.registry import ToolRegistry, ToolResult

DEFAULT_CONCURRENCY = 4
CONCURRENCY_ENV = "AGENT_TOOL_MAX_CONCURRENCY"
# A resource kind covers every resource of that kind ("dataset" ~ "dataset:ds_1");
# the workspace holds every dataset and construction.
_CONTAINS = {"workspace": ("dataset", "construction")}


def max_concurrency(env: dict[str, str] | None = None) -> int:
    """The concurrency limit: ``AGENT_TOOL_MAX_CONCURRENCY`` clamped to 1–32, default 4.

    Example::

        >>> max_concurrency({"AGENT_TOOL_MAX_CONCURRENCY": "99"})
        32
    """
    raw = (env if env is not None else os.environ).get(CONCURRENCY_ENV, "")
    try:
        value = int(raw) if raw.strip() else DEFAULT_CONCURRENCY
    except ValueError:
        value = DEFAULT_CONCURRENCY
    return max(1, min(32, value))


@dataclass
class Outcome:
    """How one call ended (``CallOutcome``: succeeded, failed, blocked, paused or job)."""

    state: CallOutcome
    result: ToolResult | None = None

    @property
    def blocks(self) -> bool:
        return self.state != CallOutcome.SUCCEEDED


@dataclass
class BatchOutcome:
    planned: list[Planned]
    results: dict[str, ToolResult]  # call_id -> result, for every call that did not pause
    paused: list[Planned]


def covers(a: str, b: str) -> bool:
    """Whether resources ``a`` and ``b`` can be the same thing."""
    if a == b:
        return True
    ka, kb = a.split(":", 1)[0], b.split(":", 1)[0]
    if ka in _CONTAINS.get(b, ()) or kb in _CONTAINS.get(a, ()):
        return True
    return (a == ka and ka == kb) or (b == kb and ka == kb)


def _overlap(xs: set[str], ys: set[str]) -> bool:
    return any(covers(x, y) for x in xs for y in ys)


def conflicts(earlier: Planned, later: Planned) -> bool:
    """``later`` must wait for ``earlier`` (a call that ended before never holds one up)."""
    if earlier.done is not None or later.done is not None:
        return False
    if earlier.barrier or later.barrier:
        return True
    assert earlier.reads is not None and earlier.writes is not None
    assert later.reads is not None and later.writes is not None
    return (_overlap(earlier.writes, later.reads | later.writes)
            or _overlap(later.writes, earlier.reads))


def link(planned: list[Planned]) -> list[Planned]:
    """Give each call the earlier calls (the model's order) it must wait for."""
    for i, p in enumerate(planned):
        p.index = i
        p.after = [q.index for q in planned[:i] if conflicts(q, p)]
    return planned


def plan_batch(registry: ToolRegistry, calls: list[ToolCallRequest],
               scope: set[str], refused: dict[str, ToolResult] | None = None) -> list[Planned]:
    """Parse every call and link each to the earlier calls it must wait for; a call in
    ``refused`` (``runtime/turncheck.py``) is reported with that result, never run."""
    planned = [plan_call(registry, call, scope, i) for i, call in enumerate(calls)]
    for p in planned:
        if refused and p.call.id in refused:
            # reported at once, touching nothing: no call waits for it, it waits for none
            p.rejected, p.tool, p.args, p.reads, p.writes = refused[p.call.id], None, None, set(), set()
    return link(planned)


def dispatch_order(planned: list[Planned]) -> list[Planned]:
    """The order a turn's calls are started in: heaviest expected cost first (``Tool.cost``),
    the model's order among equals. Calls wait for their predecessors whatever this order, and
    the concurrency limit and the worker pool serve waiting calls first come, first served, so
    the longest analysis of a batch never starts last.

    Example::

        >>> calls = [ToolCallRequest("c1", "get_graph_info", "{}"),
        ...          ToolCallRequest("c2", "community_detection", "{}"),
        ...          ToolCallRequest("c3", "degree_analysis", "{}")]
        >>> [p.call.id for p in dispatch_order(plan_batch(registry, calls, set(registry.names())))]
        ['c2', 'c3', 'c1']
    """
    return sorted(planned, key=lambda p: -(p.tool.expected_cost(p.args) if p.tool else 0))


async def run_batch(spec: RunSpec, st: RunState, calls: list[ToolCallRequest],
                    scope: set[str], refused: dict[str, ToolResult] | None = None) -> BatchOutcome:
    """Run one turn's calls as a DAG; record results and actions in the model's order."""
    planned = plan_batch(spec.registry, calls, scope, refused)
    # stored in the model's order, whatever order they start in; one transaction per turn
    spec.store.start_tool_calls(spec.run_id, [(p.call.id, p.call.name, p.args_view)
                                              for p in planned])
    return await run_planned(spec, st, planned)


async def run_planned(spec: RunSpec, st: RunState, planned: list[Planned]) -> BatchOutcome:
    """Run linked calls: a call that ``done`` is kept, a decided gated call runs (or is
    rejected) without asking again, any other call runs unless it needs an approval."""
    limit = asyncio.Semaphore(max_concurrency())
    done = {p.index: asyncio.Event() for p in planned}
    outcomes: dict[int, Outcome] = {}

    async def run_one(p: Planned) -> None:
        try:
            for i in p.after:
                await done[i].wait()
            outcomes[p.index] = await _outcome(spec, st, p, planned, outcomes, limit)
        finally:
            done[p.index].set()

    await asyncio.gather(*(run_one(p) for p in dispatch_order(planned)))
    results: dict[str, ToolResult] = {}
    for p in planned:
        out = outcomes[p.index]
        if out.result is not None:
            results[p.call.id] = out.result
            st.record(p.call.name, p.call.id, p.args_view, out.result)
    return BatchOutcome(planned, results, [p for p in planned if outcomes[p.index].state == CallOutcome.PAUSED])


async def _outcome(spec: RunSpec, st: RunState, p: Planned, planned: list[Planned],
                   outcomes: dict[int, Outcome], limit: asyncio.Semaphore) -> Outcome:
    if p.done is not None:
        st.remember_failure(p.call.name, p.args_view, p.done, spec.session.state_token())
        return Outcome(_state_of(p.done), p.done)
    blocker = next((planned[i] for i in p.after
                    if planned[i].rejected is None and outcomes[i].blocks), None)
    if blocker is not None:
        return Outcome(CallOutcome.BLOCKED, _blocked(spec, p, blocker, outcomes[blocker.index]))
    if p.decision == ApprovalStatus.REJECTED:
        result = rejection(p.call.name, p.call.id)
        spec.store.finish_tool_call(spec.run_id, p.call.id, result.envelope(),
                                    spec.events.generation)
        return Outcome(CallOutcome.FAILED, result)
    if p.decision == ApprovalStatus.MODIFIED and p.tool is not None and p.tool.replan:
        replanned = await _replan(spec, st, p)
        if replanned is not None:
            return replanned
    if p.decision is None and _needs_approval(spec, p) \
            and st.failure_of(p.call.name, p.args_view, spec.session.state_token()) is None:
        request_approval(spec, p)
        return Outcome(CallOutcome.PAUSED)
    async with limit:
        result = await execute_call(spec, st, p)
    return Outcome(_state_of(result), result)


async def _replan(spec: RunSpec, st: RunState, p: Planned) -> Outcome | None:
    """A modified call whose plan a preview computes (``Tool.replan``): the preview runs on
    the modified arguments (a card of its own). The same plan: None, the call runs. Another
    plan: the person is asked again, with it (``PAUSED``). A failed preview fails the call."""
    assert p.tool is not None and p.tool.replan is not None and p.args is not None
    replan = p.tool.replan
    cid = f"{p.call.id}.preview{spec.events.generation}"
    preview = plan_call(spec.registry, ToolCallRequest(cid, replan.preview,
                                                       json.dumps(replan.preview_args(p.args))),
                        {replan.preview})
    spec.store.start_tool_calls(spec.run_id, [(cid, replan.preview, preview.args_view)])
    result = await execute_call(spec, st, preview)
    st.record(replan.preview, cid, preview.args_view, result)
    if not result.success:
        why = result.error.message if result.error else result.summary
        failed = ToolResult.failure(
            p.call.name, p.call.id, ErrorCode.MODIFIED_PLAN_INVALID,
            f"not run: the modified options could not be previewed ({why})",
            hint="do not call it again in this run; nothing was written",
            details={"preview_error": result.error.code if result.error else None})
        done = Planned(index=p.index, call=p.call, tool=p.tool, args_view=p.args_view,
                       rejected=failed)
        return Outcome(CallOutcome.FAILED, await execute_call(spec, st, done))
    planned_args = replan.plan_args(result.data)
    if planned_args == p.args_view:
        return None  # the modification names the plan its options give: it runs
    again = plan_call(spec.registry, ToolCallRequest(p.call.id, p.call.name,
                                                     json.dumps(planned_args)),
                      spec.scope, p.index)
    request_approval(spec, again)
    return Outcome(CallOutcome.PAUSED)


def _state_of(result: ToolResult) -> CallOutcome:
    if not result.success:
        return CallOutcome.FAILED
    if result.is_async and result.job_id:
        return CallOutcome.JOB  # the job is still running: its results are not there yet
    return CallOutcome.SUCCEEDED


def _needs_approval(spec: RunSpec, p: Planned) -> bool:
    t = p.tool
    if t is None:
        return False
    asked_first = t.name in spec.options.ask_first
    if not (asked_first or t.needs_approval(p.args)):
        return False
    if spec.options.read_only and t.writes_data(p.args):
        return False  # refused with READ_ONLY_MODE before anyone is asked
    return asked_first or not preauthorized(t.name, spec.question, p.args_view)


def _blocked(spec: RunSpec, p: Planned, blocker: Planned, why: Outcome) -> ToolResult:
    reason = {CallOutcome.FAILED: "failed", CallOutcome.BLOCKED: "was itself blocked",
              CallOutcome.PAUSED: "is waiting for approval",
              CallOutcome.JOB: "left an unfinished job"}[why.state]
    result = ToolResult.failure(
        p.call.name, p.call.id, ErrorCode.TOOL_DEPENDENCY_BLOCKED,
        f"not run: it depends on {blocker.call.name} ({blocker.call.id}), which {reason}",
        hint=f"fix or wait for {blocker.call.name}, then call {p.call.name} again; "
             "blocked calls are not queued",
        details={"blocked_by": blocker.call.id, "blocked_by_tool": blocker.call.name,
                 "blocked_by_state": why.state},
    )
    envelope = result.envelope()
    spec.events.emit(ToolBlocked(call_id=p.call.id, tool=p.call.name, blocked_by=blocker.call.id,
                                 blocked_by_tool=blocker.call.name, reason=reason),
                     also=lambda c: spec.store.mark_tool_call(spec.run_id, p.call.id, "blocked",
                                                              envelope, conn=c))
    return result
