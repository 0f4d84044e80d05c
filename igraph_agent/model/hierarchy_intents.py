"""Offline-planner intent: the chain from one person up to the top of a reporting table
("what's the chain of command from li_wen all the way up to the top", "everything between
gus and the CEO", "show the reporting line from ana up to the top").

The table's direction says which way is up (``vocabulary.boss_way``: ``employee,reports_to``
points at the boss, ``manager,employee`` from it). The person's reach upwards
(``hop_counts`` over up to 50 steps) meets the people nobody is above (``direction_analysis``'
sinks, or sources when edges point from the boss); with exactly one such person the chain is
the ``shortest_path`` between the two, in hops. Several tops above one person (two managers
on different lines) are named and asked about. ``intents.py`` registers it.
"""

from __future__ import annotations

import re

from igraph_agent.model import slots, vocabulary
from igraph_agent.model.planstate import Call, Observed, PlanState
from igraph_agent.model.registry import Intent, t
from igraph_agent.results.counting import HopCountsResult
from igraph_agent.results.paths import ShortestPathResult
from igraph_agent.results.semantics import DirectionAnalysisResult

_TOP_WORDS = r"(?:the\s+)?(?:very\s+)?(?:top(?:\s+boss)?|ceo|head of the (?:company|org\w*)|root|boss at the top)"
#: everyone above a person, every level: "who does gus report to, directly or indirectly",
#: "who is above gus at any level"
_ABOVE_ALL = (r"\b(?:report\w*\s+(?:up\s+)?to|above|answer\w*\s+to|work\w*\s+for)\b.*\b(?:directly "
              r"or indirectly|indirectly|at any level|all levels|transitively|eventually|"
              r"ultimately)\b")
_UP = re.compile(rf"\b(?:to|up to|until|till|and|through to)\s+{_TOP_WORDS}\b|\ball the way up\b|"
                 r"\bup the chain\b|\bchain of command\b|\breporting (?:line|chain)\b|"
                 + _ABOVE_ALL, re.IGNORECASE)
_NOT_NAMES = {"ceo", "top", "the top", "boss", "root", "command"}
_STEPS = 50


#: "from gus (all the way) up to the top", "between gus and the CEO": a lower-case name
_FROM = re.compile(rf"\b(?:from|between)\s+([\w.'-]+)\s+(?:(?:all the way|right)\s+)?(?:up\s+)?"
                   rf"(?:to|and|until|till)\s+{_TOP_WORDS}\b", re.IGNORECASE)


def _person(st: PlanState) -> str | None:
    names = [n for n in slots.named(st.question) if n.lower() not in _NOT_NAMES]
    if not names and (m := _FROM.search(st.question)):
        names = [m.group(1)]
    return names[0] if len(names) == 1 else None


def _way(st: PlanState) -> str | None:
    return vocabulary.boss_way(st.meaning()) if st.meaning().get("directed") else None


def _applies(st: PlanState) -> bool:
    return bool(_UP.search(st.question)) and _person(st) is not None and _way(st) is not None \
        and bool(re.search(rf"\b{_TOP_WORDS}\b|\ball the way up\b|\bup the chain\b|{_ABOVE_ALL}",
                           st.question, re.IGNORECASE))


def _tops(st: PlanState, start: str) -> list[str] | None:
    """The people nobody is above that ``start`` reaches going up, once both calls ran."""
    up = "out" if _way(st) == "in" else "in"
    reach = st.done(Call("hop_counts", {"node": start, "hops": _STEPS, "direction": up,
                                        "limit": 500}))
    ends = st.done(Call("direction_analysis", {}))
    if reach is None or ends is None or not reach.ok or not ends.ok:
        return None
    h, d = reach.typed(HopCountsResult), ends.typed(DirectionAnalysisResult)
    above = {str(n.node) for ring in h.by_distance for n in ring.nodes}
    heads = d.sinks if _way(st) == "in" else d.sources
    return sorted(str(c.node) for c in (heads.nodes if heads else []) if str(c.node) in above)


def _calls(st: PlanState) -> list[Call]:
    from igraph_agent.model.graph_intents import resolve_names

    person = _person(st)
    if not _applies(st) or person is None:
        return []
    searches, ids = resolve_names(st, [person])
    if ids is None:
        return searches
    up = "out" if _way(st) == "in" else "in"
    first = [Call("hop_counts", {"node": ids[0], "hops": _STEPS, "direction": up, "limit": 500}),
             Call("direction_analysis", {})]
    tops = _tops(st, ids[0])
    if tops is None or len(tops) != 1:
        return [*searches, *first]
    ends = (ids[0], tops[0]) if _way(st) == "in" else (tops[0], ids[0])
    return [*searches, *first, Call("shortest_path", {"source": ends[0], "target": ends[1],
                                                      "weight": None})]


def _render(st: PlanState, obs: list[Observed]) -> str:
    from igraph_agent.model.graph_intents import unresolved_names

    reach = next((o for o in obs if o.tool == "hop_counts"), None)
    if reach is None:
        return unresolved_names(st, [_person(st) or ""])
    start = str(reach.args["node"])
    tops = _tops(st, start) or []
    if not tops:
        return (f"**{start}** is at the top: nobody is above them in this table "
                "(following the reporting direction).")
    path = next((o for o in obs if o.tool == "shortest_path"), None)
    if path is None:
        return "The chain could not be traced."
    d = path.typed(ShortestPathResult)
    chain = [str(p.node) for p in (d.path or [])]
    if _way(st) == "out":
        chain = chain[::-1]
    between = chain[1:-1]
    middle = (f"; between them: {', '.join(between)}" if between else
              "; nobody is between them")
    return (f"The chain from {start} up to the top ({tops[0]}) is **" + " → ".join(chain) +
            f"** ({d.hops} step(s){middle}).")


def _clarify(st: PlanState) -> str | None:
    """Several people at the top above one person (two managers on different lines)."""
    reach = next((o for o in st.results if o.tool == "hop_counts" and o.ok), None)
    tops = _tops(st, str(reach.args["node"])) if reach is not None and _applies(st) else None
    if not tops or len(tops) < 2:
        return None
    start = str(reach.args["node"])  # type: ignore[union-attr]
    return (f"{start} reports up to {len(tops)} people nobody is above: "
            + ", ".join(tops) + f". Which chain do you mean? Name the top, e.g. 'the chain "
            f"from {start} to {tops[0]}'.")


def _bonus(st: PlanState) -> float:
    return 3.0 if _applies(st) else -10.0


HIERARCHY_INTENTS = [
    Intent("chain_to_top", t(0.5, r"\btop\b|\bceo\b|\bup\b|\bchain\b|\breport\w*|\babove\b"), _calls,
           _render, "the chain from a person up to the top (hop_counts, direction_analysis, "
           "shortest_path)", group="components", bonus=_bonus, clarify=_clarify,
           hint="the chain of command from a person up to the top",
           answers=frozenset({"path", "list", "node", "count"}),
           covers=frozenset({"entity", "direction", "scope"})),
]
