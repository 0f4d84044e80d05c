"""A word that is both a group value and a node's name, read as the node where the question
writes it as a name: "Suppose Central substation fails" on a grid whose ``region`` takes the
value ``central`` and one of whose substations is named Central. The word is the node when it
is written with capitals the stored value lacks (or is followed by a singular noun, "North
substation") and ``search_node`` finds a node of that name; "the Central region" or "Central
substations" stay the value. The answer then says which was read (``note``)."""

from __future__ import annotations

import copy
import re
from dataclasses import replace
from typing import Any

from igraph_agent.model.planstate import Call, Observed, PlanState

#: nouns that name a group of nodes, not one node ("the Central region", "North team")
_GROUP_NOUNS = (r"(?:regions?|areas?|zones?|groups?|teams?|departments?|depts?|categor(?:y|ies)|"
                r"class(?:es)?|divisions?|sectors?|districts?|count(?:y|ies)|provinces?|states?|"
                r"kinds?|types?|clusters?|communit(?:y|ies)|segments?|tiers?|bands?|wards?|"
                r"sides?|parts?|section|sections|branch(?:es)?|units?|values?)")
#: a singular lower-case noun right after the word: "Central substation", "North depot"
_SINGULAR_NOUN = re.compile(r"\s+(?!(?:is|was|has|had|does|and|or|to|from|in|on|at|by|of|"
                            r"with|for|fails?|failed|closes?|closed|goes|went|shuts?)\b)"
                            r"([a-z]{3,}(?<!s))\b")


def search(name: str) -> Call:
    """The lookup the planner runs for a name (the same call as ``offline._search``)."""
    return Call("search_node", {"query": name, "limit": 5})


def _values(info: dict[str, Any]) -> dict[str, str]:
    from igraph_agent.model.vocabulary import groupings

    return {str(v): attr for attr, values in groupings(info.get("meaning") or {}).items()
            for v in values if len(str(v)) >= 3}


def _spots(value: str, question: str) -> list[re.Match[str]]:
    return list(re.finditer(rf"(?<![\w-]){re.escape(value)}(?![\w-])", question, re.IGNORECASE))


def _as_name(value: str, attr: str, question: str, m: re.Match[str]) -> bool:
    """Whether this spot of ``value`` is written as a name: not followed by the attribute's
    name or a group noun, and either capitalised where the stored value is not or followed
    by a singular noun."""
    after = question[m.end():]
    if re.search(r"\b(?:in|within|inside|outside|across|among)\s+(?:the\s+)?$", question[:m.start()],
                 re.IGNORECASE):
        return False  # "how many towns are in Derby": where nodes are, a group
    if re.match(rf"\s+(?:{re.escape(attr)}|{_GROUP_NOUNS})\b", after, re.IGNORECASE):
        return False  # "the Central region": the value
    said = m.group(0)
    cased = said[:1].isupper() and not value[:1].isupper()
    return cased or (said[:1].isupper() and _SINGULAR_NOUN.match(after) is not None)


def words(question: str, info: dict[str, Any]) -> list[str]:
    """The question's spellings of group values written as names, to look up as nodes."""
    out = [m.group(0) for v, attr in _values(info).items() for m in _spots(v, question)
           if _as_name(v, attr, question, m)]
    return list(dict.fromkeys(out))


def _found(st: PlanState, word: str) -> bool:
    obs = st.done(search(word))
    rows = (obs.data.get("candidates") or []) if obs is not None and obs.ok else []
    return any(word.lower() in (str(r.get("node")).lower(), str(r.get("label") or "").lower())
               for r in rows)


def _as_node(st: PlanState, value: str, attr: str) -> bool:
    """Whether every spot of group value ``value`` in the question names a node instead."""
    spots = _spots(value, st.question)
    return bool(spots) and all(_as_name(value, attr, st.question, m) and _found(st, m.group(0))
                               for m in spots)


def read(st: PlanState) -> list[tuple[str, str, str]]:
    """(word, attribute, value) for each group value the question names as a node."""
    return [(_spots(v, st.question)[0].group(0), attr, v)
            for v, attr in _values({"meaning": st.meaning()}).items() if _as_node(st, v, attr)]


def masked(st: PlanState) -> PlanState:
    """The state with each group value the question names as a node left out of the graph's
    groupings, so that no intent reads it as a group; the values are kept in the context
    (``node_values``) for :func:`note`."""
    found = read(st)
    info = st.last_ok("get_graph_info")
    if not found or info is None:
        return st
    gone = {(attr, v) for _, attr, v in found}
    data = copy.deepcopy(info.data)
    for attr, kind in ((data.get("meaning") or {}).get("node_attributes") or {}).items():
        if isinstance(kind, dict) and kind.get("top_values"):
            kind["top_values"] = [v for v in kind["top_values"] if (attr, str(v)) not in gone]
    seen = Observed(info.call_id, info.tool, info.args, {**info.result, "data": data})
    return replace(st, results=[seen if r is info else r for r in st.results],
                   context={**st.context, "node_values": found})


def note(st: PlanState) -> str:
    """The sentence saying which reading was taken, where a word is both."""
    said = [f"'{w}' is read as the node {w}, not as {a} = {v}"
            for w, a, v in st.context.get("node_values") or []]
    return (" (" + "; ".join(said) + ".)") if said else ""
