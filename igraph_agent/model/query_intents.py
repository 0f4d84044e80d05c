"""Offline-planner intents for questions that name a number or a change: counts and
rankings with a threshold ("more than 3 ties"), k-hop counts from a node ("within 2
steps of Valjean"), what-if removal ("if Medici left, how many pieces"), the largest
clique, the pairs with the most common neighbours and totals of an edge attribute.

Each renders only what its tool returned (tools/counting.py, whatif.py, cohesion.py);
``intents.py`` registers them with their lexicon rows (``model/lexicon.py``).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from igraph_agent.model import cut_words, sides, slots, topn, vocabulary
from igraph_agent.model.either_values import where_said
from igraph_agent.model.graph_intents import (
    UNRESOLVED,
    _who,
    found_reply,
    resolve_names,
    unresolved_names,
)
from igraph_agent.model.planstate import Call, Observed, PlanState
from igraph_agent.model.weights import (
    counts_the_edges,
    kind_mismatch,
    length_note,
    unit_spellings,
    unknown_as_length,
    without_graph_name,
)
from igraph_agent.results.cohesion import CommonNeighbourPairsResult, LargestCliqueResult
from igraph_agent.results.counting import (
    EdgeAttributeTotalsResult,
    HopCountsResult,
    NodesByMeasureResult,
)
from igraph_agent.results.data import GetGraphInfoResult
from igraph_agent.results.local import LocalAnalysisResult
from igraph_agent.results.whatif import RemoveAndCompareResult

_WORDS = {"gt": "more than", "ge": "at least", "lt": "fewer than", "le": "at most",
          "eq": "exactly"}
_MEASURES = [  # question words -> nodes_by_measure measure, first match wins
    (r"in-?degree|incoming|cited|citations?|pointed to|followers", "in_degree"),
    # the data's verb in the passive: "required (directly) by at least 2 other packages"
    (r"\b[a-z]+(?:ed|en)\s+(?:directly\s+|only\s+)?by\s+(?:at least|at most|more than|fewer than|"
     r"less than|over|under|exactly|only|\d)", "in_degree"),
    (r"out-?degree|outgoing|cites|citing|points to|follows", "out_degree"),
    (r"triangles?", "triangles"), (r"clustering", "clustering"),
    (r"\bcore (?:number|index)|k-?core", "core_number"), (r"pagerank|page rank", "pagerank"),
    (r"betweenness", "betweenness"), (r"closeness", "closeness"),
]


def _info(st: PlanState) -> GetGraphInfoResult:
    info = st.last_ok("get_graph_info")
    return info.typed(GetGraphInfoResult) if info else GetGraphInfoResult.model_construct()


def _raw_info(st: PlanState) -> dict:
    """The graph state as the planner's vocabulary reads it (``model/vocabulary.py``)."""
    info = st.last_ok("get_graph_info")
    return info.data if info else {}


def _f(x) -> str:
    return f"{x:.4f}".rstrip("0").rstrip(".") if isinstance(x, float) else str(x)


# -- counts and rankings with a threshold ----------------------------------------------


def threshold_calls(st: PlanState) -> list[Call]:
    from igraph_agent.model.intents import where_values

    found = slots.threshold(st.question)
    if found is None:
        return []
    directed = bool(_info(st).directed)
    measure = next((m for rx, m in _MEASURES if re.search(rx, st.question, re.IGNORECASE)),
                   "degree")
    if measure in ("in_degree", "out_degree") and not directed:
        measure = "degree"
    asked = str(st.context.get("asked") or st.question)
    if measure == "degree" and directed and not (  # "neither import nor get imported": both
            slots.BOTH_ENDS_SAID.search(asked) and re.search(r"\bdegree\b", st.question)):
        # "which species eat exactly 2 prey": one end's edges
        side = sides.counted_side(asked, _raw_info(st))
        measure = f"{side}_degree" if side else measure
        if measure == "degree" and vocabulary.DISTINCT_PARTNERS.search(
                str(st.context.get("asked") or st.question)):
            measure = "partners"  # "deal with at least 5 different other wards": each once
    op, value = found
    listed = {"limit": 50} if _LIST_ASKED.search(st.question) else {}
    call = Call("nodes_by_measure", {"measure": measure, "op": op, "value": value,
                                     **where_values(st), **_side(st), **listed})
    if _no_partner(st, call):  # a node in no edge is on neither side the edges give
        return [call, Call("nodes_by_measure", {"measure": "degree", "op": "eq", "value": 0,
                                                "limit": 50})]
    return [call]


def _no_partner(st: PlanState, call: Call) -> bool:
    """Whether ``call`` asks one side of a two-mode graph, read from its edge columns, for
    its nodes with no partner at all ("which taprooms get no kegs")."""
    a = call.args
    modes = _raw_info(st).get("meaning", {}).get("modes") or {}
    if not a.get("side") or modes.get("by") == "attribute" or a["measure"] != "degree":
        return False
    if (a["op"] == "eq" and a["value"] == 0) or (a["op"] == "lt" and a["value"] == 1) or (
            a["op"] == "le" and a["value"] == 0):
        return True
    # "which substations have fewer than two crews": a node in no edge has none either
    return bool(modes.get("unplaced")) and ((a["op"] == "lt" and a["value"] >= 1) or (
        a["op"] == "le" and a["value"] >= 0))


def _unsided(d: NodesByMeasureResult, obs: list[Observed]) -> str:
    """The nodes in no edge that a side's count of them leaves out (a two-mode table's sides
    are read from its edge columns: a node only in the node table is on neither)."""
    alone = next((o.typed(NodesByMeasureResult) for o in obs if o.tool == "nodes_by_measure"
                  and o.ok and "side" not in o.args), None)
    if d.side is None or alone is None:
        return ""
    listed = {str(r.node) for r in d.nodes}
    others = [r for r in alone.nodes if str(r.node) not in listed]
    if not others:
        return ""
    left = alone.count - (len(alone.nodes) - len(others))
    more = " …" if left > len(others) else ""
    who = ", ".join(_who(r) for r in others[:10])
    if d.op == "eq" and d.value == 0:
        return (f" Besides, **{left}** node(s) are in no edge at all, so the edges do not say "
                f"which side they are on: {who}{more}.")
    return (f" Besides, **{left}** node(s) are in no edge at all (degree 0), so the edges do not "
            f"say which side they are on; each counts here too if it is one of the {d.side}: "
            f"{who}{more}.")


def _unsided_nodes(d: NodesByMeasureResult, obs: list[Observed]) -> list[str]:
    """The nodes in no edge that a side's count of them leaves out, as named."""
    alone = next((o.typed(NodesByMeasureResult) for o in obs if o.tool == "nodes_by_measure"
                  and o.ok and "side" not in o.args), None)
    listed = {str(r.node) for r in d.nodes}
    return [_who(r) for r in (alone.nodes if alone else []) if str(r.node) not in listed]


def _side(st: PlanState) -> dict:
    """``{"side": ...}`` when the question names one side of a two-mode graph ("how many
    students take more than 3 courses": the students)."""
    from igraph_agent.model.semantic_intents import _side_in

    side = _side_in(st)
    return {"side": side} if side else {}


_LIST_ASKED = re.compile(r"^\s*(?:so\s+|and\s+|now\s+)?(?:list|name|show|give|tell|which|who|"
                         r"what)\b|\b(?:list|name) (?:them|all|every)", re.IGNORECASE)


def threshold_render(st: PlanState, obs: list[Observed]) -> str:
    from igraph_agent.model.graph_intents import yes_no_lead

    d = obs[0].typed(NodesByMeasureResult)
    unsided = _unsided(d, obs)
    measure = d.measure.replace("_", "-")
    among = d.where
    scope = (" among nodes with " + ", ".join(f"{k} = {v}" for k, v in among.items())) \
        if among else ""
    scope += f" (the {d.side} side)" if d.side else ""
    # "list everyone with 3 or more coauthors": a list asked is listed whole (the tool's rows)
    k = len(d.nodes) if _LIST_ASKED.search(st.question) else 10
    shown = ", ".join(f"{_who(r)} ({_f(r.value)})" for r in d.nodes[:k])
    more = " …" if d.count > k else ""
    nouns = vocabulary.noun(st.question, _raw_info(st))[1]
    cols = (_raw_info(st).get("meaning") or {}).get("direction") or []
    if d.measure in ("in_degree", "out_degree") and len(cols) == 2:  # the edges' own way
        scope += (f" ({'incoming' if d.measure == 'in_degree' else 'outgoing'} edges, "
                  f"{cols[0]} → {cols[1]})")
    if d.measure == "partners":
        measure = "distinct partners"
        scope += " (other nodes tied either way, a two-way pair counted once)"
    # "are there any brewers with more than 4 taprooms": yes or no, and which (none of a
    # side while a node of no side is in no edge: neither, the planner asks)
    lead = yes_no_lead(st, True) if d.count else "" if unsided else yes_no_lead(st, False)
    if unsided and not d.count and d.op == "eq" and d.value == 0 and yes_no_lead(st, True):
        # "is there a club nobody belongs to": a node in no edge has no partner on either side
        alone = _unsided_nodes(d, obs)
        return (f"**Yes**, if {', '.join(f'**{n}**' for n in alone[:10])} "
                f"{'is' if len(alone) == 1 else 'are'} among the {d.side}: in no edge at all, so "
                f"nothing is linked to {'it' if len(alone) == 1 else 'them'}, though the edges "
                f"do not say which side {'it is' if len(alone) == 1 else 'they are'} on. Of the "
                f"{d.of} {d.side} the edges name, **{d.count}** have {measure} "
                f"{_WORDS[d.op]} {_f(d.value)}.")
    return (lead + f"**{d.count}** of {d.of} {nouns}{scope} have {measure} {_WORDS[d.op]} "
            f"{_f(d.value)}" + (f": {shown}{more}." if shown else ".") + unsided)


#: a threshold's unit that no count of ties has: "here more than 5 years", "over 40 kg"
_NOT_TIES = re.compile(r"(?:years?|months?|weeks?|days?|hours?|minutes?|seconds?|decades?|"
                       r"km|kilomet\w*|miles?|metres?|meters?|kg|kilos?|grams?|tonnes?|tons?|"
                       r"percent|dollars?|euros?|litres?|liters?|gb|mb|tb|ms|cm|mm|m)",
                       re.IGNORECASE)  # not "seasons", "bars", "points": a graph's own nodes


def threshold_bonus(st: PlanState) -> float:
    from igraph_agent.model.attribute_intents import _unit_after_threshold

    unit = _unit_after_threshold(st.question)
    if unit and _NOT_TIES.fullmatch(unit):
        return -10.0  # a measure, not a number of ties: a node attribute's, or none (ask)
    if unit and _info(st).directed and count_column(st, unit if unit.endswith("s") else unit + "s"):
        return -10.0  # "sends more than 5 emails" on a count column: its sums, not partners
    return 3.0 if "threshold" in slots.features(st.question) else 0.0


# -- the least-connected nodes ---------------------------------------------------------
def least_calls(st: PlanState) -> list[Call]:
    from igraph_agent.model.intents import _degree_calls

    base = _degree_calls(st)[0]
    first = Call(base.tool, {**base.args, **_side(st)})
    done = st.done(first)
    if done is None or not done.ok:
        return [first]
    measure = {"in": "in_degree", "out": "out_degree"}.get(first.args.get("direction", ""),
                                                           "degree")
    low = done.data.get("min_degree", 0)
    kept = {k: first.args[k] for k in ("where", "side") if k in first.args}
    return [first, Call("nodes_by_measure", {"measure": measure, "op": "le", "value": low,
                                             **kept})]


