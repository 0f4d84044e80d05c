"""Offline-planner intent: whether every group of one grouping holds a member with a value of
another ("does every district have at least one career station?", "is there a captain on
every watch?", "does each site have a porter on staff?"):
``group_analysis(attribute=district, members_where={"station_type": "career"})``, then **Yes**
when every group counts one or more, else **No** naming the groups with none. A node that is
in the node table only counts as a member. ``intents.py`` registers it.

    >>> groups = {"district": ["North", "South"], "station_type": ["career", "volunteer"]}
    >>> asked("does every district have at least one career station? y/n", groups)
    ('district', 'station_type', 'career')
    >>> asked("is there a volunteer station in each district?", groups)
    ('district', 'station_type', 'volunteer')
    >>> asked("does every district have more than 3 stations?", groups) is None
    True
"""

from __future__ import annotations

import re

from igraph_agent.figures import shown
from igraph_agent.model.planstate import Call, Observed, PlanState
from igraph_agent.model.registry import Intent, t
from igraph_agent.model.vocabulary import groupings, value_as_members, value_named
from igraph_agent.results.semantics import GroupAnalysisResult

#: "does every district have (at least one) …", "do all cities have a …"
_EVERY_HAS = re.compile(r"^\W*(?:y/n\W*)?(?:so\s+)?(?:does|do|did)\s+(?:every|each|all(?:\s+the)?|all\s+of\s+"
                        r"the|each\s+and\s+every)\s+(?P<g>[a-z_]+?)(?:e?s)?\s+(?:\w+\s+)?"
                        r"(?:have|has|got|contain|include|hold)\s+(?P<y>(?:at\s+least\s+one|an?|any|"
                        r"one|its\s+own|their\s+own)\s+.+)$", re.IGNORECASE)
#: "is there (at least one) … in each district", "is there a captain on every watch"
_ONE_IN_EACH = re.compile(r"^\W*(?:y/n\W*)?(?:\w+\s+(?:check\W+)?)?(?:is|are)\s+there\s+(?P<y>(?:at\s+least\s+"
                          r"one|an?|any|one)\s+.+?)\s+(?:in|on|at|for|within|inside)\s+(?:each|every|"
                          r"all(?:\s+the)?)\s+(?P<g>[a-z_]+?)(?:e?s)?\b", re.IGNORECASE)
#: a count past a number, or a condition on an edge value: not this yes/no
_OTHER = re.compile(r"\b(?:more|fewer|less|over|under|above|below|exactly|at\s+least\s+(?!one\b)"
                    r"\w+|\d+|tonnes?|hours?|minutes?|km|miles?|visited|used|went|through|linked|"
                    r"connected|edges?|links?)\b", re.IGNORECASE)


def asked(question: str, groups: dict[str, list[str]]) -> tuple[str, str, str] | None:
    """(the grouping every group of which is asked about, the other grouping, its value)."""
    m = _EVERY_HAS.match(question) or _ONE_IN_EACH.match(question)
    if m is None:
        return None
    said = m.group("g").lower()
    attr = next((a for a in groups if a.lower() in (said, said.rstrip("s"))
                 or a.lower().rstrip("s") == said), None)
    rest = m.group("y")
    if attr is None or _OTHER.search(rest):
        return None
    hits = [(a, str(v)) for a, vs in groups.items() if a != attr for v in vs
            if value_named(str(v), rest) or value_as_members(str(v), rest)]
    return (attr, *hits[0]) if len(hits) == 1 else None


def _asked(st: PlanState) -> tuple[str, str, str] | None:
    return asked(str(st.context.get("asked") or st.question), groupings(st.meaning()))


def _calls(st: PlanState) -> list[Call]:
    found = _asked(st)
    if found is None:
        return []
    attr, other, value = found
    return [Call("group_analysis", {"attribute": attr, "members_where": {other: value},
                                    "top_k": 200})]


def _render(st: PlanState, obs: list[Observed]) -> str:
    found = _asked(st)
    o = next((o for o in obs if o.tool == "group_analysis" and o.ok), None)
    if found is None or o is None:
        return "The groups could not be read."
    attr, other, value = found
    d = o.typed(GroupAnalysisResult)
    rows = [r for r in d.groups if r.group is not None and str(r.group) not in ("", "None")]
    none = [str(r.group) for r in rows if not r.members_matching]
    each = ", ".join(f"{r.group} {shown(r.members_matching or 0)}" for r in rows)
    if none:
        return (f"**No** — {len(none)} of the {len(rows)} {attr} groups have no node with "
                f"{other} = {value}: " + ", ".join(f"**{g}**" for g in none)
                + f" (members with {other} = {value} per {attr}: {each}).")
    return (f"**Yes** — every one of the {len(rows)} {attr} groups has at least one node with "
            f"{other} = {value} ({each}).")


def _bonus(st: PlanState) -> float:
    return 5.0 if _asked(st) else -5.0


EVERY_GROUP_INTENTS = [
    Intent("every_group_has", t(0.5, r"\b(?:every|each|all)\b"), _calls, _render,
           "group_analysis(members_where=…): whether every group holds a member with a value",
           group="groups", bonus=_bonus, hint="whether every group has a member of a kind",
           answers=frozenset({"yesno", "list"}),
           covers=frozenset({"group", "filter", "linked", "twomode"})),
]
