"""A small MCP server over stdio for the client tests.

``lookup`` answers, ``broken`` reports a business failure in its payload, ``rendezvous``
waits (up to 20 s) until ``expect`` calls have started, so it succeeds only when they run
at the same time, and writes the ``_meta`` it received next to its marker file.
"""

import json
import sys
import time
from pathlib import Path

import anyio
import mcp_types as types
from mcp.server.lowlevel import Server
from mcp.server.stdio import stdio_server

OBJECT = {"type": "object", "properties": {"key": {"type": "string"},
                                           "name": {"type": "string"},
                                           "folder": {"type": "string"},
                                           "expect": {"type": "integer"}}}


async def list_tools(ctx, params):
    return types.ListToolsResult(tools=[
        types.Tool(name=n, description=f"test tool {n}", input_schema=OBJECT)
        for n in ("lookup", "broken", "rendezvous")])


def _result(payload, error=False):
    return types.CallToolResult(content=[types.TextContent(type="text", text=json.dumps(payload))],
                                structured_content=payload, is_error=error)


async def call_tool(ctx, params):
    args = dict(params.arguments or {})
    if params.name == "lookup":
        return _result({"ok": True, "summary": f"{args.get('key')} is blue", "colour": "blue"})
    if params.name == "broken":
        return _result({"ok": False, "error": {"code": "UPSTREAM_MISSING",
                                               "message": "no such record upstream"}})
    folder = Path(args["folder"])
    (folder / f"{args['name']}.started").write_text(json.dumps(dict(ctx.meta or {})))
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        if len(list(folder.glob("*.started"))) >= int(args.get("expect", 2)):
            return _result({"ok": True, "summary": f"{args['name']} met the others"})
        await anyio.sleep(0.05)
    return _result({"ok": False, "error": {"code": "ALONE", "message": "ran alone"}})


async def main():
    server = Server("test-kb", on_list_tools=list_tools, on_call_tool=call_tool)
    async with stdio_server() as (read, write):
        await server.run(read, write, server.create_initialization_options())


if __name__ == "__main__":
    anyio.run(main)
    sys.exit(0)
