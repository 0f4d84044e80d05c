"""The tool calls of one model turn as a resource-aware DAG, run concurrently where safe.

Each call's resource contract (``Tool.contract(args)`` -> reads, writes; DESIGN.md §3)
orders it after every earlier call of the turn (the model's order) that writes what it
reads or writes, or reads what it writes. A call whose contract is unknown (unknown tool,
unparseable arguments, a tool that declares no resources) is a barrier: it is ordered
against every other call. Independent calls run together, at most
``max_concurrency()`` at a time (``AGENT_TOOL_MAX_CONCURRENCY``, default 4, clamped 1–32).

When a predecessor fails, is blocked, waits for approval or leaves an unfinished
background job, its dependents are not run: they get ``TOOL_DEPENDENCY_BLOCKED`` naming
it (event ``tool.blocked``) and are not queued — the model must resubmit them. A call
rejected before execution (unknown tool, invalid arguments) changed nothing, so its
ordering edges do not block. Events stream in completion order; results are handed back
in the model's order.

Example::

    planned = plan_batch(registry, turn.tool_calls, scope)
    [p.after for p in planned]     # predecessors of each call, by index
    outcome = await run_batch(spec, st, turn.tool_calls, scope)
"""

from __future__ import annotations

import asyncio
import json
import os
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel

from igraph_agent.errors import ErrorCode
from igraph_agent.model.gateway import ToolCallRequest
from igraph_agent.response import Action
from igraph_agent.tools.registry import Tool, ToolContext, ToolRegistry, ToolResult

if TYPE_CHECKING:
    from igraph_agent.runtime.loop import RunSpec, _State

DEFAULT_CONCURRENCY = 4
CONCURRENCY_ENV = "AGENT_TOOL_MAX_CONCURRENCY"
# A resource kind covers every resource of that kind ("dataset" ~ "dataset:ds_1");
# the workspace holds every dataset and construction.
_CONTAINS = {"workspace": ("dataset", "construction")}


def max_concurrency(env: dict[str, str] | None = None) -> int:
    """The concurrency limit: ``AGENT_TOOL_MAX_CONCURRENCY`` clamped to 1–32, default 4.

    Example::

        max_concurrency({"AGENT_TOOL_MAX_CONCURRENCY": "99"})  # 32
    """
    raw = (env if env is not None else os.environ).get(CONCURRENCY_ENV, "")
    try:
        value = int(raw) if raw.strip() else DEFAULT_CONCURRENCY
    except ValueError:
        value = DEFAULT_CONCURRENCY
    return max(1, min(32, value))


@dataclass
class Planned:
    """One call of the turn, parsed, with its contract and its predecessors."""

    index: int
    call: ToolCallRequest
    tool: Tool | None
    args: BaseModel | None
    rejected: ToolResult | None  # scope or validation failure: never executed
    args_view: dict[str, Any]
    reads: set[str] | None  # None: unknown contract (a barrier)
    writes: set[str] | None
    after: list[int] = field(default_factory=list)

    @property
    def barrier(self) -> bool:
        return self.reads is None


@dataclass
class Outcome:
    """How one call ended: ``succeeded``, ``failed``, ``blocked``, ``paused`` or ``job``."""

    state: str
    result: ToolResult | None = None

    @property
    def blocks(self) -> bool:
        return self.state != "succeeded"


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
    """``later`` must wait for ``earlier``."""
    if earlier.barrier or later.barrier:
        return True
    assert earlier.reads is not None and earlier.writes is not None
    assert later.reads is not None and later.writes is not None
    return (_overlap(earlier.writes, later.reads | later.writes)
            or _overlap(later.writes, earlier.reads))


def contract_of(t: Tool, args: BaseModel) -> tuple[set[str] | None, set[str] | None]:
    try:
        reads, writes = t.contract(args)
    except Exception:  # a contract that cannot be computed is unknown
        return None, None
    if not reads and not writes:  # declared nothing: we cannot know what it touches
        return None, None
    return set(reads), set(writes)


