"""Two steps along a directed table's verb from one named node: "who do the numbers that
ext0 calls go on to call?" (the out-neighbours of ext0's out-neighbours), "what do the depots
Dalby ships to ship to in turn?", "who calls the numbers that call ext3?" (the in-neighbours
of its in-neighbours), "who are the callees of ext0's callees?" (the ends' nouns say the way
of each step). The answer is every node one of the first step's nodes reaches in one more
step, as networkx's successors of successors (a node one step away, or the named node
itself, counts when a first-step node points at it).

``local_analysis(direction=…)`` on the named node, then on each of its first-step nodes.

    >>> _ONWARD.search("who do the numbers that ext0 calls go on to call?").group("v2")
    'call'
"""

from __future__ import annotations

import re
from typing import Any

from igraph_agent.model import slots
from igraph_agent.model.planstate import Call, Observed, PlanState
from igraph_agent.model.registry import Intent, t
from igraph_agent.results.local import LocalAnalysisResult

_NAME = r"(?P<node>(?-i:[A-Z][\w.'-]*|[a-z]+\d+|\d+))"
_THEN = r"(?:(?:in\s+turn|then|themselves|next|go\s+on\s+(?:to|and)|went\s+on\s+to|also)\s+)*"
#: "who do the numbers (that) ext0 calls (then / go on to) call (in turn)?"
_ONWARD = re.compile(
    rf"^\s*(?:so\s+|and\s+)?(?:who|whom|which\s+\w+|what(?:\s+\w+)?)\s+(?:do|did|does)\s+(?:all\s+)?"
    rf"(?:the\s+|those\s+)?(?:\w+\s+)?(?:that|which|who|whom)?\s*{_NAME}\s+(?P<v1>[a-z]+)"
    rf"(?:\s+(?:to|with))?\s+{_THEN}(?P<v2>[a-z]+)(?:\s+(?:to|with))?(?:\s+(?:in\s+turn|then|"
    rf"themselves|next|after\s+that))?\s*[?.!]*\s*$", re.IGNORECASE)
#: "who calls the numbers that call ext3?": the named node's in-neighbours, then theirs
_BACKWARD = re.compile(
    rf"^\s*(?:so\s+|and\s+)?(?:who|which\s+\w+)\s+(?P<v2>[a-z]+)\s+(?:to\s+)?(?:the|those)\s+\w+\s+"
    rf"(?:that|who|which)\s+(?P<v1>[a-z]+)(?:\s+to)?\s+{_NAME}\s*[?.!]*\s*$", re.IGNORECASE)
#: "who are the callees of ext0's callees?", "the callers of ext3's callers"
_NOUNS = re.compile(
    rf"^\s*(?:so\s+|and\s+)?(?:(?:who|which|what)\s+(?:\w+\s+)?(?:are|is|were)\s+|list\s+|name\s+|"
    rf"show(?:\s+me)?\s+)?(?:all\s+)?(?:the\s+)?(?P<n2>[a-z]+)\s+of\s+(?:the\s+)?{_NAME}(?:'s|’s)\s+"
    rf"(?P<n1>[a-z]+)\s*[?.!]*\s*$", re.IGNORECASE)
#: "what do ext0's callees call?", "who do ext0's callees call in turn?"
_NOUN_VERB = re.compile(
    rf"^\s*(?:so\s+|and\s+)?(?:who|whom|which\s+\w+|what(?:\s+\w+)?)\s+(?:do|did|does)\s+{_NAME}"
    rf"(?:'s|’s)\s+(?P<n1>[a-z]+)\s+{_THEN}(?P<v2>[a-z]+)(?:\s+(?:to|with))?(?:\s+(?:in\s+turn|"
    rf"then|themselves|next))?\s*[?.!]*\s*$", re.IGNORECASE)
_MOST_FIRST = 30  # the first step's nodes followed one more step, at most


def _noun_way(noun: str, info: dict[str, Any]) -> str | None:
    """``out`` when ``noun`` names the target column (X's callees: those X calls), ``in``
    when the source column (X's callers), else None."""
    from igraph_agent.model.sides import _end_noun
    from igraph_agent.model.verbs import _endpoints
    from igraph_agent.model.vocabulary import singular

    ends = [_end_noun(c) for c in _endpoints(info)]
    said = {noun.lower(), singular(noun.lower()), re.sub(r"s$", "", noun.lower())}
    if len(ends) != 2 or ends[0] == ends[1]:
        return None
    return "out" if ends[1] in said else "in" if ends[0] in said else None