def least_render(st: PlanState, obs: list[Observed]) -> str:
    d = next((o.typed(NodesByMeasureResult) for o in obs if o.tool == "nodes_by_measure"), None)
    if d is None:
        low = next((o.data.get("min_degree") for o in obs if o.tool == "degree_analysis"), None)
        return f"The lowest degree is **{low}**." if low is not None else \
            "The degrees could not be read."
    shown = ", ".join(_who(r) for r in d.nodes[:12]) + (" …" if d.count > 12 else "")
    nouns = d.side or vocabulary.noun(st.question, _raw_info(st))[1]  # "2 of 7 courses"
    scope = (" among " + ", ".join(f"{k} = {v}" for k, v in d.where.items())) if d.where else ""
    scope += f" among the {d.side}" if d.side else ""
    return (f"The fewest ties{scope}: **{_f(d.value)}** ({d.measure.replace('_', '-')}), held by "
            f"{d.count} of {d.of} {nouns}: {shown}.")


# -- k-hop counts from a node -----------------------------------------------------------
def _hop_name(st: PlanState) -> str | None:
    m = re.search(r"\b(?:of|from|around|to|near)\s+(.+?)\s*[?.!]*$", st.question)
    if m:
        found = slots.names(m.group(1))
        if found:
            return found[0]
    return slots.node(st.question)


def hop_calls(st: PlanState) -> list[Call]:
    k = slots.hops(st.question)
    name = _hop_name(st)
    if k is None or name is None:
        return []
    searches, ids = resolve_names(st, [name])
    if ids is None:
        return searches
    way = _hop_direction(st, name)
    return [*searches, Call("hop_counts", {"node": ids[0], "hops": k[0],
                                           **({"direction": way} if way != "both" else {})})]


#: a verb that moves something along the edges ("get goods to", "send mail to")
_CARRY = (r"(?:get|send|ship|move|deliver|carry|take|pass|forward|route|haul|supply|"
          r"sell|export)\w*")


def _hop_direction(st: PlanState, name: str) -> str:
    """On a directed graph, which way the steps go: ``out`` from the node ("reach from OSL",
    "fly from OSL"), ``in`` to it ("can reach OSL", "to OSL"), else ``both``."""
    if not _info(st).directed:
        return "both"
    n = re.escape(name)
    if re.search(rf"\bfrom\s+{n}\b", st.question, re.IGNORECASE):
        return "out"
    if re.search(rf"\b{n}\s+(?:\w+\s+)?(?:reach|get\s+to)\b", st.question, re.IGNORECASE):
        return "out"  # "how many people can u1 reach": the steps go out of u1
    if re.search(rf"\b{n}\s+(?:\w+\s+)?{_CARRY}\s+(?:(?!{n}\b)[\w-]+\s+){{0,2}}?to\s*"
                 rf"(?:in\b|within\b|[?.!]|$)", st.question, re.IGNORECASE):
        return "out"  # "which depots can Kelmscott get goods to": to the ones asked about
    if re.search(rf"\b(?:reach|to|into)\s+{n}\b", st.question, re.IGNORECASE):
        return "in"
    return "both"


def hop_render(st: PlanState, obs: list[Observed]) -> str:
    d = next((o.typed(HopCountsResult) for o in obs if o.tool == "hop_counts"), None)
    name = _hop_name(st)
    if d is None:
        return unresolved_names(st, [name] if name else [])
    _k, exact = slots.hops(st.question) or (d.hops, False)
    nouns = vocabulary.noun(st.question, _raw_info(st))[1]
    last = d.by_distance[-1]
    listed = ", ".join(_who(n) for n in last.nodes[:12]) + (" …" if last.count > 12 else "")
    if exact:
        head = f"**{d.exactly}** {nouns} are exactly {d.hops} step(s) from {_who(d)}"
    else:
        head = (f"**{d.within}** {nouns} are within {d.hops} step(s) of {_who(d)} "
                f"(not counting it)")
    per = "; ".join(f"{r.count} at distance {r.distance}" for r in d.by_distance)
    if _info(st).directed:
        head += {"out": ", following the edges out of it", "in": ", following the edges into "
                 "it (the ones that reach it)"}.get(d.direction, ", edge directions ignored")
    if not exact and _WHICH.search(st.question) and all(r.count == len(r.nodes)
                                                        for r in d.by_distance):
        listed = ", ".join(_who(n) for r in d.by_distance for n in r.nodes)  # "which depots"
        exact = bool(listed)
    return (found_reply(st, [name] if name else []) + head + (f" ({listed})" if exact and listed
                                                         else "") +
            f". By distance: {per}; {d.farther} farther, {d.unreachable} unreachable.")


#: the nodes themselves asked for, not their number ("which depots can Ely reach")
_WHICH = re.compile(r"(?:^|[.?!]\s+)\s*(?:which|who|whom|where|list|name|show|"  # ("… of her. Who's on it?")
                    # "everyone within two steps of kofi", "all the stops within 3 hops of X"
                    r"every(?:one|body|thing)|every\s+\w+\s+(?:within|exactly)|"
                    r"all\s+(?:the\s+)?\w+\s+(?:within|exactly))\b", re.IGNORECASE)


def hop_clarify(st: PlanState) -> str | None:
    if _hop_name(st) is not None:
        return None
    return "From which node? Name it, e.g. 'how many nodes are within 2 steps of Alice'."


# -- what-if removal --------------------------------------------------------------------
def _removed(st: PlanState) -> tuple[list[str], bool]:
    edge = slots.edge_gone(st.question)  # "if the Islay-Barra route is cut"
    if edge:
        return edge, True
    if slots.EDGE_REMOVAL.search(st.question):
        pair = slots.pair(st.question)
        return (pair or []), True
    return slots.removals(st.question), False


#: the two ends a what-if asks about ("can Carajas still reach shipyd", "is ana still
#: connected to ben", "can you still get from A to B"), each a single word
_END = (r"((?-i:[A-Z][\w.'-]*(?:\s+(?:[A-Z][\w.'-]*|\d+))*)|(?-i:[a-z]{3,})\s+\d+\b|"
        r"[\w.-]+)")  # "Port Ardel", "ana", "hive 10" (the data's noun and a number)
_GETS = (r"(?:(?:be able to|manage to)\s+)?(?:reach|get (?:down |over |through |across )?to|make it (?:down )?to|flow (?:down )?to|"
         r"end up (?:at|in|calling|reaching|with))")
_REACH = [re.compile(p, re.IGNORECASE) for p in (
    rf"\bfrom\s+{_END}\s+(?:still\s+|ever\s+)?{_GETS}\s+{_END}",
    rf"\b(?:get|go|travel|walk|ship|send \w+)\s+from\s+{_END}\s+to\s+{_END}",
    rf"\b(?:can|could|would|will|does|do)\s+{_END}\s+(?:still\s+|ever\s+)?{_GETS}\s+{_END}",
    rf"\b(?:is|are|would|will)\s+{_END}\s+(?:be\s+)?still\s+(?:be\s+)?(?:connected|linked)\s+"
    rf"(?:to|with)\s+{_END}")]
#: the pair the other way round: "would Allt still be reachable from Corrour" (Corrour to Allt)
_REACHABLE = re.compile(rf"\b(?:is|are|would|will|could|can)\s+{_END}\s+(?:still\s+)?(?:be\s+)?"
                        rf"(?:still\s+)?reachable\s+from\s+{_END}", re.IGNORECASE)
_REACH_ASK = re.compile(rf"\b(?:{_GETS}|get from|still (?:be )?(?:connected|linked) "
                        r"(?:to|with)|reachable from)\b", re.IGNORECASE)


def _reach_pair(st: PlanState) -> list[str] | None:
    """The (from, to) a what-if asks about, or None; [] where it asks about reach but names
    no two ends this planner can read (then it asks)."""
    q = st.question.split(",")[-1] if "," in st.question else st.question
    if not _REACH_ASK.search(st.question) or _EVERY_PAIR.search(st.question):
        return None  # ("can every trainee still reach every other": the parts, no one pair)
    back = _REACHABLE.search(st.question)
    if back and all(g.lower() not in {"it", "anyone", "everyone", "the"} for g in back.groups()):
        return [re.sub(r"^[a-z]+\s+(?=\d+$)", "", g) for g in (back.group(2), back.group(1))]
    for rx in _REACH:
        m = rx.search(q) or rx.search(st.question)
        if m and all(g.lower() not in {"you", "we", "i", "it", "they", "one", "anyone",
                                       "someone", "the", "a", "an"} for g in m.groups()):
            return [re.sub(r"^[a-z]+\s+(?=\d+$)", "", g) for g in (m.group(1), m.group(2))]
    return []


def whatif_calls(st: PlanState) -> list[Call]:
    names, edge = _removed(st)
    ends = _reach_pair(st)
    if not names or ends == []:
        return []
    searches, ids = resolve_names(st, names + (ends or []))
    if ids is None:
        return searches
    gone = ids[: len(names)]
    args: dict[str, Any] = {"edges": [gone[:2]]} if edge else {"nodes": gone}
    if ends:
        args["reach"] = ids[len(names):]
    return [*searches, Call("remove_and_compare", args)]


#: a yes/no about a removal the component counts answer: does it split the graph
#: still whole: "still connected", "still be one connected network", "stay in one piece"
_STAYS = (r"(?:still|stay|remain)(?: be)?(?: (?:one|a single|fully|all))? (?:connected|in one "
          r"piece|together|linked)")
_SPLIT_ASKED = re.compile(rf"fall apart|split|disconnect|break|fragment|{_STAYS}|"
                          rf"{cut_words.LEFT_APART}", re.IGNORECASE)
#: how many nodes a removal leaves ("how many people are left"), not components or edges
_NODES_LEFT = re.compile(r"\bhow many\b(?!.*\b(?:components?|pieces?|parts?|groups?|islands?|"
                         r"clusters?|edges|ties|links|connections|relationships|friendships)\b)"
                         r".*\b(?:(?:are|is|be|would be|will be) left|remain\w*)\b",
                         re.IGNORECASE)


def _counts_nodes(st: PlanState) -> bool:
    """Whether "how many X are left" counts nodes: X is the graph's noun for a node."""
    m = re.search(r"\bhow many (\w+)", st.question, re.IGNORECASE)
    word = m.group(1).lower() if m else ""
    own = vocabulary.noun(st.question, _raw_info(st))[1].lower()
    return word in {"nodes", "vertices", "people", "persons", own} or word.rstrip("s") == \
        own.rstrip("s")


def whatif_yesno_clarify(st: PlanState) -> str | None:
    """A yes/no about a removal that is no split and no pair's reach ("would removing Leo
    change much?"): the component counts say neither yes nor no to it, so ask."""
    if re.search(r"(?:^\s*|[,;:]\s*)(?:so\s+|and\s+)?(?:who|whom|which|list|name)\b", st.question,
                 re.IGNORECASE) and not _reach_pair(st) and not _cut_named(st):
        # "who gets cut off" on a connected graph is named by the removal's cut-off nodes;
        # other "who" questions are named by no count
        return ("Which do you want: how many components remain without it (and how many nodes "
                "lose their link to the main part), or whether one named node still reaches "
                "another?")
    if slots.asked_kind(st.question) != "yesno" or _SPLIT_ASKED.search(st.question) or \
            _reach_pair(st) is not None or _COUNT_CHANGES.search(st.question):
        return None  # "does the number of separate groups change": the counts answer it
    return ("What should the removal be checked for? I can say whether it splits the graph "
            "(and into how many components), or whether one named node still reaches another "
            "without it.")


#: the edges a removal takes with it: "how many referral links disappear", "how many ties
#: would be lost"
_EDGES_GONE = re.compile(r"\bhow many\b[^?]*?\b(?:edges|ties|links|connections|relationships|"
                         r"friendships|routes|roads|loans|referrals|flights|crossings|lines)\b"
                         r"[^?]*?\b(?:disappear\w*|vanish\w*|go|goes|gone|go away|(?:be |get |are |"
                         r"were )?(?:lost|removed|deleted|dropped|cut|broken))\b", re.IGNORECASE)
