"""Offline-planner intent: the other groups of a node attribute ranked by their edges with
one named group ("which crew talks to Gull the most", "which faction is most connected to
Rose", "which desk sends the most memos to Vault", "which desk do the Ledger clerks write to
most").

* ``group_partner``: one ``group_analysis`` call; its mixing cells between the named group
  and each other group, summed both ways on an undirected graph. On a directed graph "to
  Vault" counts the edges into the named group, "from Vault" (or the named group as the
  subject: "do the Ledger clerks write to") the edges out of it, and a question that says
  neither counts both ways, which the answer says. An edge value the question names
  ("the most memos") is summed instead of the edges counted. The named group's edges within
  itself are reported apart, never ranked as its own partner.

The question must ask for a group ("which crew", "what desk") and name exactly one value of
that grouping; two named values are ``group_pair``'s. ``intents.py`` registers it.

Example::

    >>> _way("which desk sends the most memos to Vault?", "Vault")
    'in'
    >>> _way("which desk do the Ledger clerks write to most", "Ledger")
    'out'
    >>> _way("which faction is most connected to Rose", "Rose") is None
    True
    >>> _way("which street follows Hazel Road people the most?", "Hazel Road")
    'in'
"""

from __future__ import annotations

import re
from typing import Any

from igraph_agent.figures import shown
from igraph_agent.model import slots
from igraph_agent.model.planstate import Call, Observed, PlanState
from igraph_agent.model.registry import Intent, t
from igraph_agent.model.verbs import RECEIVES, SENDS
from igraph_agent.model.vocabulary import groupings, value_named
from igraph_agent.model.weights import named_weight

#: a ranking from the top: "the most", "most connected", "more than any other"
_MOST = re.compile(r"\b(?:most|highest|largest|biggest|greatest|heaviest|strongest|closest|"
                   r"more than any)\b", re.IGNORECASE)
#: a ranking from the bottom, or a removal, threshold or step count: not this question
_OTHER_ASK = re.compile(r"\b(?:least|fewest|lowest|smallest|weakest|never|no|not|without|"
                        r"except)\b|n't\b", re.IGNORECASE)
def _meaning(st: PlanState) -> dict[str, Any]:
    return st.meaning()


def _asked(st: PlanState) -> str:
    return str(st.context.get("asked") or st.question)


def _group_asked(q: str, attr: str) -> bool:
    """"which crew", "what desk", "which faction's courtiers": the grouping attribute is the
    thing asked for."""
    stem = re.escape(attr.lower().replace("_", " "))
    plural = rf"{stem}(?:s|es)?" if not stem.endswith("y") else rf"(?:{stem}|{stem[:-1]}ies)"
    return re.match(rf"\s*(?:so\s+|and\s+)?(?:which|what)\s+(?:other\s+)?{plural}\b", q,
                    re.IGNORECASE) is not None


def _found(st: PlanState) -> tuple[str, str] | None:
    """(grouping attribute, the one named value) of a "which <group> … most … <value>"."""
    q = _asked(st)
    if not _MOST.search(q) or _OTHER_ASK.search(q) or slots.features(q) & {
            "removal", "threshold", "hops", "future", "ordinal", "bottom"}:
        return None
    for attr, values in groupings(_meaning(st)).items():
        if not _group_asked(q, attr) and not _group_asked(st.question, attr):
            continue  # (in the planner's words: "of the other streets, which one")
        named = [v for v in values if value_named(str(v), q)]
        if len(named) == 1 and str(named[0]).lower() != attr.lower():
            return attr, str(named[0])
    return None


def _way(q: str, value: str) -> str | None:
    """Which edges of a directed graph the question counts: ``in`` (into the named group:
    "sends the most to Vault"), ``out`` (out of it: "from Vault", "do the Ledger clerks
    write to"), None (neither said: both ways)."""
    v = re.escape(value)
    if re.search(rf"\bby\s+(?:the\s+)?{v}\b", q, re.IGNORECASE):
        return None  # a passive ("written to most by Vault"): not read here
    subject = re.search(rf"\b(?:do|does|did|will|would)\s+(?:the\s+)?{v}\b", q, re.IGNORECASE)
    if subject:
        rest = q[subject.end():]
        if RECEIVES.search(rest):
            return "in"
        return "out" if SENDS.search(rest) else None
    if re.search(rf"\bfrom\s+(?:the\s+)?{v}\b", q, re.IGNORECASE):
        return "out"
    # "which street follows Hazel Road people the most": the group asked is the verb's
    # subject, the named one its object
    said = re.search(rf"^\s*(?:[^,?]*,\s*)?(?:which|what)\s+(?:[\w-]+\s+){{1,2}}?(?P<v>[a-z]+)\s+"
                     rf"(?:the\s+)?{v}\b", q, re.IGNORECASE)
    if said and not re.match(r"(?:is|are|was|were|do|does|did|has|have)$", said.group("v"),
                             re.IGNORECASE):
        if SENDS.fullmatch(said.group("v")):
            return "in"
        if RECEIVES.fullmatch(said.group("v")):
            return "out"
    if re.search(rf"\b(?:to|into|towards)\s+(?:the\s+)?{v}\b", q, re.IGNORECASE) and \
            SENDS.search(q) and not RECEIVES.search(q):
        return "in"
    return None


