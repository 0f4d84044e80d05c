"""Offline-planner intents about the graph's pieces and its middle:

* ``component_members``: which nodes lie outside the main piece ("which sites are cut off from
  the rest", "which towns aren't connected to the main network", "which members are in that
  smaller group"): ``connectivity``'s ``smaller_components``, each listed with its members;
* ``center_periphery``: the center (eccentricity = radius: "which site is most central in the
  sense of closest to the farthest one", "the graph's center") and the periphery
  (eccentricity = diameter) of the largest component, from ``summary_statistics``' exact
  ``center`` / ``periphery`` (in the graph's default weight as a distance, else hops; the
  answer says which). A graph too large for exact eccentricities says so rather than guess.

``intents.py`` registers them.
"""

from __future__ import annotations

import re

from igraph_agent.figures import shown
from igraph_agent.model import cut_words, slots
from igraph_agent.model.distance_intents import among, among_said
from igraph_agent.model.planstate import Call, Observed, PlanState
from igraph_agent.model.registry import Intent, t
from igraph_agent.model.weights import as_length_args, ask_which, asked_weight, length_note
from igraph_agent.results.counting import HopCountsResult, NodesByMeasureResult
from igraph_agent.results.paths import ConnectivityResult
from igraph_agent.results.stats import SummaryStatisticsResult

_PIECE = r"(?:network|graph|rest|main\s+(?:\w+\s+)?(?:network|piece|part|component|group|grid|body|mass|graph|web|system)|others|everything else|everyone else|club|group)"
_OUTSIDE = re.compile(
    rf"\bcut off\b|(?:\bnot|n'?t|\bnever)\s+(?:\w+\s+){{0,2}}(?:connected|linked|attached|hooked up|"
    rf"joined)\s+(?:to|with)\s+(?:the\s+)?{_PIECE}|\b(?:isolated|separated|disconnected|apart)\s+"
    rf"from\s+(?:the\s+)?{_PIECE}|\b(?:away|off)\s+from\s+(?:the\s+)?{_PIECE}|"
    rf"\b(?:on\s+)?(?:their|its|his|her)\s+own\s+(?:island|piece|component|bit|part)s?\b|"
    rf"\b(?:smaller|separate|other|isolated|detached)\s+"
    rf"(?:group|piece|part|component|island|cluster|network)s?\b|\boutside (?:the\s+)?(?:main|largest|biggest|giant)\b|"
    rf"(?:(?:\bnot|n'?t)\s+(?:(?:in|part\s+of|inside|within)\s+|belong\s+to\s+)|\bleft\s+out\s+of\s+|"
    rf"\bexcluded\s+from\s+|\boutside\s+of\s+)the\s+(?:main|largest|"
    rf"biggest|giant|big|large)\s+(?:[\w-]+\s+){{0,2}}(?:piece|part|component|group|network|cluster|"
    rf"body|mass|core|set|block|chunk|bit|blob|clump|portion)\b",
    re.IGNORECASE)
#: the pieces along the edges' direction: "the big strongly connected component"
_STRONG = re.compile(r"\bstrong(?:ly)?[- ](?:connected|component)", re.IGNORECASE)
_LIST = re.compile(r"\b(?:which|who|what|list|name|show)\b", re.IGNORECASE)
#: whether any node is outside: "is any account cut off from the rest", "are there any
#: stations not connected to the network"
_ANY = re.compile(r"(?:^\s*(?:so\s+|and\s+)?|\bor\s+)(?:(?:is|are)\s+(?:there\s+)?(?:any|some|anyone|"
                  r"anybody|someone|anything)|(?:does|do)\s+(?:any|some|anyone|anybody))\b",
                  re.IGNORECASE)  # "…, or is some number cut off from the rest?"
#: a node with no edge at all: "with no payments in or out", "isolated", "no links at all"
_NO_EDGES = re.compile(r"\bno\s+(?:\w+\s+){1,2}(?:in or out|at all)\b|\bno\s+(?:edges|links|ties|"
                       r"connections|neighbou?rs)\s+at all\b|\bisolates?\b|\bisolated\s+nodes?\b",
                       re.IGNORECASE)


#: how many nodes a smaller piece holds: "how many players are in the smaller, separate group"
_HOW_MANY_IN = re.compile(r"\bhow many \w+ (?:are|is|sit|live|play)\s+(?:in|on)\s+(?:the|that|this)"
                          r"\s+(?:\w+,?\s+)?(?:smaller|separate|isolated|detached|cut-off)\b",
                          re.IGNORECASE)


#: how many nodes lie outside the main piece: "how many rowers are cut off from the main
#: group" (a count of nodes, not of the pieces: "how many groups are cut off" is not this)
_HOW_MANY_OUT = re.compile(
    r"\bhow many (?!(?:groups|pieces|parts|components|clusters|islands|networks|sub-?networks|"
    r"chunks|communities|blobs)\b)[a-z]+ (?:are|is|were|was|have been|has been|get|got|remain|"
    r"stay|sit|lie|end up)\b", re.IGNORECASE)


#: how many pieces lie apart from the main one: "how many groups are cut off from the rest"
_PIECES_OUT = re.compile(
    r"\bhow many (?:other |smaller |separate )?(?:groups|pieces|parts|components|clusters|islands|"
    r"networks|sub-?networks|chunks|blobs) (?:are|is|were|was|have been|get|got|remain|stay|sit|"
    r"lie|end up)\b", re.IGNORECASE)