#: every node still reaching every other: "could you still get between every pair of ports"
_EVERY_PAIR = re.compile(r"\bstill\b[^?]*\b(?:between|from)\s+(?:every|each|any)\s+(?:pair|two|"
                         r"\w+\s+(?:to|and)\s+(?:every|each|any)\s+other)\b|\b(?:every|each)\s+\w+"
                         r"\s+still\s+(?:reach|get to)\s+(?:every|each|all)\b", re.IGNORECASE)
#: a directed graph's strong parts asked: "the biggest strongly connected group"
_STRONG = re.compile(r"\bstrongly[- ]connected\b|\bstrong (?:components?|parts?|groups?)\b",
                     re.IGNORECASE)


def _strong_asked(st: PlanState, a: Any) -> str | None:
    """The answer's template when a directed graph's strongly connected parts after the
    removal are asked, else None; on an undirected graph it is None (the components say it)."""
    if not _STRONG.search(st.question) or a.strong_components is None:
        return None
    if re.search(r"\b(?:how (?:large|big)|biggest|largest|size)\b", st.question, re.IGNORECASE):
        return ("Without {what}, the largest strongly connected component would hold "
                "**{a.largest_strong_component}** nodes (now {b.largest_strong_component}), of "
                "{a.strong_components} strongly connected component(s) (now "
                "{b.strong_components}). Nothing was changed.")
    return ("Without {what}, the graph would have **{a.strong_components} strongly connected "
            "component(s)** (now {b.strong_components}); the largest would hold "
            "{a.largest_strong_component} nodes. Nothing was changed.")


#: whether any node is left apart, asked yes or no: "does any node end up completely
#: disconnected", "would anyone be left isolated"
_ANY_APART = (rf"\b(?:does|do|did|would|will|is|are|could)\s+(?:any|anyone|anybody|anything|some|"
              rf"someone|somebody)\b[^?]*?\b(?:{cut_words.LEFT_APART}|(?:end up|be left|become|"
              r"get|left)\s+(?:completely |totally |fully |entirely )?(?:disconnected|isolated|cut "
              r"off|stranded|on (?:its|their) own))")
#: the nodes a removal leaves apart, asked: "how many characters would be cut off", "who
#: would be stranded", "which lose their link to the rest"
_CUT_ASKED = re.compile(rf"\b(?:how many|who|whom|which|what|list|name)\b[^?]*?\b"
                        rf"{cut_words.LEFT_APART}\b|{_ANY_APART}", re.IGNORECASE)


def _cut_named(st: PlanState) -> bool:
    """Whether the nodes a removal cuts off are asked on a graph in one piece (besides nodes in
    no edge at all), where they are the ones that lose their link to the main part (on a graph
    in pieces of more than one node, a node can be cut off from its own piece, which the main
    part does not say)."""
    info = _raw_info(st)
    comps, alone = info.get("components"), info.get("isolated")
    return bool(_CUT_ASKED.search(st.question)) and (
        comps == 1 or (comps is not None and alone is not None and comps - alone == 1))


def _main_only(b) -> bool:
    """Whether every piece of the graph but its largest is one node (a node-table node in no
    edge): the nodes a removal cuts off are then the ones that leave the main part."""
    return b.components == 1 or b.largest_component + b.components - 1 == b.nodes


def whatif_render(st: PlanState, obs: list[Observed]) -> str:
    d = next((o.typed(RemoveAndCompareResult) for o in obs if o.tool == "remove_and_compare"),
             None)
    names, _ = _removed(st)
    if d is None:
        return unresolved_names(st, names)
    what = ", ".join([str(n) for n in d.removed_nodes]
                     + [f"the edge {a}–{b}" for a, b in d.removed_edges])
    b, a = d.before, d.after
    sizes = ", ".join(map(str, a.component_sizes[:8]))
    cut = d.cut_off
    lost = (f"; {cut.total} node(s) lose their link to the main part (e.g. "
            f"{', '.join(map(str, cut.items[:6]))})" if cut.total else "")
    if _CUT_ASKED.search(st.question) and d.reach is None and _main_only(b):
        # "how many would be cut off", on a graph in one piece (or one and lone nodes): the
        # nodes apart from the main
        named = ", ".join(map(str, cut.items[:12])) + (", …" if cut.total > 12 else "")
        verdict = (("**Yes** — " if cut.total else "**No** — ")
                   if re.search(_ANY_APART, st.question, re.IGNORECASE) else "")
        head = f"{'w' if verdict else 'W'}ithout {what}, **{cut.total}** node(s) would lose"
        return (found_reply(st, names) + verdict + head + " their link to the main part" + (f": {named}" if cut.total else "") +
                f" — the graph would have {a.components} connected component(s) (sizes "
                f"{sizes}), against {b.components} now. Nothing was changed.")
    if d.reach is not None:
        r = d.reach
        if r.before_hops is None:  # no route before: the removal changes nothing
            return (found_reply(st, names) + f"**No** — {r.source} does not reach {r.target} even "
                    f"now, so not without {what} either. Nothing was changed.")
        if r.after_hops is None:
            head = f"**No** — without {what}, {r.source} no longer reaches {r.target}"
        else:
            head = (f"**Yes** — without {what}, {r.source} still reaches {r.target} in "
                    f"**{r.after_hops} hop(s)**: " + " → ".join(map(str, r.after_path)))
        return (found_reply(st, names) + head + f" (before: {r.before_hops} hop(s)). Nothing was "
                "changed.")
    strong = _strong_asked(st, a)
    if strong:
        return found_reply(st, names) + strong.format(what=what, a=a, b=b)
    gone = _EDGES_GONE.search(st.question)
    if gone:  # "how many referral links disappear": the edges that go with it
        return (found_reply(st, names) + f"Without {what}, **{b.edges - a.edges} edge(s)** would go: "
                f"{a.edges} would remain of {b.edges} now. Nothing was changed.")
    split = a.components > b.components
    everyone = _EVERY_PAIR.search(st.question)
    if everyone and st.meaning().get("directed") and a.strong_components is not None:
        # "could you still get from every account to every other": following the edges
        return (found_reply(st, names) + ("**Yes** — " if a.strong_components == 1 else "**No** — ") +
                f"without {what}, {'every' if a.strong_components == 1 else 'not every'} node "
                f"still reaches every other following the edges' direction ({a.strong_components}"
                f" strongly connected component(s), the largest of {a.largest_strong_component} "
                f"nodes). Nothing was changed.")
    if everyone:  # "could you still get between every pair of remaining ports"
        return (found_reply(st, names) + ("**Yes** — " if a.components == 1 else "**No** — ") +
                f"without {what}, the graph would have **{a.components} connected "
                f"component(s)** (sizes {sizes}), against {b.components} now. Nothing was "
                "changed.")
    yes_no = ""  # "would the network fall apart if Leo left": yes or no first
    if re.search(r"(?:^|[,;:]\s*|\s[-–—]\s*|\bthen\s+)(?:would|will|does|do|is|are|can)\b",
                 str(st.context.get("asked") or ""), re.IGNORECASE) and \
            _SPLIT_ASKED.search(st.question):  # "if Greta leaves, is it still connected?"
        stays = re.search(_STAYS, st.question, re.IGNORECASE)
        yes_no = "**Yes** — " if split != bool(stays) else "**No** — "
    if _COUNT_CHANGES.search(str(st.context.get("asked") or st.question)):
        yes_no = "**Yes** — " if a.components != b.components else "**No** — "  # "does the
        #                                                   number of separate groups change"
    more = re.search(r"\bhow many (?:more|additional|extra|new|fewer)\b", st.question, re.IGNORECASE)
    if more:  # "how many more components would there be without u13": the difference
        return (found_reply(st, names) + f"Without {what}, there would be **{abs(a.components - b.components)}"
                f"** {'more' if a.components >= b.components else 'fewer'} connected component(s): "
                f"{a.components} (sizes {sizes}) against {b.components} now. Nothing was changed.")
    if _NODES_LEFT.search(st.question) and _counts_nodes(st):  # "how many people are left"
        return (found_reply(st, names) + f"Without {what}, **{a.nodes}** node(s) would remain "
                f"(against {b.nodes} now), in {a.components} connected component(s) (sizes "
                f"{sizes}). Nothing was changed.")
    if re.search(r"\b(?:edges|ties|links|connections|relationships|friendships)\b", st.question,
                 re.IGNORECASE) or _NODES_LEFT.search(st.question):  # "how many ties would
        # remain if member 0 left", "how many roads are left": a count that is not the nodes'
        # nor the components' is the edges'
        return (found_reply(st, names) + yes_no + f"Without {what}, **{a.edges} edge(s)** would "
                f"remain (against {b.edges} now), in {a.components} connected component(s) "
                f"(sizes {sizes}). Nothing was changed.")
    return (found_reply(st, names) + yes_no + f"Without {what}, the graph would have **{a.components} "
            f"connected component(s)** (sizes {sizes}), against {b.components} now; the "
            f"largest would hold {a.largest_component} of {a.nodes} nodes{lost}. Nothing "
            "was changed.")


#: whether the count of pieces changes, asked yes or no: "does the number of separate groups
#: change", "would it change how many components there are"
_COUNT_CHANGES = re.compile(
    r"\b(?:does|do|did|would|will)\s+(?:the\s+|that\s+)?(?:number|count)\s+of\s+(?:\w+\s+){0,3}?"
    r"(?:groups|components|pieces|parts|islands|clusters)\s+(?:change|go\s+up|increase|rise|"
    r"grow)\b|\b(?:would|will|does)\s+(?:it|that)\s+change\s+(?:the\s+number\s+of|how\s+many)\b",
    re.IGNORECASE)


# -- the largest clique -----------------------------------------------------------------
def clique_calls(st: PlanState) -> list[Call]:
    return [Call("largest_clique", {})]


#: a clique asked in words: "every two of them", "each pair", "where every one"
_CLIQUE_SAID = re.compile(r"\bcliques?\b|\bevery\s+two\b|\b(?:every|each)\s+pair\b|\bwhere\s+"
                          r"(?:every|each)\b|\ball\s+(?:directly\s+)?(?:linked|tied|joined)\b|"
                          r"\bpairwise\b|\ball\s+(?:\w+\s+){0,2}with\s+(?:each\s+other|one\s+another)\b",
                          re.IGNORECASE)


def clique_render(st: PlanState, obs: list[Observed]) -> str:
    d = obs[0].typed(LargestCliqueResult)
    sides = [str(x) for x in (st.meaning().get("modes") or {}).get("sides") or {}]
    if len(sides) == 2 and d.size <= 2 and any(vocabulary._names_side(x, st.question)
                                                for x in sides) and _CLIQUE_SAID.search(st.question):  # "the biggest set of species all seen at a common
        # camera": a clique of the projection, never of the species-camera edges
        from igraph_agent.model.structure_intents import TWO_MODE_CLIQUE
        return (TWO_MODE_CLIQUE + f" (one of the {sides[0]} and one of the {sides[1]}: an edge "
                "only ever joins the two sides), so it says nothing about which nodes of one "
                "side share partners; that needs the projection onto one side.")
    first = ", ".join(_who(n) for n in d.cliques[0]) if d.cliques else "none"
    return (f"The largest clique (every member tied to every other) has **{d.size} nodes**; "
            f"{d.count} clique(s) have that size. One of them: {first}.")


# -- common neighbours ------------------------------------------------------------------
#: "who shares the most neighbours with X", "which author has the most co-authors in common
#: with X": the other nodes ranked by what they share with X, not a pair (nor X's hub)
_WITH_ONE = re.compile(r"^\s*(?:who|which\s+\w+|what\s+\w+)\b.*\bmost\b.*\b(?:with|as)\s+"
                       r"(?P<n>[^?!.,;]+?)\s*[?!.]*\s*$", re.IGNORECASE)


def _partner_of(question: str) -> str | None:
    m = _WITH_ONE.search(question)
    name = m.group("n").strip() if m else None
    if not name or re.search(r"\band\b|\bboth\b|\beach other\b|\bone another\b", name):
        return None
    return re.sub(r"^(?:the|node|user)\s+", "", name)


