"""Offline-planner intent about one named node's partners linked both ways on a directed
graph (its out-neighbours that are also its in-neighbours):

* ``node_mutual``: "who does Abe vouch for that vouches for Abe back", "which of the people
  Abe vouches for also vouch for him", "who follows Kim and is followed by her", "list Kim's
  mutual follows": two ``local_analysis`` calls (one per direction), their common part; with
  the way back denied ("who has emailed emp00 but never received anything back from emp00",
  "who does Abe vouch for that never vouches back") the partners on one side only.

The whole graph's pairs linked both ways are ``mutual_pairs``' (``pair_intents.py``); an
undirected graph has no way back to ask about, so this applies only on a directed one.
``intents.py`` registers it.

Example::

    >>> _asks_back("who does Abe vouch for that vouches for Abe back?", "Abe")
    True
    >>> _asks_back("who does Abe vouch for?", "Abe")
    False
"""

from __future__ import annotations

import re

from igraph_agent.model import slots
from igraph_agent.model.planstate import Call, Observed, PlanState
from igraph_agent.model.registry import Intent, t
from igraph_agent.results.local import LocalAnalysisResult

#: the way back asked in words: "... back", "each other", "mutual", "in return"
_BACK = re.compile(r"\bback\b|\beach other\b|\bone another\b|\bmutual(?:ly)?\b|\bboth ways\b|"
                   r"\bin both directions\b|\breciprocat\w*|\bin return\b", re.IGNORECASE)
#: "... also vouch for him": the second half of the question points back at the named node
_ALSO_BACK = re.compile(r"\balso\b.*\b(?:him|her|them|it)\s*[?.!]*\s*$", re.IGNORECASE)
#: a route, a reach or a count of steps: not one node's partners
_NOT_PARTNERS = re.compile(r"\breach\w*|\bpaths?\b|\broutes?\b|\bsteps?\b|\bhops?\b|\bchains?\b|"
                           r"\bindirect\w*|\bthrough\b|\bvia\b|\bcycles?\b|\bloops?\b|\bshortest\b",
                           re.IGNORECASE)
_LIST = re.compile(r"^\s*(?:so\s+|and\s+)?(?:who|whom|which|what|list|name|show|how many)\b",
                   re.IGNORECASE)
_LISTED = 200  # local_analysis lists at most this many per hop


def _asks_back(question: str, name: str) -> bool:
    """Whether a question about ``name`` asks for its partners linked both ways."""
    if not _LIST.search(question) or _NOT_PARTNERS.search(question):
        return False
    twice = len(re.findall(rf"(?<![\w]){re.escape(name)}(?![\w])", question)) >= 2
    return bool(_BACK.search(question) or _ALSO_BACK.search(question) or twice)


#: two questions joined: "which did x103 call, and who called x103" asks both lists, not
#: the partners on both
_TWO_ASKS = re.compile(r"(?:,\s*|\s)(?:and|&)\s+(?:also\s+)?(?:who|whom|which|what)\b",
                       re.IGNORECASE)


def _both_lists(question: str) -> bool:
    """Whether the node's out- and in-partners are asked as two lists."""
    return bool(_TWO_ASKS.search(question)) and not (_BACK.search(question)
                                                     or _ALSO_BACK.search(question))


def _mutual_of(st: PlanState) -> str | None:
    """The one node whose partners both ways are asked for, on a directed graph."""
    if not st.meaning().get("directed"):
        return None
    asked = str(st.context.get("asked") or st.question)
    if slots.features(asked) & {"removal", "hops", "threshold", "future", "bottom", "ordinal"}:
        return None
    names = list(dict.fromkeys(slots.named(st.question)))
    if len(names) != 1 or names[0] in (slots.HUB, slots.CENTRAL):
        return None
    name = names[0]
    return name if _asks_back(st.question, name) and _asks_back(
        re.sub(re.escape(name), name, asked, flags=re.IGNORECASE), name) else None


