"""Tools discovered from MCP servers (``mcp_servers`` in the project configuration).

At the start of a run every configured server is listed (concurrently, each bounded by its
``timeout``); its tools are offered as native tools named ``<server>__<tool>`` with the
server's own description and JSON schema. A server that cannot be reached or listed is
left out of that run with an ``MCP_UNAVAILABLE`` notice, never half-listed.

Each call opens its own MCP session (concurrent calls never share one), carries the run
identity in ``_meta`` (``igraph-agent/run_id``, ``…/call_id``, ``…/session_id``,
``…/generation``) and counts as failed when the transport fails, the result is an error
(``isError``) or its structured content says ``ok: false`` / ``success: false`` — so the
scheduler blocks its dependents. A tool's resource contract is its server (``mcp:<name>``):
it runs beside graph tools and does not change the graph; calls to a read-only server run
together, calls to another server one after the other (a failure blocks the later ones). It needs approval unless the
server entry is ``read_only``; read-only requests refuse tools of a server not marked so.
The ``mcp`` SDK is imported only inside functions.
"""

from __future__ import annotations

import asyncio
import json
import re
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from igraph_agent.errors import ErrorCode, ToolError
from igraph_agent.results import OpenResult
from igraph_agent.tools.registry import Tool, ToolContext, ToolOutput

CONFIG_KEY = "mcp_servers"
SEPARATOR = "__"
META = "igraph-agent/"


class ServerEntry(BaseModel):
    """One MCP server: a stdio command or a streamable-HTTP URL."""

    name: str = Field(pattern=r"^[A-Za-z][A-Za-z0-9_-]{0,30}$")
    command: str | None = None
    args: list[str] = Field(default_factory=list)
    env: dict[str, str] = Field(default_factory=dict)
    url: str | None = None
    headers: dict[str, str] = Field(default_factory=dict)
    read_only: bool = False  # its tools change nothing: no approval, allowed when read-only
    timeout: float = Field(default=30.0, gt=0, le=600)

    def transport(self) -> Any:
        """A fresh MCP client for this server (one per session)."""
        from mcp import Client, StdioServerParameters

        if self.url:
            from mcp.client.streamable_http import streamable_http_client
            from mcp.shared._httpx_utils import create_mcp_http_client

            http = create_mcp_http_client(headers=self.headers or None)
            return _Owned(http, Client(streamable_http_client(self.url, http_client=http),
                                       read_timeout_seconds=self.timeout, mode="legacy"))
        import os

        params = StdioServerParameters(command=str(self.command), args=self.args,
                                       env={**os.environ, **self.env})
        return _Owned(None, Client(params, read_timeout_seconds=self.timeout))


class _Owned:
    """A client and the HTTP connection pool it was given, closed together."""

    def __init__(self, http: Any, client: Any) -> None:
        self.http, self.client = http, client

    async def __aenter__(self) -> Any:
        if self.http is not None:
            await self.http.__aenter__()
        return await self.client.__aenter__()

    async def __aexit__(self, *exc: Any) -> None:
        try:
            await self.client.__aexit__(*exc)
        finally:
            if self.http is not None:
                await self.http.__aexit__(*exc)


def configured(store: Any) -> list[ServerEntry]:
    """The project's server entries (invalid ones are skipped by ``discover``'s notices)."""
    raw = store.get_config(CONFIG_KEY) or []
    raw = json.loads(raw) if isinstance(raw, str) else raw
    return [ServerEntry.model_validate(e) for e in raw if isinstance(e, dict)]


class _Open(BaseModel):
    model_config = ConfigDict(extra="allow")


class RemoteTool(Tool):
    """A discovered tool: the server's schema is what the model sees."""

    def json_schema(self) -> dict[str, Any]:
        return self.remote_schema  # type: ignore[attr-defined]


def remote_tool(entry: ServerEntry, name: str, description: str,
                schema: dict[str, Any]) -> Tool:
    full = f"{entry.name}{SEPARATOR}{_safe(name)}"

    def handler(ctx: ToolContext, args: BaseModel) -> ToolOutput:
        return call_remote(entry, name, args.model_dump(), _meta(ctx))

    t = RemoteTool(name=full, description=f"[{entry.name} over MCP] {description}".strip(),
                   args_model=_Open, result_model=OpenResult, handler=handler, reads=(f"mcp:{entry.name}",),
                   writes=() if entry.read_only else (f"mcp:{entry.name}",),
                   requires_approval=not entry.read_only, mutates=not entry.read_only)
    parameters = schema if schema.get("type") == "object" else {"type": "object",
                                                                 "properties": {}}
    object.__setattr__(t, "remote_schema", {"type": "function", "function": {
        "name": full, "description": " ".join(t.description.split()),
        "parameters": parameters}})
    return t