def common_calls(st: PlanState) -> list[Call]:
    one = _partner_of(st.question)
    if one:
        searches, ids = resolve_names(st, [one])
        if ids is None:
            return searches
        return [*searches, Call("common_neighbour_pairs", {"node": ids[0], "top_k": 10})]
    pair = slots.pair(st.question)
    if not pair:
        return [Call("common_neighbour_pairs", {"top_k": 10})]
    searches, ids = resolve_names(st, pair)
    if ids is None:
        return searches
    return [*searches, Call("common_neighbour_pairs", {"nodes": ids, "top_k": 1})]


def _partners(d: CommonNeighbourPairsResult) -> str:
    """The nodes sharing the most neighbours with one node (every pair's ``a``), ties named."""
    if not d.pairs:
        return "It shares no neighbour with any other node."
    x, best = d.pairs[0].a, d.max_common
    top = [p for p in d.pairs if p.common == best]
    who = " and ".join(f"**{p.b}**" for p in top)
    verb = "tie for" if len(top) > 1 else "shares"
    shared = "; ".join(f"{p.b}: {', '.join(p.shared[:8])}" for p in top[:3])
    rest = ", ".join(f"{p.b} ({p.common})" for p in d.pairs if p.common < best)[:300]
    return (f"{who} {verb} the most neighbours with {x}: **{best}** ({shared})"
            + (f"; next: {rest}" if rest else "") + ".")


def common_render(st: PlanState, obs: list[Observed]) -> str:
    d = next((o.typed(CommonNeighbourPairsResult) for o in obs
              if o.tool == "common_neighbour_pairs"), None)
    one = _partner_of(st.question)
    pair = None if one else slots.pair(st.question)
    if d is None:
        return unresolved_names(st, [one] if one else pair or [])
    if one:
        return found_reply(st, [one]) + _partners(d)
    if pair:
        p = d.pairs[0] if d.pairs else None
        from igraph_agent.model.graph_intents import yes_no_lead  # "did anyone borrow both A and B"

        lead = yes_no_lead(st, p is not None and p.common > 0)
        if p is None:
            return found_reply(st, pair) + lead + "They share **0** neighbours."
        return (found_reply(st, pair) + lead + f"{p.a} and {p.b} share **{p.common}** "
                f"neighbour(s): {', '.join(p.shared[:12])}.")
    rows = "; ".join(f"{p.a} and {p.b} ({p.common}"
                     + (", linked" if p.linked else "") + ")" for p in d.pairs[:5])
    return (f"The pair(s) sharing the most neighbours share **{d.max_common}** "
            f"({d.pairs_with_max} pair(s) at that count): {rows}.")


# -- edge-attribute totals --------------------------------------------------------------
def edge_attr(st: PlanState) -> str | None:
    attrs = [a for a in _info(st).edge_attributes or [] if isinstance(a, str)]
    for a in sorted(attrs, key=len, reverse=True):
        if re.search(rf"\b{re.escape(a)}\b", st.question, re.IGNORECASE):
            return a
    q = without_graph_name(st.question)  # "the trade network" names no ``trade_bn``
    shared = vocabulary.side_words(_raw_info(st).get("meaning") or {})
    by_word = [a for a in attrs if re.search(_attr_pattern(a, shared), q, re.IGNORECASE)
               and not _unit_shared(a, q, _info(st).node_attributes or [])]
    if len(by_word) == 1 and kind_mismatch(q, by_word[0]):
        return None  # "which trail has the most capacity" on ``trail_hrs``: not its hours
    if len(by_word) == 1 and counts_the_edges(q, by_word[0]):
        return None  # "how many power lines" on ``line_km``: the lines, not their km
    if len(by_word) == 1:
        return by_word[0]  # "the most weekly seats" names ``seats_per_week``
    if "weight" in attrs and re.search(r"\bweights?\b", st.question, re.IGNORECASE):
        return "weight"
    meaning = _raw_info(st).get("meaning") or {}
    default = meaning.get("default_weight")
    if default in attrs and _EDGE_MAGNITUDE.search(st.question):
        return str(default)  # "the longest road" on a graph whose edges carry a distance
    if default in attrs and (meaning.get("weights") or {}).get(default) == "strength" and \
            _TIMES.search(st.question):
        return str(default)  # "the number of times the kettle was bought" on co_purchases
    if default in attrs and _COUNT_COLUMN.search(str(default)) and not slots.named(st.question):
        m = _COUNTED_IN_TOTAL.search(st.question)
        counted = m and (m.group(1) or m.group(2)).lower()
        _, many = vocabulary.noun(st.question, _raw_info(st))
        if counted and counted not in {many.lower(), "nodes", "vertices", "edges", "links",
                                       "connections", "ties", "pairs", "relationships"} and \
                counted.rstrip("s") not in vocabulary.data_nouns(_raw_info(st)):
            return str(default)  # "how many emails were sent in total" on a ``count`` column
    from igraph_agent.model.attribute_intents import _unit_after_threshold

    unit = _unit_after_threshold(st.question)
    counted = count_column(st, unit if unit.endswith("s") else unit + "s") if unit else None
    if counted and counted in attrs and _info(st).directed:
        return counted  # "who sent more than 5 emails" on a ``count`` column: that column
    strengths = [a for a, r in (meaning.get("weights") or {}).items() if r != "distance"]
    if len(strengths) == 1 and strengths[0] in attrs and _info(st).directed and \
            re.search(r"\bhow much\b", st.question, re.IGNORECASE) and _edge_side(st) != "both" \
            and not re.search(r"\b(?:if|would|without|still|after|unless|were)\b", st.question,
                              re.IGNORECASE):  # a what-if is no plain total
        return strengths[0]  # "how much did Dyna lend" on lender,borrower,amount: the one value
        #                      that is no distance
    distances = [a for a, r in (meaning.get("weights") or {}).items() if r == "distance"]
    if len(distances) == 1 and distances[0] in attrs and _TOTAL_LENGTH.search(st.question):
        return distances[0]  # "the total length of all trails" in miles
    unknown = unknown_as_length(st.question, meaning)
    if unknown in attrs and _TOTAL_LENGTH.search(st.question):
        return unknown  # "add up the length of every road" on a graph object's `weight`
    if default in attrs and _info(st).directed and _SUMMED_FLOW.search(st.question) and \
            (meaning.get("weights") or {}).get(default) != "distance":
        return str(default)  # "who lends the most in total" on a lender,borrower,amount table
    if default in attrs and _info(st).directed and _counted_items(st, str(default)):
        return str(default)  # "who sends the most emails" on sender,receiver,count
    if sides.debt_side(st.question, _raw_info(st)):  # "how much does Cai owe" on a
        numeric = list(meaning.get("weights") or {})  # lending table: its one amount column
        if default in attrs:
            return str(default)
        if len(numeric) == 1 and numeric[0] in attrs:
            return str(numeric[0])
    return None


#: words of a column name that say how it is measured, not what: ``seats_per_week``
_ATTR_FILLER = frozenset("per of the num number count total avg mean sum week weekly day daily "
                         "year yearly annual month monthly hour hourly value "
                         # ``gigs_together``: "albums recorded together" names no gigs
                         "together between with and each other both".split())


#: two-letter units that name their column ("(net, kg)" on ``parcel_kg``)
_SHORT_UNIT_WORDS = frozenset({"kg", "km", "mw", "kw", "gw", "ms", "gb", "mb", "tb", "mi"})


def _unit_shared(attr: str, q: str, node_attrs: list) -> bool:
    """Whether ``attr`` is named only by a two-letter unit a node column shares ("a load
    above 40 MW" beside ``load_mw`` names no ``capacity_mw``)."""
    words = [w.lower() for w in re.split(r"[_\-\s]+", attr)]
    short = [w for w in words if w in _SHORT_UNIT_WORDS]
    if not short or re.search(_attr_pattern(attr.replace(short[0], "")) if attr.replace(
            short[0], "").strip("_- ") else r"(?!)", q, re.IGNORECASE):
        return False  # no short unit, or named by another of its words
    return any(short[0] in re.split(r"[_\-\s]+", str(n).lower()) for n in node_attrs)


def _attr_pattern(attr: str, shared: set[str] = frozenset()) -> str:
    """A regex for a column and its own content words, singular or plural: ``seats_per_week``
    matches "seats_per_week", "seats per week", "seats" and "seat"; a unit also by its other
    spelling (``megalitres``: "ML"; ``length_m``: "metres"). A word in ``shared`` (a word of a
    two-mode side's name: "type" of ``aircraft_types`` in ``hours_on_type``) names the side,
    not the column."""
    parts = [w.lower() for w in re.split(r"[_\-\s]+|(?<=[a-z])(?=[A-Z])", attr) if w]
    words = [w for w in parts
             if (len(w) >= 3 or w in _SHORT_UNIT_WORDS) and w not in _ATTR_FILLER
             and w.rstrip("s") not in shared]
    alts = [re.escape(attr).replace("_", "[ _]")] + [re.escape(w[:-1] if w.endswith("s") else w)
                                                     + "s?" for w in words]
    alts += [a for i, w in enumerate(parts) for a in unit_spellings(w, i == len(parts) - 1)]
    return r"\b(?:" + "|".join(alts) + r")\b"


#: a count of occurrences, which an edge table's count column (its strength) holds
_TIMES = re.compile(r"\b(?:number of times|how many times|how often|times in total)\b",
                    re.IGNORECASE)
#: "how many emails were sent in total", "the total number of calls": things counted over
#: all the edges (group 1: what is counted)
_COUNTED_IN_TOTAL = re.compile(
    r"\bhow many (?:individual |separate |single )?([a-z]+s)\b(?:(?!\b(?:per|each|every|by|"
    r"between|from|to|than|more|less|fewer|at least|at most)\b).)*?\b(?:in total|altogether|overall|"
    r"in all|all told|combined)\b|\btotal (?:number|count) of ([a-z]+s)\b", re.IGNORECASE)
_TOTAL_LENGTH = re.compile(r"\b(?:total|combined|overall|sum of (?:the |all )?)\s*(?:(?!path\b)[a-z]+\s+)?(?:length|"
                           r"distance|mileage)\b|"
                           # "add up the length of every road", "all the road lengths summed"
                           r"\b(?:add(?:ed|ing)?|sum(?:med|ming)?)\s+up\s+(?:the\s+|all\s+(?:the\s+)?)?(?:\w+\s+)?"
                           r"lengths?\b|\blengths?\b.*\b(?:added up|summed|in total|altogether)\b",
                           re.IGNORECASE)


_EDGE_MAGNITUDE = re.compile(
    r"\b(?:longest|shortest|heaviest|lightest|strongest|weakest|total|average|mean)\s+(?:single\s+)?"
    r"(?:road|edge|link|street|connection|flight|tie|segment|leg|trail|lane|pipe|pipeline|"
    r"cable|track|rail)s?\b(?!\s+(?:path|route))",
    re.IGNORECASE)


#: a node's side of its edges, on a directed graph: what it sends, or what it receives
_SENDS = re.compile(r"\b(?:sends?|sent|sending|ships?|shipped|shipping|exports?|exported|sells?|"
                    r"sold|suppl(?:y|ies|ied)|gives?|gave|given|giving|pays?|paid|lends?|lent|"
                    r"donat(?:es?|ed|ing)|outgoing|outbound|departing|departures?|leav(?:e|es|ing)|"
                    # "how many animals left the grassland holes" (never "are left")
                    r"(?<!\bare )(?<!\bis )(?<!\bbe )(?<!\bwas )(?<!\bwere )left(?=\s+(?!(?:out|over|"
                    r"behind|alone|apart|isolated|in|on|with|to|if|after|when|once|and|or|"
                    r"unreached|untouched|disconnected|stranded)\b)[a-z])|"
                    r"out-?flow|"
                    # "which reservoir puts out the most", "pumps out"
                    r"(?:puts?|putting|pumps?|pumped|pumping|pours?|poured|churns?|churned)\s+out\b|"
                    # "every link going out of MATH201", "the arrows pointing out from X"
                    r"(?:going|goes|go|went|coming|comes|pointing|points|heading|heads)\s+out(?=\s+"
                    r"(?:of|from)\b)|"
                    # the source's own doing of what the edges count: "who completed the most
                    # passes", "who made the most referrals"
                    r"(?:complet|mak|mad|play|throw|threw|thrown|writ|wrote|issu|plac|initiat|cast)\w*(?=\s+"
                    r"(?:the\s+)?(?:most|fewest|least|more|fewer|\d+|any)\b)|"
                    r"(?:is|are|was|were) the (?:source|origin|sender) of)\b", re.IGNORECASE)
