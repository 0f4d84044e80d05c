"""Offline-planner intent: one named node's own attribute value ("what is Pia's age?", "how
old is Pia?", "what street does Sol live on?", "the salary of Ana?"): ``search_node`` for the
node, whose candidate carries the node table's columns; the answer is the value, read as it
is stored. The attribute is one the graph's nodes have, named by its own words ("street",
"income k" for ``income_k``) or by a word for it ("how old" for ``age``; a pay word for the
one pay column). A question that asks anything else about the node (its degree, its
neighbours, a ranking) is not this intent's. ``intents.py`` registers it.

Example::

    >>> _attr_named("what street does Sol live on?", ["street", "age"], "Sol")
    'street'
    >>> _attr_named("how old is Pia?", ["street", "age"], "Pia")
    'age'
    >>> _attr_named("what's Eastleigh's load?", ["zone", "load_mw"], "Eastleigh")
    'load_mw'
"""

from __future__ import annotations

import re

from igraph_agent.figures import shown
from igraph_agent.model import slots
from igraph_agent.model.attribute_intents import by_meaning
from igraph_agent.model.planstate import Call, Observed, PlanState
from igraph_agent.model.registry import Intent, t

#: anything a graph analysis would read: then the question is not only a lookup
_ANALYSIS = re.compile(r"\b(?:degree|central\w*|neighbou?r\w*|connect\w*|links?|ties|edges?|"
                       r"paths?|routes?|communit\w*|clusters?|most|least|highest|lowest|rank\w*|"
                       r"average|mean|total|how many|compare|than|between|and|or)\b",
                       re.IGNORECASE)


def _words(attr: str) -> str:
    return r"[\s_-]+".join(map(re.escape, [p for p in re.split(r"[_\W]+", attr.lower()) if p]))


#: a column name's last part that is a unit: ``load_mw``, ``length_km``, ``price_usd``
_UNIT = re.compile(r"[_\s-]+(?:mw|kw|gw|kwh|mwh|km|m|mi|kg|t|lbs?|usd|eur|gbp|pct|percent|k|"
                   r"mins?|minutes|hrs?|hours|years?|yrs|days|s|secs?)$", re.IGNORECASE)


def _without_unit(attr: str) -> str | None:
    """``load_mw`` → ``load``; None when the name ends in no unit."""
    head = _UNIT.sub("", attr)
    return head if head and head != attr else None


def _attr_named(question: str, attrs: list[str], name: str) -> str | None:
    """The one node attribute the question asks of ``name``, by its own words or a word
    for it, else None."""
    q = question.replace(name, " ")
    hits = [a for a in attrs if re.search(rf"(?<![\w]){_words(a)}(?![\w])", q, re.IGNORECASE)]
    if not hits:  # "Eastleigh's load" for ``load_mw``: the column without its unit
        hits = [a for a in attrs if (head := _without_unit(a)) and
                re.search(rf"(?<![\w]){_words(head)}(?![\w])", q, re.IGNORECASE)]
    if not hits:  # a pay word, a time in the job, "how old" (attribute_intents.by_meaning)
        hits = by_meaning(q.lower(), attrs)
    return hits[0] if len(hits) == 1 else None


#: a node written in lower case where a lookup puts it: "how old is stroke", "cox's club",
#: "what club does cox row for"
_LOWER_NAME = re.compile(r"\bhow old is (?:the\s+)?([\w.-]+)\s*[?.!]*\s*$|^\s*([\w.-]+)(?:'s|’s)\s|"
                         r"\b(?:is|of|for)\s+(?:the\s+)?([\w.-]+)(?:'s|’s)\s|"
                         r"^\s*(?:what|which)(?:'s|\s+is)?\s+(?:the\s+)?[\w ]+?\s+(?:of|for)\s+"
                         r"(?:the\s+)?([\w.-]+)\s*[?.!]*\s*$|"
                         r"^\s*(?:what|which)\s+\w+\s+(?:does|did|is)\s+(?:the\s+)?([\w.-]+)\s",
                         re.IGNORECASE)
