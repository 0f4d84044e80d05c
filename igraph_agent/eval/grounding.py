"""Grounding: every number an answer states must appear in the run's tool results or the
question (at the precision the answer shows), else it is ungrounded."""

from __future__ import annotations

import json
import re
from typing import Any

from igraph_agent.eval.oracle import numbers, same
from igraph_agent.runtime.guards import without_paths
from igraph_agent.tools.registry import evidence_of


def sources_of(record: dict[str, Any], question: str) -> list[float]:
    """Every number in the run's tool calls (arguments and results) and in the question."""
    texts = [question]
    for call in record.get("tool_calls") or []:
        texts.append(json.dumps(call.get("args") or {}))
        texts.append(json.dumps(evidence_of(call.get("envelope") or {})))
    found: set[float] = set()
    for text in texts:
        for tok in numbers(without_paths(text).replace("_", " ")):
            try:
                found.add(float(tok))
            except ValueError:
                continue
    return sorted(found)


def ungrounded(answer: str, sources: list[float]) -> list[str]:
    """The numbers of ``answer`` that no source shows; a percentage ("88%") is grounded by a
    source fraction (0.88).

        >>> ungrounded("0.88 (88%) of the edges", [0.88]), ungrounded("12 edges", [0.88])
        ([], ['12'])
        >>> ungrounded("**0** messages over 0 edges", [])
        []
    """
    answer = without_paths(answer)  # a path's or URL's digits state nothing
    percents = set(re.findall(r"(\d+(?:\.\d+)?)\s*%", answer))
    # a zero ("**0** messages over 0 edges") says that nothing was found: what a tool shows
    # by an empty list, never as the digit
    return [tok for tok in numbers(answer) if not any(same(tok, s) for s in sources)
            and not (tok in percents and any(same(tok, 100 * s) for s in sources))
            and not re.fullmatch(r"0+(?:\.0+)?", tok)]