#: apart from the main piece in so many words ("separate pieces" alone counts them all)
_APART = re.compile(
    rf"\bcut off\b|(?:\bnot|n'?t|\bnever)\s+(?:\w+\s+){{0,2}}(?:connected|linked|attached|"
    rf"hooked up|joined)\s+(?:to|with)\s+(?:the\s+)?{_PIECE}|\b(?:isolated|separated|"
    rf"disconnected|apart)\s+from\s+(?:the\s+)?{_PIECE}|\boutside (?:the\s+)?(?:main|largest|"
    rf"biggest|giant)\b", re.IGNORECASE)


def _pieces_out(st: PlanState) -> bool:
    return bool(_PIECES_OUT.search(st.question) and _APART.search(st.question))


def _how_many_out(st: PlanState) -> bool:
    return bool(_HOW_MANY_OUT.search(st.question) and _OUTSIDE.search(st.question)
                and not _HOW_MANY_IN.search(st.question))


#: a node or edge whose loss would cut some off: a cut point, not the pieces there are now
_CUT_POINT = re.compile(r"\bcut[- ]?(?:points?|vertex|vertices|nodes?|edges?)\b|\barticulation\b|"
                        r"\bbridges?\b|\bsingle points? of failure\b|\b(?:lose|losing|lost|"
                        r"remove|removing|drop|dropping|knock(?:ing)? out|take|taking)\s+(?:out\s+)?"
                        r"(?:one|it|them|any|a single)\b|\bwould\b", re.IGNORECASE)


def _members_bonus(st: PlanState) -> float:
    if _CUT_POINT.search(st.question):
        return -10.0
    if _pieces_out(st):
        return -10.0 if re.search(r"\bif\b|\bwithout\b|\bremov", st.question,
                                  re.IGNORECASE) else 4.0
    if _how_many_out(st):  # a count of nodes outside: on a two-mode graph, of which side?
        two_mode = bool((st.meaning().get("modes") or {}).get("sides"))
        return -10.0 if two_mode or re.search(r"\bif\b|\bwithout\b|\bremov", st.question,
                                              re.IGNORECASE) else 2.0
    if _HOW_MANY_IN.search(st.question):  # a piece's size: on a two-mode graph, of which side?
        two_mode = bool((st.meaning().get("modes") or {}).get("sides"))
        return -10.0 if two_mode or re.search(r"\bif\b|\bwithout\b|\bremov", st.question,
                                              re.IGNORECASE) else 2.0
    asked = _LIST.search(st.question) or _ANY.search(st.question)
    return 2.0 if _OUTSIDE.search(st.question) and asked and \
        not re.search(r"\bhow many\b|\bif\b|\bwithout\b|\bremov", st.question,
                      re.IGNORECASE) and not cut_words.asked(st.question) else -10.0


def _members_calls(st: PlanState) -> list[Call]:
    strong = bool(_STRONG.search(st.question)) and bool(st.meaning().get("directed"))
    return [Call("connectivity", {"strong": True} if strong else {})] \
        if _members_bonus(st) > 0 else []


def _members_render(st: PlanState, obs: list[Observed]) -> str:
    d = obs[0].typed(ConnectivityResult)
    # a choice ("is everyone hooked up …, or is some number cut off") takes no Yes or No
    yes_no = bool(_ANY.search(st.question)) and not re.search(r",?\s+or\s+(?:is|are)\b",
                                                              st.question, re.IGNORECASE)
    if d.components <= 1:
        return ("**No**" if yes_no else "**None**") + (
            f" — the graph is one connected piece ({d.nodes} nodes): every node "
            "reaches every other" + (" (ignoring the edges' direction)."
                                     if d.connected_by == "weak" else "."))
    largest = d.component_sizes[0]
    rows = d.smaller_components
    if _NO_EDGES.search(st.question) and yes_no:  # a node alone: no edge in or out
        alone = [str(r.members[0]) for r in rows if r.size == 1 and r.members]
        complete = len(rows) == d.components - 1
        if alone:
            more = "" if complete else " (and perhaps more: not every piece is listed)"
            return (f"**Yes** — {len(alone)} node(s) have no edge at all: " +
                    ", ".join(f"**{n}**" for n in alone) + f"{more}; the main piece has "
                    f"{largest} of {d.nodes} nodes.")
        if complete:
            return (f"**No** — every node has an edge; the {d.nodes - largest} node(s) outside "
                    f"the main piece ({largest} nodes) are in pieces of 2 or more.")
    if yes_no:
        return "**Yes** — " + _outside(st, d, largest, rows)
    return _outside(st, d, largest, rows)


def _how_pieces(d: ConnectivityResult) -> str:
    """How the pieces were read, closing the answer's sentence."""
    if d.connected_by == "strong":
        return (" (strongly connected components: nodes that reach each other along the edges' "
                "direction).")
    return " (pieces ignoring the edges' direction)." if d.connected_by == "weak" else "."


