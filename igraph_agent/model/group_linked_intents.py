"""Offline-planner intent: the nodes of one group counted or listed by their partners in a
group ("which legal team members have no link to any other legal person", "how many pump
stations send water straight into at least one tank", "which sales people have a tie to
someone in ops").

* ``group_linked``: one ``nodes_by_measure(measure=degree, where={attr: A},
  partners_where={attr: B}, op, value)`` call: the nodes holding the first value named,
  by their number of distinct partners holding the second (the same value twice: partners
  in their own group, never the node itself). On a directed graph a sending verb before
  the second value ("send into a tank") follows the edges out of the node, a receiving one
  ("gets from a reservoir") those into it; neither said, both.

The bound is said in words: "no", "not any", "never" (exactly 0); "a", "any", "at least
one" (at least 1); "at least N", "more than N". The question must start by asking for
nodes ("which", "who", "how many", "list") and name both values of one grouping, the
second after "to", "with", "into" or "from". ``intents.py`` registers it.

Example::

    >>> bound("which legal members have no link to any other legal person?")
    ('eq', 0)
    >>> bound("how many pump stations send water straight into at least one tank?")
    ('ge', 1)
    >>> bound("which sales people have more than 2 ties to ops?")
    ('gt', 2)
"""

from __future__ import annotations

import re

from igraph_agent.model import value_counts
from igraph_agent.model.planstate import Call, Observed, PlanState
from igraph_agent.model.registry import Intent, t
from igraph_agent.model.verbs import RECEIVES, SENDS
from igraph_agent.model.vocabulary import WORD_NUMBERS, groupings
from igraph_agent.results.counting import NodesByMeasureResult

_N = r"(\d+|one|two|three|four|five)"
#: the ask: nodes listed or counted
_ASKS = re.compile(r"^\s*(?:so\s+|and\s+)?(?:(?:could|can|would)\s+you\s+(?:please\s+)?)?(?:which|what|"
                   r"who|how\s+many|list|name|show(?:\s+me)?|count)\b", re.IGNORECASE)
#: the partners' group said as another one than the node's own: "with at least one person
#: from another department", "to someone in a different team"; or as its own
OTHER, SAME = "<another>", "<its own>"
#: the words just before the partner group: "to any other", "into at least one", "with a"
_BEFORE_PARTNER = re.compile(
    r"\b(?:to|with|into|towards|from)\s+(?:(?:any|a|an|at\s+least\s+\w+|more\s+than\s+\w+|one|"
    r"some|other|single|another|the|of\s+the|someone|anyone|anybody|somebody|member|members|"
    r"people|person|node|nodes|in|(?:\w+\s+)?(?:stations?|sites?|units?))\s+){0,4}$",
    re.IGNORECASE)
_NONE = re.compile(r"\b(?:no|not|never|none|without|zero)\b|n't\b", re.IGNORECASE)
#: edges of a node to another: the words between the two groups that make it a partner count
_TIE = re.compile(r"\b(?:links?|linked|ties?|tied|edges?|connections?|connected|contacts?|"
                  r"friends?|partners?|neighbou?rs?|relationships?|send\w*|sent|ship\w*|"
                  r"feed\w*|supply|supplies|supplied|pays?|paid|writes?|wrote|calls?|called|"
                  r"gets?|got|receiv\w*|takes?|took|buys?|bought|works?\s+with|worked\s+with|"
                  r"talks?\s+to|"
                  # "coauthored with", "collaborated with", "played alongside"
                  r"[a-z]{3,}ed\s+(?:together\s+)?(?:with|alongside)|"
                  # "have a crossing with", "has a contract to": the data's own edge noun
                  r"ha(?:ve|s|d)\s+(?:an?\s+|any\s+|some\s+)?[a-z]+\s+(?:with|to|into))\b", re.IGNORECASE)


def bound(question: str) -> tuple[str, int] | None:
    """(op, value) of the partner count the question bounds, else None."""
    if m := re.search(rf"\bat\s+least\s+{_N}\b", question, re.IGNORECASE):
        return "ge", _number(m.group(1))
    if m := re.search(rf"\bmore\s+than\s+{_N}\b", question, re.IGNORECASE):
        return "gt", _number(m.group(1))
    if _NONE.search(question):
        return "eq", 0
    if re.search(r"\b(?:any|a|an|some|someone|anyone|one)\b", question, re.IGNORECASE):
        return "ge", 1
    return None


def _number(word: str) -> int:
    return int(word) if word.isdigit() else WORD_NUMBERS[word.lower()]


