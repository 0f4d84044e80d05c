"""Offline-planner intent about the other side of a two-mode graph linked to the nodes
holding one category value (``genre = comedy`` on the film side):

* ``value_partners``: "how many actors appeared in a comedy", "which actors were in a
  drama" (the actors with at least one such film), "which actor appeared in the most
  dramas" (the actors ranked by their films with the value, every tie at the top named):
  ``nodes_by_measure(measure=degree, partners_where={attr: value}, side=the other side)``.

A count past a number of them ("in at least 2 dramas"), a named node or the fewest are left
to the features' guard, which asks; a negation, "only" or a second clause is not read here. ``intents.py`` registers it.

Example::

    >>> info = {"meaning": {"node_attributes": {"genre": {"kind": "categorical",
    ...     "top_values": ["drama", "comedy"]}},
    ...     "modes": {"by": "endpoints", "sides": {"actors": 9, "films": 8}}}}
    >>> asked("Which actor appeared in the most dramas?", info)
    ('actors', 'genre', 'drama', 'rank')
    >>> asked("How many actors appeared in a comedy?", info)
    ('actors', 'genre', 'comedy', 'count')
"""

from __future__ import annotations

import re
from typing import Any

from igraph_agent.model import value_counts
from igraph_agent.model.planstate import Call, Observed, PlanState
from igraph_agent.model.registry import Intent, t
from igraph_agent.results.counting import NodesByMeasureResult

#: the value's article in a list or a count: "in a comedy", "on any demo", "in one drama"
_ONE = r"(?:an?|any|one|at\s+least\s+one|some)\s+"


#: words this intent does not read: a negation, "only", a second value or clause
_OTHER = re.compile(r"\b(?:not|never|no|none|without|except|only|just|but|and|or|also|both|"
                    r"every|all)\b|n't\b", re.IGNORECASE)


def asked(question: str, info: dict[str, Any]) -> tuple[str, str, str, str] | None:
    """(the side asked about, attribute, value, "count" | "list" | "rank") when the question
    asks for the other side's nodes linked to one value's nodes, else None."""
    if not value_counts.linked_value(question, info):
        return None
    hits = value_counts.named(info, question)
    if len(hits) != 1:
        return None
    attr, value, rx = hits[0]
    sides = [s for s in ((info.get("meaning") or {}).get("modes") or {}).get("sides") or {}]
    named = [s for s in sides if re.search(
        rf"(?<!{re.escape(value.lower())}\s)(?<![\w-])(?:{_noun(s)})(?![\w-])", question.lower())]
    if len(named) != 1:
        return None
    side = named[0]
    noun = _noun(side)
    start = (rf"^\s*(?:which|what|who|how\s+many)\s+(?:of\s+the\s+)?(?:different\s+|distinct\s+|"
             rf"unique\s+|separate\s+)?{noun}\b")
    if not re.search(start, question, re.IGNORECASE) or _OTHER.search(question):
        return None
    held = [s for s in sides if s != side]  # "the most drama films": the value's side named
    tail = rf"(?:\s+(?:{_noun(held[0])}))?" if held else ""
    if re.match(r"\s*how\s+many\b", question, re.IGNORECASE) and re.search(
            rf"\b(?:do|does|did|have|has|had|(?:are|is|were|was)\s+\w+(?:ed|en)\s+by)\s+(?:the\s+|our\s+"
            rf"|a\s+|any\s+)?{rx}{tail}\s+(?!\w+ly\b)[a-z]+\w*(?:\s+(?:between\s+them|in\s+total|"
            rf"altogether|overall|in\s+all|so\s+far))?\s*[?.!]*\s*$|\b(?:are|is|were|was)\s+\w+(?:ed|en)"
            rf"\s+by\s+(?:the\s+|our\s+|a\s+|any\s+)?{rx}{tail}\s*[?.!]*\s*$", question,
            re.IGNORECASE):
        return side, attr, value, "count"  # "how many dishes do the sous chefs cook"
    if re.search(rf"\b(?:the\s+)?most\s+{rx}{tail}\s*[?.!]*\s*$", question, re.IGNORECASE):
        return side, attr, value, "rank"
    if re.search(rf"\b{_ONE}{rx}{tail}\s*[?.!]*\s*$", question, re.IGNORECASE):
        kind = "count" if re.match(r"\s*how\s+many\b", question, re.IGNORECASE) else "list"
        return side, attr, value, kind
    return None


def _noun(side: str) -> str:
    """A side's noun as said, one or many ("dish", "dishes"; "actors", "actor")."""
    one = side.lower().rstrip("s") if not side.lower().endswith("ss") else side.lower()
    return "|".join(re.escape(f) for f in dict.fromkeys([side.lower(), one,
                                                         *value_counts.forms(one)]))


def _many(side: str) -> str:
    """A side's noun for many of its nodes ("dish" -> "dishes", "actors" stays)."""
    said = value_counts.forms(side)
    return side if side.lower().endswith("s") or len(said) < 2 else said[1]


def _info(st: PlanState) -> dict[str, Any]:
    return {"meaning": st.meaning()}


def _asked(st: PlanState) -> tuple[str, str, str, str] | None:
    return asked(str(st.context.get("asked") or st.question), _info(st))


def _calls(st: PlanState) -> list[Call]:
    found = _asked(st)
    if found is None:
        return []
    side, attr, value, kind = found
    args: dict[str, Any] = {"measure": "degree", "partners_where": {attr: value}, "side": side,
                            "limit": 500}
    if kind != "rank":
        args.update(op="ge", value=1)
    return [Call("nodes_by_measure", args)]


def _render(st: PlanState, obs: list[Observed]) -> str:
    found = _asked(st)
    if not obs or found is None:
        return "Name the side and the value, e.g. 'how many actors appeared in a comedy'."
    side, attr, value, kind = found
    m = obs[0].typed(NodesByMeasureResult)
    scope = f"{attr} = {value}"
    if kind != "rank":
        names = ", ".join(str(n.node) for n in m.nodes)
        return (f"**{m.count}** of {m.of} {_many(side)} are linked to at least one node with {scope}"
                + (f": {names}." if names else "."))
    rows = [(n.value, str(n.node)) for n in m.nodes]
    best = max((v for v, _ in rows), default=0)
    if not best:
        return f"**None** of the {_many(side)} is linked to a node with {scope}."
    tied = sorted(n for v, n in rows if v == best)
    rest = ", ".join(f"{n} ({v})" for v, n in rows if v != best and v)[:300]
    lead = (f"**{tied[0]}** is linked to" if len(tied) == 1 else
            ", ".join(f"**{n}**" for n in tied[:-1]) + f" and **{tied[-1]}** tie, each "
            "linked to")
    return (f"Among the {_many(side)}, {lead} the most nodes with {scope}: **{best}**"
            + (f"; then {rest}" if rest else "") + ".")


def _bonus(st: PlanState) -> float:
    return 2.0 if _asked(st) else -2.0


VALUE_PARTNER_INTENTS = [
    Intent("value_partners", t(0.5, r"\b(?:which|what|who|how many)\b"), _calls, _render,
           "nodes_by_measure: one side's nodes by their partners holding a category value",
           bonus=_bonus, hint="the nodes linked to the nodes holding a value",
           answers=frozenset({"count", "node", "list"}),
           covers=frozenset({"linked", "filter", "group", "twomode"})),
]