def _outside(st: PlanState, d: ConnectivityResult, largest: int, rows: list) -> str:
    listed = "; ".join(", ".join(f"**{m}**" for m in r.members) + (" …" if len(r.members) < r.size
                                                                     else "") +
                       f" ({r.size} node{'s' if r.size != 1 else ''})" for r in rows)
    more = d.components - 1 - len(rows)
    outside = d.nodes - largest
    if _pieces_out(st):  # the pieces apart from the main one, counted
        return (f"**{d.components - 1}** piece(s) are apart from the main piece ({largest} of "
                f"{d.nodes} nodes), holding {outside} node(s): {listed}"
                + (f"; and {more} more component(s)" if more > 0 else "")
                + _how_pieces(d))
    if _how_many_out(st):  # the count first
        return (f"**{outside}** of {d.nodes} nodes are outside the main piece ({largest} nodes; "
                f"{d.components} components in all): {listed}"
                + (f"; and {more} more component(s)" if more > 0 else "")
                + _how_pieces(d))
    if _HOW_MANY_IN.search(st.question) and d.components == 2:  # the one smaller piece
        return (f"The separate piece holds **{rows[0].size}** node(s): {listed}; the main piece "
                f"has {largest}" + _how_pieces(d))
    return (f"Outside the main piece ({largest} of {d.nodes} nodes; {d.components} components "
            f"in all): {listed}"
            + (f"; and {more} more component(s)" if more > 0 else "")
            + _how_pieces(d))


#: graph-theoretic wording only: "who is at the center / on the periphery of the network"
#: alone is a social reading (the most or least central), which the planner asks about
_CENTER = re.compile(
    r"\bgraph'?s? cent(?:er|re)\b|\bcent(?:er|re) of the graph\b|"
    # "which node sits at the very center of the tree": eccentricity's center
    r"\b(?:very|exact)\s+cent(?:er|re)\b|\bcent(?:er|re) of the tree\b|"
    r"\bclosest to the (?:farthest|furthest|most distant)\b|"
    r"\b(?:smallest|lowest|minimum|minimal|least)\s+eccentricit|"
    r"\b(?:worst|farthest|furthest|longest)[- ]case\b.{0,40}\b(?:smallest|shortest|least|lowest)\b|"
    # "the one whose farthest port is the fewest legs away"
    r"\bwhose\s+(?:farthest|furthest|most\s+distant|most\s+remote)\b.{0,40}\b(?:fewest|closest|"
    r"nearest|least|smallest|shortest|lowest)\b",
    re.IGNORECASE)
_PERIPHERY = re.compile(r"\bgraph'?s? periphery\b|\bperiphery of the graph\b|"
                        r"\b(?:largest|highest|maximum|max|greatest)\s+eccentricit",
                        re.IGNORECASE)
#: the nodes are asked for, not only the radius or diameter ("what is the minimum eccentricity")
_NODES_ASKED = re.compile(r"\b(?:who|which|list|name|nodes?)\b|\bcent(?:er|re)\b|\bperipher",
                          re.IGNORECASE)


def _center_bonus(st: PlanState) -> float:
    asked = _CENTER.search(st.question) or _PERIPHERY.search(st.question)
    return 2.0 if asked and _NODES_ASKED.search(st.question) else -10.0


def _center_calls(st: PlanState) -> list[Call]:
    return [Call("summary_statistics", {})] if _center_bonus(st) > 0 else []


def _center_render(st: PlanState, obs: list[Observed]) -> str:
    d = obs[0].typed(SummaryStatisticsResult)
    unit = "hops" if d.path_unit in (None, "hops") else d.path_unit
    over = d.paths_over or "the largest connected component"
    if d.center is None or d.periphery is None:
        return ("The graph is too large for exact eccentricities: I can give the estimated "
                f"radius ({shown(d.radius)}) and diameter ({shown(d.diameter)}) in {unit}, "
                "not which nodes attain them.")
    parts = []
    if _CENTER.search(st.question) or not _PERIPHERY.search(st.question):
        parts.append(f"The center — the node(s) whose farthest node is nearest — is "
                     f"{', '.join(f'**{n}**' for n in d.center)}: eccentricity = radius = "
                     f"**{shown(d.radius)} {unit}**")
    if _PERIPHERY.search(st.question):
        parts.append(f"the periphery — the node(s) farthest from some node, eccentricity = "
                     f"diameter = **{shown(d.diameter)} {unit}** — is "
                     f"{', '.join(f'**{n}**' for n in d.periphery)}")
    text = "; ".join(parts)
    text = text[0].upper() + text[1:] + f" (over {over}, {d.paths_over_nodes} nodes)."
    if slots.asked_kind(str(st.context.get("asked") or st.question)) == "count":
        outer = bool(_PERIPHERY.search(st.question) and not _CENTER.search(st.question))
        edge = d.periphery if outer else d.center  # "how many nodes are in the center": first
        text = f"**{len(edge)}** node(s) form the {'periphery' if outer else 'center'}. " + text
    return text


#: how far down from a named node the graph goes: "how deep does it go from the root t0 down to
#: the furthest leaf", "how many levels below t0", "the depth of the tree under t0"
_DEEP = re.compile(r"\bhow (?:deep|far down|many levels)\b.{0,60}\b(?:from|below|under|beneath)\b|"
                   r"\b(?:depth|height)\s+of\s+(?:the\s+)?(?:\w+\s+)?(?:from|below|under|beneath|"
                   r"rooted at|at)\b", re.IGNORECASE)