def discover(entries: list[ServerEntry]) -> tuple[list[Tool], list[str]]:
    """Every reachable server's tools, and one notice per server left out."""
    if not entries:
        return [], []

    async def all_of() -> list[Any]:
        return await asyncio.gather(*(_list(e) for e in entries), return_exceptions=True)

    tools: list[Tool] = []
    notices: list[str] = []
    for entry, found in zip(entries, _run(all_of), strict=True):
        if isinstance(found, BaseException):
            notices.append(f"{ErrorCode.MCP_UNAVAILABLE}: MCP server {entry.name!r} was left "
                           f"out of this run: {_reason(found)}")
            continue
        tools.extend(remote_tool(entry, n, d, s) for n, d, s in found)
    return tools, notices


async def _list(entry: ServerEntry) -> list[tuple[str, str, dict[str, Any]]]:
    async with asyncio.timeout(entry.timeout), entry.transport() as client:
        listed = await client.list_tools()
    return [(t.name, t.description or "", dict(t.input_schema or {})) for t in listed.tools]


def call_remote(entry: ServerEntry, name: str, arguments: dict[str, Any],
                meta: dict[str, Any]) -> ToolOutput:
    """One call in its own MCP session; a transport or business failure raises ToolError."""

    async def once() -> Any:
        async with asyncio.timeout(entry.timeout), entry.transport() as client:
            return await client.call_tool(name, arguments, meta=meta)

    try:
        result = _run(once)
    except Exception as exc:
        raise ToolError(ErrorCode.MCP_UNAVAILABLE,
                        f"MCP server {entry.name!r} did not answer {name}: {_reason(exc)}",
                        hint="try again later, or ask without this server's tools",
                        retryable=True) from None
    data = dict(result.structured_content or {})
    text = " ".join(getattr(c, "text", "") for c in result.content or []).strip()
    failed = result.is_error or data.get("ok") is False or data.get("success") is False
    if failed:
        error = data.get("error") if isinstance(data.get("error"), dict) else {}
        remote = str(error.get("code") or "")
        known = remote in ErrorCode.__members__  # another igraph-agent keeps its codes
        message = str(error.get("message") or text or f"{name} failed on {entry.name}")
        raise ToolError(ErrorCode(remote) if known else ErrorCode.TOOL_FAILED,
                        message if known or not remote else f"{remote}: {message}",
                        hint=error.get("hint") or f"the MCP server {entry.name!r} reported "
                                                  "a failure; check the arguments",
                        details={"server": entry.name, "remote_code": remote or None})
    return ToolOutput(data={**data, **({"text": text} if text and not data else {})},
                      summary=str(data.get("summary") or text or f"{name} answered")[:500])


def _run(make: Any) -> Any:
    """``asyncio.run(make())`` on a thread of its own when this thread runs a loop already
    (a notebook kernel's thread does)."""
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return asyncio.run(make())
    from concurrent.futures import ThreadPoolExecutor

    with ThreadPoolExecutor(1) as pool:
        return pool.submit(lambda: asyncio.run(make())).result()


def _meta(ctx: ToolContext) -> dict[str, Any]:
    generation = None
    store = getattr(ctx.workspace, "store", None)
    if store is not None and ctx.run_id:
        from igraph_agent.store.runs import Runs

        run = Runs(store).get(ctx.run_id)
        generation = run.generation if run is not None else None
    return {f"{META}run_id": ctx.run_id, f"{META}call_id": ctx.call_id,
            f"{META}session_id": getattr(ctx.session, "session_id", ""),
            f"{META}generation": generation}


def _safe(name: str) -> str:
    return re.sub(r"[^A-Za-z0-9_-]", "_", name)[:40]


def _reason(exc: BaseException) -> str:
    while isinstance(exc, BaseExceptionGroup) and exc.exceptions:
        exc = exc.exceptions[0]
    if isinstance(exc, TimeoutError):
        return "no answer within its timeout"
    return f"{type(exc).__name__}: {exc}"[:300]