def found(st: PlanState) -> tuple[str, str, str, str, int, str] | None:
    """(attribute, the nodes' value, the partners' value, op, bound, way) else None."""
    meaning = st.meaning()
    if meaning.get("modes"):
        return None  # two-mode: value_partners' question
    q = str(st.context.get("asked") or st.question)
    if not _ASKS.search(q):
        return None
    info = {"meaning": meaning}
    hits = value_counts.named(info, q)
    if not hits or len({a for a, _, _ in hits}) != 1:
        return None
    spots = sorted((m.start(), m.end(), v) for _, v, rx in hits
                   for m in re.finditer(rf"(?<![\w-]){rx}(?![\w-])", q, re.IGNORECASE))
    if len(spots) == 1:  # "the Chemistry people who coauthored with someone from another
        from igraph_agent.model.cross_group_intents import kind  # department"

        attr = hits[0][0]
        a_at, a_end, first = spots[0]
        rest = q[a_end:]
        k = kind(rest, attr, len(groupings(meaning).get(attr) or []) == 2)
        if k is None or len(q[:a_at].split()) > 4 or not _TIE.search(rest):
            return None
        found_bound = bound(rest)
        if found_bound is None:
            return None
        return (attr, first, OTHER if k == "apart" else SAME, found_bound[0], found_bound[1],
                _way(meaning, rest))
    if len(spots) != 2:
        return None
    (a_at, a_end, first), (b_at, _, second) = spots
    if len(q[:a_at].split()) > 4 or not _BEFORE_PARTNER.search(q[:b_at]):
        return None  # the first value names the nodes asked; the second, their partners
    between = q[a_end:b_at]
    if not _TIE.search(between):
        return None
    found_bound = bound(between)
    if found_bound is None:
        return None
    return hits[0][0], first, second, found_bound[0], found_bound[1], _way(meaning, between)


def _way(meaning: dict, words: str) -> str:
    """Which edges a directed graph's partners are counted along: ``out`` after a sending
    verb ("send into a tank"), ``in`` after a receiving one, else (or undirected) ``both``."""
    if not meaning.get("directed"):
        return "both"
    sends, gets = bool(SENDS.search(words)), bool(RECEIVES.search(words))
    return "out" if sends and not gets else "in" if gets and not sends else "both"


def _calls(st: PlanState) -> list[Call]:
    f = found(st)
    if f is None:
        return []
    attr, first, second, op, value, way = f
    partners = {"partners_by": attr, "partners_same": second == SAME} if second in (OTHER, SAME) \
        else {"partners_where": {attr: second}, "partners_way": way}
    return [Call("nodes_by_measure", {"measure": "degree", "where": {attr: first}, **partners,
                                      "op": op, "value": value, "limit": 500})]


_WORDS = {"eq": "exactly", "ge": "at least", "gt": "more than"}


def _render(st: PlanState, obs: list[Observed]) -> str:
    f = found(st)
    o = next((o for o in obs if o.tool == "nodes_by_measure" and o.ok), None)
    if f is None or o is None:
        return "The nodes' partners in the group could not be counted."
    attr, first, second, op, value, way = f
    d = o.typed(NodesByMeasureResult)
    names = ", ".join(str(n.node) for n in d.nodes[:30]) + (" …" if d.count > 30 else "")
    other = "other " if first == second else ""
    many = "no" if (op, value) == ("eq", 0) else f"{_WORDS[op]} {value}"
    tied = {"out": "have an edge to", "in": "have an edge from"}.get(way, "are linked to")
    cols = st.meaning().get("direction") or []
    arrow = f" ({cols[0]} → {cols[1]})" if way != "both" and len(cols) == 2 else ""
    whom = (f"node(s) of another {attr}" if second == OTHER else f"node(s) of their own {attr}"
            if second == SAME else f"{other}node(s) with {attr} = {second}")
    return (f"**{d.count}** of the {d.of} nodes with {attr} = {first} {tied} {many} {whom}{arrow}"
            + (f": {names}." if names else "."))


def _bonus(st: PlanState) -> float:
    return 5.0 if found(st) else 0.0


GROUP_LINKED_INTENTS = [
    Intent("group_linked", t(0.5, r"\b(?:which|who|how many|list|name)\b"), _calls, _render,
           "nodes_by_measure: one group's nodes by their partners in a group (none, at least k)",
           bonus=_bonus, hint="the nodes of one group with (or without) partners in a group",
           answers=frozenset({"count", "list", "node"}),
           covers=frozenset({"group", "filter", "linked", "negation", "threshold", "direction"})),
]