#: a depth taken below a node: on an undirected graph only a root says which way is down
_BELOW = re.compile(r"\b(?:below|under|beneath|underneath)\b", re.IGNORECASE)
_ROOT = re.compile(r"\broot(?:ed)?\b", re.IGNORECASE)


def _down_unknown(st: PlanState) -> bool:
    """"how deep does the tree go below t2" on an undirected graph that names no root: which
    way is down is not in the data (its eccentricity would climb back up through the root)."""
    return bool(_DEEP.search(st.question) and _BELOW.search(st.question)) and \
        not _ROOT.search(st.question) and not st.meaning().get("directed")


_FARTHEST = re.compile(r"\b(?:farthest|furthest|most distant|most remote|longest way|longest "
                       r"(?:drive|ride|trip|journey|hike|route))\b.{0,40}\b"
                       r"(?:from|away from)\b|\beccentricit(?:y|ies) of\b|'s eccentricity\b|"
                       r"\bhow eccentric is\b|" + _DEEP.pattern, re.IGNORECASE)


#: "furthest from app", "the eccentricity of app": a lower-case name the samples did not name
_FROM_NAME = re.compile(r"\b(?:from|of)\s+([\w.'-]+)\s*[?.!]*\s*$", re.IGNORECASE)


_FAR_WORDS = {"farthest", "furthest", "eccentricity", "distant", "remote"}


def _far_node(st: PlanState) -> str | None:
    if not _FARTHEST.search(st.question):
        return None
    names = [n for n in slots.named(st.question) if n.lower() not in _FAR_WORDS]
    if not names and (m := _FROM_NAME.search(st.question)):
        names = [m.group(1)]
    return names[0] if len(names) == 1 else None


def _far_weight(st: PlanState) -> str | None:
    """The edge column the distance is measured in; None: hops."""
    choice = asked_weight(st.question, st.meaning())
    return choice.column if choice.why not in ("hops", "none", "ambiguous") else None


def _far_calls(st: PlanState) -> list[Call]:
    from igraph_agent.model.graph_intents import resolve_names

    name = _far_node(st)
    if name is None or asked_weight(st.question, st.meaning()).why == "ambiguous" or \
            _down_unknown(st):
        return []
    searches, ids = resolve_names(st, [name])
    if ids is None:
        return searches
    args: dict = {"node": ids[0], "hops": _HOPS_ALL, "limit": 50,
                  "direction": "out" if st.meaning().get("directed") else "both"}
    column = _far_weight(st)
    if column is not None:
        args["weight"] = column
        args.update(as_length_args(st.question, st.meaning(), column))
    filtered = among(st)
    if filtered and column is None:
        return []  # "the farthest north substation in hops": no ranking among them
    return [*searches, Call("hop_counts", {**args, **filtered})]


def _far_clarify(st: PlanState) -> str | None:
    if _far_node(st) is not None and asked_weight(st.question, st.meaning()).why == "ambiguous":
        return ask_which(st.meaning())
    if _far_node(st) is not None and _down_unknown(st):
        return (f"Below {_far_node(st)} counted from which root? The edges have no direction, "
                f"so 'below' depends on where the tree is rooted: name the root (e.g. 'how deep "
                f"does it go from the root …'), or ask how far the farthest node from "
                f"{_far_node(st)} is.")
    return None


def _far_render(st: PlanState, obs: list[Observed]) -> str:
    from igraph_agent.model.graph_intents import unresolved_names

    o = next((o for o in obs if o.tool == "hop_counts"), None)
    if o is None:
        return unresolved_names(st, [_far_node(st) or ""])
    d = o.typed(HopCountsResult)
    if d.farthest is not None:
        unit = d.farthest.weight_used.get("attribute") or "hops"
        far, ends = f"{shown(d.farthest.distance)} {unit}", [str(n) for n in d.farthest.nodes]
    else:
        rings = [r for r in d.by_distance if r.count]
        far = f"{d.eccentricity} hop(s)"
        ends = [str(n.node) for n in rings[-1].nodes] if rings else []
    if not ends:
        return f"{d.node} reaches no other node."
    way = " following the edges' direction" if d.direction == "out" else ""
    if _DEEP.search(st.question) and d.farthest is None:  # "how deep does it go below t0"
        return (f"**{d.eccentricity}** hop(s) deep: the farthest from {d.node}{way} "
                f"({d.node}'s eccentricity) are " + ", ".join(f"**{n}**" for n in ends) +
                f"{_far_cut(d)}.")
    cut = (f"; {d.unreachable} node(s) it cannot reach at all are left out"
           if d.unreachable else "")
    if d.farthest is not None and d.farthest.among:
        cut = (f"; {d.farthest.among_unreached} of them it cannot reach are left out"
               if d.farthest.among_unreached else "")
        return (", ".join(f"**{n}**" for n in ends) + f": the farthest from {d.node}"
                f"{among_said(d.farthest)}{way}, at **{far}**{cut}.")
    note = _far_note(st, d)
    return (f"The farthest from {d.node}{way}: " + ", ".join(f"**{n}**" for n in ends) +
            f" at **{far}** — {d.node}'s eccentricity{cut}.{note}")


def _far_cut(d: HopCountsResult) -> str:
    return (f"; {d.unreachable} node(s) it cannot reach at all are left out"
            if d.unreachable else "")


