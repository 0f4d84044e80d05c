"""Offline-planner intents for what-if chains: an analysis asked of the graph without one
named node, answered by ``remove_and_compare`` (read-only):

* ``whatif_route``: a measured route between two named nodes after the removal ("if
  exchange_2 goes down, how far by cable is it from Cold Norton to Eastwick"): ``reach`` with
  the edge value the question asks for (``model/weights.py``) as ``weight``;
* ``whatif_reach``: who still reaches a named node, or how many nodes it still reaches,
  after the removal ("if Fir is removed, which towns can still reach Alder", "if we removed
  pandas, how many packages would seaborn still pull in", "if tomas left, who would be left
  with no reporting line up to Margaret Holt"): ``reach_of`` with the direction the question
  reads — towards the named node ("reach X", "up to X", "connection to X") or from it.

A removed edge, several removals, or a route measured in hops are the ``what_if`` intent's
(its ``reach`` gives hop paths); ``intents.py`` registers these and lets them take the
question from ``what_if`` and ``path``.
"""

from __future__ import annotations

import re

from igraph_agent.figures import shown
from igraph_agent.model import slots
from igraph_agent.model.planstate import Call, Observed, PlanState
from igraph_agent.model.registry import Intent, t
from igraph_agent.model.weights import as_length_args, ask_which, asked_weight, length_note
from igraph_agent.results.whatif import RemoveAndCompareResult

_ROUTE = re.compile(r"\bhow far\b|\bdistance\b|\bshortest\b|\broute\b|\bpath\b|\bhow long\b|"
                    r"\bcheapest\b|\bfastest\b|\bquickest\b|\bkms?\b|\bminutes\b|\bhours\b|"
                    r"\bcost\b|\btrip\b|\bjourney\b|\bdetour\b|"
                    r"\b(?:lowest|least|best|minimum|smallest) (?:total |possible )?\w+",
                    re.IGNORECASE)
#: the change in a route's length is asked, not the length: "how much longer is the trip",
#: "how many extra minutes does the detour add", "how much further"
_LONGER = re.compile(r"\bhow (?:much|many) (?:\w+ )?(?:longer|further|farther|more|extra|slower)\b|"
                     r"\b(?:add|adds|added|extra|longer by|increase|delay)\b", re.IGNORECASE)
_STILL_REACH = re.compile(r"\b(?:still|no longer|any more|anymore|left with(?:out)?|lose|lost|"
                          r"cut off)\b", re.IGNORECASE)
_LOSE = re.compile(r"\b(?:no longer|lose|lost|loses|cut off|left with no|left without|"
                   r"(?:can(?:'t|not)|could(?:n't| not)|would(?:n't| not)) (?:\w+ )?(?:reach|get))\b",
                   re.IGNORECASE)
_REACH_WORDS = (r"(?:reach|get to|get down to|get up to|up to|connection to|connections to|"
                r"line (?:up )?to|path to|route to|connected to|link to|linked to)")


#: a route's two ends without "from": "how many minutes does Kell to Penn take now", "how
#: long is Ashby to Gale then"
_NAME = r"(?-i:[A-Z])[\w.'-]*(?:\s+(?-i:[A-Z])[\w.'-]*){0,2}"
_BARE_ENDS = re.compile(rf"\b(?:does|do|is|would|will)\s+(?:the\s+)?({_NAME})\s+to\s+({_NAME})"
                        r"(?=\s+(?:take|takes|be|now|then|last|run)\b|\s*[,?!.]|\s*$)|"
                        # "the fastest Ardmore to Kinsale trip"
                        rf"\bthe\s+(?:\w+est\s+)?({_NAME})\s+to\s+({_NAME})\s+(?:trip|route|journey|"
                        r"drive|ride|run|crossing|path|sailing|flight|connection|walk|hike)\b",
                        re.IGNORECASE)


def _removed_all(st: PlanState) -> list[str]:
    """Every node the question removes ("if Fenna and Gijs both leave"), none for an edge or
    for a ranking's top."""
    if slots.EDGE_REMOVAL.search(st.question):
        return []
    names = slots.removals(st.question)
    return [] if any(n in (slots.HUB, slots.CENTRAL) for n in names) else names


