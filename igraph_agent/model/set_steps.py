"""A question whose first step is one node's neighbours and whose second ranks only them,
read as two questions the offline planner answers one after the other (``offline.py``):

* "Among the depots Aldgate ships to directly, which one sends out the most tonnes itself?":
  Aldgate's out-neighbours (it acts: "ships to"; "the depots that send crates to Dune" are
  Dune's in-neighbours), then "which depot sends out the most tonnes?" taken over those
  depots alone;
* "Of the women who went to E8, who attended the most events overall?": E8's neighbours,
  then the most events among them.

The second step's ranking call (degree, an edge value summed, a centrality, a node
attribute) becomes one ``nodes_by_measure`` over that node's neighbours
(:func:`over_neighbours`); a ranking it cannot move there leaves the planner to ask.

Example::

    >>> s = steps("Among the depots Aldgate ships to directly, which one sends out the most tonnes itself?")
    >>> s.second, s.node, s.way
    ('which depot sends out the most tonnes?', 'Aldgate', 'out')
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from igraph_agent.model import slots, vocabulary
from igraph_agent.model.planstate import Call

_SET = re.compile(r"^\s*(?:among|of|from|out of|(?:(?:if\s+(?:you|we)\s+)?(?:look|looking)|"
                  r"focus(?:ing)?|zoom(?:ing)?\s+in)\s+(?:only\s+|just\s+)?(?:at|on)|"
                  r"consider(?:ing)?(?:\s+only)?|tak(?:e|ing)\s+only|just|only)\s+"
                  r"(?:(?:all\s+)?the\s+(?P<noun>(?-i:[a-z][\w-]*))|(?P<all>everyone|everybody|"
                  r"anyone|all those|those))\s+"
                  r"(?P<rel>(?!(?:in|with|of|on|from|whose)\b|at\b(?!\s+(?-i:[A-Z0-9])[\w.-]*\s*(?:,|;|:|--)))"
                  r"[^,;:]+?)\s*(?:,|;|:|--|—|–)\s*"
                  r"(?P<ask>(?:which|who|what)\b[^,]+)$", re.IGNORECASE)
#: the set and the ranking in one clause: "which of the families married to the Medici has
#: the highest betweenness", "who among the people Ana follows gets the most messages"
_WHICH_OF = re.compile(r"^\s*(?P<wh>which|who)(?:\s+one)?\s+(?:of|among)\s+(?:all\s+)?the\s+"
                       r"(?P<noun>(?-i:[a-z][\w-]*))\s+(?P<rel>(?!(?:in|with|of|on|at|from|"
                       r"whose)\b).+?)\s+(?P<ask>(?:has|have|had|is|was|are|does|did|(?-i:[a-z]+s)"
                       r"(?:\s+(?:out|in|up|on))?)\s+(?:the\s+)?(?:most|highest|lowest|largest|"
                       r"biggest|fewest|smallest|least|greatest|strongest|top)\b.*)$",
                       re.IGNORECASE)
#: words saying the second step's measure counts every edge, not only the set's
_EVERYONE = re.compile(r"\s*\((?:from|to|with)\s+(?:everyone|everybody|anyone|all)\)|"
                       r"\s+\b(?:overall|itself|themselves|himself|herself|in the whole "
                       r"(?:graph|network))\b|\s+of\s+(?:their|its|his|her)\s+own\b",
                       re.IGNORECASE)


@dataclass(frozen=True)
class SetSteps:
    """``second``: the ranking to take over the neighbours; ``noun``: the question's word
    for the nodes."""

    second: str
    noun: str
    #: the node whose neighbours are taken, as the question names it
    node: str = ""
    #: on a directed graph, which of its edges: ``out`` ("the depots Aldgate ships to"),
    #: ``in`` ("the depots that send crates to Dune")
    way: str = "both"
    #: the ranking asks for the bottom ("which one has the fewest partners")
    lowest: bool = False


def steps(question: str) -> SetSteps | None:
    """The two steps of ``question`` when it opens with one named node's neighbours ("among
    the depots Aldgate ships to, …", "of the women who went to E8, …") and then asks for a
    ranking; else None."""
    m = _SET.match(question.strip()) or _WHICH_OF.match(question.strip())
    if m is None or not re.search(r"\b(?:most|least|highest|lowest|largest|biggest|fewest|"
                                  r"smallest|best|top|[a-z]+est)\b", m.group("ask"),
                                  re.IGNORECASE):
        return None
    rel = re.sub(r"^(?:that|which|who|whom)\s+", "", m.group("rel").strip(), flags=re.IGNORECASE)
    rel = re.sub(r"\s+\b(?:directly|direct)\b", "", rel, flags=re.IGNORECASE)
    named = slots.names(rel)
    if len(named) != 1:
        return None
    noun = m.group("noun") or "nodes"
    one = vocabulary.singular(noun)  # "women" -> "woman"; else "depots" -> "depot"
    if one == noun.lower():
        one = re.sub(r"ies$", "y", one) if one.endswith("ies") else re.sub(r"(?<!s)s$", "", one)
    ask = m.group("ask").strip()
    if "wh" in m.groupdict():  # "which of the families ... has the highest betweenness"
        ask = f"which {one} {ask}" if m.group("noun") else f"who {ask}"
    elif not m.group("noun"):  # "everyone ext4 calls -- which of them receives the most"
        ask = re.sub(r"^(?:which|what)\s+(?:one|of them)\b", "who", ask, flags=re.IGNORECASE)
    ask = re.sub(r"^(which|what)\s+(?:one|of them)\b", rf"\1 {one}", ask, flags=re.IGNORECASE)
    ask = _EVERYONE.sub("", ask).rstrip(" ?.!") + "?"
    low = bool(re.search(r"\b(?:fewest|least|lowest|smallest|weakest)\b", ask, re.IGNORECASE))
    return SetSteps(ask, noun, named[0], _way(rel, named[0]), low)


#: a verb whose subject is the edge's target ("the depots Kelso receives from")
_TAKES = re.compile(r"\b(?:receiv\w*|gets?|got|buys?|bought|imports?|imported|borrow\w*|"
                    r"(?:takes?|took|taken) in|hears? from|heard from)\b", re.IGNORECASE)


def _way(rel: str, node: str) -> str:
    """The edges the relative clause follows from ``node``: it acts ("Aldgate ships to",
    "Kelso supplies": out, "Kelso receives from": in), or is acted on ("that send crates
    to Dune", "who supply Dune": in; "that get crates from Dune", "supplied by Dune": out)."""
    subject = rel.strip().startswith(node)
    taking = bool(_TAKES.search(rel))
    if subject:
        return "in" if taking else "out"
    if re.search(rf"\b(?:from|by)\s+(?:the\s+)?{re.escape(node)}\b", rel, re.IGNORECASE):
        return "out"
    return "out" if taking else "in"


def over_neighbours(call: Call, node: str, way: str, lowest: bool = False) -> Call | None:
    """The second step's ranking ``call`` as one ``nodes_by_measure`` over ``node``'s
    neighbours that way, the bottom first where ``lowest``; None for a call that ranks no
    single measure."""
    a: dict[str, Any] = call.args
    args: dict[str, Any] = {}
    if call.tool == "degree_analysis" and not a.get("where"):
        d = a.get("direction") or "all"
        args = {"measure": {"in": "in_degree", "out": "out_degree"}.get(str(d), "degree")}
    elif call.tool == "edge_attribute_totals" and a.get("attribute") and not a.get("node") \
            and not a.get("where") and a.get("op") is None:
        d = a.get("direction") or "both"
        args = {"measure": {"in": "in_strength", "out": "out_strength"}.get(str(d), "strength"),
                "weight": a["attribute"]}
    elif call.tool == "node_centrality" and len(a.get("measures") or []) == 1:
        args = {"measure": a["measures"][0]}
    elif call.tool == "node_centrality" and isinstance(a.get("measure"), str) and \
            not a.get("where") and not a.get("without") and a.get("within", "graph") == "graph":
        args = {"measure": a["measure"]}  # "which one has the highest betweenness"
    elif call.tool == "nodes_by_measure" and a.get("value") is None and not a.get("neighbours_of"):
        args = {k: v for k, v in a.items() if k in ("measure", "attribute", "weight",
                                                     "lowest_first")}
    if not args or args["measure"] not in ("degree", "in_degree", "out_degree", "strength",
                                           "in_strength", "out_strength", "pagerank",
                                           "betweenness", "closeness", "attribute"):
        return None
    if lowest:
        args["lowest_first"] = True
    return Call("nodes_by_measure", {**args, "neighbours_of": node, "neighbours_way": way,
                                     "limit": 50})


_WAY = {"out": "the {noun} {node} has an edge to", "in": "the {noun} with an edge to {node}",
        "both": "{node}'s neighbours"}


def answer(data: dict[str, Any], args: dict[str, Any], node: str, way: str, noun: str) -> str:
    """The ranking over the neighbours: the top (every node tied there) first, in bold."""
    rows = data.get("nodes") or []
    within = _WAY[way].format(noun=noun, node=node)
    if not rows:
        return f"None of {within} has a value to rank."
    what = data.get("attribute") or str(data.get("measure", "")).replace("_", "-")
    if args.get("weight") and "strength" in str(data.get("measure")):
        what = {"out_strength": "total {w} sent out", "in_strength": "total {w} taken in"}.get(
            str(data["measure"]), "total {w}").format(w=args["weight"])
    best = rows[0]["value"]
    top = [r["node"] for r in rows if r["value"] == best]
    low = "lowest" if data.get("lowest_first") or args.get("lowest_first") else "highest"
    rest = ", ".join(f"{r['node']} ({r['value']})" for r in rows if r["node"] not in top)
    tie = " (tied)" if len(top) > 1 else ""
    return (f"{' and '.join(f'**{n}**' for n in top)}{tie}: the {low} {what} of {within} "
            f"({data.get('of')} in all): **{best}**" + (f"; then {rest}." if rest else "."))


#: a node attribute added up over one node's neighbours: "the combined load_mw of the
#: substations directly connected to Eastleigh", "the total population of Avon's neighbours"
_TOTAL = re.compile(r"\b(?:combined|total|summed|sum of(?:\s+the)?|aggregate)\s+(?P<attr>[\w -]+?)\s+"
                    r"(?:of|across|over)\s+(?:all\s+)?(?:the\s+)?(?:(?P<noun>[a-z][\w-]*)\s+"
                    r"(?:that\s+are\s+|which\s+are\s+)?(?:directly\s+)?(?:connected|linked|"
                    r"adjacent|next)\s+to\s+(?P<x>[^?.!,]+?)|(?P<y>[^?.!,]+?)(?:'s|’s|')\s+"
                    r"(?:direct\s+)?(?:neighbou?rs|contacts|connections))\s*[?.!]*\s*$",
                    re.IGNORECASE)


def neighbour_total(question: str, attributes: list[str]) -> tuple[str, str] | None:
    """(node name, numeric attribute) when ``question`` adds an attribute up over one named
    node's neighbours (undirected: every neighbour); else None."""
    m = _TOTAL.search(question)
    if m is None:
        return None
    said = m.group("attr").strip().lower()
    attr = [a for a in attributes if a.lower() in (said, said.replace(" ", "_"))]
    named = slots.names(m.group("x") or m.group("y") or "")
    return (named[0], attr[0]) if len(attr) == 1 and len(named) == 1 else None


def total_answer(data: dict[str, Any], node: str) -> str:
    """The neighbours' values added up, first, then each value."""
    rows = data.get("nodes") or []
    each = ", ".join(f"{r['node']} ({r['value']})" for r in rows)
    more = ", …" if data.get("truncated") else ""
    return (f"**{data.get('total')}** {data.get('attribute')} in all over {node}'s "
            f"{data.get('count')} neighbours: {each}{more}.")