def _far_note(st: PlanState, d: HopCountsResult) -> str:
    """How the distance read the edge value: taken as a length the question says, or a
    strength added up as its inverse."""
    used = d.farthest.weight_used if d.farthest is not None else {}
    attr = used.get("attribute")
    if not attr:
        return ""
    if used.get("inverted"):
        return f" (`{attr}` read as a strength: each edge counts 1/{attr}.)"
    return length_note(st.question, st.meaning(), attr)


_HOPS_ALL = 50


#: one node and the main piece: "is Niger connected to the rest of the trade network", "is
#: the kiln still linked to the main network"
_TO_THE_REST = re.compile(
    r"^\s*(?:so\s+|and\s+)?(?:is|are|was)\s+(?P<n>.+?)\s+(?:still\s+|even\s+|actually\s+)?"
    r"(?:connected|linked|hooked up|joined|tied in)\s+(?:up\s+)?(?:to|with)\s+(?:the\s+)?"
    r"(?:rest\b|main\s+(?:\w+\s+)?(?:network|piece|part|component|group|body|grid|graph)\b|"
    r"everyone else\b|everything else\b|(?:all\s+)?the others\b|"
    # "is ext18 hooked up to anyone at all": any link, not the main piece
    r"(?:anyone|anybody|anything|any\s+other\s+\w+)\b)", re.IGNORECASE)
#: any link at all asked, not a place in the main piece
_ANY_LINK = re.compile(r"\b(?:to|with)\s+(?:anyone|anybody|anything|any\s+other\s+\w+)\b",
                       re.IGNORECASE)
_EVERYONE = re.compile(r"\b(?:everyone|everybody|everything|all the others)\b", re.IGNORECASE)
_LISTED = 500  # connectivity lists every component but the largest, with up to this many members


#: the same asked the other way round: "is j08 cut off from the rest", "is X outside the
#: main network" (a yes is the node's being apart)
_APART_FROM_REST = re.compile(
    r"^\s*(?:so\s+|and\s+)?(?:is|are|was)\s+(?P<n>.+?)\s+(?:still\s+|now\s+|actually\s+)?"
    r"(?:(?:cut\s+off|disconnected|separated|isolated|detached|stranded|apart)\s+from|outside(?:\s+of)?|"
    r"not\s+(?:connected|linked|hooked up|joined|tied in)\s+(?:up\s+)?(?:to|with)|not\s+(?:a\s+)?part\s+of|"
    r"not\s+in)\s+(?:the\s+)?"
    r"(?:rest\b|(?:main|largest|biggest|giant)\s+(?:connected\s+)?(?:\w+\s+)?(?:network|piece|part|component|"
    r"group|body|grid|graph|cluster)\b|everyone else\b|everything else\b|(?:all\s+)?the others\b)",
    re.IGNORECASE)
#: the node's place in the main piece said as membership: "is j08 in the largest component",
#: "is the kiln part of the main network"
_IN_MAIN = re.compile(
    r"^\s*(?:so\s+|and\s+)?(?:is|are|was)\s+(?P<n>.+?)\s+(?:still\s+|actually\s+)?"
    r"(?:(?:a\s+)?part\s+of|in|inside|within|on)\s+(?:the\s+)?(?:main|largest|biggest|giant)\s+"
    r"(?:connected\s+)?(?:\w+\s+)?(?:network|piece|part|component|body|grid|graph|cluster)\b",
    re.IGNORECASE)


def _piece_negated(st: PlanState) -> bool:
    """Whether the question asks the node's being apart ("cut off from the rest"): the
    answer's yes and no swap."""
    return _APART_FROM_REST.search(st.question) is not None


def _piece_node(st: PlanState) -> str | None:
    m = _APART_FROM_REST.search(st.question) or _TO_THE_REST.search(st.question) or \
        _IN_MAIN.search(st.question)
    if m is None:
        return None
    names = slots.named(m.group("n")) or slots.names(m.group("n"))
    return names[0] if len(names) == 1 else None


def _piece_calls(st: PlanState) -> list[Call]:
    from igraph_agent.model.graph_intents import resolve_names

    name = _piece_node(st)
    if name is None:
        return []
    searches, ids = resolve_names(st, [name])
    if ids is None:
        return searches
    return [*searches, Call("connectivity", {"limit": _LISTED})]


def _piece_render(st: PlanState, obs: list[Observed]) -> str:
    said = _piece_said(st, obs)
    if not _piece_negated(st):
        return said
    for word, other in (("**Yes** — ", "**No** — "), ("**No** — ", "**Yes** — ")):
        if said.startswith(word):  # "is X cut off from the rest": yes when it is apart
            return other + said[len(word):]
    return said


