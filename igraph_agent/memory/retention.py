"""Retention rules: what memory keeps and what it refuses.

Kept: durable preferences ("lead reports with conclusions and metrics"), profile values,
confirmed facts and knowledge, decisions. Refused: raw tool output (JSON, long
enumerations, anything over ``MAX_CHARS``), unverified guesses (hedged wording, questions,
facts nobody confirmed) and errors (error codes, failures, timeouts, tracebacks).
Cancelled, interrupted or failed runs write nothing (``memory.Memory.settle_run``).

Example::

    >>> verdict("preference", "Lead reports with conclusions and metrics").keep
    True
    >>> verdict("fact", "TOOL_TIMEOUT: node_centrality timed out", confirmed=True).keep
    False
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from igraph_agent.errors import ErrorCode

KINDS = ("profile", "preference", "fact", "knowledge", "decision")
MAX_CHARS = 500

_ERROR = re.compile(
    r"\b(" + "|".join(c.value for c in ErrorCode) + r")\b|\btraceback\b|\bexception\b|"
    r"\berror\b|\bfailed\b|\bfailure\b|\btimed out\b|\btimeout\b|\bcrash", re.IGNORECASE)
_GUESS = re.compile(r"\b(maybe|perhaps|probably|possibly|might|i guess|i think|i suppose|"
                    r"seems?|likely|unverified|not sure|unclear|assume[ds]?)\b", re.IGNORECASE)
_ENUMERATION = re.compile(r"(?:[\w.-]+\s*,\s*){12,}")


@dataclass
class Verdict:
    keep: bool
    reason: str = ""


def verdict(kind: str, content: str, *, confirmed: bool = False) -> Verdict:
    """Whether a memory record of this kind and content is kept, and why not."""
    text = content.strip()
    if kind not in KINDS:
        return Verdict(False, f"unknown kind {kind!r}; use one of {', '.join(KINDS)}")
    if not text:
        return Verdict(False, "empty content")
    if len(text) > MAX_CHARS or text[:1] in "{[" or '"success"' in text or _ENUMERATION.search(text):
        return Verdict(False, "raw tool output is not memory: keep the run record instead, "
                              "and remember a short stable conclusion")
    if _ERROR.search(text):
        return Verdict(False, "errors are transient and are not remembered")
    if kind == "decision":
        return Verdict(True)
    if _GUESS.search(text) or text.endswith("?"):
        return Verdict(False, "unverified guesses are not remembered; confirm it first")
    if kind in ("fact", "knowledge") and not confirmed:
        return Verdict(False, "a fact is remembered only when confirmed (stated by the user or "
                              "shown by a successful tool result)")
    return Verdict(True)