def plan_batch(registry: ToolRegistry, calls: list[ToolCallRequest],
               scope: set[str]) -> list[Planned]:
    """Parse every call and link each to the earlier calls it must wait for."""
    planned: list[Planned] = []
    for i, call in enumerate(calls):
        parsed = registry.parse(call.name, call.arguments, call.id, scope)
        if isinstance(parsed, ToolResult):
            p = Planned(i, call, None, None, parsed, _loose(call.arguments), None, None)
        else:
            t, args = parsed
            reads, writes = contract_of(t, args)
            p = Planned(i, call, t, args, None, args.model_dump(mode="json"), reads, writes)
        p.after = [q.index for q in planned if conflicts(q, p)]
        planned.append(p)
    return planned


async def run_batch(spec: RunSpec, st: _State, calls: list[ToolCallRequest],
                    scope: set[str]) -> BatchOutcome:
    """Run one turn's calls as a DAG; record results and actions in the model's order."""
    from igraph_agent.runtime.approvals import request_approval

    planned = plan_batch(spec.registry, calls, scope)
    for p in planned:  # stored in the model's order, whatever order they start in
        spec.store.start_tool_call(spec.run_id, p.call.id, p.call.name, p.args_view)
    limit = asyncio.Semaphore(max_concurrency())
    done = {p.index: asyncio.Event() for p in planned}
    outcomes: dict[int, Outcome] = {}

    async def run_one(p: Planned) -> None:
        try:
            for i in p.after:
                await done[i].wait()
            blocker = next((planned[i] for i in p.after
                            if planned[i].rejected is None and outcomes[i].blocks), None)
            if blocker is not None:
                outcomes[p.index] = Outcome("blocked", _blocked(spec, p, blocker,
                                                                outcomes[blocker.index]))
            elif _needs_approval(spec, p) and call_key(p.call.name, p.args_view) not in st.failed:
                request_approval(spec, p)
                outcomes[p.index] = Outcome("paused")
            else:
                async with limit:
                    result = await execute_call(spec, st, p)
                outcomes[p.index] = Outcome(_state_of(result), result)
        finally:
            done[p.index].set()

    await asyncio.gather(*(run_one(p) for p in planned))
    results: dict[str, ToolResult] = {}
    for p in planned:
        out = outcomes[p.index]
        if out.result is not None:
            results[p.call.id] = out.result
            record(st, p, out.result)
    return BatchOutcome(planned, results, [p for p in planned if outcomes[p.index].state == "paused"])


def _state_of(result: ToolResult) -> str:
    if not result.success:
        return "failed"
    if result.is_async and result.job_id:
        return "job"  # the job is still running: its results are not there yet
    return "succeeded"


def _needs_approval(spec: RunSpec, p: Planned) -> bool:
    from igraph_agent.runtime.approvals import preauthorized

    t = p.tool
    if t is None or not t.requires_approval:
        return False
    if spec.options.read_only and t.mutates:
        return False  # refused with READ_ONLY_MODE before anyone is asked
    return not preauthorized(t.name, spec.question, p.args_view)


def _blocked(spec: RunSpec, p: Planned, blocker: Planned, why: Outcome) -> ToolResult:
    reason = {"failed": "failed", "blocked": "was itself blocked",
              "paused": "is waiting for approval", "job": "left an unfinished job"}[why.state]
    result = ToolResult.failure(
        p.call.name, p.call.id, ErrorCode.TOOL_DEPENDENCY_BLOCKED,
        f"not run: it depends on {blocker.call.name} ({blocker.call.id}), which {reason}",
        hint=f"fix or wait for {blocker.call.name}, then call {p.call.name} again; "
             "blocked calls are not queued",
        details={"blocked_by": blocker.call.id, "blocked_by_tool": blocker.call.name,
                 "blocked_by_state": why.state},
    )
    spec.store.mark_tool_call(spec.run_id, p.call.id, "blocked", result.envelope())
    spec.events.emit("tool.blocked", call_id=p.call.id, tool=p.call.name,
                     blocked_by=blocker.call.id, blocked_by_tool=blocker.call.name,
                     reason=reason)
    return result


