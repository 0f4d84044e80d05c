"""The example notebooks under ``pytest --nbval-lax`` (``make test``): a cell whose output
carries warning text fails, though nbval-lax does not compare outputs. An example must run
top to bottom with nothing a reader would take for a problem."""

from __future__ import annotations

import re
from typing import Any

import pytest

# Python's warnings (RuntimeWarning: …, UserWarning: …), logging's "WARNING |" lines (a
# kernel or server logger) and a bare "Warning:" line
WARNING_TEXT = re.compile(r"\b[A-Z]\w*Warning\b|\bWARNING\b|^\s*Warning:", re.MULTILINE)


def output_text(output: Any) -> str:
    """What a reader sees of one output: streams, error traces and plain text."""
    if output.get("output_type") == "stream":
        return str(output.get("text", ""))
    if output.get("output_type") == "error":
        return "\n".join(output.get("traceback") or [])
    data = output.get("data") or {}
    return str(data.get("text/plain", ""))


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo) -> Any:
    outcome = yield
    report = outcome.get_result()
    if call.when != "call" or not report.passed:
        return
    for output in getattr(item, "test_outputs", None) or []:
        text = output_text(output)
        found = WARNING_TEXT.search(text)
        if found:
            line = text[text.rfind("\n", 0, found.start()) + 1:].split("\n", 1)[0]
            report.outcome = "failed"
            report.longrepr = f"warning text in the output of {item.name}: {line.strip()}"
            return