def _bonus(st: PlanState) -> float:
    return 5.0 if _found(st) else 0.0


def _calls(st: PlanState) -> list[Call]:
    found = _found(st)
    if found is None:
        return []
    meaning = _meaning(st)
    value = named_weight(_asked(st), meaning)  # "the most memos": the edge value summed
    values = [str(c) for c in meaning.get("weights") or {}]
    if value is None and len(values) == 1 and (meaning.get("weights") or {})[values[0]] != \
            "distance":
        value = values[0]  # "write to most": the edges counted and their memos summed, both
    return [Call("group_analysis", {"attribute": found[0], "top_k": 200,
                                    **({"weight": value} if value else {})})]


def _render(st: PlanState, obs: list[Observed]) -> str:
    found = _found(st)
    o = next((o for o in obs if o.tool == "group_analysis" and o.ok), None)
    if found is None or o is None:
        return "The groups' edges could not be read."
    attr, value = found
    d = o.data
    if len(d["mixing"]) < (d.get("mixing_pairs") or 0):
        return (f"The {attr} mixing lists only its heaviest pairs here, so the groups' edges "
                f"with {value} could not all be read.")
    w = d["weight_used"].get("attribute") if o.args.get("weight") else None
    named = named_weight(_asked(st), _meaning(st)) is not None
    way = _way(_asked(st), value) if d["directed"] else None
    cols = _meaning(st).get("direction") or []
    arrow = f", {cols[0]} → {cols[1]}" if d["directed"] and len(cols) == 2 else ""
    how = {"in": f"into {value}", "out": f"out of {value}"}.get(
        way or "", f"with {value}" + (" (both ways)" if d["directed"] else ""))
    if w and named:  # "the most memos to Vault": the value summed is the ranking
        return _ranked(d, attr, value, way, "weight", f" {w}", how, arrow)
    text = _ranked(d, attr, value, way, "edges", " edge(s)", how, arrow)
    if w:  # the edge value the question did not name, beside the edge count
        text += f" Summing {w} instead: " + _ranked(d, attr, value, way, "weight", f" {w}",
                                                    how, arrow)
    return text


def _ranked(d: dict[str, Any], attr: str, value: str, way: str | None, key: str, unit: str,
            how: str, arrow: str) -> str:
    """The other groups ranked by ``key`` (edges or weight) in the mixing cells ``way``
    reads, ties named, and the named group's own amount within itself."""
    cells = {(str(r["from"]), str(r["to"])): r.get(key, 0) for r in d["mixing"]
             if isinstance(r, dict)}  # a long list ends with a "… N more" marker
    others = [str(r["group"]) for r in d["groups"] if str(r["group"]) != value
              and r["group"] is not None and str(r["group"]) not in ("None", "", "nan")]
    # (the nodes that hold no value, a two-mode graph's other side, are no group)

    def amount(g: str) -> float:
        if way == "in":
            return cells.get((g, value), 0)
        if way == "out":
            return cells.get((value, g), 0)
        return cells.get((g, value), 0) + cells.get((value, g), 0)

    own = f" Within {value} itself: {shown(cells.get((value, value), 0))}{unit}."
    rows = sorted(((amount(g), g) for g in others), key=lambda r: (-r[0], r[1]))
    if not rows or rows[0][0] == 0:
        return f"**None** — no other {attr} has an edge {how}{arrow}." + own
    best = rows[0][0]
    tied = [g for a, g in rows if a == best]
    rest = ", ".join(f"{g} ({shown(a)})" for a, g in rows[len(tied):6])
    lead = (f"**{tied[0]}** is the {attr}" if len(tied) == 1 else
            " and ".join(f"**{g}**" for g in tied) + f" tie as the {attr}s")
    return (lead + f" with the most{unit.replace('(s)', 's')} {how}{arrow}: **{shown(best)}**"
            + (f"; then {rest}" if rest else "") + "." + own)


GROUP_PARTNER_INTENTS = [
    Intent("group_partner", t(0.5, r"\b(?:which|what)\b"), _calls, _render,
           "group_analysis: the other groups ranked by their edges with one named group",
           group="groups", bonus=_bonus, hint="the group most connected to a named group",
           answers=frozenset({"node", "group", "list", "value"}),
           covers=frozenset({"group", "weight", "direction", "filter"})),
]
