"""Oracles: the right answer of a question, resolved on the graph, and grading an answer.

An answer is correct when it states the oracle: a value (any number in the answer equal to
it, at the precision the answer shows, or as a percentage), names (whole-word, case-
insensitive), a regex; and does not match ``forbid``.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field
from typing import Any

import networkx as nx

from igraph_agent.errors import AgentError, ErrorCode
from igraph_agent.eval.questions import Oracle

NUMBER = re.compile(r"(?<![\w.])-?\d[\d,]*(?:\.\d+)?(?![\w])")


@dataclass
class Expected:
    value: float | None = None
    names: list[str] = field(default_factory=list)
    match: str = "all"
    regex: str | None = None
    forbid: str | None = None

    def describe(self) -> str:
        if self.value is not None:
            return _num(self.value)
        if self.names:
            return f"{self.match} of " + ", ".join(self.names[:8])
        return f"/{self.regex}/" if self.regex else "an answer"


def _argbest(d: Any, best: Any) -> set[str]:
    items = dict(d)
    if not items:
        return set()
    top = best(items.values())
    return {str(k) for k, v in items.items() if math.isclose(v, top, rel_tol=1e-9, abs_tol=1e-12)}


NAMESPACE: dict[str, Any] = {
    "nx": nx, "len": len, "max": max, "min": min, "sorted": sorted, "set": set, "round": round,
    "sum": sum, "abs": abs, "list": list, "dict": dict,
    "argmax": lambda d: _argbest(d, max), "argmin": lambda d: _argbest(d, min),
}


def resolve(oracle: Oracle | None, g: nx.Graph) -> Expected:
    """The oracle as concrete values for graph ``g`` (expressions evaluated here)."""
    if oracle is None:
        return Expected()
    exp = Expected(match=oracle.match, regex=oracle.regex, forbid=oracle.forbid)
    if oracle.value is not None:
        exp.value = oracle.value
    if oracle.any:
        exp.names, exp.match = list(oracle.any), "any"
    if oracle.all:
        exp.names, exp.match = list(oracle.all), "all"
    if oracle.expr:
        try:
            got = eval(oracle.expr, {"__builtins__": {}, **NAMESPACE, "G": g})
        except Exception as exc:
            raise AgentError(ErrorCode.EVAL_INVALID, f"oracle {oracle.expr!r} failed: "
                             f"{type(exc).__name__}: {exc}",
                             hint="the expression sees the graph as G and networkx as nx") from None
        if isinstance(got, bool) or not isinstance(got, (int, float)):
            exp.names = sorted(str(x) for x in (got if isinstance(got, (set, list, tuple, frozenset))
                                                else [got]))
        else:
            exp.value = float(got)
    return exp


def grade(answer: str, exp: Expected) -> bool:
    if exp.forbid and re.search(exp.forbid, answer):
        return False
    if exp.regex and not re.search(exp.regex, answer):
        return False
    if exp.value is not None and not states_value(answer, exp.value):
        return False
    if exp.names:
        hits = [mentions(answer, n) for n in exp.names]
        return all(hits) if exp.match == "all" else any(hits)
    return True


def numbers(text: str) -> list[str]:
    """The number tokens of ``text`` (not parts of ids like ``ds_12ab`` or ``n07``)."""
    return [t.replace(",", "") for t in NUMBER.findall(text) if t.strip(",")]


def states_value(answer: str, value: float) -> bool:
    return any(same(tok, value) for tok in numbers(answer))


def same(token: str, value: float) -> bool:
    """Whether the number written as ``token`` is ``value`` at the precision it shows
    (``0.14`` states 0.1390, ``13.9`` states 0.139 as a percentage)."""
    try:
        shown = float(token)
    except ValueError:
        return False
    digits = len(token.split(".")[1]) if "." in token else 0
    tol = 0.5 * 10 ** -digits + 1e-9
    if digits == 0 and not float(value).is_integer():
        return False  # an integer never states a fraction
    return abs(shown - value) <= tol or (digits > 0 and abs(shown - value * 100) <= tol)


def mentions(answer: str, name: str) -> bool:
    return re.search(rf"(?<![\w]){re.escape(name)}(?![\w])", answer, re.IGNORECASE) is not None


def _num(x: float) -> str:
    return str(int(x)) if float(x).is_integer() else f"{x:.4g}"
