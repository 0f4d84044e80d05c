"""Offline-planner intent: the nodes ranked by their partners in a grouping attribute's
terms, on an undirected graph ("who has the most contacts outside their own team", "who has
the most friends in their own club", "of the members in the Officer club, who has the most
ties to members of Mr. Hi's club"):

* ``apart`` / ``same``: each node's neighbours whose value differs from (equals) its own,
  ``nodes_by_measure(measure=degree, partners_by=attr)``;
* ``value``: each node's neighbours holding one named value, the ranked nodes restricted
  to another named value when the question names one ("of the members in the Officer
  club"), ``nodes_by_measure(measure=degree, partners_where={attr: value}, where=…)``.

The top node leads, bold; ties at the top are named together. ``intents.py`` registers it.

Example::

    >>> kind("Who has the most contacts outside their own team?", "team")
    'apart'
    >>> kind("who has the most friends within their own club?", "club")
    'same'
"""

from __future__ import annotations

import re
from typing import Any

from igraph_agent.figures import shown
from igraph_agent.model.planstate import Call, Observed, PlanState
from igraph_agent.model.registry import Intent, t
from igraph_agent.model.vocabulary import groupings

#: ("at least one", "at most two": a bound, no ranking)
_RANKED = re.compile(r"\b(?<!at )(?:most|fewest|least|highest|lowest|largest|greatest|max(?:imum)?|"
                     r"min(?:imum)?)\b", re.IGNORECASE)
_FEW = re.compile(r"\b(?:fewest|(?<!at )least|lowest|min(?:imum)?)\b", re.IGNORECASE)
_WHO = re.compile(r"\b(?:who|which|what)\b|^\s*(?:name|list|rank|show)\b", re.IGNORECASE)


def _plural(attr: str) -> str:
    stem = re.escape(attr.lower().replace("_", " "))
    return rf"(?:{stem[:-1]}ies|{stem})" if stem.endswith("y") else rf"{stem}(?:s|es)?"


def kind(question: str, attr: str, two: bool = True) -> str | None:
    """``apart`` (partners in another group), ``same`` (in the node's own group) or None;
    ``two``: the attribute takes two values ("the other club" is then one group)."""
    g = f"(?:{_plural(attr)}|{re.escape(attr)})"  # "in a different valley": one or many
    the = r"an?\s+|the\s+" if two else r"an?\s+"
    # "take member 0 out of the club": a removal, no partners outside a group
    out = "" if re.search(r"\b(?:take|took|taken|taking|kick\w*|throw\w*|thrown|pull\w*|knock\w*|"
                          r"drop\w*|remov\w*|cut)\b[^.?]*\bout of\b", question, re.IGNORECASE) \
        else "|out of"
    if re.search(rf"\b(?:outside|beyond{out})\s+(?:of\s+)?(?:their|his|her|its|the)\s+(?:own\s+)?"
                 rf"{g}\b|\b(?:in|on|from|at|of|to)\s+(?:{the})?(?:other|another|different|"
                 rf"opposite)\s+{g}\b|\bcross[- ]{g}\b", question, re.IGNORECASE):
        return "apart"
    if re.search(rf"\b(?:within|inside|in|on|from|of)\s+(?:their|his|her|its)\s+own\s+{g}\b|"
                 rf"\b(?:in|on|from|of)\s+the\s+same\s+{g}\b", question, re.IGNORECASE):
        return "same"
    return None


def _value_at(question: str, value: str) -> int | None:
    m = re.search(rf"(?<![\w]){re.escape(value)}(?![\w])", question, re.IGNORECASE)
    return m.start() if m else None


#: the words just before a partner group: "ties to members of", "friends in", "links with"
_TO = re.compile(r"\b(?:to|with|into|towards)\s+(?:the\s+|any\s+|other\s+)?(?:(?:\w+\s+){0,2}(?:of|in|from|on)"
                 r"\s+)?(?:the\s+)?$", re.IGNORECASE)


#: a partner group after the ties' noun, read so only beside a group the ranked nodes are in
#: ("friends over in Mr. Hi's club", "contacts out at the Docks yard")
_TIES_IN = re.compile(r"\b[a-z]{3,}s\s+(?:(?:over|out|across|back|up|down)\s+)?(?:in|from|on|at)"
                      r"\s+(?:the\s+)?$", re.IGNORECASE)


