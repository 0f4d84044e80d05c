"""Offline-planner intent: groups of a node attribute ranked by their own edges
("which division has the most internal ties", "which party is the most isolated", "average
degree per country", "which team has the highest average degree").

All from one ``group_analysis`` call: per group its edges within (``within_edges``), its
edges to other groups (``edges_to_other_groups``) and its members' mean degree. "Most
isolated" is the group with the fewest edges to others; when the fewest by count and the
smallest share of the group's edges disagree, the planner asks which is meant rather than
pick one. ``intents.py`` registers it.

Example::

    >>> _kind("which division has the most internal ties?"), _kind("average degree per nation")
    ('within', 'mean_degree')
    >>> _kind("which party is the most isolated"), _kind("who is the most isolated?")
    ('isolated', 'isolated')
"""

from __future__ import annotations

import re
from typing import Any

from igraph_agent.figures import shown
from igraph_agent.model.planstate import Call, Observed, PlanState
from igraph_agent.model.registry import Intent, t
from igraph_agent.model.vocabulary import groupings
from igraph_agent.model.weights import named_weight

_TIES = (r"(?:ties|edges|links|connections|friendships|relationships|contacts|interactions|"
         r"collaborations|pairs)")
#: a group's edges among its own members: "the most internal ties", "ties within itself"
_WITHIN = re.compile(
    rf"\b(?:internal|in-?group|intra-?\w*)\s+(?:\w+\s+)?(?:{_TIES}|[a-z]+s)\b|"
    rf"\b{_TIES}\s+(?:with)?in(?:side)?\s+(?:itself|themselves|the\s+(?:same\s+)?\w+|its\s+own|"
    r"their\s+own|one\s+\w+)\b", re.IGNORECASE)
#: the least tied to the other groups
_ISOLATED = re.compile(r"\b(?:most|least)\s+(?:isolated|insular|cut off|self-contained|"
                       r"closed off|connected to (?:the )?other)", re.IGNORECASE)
#: each group's mean degree: "average degree per country", "mean number of ties by team"
_MEAN = re.compile(rf"\b(?:average|mean)\s+(?:degree|number of\s+{_TIES}|{_TIES}(?:\s+count)?|"
                   r"connectedness)\b", re.IGNORECASE)
_MOST = re.compile(r"\b(?:most|highest|largest|biggest|greatest|best)\b", re.IGNORECASE)
_LEAST = re.compile(r"\b(?:fewest|least|lowest|smallest)\b", re.IGNORECASE)


def _kind(q: str) -> str | None:
    if _WITHIN.search(q):
        return "within"
    if _ISOLATED.search(q) and not re.search(r"\bleast isolated\b|\bmost connected to\b", q,
                                             re.IGNORECASE):
        return "isolated"
    if _MEAN.search(q):
        return "mean_degree"
    return None


def _asked(st: PlanState) -> str:
    return str(st.context.get("asked") or st.question)


def _meaning(st: PlanState) -> dict[str, Any]:
    info = st.last_ok("get_graph_info")
    return dict((info.data.get("meaning") or {}) if info else {})


def _attr(st: PlanState) -> str | None:
    """The grouping the question names by its column (a group word after which/per/by/each
    …), never one of its values: "who in Legal" is a filter, not a ranking of groups."""
    q = _asked(st)
    for attr in groupings(_meaning(st)):
        stem = re.escape(attr.lower().replace("_", " "))
        plural = rf"{stem}(?:s|es)?" if not stem.endswith("y") else rf"(?:{stem}|{stem[:-1]}ies)"
        if re.search(rf"\b(?:which|what|each|every|per|by|across|among|between)\s+(?:\w+\s+)?"
                     rf"{plural}\b|^\s*{plural}\b", q, re.IGNORECASE):
            return attr
    return None