def _edge_gone(st: PlanState) -> list[str] | None:
    """The two ends of the one edge a what-if removes, or None."""
    return slots.edge_gone(st.question)


def _route_ends(st: PlanState) -> list[str] | None:
    gone = set(_removed_all(st))
    # the last "from A to B" ("… cut for repairs. how long is the route from Mill to Croft
    # then, in metres?")
    found = list(re.finditer(r"\b(?:from|between)\s+(.+?)\s+(?:to|and)\s+([^,?!]+?)(?:\s+(?:be|now|"
                             r"then|after\w*|instead|without\b.*|if\b.*))?\s*(?=[,?!]|[.]\s|[.]?\s*$)",
                             st.question, re.IGNORECASE)) or list(_BARE_ENDS.finditer(st.question))
    edge = _edge_gone(st)
    # the removed edge's own words ("the road between Elm and Fir closes") are no route; a
    # route between its two ends is the detour ("the direct road between A and B is closed.
    # how many km is the detour from A to B")
    span = slots.edge_gone_span(st.question)
    found = [f for f in found if not (span and span[0] <= f.start() < span[1])]
    m = found[-1] if found else None
    if edge and m:  # "if the Colby - Dunmore road closes, how far from Colby to Fairway"
        ends = [slots.clean(g) for g in [x for x in m.groups() if x][:2]]
        return ends if all(ends) else None
    if not gone:
        return None
    # "if Quay went offline, how far is Mill from Croft by cable": the two names left
    left = [n for n in slots.named(st.question) if n not in gone]
    ends = [slots.clean(g) for g in [x for x in m.groups() if x][:2]] if m else []
    if len(ends) == 2 and all(ends) and not gone & set(ends) and all(
            len(e.split()) <= 3 for e in ends):  # "Without Gijs, how many hops from Eef to Ilse"
        return ends
    pair = slots.pair(st.question) or []
    if m and len(pair) == 2 and not gone & set(pair):
        return pair
    return left if len(left) == 2 and re.search(r"\b(?:from|between|and)\b", st.question) \
        else None


def _route_weight(st: PlanState) -> str | None:
    return asked_weight(st.question, st.meaning()).column


def _in_hops(st: PlanState) -> bool:
    """A route counted in hops after the removal ("without Gijs, how many hops from Eef to
    Ilse"): no edge value measures it."""
    return asked_weight(st.question, st.meaning()).why in ("hops", "none") and \
        bool(re.search(r"\bhow many (?:more |extra )?(?:hops|steps|stops|jumps|links)\b|\bfewest\b",
                       st.question, re.IGNORECASE))


def _route_applies(st: PlanState) -> bool:
    return _route_ends(st) is not None and (_in_hops(st) or (
        bool(_ROUTE.search(st.question)) and
        asked_weight(st.question, st.meaning()).why not in ("hops", "none")))


def _route_calls(st: PlanState) -> list[Call]:
    from igraph_agent.model.graph_intents import resolve_names

    ends = _route_ends(st)
    column = _route_weight(st)
    if not _route_applies(st) or ends is None or (column is None and not _in_hops(st)):
        return []
    gone = _gone(st)
    searches, ids = resolve_names(st, [*gone, *ends])
    if ids is None:
        return searches
    removal = {"edges": [ids[:2]]} if _edge_gone(st) else {"nodes": ids[:len(gone)]}
    weight = {} if _in_hops(st) else {"weight": column,
                                      **as_length_args(st.question, st.meaning(), column)}
    return [*searches, Call("remove_and_compare", {**removal, "reach": ids[len(gone):],
                                                   **weight})]


def _route_clarify(st: PlanState) -> str | None:
    if _route_applies(st) and _route_weight(st) is None and not _in_hops(st):
        return ask_which(st.meaning())
    return None


def _result(obs: list[Observed]) -> RemoveAndCompareResult | None:
    o = next((o for o in obs if o.tool == "remove_and_compare" and o.ok), None)
    return o.typed(RemoveAndCompareResult) if o is not None else None


