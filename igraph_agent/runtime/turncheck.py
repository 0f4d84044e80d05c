"""Checks on one model turn's tool calls before they are planned.

Every call needs an id of its own within the run: a second call with an id already used
(in this turn or an earlier one) would overwrite the first one's record and result. It is
given a fresh id (``<id>~2``) in the conversation and refused with
``DUPLICATE_TOOL_CALL_ID``; the first call runs as usual (and may pause for approval). A
turn may ask for at most ``MAX_CALLS_PER_TURN`` calls; the calls past the cap are refused
with ``TOO_MANY_TOOL_CALLS``. Refused calls are reported to the model, never executed.
An answer longer than ``MAX_ANSWER_CHARS`` is sent back once with ``ANSWER_TOO_LONG``;
if the next one is still too long it is cut there, with a notice.

Example::

    >>> calls = [ToolCallRequest("c1", "get_graph_info", "{}"),
    ...          ToolCallRequest("c2", "search_node", '{"query": "Valjean"}')]
    >>> refused = screen_calls(calls, used={"c1"})   # {call_id: ToolResult}
    >>> [(call_id, result.error.code) for call_id, result in refused.items()]
    [('c1~2', 'DUPLICATE_TOOL_CALL_ID')]
"""

from __future__ import annotations

from collections.abc import Iterable

from igraph_agent.errors import ErrorCode
from igraph_agent.model.gateway import ToolCallRequest
from igraph_agent.tools.registry import ToolResult

MAX_CALLS_PER_TURN = 16
MAX_ANSWER_CHARS = 20_000


def too_long(answer: str) -> str:
    """What the model is told when its answer is over the cap (once per run)."""
    return (f"{ErrorCode.ANSWER_TOO_LONG}: your answer has {len(answer)} characters; the limit "
            f"is {MAX_ANSWER_CHARS}. Answer again, shorter: the findings and their numbers, "
            "not the raw results.")


def cut_answer(answer: str, notices: list[str]) -> str:
    """An answer still over the cap is cut there, and a notice says so."""
    if len(answer) <= MAX_ANSWER_CHARS:
        return answer
    notices.append(f"{ErrorCode.ANSWER_TOO_LONG}: the answer was cut at {MAX_ANSWER_CHARS} of "
                   f"{len(answer)} characters.")
    return answer[:MAX_ANSWER_CHARS] + "…"


def screen_calls(calls: list[ToolCallRequest], used: Iterable[str] = ()) -> dict[str, ToolResult]:
    """Give repeated ids fresh ones (in place) and return the refused calls by id."""
    seen = set(used)
    refused: dict[str, ToolResult] = {}
    for i, call in enumerate(calls):
        if call.id in seen or not call.id:
            original, n = call.id, 2
            while f"{original}~{n}" in seen:
                n += 1
            call.id = f"{original}~{n}"
            refused[call.id] = ToolResult.failure(
                call.name, call.id, ErrorCode.DUPLICATE_TOOL_CALL_ID,
                f"not run: the tool-call id {original!r} was already used in this run",
                hint="give every tool call its own id and call again", retryable=True,
                details={"duplicate_of": original})
        elif i >= MAX_CALLS_PER_TURN:
            refused[call.id] = ToolResult.failure(
                call.name, call.id, ErrorCode.TOO_MANY_TOOL_CALLS,
                f"not run: a turn may ask for at most {MAX_CALLS_PER_TURN} tool calls; this "
                f"was call {i + 1} of {len(calls)}",
                hint="send the most important calls first, the rest in the next turn",
                retryable=True, details={"max_calls_per_turn": MAX_CALLS_PER_TURN})
        seen.add(call.id)
    return refused
