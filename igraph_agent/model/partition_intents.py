"""Offline-planner intent: the modularity of the partition a grouping attribute makes ("if I
take the two clubs as the partition, what's its modularity", "modularity of the department
split"), read from ``group_analysis`` — never the modularity of detected communities, which
is another partition. ``intents.py`` registers it.

Example::

    >>> _attribute_named("what's the modularity of the two clubs?", {"club": ["Officer"]})
    'club'
    >>> _attribute_named("modularity of the louvain communities", {"club": ["Officer"]}) is None
    True
"""

from __future__ import annotations

import re

from igraph_agent.figures import shown
from igraph_agent.model.planstate import Call, Observed, PlanState
from igraph_agent.model.registry import Intent, t
from igraph_agent.model.vocabulary import groupings

_MODULARITY = re.compile(r"\bmodularity\b", re.IGNORECASE)
#: detected communities asked: their modularity is the community intent's
_DETECTED = re.compile(r"\b(?:louvain|leiden|greedy|infomap|propagation|detect\w*|found|best|"
                       r"optimi[sz]\w*)\b", re.IGNORECASE)
#: communities named: the attribute's split only where it is taken "as the communities"
_COMMUNITIES = re.compile(r"\b(?:communit\w*|clusters?)\b", re.IGNORECASE)
_AS_PARTITION = re.compile(r"\bas\s+(?:the\s+|its\s+|a\s+)?(?:communit\w*|clusters?|partition)\b",
                           re.IGNORECASE)
_UNWEIGHTED = re.compile(r"\b(?:ignor\w+|without|regardless of)\s+(?:the\s+)?(?:edge\s+)?"
                         r"weights?\b|\bunweighted\b", re.IGNORECASE)


def _attribute_named(question: str, groups: dict[str, list[str]]) -> str | None:
    """The grouping attribute a question takes as the partition: its name (or plural), or
    "the groups / partition / split" on a graph with one grouping attribute."""
    if not _MODULARITY.search(question) or _DETECTED.search(question) or (
            _COMMUNITIES.search(question) and not _AS_PARTITION.search(question)):
        return None
    for attr in groups:
        words = {attr.lower(), *(p for p in re.split(r"[_\s-]+", attr.lower()) if len(p) > 2)}
        if any(re.search(rf"\b{re.escape(w)}(?:s|es)?\b", question, re.IGNORECASE) for w in words):
            return attr
    if len(groups) == 1 and re.search(r"\b(?:groups?|partition|split|division)\b", question,
                                      re.IGNORECASE):
        return next(iter(groups))
    return None


def _attr(st: PlanState) -> str | None:
    return _attribute_named(str(st.context.get("asked") or st.question), groupings(st.meaning()))


def _calls(st: PlanState) -> list[Call]:
    attr = _attr(st)
    return [Call("group_analysis", {"attribute": attr, "top_k": 50})] if attr else []


def _render(st: PlanState, obs: list[Observed]) -> str:
    d = next((o.data for o in obs if o.tool == "group_analysis" and o.ok), None)
    if d is None or d.get("modularity") is None:
        return "The partition's modularity could not be computed (no edges, or no such attribute)."
    attr = d["attribute"]
    sizes = ", ".join(f"{r['group']} {r['size']}" for r in d.get("groups") or []
                      if isinstance(r, dict))
    used = (d.get("weight_used") or {}).get("attribute")
    plain = f"**{shown(d['modularity'])}** (every edge counted once)"
    weighted = (f"**{shown(d['modularity_weighted'])}** (edges weighted by `{used}`)"
                if d.get("modularity_weighted") is not None and used else None)
    asked = str(st.context.get("asked") or st.question)
    if weighted and not _UNWEIGHTED.search(asked):
        values = (f"{weighted}; {plain}" if re.search(r"\bweight", asked, re.IGNORECASE)
                  else f"{plain}; {weighted}")
    else:
        values = plain
    return (f"The modularity of the partition by `{attr}` ({d['group_count']} groups: {sizes}) "
            f"is {values}. This is the attribute's own split, not detected communities.")


PARTITION_INTENTS = [
    Intent("group_modularity", t(0.6, _MODULARITY.pattern), _calls, _render,
           "group_analysis: the modularity of the partition a grouping attribute makes",
           # one of the community intents' alternatives: the best scoring fires alone
           group="communities", bonus=lambda st: 4.0 if _attr(st) else -10.0,
           hint="the modularity of the split by a group attribute",
           answers=frozenset({"value"}), covers=frozenset({"group", "weight"})),
]
