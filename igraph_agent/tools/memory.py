"""The ``remember`` tool: the model proposes a memory record during a run.

The record passes the retention rules at once (refusals come back as MEMORY_NOT_KEPT with
the rule) and is held *pending*: if the run completes with an answer it becomes a
*candidate*, and it enters a prompt only once the user confirms it (``memory confirm``).
A fact counts as confirmed only when the user stated it or when ``evidence_call_id`` names
a successful tool call of this run.
It writes the ``memory`` resource, so read-only requests refuse it.

Example::

    >>> result = registry.dispatch("remember", {"content": "Lead reports with conclusions and metrics",
    ...                                         "kind": "preference", "stated_by_user": True}, ctx)
    >>> result.data["kind"], result.data["status"]   # outside a run: kept at once
    ('preference', 'kept')
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

from igraph_agent.errors import AgentError, ErrorCode, ToolError
from igraph_agent.results.memory import RememberResult
from igraph_agent.store.runs import Runs
from igraph_agent.tools.registry import ToolContext, ToolOutput, tool


class RememberArgs(BaseModel):
    content: str = Field(description="one short, durable statement (not a tool output)")
    kind: Literal["preference", "fact", "knowledge", "profile"] = "preference"
    key: str = Field(default="", description="profile only: the field, e.g. 'role'")
    stated_by_user: bool = Field(default=False, description="the user said this in this conversation")
    evidence_call_id: str | None = Field(default=None, description="a successful tool call of "
                                         "this run that shows the fact")


@tool(result=RememberResult, writes=("memory",), mutates=True)
def remember(ctx: ToolContext, args: RememberArgs) -> ToolOutput:
    """Remember a durable user preference or a confirmed fact for later sessions (kept only if
    this run completes). Never for raw tool outputs, guesses or errors.

    Example: remember(content="Lead reports with conclusions and metrics", kind="preference", stated_by_user=True)
    """
    from igraph_agent.memory import Memory

    store = ctx.workspace.store
    confirmed = args.stated_by_user
    if args.evidence_call_id and ctx.run_id:
        call = next((c for c in store.tool_calls(ctx.run_id)
                     if c["call_id"] == args.evidence_call_id), None)
        if call is None or call["status"] != "succeeded":
            raise ToolError(ErrorCode.MEMORY_NOT_KEPT,
                            f"{args.evidence_call_id!r} is not a successful tool call of this run",
                            hint="cite the call_id of a successful result, or leave it out")
        confirmed = True
    run = Runs(store).get(ctx.run_id) if ctx.run_id else None
    try:
        rec = Memory(store, ctx.workspace.home).remember(
            args.content, args.kind, confirmed=confirmed, key=args.key,
            source="user" if args.stated_by_user else f"tool:{args.evidence_call_id or 'model'}",
            run_id=ctx.run_id or None, session_id=run.session_id if run else None,
            pending=bool(ctx.run_id))
    except AgentError as exc:
        raise ToolError(exc.code, exc.message, hint=exc.hint, details=exc.details) from None
    return ToolOutput(data={"id": rec["id"], "kind": rec["kind"], "status": rec["status"],
                            "content": rec["content"]},
                      summary=f"offered to the user to confirm ({rec['kind']}) once this run "
                              f"completes: {rec['content']}")
