"""The example notebooks under ``pytest --nbval-lax`` (``make test``): a cell whose output
carries warning text fails, though nbval-lax does not compare outputs; so does an agent cell
whose run ended asking a clarifying question, blocked or in error, unless the cell is tagged
``expect-unanswered`` (an example that shows a refusal on purpose). An example must run top
to bottom with nothing a reader would take for a problem."""

from __future__ import annotations

import re
from typing import Any

import pytest

# Python's warnings (RuntimeWarning: …, UserWarning: …), logging's "WARNING |" lines (a
# kernel or server logger) and a bare "Warning:" line
WARNING_TEXT = re.compile(r"\b[A-Z]\w*Warning\b|\bWARNING\b|^\s*Warning:", re.MULTILINE)
# an ended run's plain line (jupyter/rendition.py): "igraph-agent run run_1: needs clarification"
UNANSWERED = re.compile(r"^igraph-agent run (\S+): (needs clarification|blocked|error)$")
UNANSWERED_TAG = "expect-unanswered"


def unanswered(output: Any) -> str | None:
    """``"run_1: needs clarification"`` when ``output`` is an agent run that ended without an
    answer; None otherwise."""
    plain = str((output.get("data") or {}).get("text/plain", "")).strip()
    found = UNANSWERED.match(plain)
    return f"{found[1]}: {found[2]}" if found else None


def output_text(output: Any) -> str:
    """What a reader sees of one output: streams, error traces and plain text."""
    if output.get("output_type") == "stream":
        return str(output.get("text", ""))
    if output.get("output_type") == "error":
        return "\n".join(output.get("traceback") or [])
    data = output.get("data") or {}
    return str(data.get("text/plain", ""))


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_call(item: pytest.Item) -> Any:
    """Keep the cell's ``update_display_data`` outputs, which nbval drops: an agent cell's
    panel is replaced by its ended run's rendition that way (jupyter/kernel_bridge.py)."""
    parent = getattr(item, "parent", None)
    read = getattr(parent, "get_kernel_message", None)
    if read is None:
        yield
        return
    updates: list[Any] = []

    def recording(*args: Any, **kwargs: Any) -> Any:
        msg = read(*args, **kwargs)
        if msg.get("msg_type") == "update_display_data":
            updates.append({"output_type": "display_data", **msg["content"]})
        return msg

    parent.get_kernel_message = recording
    try:
        yield
    finally:
        parent.get_kernel_message = read
        item.updated_outputs = updates


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo) -> Any:
    outcome = yield
    report = outcome.get_result()
    if call.when != "call" or not report.passed:
        return
    outputs = [*(getattr(item, "test_outputs", None) or []),
               *(getattr(item, "updated_outputs", None) or [])]
    for output in outputs:
        text = output_text(output)
        found = WARNING_TEXT.search(text)
        if found:
            line = text[text.rfind("\n", 0, found.start()) + 1:].split("\n", 1)[0]
            report.outcome = "failed"
            report.longrepr = f"warning text in the output of {item.name}: {line.strip()}"
            return
        tags = ((getattr(item, "cell", None) or {}).get("metadata") or {}).get("tags") or []
        ended = unanswered(output)
        if ended and UNANSWERED_TAG not in tags:
            report.outcome = "failed"
            report.longrepr = (f"the agent run in {item.name} ended without an answer "
                               f"({ended}); fix the question or tag the cell "
                               f"{UNANSWERED_TAG!r}")
            return