def _yes_no_last(st: PlanState, yes: bool) -> str:
    """"**Yes** — " or "**No** — " where the question's last clause asks yes or no ("The
    road is closed. Can you still get from A to B?", "what if v14 drops out - can anyone
    still get through to v7?"), else ""."""
    asked = str(st.context.get("asked") or st.question)
    last = [p for p in re.split(r"[.;:!]\s+|\s[-–—]+\s|,\s+(?=(?:can|could|is|are|does|do|will|"
                                r"would)\b)", asked) if p.strip()]
    if last and re.match(r"\s*(?:can|could|is|are|does|do|did|will|would|has|have)\b", last[-1],
                         re.IGNORECASE):
        return "**Yes** — " if yes else "**No** — "
    return ""


def _route_render(st: PlanState, obs: list[Observed]) -> str:
    from igraph_agent.model.graph_intents import unresolved_names

    d = _result(obs)
    if d is None or d.reach is None:
        return unresolved_names(st, [n for n in [*_gone(st), *(_route_ends(st) or [])] if n])
    r = d.reach
    gone = ", ".join([*map(str, d.removed_nodes),
                      *(f"the edge {a}–{b}" for a, b in d.removed_edges)])
    unit = (r.weight_used or {}).get("attribute") or "hops"
    hops = r.weight_used is None  # counted in hops: the path's length is its hop count
    before_length = r.before_hops if hops else r.before_length
    after_length = r.after_hops if hops else r.after_length
    before = (f"before: {shown(before_length)} {unit} via "
              + " → ".join(map(str, r.before_path)) if before_length is not None
              else "it did not reach it before either")
    if after_length is None:
        return (f"**No route** — without {gone}, {r.source} no longer reaches {r.target} "
                f"({before}). Nothing was changed.")
    added = r.added_hops if hops else r.added_length
    if _LONGER.search(st.question) and added is not None:
        # "how much longer is the trip": the difference, with both lengths it comes from
        return (f"Without {gone}, the route from {r.source} to {r.target} is **{shown(added)} "
                f"{unit} longer**: {shown(after_length)} {unit} via "
                + " → ".join(map(str, r.after_path)) + f" ({before}). Nothing was changed.")
    # "can you still get from town0 to town2 by some other route?": Yes first; "does the
    # walk get any longer?": Yes only when it does
    asked = str(st.context.get("asked") or st.question)
    lead = ""
    if re.search(r"\blonger\b|\bslower\b|\bfurther\b|\bfarther\b", asked, re.IGNORECASE):
        lead = _yes_no_last(st, (after_length or 0) > (before_length or 0))
    elif re.search(r"\bshorter\b|\bquicker\b|\bfaster\b", asked, re.IGNORECASE):
        lead = _yes_no_last(st, (after_length or 0) < (before_length or 0))
    elif re.search(r"\b(?:change|changes|differ|different|affected|worse)\b", asked, re.IGNORECASE):
        lead = _yes_no_last(st, after_length != before_length)
    elif re.search(r"\bstill\b|\b(?:other|another|alternative|some)\s+(?:route|way|path)\b", asked,
                   re.IGNORECASE):
        lead = _yes_no_last(st, True)
    return (lead + f"Without {gone}, the shortest route from {r.source} to "
            f"{r.target} is **{shown(after_length)} {unit}**: " + " → ".join(map(str, r.after_path)) +
            f" ({r.after_hops} hop(s); {before}). Nothing was changed."
            + (length_note(st.question, st.meaning(), unit) if not hops else ""))


def _gone(st: PlanState) -> list[str]:
    """The removed nodes ([name, …]) or edge ([a, b])."""
    edge = _edge_gone(st)
    if edge:
        return edge
    return _removed_all(st)


def _reach_gone(st: PlanState) -> list[str]:
    """What a reach question removes: the one edge, or every node named ("if Leeds and Selby
    both went down, which depots are cut off from York")."""
    edge = _edge_gone(st)
    if edge:
        return edge
    if slots.EDGE_REMOVAL.search(st.question):
        return []
    names = slots.removals(st.question)
    return [] if any(n in (slots.HUB, slots.CENTRAL) for n in names) else names


