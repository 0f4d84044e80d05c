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
        env = await anyio.to_thread.run_sync(catalogue.call, client, params.name,
                                             dict(params.arguments or {}))
        text = env["summary"] if env["ok"] else json.dumps(env["error"])
        return types.CallToolResult(content=[types.TextContent(type="text", text=text)],
                                    structured_content=env, is_error=not env["ok"])

    return Server(SERVER_NAME, on_list_tools=list_tools, on_call_tool=call_tool)


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