_RECEIVES = re.compile(r"\b(?:receives?|received|receiving|gets?|got|imports?|imported|buys?|"
                       r"bought|purchases?|purchased|borrows?|borrowed|incoming|inbound|"
                       r"arriving|arrivals?|into|in-?flow|earns?|earned|(?:takes?|took|taken|taking) in|"
                       # "how many crates do Southside sites take delivery of"
                       r"(?:takes?|took|taken|taking|accepts?|accepted)\s+delivery\b|"
                       # "calls landing on the platform team", "what lands at Leeds"
                       r"land(?:s|ed|ing)?\s+(?:on|at|in)|"
                       # what the target gathers: "which unit attracts the most endorsements"
                       r"attracts?|attracted|collects?|collected|"
                       r"(?:is|are|was|were) the (?:recipient|destination|target) of)\b",
                       re.IGNORECASE)


#: "the most" in a sum's words: "the largest number of emails", "the greatest amount of"
_MOST_OF = (r"(?:most|(?:largest|greatest|highest|biggest)\s+(?:number|amount|total|sum|"
            r"volume)\s+of)")
#: "lends the most in total", "borrows the most money overall", "sent the largest number of
#: emails in total": a node's summed edge values
_SUMMED_FLOW = re.compile(rf"(?:{_SENDS.pattern}|{_RECEIVES.pattern})\s+(?:from\s+|to\s+)?the\s+"
                          rf"{_MOST_OF}\b(?:\s+\w+)?\s*(?:in total|overall|altogether|combined|"
                          r"in sum)\b|"
                          rf"(?:{_SENDS.pattern}|{_RECEIVES.pattern})\s+the\s+most\s+(?:money|cash|"
                          r"value|volume)\b", re.IGNORECASE)


#: a count column's own items, sent or received: "sends the most emails", "gets the most
#: calls", "sent the largest number of emails"
_MOST_ITEMS = re.compile(rf"(?:{_SENDS.pattern}|{_RECEIVES.pattern})\s+(?:from\s+|to\s+)?the\s+"
                         rf"{_MOST_OF}\s+(?P<noun>[a-z]+s|mail|post|traffic|freight|cargo)\b(?!\s+than\b)",
                         re.IGNORECASE)  # "receives the most mail": a mass noun, counted too
#: a column that counts things (its strength is a number of them): ``count``, ``n_calls``
_COUNT_COLUMN = re.compile(r"(?:^|_)(?:count|counts|n|num|number|times|freq|frequency|total|"
                           r"cnt|tally)(?:_|$)", re.IGNORECASE)


def count_column(st: PlanState, noun: str) -> str | None:
    """The one strength column that counts ``noun`` (a word that is not the data's word for
    a node): ``count`` / ``n_emails`` for "emails" on sender,receiver; None otherwise (a
    ``amount`` column does not count loans: those are edges)."""
    one = vocabulary.singular(noun.lower())
    nodes = {*vocabulary.NODE_NOUNS, *vocabulary.data_nouns(_raw_info(st)), "other", "partner",
             "contact", "neighbour", "neighbor", "recipient", "sender", "receiver", "people"}
    if {one, noun.lower(), noun.lower().rstrip("s")} & nodes:
        return None
    roles = (_raw_info(st).get("meaning") or {}).get("weights") or {}
    found = [c for c, r in roles.items() if (r == "strength" and _COUNT_COLUMN.search(c)) or (
        r != "distance" and re.search(_attr_pattern(c), noun, re.IGNORECASE))]  # "crates"
    return found[0] if len(found) == 1 else None


def _counted_items(st: PlanState, column: str) -> bool:
    """Whether "the most <things>" sent or received counts the things a count column holds
    (the edges' values summed), not the nodes at the other end: on sender,receiver,count
    "sends the most emails" sums ``count``; "sends to the most people" / "the most other
    employees" is a number of partners."""
    meaning = _raw_info(st).get("meaning") or {}
    if (meaning.get("weights") or {}).get(column) != "strength":
        return False
    m = _MOST_ITEMS.search(st.question)
    if not m:
        return False
    noun = m.group("noun").lower()
    one = vocabulary.singular(noun)
    nodes = {*vocabulary.NODE_NOUNS, *vocabulary.data_nouns(_raw_info(st)), "other", "partner",
             "contact", "neighbour", "neighbor", "recipient", "sender", "receiver"}
    if one in nodes or noun in nodes or noun.rstrip("s") in nodes:
        return False
    return bool(_COUNT_COLUMN.search(column)) or re.search(_attr_pattern(column), noun,
                                                          re.IGNORECASE) is not None


#: a sending verb in the passive, then who it reached or who did it: "was lent to Bolt",
#: "were paid by Acme", "got sent to"
_PASSIVE_SENT = re.compile(r"\b(?:was|were|is|are|been|being|gets?|got)\s+(?:\w+\s+)?(?:sent|lent|"
                           r"paid|given|shipped|sold|supplied|donated|loaned|transferred|wired|"
                           r"exported)\s+(to|by)\b", re.IGNORECASE)


#: a participle pointed at the node asked about: "the most tonnes delivered to it", "crates
#: shipped out by them"
_DONE_TO_IT = re.compile(r"\b(?!need)[a-z]{3,}(?:ed|ent|old|ven|ought|ipped|pped)\s+(?:out\s+)?(to|into|by|from)\s+"
                         r"(?:it|them|him|her|that\s+[a-z]+|each\s+(?:one|[a-z]+))\b", re.IGNORECASE)


#: "how much went to Priya", "how much came from Otto": the node's arriving or leaving end
_WENT = re.compile(r"\b(?:went|goes|go|gone|flowed|flows|moved|came|comes|come)\s+(?:\w+\s+)?"
                   r"(to|into|from)\b", re.IGNORECASE)


#: both sides of a node's edges said, each with its verb: "counting both the help she gave
#: and the help she asked for", "what it sent plus what it received"
_VERBS_OF_A_SIDE = (r"(?:gave|given|gives|give|sent|sends|send|received|receives|receive|got|gets|"
                    r"asked|asks|requested|requests|made|makes|shipped|ships|paid|pays|lent|"
                    r"borrowed|took|takes|offered|provided|handled)")
_TWO_SIDES_SAID = re.compile(
    rf"\b(?:both|counting|including|include|plus)\b[^.?!]{{0,40}}\b{_VERBS_OF_A_SIDE}\b[^.?!]{{0,60}}"
    rf"\b(?:and|plus|as well as)\b[^.?!]{{0,40}}\b{_VERBS_OF_A_SIDE}\b", re.IGNORECASE)


def _edge_side(st: PlanState) -> str:
    """``out`` / ``in`` when the question names one side of a node's edges on a directed
    graph ("which firm ships the most tonnes"), else ``both``."""
    if not _info(st).directed:
        return "both"
    if _TWO_SIDES_SAID.search(st.question):  # "counting both the help she gave and the help
        return "both"  # she asked for": each side, added up
    owed = sides.debt_side(st.question, _raw_info(st))
    if owed:  # "who owes the most" on lender,borrower: the borrower's end
        return owed
    done = _DONE_TO_IT.search(st.question)
    if done:  # "the most tonnes delivered TO it": what reached it; "… sent out by it": its own
        return "in" if done.group(1).lower() in ("to", "into") else "out"
    went = _WENT.search(st.question)
    if went:  # "how much went to Priya": what reached her; "… came from Priya": what she sent
        return "out" if went.group(1).lower() == "from" else "in"
    for name in slots.named(st.question):  # "which accounts sent money to ACC-04": its in-edges
        n = re.escape(name)
        if re.search(rf"\b(?:to|into|towards)\s+(?:the\s+)?{n}(?![\w-])", st.question) and \
                not re.search(rf"(?<![\w-]){n}\s+(?:\w+\s+)?(?:send|sent|pay|paid|give|gave|"
                              r"transfer|lend|lent|ship|call|wire)", st.question, re.IGNORECASE):
            return "in"
        if re.search(rf"\bfrom\s+(?:the\s+)?{n}(?![\w-])", st.question):
            return "out"
    passive = _PASSIVE_SENT.search(st.question)
    if passive:  # "how much was lent to Bolt": what reached Bolt; "… lent by Acme": Acme's
        return "in" if passive.group(1).lower() == "to" else "out"
    cols = [str(c).lower() for c in (st.meaning().get("direction") or [])[:2]]
    role = re.search(r"\bas\s+(?:an?\s+|the\s+)?(" + "|".join(map(re.escape, cols)) + r")s?\b",
                     str(st.context.get("asked") or st.question), re.IGNORECASE) \
        if len(cols) == 2 and cols[0] != cols[1] else None
    if role:  # "the most shows as an opener" on headliner,opener: the opener's end, whatever
        return "out" if role.group(1).lower() == cols[0] else "in"  # the verb
    out, into = bool(_SENDS.search(st.question)), bool(_RECEIVES.search(st.question))
    if not out and not into:  # the data's own verb: "was zed retweeted", "did zed retweet"
        return (vocabulary.own_side(st.question, _raw_info(st)) or _role_side(st)) or "both"
    return "out" if out and not into else "in" if into and not out else "both"


def _role_side(st: PlanState) -> str | None:
    """``out`` when the nodes asked about are named by the source column ("which sender has
    the largest count in total" on sender,receiver: what each one sent), ``in`` by the
    target column's, else None."""
    cols = [str(c).lower() for c in (st.meaning().get("direction") or [])[:2]]
    if len(cols) != 2 or cols[0] == cols[1]:
        return None
    said = [re.search(rf"\b(?:which|what|whose|top|each|every|per)\s+(?:\w+\s+)?{re.escape(c)}"
                      r"s?\b", st.question, re.IGNORECASE) for c in cols]
    if bool(said[0]) == bool(said[1]):
        return None
    return "out" if said[0] else "in"


#: the partners asked beside the total: "which accounts does X pay and how much", "who sent
#: money to X and how much in total"
_PARTNERS_ASKED = re.compile(r"^\s*(?:which|who|whom)\b.*\band\s+(?:how\s+much|what\s+(?:total|"
                             r"amount|sum))\b", re.IGNORECASE)


def totals_clarify(st: PlanState) -> str | None:
    """An average per node ("the average tonnes shipped per depot", "on average, how much
    does each depot ship") asked where no node is named: the totals give the mean per edge
    and each node's own total, no mean over the nodes, so which one is asked."""
    if slots.named(st.question) or not edge_attr(st):
        return None
    one, many = vocabulary.noun(st.question, _raw_info(st))
    q = str(st.context.get("asked") or st.question)
    if re.search(r"\b(?:average|mean|avg)\b", q, re.IGNORECASE) and re.search(
            r"\b(?:best|worst|highest|lowest|top)\b", q, re.IGNORECASE) and re.search(
            r"\b(?:which|what|who)\b", q, re.IGNORECASE):  # "the best-rated book by its average
        return (f"Ranked by what? The edges' values give each {one}'s total {edge_attr(st)} "  # rating"
                f"and the mean per edge over the whole graph, not each {one}'s own average. "
                f"Ask for the {one} with the highest total {edge_attr(st)}, or the mean "
                f"{edge_attr(st)} per edge.")
    node = rf"(?:{re.escape(one)}|{re.escape(many)}|node|vertex)(?![\w-]*\s+(?:pair|edge|link|row)s?\b)"
    q = str(st.context.get("asked") or st.question)
    if re.search(r"\bper edge\b", st.question, re.IGNORECASE):
        return None  # "on average, how many years does a membership last": per edge, said
    if not re.search(r"\b(?:average|mean|typical)\b", q, re.IGNORECASE) or not (
            re.search(rf"\b(?:per|each|every|an?)\s+{node}\b", q, re.IGNORECASE) or
            re.search(r"\b(?:weighted\s+degree|strength)\b", q, re.IGNORECASE)):
        return None  # ("the average weighted degree": a node's total, averaged over nodes)
    return (f"Averaged over what? The edges' values give a mean per edge, and each {one}'s own "
            f"total; a mean per {one} is not one of them. Ask 'the average {edge_attr(st)} per "
            f"edge' or 'each {one}'s total {edge_attr(st)}'.")


