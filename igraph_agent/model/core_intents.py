"""Offline-planner intent about the graph's k-cores (the largest part in which every node
has at least k ties inside it):

* ``k_core``: "how many members are in the 4-core", "which nodes make up the 3-core", "how
  big is the 2-core", and the innermost one: "what's the highest core number", "who is in
  the main core": ``nodes_by_measure(measure=core_number, op=ge, value=k)`` (a node's core
  number is the largest k whose core holds it), and the ranking's top for the highest.

Core numbers ignore direction and edge values (networkx's ``core_number`` on the simple
undirected graph). ``intents.py`` registers it.

Example::

    >>> order("how many members are in the 4-core?"), order("how big is the three-core")
    (4, 3)
    >>> innermost("what's the highest core number?"), innermost("who is in the main core?")
    (True, True)
    >>> core_equal("how many members have core number 4?"), core_bound("core number at least 2")
    (4, ('ge', 2.0))
"""

from __future__ import annotations

import re

from igraph_agent.model import slots, vocabulary
from igraph_agent.model.planstate import Call, Observed, PlanState
from igraph_agent.model.registry import Intent, t
from igraph_agent.results.counting import NodesByMeasureResult
from igraph_agent.results.local import LocalAnalysisResult

_NUMBERS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
            "eight": 8, "nine": 9, "ten": 10}
_K = r"(\d{1,3}|one|two|three|four|five|six|seven|eight|nine|ten)"
#: the order of the core asked: "the 4-core", "a 3 core", "the k-core for k = 4", "the core
#: of order 4"
_ORDER = [re.compile(p, re.IGNORECASE) for p in (
    rf"\b{_K}[- ]cores?\b", rf"\bk-?cores?\b.*?\bk\s*=\s*{_K}\b",
    rf"\bcores?\s+of\s+(?:order|level|degree)\s+{_K}\b")]
#: the innermost core: "the highest core number", "the main core", "the max k-core"
_INNERMOST = re.compile(
    r"\b(?:highest|largest|greatest|biggest|top|maximum|max|maximal|deepest|innermost|main|"
    r"densest)\s+(?:k-?)?(?:core(?:\s+(?:number|index|level))?|coreness|k-?shell)\b|"
    r"\bcore\s+number\b.*\b(?:highest|largest|greatest|maximum|max)\b", re.IGNORECASE)
#: a member list asked rather than a count
_LIST = re.compile(r"^\s*(?:so\s+|and\s+)?(?:which|who|list|name|show|what (?:nodes|members|"
                   r"\w+s) (?:are|make|form))\b|\bmembers of\b|\bmake up\b", re.IGNORECASE)
_COUNT = re.compile(r"\bhow (?:many|big|large)\b|\bnumber of\b|\bsize\b|\bcount\b",
                    re.IGNORECASE)


#: a core number exactly: "how many members have core number 4", "nodes with a coreness of 2"
_CORE_EQ = re.compile(rf"\b(?:ha(?:ve|s)|with|of)\s+(?:a\s+)?(?:core\s*(?:number|index)|coreness|"
                      rf"k-?shell)\s+(?:of\s+|=\s*|equal to\s+)?{_K}\b(?!\s*(?:or|\+))",
                      re.IGNORECASE)


def core_bound(question: str) -> tuple[str, float] | None:
    """(op, k) of "nodes with core number k" (exactly) or "core number at least 3"."""
    bound = slots.threshold(question)
    if bound is not None:
        said = re.search(r"\b(?:core\s*(?:number|index)|coreness|k-?shell)\b", question,
                         re.IGNORECASE)
        other = re.search(r"\b(?:degree|ties|connections|neighbou?rs|links|clustering|"
                          r"betweenness|pagerank|closeness|triangles?)\b", question, re.IGNORECASE)
        return bound if said and not other else None
    m = _CORE_EQ.search(question)
    if not m:
        return None
    w = m.group(1).lower()
    return "eq", float(int(w) if w.isdigit() else _NUMBERS[w])


def core_equal(question: str) -> int | None:
    """The k of "nodes with core number k" (exactly), for the doctest's reading."""
    found = core_bound(question)
    return int(found[1]) if found and found[0] == "eq" else None


def order(question: str) -> int | None:
    """The k of "the k-core" the question names, else None."""
    for rx in _ORDER:
        m = rx.search(question)
        if m:
            w = m.group(1).lower()
            return int(w) if w.isdigit() else _NUMBERS[w]
    return None


def innermost(question: str) -> bool:
    """Whether the question asks about the innermost core (the highest core number)."""
    return order(question) is None and bool(_INNERMOST.search(question))


_OWN = re.compile(r"\bcore\s*(?:number|index|level)\b|\bcoreness\b|\bk-?shell\b", re.IGNORECASE)


def _one(st: PlanState) -> str | None:
    """The one node asked about: "is Ada in the 3-core", "what is Ada's core number"."""
    named = slots.named(st.question)
    if len(named) != 1 or not (order(st.question) is not None or _OWN.search(st.question)):
        return None
    return named[0]


def _applies(st: PlanState) -> bool:
    if core_bound(st.question) is not None and not slots.named(st.question):
        return True
    if slots.named(st.question):
        return _one(st) is not None
    return order(st.question) is not None or innermost(st.question)


