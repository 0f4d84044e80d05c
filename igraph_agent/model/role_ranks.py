"""A directed table's end noun ranked ("who's the biggest sender", "who is the top caller",
"which depot is the main shipper"): read as the end's own verb done the most ("who
sends the most"), which the planner ranks by the edge value or the degree of that end.

Example::

    >>> info = {"directed": True, "meaning": {"direction": ["sender", "receiver"]},
    ...         "edge_attributes": ["count"],
    ...         "attached_sources": [{"tables": {"mail": ["sender", "receiver", "count"]}}]}
    >>> as_verb("Who's the biggest sender in the Sales department?", info)
    'who sends the most in total in the Sales department?'
"""

from __future__ import annotations

import re
from typing import Any

from igraph_agent.model.verbs import column_verbs

_TOP = (r"(?:biggest|largest|top|heaviest|greatest|main|leading|busiest|most\s+active|"
        r"most\s+prolific|number[- ]one)")


def _third(stem: str) -> str:
    """The verb's third person from its stem: send -> sends, receiv -> receives."""
    if re.search(r"(?:[^aeiou]y)$", stem):
        return stem[:-1] + "ies"
    if re.search(r"(?:s|sh|ch|x|z)$", stem):
        return stem + "es"
    if re.search(r"(?:v|c|g|u|[^aeiou][^aeiou]l)$", stem) and not stem.endswith(("ll", "rl")):
        return stem + "es"  # receiv -> receives, produc -> produces
    return stem + "s"


def as_verb(question: str, info: dict[str, Any]) -> str:
    """``question`` with "the biggest <end noun>" asked of who read as that end's verb done
    the most; unchanged where the table names no verb for that end."""
    if not info.get("directed"):
        return question
    ends = [str(c).lower() for c in ((info.get("meaning") or {}).get("direction") or [])][:2]
    if len(ends) != 2:
        return question
    fwd, back = column_verbs(info)
    for end, stems in zip(ends, (fwd, back), strict=True):
        if not stems or not end.endswith(("er", "or")):
            continue  # "callee": no verb of its own
        own = [s for s in stems if end.startswith(s)]  # "sender": send, not pay
        if not own:
            continue  # "receiver": its verbs are its partner's
        stem = min(own, key=len)  # "shipper": ship, not shipp
        rx = re.compile(rf"^\s*(?:who|which\s+[a-z]+)(?:\s+is|\s+was|'s|’s)\s+(?:the\s+)?{_TOP}\s+"
                        rf"{re.escape(end)}\b", re.IGNORECASE)
        m = rx.search(question)
        if m is None:
            continue
        rest = question[m.end():]
        if len(info.get("edge_attributes") or []) == 1 and \
                not re.search(r"\b(?:by|in|of)\s+(?:total|all|\w+s)\b", rest, re.IGNORECASE):
            rest = f" in total{rest}"  # the table's one edge value: the amount sent in all
        return f"who {_third(stem)} the most{rest}"
    return question