def _reach_target(st: PlanState) -> str | None:
    gone = _reach_gone(st)
    words = {w.lower() for g in gone for w in _words(g)}
    # "the Mad-Par link": its two ends are one written name
    others = [n for n in slots.named(st.question)
              if n not in gone and not {w.lower() for w in _words(n)} & words]
    if not others and _edge_gone(st):  # "if the Derby-Goole road is cut, who loses Derby"
        ends = [e for e in gone if re.search(rf"{_REACH_WORDS}\s+(?:the\s+)?{re.escape(e)}\b",
                                             st.question, re.IGNORECASE)]
        return ends[0] if len(ends) == 1 else None
    return others[0] if gone and len(others) == 1 else None


def _words(name: str) -> list[str]:
    return [w for w in re.split(r"[\s\-–—]+", name) if w]


def _reach_direction(st: PlanState) -> str:
    """``in`` when the question asks who reaches the named node ("reach X", "up to X"),
    ``out`` when the named node does the reaching ("how many would seaborn still pull in")."""
    target = _reach_target(st) or ""
    towards = re.search(rf"{_REACH_WORDS}\s+(?:the\s+)?{re.escape(target)}", st.question,
                        re.IGNORECASE)
    return "in" if towards else "out"


#: "how many trainees can Rhea reach if Vex leaves": a reach after the removal, without "still"
_CAN_REACH = re.compile(r"\b(?:can|could|would|does|do|will)\s+(?:\w+\s+){0,3}?(?:reach|get to)\b",
                        re.IGNORECASE)


def _reach_applies(st: PlanState) -> bool:
    from igraph_agent.model.whatif_totals import value_asked

    q = st.question  # "how many kegs would Lanternhall still get": an amount, not nodes
    return (_reach_target(st) is not None and not value_asked(st) and _route_ends(st) is None
            and bool(_STILL_REACH.search(q) or _CAN_REACH.search(q))
            and bool(re.search(r"\b(?:who|whom|which|what|list|name|how many)\b", q, re.IGNORECASE))
            and not re.search(r"\bcomponents?\b|\bpieces?\b|\bparts\b|\bsplit\b", q,
                              re.IGNORECASE))


def _reach_calls(st: PlanState) -> list[Call]:
    from igraph_agent.model.graph_intents import resolve_names

    if not _reach_applies(st):
        return []
    gone, target = _reach_gone(st), _reach_target(st)
    searches, ids = resolve_names(st, [*gone, target])  # type: ignore[list-item]
    if ids is None:
        return searches
    removal = {"edges": [ids[:2]]} if _edge_gone(st) else {"nodes": ids[:len(gone)]}
    return [*searches, Call("remove_and_compare", {**removal, "reach_of": ids[-1],
                                                   "direction": _reach_direction(st)})]


def _reach_render(st: PlanState, obs: list[Observed]) -> str:
    from igraph_agent.model.graph_intents import unresolved_names

    d = _result(obs)
    if d is None or d.reach_set is None:
        return unresolved_names(st, [n for n in (*_reach_gone(st), _reach_target(st)) if n])
    rs = d.reach_set
    gone = ", ".join([*map(str, d.removed_nodes),
                      *(f"the edge {a}–{b}" for a, b in d.removed_edges)])
    how = "" if rs.direction == "both" else " (following the edges' direction)"
    many = bool(re.search(r"\bhow many\b", st.question, re.IGNORECASE))
    lost = bool(_LOSE.search(st.question))
    rows = rs.lost if lost else rs.still
    count = rows.total
    names = ", ".join(map(str, rows.items)) or "none"
    names += " …" if rows.total > len(rows.items) else ""
    n = f"**{count}**" if many else str(count)
    listed = names if many else ", ".join(f"**{x}**" for x in rows.items) or "none"
    if rs.direction == "out":
        said = (f"{rs.node} no longer reaches {n} node(s){how}" if lost
                else f"{rs.node} still reaches {n} node(s){how}")
    else:
        verb = "reach" if rs.direction == "in" else "connected to"
        said = (f"{n} node(s) {'no longer' if lost else 'still'} {verb} {rs.node}{how}"
                if rs.direction == "in" else
                f"{n} node(s) {'are no longer' if lost else 'are still'} {verb} {rs.node}")
    # "can anyone still get through to v7?": Yes or No first, from the nodes still reaching
    lead = _yes_no_last(st, rs.after > 0) if not lost and not many else ""
    return (lead + f"Without {gone}, {said}: {listed} ({rs.before} before, {rs.after} after). "
            "Nothing was changed.")


