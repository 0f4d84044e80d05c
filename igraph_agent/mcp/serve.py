"""``igraph-agent mcp``: the catalogue over MCP, on stdio or streamable HTTP with a token.

Over stdio the process serves one client (one igraph-agent session). Over HTTP each MCP
session (its ``mcp-session-id``) gets its own igraph-agent session, and every request must
carry ``Authorization: Bearer TOKEN``; any other request is answered 401 before the MCP
layer sees it.
"""

from __future__ import annotations

import hmac
import json
import uuid
from typing import Any

from igraph_agent.mcp.catalogue import Catalogue

SERVER_NAME = "igraph-agent"


def build_server(catalogue: Catalogue, stdio: bool):
    """The low-level MCP server whose tools are the catalogue's."""
    import anyio
    import mcp_types as types
    from mcp.server.lowlevel import Server

    connection = f"stdio {uuid.uuid4().hex[:12]}"  # this process: one client
    listed = [types.Tool(name=t["name"], description=t["description"],
                         input_schema=t["input_schema"]) for t in catalogue.tools()]

    async def list_tools(ctx, params) -> types.ListToolsResult:
        return types.ListToolsResult(tools=listed)

    async def call_tool(ctx, params) -> types.CallToolResult:
        client = _session_key(ctx, connection if stdio else "shared")
        arguments = dict(params.arguments or {})
        env = await anyio.to_thread.run_sync(catalogue.call, client, params.name, arguments)
        if _code(env) == "APPROVAL_REQUIRED" and _can_elicit(ctx):
            decision = await _ask_person(ctx, params.name, env)
            if decision is not None:
                asked = env["data"]  # the answer decides only the call it was asked for
                env = await anyio.to_thread.run_sync(catalogue.decide, client, params.name,
                                                     arguments, decision, asked)
        text = env["summary"] if env["ok"] else json.dumps(env["error"])
        return types.CallToolResult(content=[types.TextContent(type="text", text=text)],
                                    structured_content=env, is_error=not env["ok"])

    return Server(SERVER_NAME, on_list_tools=list_tools, on_call_tool=call_tool)


def _code(env: dict[str, Any]) -> str | None:
    return (env.get("error") or {}).get("code")


def _can_elicit(ctx: Any) -> bool:
    """The client declared elicitation and the connection can carry a server request
    (handshake-era connections can; per-request ones have no back-channel)."""
    caps = getattr(ctx.session, "client_capabilities", None)
    return getattr(caps, "elicitation", None) is not None and bool(
        getattr(ctx.session, "can_send_request", False))


async def _ask_person(ctx: Any, name: str, env: dict[str, Any]) -> str | None:
    """Ask the client's user to approve a paused call (MCP elicitation): "approve",
    "reject", or None when they cancelled or the client could not ask (it stays pending)."""
    schema = {"type": "object", "required": ["approve"], "properties": {
        "approve": {"type": "boolean", "title": f"Run {name}?",
                    "description": "it changes data; nothing has run yet"}}}
    try:
        answer = await ctx.session.elicit_form(env["summary"], schema,
                                               related_request_id=ctx.request_id)
    except Exception:  # the client failed to ask: the approval stays pending
        return None
    if answer.action == "accept":
        return "approve" if (answer.content or {}).get("approve") is True else "reject"
    return "reject" if answer.action == "decline" else None


SESSION_META = "igraph-agent/session_id"


def _session_key(ctx: Any, default: str) -> str:
    """The client's session: the ``igraph-agent/session_id`` of the request's ``_meta`` (an
    igraph-agent client sends its own session, so its calls share a graph across
    connections), else the connection's ``Mcp-Session-Id``, else ``default`` (the stdio
    process, or one shared session for per-request HTTP clients)."""
    meta = ctx.meta if isinstance(ctx.meta, dict) else dict(getattr(ctx.meta, "model_extra",
                                                                    None) or {})
    if meta.get(SESSION_META):
        return f"client {meta[SESSION_META]}"
    request = getattr(ctx, "request", None)
    headers = getattr(request, "headers", None)
    sid = headers.get("mcp-session-id") if headers is not None else None
    return f"http {sid}" if sid else default


def serve_stdio(catalogue: Catalogue) -> None:
    import anyio
    from mcp.server.stdio import stdio_server

    server = build_server(catalogue, stdio=True)

    async def main() -> None:
        async with stdio_server() as (read, write):
            await server.run(read, write, server.create_initialization_options())

    anyio.run(main)


def serve_http(catalogue: Catalogue, host: str, port: int, token: str) -> None:
    import uvicorn

    app = build_server(catalogue, stdio=False).streamable_http_app(host=host)
    uvicorn.run(bearer_guard(app, token), host=host, port=port, log_level="warning")


def bearer_guard(app: Any, token: str) -> Any:
    """An ASGI app that answers 401 unless ``Authorization: Bearer TOKEN`` is sent."""
    expected = f"Bearer {token}".encode()

    async def guarded(scope: dict, receive: Any, send: Any) -> None:
        if scope["type"] == "http":
            got = dict(scope.get("headers") or []).get(b"authorization", b"")
            if not hmac.compare_digest(got, expected):
                body = json.dumps({"error": "UNAUTHORIZED",
                                   "hint": "send Authorization: Bearer <the server's token>"})
                await send({"type": "http.response.start", "status": 401,
                            "headers": [(b"content-type", b"application/json"),
                                        (b"www-authenticate", b"Bearer")]})
                await send({"type": "http.response.body", "body": body.encode()})
                return
        await app(scope, receive, send)

    return guarded