def found(st: PlanState) -> tuple[str, str, str | None, str | None] | None:
    """(kind, attribute, partner value, restricting value) of the question, else None."""
    meaning = st.meaning()
    if meaning.get("directed") or meaning.get("modes"):
        return None
    q = str(st.context.get("asked") or st.question)
    if not (_RANKED.search(q) and _WHO.search(q)):
        return None
    for attr, values in groupings(meaning).items():
        if re.search(rf"\b(?:which|what|each|every|per)\s+(?:(?:two|2|pair\s+of|couple\s+of)\s+)?"
                     rf"(?:(?:different|distinct|separate)\s+)?{_plural(attr)}\b", q, re.IGNORECASE):
            return None  # "which crew keeps the most friendships inside its own crew", "which
            # pair of different teams has the most ties": a group
        k = kind(q, attr, len(values) == 2)
        if k:
            return k, attr, None, None
        named = sorted((at, v) for v in values if (at := _value_at(q, v)) is not None)
        partner = [(at, v) for at, v in named if _TO.search(q[:at])]
        if not partner and len(named) == 2:  # "among Mr. Hi's members, the most friends in
            partner = [(at, v) for at, v in named if _TIES_IN.search(q[:at])]  # the Officer club"
        if len(partner) != 1:
            continue
        rest = [v for at, v in named if v != partner[0][1]]
        if len(rest) > 1:
            return None
        return "value", attr, partner[0][1], rest[0] if rest else None
    return None


def _calls(st: PlanState) -> list[Call]:
    f = found(st)
    if f is None:
        return []
    k, attr, partner, within = f
    args: dict[str, Any] = {"measure": "degree", "limit": 10,
                            "lowest_first": bool(_FEW.search(st.question))}
    if k == "value":
        args["partners_where"] = {attr: partner}
    else:
        args["partners_by"] = attr
        args["partners_same"] = k == "same"
    if within is not None:
        args["where"] = {attr: within}
    return [Call("nodes_by_measure", args)]


def _render(st: PlanState, obs: list[Observed]) -> str:
    f = found(st)
    d = next((o.data for o in obs if o.tool == "nodes_by_measure" and o.ok), None)
    if f is None or d is None:
        return "The partners could not be counted."
    k, attr, partner, within = f
    rows = d["nodes"]
    if not rows:
        return f"No node has {attr} = {within}." if within else "No node could be ranked."
    low = bool(_FEW.search(st.question))
    best = rows[0]["value"]
    top = [r["node"] for r in rows if r["value"] == best]
    what = {"apart": f"partners in another {attr} than their own",
            "same": f"partners in their own {attr}",
            "value": f"partners with {attr} = {partner}"}[k]
    among = f" among the nodes with {attr} = {within}" if within else ""
    bold = [f"**{n}**" for n in top]
    more = " (and more at that value)" if d.get("truncated") and len(top) == len(rows) else ""
    lead = (", ".join(bold[:-1]) + f" and {bold[-1]}{more} tie with" if len(top) > 1 else
            f"{bold[0]} has")
    rest = ", ".join(f"{r['node']} ({shown(r['value'])})" for r in rows[len(top):len(top) + 5])
    return (f"{lead} the {'fewest' if low else 'most'} {what}{among}: **{shown(best)}**"
            + (f"; next {rest}" if rest else "") + f" ({d['of']} ranked).")


def _bonus(st: PlanState) -> float:
    return 6.0 if found(st) else -10.0


CROSS_GROUP_INTENTS = [
    Intent("cross_group_rank", t(0.5, r"\b(?:who|which|what)\b"), _calls, _render,
           "nodes_by_measure(partners_by / partners_where): the nodes ranked by their partners "
           "in another group, their own group or one named group", group="ranking",
           bonus=_bonus, hint="the nodes ranked by their ties to other groups",
           answers=frozenset({"node", "list", "value", "count"}),  # "… and how many such ties"
           covers=frozenset({"group", "filter", "negation", "restriction", "bottom"})),
]
