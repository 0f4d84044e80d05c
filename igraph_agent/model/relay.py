"""The ``relay/call`` provider: runs exactly one named tool call and answers with its summary.

It lets a tool call that arrives from outside (an MCP client) go through a normal run:
scope, read-only mode, approvals and persistence hold as for any run. The request is the
user message ``{"relay_call": {"tool": NAME, "arguments": {...}}}``; the first turn asks
for that call, the next turn answers with the summary of its result.

Example::

    >>> msgs = [{"role": "user", "content": relay_question("degree_analysis", {"top_k": 3})}]
    >>> relay_message(msgs)["tool_calls"][0]["function"]["name"]
    'degree_analysis'
    >>> msgs += [relay_message(msgs), {"role": "tool", "tool_call_id": "relay-1",
    ...          "name": "degree_analysis", "content": '{"summary": "3 nodes"}'}]
    >>> relay_message(msgs)["content"]
    '3 nodes'
"""

from __future__ import annotations

import json
from typing import Any

RELAY_MODEL = "relay/call"
CALL_ID = "relay-1"


def relay_question(tool: str, arguments: dict[str, Any]) -> str:
    return json.dumps({"relay_call": {"tool": tool, "arguments": arguments}}, sort_keys=True)


def relay_request(messages: list[dict]) -> tuple[int, dict[str, Any]] | None:
    """The position and call of the last user message asking for one (earlier runs of the
    session come before it as history), or None."""
    for i in range(len(messages) - 1, -1, -1):
        m = messages[i]
        if m.get("role") != "user":
            continue
        try:
            body = json.loads(str(m.get("content") or ""))
        except ValueError:
            continue
        if isinstance(body, dict) and isinstance(body.get("relay_call"), dict):
            return i, body["relay_call"]
    return None


def relay_message(messages: list[dict]) -> dict[str, Any]:
    """Ask for the requested call once; then answer with the summary of its result."""
    found = relay_request(messages)
    if found is None:
        return {"role": "assistant", "content": "No tool call was requested."}
    at, request = found
    done = [m for m in messages[at:]
            if m.get("role") == "tool" and m.get("tool_call_id") == CALL_ID]
    if not done:
        return {"role": "assistant", "content": None, "tool_calls": [{
            "id": CALL_ID, "type": "function",
            "function": {"name": request["tool"],
                         "arguments": json.dumps(request.get("arguments") or {})}}]}
    try:
        summary = json.loads(done[-1].get("content") or "{}").get("summary", "")
    except ValueError:
        summary = ""
    return {"role": "assistant", "content": summary or f"{request['tool']} ran."}