def _found(st: PlanState) -> tuple[str, str] | None:
    q = _asked(st)
    kind = _kind(q)
    attr = _attr(st) if kind else None
    if not kind or not attr or named_weight(q, _meaning(st)):
        return None  # "the most internal meetings" on a meetings column: a sum, not a count
    if kind == "within" and not re.search(r"\b(?:which|what)\b|\bper\b|\beach\b", q, re.IGNORECASE):
        return None
    return kind, attr


def _calls(st: PlanState) -> list[Call]:
    found = _found(st)
    return [Call("group_analysis", {"attribute": found[1], "top_k": 50})] if found else []


def _share(row: dict) -> float:
    ties = row["within_edges"] + row["edges_to_other_groups"]
    return row["edges_to_other_groups"] / ties if ties else 0.0


def _clarify(st: PlanState) -> str | None:
    """"Most isolated" by count and by share naming different groups: ask which."""
    found = _found(st)
    d = next((o.data for o in st.results if o.tool == "group_analysis" and o.ok), None)
    if not found or found[0] != "isolated" or d is None:
        return None
    rows = [r for r in d["groups"] if r.get("group") is not None]
    if not rows:
        return None
    by_count = min(r["edges_to_other_groups"] for r in rows)
    by_share = min(_share(r) for r in rows)
    few = {str(r["group"]) for r in rows if r["edges_to_other_groups"] == by_count}
    low = {str(r["group"]) for r in rows if _share(r) == by_share}
    if few == low:
        return None
    return (f"'Most isolated' can mean the {found[1]} with the fewest edges to other groups "
            f"({', '.join(sorted(few))}) or the one whose edges go to other groups the least "
            f"as a share of its own ({', '.join(sorted(low))}). Which do you mean?")


def _tied(rows: list[dict], key: Any, best: Any) -> list[str]:
    return [str(r["group"]) for r in rows if key(r) == best]


def _render(st: PlanState, obs: list[Observed]) -> str:
    found = _found(st)
    d = next((o.data for o in obs if o.tool == "group_analysis" and o.ok), None)
    if not found or d is None:
        return "The graph has no grouping attribute I could use (see get_graph_info)."
    kind, attr = found
    rows = [r for r in d["groups"] if r.get("group") is not None]
    q = _asked(st)
    low = bool(_LEAST.search(q)) and not _MOST.search(q)
    field, word, what = {
        "within": ("within_edges", "fewest" if low else "most", "edges within the group"),
        "isolated": ("edges_to_other_groups", "fewest", "edges to other groups"),
        "mean_degree": ("mean_degree", "lowest" if low else "highest", "mean degree"),
    }[kind]
    low = low or kind == "isolated"

    def key(r: dict) -> float:
        return float(r[field])

    ordered = sorted(rows, key=lambda r: (key(r) if low else -key(r), str(r["group"])))
    listing = ", ".join(f"{r['group']} ({shown(key(r))})" for r in ordered[:10])
    if kind == "mean_degree" and not re.search(r"\b(?:which|what)\b", q, re.IGNORECASE):
        return f"Mean degree per {attr}: {listing}."
    best = key(ordered[0])
    top = _tied(ordered, key, best)
    lead = (" and ".join(f"**{g}**" for g in top) + (" tie" if len(top) > 1 else " is the "
            f"{attr}") + f" with the {word} {what}: **{shown(best)}**")
    return f"{lead} (by {attr}: {listing})."


def _bonus(st: PlanState) -> float:
    return 4.0 if _found(st) else -10.0


GROUP_RANK_INTENTS = [
    Intent("group_rank", t(0.5, _WITHIN.pattern, _ISOLATED.pattern, _MEAN.pattern), _calls,
           _render, "group_analysis: groups ranked by their edges within, to others, or "
           "their mean degree", group="groups", bonus=_bonus, clarify=_clarify,
           hint="groups ranked by their own edges",
           answers=frozenset({"node", "group", "list", "value"}),
           covers=frozenset({"group", "bottom"})),
]