#: who is left with nothing after a removal: "which volunteers are left with no project",
#: "which players would have had no tournaments at all", "who would have nobody left"
_STRANDED = re.compile(r"\bleft with(?:out any| no| nothing| nobody| none)\b|"
                       # "does anyone end up with no friends left"
                       r"\bends?\s+up\s+with\s+(?:no|nothing|nobody|none)\b|"
                       r"\b(?:would|will|'d)\s+(?:then\s+)?(?:have|be left with)\s+(?:had\s+)?"
                       r"(?:no|nothing|nobody|none)\b|\b(?:nothing|nobody|no one|none|no \w+) "
                       r"(?:\w+ )?left\b|\bno longer (?:have|has) any\b|"
                       # "which characters no longer co-appear with anyone"
                       r"\bno longer [a-z-]+ (?:\w+ )?(?:with|to) (?:anyone|anybody|any \w+)\b|"
                       # "who ends up isolated": no link left at all
                       r"\b(?:ends? up|end(?:ed)? up|would be|will be|be left|becomes?|"
                       r"left)\s+(?:completely\s+|totally\s+)?isolated\b|"
                       # "which members would then belong to no club at all"
                       r"\b(?:would|will|'d)\s+(?:then\s+|now\s+)?(?:belong\s+to|be\s+in|be\s+on|"
                       r"sit\s+in|attend|take)\s+no\s+\w+", re.IGNORECASE)


def _stranded_gone(st: PlanState) -> list[str]:
    edge = _edge_gone(st)
    return edge if edge else [n for n in slots.removals(st.question)
                              if n not in (slots.HUB, slots.CENTRAL)]


def _stranded_applies(st: PlanState) -> bool:
    asked = str(st.context.get("asked") or st.question)  # "no link" reads as degree 0
    return bool(_stranded_gone(st)) and bool(_STRANDED.search(asked)) and \
        not _reach_applies(st) and \
        bool(re.search(r"\b(?:who|whom|which|what|list|name|how many)\b|\b(?:does|do|did|will|"
                       r"would|is|are)\s+(?:any(?:one|body|\s+\w+)|some(?:one|body|\s+\w+))\b", st.question,
                       re.IGNORECASE))  # "does anyone end up with no friends left": Yes or No


def _stranded_calls(st: PlanState) -> list[Call]:
    from igraph_agent.model.graph_intents import resolve_names

    directed = bool(st.meaning().get("directed"))
    side = _stranded_side(st)
    if not _stranded_applies(st) or (directed and not _EITHER_WAY.search(st.question)
                                     and side is None):
        return []
    gone = _stranded_gone(st)
    searches, ids = resolve_names(st, gone)
    if ids is None:
        return searches
    removal = {"edges": [ids[:2]]} if _edge_gone(st) else {"nodes": list(dict.fromkeys(ids))}
    # the nodes with no link already: left with none as much as those the removal strands
    alone = Call("nodes_by_measure", {"measure": f"{side}_degree" if side else "degree",
                                      "op": "eq", "value": 0, "limit": 50})
    way = {"direction": side} if side else {"stranded_any": True} if directed else {}
    return [*searches, Call("remove_and_compare", {**removal, **way}), alone]


def _stranded_side(st: PlanState) -> str | None:
    """On a directed graph, the end a "left with no <role>" names in the table's own role
    nouns: ``in`` for the source column's ("which proteges are left with no mentor" on
    ``mentor,protege``: no edge coming in), ``out`` for the target column's; else None."""
    from igraph_agent.model.sides import nouns_pattern, role_sides

    if not st.meaning().get("directed") or _EITHER_WAY.search(st.question):
        return None
    info = {"directed": True, "meaning": st.meaning()}
    starts, ends = role_sides(info)
    asked = str(st.context.get("asked") or st.question)
    for nouns, side in ((starts, "in"), (ends, "out")):
        if nouns and re.search(rf"\b(?:no|nothing|none|without(?:\s+an?)?|any)\s+(?:\w+\s+)?"
                               rf"{nouns_pattern(nouns)}\b", asked, re.IGNORECASE):
            return side
    return None