def _piece_said(st: PlanState, obs: list[Observed]) -> str:
    from igraph_agent.model.graph_intents import _search, search_candidates, unresolved_names

    name = _piece_node(st) or ""
    o = next((o for o in obs if o.tool == "connectivity"), None)
    found = st.done(_search(name))
    rows = search_candidates(found) if found is not None and found.ok else []
    if o is None or not rows:
        return unresolved_names(st, [name])
    node, d = str(rows[0].node), o.typed(ConnectivityResult)
    way = " (ignoring the edges' direction)" if d.connected_by == "weak" else ""
    own = next((r for r in d.smaller_components if node in {str(m) for m in r.members}), None)
    if _ANY_LINK.search(st.question) and own is not None and own.size == 1:
        return f"**No** — {node} has no link at all: it is a piece on its own{way}."
    if _ANY_LINK.search(st.question) and (own is not None or d.components <= 1 or len(
            d.smaller_components) == d.components - 1):  # in a piece with others: linked
        where = (f"a separate piece of {own.size} nodes" if own is not None else
                 f"the main piece of {d.component_sizes[0]} nodes")
        return f"**Yes** — {node} is linked to others: it is in {where}{way}."
    if d.components <= 1:
        return (f"**Yes** — {node} is connected to the rest: the graph is one connected piece "
                f"of {d.nodes} nodes{way}.")
    largest = d.component_sizes[0]
    own = next((r for r in d.smaller_components if node in {str(m) for m in r.members}), None)
    if own is not None:
        others = [str(m) for m in own.members if str(m) != node]
        with_whom = (f" with only {', '.join(others)}" if others else " on its own")
        return (f"**No** — {node} is in a separate piece of {own.size} node(s){with_whom}, "
                f"cut off from the main piece of {largest} nodes{way}.")
    complete = len(d.smaller_components) == d.components - 1 and all(
        len(r.members) == r.size for r in d.smaller_components)
    if not complete:
        return (f"{node} is in none of the listed smaller pieces, but the graph has too many "
                f"to list them all ({d.components} components), so I cannot say for sure.")
    apart = f"{d.nodes - largest} node(s) in {d.components - 1} separate piece(s)"
    if _EVERYONE.search(st.question) and not _piece_negated(st):  # every other node: the pieces apart are not reached
        return (f"**No** — {node} is in the main piece ({largest} of {d.nodes} nodes){way}, "
                f"but it does not reach the other {apart}.")
    return (f"**Yes** — {node} is in the main piece ({largest} of {d.nodes} nodes){way}; it "
            f"does not reach the other {apart}.")



# -- the k-th largest piece ----------------------------------------------------------------
#: "the size of the second largest piece", "who is in the third biggest component"
_KTH_PIECE = re.compile(r"\b(second|2nd|third|3rd|fourth|4th|fifth|5th)[- ](?:largest|biggest)\s+"
                        r"(?:connected\s+)?(?:component|piece|island|part|subgraph|sub-?network)s?\b",
                        re.IGNORECASE)
_PIECE_SIZE = re.compile(r"\bsize\b|\bhow (?:big|large|many)\b|\bnumber of\b", re.IGNORECASE)
_PIECE_WHO = re.compile(r"\b(?:who|which|list|name|show|members?)\b", re.IGNORECASE)
_KTH = {"second": 2, "2nd": 2, "third": 3, "3rd": 3, "fourth": 4, "4th": 4, "fifth": 5, "5th": 5}


#: the members of the largest piece asked: "which huts are in the largest connected bit"
_LARGEST_PIECE = re.compile(r"\b(?:largest|biggest|main|giant)\s+(?:connected\s+)?(?:component|"
                            r"piece|island|part|subgraph|sub-?network|network|bit|chunk)\b",
                            re.IGNORECASE)
_NOT_IN = re.compile(r"\bnot\b|n't\b|\b(?:aren|isn|don|doesn|didn|can|won|wasn|weren|hasn|haven)t\b|\boutside\b|\bexcept\b|\bbesides\b|\bapart from\b",
                     re.IGNORECASE)
#: a ranking or a measure asked inside the piece, not its members
_RANKED_IN = re.compile(r"\b(?:most|least|fewest|more|less|top|best|worst|central\w*|degree|"
                        r"betweenness|closeness|pagerank|rank\w*|\w+est)\b", re.IGNORECASE)
#: the members asked as being in it: "who is in the largest component", "the nodes of the main
#: piece", "which towns make up the biggest network" (not "connected to the main network")
_IN_LARGEST = re.compile(r"\b(?:in|inside|within|of|belongs?\s+to|make\s+up|makes\s+up|forms?)\s+"
                         r"(?:the\s+)?" + _LARGEST_PIECE.pattern, re.IGNORECASE)


def _kth_piece(st: PlanState) -> int | None:
    m = _KTH_PIECE.search(st.question)
    if re.search(r"\bif\b|\bwithout\b|\bremov|\bstrong", st.question, re.IGNORECASE):
        return None
    if m is None:  # "who is in the largest component": its members, not the summary
        rest = _LARGEST_PIECE.sub(" ", st.question)  # "who has the most links in it": a ranking
        return 1 if _IN_LARGEST.search(st.question) and _PIECE_WHO.search(st.question) and \
            not _PIECE_SIZE.search(st.question) and not _NOT_IN.search(st.question) and \
            not _RANKED_IN.search(rest) else None
    return _KTH[m.group(1).lower()] if _PIECE_SIZE.search(st.question) or \
        _PIECE_WHO.search(st.question) else None


def _kth_calls(st: PlanState) -> list[Call]:
    k = _kth_piece(st)
    every = [Call("nodes_by_measure", {"measure": "degree", "op": "ge", "value": 0,
                                       "limit": _LISTED})] if k == 1 else []
    return [Call("connectivity", {"limit": _LISTED}), *every] if k else []