def totals_calls(st: PlanState) -> list[Call]:
    attr = edge_attr(st)
    if not attr:
        return []
    side = _edge_side(st)
    sided = {"direction": side} if side != "both" else {}
    groups = {v.lower() for v in vocabulary.group_values_named(st.question, _raw_info(st))}
    named = [n for n in slots.named(st.question) if n.lower() not in groups]  # "Nordic": a group
    if not named:
        from igraph_agent.model.intents import _side_of, where_values

        where = where_values(st)
        if where and side == "both" and _info(st).directed:  # "from vendors in Mexico": out
            sided = _group_side(st, where.get("where") or {})
        return [Call("edge_attribute_totals", {"attribute": attr, **sided, **where,
                                               **_side_of(st), **_across(st)})]
    searches, ids = resolve_names(st, named[:1])  # "the roads at stop3": that node's edges only
    if ids is None:
        return searches
    calls = [Call("edge_attribute_totals", {"attribute": attr, "node": ids[0], **sided})]
    if _PARTNERS_ASKED.search(str(st.context.get("asked") or st.question)):
        # "which accounts does ACC-03 pay, and how much": the partners on that side too
        calls.append(Call("local_analysis", {"node": ids[0], "radius": 1, "limit": 100,
                                             **({"direction": side} if side != "both" else {})}))
    if side == "both" and _info(st).directed:  # no side named: each side shown, never only the sum
        calls += [Call("edge_attribute_totals", {"attribute": attr, "node": ids[0], "direction": d})
                  for d in ("in", "out")]
    return [*searches, *calls]


def _across(st: PlanState) -> dict[str, str]:
    """``{"across": attr}`` when the question sums only the edges to another group ("sends
    the most patients to clinics in other trusts", "outside their own team"), ``{"within":
    attr}`` for those inside one's own ("within their own trust"), else nothing."""
    from igraph_agent.model.cross_group_intents import kind

    asked = str(st.context.get("asked") or st.question)
    for attr, values in vocabulary.groupings(st.meaning()).items():
        found = kind(asked, attr, two=len(values) == 2)
        if found:
            return {"across" if found == "apart" else "within": attr}
    return {}


def _group_side(st: PlanState, where: dict) -> dict:
    """Which edges of a group's nodes a directed question sums: those leaving them ("from
    vendors in Mexico", "sent by Sales", "Mexico vendors": the source column's noun) or
    entering them ("to buyers in Vietnam", the target column's noun) — the nearest such word
    before the group's value says; else both, as said."""
    ends = [str(c).lower().split("_")[0] for c in (st.meaning().get("direction") or [])[:2]]
    if len(ends) != 2:
        return {}
    for value in [x for v in where.values() for x in (v[:1] if isinstance(v, list) else [v])]:
        q = next((q for q in (str(st.context.get("typed") or ""), st.question,
                              str(st.context.get("asked") or "")) if re.search(
            rf"\b{re.escape(str(value))}\b", q, re.IGNORECASE)), "")  # as typed first: "the
        # segments that start in the Lune valley" keeps its verb
        m = re.search(rf"\b{re.escape(str(value))}\b", q, re.IGNORECASE)
        if m is None:
            continue
        after = re.match(r"\s+([a-z]+?)s?\b", q[m.end():], re.IGNORECASE)
        if after and after.group(1).lower() in ends:  # "Mexico vendors"
            return {"direction": "out" if after.group(1).lower() == ends[0] else "in"}
        if re.search(r"\b(?:answered|handled|served|assisted|helped|attended|received|accepted|"
                     r"taken|fielded|covered|responded\s+to)\s+by\s+(?:\w+\s+){0,3}$",
                     q[:m.start()], re.IGNORECASE):
            return {"direction": "in"}  # "call-outs answered by stations in the north": what
            # the helpers took in, at the target's end
        for word in reversed(re.findall(r"[a-z]+", q[:m.start()].lower())[-5:]):
            word = word[:-1] if word.endswith("s") and word[:-1] in ends else word
            if word in ("from", "by", "start", "starts", "starting", "begin", "begins", "leave",
                        "leaves", "leaving", "depart", "departs") or word == ends[0]:
                return {"direction": "out"}  # ("segments that start in the Lune valley")
            if word in ("to", "into", "finish", "finishes", "arrive", "arrives", "arriving",
                        "end", "ends") or word == ends[1]:
                return {"direction": "in"}
    return {}


def _side_partners(obs: list[Observed]) -> str:
    """"Its partners (incoming): **A**, **B**. " from a local_analysis beside the total."""
    o = next((o for o in obs if o.tool == "local_analysis" and o.ok), None)
    if o is None:
        return ""
    d = o.typed(LocalAnalysisResult)
    hop = next((h for h in d.neighbours_by_hop or [] if h.hop == 1), None)
    if hop is None or hop.count > len(hop.nodes):
        return ""
    way = {"out": " (its out-neighbours)", "in": " (its in-neighbours)"}.get(d.direction or "", "")
    names = ", ".join(f"**{r.node}**" for r in hop.nodes)
    return f"{hop.count} partner(s) of {d.node}{way}: {names or 'none'}. "


#: a mean asked: "what's the average road length", "the mean weight of an edge"
_MEAN_ASKED = re.compile(r"\b(?:average|mean|typical)\b", re.IGNORECASE)
#: a figure per node, not per edge: "the average weighted degree", "the mean total per person"
_PER_NODE = re.compile(r"\b(?:degree|strength|per(?!\s+(?:edge|pair|link|row|connection|tie|"
                       r"membership|record|entry|trip|visit|shipment|loan|transfer)s?\b)|each|"
                       r"every|nodes?|total|others?|all)\b", re.IGNORECASE)


#: one edge of a node's asked by its value: "which of its direct destinations is the
#: shortest flight", "which partner does it have the heaviest tie with"
_ONE_EDGE_ASKED = re.compile(r"\bwhich\b(?:\s+[\w'’-]+){0,6}?\s+(?:is|has|gets|had)\s+the\s+(?:(?P<low>"
                             r"shortest|quickest|fastest|cheapest|closest|nearest|lightest|weakest|"
                             r"smallest|lowest)|longest|slowest|heaviest|strongest|largest|biggest|"
                             r"highest)\b|"
                             # "which concert did Marek play the most minutes in": the edge
                             # whose value is the most, by its other end
                             r"\bwhich\s+[a-z]+\s+(?:did|does|do)\s+\S+\s+[a-z]+\s+the\s+(?:(?P<low3>"
                             r"fewest|least)|most)\s+[a-z]+\s+(?:in|at|on|with|for|to|from|during)\s*[?.!]*\s*$|"
                             # "town3's longest road - where does it go", "the other end of
                             # Ada's shortest link": that one edge's other end
                             r"(?:'s|’s)\s+(?:single\s+)?(?:(?P<low2>shortest|quickest|fastest|"
                             r"cheapest|lightest|weakest|smallest|lowest)|longest|slowest|"
                             r"heaviest|strongest|largest|biggest|highest)\s+(?:[a-z]+\s+)?"
                             r"(?:road|edge|link|route|flight|street|trail|pipe|line|cable|tie|"
                             r"connection|leg|lane|track)\b", re.IGNORECASE)
#: one node's balance asked: "what it receives minus what it sends", "net inflow"
_NET = re.compile(r"\bnet\b|\bminus\b|\bbalance\b|\bless what\b|\bdifference between what\b",
                  re.IGNORECASE)


def totals_render(st: PlanState, obs: list[Observed]) -> str:
    if not obs:
        return "Name the edge attribute to add up."
    o = next((o for o in obs if o.tool == "edge_attribute_totals"), None)
    if o is None:
        return unresolved_names(st, slots.named(st.question)[:1])
    d = o.typed(EdgeAttributeTotalsResult)
    if o.args.get("node"):
        sided = {"out": " outgoing", "in": " incoming"}.get(d.direction or "", "")
        split = [x.typed(EdgeAttributeTotalsResult) for x in obs
                 if x.tool == "edge_attribute_totals" and x is not o and x.args.get("direction")]
        both = ""
        if not sided and split and d.net_in is not None and _NET.search(st.question):
            into = next((x.total for x in split if x.direction == "in"), 0)  # "what it
            out = next((x.total for x in split if x.direction == "out"), 0)  # receives minus
            return (found_reply(st, slots.named(st.question)[:1]) +  # what it sends"
                    f"{o.args['node']}'s net {d.attribute} (incoming less outgoing) is "
                    f"**{_f(d.net_in)}**: {_f(into)} on its incoming edges, {_f(out)} on its "
                    f"outgoing ones.")
        if not sided and split:  # a directed graph, no side asked: both sides, each named
            ends = " → ".join(str(c) for c in (st.meaning().get("direction") or [])[:2])
            both = (f" Of that, **{_f(next((x.total for x in split if x.direction == 'in'), 0))}"
                    f"** on its incoming edges and **"
                    f"{_f(next((x.total for x in split if x.direction == 'out'), 0))}** on its "
                    f"outgoing ones{f' ({ends})' if ends else ''}: say which side you mean.")
        if d.edges == 0:  # a node in no edge: nothing added up
            return (found_reply(st, slots.named(st.question)[:1]) +
                    f"{o.args['node']} has no{sided} edges: its {d.attribute} add up to **0**.")
        extreme = _ONE_EDGE_ASKED.search(st.question)
        low = bool(extreme and (extreme.group("low") or extreme.group("low2") or
                                extreme.group("low3")))
        rows = (d.min_edges if low else d.max_edges) if extreme else None
        if rows:  # "which of its direct destinations is the shortest flight": the partner
            node = str(o.args["node"])
            ends = [str(e.target) if str(e.source) == node else str(e.source) for e in rows]
            value = d.min if low else d.max
            return (found_reply(st, slots.named(st.question)[:1]) + ", ".join(f"**{n}**" for n in ends)
                    + f": the {'lowest' if low else 'highest'} {d.attribute} "
                    f"of {node}'s edges, **{_f(value)}** (of {d.edges} edges; mean {_f(d.mean)}).")
        return (found_reply(st, slots.named(st.question)[:1]) + _side_partners(obs) +
                f"The {d.edges}{sided} edges of "
                f"{o.args['node']} have {d.attribute} adding up to **{_f(d.total)}** (mean "
                f"{_f(d.mean)}, min {_f(d.min)}, max {_f(d.max)})." + both)
    if _MEAN_ASKED.search(st.question) and not d.where and not d.side and not re.search(
            r"\b(?:which|who|whom)\b", st.question, re.IGNORECASE) and not _PER_NODE.search(
            st.question):
        # "what's the average road length": the mean first, the sum beside it
        return (f"The mean {d.attribute} per edge is **{_f(d.mean)}** over {d.edges} edges "
                f"(total {_f(d.total)}, min {_f(d.min)}, max {_f(d.max)})."
                + length_note(st.question, st.meaning(), d.attribute))
    if d.where and d.where_edges is not None and _GROUP_FIGURE.search(st.question) and not re.search(
            r"\b(?:which|who|whom)\b", st.question, re.IGNORECASE):
        return _where_edges_render(st, d)
    top = topn.listed(st.question, [(_who(r), _f(r.total)) for r in d.top_nodes])
    over = {"out": " over its outgoing edges (what it sends)", "in": " over its incoming "
            "edges (what it receives)", "both": " over its incoming and outgoing edges "
            "together"}.get(d.direction or "", "")
    kept = (f" between different {d.across} groups" if d.across else
            f" inside one {d.within} group" if d.within else "")
    if kept:  # "to clinics in other trusts": only those edges counted, said with the figure
        over += f", counting only edges{kept}"
    whole = (f"the edges' {d.attribute} adds up to **{_f(d.total)}** over {d.edges} "
             f"edges{kept} (mean {_f(d.mean)}, min {_f(d.min)}, max {_f(d.max)})")
    among = ("among nodes with " + where_said(d.where) + ", ") if d.where else ""
    if d.side:  # two-mode: one side ranked ("which plant has the most visits")
        side = d.side if d.side.endswith("s") else d.side[:-1] + "ies" if d.side.endswith("y") \
            else d.side + "s"
        among = f"among the {side}, " + among
    if d.top_nodes and (re.search(r"(?:^|[,:;]\s*)(?:which|who|whom|(?:the\s+)?busiest)\b",
                                  st.question, re.IGNORECASE) or (
            re.match(r"\s*what\b", st.question, re.IGNORECASE) and totals_bonus(st) > 1.0)):
        # "who sends the most emails": the node first ("what is the total" is the sum's)
        first = d.top_nodes[0]
        tied = [r for r in d.top_nodes[:5] if r.total == first.total]
        nxt = ", ".join(f"{_who(r)} ({_f(r.total)})" for r in d.top_nodes[len(tied):5])
        who = (f"**{_who(first)}** has" if len(tied) == 1 else
               " and ".join(f"**{_who(r)}**" for r in tied) + " tie for")
        return (f"{among[:1].upper()}{among[1:]}{who} the highest "
                f"{d.attribute} total{over}: "
                f"**{_f(first.total)}**" + (f"; next {nxt}" if nxt else "") +
                f". Over all edges, {whole}.")
    if (d.where or d.side) and not d.top_nodes:  # "boat class at the Hatton flight" where
        # the side ranked holds no node of that value: nothing ranked, never an empty list
        return UNRESOLVED[0] + (f" {where_said(d.where)}" if d.where else "") + (
            f" among the {d.side}" if d.side else "") + "."
    if d.where and not d.side:  # the filter picks the nodes listed; the sum is every edge's
        return (f"Among nodes with {among[len('among nodes with '):-2]}, the highest totals per "
                f"node{over}: {top}. (Over the whole graph, {whole.replace('**', '')}; the "
                f"edges between two "
                f"of these nodes are asked as 'within <group>'.)")
    per = f" among the {among[len('among the '):-2]}" if d.side else ""
    return (whole[0].upper() + whole[1:] + f". Highest totals per node{per}{over}: {top}."
            + length_note(st.question, st.meaning(), d.attribute))


