"""Offline-planner intent: how many values a grouping attribute takes ("how many workshops
are there", "how many different departments are in the data"), read from get_graph_info's
``meaning`` (a categorical node attribute's distinct values), never the graph's size.
``intents.py`` registers it.

Example::

    >>> _counted("how many different workshops are there?")
    'workshops'
    >>> _counted("how many workshops have more than two badges") is None
    True
"""

from __future__ import annotations

import re

from igraph_agent.model.planstate import Call, Observed, PlanState
from igraph_agent.model.registry import Intent, t
from igraph_agent.model.vocabulary import groupings

#: "how many (different) X are there / exist / are in the data / does the network have":
#: X counted alone, with no condition after it
_HOW_MANY_VALUES = re.compile(
    r"^\s*(?:so\s+|and\s+|ok\s+)?(?:how many|what(?:'s| is) the number of|number of|count(?: the)?)"
    r"\s+(?:different\s+|distinct\s+|separate\s+|unique\s+)?(?P<x>[a-z][a-z_-]*?)s?"
    r"(?P<kind>\s+(?:types?|kinds?|categor(?:y|ies)))?\s+"
    r"(?:are there|exist|are (?:there )?(?:in|on|represented in|listed in|covered by) (?:the |this )?"
    r"(?:data(?:set)?|graph|network|table|file)|(?:does|do) (?:the |this )?(?:data(?:set)?|graph|"
    r"network|table) (?:have|contain|cover|include)|(?:in|on) (?:the |this )?(?:data(?:set)?|graph|"
    r"network|table)|are represented|do we have|(?:are|were) (?:listed|recorded)|"
    # "how many distinct countries do the sites span"
    r"(?:do|does|did) (?:the |these |all (?:the )?)?[a-z]+(?: and (?:the )?[a-z]+)? (?:span|cover|"
    r"come from|belong to|represent|fall into|sit in|lie in)|"
    # "how many different countries are our museums from", "… are the museums in"
    r"(?:are|is) (?:the |these |our |all (?:the |our )?)?[a-z]+(?: and (?:the )?[a-z]+)? (?:from|in|based in|"
    r"located in|spread (?:over|across)))"
    r"(?:,?\s+(?:in (?:the |this )?(?:data(?:set)?|graph|network|table)|overall|in total|altogether|"
    r"all told|in all))?"
    r"\s*[?.!]*\s*$", re.IGNORECASE)


def _counted(question: str) -> str | None:
    m = _HOW_MANY_VALUES.search(question)
    if m is None:
        return None
    kind = (m.group("kind") or "").strip().lower()
    return m.group("x").lower() + (f" {kind}" if kind else "s")


def _attribute(st: PlanState) -> str | None:
    """The grouping attribute whose values the question counts ("workshops": ``workshop``,
    "teams": ``team_name``), or None."""
    asked = _counted(str(st.context.get("asked") or st.question)) or _counted(st.question)
    if asked is None:
        return None
    if " " in asked:  # "how many site types": ``site_type``
        head, kind = asked.split(" ", 1)
        kind = {"types": "type", "kinds": "kind", "categories": "category"}.get(kind, kind)
        return next((a for a in groupings(st.meaning()) if [p for p in re.split(
            r"[_\s-]+", a.lower()) if p] in ([head, kind], [head.rstrip("s"), kind])), None)
    word = asked[:-1]
    words = {word, word.rstrip("e") if word.endswith("ie") else word}
    if word.endswith("ie"):
        words.add(word[:-2] + "y")  # "categories": category
    for attr in groupings(st.meaning()):
        low = attr.lower()
        parts = [p for p in re.split(r"[_\s-]+", low) if p]
        if low in words or (parts and parts[0] in words and len(parts) <= 2
                            and set(parts[1:]) <= {"name", "code", "id", "label"}):
            return attr  # ("sites" never counts ``site_type``: the kinds of site, not the sites)
    return None


def _render(st: PlanState, obs: list[Observed]) -> str:
    attr = _attribute(st)
    kinds = (st.meaning().get("node_attributes") or {}).get(attr or "") or {}
    count = kinds.get("values")
    if attr is None or not isinstance(count, int):
        return "I could not read that attribute's values (see get_graph_info)."
    values = [str(v) for v in kinds.get("top_values") or []]
    noun = _counted(str(st.context.get("asked") or st.question)) or f"{attr} values"
    listed = ", ".join(values[:20])
    more = "" if len(values) >= count else f" (first {len(values)})"
    return (f"There are **{count}** {noun} (the distinct values of the node attribute "
            f"`{attr}`){more}: {listed}." if listed else
            f"There are **{count}** {noun} (the distinct values of the node attribute `{attr}`).")


COUNT_INTENTS = [
    Intent("group_count", t(0.6, _HOW_MANY_VALUES.pattern), lambda st: [Call("get_graph_info")],
           _render,
           "get_graph_info: how many values a grouping node attribute takes",
           group="groups", bonus=lambda st: 4.0 if _attribute(st) else -10.0,
           hint="the number of groups of a node attribute",
           answers=frozenset({"count", "list"}), covers=frozenset({"group"})),
]