def _ranked(st: PlanState) -> NodesByMeasureResult | None:
    o = st.done(Call("nodes_by_measure", {"measure": "core_number", "limit": 1}))
    return o.typed(NodesByMeasureResult) if o is not None and o.ok else None


def _calls(st: PlanState) -> list[Call]:
    from igraph_agent.model.graph_intents import resolve_names

    if not _applies(st):
        return []
    bound = core_bound(st.question)
    if bound is not None and not slots.named(st.question):
        return [Call("nodes_by_measure", {"measure": "core_number", "op": bound[0],
                                          "value": bound[1], "limit": 50})]
    name = _one(st)
    if name is not None:
        searches, ids = resolve_names(st, [name])
        if ids is None:
            return searches
        return [*searches, Call("local_analysis", {"node": ids[0], "radius": 1})]
    top = Call("nodes_by_measure", {"measure": "core_number", "limit": 1})
    k = order(st.question)
    if k is None:
        ranked = _ranked(st)
        if ranked is None or not ranked.nodes:
            return [top]
        k = int(ranked.nodes[0].value)
    from igraph_agent.model.query_intents import _side

    # "how many women are in the 3-core" on a two-mode graph: the core is the whole graph's,
    # the nodes counted that side's
    return [top, Call("nodes_by_measure", {"measure": "core_number", "op": "ge", "value": k,
                                           "limit": 100, **_side(st)})]


def _node_render(st: PlanState, obs: list[Observed], name: str) -> str:
    from igraph_agent.model.graph_intents import found_reply, unresolved_names

    o = next((o for o in obs if o.tool == "local_analysis" and o.ok), None)
    if o is None:
        return unresolved_names(st, [name])
    d = o.typed(LocalAnalysisResult)
    k = order(st.question)
    own = (f"core number is **{d.core_number}** (the largest k whose k-core holds it; the "
           f"highest in the graph is {d.max_core})")
    if k is None:
        return found_reply(st, [name]) + f"{d.node}'s {own}."
    yes = (d.core_number or 0) >= k
    return (found_reply(st, [name]) + f"**{'Yes' if yes else 'No'}** — {d.node} is "
            f"{'' if yes else 'not '}in the {k}-core: its {own}.")


def _render(st: PlanState, obs: list[Observed]) -> str:
    from igraph_agent.model.graph_intents import yes_no_lead

    if core_bound(st.question) is not None and not slots.named(st.question):
        from igraph_agent.model.query_intents import threshold_render

        return threshold_render(st, [o for o in obs if o.tool == "nodes_by_measure" and o.ok])
    name = _one(st)
    if name is not None:
        return _node_render(st, obs, name)
    ranked = _ranked(st)
    core = next((o.typed(NodesByMeasureResult) for o in obs if o.tool == "nodes_by_measure"
                 and o.ok and o.args.get("value") is not None), None)
    if ranked is None or core is None:
        return "I could not read the core numbers."
    info = st.last_ok("get_graph_info")
    nouns = vocabulary.noun(st.question, info.data if info else {})[1]
    top = int(ranked.nodes[0].value) if ranked.nodes else 0
    k = int(core.value)
    names = ", ".join(f"**{r.node}**" if _LIST.search(st.question) else str(r.node)
                      for r in core.nodes) + (" …" if core.truncated else "")
    note = " (core numbers ignore direction)" if (info.data if info else {}).get("directed") else ""
    if not core.count:
        return (f"**No** {nouns} are in the {k}-core: it is empty, since the highest core number "
                f"is **{top}**{note}.")
    inner = innermost(st.question)
    if inner and not _COUNT.search(st.question) and not _LIST.search(st.question):
        return (f"The highest core number is **{top}**: the {k}-core, the innermost, holds "
                f"{core.count} of the {core.of} {nouns}{note}: {names}.")
    where = (f"the {k}-core" + (f", the innermost (the highest core number is {top})" if inner
                                else "") + f" — every one has at least {k} ties to others in it")
    if _LIST.search(st.question) and not _COUNT.search(st.question):
        return f"{names}: the {core.count} of the {core.of} {nouns} in {where}{note}."
    side = f" (the {core.side} side; the core is the whole graph's)" if core.side else ""
    if not core.side and len((st.meaning().get("modes") or {}).get("sides") or {}) == 2:
        nouns, side = "nodes", " (both sides of the two-mode graph)"  # no side named: all
    return (yes_no_lead(st, True) + f"**{core.count}** of the {core.of} {nouns}{side} are in "
            f"{where}{note}: {names}.")


CORE_INTENTS = [
    Intent("k_core", t(0.5, r"\bcores?\b|\bcoreness\b|\bk-?shell\b"), _calls, _render,
           "the members of a k-core and the highest core number (nodes_by_measure "
           "core_number)", group="k_core",
           bonus=lambda st: 6.0 if _applies(st) else -10.0,
           hint="the nodes of a k-core, or the highest core number",
           answers=frozenset({"count", "list", "value", "node", "group", "yesno"}),
           covers=frozenset({"threshold", "scope", "entity"})),
]