_NOT_NAMES = frozenset({"graph", "network", "data", "dataset", "table", "it", "this", "that",
                        "everyone", "anyone", "each", "every", "node", "nodes", "average"})


def _lowercase_name(q: str) -> list[str]:
    m = _LOWER_NAME.search(q)
    name = next((g for g in m.groups() if g), None) if m else None
    return [name] if name and name.lower() not in _NOT_NAMES | slots.STOP_WORDS else []


def _lookup(st: PlanState) -> tuple[str, str] | None:
    """(attribute, node name) of a question asking one node's own value."""
    q = str(st.context.get("asked") or st.question)
    names = slots.named(q) or _lowercase_name(q)
    if len(names) != 1:
        return None
    name = names[0]
    attrs = [str(a) for a in (st.meaning().get("node_attributes") or {})]
    attr = _attr_named(q, attrs, name)
    if attr is None or _ANALYSIS.search(q.replace(name, " ")):
        return None
    if name.lower() in {a.lower() for a in attrs}:
        return None
    head = _without_unit(attr)
    w, n = f"(?:{_words(attr)}{'|' + _words(head) if head else ''})", re.escape(name)
    end = r"\s*[?.!]*\s*$"
    lead = r"^\s*(?:so\s+|and\s+)?(?:(?:what|which)(?:'s|\s+is|\s+was)?\s+|(?:tell|show|give) me\s+|get\s+)?"
    if re.search(rf"^\s*(?:so\s+|and\s+)?how old is (?:the\s+)?{n}{end}|"
                 rf"{lead}(?:the\s+)?{n}(?:'s|’s|')\s+{w}{end}|"
                 rf"{lead}(?:the\s+)?{w}\s+(?:of|for)\s+(?:the\s+)?{n}{end}|"
                 rf"^\s*(?:so\s+|and\s+)?(?:what|which)\s+{w}\s+(?:does|did|is|was)\s+(?:the\s+)?{n}"
                 rf"(?:\s+[a-z]+){{0,2}}{end}|"
                 rf"^\s*(?:so\s+|and\s+)?how much (?:does|did) {n}\s+(?:earn|make|get)\w*{end}",
                 q, re.IGNORECASE):
        return attr, name  # the node itself, asked directly: not "the person who infected Zoe"
    return None


def _bonus(st: PlanState) -> float:
    return 4.0 if _lookup(st) else 0.0


def _calls(st: PlanState) -> list[Call]:
    from igraph_agent.model.graph_intents import resolve_names

    found = _lookup(st)
    if found is None:
        return []
    searches, _ = resolve_names(st, [found[1]])
    return searches


def _render(st: PlanState, obs: list[Observed]) -> str:
    from igraph_agent.model.graph_intents import (
        _who,
        found_reply,
        resolve_names,
        search_candidates,
        unresolved_names,
    )

    found = _lookup(st)
    if found is None:
        return "Name the node and the attribute to read."
    attr, name = found
    _, ids = resolve_names(st, [name])
    if not ids:
        return unresolved_names(st, [name])
    row = next((r for o in obs if o.tool == "search_node" and o.ok
                for r in search_candidates(o) if str(r.node) == str(ids[0])), None)
    if row is None:
        return unresolved_names(st, [name])
    value = (row.attributes or {}).get(attr)
    if value is None:
        return f"{found_reply(st, [name])}{_who(row)} has no {attr} value in the node table."
    return f"{found_reply(st, [name])}{_who(row)} has {attr} **{shown(value)}**."


NODE_VALUE_INTENTS = [
    Intent("node_value", t(0.5, r"^\s*(?:so\s+|and\s+)?(?:what|which|how|tell|show|give|get)\b|"
                                r"'s\s+\w+\s*\??\s*$"),
           _calls, _render, "one node's own attribute value (search_node's attributes)",
           group="neighbourhood", bonus=_bonus,
           hint="one node's attribute value (its age, its street)",
           answers=frozenset({"value", "group"}),
           covers=frozenset({"entity", "group", "filter"}),
           suggest=None),
]