#: the way back denied: "never received anything back", "does not call back", "unanswered"
_DENIED = re.compile(r"\b(?:never|not|no|without|n't)\b[^?]*?\bback\b|\bun(?:answered|returned|"
                     r"reciprocated|requited)\b|\bnot\s+(?:been\s+)?(?:returned|reciprocated)\b",
                     re.IGNORECASE)


def one_way(st: PlanState, name: str) -> str | None:
    """``in`` when the asked nodes reach ``name`` with no edge back ("who has emailed emp00 but
    never received anything back"), ``out`` when ``name`` reaches them ("who does Abe vouch
    for that never vouches back"), None when no way back is denied or the roles are unclear."""
    q = str(st.context.get("asked") or st.question)
    if not _DENIED.search(q):
        return None
    n = re.escape(name)
    if re.search(rf"^\s*(?:so\s+|and\s+)?(?:who|whom|which\s+\w+)\s+(?:(?:does|did|do)\s+)?{n}\b",
                 q, re.IGNORECASE):
        return "out"  # "who does Abe vouch for", "whom did emp00 email"
    if re.search(rf"^\s*(?:so\s+|and\s+)?(?:who|which\s+\w+)\s+(?:has\s+|have\s+|had\s+)?"
                 rf"(?:ever\s+)?[a-z]+\s+(?:(?:to|at|for)\s+)?{n}\b", q, re.IGNORECASE):
        return "in"  # "who has emailed emp00", "which accounts pay Abe"
    return None


def _calls(st: PlanState) -> list[Call]:
    from igraph_agent.model.graph_intents import resolve_names

    name = _mutual_of(st)
    if name is None:
        return []
    searches, ids = resolve_names(st, [name])
    if ids is None:
        return searches
    return [*searches, *(Call("local_analysis", {"node": ids[0], "radius": 1, "limit": _LISTED,
                                                 "direction": way}) for way in ("out", "in"))]


def _hop_one(d: LocalAnalysisResult) -> tuple[list[str], int]:
    hop = next((h for h in d.neighbours_by_hop or [] if h.hop == 1), None)
    return ([str(r.node) for r in hop.nodes] if hop else []), (hop.count if hop else 0)


def _render(st: PlanState, obs: list[Observed]) -> str:
    from igraph_agent.model.graph_intents import found_reply, unresolved_names

    name = _mutual_of(st)
    got = {str(o.args.get("direction")): o.typed(LocalAnalysisResult) for o in obs
           if o.tool == "local_analysis" and o.ok}
    if name is None or set(got) != {"out", "in"}:
        return unresolved_names(st, [name] if name else [])
    (outs, n_out), (ins, n_in) = _hop_one(got["out"]), _hop_one(got["in"])
    if len(outs) < n_out or len(ins) < n_in:
        return "The neighbour lists were cut short, so the partners both ways could not be read."
    who = str(got["out"].node)
    both = [n for n in outs if n in set(ins) and n != who]
    cols = st.meaning().get("direction") or ["source", "target"]
    arrow = f"{cols[0]} → {cols[1]}"
    side = one_way(st, name)
    if side:  # the way back denied: one side's partners, less those linked both ways
        first, other = (ins, outs) if side == "in" else (outs, ins)
        only = [n for n in first if n not in set(other) and n != who]
        how = (f"have an edge into {who} and none back from it" if side == "in" else
               f"get an edge from {who} and send none back")
        total = n_in if side == "in" else n_out  # (no count made here: every figure a tool's)
        if not only:
            return found_reply(st, [name]) + (f"**None** — every one of the {total} linked that way is "
                                         f"linked both ways ({arrow}).")
        return found_reply(st, [name]) + (
            ", ".join(f"**{n}**" for n in only) + f" {how} ({arrow}); of the {total} on that "
            "side, " + (", ".join(both) + " also " + ("has" if len(both) == 1 else "have")
                        + " the edge back." if both else "none has the edge back."))
    if _both_lists(str(st.context.get("asked") or st.question)):
        return found_reply(st, [name]) + (
            f"{who} has an edge out to **{n_out}** node(s) ({arrow}): "
            + (", ".join(f"**{n}**" for n in outs) or "none")
            + f"; and in from **{n_in}**: " + (", ".join(f"**{n}**" for n in ins) or "none") + ".")
    if not both:
        return found_reply(st, [name]) + (
            f"**None** — no node is linked with {who} both ways ({arrow}): {who} has an edge "
            f"out to {n_out} node(s) and in from {n_in}, and none is on both lists.")
    counted = slots.asked_kind(str(st.context.get("asked") or st.question)) == "count"
    lead = (f"**{len(both)}** node(s) are linked" if counted else  # a count only where asked:
            "Linked")  # a figure the tools give none of is not stated unasked
    return found_reply(st, [name]) + (
        f"{lead} with {who} both ways (an edge each way, {arrow}): "
        + ", ".join(f"**{n}**" for n in both)
        + f" (of the {n_out} {who} has an edge out to and the {n_in} with an edge into {who}).")