#: one figure asked of a group's edges: "the average lead time from vendors in Mexico",
#: "avg km of roads from the north", "total messages sent by Sales people"
_GROUP_FIGURE = re.compile(r"\b(?:average|avg|mean|typical|total|sum|summed|summing|combined|"
                           r"altogether|in all|add(?:ed|ing)?\s+up|tot(?:al)?\s+up)\b",
                           re.IGNORECASE)


#: a group's own edges, both ends inside it: "the cables that stay within the Pacific",
#: "(both ends Pacific stations)", "roads inside the north", "internal shipments"
_INSIDE = re.compile(r"\b(?:between\s+two\b|stay(?:s|ing)?\s+(?:with)?in|(?:lie|lies|lying|run|runs|running)\s+"
                     r"(?:entirely\s+|wholly\s+)?(?:with)?in|inside|within|both\s+ends|"
                     r"internal(?:ly)?|among\s+themselves|between\s+them(?:selves)?|between\s+(?:two\s+)?(?:of\s+)?"
                     r"(?:its|their)\s+own|"
                     # "where both stations are red line", "with both ends in Docks"
                     r"(?:where|whose|with|when|if)\s+both\s+(?:[a-z]+\s+)?(?:are|is|sit|lie|"
                     r"belong|in|on)|both\s+(?:of\s+)?(?:its|their)\s+(?:ends|endpoints|nodes))\b",
                     re.IGNORECASE)


def _where_edges_render(st: PlanState, d: EdgeAttributeTotalsResult) -> str:
    """The edges of the nodes a filter picks, summed: their mean (or total) first, which
    edges they are said in the data's words."""
    w = d.where_edges
    assert w is not None and d.where is not None
    who = where_said(d.where)
    ends = st.meaning().get("direction") or []
    way = {"out": f"leaving the nodes with {who}", "in": f"entering the nodes with {who}",
           "both": f"with an end at a node with {who}"}[w.direction]
    if len(ends) == 2 and w.direction != "both":
        way += f" ({ends[0]} → {ends[1]})"
    mean = _MEAN_ASKED.search(st.question) or re.search(r"\bavg\b", st.question, re.IGNORECASE)
    if w.inside is not None and _INSIDE.search(st.question):  # "cables that stay within the
        i = w.inside  # Pacific": both ends in the group, never one
        if not i.edges:
            return f"No edge has both ends at nodes with {who}."
        head, other = ((f"The mean {d.attribute} of the {i.edges} edges with both ends at nodes "
                        f"with {who} is **{_f(i.mean)}**", f"total {_f(i.total)}") if mean else
                       (f"The {i.edges} edges with both ends at nodes with {who} have "
                        f"{d.attribute} adding up to **{_f(i.total)}**", f"mean {_f(i.mean)}"))
        return (f"{head} ({other}, min {_f(i.min)}, max {_f(i.max)}); {w.edges} edges have at "
                f"least one end there. Over the whole graph: mean {_f(d.mean)} over {d.edges} "
                f"edges." + length_note(st.question, st.meaning(), d.attribute))
    if not w.edges:
        return f"No edge carries {d.attribute} {way}."
    head, other = ((f"The mean {d.attribute} of the {w.edges} edges {way} is **{_f(w.mean)}**",
                    f"total {_f(w.total)}") if mean else
                   (f"The {w.edges} edges {way} have {d.attribute} adding up to **{_f(w.total)}**",
                    f"mean {_f(w.mean)}"))
    return (f"{head} ({other}, min {_f(w.min)}, max {_f(w.max)}). Over the whole graph: mean "
            f"{_f(d.mean)} over {d.edges} edges." + length_note(st.question, st.meaning(), d.attribute))


def totals_bonus(st: PlanState) -> float:
    attr = edge_attr(st)
    if not attr:
        return 0.0
    if slots.BOTTOM.search(st.question) and not slots.named(st.question) and re.match(
            r"\s*(?:which|who|what)\b", st.question, re.IGNORECASE):
        return 0.0  # "which firm receives the least": its top nodes are no bottom (flow_rank)
    one, many = vocabulary.noun(st.question, _raw_info(st))
    if re.fullmatch(_attr_pattern(attr), many, re.IGNORECASE):
        one = many = "nodes"  # "the most papers" on a ``papers`` column: its value, no node
    asked = str(st.context.get("asked") or st.question)  # the user's words, before rewriting
    if any(re.search(rf"\b(?:the )?(?:most|fewest|least)\s+(?:(?:other|different|distinct)\s+"
                     rf"(?!{_attr_pattern(attr)})[a-z]+s?\b|(?:{re.escape(many)}|"
                     rf"{re.escape(one)}s?|nodes|neighbou?rs|partners)\b)", q, re.IGNORECASE)
           for q in (st.question, asked)):
        return 0.0  # "bought together with the most other items", "shared shifts with the most
        #             different people": how many, not a sum
    most = re.search(r"\b(?:most|least|fewest|highest|lowest)\s+(?:[\w-]+\s+){0,2}?"
                     + _attr_pattern(attr) + r"|\bbusiest\s+\w+\s+by\s+(?:the\s+)?(?:total\s+)?"
                     + _attr_pattern(attr), st.question, re.IGNORECASE)
    if (most or _SUMMED_FLOW.search(st.question)) and _across(st) and re.search(
            r"\b(?:who|whom|which\s+one|which\s+of\s+(?:them|these|those))\b|^\s*which\s+(?!\w+\s+"
            r"(?:group|team|department|trust|region|zone|club))\w+", asked, re.IGNORECASE):
        return 2.7  # "of the Moorland clinics, which one sends the most patients to other
        #             trusts": a node's edges to other groups summed, not the groups' mix
    if most or _SUMMED_FLOW.search(st.question) or sides.debt_side(st.question, _raw_info(st)):
        return 2.0  # "which firm ships the most tonnes", "who lends the most in total"
    return 1.0


# -- one named node's in- or out-degree (directed) and one node's group ------------------
# the node after "in-degree of" is a name whatever its case ("core", "ph3", "Alice"): the
# phrase is the normalised form of "how many modules import core" (model/vocabulary.py)
_NODE_DIRECTION = re.compile(r"\b(in|out)-degree (?:(and) (?:in|out)-degree )?of\s+(?:the\s+)?(?:node\s+)?"
                             r"(@[A-Za-z0-9_][\w.-]*|(?-i:[A-Z][\w'.-]*(?: [A-Z0-9][\w'.-]*)+)|[A-Za-z][\w'.-]*[\w]|[A-Za-z]|"
                        r"\d+)", re.IGNORECASE)
_ALL_NODES = 500  # nodes_by_measure lists at most this many rows


def _node_direction(st: PlanState) -> tuple[str, str] | None:
    m = _NODE_DIRECTION.search(st.question)
    side = "both" if m and m.group(2) else m.group(1).lower() if m else ""
    return (side, slots.clean(m.group(3))) if m and _info(st).directed else None


def _directed_calls(st: PlanState, found: tuple[str, str] | None,
                    call: Callable[[str, Any], Call | list[Call]]) -> list[Call]:
    """The name's search, then ``call(side, node id)`` once it resolved."""
    if found is None:
        return []
    side, name = found
    searches, ids = resolve_names(st, [name])
    if ids is None:
        return searches
    made = call(side, ids[0])
    return [*searches, *(made if isinstance(made, list) else [made])]


#: "how many emails did ann send": the things counted, before the node
_HOW_MANY_OF = re.compile(r"\bhow many ([a-z]+s|(?-i:[A-Z]{1,3}|[a-z]{1,3}(?=\s+(?:do|does|did|"
                          r"went|go|goes|were|was|are|is|of|in)\b)))\b", re.IGNORECASE)  # "how many ML"


def _counted(st: PlanState) -> str | None:
    """The count column a "how many <things> did X send" adds up, else None."""
    m = _HOW_MANY_OF.search(str(st.context.get("asked") or st.question))
    return count_column(st, m.group(1)) if m else None


def sums_a_count(st: PlanState) -> bool:
    """Whether one node's in- or out-degree question counts the things a count column holds
    ("how many crates did Dalby ship in total"): its answer is that column added up, so the
    column the question names is taken."""
    return _node_direction(st) is not None and _counted(st) is not None


def node_direction_calls(st: PlanState) -> list[Call]:
    column = _counted(st)
    return _directed_calls(st, _node_direction(st), lambda side, node: [
        *(Call("nodes_by_measure", {"measure": f"{one}_degree", "op": "ge", "value": 0,
                                    "limit": _ALL_NODES})
          for one in (("in", "out") if side == "both" else (side,))),
        *([Call("edge_attribute_totals", {"attribute": column, "node": node, "direction": side})]
          if column and side != "both" else [])])


