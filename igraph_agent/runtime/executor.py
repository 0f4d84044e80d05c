"""One tool call: parsed into a :class:`Planned`, then executed by :func:`execute_call`.

A call is parsed against the request's scope and the tool's ``Args`` (a failure there is
``rejected``: it is reported, never executed) and given its resource contract
(``Tool.contract(args)`` -> reads, writes; unknown when it cannot be computed or declares
nothing). :func:`execute_call` emits ``tool.started`` / ``tool.completed``, each in one
transaction with the call's stored status and result (two write transactions per call), applies the repeated-failure rule (a call that already failed with the same
arguments is answered with that error, not run again) and runs the handler — in a worker
process when the pool accepts it, else on a thread.
"""

from __future__ import annotations

import asyncio
import json
from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel

from igraph_agent.errors import ErrorCode
from igraph_agent.model.gateway import ToolCallRequest
from igraph_agent.runtime.events import ToolCompleted, ToolStarted
from igraph_agent.runtime.state import RunSpec, RunState
from igraph_agent.runtime.timeouts import run_stoppable, timed_out, tool_timeout
from igraph_agent.status import ApprovalStatus
from igraph_agent.tools.offer import findable
from igraph_agent.tools.registry import (
    Tool,
    ToolContext,
    ToolRegistry,
    ToolResult,
    argument_bounds,
)


@dataclass(kw_only=True)
class Planned:
    """One call of a turn, parsed, with its contract and its predecessors (by index)."""

    index: int
    call: ToolCallRequest
    tool: Tool | None = None
    args: BaseModel | None = None
    rejected: ToolResult | None = None  # scope or validation failure: never executed
    args_view: dict[str, Any] = field(default_factory=dict)
    reads: set[str] | None = None  # None: unknown contract (a barrier)
    writes: set[str] | None = None
    after: list[int] = field(default_factory=list)
    done: ToolResult | None = None  # ended before (a resumed turn): not run again
    decision: ApprovalStatus | None = None  # approved | modified | rejected: a decided gated call

    @property
    def barrier(self) -> bool:
        return self.reads is None


def plan_call(registry: ToolRegistry, call: ToolCallRequest, scope: set[str],
              index: int = 0) -> Planned:
    """Parse one call (scope, JSON, ``Args``) and compute its resource contract."""
    parsed = registry.parse(call.name, call.arguments, call.id, scope)
    if isinstance(parsed, ToolResult):
        return Planned(index=index, call=call, rejected=parsed, args_view=_loose(call.arguments))
    t, args = parsed
    reads, writes = contract_of(t, args)
    return Planned(index=index, call=call, tool=t, args=args,
                   args_view=args.model_dump(mode="json"), reads=reads, writes=writes)


def contract_of(t: Tool, args: BaseModel) -> tuple[set[str] | None, set[str] | None]:
    try:
        reads, writes = t.contract(args)
    except Exception:  # a contract that cannot be computed is unknown
        return None, None
    if not reads and not writes:  # declared nothing: we cannot know what it touches
        return None, None
    return set(reads), set(writes)


async def execute_call(spec: RunSpec, st: RunState, p: Planned) -> ToolResult:
    """One call: events, persistence, the repeated-failure rule, then the handler."""
    view = p.args_view
    graph = spec.session.state_token()  # the repeated-failure rule holds per graph state
    earlier = st.failure_of(p.call.name, view, graph)
    run_id, call_id, store = spec.run_id, p.call.id, spec.store
    spec.events.emit(ToolStarted(call_id=call_id, tool=p.call.name, args=view),  # one transaction
                     also=lambda c: store.mark_tool_call(run_id, call_id, "running", args=view,
                                                         conn=c))
    if p.rejected is not None:
        result = p.rejected
    elif spec.cancel.is_set():
        result = ToolResult.failure(p.call.name, p.call.id, ErrorCode.RUN_CANCELLED,
                                    "not run: the run was cancelled before this call started",
                                    hint="ask again")
    elif earlier is not None:
        result = _repeated(p, earlier, spec.session.describe())
    else:
        assert p.tool is not None and p.args is not None
        ctx = ToolContext(workspace=spec.workspace, session=spec.session, run_id=spec.run_id,
                          call_id=p.call.id, read_only=spec.options.read_only,
                          jobs=spec.jobs.for_run(spec.run_id, spec.events.emit, spec.cancel)
                          if spec.jobs is not None else None,
                          findable=findable(spec.tools, spec.options))
        result = await _run_tool(spec, p.tool, p.args, ctx)
    st.remember_failure(p.call.name, view, result, graph)
    if result.success and spec.workers is not None and p.writes and "graph" in p.writes:
        spec.workers.prefetch(spec.session)  # a new graph/revision: workers load it now
    envelope, generation = result.envelope(), spec.events.generation
    st.envelopes[call_id] = envelope
    spec.events.emit(ToolCompleted(call_id=call_id, tool=p.call.name, success=result.success,
                                   summary=result.summary, elapsed_ms=result.elapsed_ms,
                                   error=result.error.model_dump() if result.error else None),
                     also=lambda c: store.finish_tool_call(run_id, call_id, envelope, generation,
                                                           conn=c))
    return result


def _repeated(p: Planned, earlier: ToolResult, graph: str) -> ToolResult:
    why = earlier.error.message if earlier.error else earlier.summary
    return ToolResult.failure(
        p.call.name, p.call.id,
        earlier.error.code if earlier.error else ErrorCode.TOOL_FAILED,
        f"not executed again: this exact call failed earlier in this run ({earlier.call_id}) "
        f"and the graph state has not changed since ({graph}); it failed with: {why}",
        hint="change the arguments, change the graph state (load, construct, commit, clear) "
             "or use another tool; repeating it now gives the same error",
        details={"repeated_call_of": earlier.call_id},
    )


async def _run_tool(spec: RunSpec, t: Tool, args: BaseModel, ctx: ToolContext) -> ToolResult:
    """In a worker (killed past the limit) or on a stoppable thread (runtime/timeouts.py)."""
    limit = tool_timeout(t)
    pool = spec.workers
    if pool is not None and pool.accepts(t, args, ctx.session):
        try:
            return await asyncio.wait_for(pool.execute(t, args, ctx), limit)
        except TimeoutError:
            pool.cancel_call(ctx.run_id, ctx.call_id)
            return timed_out(t, ctx.call_id, limit)
    return await run_stoppable(lambda: spec.registry.execute(t, args, ctx), limit, t,
                               ctx.call_id, ctx.run_id)


def _loose(raw: str) -> dict[str, Any]:
    if argument_bounds(raw):  # too large or too deep to parse safely: keep a clipped copy
        return {"_raw": raw[:2000]}
    try:
        value = json.loads(raw)
        return value if isinstance(value, dict) else {"_raw": raw}
    except (json.JSONDecodeError, TypeError):
        return {"_raw": raw}