async def execute_call(spec: RunSpec, st: _State, p: Planned,
                       args: BaseModel | None = None) -> ToolResult:
    """One call: events, persistence, the repeated-failure rule, then the handler.

    ``args`` replaces the parsed arguments (an approved ``modify``).
    """
    args = args if args is not None else p.args
    view = args.model_dump(mode="json") if args is not None else p.args_view
    key = call_key(p.call.name, view)
    spec.events.emit("tool.started", call_id=p.call.id, tool=p.call.name, args=view)
    spec.store.mark_tool_call(spec.run_id, p.call.id, "running", args=view)
    if p.rejected is not None:
        result = p.rejected
    elif spec.cancel.is_set():
        result = ToolResult.failure(p.call.name, p.call.id, ErrorCode.RUN_CANCELLED,
                                    "not run: the run was cancelled before this call started",
                                    hint="ask again")
    elif key in st.failed:
        earlier = st.failed[key]
        result = ToolResult.failure(
            p.call.name, p.call.id,
            earlier.error.code if earlier.error else ErrorCode.TOOL_FAILED,
            f"not executed again: this exact call already failed ({earlier.call_id}): "
            f"{earlier.error.message if earlier.error else earlier.summary}",
            hint="change the arguments or use another tool; repeating it gives the same error",
            details={"repeated_call_of": earlier.call_id},
        )
    else:
        assert p.tool is not None and args is not None
        ctx = ToolContext(workspace=spec.workspace, session=spec.session, run_id=spec.run_id,
                          call_id=p.call.id, read_only=spec.options.read_only,
                          jobs=spec.jobs.for_run(spec.run_id, spec.events.emit, spec.cancel)
                          if spec.jobs is not None else None)
        result = await _run_tool(spec, p.tool, args, ctx)
    if not result.success:
        st.failed.setdefault(key, result)
    elif spec.workers is not None and p.writes and "graph" in p.writes:
        spec.workers.prefetch(spec.session)  # a new graph/revision: workers load it now
    spec.store.finish_tool_call(spec.run_id, p.call.id, result.envelope(),
                                spec.events.generation)
    spec.events.emit("tool.completed", call_id=p.call.id, tool=p.call.name,
                     success=result.success, summary=result.summary,
                     elapsed_ms=result.elapsed_ms,
                     error=result.error.model_dump() if result.error else None)
    return result


def call_key(name: str, args_view: dict[str, Any]) -> str:
    """Identity of a call for the repeated-failure rule: tool name + canonical arguments."""
    return name + json.dumps(args_view, sort_keys=True, default=str)


async def _run_tool(spec: RunSpec, t: Tool, args: BaseModel, ctx: ToolContext) -> ToolResult:
    pool = spec.workers
    if pool is not None and pool.accepts(t, args, ctx.session):
        return await pool.execute(t, args, ctx)
    return await asyncio.to_thread(spec.registry.execute, t, args, ctx)


def record(st: _State, p: Planned, result: ToolResult, args_view: dict | None = None) -> None:
    """Add a finished call to the run's results and actions."""
    st.results.append(result)
    st.actions.append(Action(tool=p.call.name, call_id=p.call.id,
                             args=args_view if args_view is not None else p.args_view,
                             success=result.success,
                             error_code=result.error.code if result.error else None,
                             elapsed_ms=result.elapsed_ms))


def _loose(raw: str) -> dict[str, Any]:
    try:
        value = json.loads(raw)
        return value if isinstance(value, dict) else {"_raw": raw}
    except (json.JSONDecodeError, TypeError):
        return {"_raw": raw}