#: no edge left on either side: "left with no loan links at all, in or out"
_EITHER_WAY = re.compile(r"\bin or out\b|\bout or in\b|\beither way\b|\bin either direction\b|"
                         r"\bboth ways\b|\bany direction\b|\bincoming or outgoing\b|"
                         r"\boutgoing or incoming\b|\bsent or received\b|\breceived or sent\b",
                         re.IGNORECASE)


def _stranded_clarify(st: PlanState) -> str | None:
    if _stranded_applies(st) and st.meaning().get("directed") and not _EITHER_WAY.search(
            st.question) and _stranded_side(st) is None:
        return ("On this directed graph, left with nothing on which side: no edge going out "
                "of a node, or none coming in?")
    return None


def _stranded_render(st: PlanState, obs: list[Observed]) -> str:
    from igraph_agent.model.graph_intents import unresolved_names

    d = _result(obs)
    if d is None or d.stranded is None:
        return unresolved_names(st, _stranded_gone(st))
    gone = ", ".join([*map(str, d.removed_nodes),
                      *(f"the edge {a}–{b}" for a, b in d.removed_edges)])
    s = d.stranded
    yes_no = slots.asked_kind(str(st.context.get("asked") or st.question)) == "yesno"
    before = next((o for o in obs if o.tool == "nodes_by_measure" and o.ok), None)
    already = [str(r["node"]) for r in (before.data.get("nodes") or [])] if before else []
    side = _stranded_side(st)
    end = {"in": "incoming edge", "out": "outgoing edge"}.get(side or "", "link")
    had_none = (f" Already with no {end} before it: {', '.join(f'**{n}**' for n in already)}."
                if already else "")
    if not s.total:
        return (("**No** — " if yes_no else "**None** — ") + f"without {gone}, every node "
                f"that had a link keeps at least one.{had_none} Nothing was changed.")
    listed = ", ".join(f"**{n}**" for n in s.items) + (" …" if s.total > len(s.items) else "")
    cols = st.meaning().get("direction") or ["source", "target"]
    lost = {"in": f"no incoming edge ({cols[0]} → {cols[1]}; every one they had was from it)",
            "out": f"no outgoing edge ({cols[0]} → {cols[1]}; every one they had was to it)"}.get(
        side or "", "no link at all (every link they had was to it)")
    return ("**Yes** — " if yes_no else "") + (f"Without {gone}, **{s.total}** node(s) would be "
                                               f"left with {lost}: {listed}.{had_none} Nothing "
                                               "was changed.")


#: a ranking by centrality asked of the graph after the removal: "who would be the most
#: central if Dot left", "which paper would top PageRank if paper01 were retracted"
#: the best-connected node asked after a removal: its degree on the graph without it
_CONNECTED_ASK = (r"\b(?:best|most|better|highest|well)[- ]connected\b|\bmost (?:connections|"
                  r"links|ties|contacts)\b|\bhighest degree\b")
_CENTRAL_ASK = re.compile(rf"\b(?:central\w*|important|influential|pagerank|page rank|"
                          rf"betwe+n+e*ss|closeness|eigenvector)\b|{_CONNECTED_ASK}|"
                          rf"\bmost\s+shortest\s+paths\b", re.IGNORECASE)
_RANK_ASK = re.compile(r"\b(?:who|whom|which|what|list|name|top|rank\w*)\b", re.IGNORECASE)
_OTHER_ASK = re.compile(r"\b(?:components?|pieces?|parts|split|groups?|communit\w*|clusters?|"
                        r"how many|how far|route|path|score of|reach\w*)\b", re.IGNORECASE)


def _central_applies(st: PlanState) -> bool:
    q = st.question
    gone = _removed_all(st)
    if not gone or _edge_gone(st) or slots.BOTTOM.search(q) or _OTHER_ASK.search(q):
        return False
    words = {w.lower() for g in gone for w in _words(g)}
    others = [n for n in slots.named(q) if not {w.lower() for w in _words(n)} & words]
    return not others and bool(_CENTRAL_ASK.search(q)) and bool(_RANK_ASK.search(q))