def _verb_way(verb: str, info: dict[str, Any]) -> str | None:
    """``out`` when ``verb`` is the source column's verb (``caller`` → call), ``in`` when the
    target column's, else None."""
    from igraph_agent.model.verbs import column_verbs, forms

    fwd, back = column_verbs(info)
    for stems, way in ((fwd, "out"), (back, "in")):
        if stems and re.fullmatch(forms(stems) + r"(?:e?s|ies|ed|d|ing|e)?", verb, re.IGNORECASE):
            return way
    return None


def steps(st: PlanState) -> tuple[str, str, str] | None:
    """(the named node, the direction of the first step, that of the second), else None."""
    info = st.last_ok("get_graph_info")
    data = info.data if info else {}
    asked = str(st.context.get("asked") or st.question)
    if not data.get("directed") or slots.threshold(asked):
        return None
    for rx, active in ((_ONWARD, "out"), (_BACKWARD, "in")):
        m = rx.search(asked)
        if m is None:
            continue
        one, two = _verb_way(m.group("v1"), data), _verb_way(m.group("v2"), data)
        if one is None or one != two:
            return None
        way = one if active == "out" else {"out": "in", "in": "out"}[one]
        return m.group("node"), way, way
    m = _NOUNS.search(asked)
    if m is not None:
        one, two = _noun_way(m.group("n1"), data), _noun_way(m.group("n2"), data)
        return (m.group("node"), one, two) if one and two else None
    m = _NOUN_VERB.search(asked)
    if m is not None:
        one, two = _noun_way(m.group("n1"), data), _verb_way(m.group("v2"), data)
        return (m.group("node"), one, two) if one and two else None
    return None


def _call(node: Any, way: str) -> Call:
    return Call("local_analysis", {"node": node, "radius": 1, "limit": 200, "direction": way})


def _first(obs: Observed | None) -> list[str] | None:
    if obs is None or not obs.ok:
        return None
    d = obs.typed(LocalAnalysisResult)
    hop = next((h for h in d.neighbours_by_hop or [] if h.hop == 1), None)
    return [str(r.node) for r in hop.nodes] if hop else []


def _calls(st: PlanState) -> list[Call]:
    from igraph_agent.model.graph_intents import resolve_names

    found = steps(st)
    if found is None:
        return []
    name, way, then = found
    searches, ids = resolve_names(st, [name])
    if ids is None:
        return searches
    first = _call(ids[0], way)
    ones = _first(st.done(first))
    if ones is None:
        return [*searches, first]
    return [*searches, first, *(_call(n, then) for n in ones[:_MOST_FIRST])]


def _render(st: PlanState, obs: list[Observed]) -> str:
    found = steps(st)
    calls = [o for o in obs if o.tool == "local_analysis" and o.ok]
    if found is None or not calls:
        return "I could not follow the edges from that node."
    _, way, then = found
    start = str(calls[0].args.get("node"))
    made = {(str(o.args.get("node")), o.args.get("direction")): o for o in calls}
    ones = _first(made.get((start, way))) or []
    if not ones:
        side = "no edge leaves" if way == "out" else "no edge reaches"
        return f"**None** — {side} {start}, so there is no second step."
    if len(ones) > _MOST_FIRST:
        return (f"{start} has more first-step nodes than I follow one by one ({_MOST_FIRST} at "
                f"most); ask about fewer of them.")
    reached: dict[str, list[str]] = {}
    for one in ones:
        for two in _first(made.get((one, then))) or []:
            reached.setdefault(two, []).append(one)
    arrow = "→" if then == "out" else "←"
    via = "; ".join(f"{one} {arrow} " + (", ".join(_first(made.get((one, then))) or []) or "none")
                    for one in ones)
    first = f"{start}'s {way}-neighbours ({', '.join(ones)})"
    if not reached:
        return f"**None** — none of {first} has a further edge that way."
    names = ", ".join(f"**{n}**" for n in sorted(reached, key=_natural))
    return f"{names} — one more step {then} from {first}. Step by step: {via}."


def _natural(name: str) -> tuple:
    return tuple(int(p) if p.isdigit() else p for p in re.split(r"(\d+)", name))


ONWARD_INTENTS = [
    Intent("onward", t(0.5, _ONWARD.pattern, _BACKWARD.pattern, _NOUNS.pattern, _NOUN_VERB.pattern),
           _calls, _render,
           "two steps along the verb from a named node (local_analysis, then on each neighbour)",
           group="onward", bonus=lambda st: 7.0 if steps(st) else -10.0,
           hint="the nodes two steps along the edges from a named node",
           answers=frozenset({"list", "node"}), covers=frozenset({"direction", "entity", "hops"})),
]