MUTUAL_INTENTS = [
    Intent("node_mutual", t(0.5, r"."), _calls, _render,
           "one node's partners linked both ways (local_analysis out and in)", group="directed",
           bonus=lambda st: 5.0 if _mutual_of(st) else -10.0,
           hint="a node's partners linked both ways",
           answers=frozenset({"count", "list", "node"}),
           covers=frozenset({"direction", "entity"})),
]


# -- one node's in- or out-neighbours ranked (directed) -----------------------------------
#: "among the people Abe vouches for, …", "of the papers that cite P3, …": the clause that
#: names one side of a node's edges, then the ranking asked of them
_AMONG = re.compile(r"^\s*(?:among|amongst|of|from)\s+(?:all\s+)?(?:the\s+)?(?:[a-z]+\s+)?"
                    r"(?P<clause>.+?)\s*,\s*(?P<rest>.+)$", re.IGNORECASE)
_WHO_REL = r"(?:(?:that|who|which|whom)\s+)?"
_NAMED = r"(?P<x>@[A-Za-z0-9_][\w.-]*|(?-i:[A-Z][\w'.-]*)|[a-z]+\d+|\d+)"


def _side_of(clause: str, info: dict) -> tuple[str, str] | None:
    """(node, ``out``/``in``) of a clause naming one side of a node's edges in the table's
    verb: "Abe vouches for" (Abe's out-neighbours), "that cite P3" (P3's in-neighbours),
    "that are cited by P3" (P3's out-neighbours)."""
    from igraph_agent.model.verbs import PREPOSITION, column_verbs, forms, participles
    from igraph_agent.model.vocabulary import _EDGE_VERBS

    fwd, back = column_verbs(info)
    if not fwd and back:
        return None  # only the target's verb ("imports"): the clause's way is not read here
    fwd = fwd or list(_EDGE_VERBS)  # "cite", "follow", "pay": the source does it
    v = forms(fwd) + r"(?:e?s|ies|ed|d|ing|e)?"
    prep = rf"(?:\s+{PREPOSITION})?"
    for rx, side in (
            (rf"^{_WHO_REL}{_NAMED}\s+(?:has\s+|have\s+|had\s+)?{v}{prep}$", "out"),
            (rf"^{_WHO_REL}(?:has\s+|have\s+|had\s+)?{v}{prep}\s+{_NAMED}$", "in"),
            (rf"^{_WHO_REL}(?:is|are|was|were|get|got|have been|has been)\s+{participles(fwd)}"
             rf"{prep}\s+by\s+{_NAMED}$", "out")):
        m = re.match(rx, clause.strip(), re.IGNORECASE)
        if m:
            return m.group("x"), side
    return None


