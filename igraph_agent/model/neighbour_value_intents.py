"""Offline-planner intent about one named node's neighbours, each with its edge's value:

* ``neighbour_values``: "which towns have a direct road to town0, and how many km is each",
  "list Port3's neighbours with their sea_miles", "who is linked to Ana and how often did they
  meet": ``edge_attribute_totals(node=X, every_edge=True)``, every edge of the node with its
  value, the partner at its other end named first.

The value is the column the question names or the one of the kind it asks ("how far is
each": a length); a graph with several columns and none named asks which. On a directed graph
a node's edges point two ways, so the planner asks rather than mix them.

``intents.py`` registers it.

Example::

    >>> bool(_EACH.search("Which towns have a direct road to town0, and how many km is each?"))
    True
    >>> bool(_EACH.search("How many km is the road from town0 to town2?"))
    False
"""

from __future__ import annotations

import re

from igraph_agent.figures import shown
from igraph_agent.model import slots
from igraph_agent.model.planstate import Call, Observed, PlanState
from igraph_agent.model.registry import Intent, t
from igraph_agent.model.weights import asked_weight, named_weight
from igraph_agent.results.counting import EdgeAttributeTotalsResult

#: a value asked of each partner: "how many km is each", "how far away is each one", "and the
#: distance to each", "with their km", "and how long each road is"
_EACH = re.compile(
    r"\bhow\s+(?:many|much)\s+[\w-]+(?:\s+[\w-]+)?\s+(?:is|are|does|do|for|to)?\s*(?:each|every one|"
    r"apiece)\b|"
    r"\bhow\s+(?:far|long|heavy|big|much|strong|often)(?:\s+away)?\s+(?:is|are|was|were)\s+"
    r"(?:each|every one|they|those)\b|"
    r"\b(?:and|with)\s+(?:the|their|its|each(?:\s+one)?'s)\s+(?:[\w-]+\s+){0,2}?(?:of|to|for)\s+"
    r"(?:each|every one|them)\b|"
    r"\bwith\s+(?:their|its|the)\s+(?:own\s+)?[\w-]+(?:\s+values?)?\s*[?.!]*\s*$|"
    r"\band\s+how\s+(?:far|long|many|much)\b[^?]*\beach\b|"
    r"^\s*for\s+(?:each|every)\s+[\w-]+\s+(?:that\s+is\s+|that's\s+)?(?:next to|linked to|"
    r"connected to|adjacent to|beside|neighbou?ring)\b[^?]*,\s*(?:how|what)\b|"
    r"\bwhat\s+(?:is|are|'s)\s+(?:the|their)\s+(?:[\w-]+\s+){1,2}?(?:of|for|to|on)\s+(?:each|every one)\b",
    re.IGNORECASE)
#: the node's partners asked: "a direct road to town0", "neighbours of X", "X's neighbours",
#: "linked to X"
_PARTNERS = re.compile(
    r"\bdirect(?:ly)?\s+(?:[\w-]+\s+)?(?:to|with|from)\b|\bneighbou?r(?:s|ing)?\b|\bnext to\b|"
    r"\b(?:connected|linked|adjacent|joined|tied)\s+(?:directly\s+)?(?:to|with)\b|"
    r"\b(?:partners|contacts|links|ties|connections|edges|roads|routes|lanes)\s+(?:of|to|from|with)\b|"
    r"'s\s+(?:[\w-]+\s+)?(?:partners|contacts|links|ties|connections|edges|roads|routes|lanes)\b",
    re.IGNORECASE)


def _node(st: PlanState) -> str | None:
    if not (_EACH.search(st.question) and _PARTNERS.search(st.question)):
        return None
    names = slots.named(st.question)
    return names[0] if len(names) == 1 else None


def _column(st: PlanState) -> str | None:
    """The edge column asked: named, of the asked kind, or the graph's only one."""
    meaning = st.meaning()
    named = named_weight(st.question, meaning)
    if named:
        return named
    choice = asked_weight(st.question, meaning)
    if choice.why in ("money", "time", "length", "only", "default"):
        return choice.column
    columns = list(meaning.get("weights") or {})
    return columns[0] if len(columns) == 1 else None


def _calls(st: PlanState) -> list[Call]:
    from igraph_agent.model.graph_intents import resolve_names

    name, column = _node(st), _column(st)
    if name is None or column is None or st.meaning().get("directed"):
        return []
    searches, ids = resolve_names(st, [name])
    if ids is None:
        return searches
    return [*searches, Call("edge_attribute_totals", {"attribute": column, "node": ids[0],
                                                      "every_edge": True})]


def _clarify(st: PlanState) -> str | None:
    name = _node(st)
    if name is None:
        return None
    if st.meaning().get("directed"):
        return (f"The edges here have a direction: {name}'s edges going out, coming in, or "
                f"both? Say e.g. 'the nodes {name} links to, with their values'.")
    if _column(st) is None:
        listed = ", ".join(f"`{c}`" for c in st.meaning().get("weights") or {}) or "none"
        return f"Which edge value for each of {name}'s neighbours? The edges have {listed}."
    return None


def _render(st: PlanState, obs: list[Observed]) -> str:
    from igraph_agent.model.graph_intents import unresolved_names

    o = next((o for o in obs if o.tool == "edge_attribute_totals" and o.ok), None)
    d = o.typed(EdgeAttributeTotalsResult) if o is not None else None
    if d is None or d.passing is None or d.node is None:
        return unresolved_names(st, [_node(st) or ""])
    node = str(d.node)
    rows = d.passing.edges
    listed = ", ".join(
        f"**{r.target if str(r.source) == node else r.source}** ({shown(r.value)} {d.attribute})"
        for r in rows)
    more = (f" (the {len(rows)} largest of {d.passing.count})"
            if d.passing.count > len(rows) else "")
    missing = f"; {d.missing} more edge(s) have no {d.attribute}" if d.missing else ""
    return (f"{listed}: {node}'s {d.passing.count} direct neighbour(s), each with its edge's "
            f"{d.attribute}{more}{missing}.")


NEIGHBOUR_VALUE_INTENTS = [
    Intent("neighbour_values", t(0.5, r"\beach\b|\bevery\b|\bwith (?:their|its|the)\b"), _calls,
           _render,
           "one node's neighbours, each with its edge's value (edge_attribute_totals "
           "every_edge)", bonus=lambda st: 5.0 if _node(st) else -10.0, clarify=_clarify,
           hint="a node's neighbours, each with its edge's value",
           answers=frozenset({"list", "count", "node", "value"}),
           covers=frozenset({"entity", "weight"})),
]