def node_direction_render(st: PlanState, obs: list[Observed]) -> str:
    found = _node_direction(st)
    d = next((o.typed(NodesByMeasureResult) for o in obs if o.tool == "nodes_by_measure"), None)
    if found is None or d is None:
        return unresolved_names(st, [found[1]] if found else [])
    if found[0] == "both":  # "how many does it cite, and how many cite it": each way
        return _both_ways_render(st, found[1], obs)
    _, ids = resolve_names(st, [found[1]])
    row = next((r for r in d.nodes if ids and str(r.node) == str(ids[0])), None)
    if row is None:
        return UNRESOLVED[1] + f" ({found[1]} is not among the {len(d.nodes)} nodes listed)."
    side = "incoming" if found[0] == "in" else "outgoing"
    total = next((o.typed(EdgeAttributeTotalsResult) for o in obs
                  if o.tool == "edge_attribute_totals" and o.ok), None)
    if total is not None:  # "how many emails did ann send" on a count column: its sum
        m = _HOW_MANY_OF.search(str(st.context.get("asked") or st.question))
        return (found_reply(st, [found[1]]) + f"**{_f(total.total)}** {m.group(1) if m else ''} "
                f"by the `{total.attribute}` column over {_who(row)}'s {_f(row.value)} {side} "
                f"edge(s) ({found[0]}-degree {_f(row.value)}).")
    return (found_reply(st, [found[1]]) + f"{_who(row)} has {found[0]}-degree **{_f(row.value)}** "
            f"({_f(row.value)} {side} edge(s)).")


def _both_ways_render(st: PlanState, name: str, obs: list[Observed]) -> str:
    """One node's in-degree and out-degree, each from its own ranking."""
    _, ids = resolve_names(st, [name])
    values: dict[str, Any] = {}
    for o in obs:
        d = o.typed(NodesByMeasureResult) if o.tool == "nodes_by_measure" and o.ok else None
        row = next((r for r in d.nodes if ids and str(r.node) == str(ids[0])), None) if d else None
        if row is not None:
            values[str(d.measure).split("_")[0]] = row
    if set(values) != {"in", "out"}:
        return UNRESOLVED[1] + f" ({name} is not among the nodes listed)."
    row_in, row_out = values["in"], values["out"]
    return (found_reply(st, [name]) + f"{_who(row_out)} has out-degree **{_f(row_out.value)}** "
            f"({_f(row_out.value)} outgoing edge(s)) and in-degree **{_f(row_in.value)}** "
            f"({_f(row_in.value)} incoming edge(s)).")


def node_direction_bonus(st: PlanState) -> float:
    return 2.0 if _node_direction(st) else 0.0


# -- one named node's in- or out-neighbours (directed): who cites it, whom it follows -----
_NODE_SIDE = re.compile(r"\b(in|out)-neighbou?rs of\s+(?:the\s+)?(?:node\s+)?"
                        r"(@[A-Za-z0-9_][\w.-]*|(?-i:[A-Z][\w'.-]*(?: [A-Z0-9][\w'.-]*)+)|[A-Za-z][\w'.-]*[\w]|[A-Za-z]|"
                        r"\d+)", re.IGNORECASE)
_LISTED = 200  # local_analysis lists at most this many per hop


#: the nodes two named nodes both point to, or both are pointed to by
_BOTH_SIDE = re.compile(r"\b(in|out)-neighbou?rs of both\s+(?:the\s+)?(.+?)\s+and\s+(?:the\s+)?"
                        r"(.+?)\s*[?.!]*\s*$", re.IGNORECASE)


def _node_side(st: PlanState) -> tuple[str, str] | None:
    if _both_side(st):
        return None
    m = _NODE_SIDE.search(st.question)
    return (m.group(1).lower(), slots.clean(m.group(2))) if m and _info(st).directed else None


def _both_side(st: PlanState) -> tuple[str, list[str]] | None:
    m = _BOTH_SIDE.search(st.question)
    if not m or not _info(st).directed:
        return None
    return m.group(1).lower(), [slots.clean(m.group(2)), slots.clean(m.group(3))]


def _side_call(side: str, node: Any) -> Call:
    return Call("local_analysis", {"node": node, "radius": 1, "limit": _LISTED,
                                   "direction": side})


def node_side_calls(st: PlanState) -> list[Call]:
    both = _both_side(st)
    if both:
        searches, ids = resolve_names(st, both[1])
        return searches if ids is None else [*searches, *(_side_call(both[0], i) for i in ids)]
    return _directed_calls(st, _node_side(st), _side_call)


def _hop_one(d: LocalAnalysisResult) -> tuple[list[str], int]:
    """The nodes one hop out (as listed) and how many there are."""
    hop = next((h for h in d.neighbours_by_hop or [] if h.hop == 1), None)
    return ([str(r.node) for r in hop.nodes] if hop else []), (hop.count if hop else 0)


def node_side_render(st: PlanState, obs: list[Observed]) -> str:
    both = _both_side(st)
    if both:
        return _both_render(st, both, obs)
    found = _node_side(st)
    d = next((o.typed(LocalAnalysisResult) for o in obs if o.tool == "local_analysis"), None)
    if found is None or d is None:
        return unresolved_names(st, [found[1]] if found else [])
    hop = next((h for h in d.neighbours_by_hop or [] if h.hop == 1), None)
    count = hop.count if hop else 0
    listed = ", ".join(_who(r) for r in hop.nodes) if hop else ""
    more = f" … ({count - len(hop.nodes)} more)" if hop and count > len(hop.nodes) else ""
    who = str(d.node)
    if found[0] == "in":
        head = f"**{count}** node(s) have an edge into {who} (its in-neighbours)"
    else:
        head = f"{who} has an edge out to **{count}** node(s) (its out-neighbours)"
    from igraph_agent.model.graph_intents import yes_no_lead  # "does anything eat the frog"

    return (found_reply(st, [found[1]]) + yes_no_lead(st, count > 0) + head
            + (f": {listed}{more}." if listed else "."))


def _both_render(st: PlanState, both: tuple[str, list[str]], obs: list[Observed]) -> str:
    """The nodes on one side of both named nodes: the two lists' common part."""
    _, ids = resolve_names(st, both[1])
    got = {str(o.args.get("node")): o.typed(LocalAnalysisResult) for o in obs
           if o.tool == "local_analysis" and o.ok}
    if ids is None or any(str(i) not in got for i in ids):
        return unresolved_names(st, both[1])
    (first, n1), (second, n2) = (_hop_one(got[str(i)]) for i in ids)
    if len(first) < n1 or len(second) < n2:
        return "The neighbour lists were cut short, so the shared ones could not be read."
    shared = [n for n in first if n in set(second) and n not in {str(i) for i in ids}]
    a, b = ids
    how = (f"have an edge into both {a} and {b} (in-neighbours of each)" if both[0] == "in"
           else f"both {a} and {b} have an edge out to (out-neighbours of each)")
    if not shared:
        return found_reply(st, both[1]) + f"**None** — no node {how.replace('have', 'has', 1)}."
    return found_reply(st, both[1]) + f"**{len(shared)}** node(s) {how}: {', '.join(shared)}."


def node_side_bonus(st: PlanState) -> float:
    return 3.0 if _node_side(st) else 0.0


def _groups(st: PlanState) -> dict[str, list[str]]:
    """The grouping attributes whose values the graph lists (a yes/no one names none)."""
    return {a: vs for a, vs in vocabulary.groupings(st.meaning()).items() if vs}


def _word(w: str, q: str) -> bool:
    return re.search(rf"(?<![\w]){re.escape(w)}(?![\w])", q, re.IGNORECASE) is not None


def _named_attr(w: str, q: str) -> bool:
    """Whether ``q`` names the attribute ``w``, in full or abbreviated."""
    if _word(w, q):
        return True
    # an abbreviated attribute ("dept") named in full ("department"): same first two letters,
    # its letters in order
    letters = ".*".join(map(re.escape, w.lower()))
    return len(w) >= 3 and " " not in w and any(
        len(tok) > len(w) and tok.startswith(w[:2].lower()) and re.match(letters, tok)
        for tok in re.findall(r"[a-z]+", q.lower()))


#: a question about one node's neighbours ("which of Greta's crewmates …")
_OF_NEIGHBOURS = re.compile(r"\b(?:of|among|amongst)\s+[\w.-]+(?:\s[A-Z][\w.-]*)?(?:'s|’s|')\s+"
                            r"(?:\w+\s+)?(?:neighbou?rs|contacts|friends|colleagues|partners|"
                            r"connections|[a-z]{2,}mates|neighbou?ring\s+[a-z]+)\b", re.IGNORECASE)


def _node_group(st: PlanState) -> tuple[str, str] | None:
    """(attribute, node name) of "which unit is Omar in?": a categorical attribute the
    graph has (or two of its values) and one named node."""
    name = slots.node(st.question)
    if not name or name in (slots.HUB, slots.CENTRAL) or _OF_NEIGHBOURS.search(st.question):
        return None  # "which of Greta's neighbours are in Weir": theirs, not Greta's group
    if " " in name and name == name.lower():
        return None  # "share of friendships connect people": words, not a node's name
    for attr, values in _groups(st).items():
        stem = attr.lower().replace("_", " ")
        named = [v for v in values if vocabulary.value_named(v, st.question)]
        if (_named_attr(stem, st.question) or _word(stem + "s", st.question) or len(named) >= 2
                or _word(attr, st.question)) \
                and name.lower() not in {v.lower() for v in values} and name.lower() != stem:
            return attr, name
    return None


def node_group_calls(st: PlanState) -> list[Call]:
    found = _node_group(st)
    if found is None:
        return []
    attr, name = found
    searches, ids = resolve_names(st, [name])
    if ids is None:
        return searches
    return [*searches, *(Call("nodes_by_measure", {"measure": "degree", "op": "ge", "value": 0,
                                                   "where": {attr: v}, "limit": _ALL_NODES})
                         for v in _groups(st)[attr][:20])]


def node_group_render(st: PlanState, obs: list[Observed]) -> str:
    found = _node_group(st)
    if found is None:
        return UNRESOLVED[1] + "."
    attr, name = found
    _, ids = resolve_names(st, [name])
    if not ids:
        return unresolved_names(st, [name])
    for o in obs:
        if o.tool != "nodes_by_measure":
            continue
        d = o.typed(NodesByMeasureResult)
        row = next((r for r in d.nodes if str(r.node) == str(ids[0])), None)
        if row is not None and d.where:
            value = d.where.get(attr)
            return (found_reply(st, [name]) + f"{_who(row)} has {attr} **{value}** (one of the "
                    f"{d.count} nodes with {attr} = {value}).")
    return (UNRESOLVED[1] + f" ({name} is in none of the {attr} values listed, "
            f"{', '.join(_groups(st)[attr][:20])}).")


def node_group_bonus(st: PlanState) -> float:
    return 2.0 if _node_group(st) else 0.0


QUERY_INTENTS = [
    ("threshold_count", None, threshold_calls, threshold_render,
     "nodes by a measure threshold (nodes_by_measure)"),
    ("least_degree", None, least_calls, least_render,
     "the least-connected nodes (degree_analysis, nodes_by_measure)"),
    ("hop_count", None, hop_calls, hop_render, "k-hop counts from a node (hop_counts)"),
    ("what_if", None, whatif_calls, whatif_render,
     "what-if removal: components after (remove_and_compare)"),
    ("clique", None, clique_calls, clique_render, "the largest clique (largest_clique)"),
    ("common_neighbours", None, common_calls, common_render,
     "pairs by common neighbours (common_neighbour_pairs)"),
    ("edge_totals", None, totals_calls, totals_render,
     "edge-attribute totals (edge_attribute_totals)"),
    ("node_direction", None, node_direction_calls, node_direction_render,
     "one node's in- or out-degree (nodes_by_measure)"),
    ("node_side", None, node_side_calls, node_side_render,
     "one node's in- or out-neighbours (local_analysis with direction)"),
    ("node_group", None, node_group_calls, node_group_render,
     "one node's group (nodes_by_measure per attribute value)"),
]