def _ranked_side(st: PlanState) -> tuple[str, str, str, bool] | None:
    """(node, its side, the measure, lowest first) of "among the people Abe vouches for,
    who is vouched for most" (normalised: "who has the highest in-degree")."""
    if not st.meaning().get("directed"):
        return None
    m = _AMONG.match(st.question)
    if not m:
        return None
    rest = m.group("rest")
    measure = re.search(r"\b(highest|lowest)\s+(in|out)-degree\b", rest, re.IGNORECASE)
    if not measure or re.search(r"\b(?:and|then|also|but)\b", rest, re.IGNORECASE):
        return None
    info = st.last_ok("get_graph_info")
    found = _side_of(m.group("clause"), dict(info.data) if info else {})
    if found is None:
        return None
    return (found[0], found[1], f"{measure.group(2).lower()}_degree",
            measure.group(1).lower() == "lowest")


def _ranked_calls(st: PlanState) -> list[Call]:
    from igraph_agent.model.graph_intents import resolve_names

    found = _ranked_side(st)
    if found is None:
        return []
    name, side, measure, _low = found
    searches, ids = resolve_names(st, [name])
    if ids is None:
        return searches
    return [*searches, Call("local_analysis", {"node": ids[0], "radius": 1, "limit": _LISTED,
                                               "direction": side}),
            Call("nodes_by_measure", {"measure": measure, "op": "ge", "value": 0,
                                      "limit": 500})]


def _ranked_render(st: PlanState, obs: list[Observed]) -> str:
    from igraph_agent.model.graph_intents import found_reply, unresolved_names
    from igraph_agent.results.counting import NodesByMeasureResult

    found = _ranked_side(st)
    local = next((o.typed(LocalAnalysisResult) for o in obs if o.tool == "local_analysis"
                  and o.ok), None)
    measured = next((o.typed(NodesByMeasureResult) for o in obs if o.tool == "nodes_by_measure"
                     and o.ok), None)
    if found is None or local is None or measured is None:
        return unresolved_names(st, [found[0]] if found else [])
    name, side, measure, low = found
    partners, count = _hop_one(local)
    if len(partners) < count or measured.truncated:
        return "The lists were cut short, so the ranking could not be read."
    values = {str(r.node): r.value for r in measured.nodes}
    rows = sorted(((values.get(p, 0), p) for p in partners),
                  key=lambda r: ((r[0] if low else -r[0]), r[1]))
    who = str(local.node)
    cols = st.meaning().get("direction") or ["source", "target"]
    whose = (f"the {count} node(s) {who} has an edge out to" if side == "out" else
             f"the {count} node(s) with an edge into {who}")
    if not rows:
        return found_reply(st, [name]) + f"**None** — {who} has no such partner ({cols[0]} → {cols[1]})."
    best = rows[0][0]
    tied = [p for v, p in rows if v == best]
    rest = ", ".join(f"{p} ({v:g})" for v, p in rows[len(tied):6])
    what = measure.replace("_", "-")
    return (found_reply(st, [name]) + f"Of {whose} ({cols[0]} → {cols[1]}), "
            + " and ".join(f"**{p}**" for p in tied)
            + f" {'has' if len(tied) == 1 else 'tie for'} the {'lowest' if low else 'highest'} "
            f"{what}: **{best:g}**" + (f"; then {rest}" if rest else "") + ".")


MUTUAL_INTENTS.append(
    Intent("neighbour_side_rank", t(0.5, r"."), _ranked_calls, _ranked_render,
           "one node's in- or out-neighbours ranked (local_analysis, nodes_by_measure)",
           group="ranking", bonus=lambda st: 6.0 if _ranked_side(st) else -10.0,
           hint="one node's in- or out-neighbours ranked",
           answers=frozenset({"node", "list", "value"}),
           covers=frozenset({"direction", "entity", "restriction", "bottom"})))