def _largest_members(d: ConnectivityResult, obs: list[Observed]) -> str:
    """The largest piece's members: every node but the smaller pieces' (each listed whole),
    or its size where they are not all listed; a tie for the largest is said."""
    sizes = d.component_sizes
    if len(sizes) > 1 and sizes[0] == sizes[1]:
        return (f"{sizes.count(sizes[0])} pieces tie as the largest, of **{sizes[0]}** node(s) each "
                f"(sizes of all {d.components}: {', '.join(map(str, sizes[:10]))}).")
    every = next((o.typed(NodesByMeasureResult) for o in obs if o.tool == "nodes_by_measure"),
                 None)
    smaller = list(d.smaller_components)
    whole = every is not None and not every.truncated and len(smaller) == len(sizes) - 1 and \
        all(len(r.members) == r.size for r in smaller)
    if not whole or every is None:
        return (f"The largest connected component has **{sizes[0]}** of the {d.nodes} nodes; it "
                f"is too large to list here (sizes of all {d.components}: "
                f"{', '.join(map(str, sizes[:10]))}).")
    out = {str(m) for r in smaller for m in r.members}
    members = [str(r.node) for r in every.nodes if str(r.node) not in out]
    return (f"The largest connected component has **{len(members)}** of the {d.nodes} nodes: "
            + ", ".join(f"**{m}**" for m in members)
            + (f" (the other pieces: {', '.join(map(str, sizes[1:10]))} node(s))"
               if len(sizes) > 1 else " (the graph is one piece)") + ".")


def _kth_render(st: PlanState, obs: list[Observed]) -> str:
    from igraph_agent.model.intents import k_th

    k = _kth_piece(st) or 2
    d = next((o.typed(ConnectivityResult) for o in obs if o.tool == "connectivity"), None)
    if d is None:
        return "The components could not be read."
    if k == 1:
        return _largest_members(d, obs)
    way = " (pieces ignoring the edges' direction)" if d.connected_by == "weak" else ""
    sizes = d.component_sizes
    if len(sizes) < k:
        return (f"There is no {k_th(k)} largest piece: the graph has **{d.components}** "
                f"connected component(s)" + (f" of sizes {', '.join(map(str, sizes))}"
                                             if len(sizes) > 1 else "") + f"{way}.")
    size = sizes[k - 1]
    tied = sizes.count(size)
    tie = f" ({tied} pieces tie at this size)" if tied > 1 else ""
    row = d.smaller_components[k - 2] if len(d.smaller_components) >= k - 1 else None
    members = ""
    if row is not None and tied == 1:
        listed = ", ".join(f"**{m}**" for m in row.members)
        members = f": {listed}" + (" …" if len(row.members) < row.size else "")
    elif row is not None:
        pieces = [r for r in d.smaller_components if r.size == size]
        members = "; the pieces of that size: " + "; ".join(
            ", ".join(str(m) for m in r.members) for r in pieces[:5])
    return (f"The {k_th(k)} largest connected component has **{size}** node(s){tie}{members}"
            f" (sizes of all {d.components}: {', '.join(map(str, sizes[:10]))}"
            f"{' …' if len(sizes) > 10 else ''}){way}.")

# -- one named node's piece --------------------------------------------------------------
_KIND = r"(?:(?P<kind>strongly|weakly|strong|weak)[- ])?(?:connected\s+)?"
_PIECE_NOUN = r"(?:component|piece|island)"  # "the subgraph around 33" is its ego network
#: "everyone in Pim's component", "who is in the same piece as Rui", "the strongly connected
#: component containing Tarn", "how big is Lotte's component"
_NODE_PIECE = re.compile(
    rf"\b(?P<a>[\w.-]+)'s?\s+(?:own\s+)?{_KIND}{_PIECE_NOUN}\b|"
    rf"\bsame\s+{_KIND.replace('kind', 'kind2')}{_PIECE_NOUN}\s+as\s+(?P<b>[\w.-]+)|"
    rf"\b{_KIND.replace('kind', 'kind3')}{_PIECE_NOUN}\s+(?:of|containing|that contains|that "
    rf"holds|with|including)\s+(?P<c>[\w.-]+)", re.IGNORECASE)
_SIZE_ASKED = re.compile(r"\bhow (?:many|big|large)\b|\bsize\b|\bnumber of\b", re.IGNORECASE)


def _node_piece(st: PlanState) -> tuple[str, str] | None:
    """(node name, ``strong`` or ``weak``) of a question about one named node's piece."""
    m = _NODE_PIECE.search(st.question)
    if m is None or re.search(r"\bif\b|\bwithout\b|\bremov|\blargest\b|\bbiggest\b|"
                              r"\bcommunit|\b(?:extract|save|create|store|export|keep|make)\b",
                              st.question, re.IGNORECASE):
        return None
    from igraph_agent.model.vocabulary import groupings

    if any(re.search(rf"\b{re.escape(str(a))}s?\b", m.group(0), re.IGNORECASE)
           for a in groupings(st.meaning())):
        return None  # "the island of Brin" where ``island`` is a column: its value, no piece
    raw = m.group("a") or m.group("b") or m.group("c")
    named = slots.named(st.question)
    name = next((n for n in named if n == raw or n.split()[-1] == raw or raw.startswith(n)),
                None)
    if name is None:
        return None
    kind = (m.group("kind") or m.group("kind2") or m.group("kind3") or "").lower()
    return name, "strong" if kind.startswith("strong") else "weak"