def _central_calls(st: PlanState) -> list[Call]:
    from igraph_agent.model.graph_intents import asked_weighting, resolve_names
    from igraph_agent.model.intents import _centrality_weight, _named_measures, _unweighed

    if not _central_applies(st) or _unweighed(st):
        return []
    searches, ids = resolve_names(st, _removed_all(st))
    if ids is None:
        return searches
    measures = _named_measures(st.question) or (
        ["degree"] if re.search(_CONNECTED_ASK, st.question, re.IGNORECASE) else
        ["pagerank", "betweenness"])
    weight = asked_weighting(st) or _centrality_weight(st, measures)
    return [*searches, *(Call("node_centrality", {"measure": m, "top_k": 5, "without": ids,
                                                  **weight}) for m in measures)]


def _central_clarify(st: PlanState) -> str | None:
    from igraph_agent.model.intents import _centrality_clarify

    return _centrality_clarify(st) if _central_applies(st) else None


def _central_render(st: PlanState, obs: list[Observed]) -> str:
    from igraph_agent.model.graph_intents import unresolved_names
    from igraph_agent.model.intents import _centrality_render
    from igraph_agent.results.centrality import NodeCentralityResult

    done = [o.typed(NodeCentralityResult) for o in obs if o.tool == "node_centrality" and o.ok]
    if not done or not done[0].without:
        return unresolved_names(st, _removed_all(st))
    gone = ", ".join(map(str, done[0].without))
    return (f"Without {gone} (scores computed on the graph without it; nothing was changed): "
            + _centrality_render(st, obs))


def _bonus(applies):
    return lambda st: 3.0 if applies(st) else -10.0


WHATIF_INTENTS = [
    Intent("whatif_central", t(0.5, _CENTRAL_ASK.pattern), _central_calls, _central_render,
           "the most central nodes after a removal (node_centrality without)",
           bonus=lambda st: 6.0 if _central_applies(st) else -10.0, clarify=_central_clarify,
           hint="who is the most central without a node you name",
           answers=frozenset({"node", "list", "value"}),
           covers=frozenset({"removal", "entity", "weight", "direction"})),
    Intent("whatif_stranded", t(0.5, _STRANDED.pattern, r"\bleft\b.*\bdegree exactly 0\b",
                                r"\bdegree exactly 0\s+left\b"),
           _stranded_calls, _stranded_render,
           "the nodes left with no link after a removal (remove_and_compare stranded)",
           group="components", bonus=lambda st: 5.0 if _stranded_applies(st) else -10.0,
           clarify=_stranded_clarify,
           hint="who is left with no link without a node you name",
           answers=frozenset({"list", "count", "node", "yesno"}),
           # "left with no project" reads as a degree of 0: the threshold is the "no"
           covers=frozenset({"removal", "entity", "direction", "negation", "scope",
                             "threshold", "twomode"})),
    Intent("whatif_route", t(0.5, r"\bfrom\b", r"\bbetween\b", _BARE_ENDS.pattern), _route_calls,
           _route_render,
           "a measured route after a removal (remove_and_compare reach with weight)",
           group="components", bonus=_bonus(_route_applies), clarify=_route_clarify,
           hint="a route's length without a node you name",
           answers=frozenset({"value", "path", "count", "yesno"}),
           # "the lowest total latency": the route's own least, not a ranking's bottom
           covers=frozenset({"removal", "entity", "weight", "direction", "scope", "bottom"})),
    Intent("whatif_reach", t(0.5, r"\bstill\b|\bno longer\b|\blose\b|\blost\b|\bleft with\b|"
                                  r"\bcut off\b", _CAN_REACH.pattern), _reach_calls, _reach_render,
           "who still reaches a node after a removal (remove_and_compare reach_of)",
           group="components", bonus=lambda st: 6.0 if _reach_applies(st) else -10.0,
           hint="who still reaches a node without another you name",
           answers=frozenset({"list", "count", "node"}),
           # "the A - B cable": the column's word names the removed edge, not a value
           covers=frozenset({"removal", "entity", "direction", "scope", "negation", "weight"})),
]