def _node_piece_calls(st: PlanState) -> list[Call]:
    from igraph_agent.model.graph_intents import resolve_names

    found = _node_piece(st)
    if found is None:
        return []
    searches, ids = resolve_names(st, [found[0]])
    if ids is None:
        return searches
    base = {"node": ids[0], "hops": _HOPS_ALL, "limit": _LISTED}
    if found[1] == "strong" and st.meaning().get("directed"):  # reached both ways
        return [*searches, Call("hop_counts", {**base, "direction": "out"}),
                Call("hop_counts", {**base, "direction": "in"})]
    return [*searches, Call("hop_counts", {**base, "direction": "both"})]


def _reached(d: HopCountsResult) -> list[str]:
    return [str(n.node) for r in d.by_distance for n in r.nodes]


def _node_piece_render(st: PlanState, obs: list[Observed]) -> str:
    from igraph_agent.model.graph_intents import unresolved_names

    found = _node_piece(st)
    hops = [o.typed(HopCountsResult) for o in obs if o.tool == "hop_counts"]
    if found is None or not hops:
        return unresolved_names(st, [found[0] if found else ""])
    d = hops[0]
    node, directed = str(d.node), bool(st.meaning().get("directed"))
    if len(hops) == 2:  # the strong component: reached from the node and reaching it
        back = set(_reached(hops[1]))
        others = [n for n in _reached(d) if n in back]
        complete = not (d.farther or hops[1].farther)
        what = ("strongly connected component (the nodes it reaches and that reach it, "
                "following the edges' direction)")
    else:
        others = _reached(d)
        complete = not d.farther and len(others) == d.within
        what = ("weakly connected component (ignoring the edges' direction)" if directed
                else "connected component")
    others = sorted(others, key=str)
    size = len(others) + 1
    listed = ", ".join(f"**{n}**" for n in others) + ("" if complete else " …")
    if not complete:
        return (f"{node}'s {what} is too deep to list exactly here: it holds at least "
                f"{size} nodes, {node} and {listed}.")
    if not others:
        return f"{node} is alone in its {what}: **1** node, no other."
    if _SIZE_ASKED.search(st.question):
        return (f"{node}'s {what} has **{size}** nodes: {node} and {len(others)} other(s), "
                f"{listed}.")
    return f"{node}'s {what} holds {size} nodes: {node} and {listed}."


COMPONENT_INTENTS = [
    Intent("node_component", t(0.5, _NODE_PIECE.pattern), _node_piece_calls, _node_piece_render,
           "the members of one named node's component (hop_counts over every step)",
           group="components", bonus=lambda st: 4.0 if _node_piece(st) else -10.0,
           hint="everyone in the same piece as a node you name",
           answers=frozenset({"list", "count", "value", "group"}),
           covers=frozenset({"entity", "scope"})),
    Intent("piece_rank", t(0.5, _KTH_PIECE.pattern, _LARGEST_PIECE.pattern), _kth_calls, _kth_render,
           "the size and members of the k-th largest component (connectivity)",
           group="components", bonus=lambda st: 4.0 if _kth_piece(st) else -10.0,
           hint="the second (third …) largest piece",
           answers=frozenset({"list", "value", "count", "node", "group"}),
           covers=frozenset({"ordinal", "scope"})),
    Intent("component_members", t(0.5, r"\b(?:which|who|what|list|name|show|how many)\b|"
                                        + _ANY.pattern),
           _members_calls,
           _members_render, "the nodes outside the largest component (connectivity)",
           group="components", bonus=_members_bonus,
           hint="the nodes cut off from the main piece",
           answers=frozenset({"list", "node", "group", "count", "yesno"}),
           covers=frozenset({"scope", "negation"})),
    Intent("node_piece", t(0.5, r"\b(?:connected|linked|hooked up|joined|tied in|cut off|"
                              r"disconnected|separated|isolated|detached|stranded|apart|outside|"
                              r"part of|(?:main|largest|biggest|giant) (?:connected )?\w+)\b"),
           _piece_calls, _piece_render, "whether one node is in the main piece (connectivity)",
           group="components", bonus=lambda st: 3.0 if _piece_node(st) else -10.0,
           hint="whether a node you name is connected to the rest",
           # "in the largest component", "outside the main network": the main piece itself
           answers=frozenset({"yesno"}), covers=frozenset({"entity", "scope", "negation"})),
    Intent("center_periphery", t(0.5, r"cent(?:er|re)|peripher|eccentric|closest to the"),
           _center_calls,
           _center_render, "center and periphery by eccentricity (summary_statistics)",
           bonus=_center_bonus, hint="the graph's center and periphery (eccentricity)",
           answers=frozenset({"list", "node", "value", "count"}),
           covers=frozenset({"scope", "weight", "bottom"})),
    Intent("farthest_from", t(0.5, r"farthest|furthest|most distant|most remote|eccentric|"
                                   r"\blongest (?:drive|ride|trip|journey|hike|route) from\b|"
                                   r"\bhow deep\b|\bhow far down\b|\bhow many levels\b|"
                                   r"\bdepth of\b|\bheight of\b"),
           _far_calls, _far_render, "the node(s) farthest from a named node (hop_counts)",
           bonus=lambda st: 3.0 if _far_node(st) else -10.0, clarify=_far_clarify,
           hint="the nodes farthest from a node you name (its eccentricity)",
           answers=frozenset({"node", "list", "value"}),
           covers=frozenset({"entity", "weight", "direction", "filter"})),
]
