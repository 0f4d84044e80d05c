"""Offline-planner intents about single edges' values: the edges past a threshold ("roads
longer than 40", "pairs of authors with more than 4 papers together") and the edge holding
the largest or smallest value ("which two authors have the strongest tie", "which road is
the longest"). Both read ``edge_attribute_totals`` (its ``passing``, ``max_edges`` and
``min_edges``); ``intents.py`` registers them.

Each applies only when the question is about edges, not nodes: a ranking of nodes ("which
stop has the most roads longer than 30"), a budget ("within 120 minutes") or a named node
("stop3's roads longer than 30") is left to the precision guard, which asks.
"""

from __future__ import annotations

import numbers
import re
from dataclasses import replace
from typing import Any

from igraph_agent.graph.semantics import _tokens as semantics_tokens
from igraph_agent.model import slots, vocabulary
from igraph_agent.model.planstate import Call, Observed, PlanState
from igraph_agent.model.query_intents import _attr_pattern, edge_attr
from igraph_agent.results.counting import EdgeAttributeTotalsResult, EdgeValue

_OP_WORDS = {"gt": "above", "ge": "at least", "lt": "below", "le": "at most", "eq": "exactly"}
_EDGE_NOUNS = (r"(?:edges|links|ties|roads|streets|flights|routes|connections|pairs|"
               r"relationships|legs|segments|lines|trips|collaborations|partnerships|"
               r"friendships|transfers|shipments|calls|emails|messages|trails|lanes|pipes|"
               r"pipelines|cables|tracks|rails|payments|loans|referrals|crossings|deliveries|"
               r"donations|invoices|transactions|sailings|journeys|rides|hauls|passes|throws|"
               r"interactions|bonds|associations|enrol+ments|registrations|bookings|"
               r"assignments|attendances|placements|appearances|subscriptions)")
#: the question counts or lists edges: "how many roads", "which flights", "pairs of authors"
_COUNTS_EDGES = re.compile(
    rf"^\s*(?:so\s+|and\s+)?(?:how many|count(?: the)?|number of|what is the number of|"
    rf"which|what|list(?: the| all)?|show(?: me)?(?: the| all)?|name(?: the| all)?|give me"
    # "how many sender->receiver pairs", "how many author-coauthor pairs": the ends joined
    rf"(?: the| all)?)\s+(?:\w+\s+|\w+\s*(?:->|→|-|/)\s*\w+\s+)?{_EDGE_NOUNS}\b", re.IGNORECASE)
_RANKS = re.compile(r"\b(?:most|fewest|least|highest|lowest|top|each|per|every|average|"
                    r"mean|reach|within|total|sum|summing|combined|altogether|add(?:ed|ing)? up|"
                    r"count(?:ed|ing)? up|across all|over all|"
                    # a share asked ("what share"), not pairs that share a number of something
                    r"share(?!\s+(?:(?:just|only)\s+)?(?:a\s+single|one|two|three|four|five|\d|"
                    r"at\s+least|at\s+most|more\s+than|fewer\s+than|less\s+than|exactly))|"
                    r"percent(?:age)?|fraction|proportion)\b|%", re.IGNORECASE)


def _asked(st: PlanState) -> PlanState:
    """The state with the user's own words: the planner's rewriting turns "the most papers"
    into "the most ties", which loses the edge value named."""
    said = vocabulary.unglued(str(st.context.get("asked") or st.question))
    info = st.last_ok("get_graph_info")
    data = info.data if info else {}
    return replace(st, question=vocabulary.by_column_count(vocabulary.pairs_sharing(said, data),
                                                           data))


# a comparison word fits only edge values of its kind: "cheaper" is no comparison of minutes
#: a column that holds a time: ``travel_min``, ``latency_ms``, ``delay``, ``rtt_ms``
_TIME = (r"minute|hour|time|duration|second|day|week|month|year|travel|latency|delay|rtt|"
         r"(?<![a-z])(?:ms|secs?|mins?|hrs?)(?![a-z])")
#: a column that holds a width or what fits through: ``bore_mm``, ``capacity_mbps``, ``lanes``
_WIDTH = (r"width|wide|diamet|bore|calib|gauge|capacit|bandwidth|throughput|lanes|"
          r"(?<![a-z])cap(?![a-z])|"
          r"(?<![a-z])(?:[kmgt]bps|[kmgt]b/s|dn|mbit)(?![a-z])")
_KINDS = [
    (re.compile(r"cheap|expensive|pricier|priciest|costl", re.IGNORECASE),
     re.compile(r"cost|price|fare|fee|usd|eur|gbp|dollar|euro|amount|spend|paid|toll|charge",
                re.IGNORECASE)),
    (re.compile(r"longer|shorter|longest|shortest|farther|further|closer", re.IGNORECASE),
     re.compile(rf"km|kilomet|mile|dist|length|metre|meter|(?<![a-z])(?:m|ft|mi)(?![a-z])|{_TIME}",
                re.IGNORECASE)),
    (re.compile(r"faster|quicker|slower|fastest|quickest|slowest", re.IGNORECASE),
     re.compile(_TIME, re.IGNORECASE)),
    # "the widest pipe", "the narrowest link": a width or what fits through (never a length)
    # "which link has the most bandwidth": the value's own noun
    (re.compile(r"wider|narrower|widest|narrowest|thicker|thinner|thickest|thinnest|"
                r"\b(?:bandwidth|capacity|throughput)\b", re.IGNORECASE),
     re.compile(_WIDTH, re.IGNORECASE)),
]


def _fits(question: str, attr: str) -> bool:
    """Whether the question's comparison words fit ``attr`` (named in the question, any)."""
    if re.search(rf"\b{re.escape(attr)}\b", question, re.IGNORECASE):
        return True
    return all(fits.search(attr) for word, fits in _KINDS if word.search(question))


#: the edges past a value kept, and the nodes left with one: "if we only keep links worth at
#: least 20bn, how many countries still have a partner"
_KEPT = re.compile(r"\b(?:only\s+(?:keep|kept|count|counted|use|used)|keep(?:ing)?\s+only|"
                   r"only\s+the)\s+(?:the\s+)?(?:\w+\s+)?" + _EDGE_NOUNS + r"\b", re.IGNORECASE)
_LEFT_WITH_ONE = re.compile(r"\bhow many\s+(?:\w+\s+){0,2}(?:still\s+)?(?:have|has|keep|"
                            r"retain)\s+(?:a|an|any|at least one)\s+(?:\w+\s+)?(?:partner|link|"
                            r"connection|neighbou?r|edge|tie|contact)s?\b", re.IGNORECASE)


def _nodes_kept(st: PlanState) -> bool:
    q = _asked(st).question
    return bool(_KEPT.search(q) and _LEFT_WITH_ONE.search(q))


def _threshold(st: PlanState) -> tuple[str, str, float] | None:
    """(attribute, op, value) when the question counts edges past a value of theirs, or the
    nodes those edges keep linked."""
    kept = _nodes_kept(st)
    st = _asked(st)
    q = st.question
    found = slots.threshold(q)
    ranks = _RANKS.search(re.sub(r"\bat (?:least|most)\b", "", q))
    # (the bound's own digits name no node: "a count of 8 messages or more")
    named = [n for n in slots.named(q) if not (found and re.fullmatch(r"\d+(?:\.\d+)?", n)
                                               and float(n) == found[1])]
    if found is None or ranks or (named and not _ones_edges(q)) or _nodes_act(q) \
            or _nodes_total(st):
        return None
    if not (slots.EDGE_COMPARE.search(q) or slots.EDGE_VALUE_AT.search(q)
            or _COUNTS_EDGES.search(q) or kept or _column_after_number(q, _edge_attrs(st))
            or _ones_edges(q)):
        return None
    attr = edge_attr(st) or _default(st)
    if not attr or not (_fits(q, attr) or _as_length(st, attr)):
        return None
    return attr, found[0], slots.in_column_units(found[1], q, attr)


#: one named node's edges counted past a value: "how many of Valjean's co-appearance ties
#: have a weight of 12 or more"
_ONES_EDGES = re.compile(r"\bhow many of\s+(?:the\s+)?(?P<x>(?-i:[A-Z][\w'.-]*(?:\s+[A-Z][\w'.-]*)*)|"
                         r"[a-z]+\d+|\d+)(?:'s|’s)\s+(?:[\w-]+\s+)?(?:ties|edges|links|connections|"
                         r"relationships|roads|routes|trails|flights|calls|messages|emails|"
                         r"payments|shipments|loans|transfers|lanes|streets|lines|pipes|cables)\b",
                         re.IGNORECASE)


def _ones_edges(q: str) -> str | None:
    """The one node whose own edges a threshold counts, else None."""
    m = _ONES_EDGES.search(q)
    return slots.clean(m.group("x")) if m and len(slots.named(q)) == 1 else None


def _nodes_act(q: str) -> bool:
    """Whether nodes doing the edge's verb are counted ("how many farms sell more than 100
    tonnes", "which depots ship over 50 crates"): each one's total, not single edges; an edge
    noun as the subject ("how many shipments carry …") keeps the edges."""
    from igraph_agent.model.query_intents import _RECEIVES, _SENDS

    m = re.match(r"\s*(?:so\s+|and\s+)?(?:how many|which|what|who)\s+(?:(?P<noun>[a-z]+)\s+)?"
                 r"(?P<verb>[a-z]+(?:\s+(?:in|out))?)\s", q, re.IGNORECASE)
    if m is None or not (_SENDS.fullmatch(m.group("verb")) or _RECEIVES.fullmatch(m.group("verb"))):
        return False
    noun = (m.group("noun") or "").lower()
    return not re.fullmatch(_EDGE_NOUN, noun) and noun not in {"pairs", "pair", "edges", "rows"}


def _nodes_total(st: PlanState) -> bool:
    """Whether the nodes are counted by their own total of a strength column the bound
    names ("how many players have 20 or more games under their belt" on ``games``, "who has
    10+ joint papers"): each player's games added up, never single edges of 20 games."""
    from igraph_agent.model import vocabulary

    q = st.question
    roles = st.meaning().get("weights") or {}
    strengths = [a for a in _edge_attrs(st) if roles.get(a) != "distance"]
    if not strengths or not _column_after_number(q, strengths):
        return False
    m = re.match(r"\s*(?:so\s+|and\s+)?(?:(?:how many|which|what)\s+(?:other\s+|different\s+)?"
                 r"(?P<noun>[a-z]+)|(?P<who>who|whom)|"
                 # "could you list the teachers who have covered 5 or more lessons"
                 r"(?:(?:could|can|would|will)\s+you\s+(?:please\s+)?|please\s+)?(?:list|show|"
                 r"name|find|give\s+me|get)\s+(?:me\s+)?(?:all\s+)?(?:the\s+|our\s+)?"
                 r"(?P<listed>[a-z]+)\s+(?:who|that|which))\s+(?:have|has|had|played|logged|made|"
                 r"wrote|did|worked|clocked|volunteered|spent|put\s+in)\b", q, re.IGNORECASE)
    if m is None:
        return False
    if m.group("who"):
        return True
    noun = (m.group("noun") or m.group("listed")).lower()
    one = vocabulary.singular(noun)
    info = st.last_ok("get_graph_info")
    own = vocabulary.noun(q, info.data if info else {})
    if re.fullmatch(_EDGE_NOUN, noun) or re.fullmatch(_EDGE_NOUNS, noun) or noun in {
            "pairs", "pair", "edges", "rows"}:
        return False
    if m.group("listed") or re.match(r"\s+[a-z]{3,}(?:ed|en|wn)\b", q[m.end():]):
        # "list the teachers who have …", "which teachers have covered 5 or more lessons":
        # nodes, unless the noun is one of the edge columns' own words ("the lessons that …")
        words = {w for a in _edge_attrs(st) for w in re.split(r"[_\W]+", a.lower()) if w}
        return not ({noun, one} & words)
    return bool({noun, one} & (set(vocabulary.NODE_NOUNS) | {own[0], own[1]}))


def _as_length(st: PlanState, attr: str) -> bool:
    """"trails shorter than 4 in length" on a plain ``weight``: the length the question says."""
    from igraph_agent.model.weights import plain_weight, unknown_as_length

    q = _asked(st).question
    if re.search(r"\b(?:shorter|longer)\s+than\b|\b\d+(?:\.\d+)?\s+(?:long\s+)?or\s+(?:shorter|"
                 r"longer)\b", q, re.IGNORECASE):  # "roads shorter than 3", "2 long or shorter"
        return plain_weight(st.meaning()) == attr
    return unknown_as_length(q, st.meaning()) == attr


def _column_after_number(q: str, attrs: list[str]) -> bool:
    """"pairs with 3+ joint papers" on ``joint_papers``: the bound is on that column."""
    for a in attrs:
        words = r"[\s_-]+".join(map(re.escape, re.split(r"[_\s-]+", a)))
        if re.search(rf"\b\d+(?:\.\d+)?\+?\s+(?:or (?:more|fewer|less)\s+)?(?:[a-z]+\s+)?{words}\b",
                     q, re.IGNORECASE):  # "3+ joint papers", "20 or more games"
            return True
        if re.search(rf"\b(?:a|an)\s+{words}\s+(?:of\s+|above\s+|over\s+|below\s+|under\s+|"
                     rf"(?:at least|at most|more than|less than|exactly)\s+)\d", q, re.IGNORECASE):
            return True  # "got a score of 90 or more" on ``score``
    return False


#: words of a column name that say how it is measured, not what the edge is
_UNIT_WORDS = frozenset("min mins minutes sec secs seconds hours hrs ms usd eur gbp km kms "
                        "miles mm cm metres meters kg tonnes per total count num number value "
                        "amount sum mean avg".split())


def _own_noun_is_extreme(st: PlanState, q: str) -> bool:
    """"which crossing is the slowest" on ``crossing_min``, "which grant is the smallest"
    on ``grant_usd``: the edge named by its column's own word, its extreme said after it."""
    nouns = {w for a in _edge_attrs(st) for w in re.split(r"[_\W]+|(?<=[a-z])(?=[A-Z])", a.lower())
             if len(w) >= 4 and w not in _UNIT_WORDS and w.isalpha()}
    if not nouns:
        return False
    noun = "(?:" + "|".join(map(re.escape, sorted(nouns))) + r")(?:s|es)?"
    return bool(re.search(_NOUN_IS_EXTREME.pattern.replace(_EDGE_NOUN, noun + r"\b", 1), q,
                          re.IGNORECASE) or
                # "which uplink has the least capacity" on ``uplink_mbit``
                re.search(rf"^\s*(?:which|what)\s+(?:single\s+)?{noun}\s+(?:has|had|carries|"
                          r"carried|holds)\s+the\s+(?:most|least|highest|lowest|largest|biggest|"
                          r"smallest|greatest)\b", q, re.IGNORECASE))


def _edge_attrs(st: PlanState) -> list[str]:
    info = st.last_ok("get_graph_info")
    return [a for a in (info.data if info else {}).get("edge_attributes") or []
            if isinstance(a, str)]


def _default(st: PlanState) -> str | None:
    info = st.last_ok("get_graph_info")
    data = info.data if info else {}
    attrs = [a for a in data.get("edge_attributes") or [] if isinstance(a, str)]
    default = (data.get("meaning") or {}).get("default_weight")
    if default in attrs:
        return str(default)
    return attrs[0] if len(attrs) == 1 else None  # the one value the edges carry


def threshold_calls(st: PlanState) -> list[Call]:
    found = _threshold(st)
    if found is None:
        return []
    attr, op, value = found
    one = _ones_edges(_asked(st).question)
    if one is not None:  # "how many of Valjean's ties have a weight of 12 or more"
        from igraph_agent.model.graph_intents import resolve_names

        searches, ids = resolve_names(st, [one])
        if ids is None:
            return searches
        return [*searches, Call("edge_attribute_totals", {"attribute": attr, "node": ids[0],
                                                           "op": op, "value": value})]
    return [Call("edge_attribute_totals", {"attribute": attr, "op": op, "value": value})]


def _edge(e: EdgeValue, directed: bool = False) -> str:
    a = f"{e.source} ({e.source_label})" if e.source_label else str(e.source)
    b = f"{e.target} ({e.target_label})" if e.target_label else str(e.target)
    return f"{a} → {b}" if directed else f"{a} – {b}"


def _shown(x: Any) -> str:
    """A number as people write it (``3``, ``2.5``); any other value (a name) as it is."""
    if isinstance(x, bool) or not isinstance(x, numbers.Real):
        return str(x)
    return str(int(x)) if float(x).is_integer() else f"{x:g}"


def threshold_render(st: PlanState, obs: list[Observed]) -> str:
    o = next((o for o in obs if o.tool == "edge_attribute_totals"), None)
    if o is None:
        from igraph_agent.model.graph_intents import unresolved_names

        return unresolved_names(st, [_ones_edges(_asked(st).question) or ""])
    d = o.typed(EdgeAttributeTotalsResult)
    p = d.passing
    if p is None:
        return "The edges could not be counted by their value."
    listed = ", ".join(f"{_edge(e)} ({_shown(e.value)})" for e in p.edges[:10])
    more = " …" if p.count > 10 else ""
    if _nodes_kept(st) and p.nodes is not None:
        return (f"**{p.nodes}** node(s) keep at least one edge when only the {p.count} edge(s) "
                f"with {d.attribute} {_OP_WORDS[p.op]} {_shown(p.value)} are kept (of {d.edges} "
                f"edges)" + (f": {listed}{more}." if listed else "."))
    from igraph_agent.model.weights import length_note

    whose = f"{d.node}'s " if d.node is not None else ""
    return (f"**{p.count}** of {whose}{d.edges} edges have {d.attribute} {_OP_WORDS[p.op]} "
            f"{_shown(p.value)}" + (f": {listed}{more}." if listed else ".")
            + length_note(_asked(st).question, st.meaning(), d.attribute))


def threshold_bonus(st: PlanState) -> float:
    return 4.0 if _threshold(st) else 0.0


# -- the edge holding the largest or smallest value ------------------------------------------
_EDGE_NOUN = (r"(?:(?:edge|road|flight|route|connection|link|tie|street|leg|segment|partnership|"
              r"collaboration|trail|lane|pipe|pipeline|cable|track|rail|shipment|transfer|"
              r"payment|loan|channel|line|relationship|friendship|bond|pairing|section|span|"
              r"crossing|sailing|interaction|bond|enrol+ment|registration|booking|assignment|"
              r"attendance|placement|appearance|subscription|flow|movement|trip|journey)s?|"
              r"stretch(?:es)?|ferries|ferry|deliver(?:y|ies)|haul(?:s|age)?|"
              # "which main has the largest diameter": a water main, never "the main hub"
              r"(?:water\s+)?mains?(?=\s+(?:has|had|is|was|carries|holds|of|in|on)\b)|"
              # "mentorship", "apprenticeship": the tie a ``mentor,mentee`` table holds
              r"[a-z]{3,}ships?)\b")
#: where the edge lies, after its noun: "the longest stretch on the canal"
_ON_GRAPH = r"(?:\s+(?:on|in|of)\s+(?:the|this|our)\s+\w+(?:\s+(?:network|graph|system|map|grid|data))?)?"
#: the two ends' nouns before an edge noun: "sender-receiver pair", "depot_from/depot_to
#: route", "buyer and seller pair"
_ENDS_BEFORE = r"(?:\w+\s*(?:-|–|/|→|->)\s*\w+\s+|\w+\s+and\s+\w+\s+)?"
_WHICH_EDGE = re.compile(
    # "strongest flow segment?": the extreme and the edge noun alone
    rf"^\s*(?:the\s+)?(?:single\s+)?(?:strongest|weakest|heaviest|lightest|longest(?:-running|"
    rf"-lasting)?|shortest|largest|slowest|fastest|quickest|"
    rf"biggest|smallest|busiest)\s+(?:single\s+)?(?:[\w-]+\s*(?:->|→)\s*)?(?:[\w-]+\s+)?{_EDGE_NOUN}{_ON_GRAPH}"
    r"(?:\s+(?:we|you|they)\s+(?:run|have|operate|use))?"  # "slowest link we run?"
    # "shortest trail in miles?", "biggest restaurant -> area lane by order count?"
    r"(?:\s+(?:in|by)\s+(?:[a-z_]+\s+)?[a-z_]+)?\s*[?.!]*"
    # "longest single leg in hours?? which two ports": its two ends asked after it, "how
    # many min" too
    r"(?:\s*,?\s*(?:and\s+)?(?:which|what|between which)\s+(?:two\s+)?[a-z]+(?:\s*,?\s*(?:and\s+)?"
    r"how\s+(?:many|much|long)(?:\s+[a-z]+)?)?\s*[?.!]*)?\s*$|"
    # "longest lead time of any shipment", "the biggest weight on a single edge"
    r"^\s*(?:what(?:'s|\s+is|\s+was)?\s+)?(?:the\s+)?(?:strongest|weakest|heaviest|lightest|"
    r"longest|shortest|largest|biggest|smallest|highest|lowest|greatest)\s+"
    rf"(?:[\w-]+\s+){{0,3}}?(?:of|on|for|along|across)\s+(?:any|a|an|one|a\s+single|any\s+single|"
    rf"any\s+one)\s+(?:single\s+)?(?:\w+\s+)?{_EDGE_NOUN}{_ON_GRAPH}"
    # "… of any enrolment - who & which seminar?": its two ends asked after it
    r"(?:\s*[-–—,:;]\s*(?:and\s+)?(?:who|which|what|between\s+which)\b[^?]*)?\s*\??\s*$|"
    # "which mentoring pair has lasted the longest", "which mentorship has gone on longest"
    rf"^\s*(?:so\s+|and\s+)?(?:which|what)\s+(?:\w+\s+){{0,2}}?(?:{_EDGE_NOUN}|pairs?\b)\s+"
    r"(?:has|have|had)\s+(?:lasted|run|gone\s+on|been\s+going|existed|been\s+around)\s+"
    r"(?:the\s+)?(?:longest|shortest)\b|"
    # "which pipe has the biggest capacity": the edge noun, then its extreme value
    rf"(?:^|[.!?]\s+)\s*(?:so\s+|and\s+)?(?:which|what)\s+(?:single\s+)?{_ENDS_BEFORE}(?:{_EDGE_NOUN}|"
    r"pairs?\b)\s+(?:has|had|carries|"
    r"carried|holds|offers)\s+the\s+(?:most|least|highest|lowest|largest|biggest|smallest|"
    r"greatest|strongest|weakest)\b|"
    r"^\s*(?:so\s+|and\s+)?(?:which|what|who)(?:'s|\s+is|\s+are)?\s+(?:the\s+)?(?:two\b|pair\b|"
    r"(?:single\s+)?(?:heaviest|strongest|weakest|lightest|largest|biggest|smallest)\s+(?:\S+\s+){0,4}?"
    r"(?:pair|couple)\b|"
    rf"couple\b|(?:single\s+)?{_EDGE_NOUN}|(?:single\s+)?(?:\w+\s+){{1,2}}?{_EDGE_NOUN}"
    r"(?!.*\b(?:has|have|had)\b))", re.IGNORECASE)
_LOW = re.compile(r"\b(?:shortest|lightest|weakest|fewest|least|lowest|smallest|cheapest|"
                  r"quickest|fastest|narrowest|thinnest)\b", re.IGNORECASE)
_EXTREME = re.compile(rf"{_LOW.pattern}|\b(?:longest|heaviest|strongest|most|highest|largest|"
                      r"biggest|slowest|priciest|most expensive|widest|thickest|busiest)\b",
                      re.IGNORECASE)
#: a size word that names no kind of value: the edges' one value, or asked
_SIZE_ONLY = re.compile(r"\b(?:largest|biggest|smallest|highest|lowest|most|least)\b",
                        re.IGNORECASE)
#: an extreme said of the edge noun after it: "which loan is the largest", "which link is the
#: slowest", "which pipe is widest"
_NOUN_IS_EXTREME = re.compile(
    rf"^\s*(?:which|what)\s+(?:single\s+)?(?:\w+\s+)?{_EDGE_NOUN}\s+(?:is|was|has been)\s+"
    r"(?:the\s+)?(?:single\s+)?(?:strongest|weakest|heaviest|lightest|longest|shortest|largest|"
    r"biggest|smallest|slowest|fastest|quickest|cheapest|priciest|most expensive|widest|"
    r"narrowest|thickest|thinnest)\b", re.IGNORECASE)
_ROUTE = re.compile(r"\bfrom\b.+\bto\b|\bbetween\s+(?!them\b|the two\b)\S+\s+and\b|"
                    r"\b(?:path|journey|trip|way)\b", re.IGNORECASE)


#: a column that counts the times a pair met: how often they were together
_TIMES = frozenset({"weight", "count", "counts", "n", "times", "freq", "frequency", "together",
                   "cooccurrence", "cooccurrences", "occurrences", "co", "shared", "joint",
                   "meetings", "met", "games", "matches", "bouts", "fights", "duels", "encounters",
                   "sessions", "episodes", "scenes", "visits", "trips", "calls", "messages",
                   "emails", "interactions", "papers", "gigs", "rehearsals", "shifts"})
#: how often a pair is together: the edges' one count of times says it
_OFTEN = re.compile(r"\b(?:most|least)\s+(?:often|frequently)\b|\bthe\s+(?:most|fewest)\s+times\b|"
                    # "which two characters show up together the most"
                    r"\btogether\s+(?:the\s+)?(?:most|least)\b|"
                    # "which two characters co-appear the most"
                    r"\bco-?[a-z]{4,}\s+(?:the\s+)?(?:most|least)\b", re.IGNORECASE)


#: a pair asked over both ways of a directed table: "which two people exchange the most
#: messages", "which pair send each other the most emails", "… the most calls between them"
_BOTH_WAYS = re.compile(r"\b(?:each other|one another|exchang\w*|trad(?:e|es|ed|ing)|swap\w*|"
                        r"between them|back and forth|both ways|in both directions)\b", re.IGNORECASE)
_PAIR_ASKED = re.compile(r"^\s*(?:so\s+|and\s+)?(?:which|what)\s+(?:two|2|pair|couple)\b|"
                         r"^\s*(?:which|what)\s+\w+\s+pair\b|^\s*who\s+(?:are|were)\s+the\s+"
                         r"(?:two|2|pair)\b", re.IGNORECASE)


def both_ways(st: PlanState) -> tuple[str, str] | None:
    """(attribute, "max" or "min") when a directed graph's pair is asked with its value
    summed over both ways: the edge each way adds up ("exchange the most messages")."""
    st = _asked(st)
    q = st.question
    if not (st.meaning().get("directed") and _PAIR_ASKED.search(q) and _BOTH_WAYS.search(q)
            and _EXTREME.search(q)) or slots.named(q) or _ROUTE.search(q):
        return None
    from igraph_agent.model.query_intents import count_column

    attr = edge_attr(st)
    items = re.search(r"\b(?:most|fewest|least)\s+([a-z]+s)\b", q, re.IGNORECASE)
    if attr is None and items:
        attr = count_column(st, items.group(1))  # "the most messages" on a ``count`` column
    if attr is None and _OFTEN.search(q):
        roles = st.meaning().get("weights") or {}
        times = [c for c in _edge_attrs(st) if roles.get(c) != "distance" and
                 set(semantics_tokens(c)) & _TIMES]
        attr = times[0] if len(times) == 1 else None
    return (attr, "min" if _LOW.search(q) else "max") if attr else None


def _extreme(st: PlanState) -> tuple[str, str] | None:
    """(attribute, "max" or "min") when the question asks which edge holds the extreme."""
    pair = both_ways(st)
    if pair:
        return pair
    st = _asked(st)
    q = st.question
    if not ((_WHICH_EDGE.search(q) or _own_noun_is_extreme(st, q)) and _EXTREME.search(q)) \
            or _ROUTE.search(q) \
            or slots.named(q) or slots.features(q) - {"weight", "bottom"}:
        return None
    named = edge_attr(st)
    attr = named or (_default(st) if re.search(
        r"\b(?:strongest|weakest|heaviest|lightest|longest|shortest|cheapest|priciest|most "
        r"expensive|slowest|fastest|quickest|widest|narrowest|thickest|thinnest)\b|"
        rf"\b(?:largest|biggest|smallest)\s+(?:single\s+)?{_EDGE_NOUN}", q,
        re.IGNORECASE) or _NOUN_IS_EXTREME.search(q)
        or _own_noun_is_extreme(st, q) else None)
    if attr is None and not named:  # "which pipe has the biggest capacity" on flow_cap
        from igraph_agent.model.weights import value_noun_column

        attr = value_noun_column(q, _edge_attrs(st))
    if attr is None and not named and _OFTEN.search(q):
        # "which two characters appear together most often": the one count of times together
        # (never a capacity, a trust or a length)
        roles = st.meaning().get("weights") or {}
        times = [c for c in _edge_attrs(st) if roles.get(c) != "distance" and
                 set(semantics_tokens(c)) & _TIMES]
        attr = times[0] if len(times) == 1 else None
    kinds = any(word.search(q) for word, _ in _KINDS)
    if not named and kinds and (attr is None or not (_fits(q, attr) or _plain_length(st, q, attr))):
        # "the widest link" on a capacity_mbps,hop_km table: the one column the word fits
        fitting = [a for a in _edge_attrs(st) if _fits(q, a)]
        attr = fitting[0] if len(fitting) == 1 else None
    if not named and not kinds and len(_edge_attrs(st)) > 1 and _SIZE_ONLY.search(q) and \
            not re.search(r"\b(?:strongest|weakest|heaviest|lightest)\b", q, re.IGNORECASE):
        return None  # "which pipe is the largest" on diameter_mm,length_km: which value?
    if attr is None or not (_fits(q, attr) or _plain_length(st, q, attr)):
        return None
    return attr, "min" if _LOW.search(q) else "max"


def _pair_render(d: EdgeAttributeTotalsResult, end: str) -> str:
    """The pair whose value, summed over an edge each way, is the largest (smallest)."""
    rows = (d.min_pairs if end == "min" else d.max_pairs) or []
    word = "fewest" if end == "min" else "most"
    pairs = ", ".join(f"**{_who(r.source, r.source_label)} ↔ {_who(r.target, r.target_label)}**"
                      for r in rows[:10])
    tied = f"tied at **{_shown(rows[0].value)}** each" if len(rows) > 1 else \
        f"**{_shown(rows[0].value)}**"
    return (f"{pairs} {'have' if len(rows) > 1 else 'has'} the {word} {d.attribute} between "
            f"them, both ways added up: {tied} (over the {d.edges} edges).")


def _who(node: Any, lab: Any) -> str:
    return f"{node} ({lab})" if lab not in (None, "", node) else str(node)


def _plain_length(st: PlanState, q: str, attr: str) -> bool:
    """"which trail is the longest" on a plain ``weight``: read as the trails' length (the
    answer says so); a speed or a price ("the fastest", "the cheapest") is no length."""
    from igraph_agent.model.weights import plain_weight

    if re.search(r"\b(?:longest|greatest|largest|biggest)\s+shortest\b|\bdistances?\b|"
                 r"\bbetween (?:any|every|all)\b", q, re.IGNORECASE):
        return False  # "the longest shortest trail distance": a path figure, no one edge
    return plain_weight(st.meaning()) == attr and all(
        word.search(q) is None for i, (word, _) in enumerate(_KINDS) if i != 1)


def extreme_calls(st: PlanState) -> list[Call]:
    found = _extreme(st)
    return [Call("edge_attribute_totals", {"attribute": found[0]})] if found else []


def extreme_render(st: PlanState, obs: list[Observed]) -> str:
    d = obs[0].typed(EdgeAttributeTotalsResult)
    end = (_extreme(st) or ("", "max"))[1]
    if both_ways(st) and d.max_pairs:
        return _pair_render(d, end)
    rows = (d.min_edges if end == "min" else d.max_edges) or []
    if not rows:
        return "The edges' values could not be read."
    value = d.min if end == "min" else d.max
    word = "smallest" if end == "min" else "largest"
    tied = ", tied between these edges" if len(rows) > 1 else ", on the edge"
    from igraph_agent.model.weights import length_note

    return (f"The {word} {d.attribute} value of one edge is **{_shown(value)}**{tied}: "
            + ", ".join(f"**{_edge(e, bool(st.meaning().get('directed')))}**" for e in rows[:10])
            + f" (of {d.edges} edges)."
            + length_note(_asked(st).question, st.meaning(), d.attribute))


def extreme_bonus(st: PlanState) -> float:
    if _asks_a_grouping(st):  # "which lock flight was busiest" where ``flight`` groups the
        return 0.0  # locks: a group ranked, never one edge
    return 4.0 if _extreme(st) else 0.0


def _asks_a_grouping(st: PlanState) -> bool:
    """Whether "which X" names a grouping attribute of the nodes ("which flight", "which lock
    flight" on a ``flight`` column): groups asked, whatever edge noun X also is."""
    q = str(st.context.get("asked") or st.question)
    return any(re.search(rf"\b(?:which|what)\s+(?:[a-z]+\s+){{0,3}}?{re.escape(a.lower().replace('_', ' '))}"
                         rf"s?\b", q.replace("_", " "),
                         re.IGNORECASE) for a in vocabulary.groupings(st.meaning()) if len(a) >= 4)


# -- one named node's strongest edge -----------------------------------------------------
#: "what is most often bought together with the grinder", "who does Ada work with the
#: most", "Ada's strongest tie": the node at the other end of its heaviest edge ("Ada's
#: weakest tie", "who does Ada appear with least often": its lightest)
_TIE_NOUN = (r"(?:tie|link|partner|connection|pairing|match|collaborator|co-?author|associate|"
             r"companion|correspondent|friend|contact|colleague|ally|buddy|pal|[a-z]*mate)")
_PARTNER = re.compile(
    r"^\s*(?:which|what|who|whom)\b.*\b(?:most often|most frequently|the most|most|"
    r"least often|least frequently|the least)\b.*"
    r"\b(?:with|alongside)\s+(?:the\s+)?(?P<a>(?-i:[A-Z][\w'.-]*(?:\s+[A-Z][\w'.-]*)*)|"
    r"[a-z]+\d+)(?:\s+the\s+most|\s+most\s+often)?(?:\s*\([^()]*\))?\s*[?.!]*\s*$|"
    # "Ada's strongest tie", "Oslo's biggest trading partner by tonnage"
    r"(?:^\s*(?:what|who|which)(?:'s|’s|\s+is|\s+are)\s+)?"
    r"(?P<b>(?-i:[A-Z][\w'.-]*?(?:\s+[A-Z][\w'.-]*?)*)|[a-z]+\d+|(?<=member\s)\d+|(?<=node\s)\d+)"
    r"(?:'s|’s|(?<=s)')\s+(?:strongest|closest|"
    r"heaviest|most frequent|biggest|largest|main|top|greatest|weakest|lightest|least frequent|"
    r"faintest|loosest)\s+(?:[a-z][a-z-]*(?:ing)?\s+)?"  # "strongest co-appearance partner"
    rf"{_TIE_NOUN}\b|"
    # "of all Marius's ties, which one is the weakest", "which of Ada's links is the strongest"
    r"^\s*(?:of|among|out of)\s+(?:all\s+(?:of\s+)?)?(?P<f>(?-i:[A-Z][\w'.-]*(?:\s+[A-Z][\w'.-]*)*)|"
    rf"[a-z]+\d+)(?:'s|’s|')\s+(?:[a-z]+\s+)?{_TIE_NOUN}s?\s*,?\s*(?:which|what|who)\b[^?.!]*?"
    r"\b(?:the\s+)?(?:weakest|strongest|lightest|heaviest|closest)\b|"
    r"^\s*(?:which|what)\s+(?:one\s+)?of\s+(?P<g>(?-i:[A-Z][\w'.-]*(?:\s+[A-Z][\w'.-]*)*)|"
    rf"[a-z]+\d+)(?:'s|’s|')\s+(?:[a-z]+\s+)?{_TIE_NOUN}s?\s+(?:is|was)\s+(?:the\s+)?"
    r"(?:weakest|strongest|lightest|heaviest|closest)\b|"
    # "who has Mira played the most games with"
    r"^\s*(?:who|whom|which \w+)\s+(?:has|have|had|does|do|did)\s+(?P<c>(?-i:[A-Z][\w'.-]*"
    r"(?:\s+[A-Z][\w'.-]*)*)|[a-z]+\d+)\s+(?:\w+\s+){0,2}(?:the\s+)?most\b.*\bwith(?:\s*\([^()]*\))?\s*[?.!]*\s*$|"
    # "which nurse does Ward pair up with most often", "who does Mira play with the most"
    r"^\s*(?:who|whom|which \w+)\s+(?:has|have|had|does|do|did)\s+(?P<d>(?-i:[A-Z][\w'.-]*"
    r"(?:\s+[A-Z][\w'.-]*)*)|[a-z]+\d+)\s+(?:[\w-]+\s+){1,3}(?:with|alongside|next\s+to|beside)\s+"
    r"(?:the\s+)?(?:most|least)"
    r"(?:\s+(?:often|frequently|strongly|heavily|closely))?"
    r"(?:\s*\([^()]*\))?\s*[?.!]*\s*$|"
    # "who has Ava known the longest", "who does Mira trust the most"
    r"^\s*(?:who|whom|which \w+)\s+(?:has|have|had|does|do|did)\s+(?P<e>(?-i:[A-Z][\w'.-]*"
    r"(?:\s+[A-Z][\w'.-]*)*)|[a-z]+\d+)\s+[a-z]+\s+(?:the\s+)?(?:most|longest)(?:\s*\([^()]*\))?\s*[?.!]*\s*$|"
    # "with whom does Nadia run the most joint projects"
    r"^\s*(?:with|alongside)\s+whom\s+(?:has|have|had|does|do|did)\s+(?P<h>(?-i:[A-Z][\w'.-]*"
    r"(?:\s+[A-Z][\w'.-]*)*)|[a-z]+\d+)\s+(?:[\w-]+\s+){1,2}(?:the\s+)?(?:most|least)\b",
    re.IGNORECASE)


#: (an aside in brackets may close each form: "… with (heaviest co-appearance weight)?")
#: "who shares the most neighbours with Ada", "the most ties with Ada": counts, no edge value
_NOT_PARTNER = re.compile(r"\b(?:neighbou?rs?|friends?|contacts?|ties|connections?|links?|"
                          r"edges?|common|shar\w+|mutual|paths?|triangles?|people|members?|"
                          r"nodes?|others?|\w+s in common)\s+(?:\w+\s+)?(?:with|alongside)\b",
                          re.IGNORECASE)
#: "which other brewer shares the most taprooms with Fermbrook": partners in common, unless
#: what is shared is the edge value itself ("who shared the most pitches with Ada")
_SHARES_WITH = re.compile(r"\bshar(?:e|es|ed|ing)\s+(?P<what>(?:[\w-]+\s+){1,4}?)(?:with|alongside)\b",
                          re.IGNORECASE)


_X = r"(?P<x>(?-i:[A-Z][\w'.-]*(?:\s+[A-Z][\w'.-]*)*)|[a-z]+\d+)"
_MOST = r"\b(?:most|largest|biggest|heaviest|strongest)\b"
#: directed: the edge into a node ("which channel carries the most water into Estuary Gate",
#: "who messages Ava the most", "who approved Tarquin most often") or out of it ("who does Ava message the most", "which stop
#: gets the most trips from Central")
#: "most of Ashcombe's freight", "the bulk of Rix's cargo": the one node's edges' value
_SHARE_OF = (rf"(?:(?:the\s+)?(?:most|bulk|biggest\s+share|largest\s+share)\s+of\s+)"
             rf"{_X}(?:'s|’s|')\s+(?:[\w-]+\s+){{0,2}}?")
_INTO_NODE = [re.compile(p, re.IGNORECASE) for p in (
    # "where does most of Ashcombe's freight come from"
    rf"^\s*(?:where|who|whom|what|which \w+)\s+(?:(?:does|do|did)\s+)?{_SHARE_OF}(?:come|arrive|"
    r"originate)s?(?:\s+from)?\s*[?.!]*\s*$",
    rf"^\s*(?:which|what|who)\b.*{_MOST}.*\b(?:into|to)\s+(?:the\s+)?{_X}\s*[?.!]*\s*$",
    rf"^\s*(?:who|which \w+)\s+(?!(?:does|do|did|has|have|had|is|are|was|were)\b)\w+\s+{_X}"
    r"\s+(?:the\s+most(?:\s+[a-z]+)?|most\s+(?:often|frequently)|the\s+most\s+(?:often|times))"
    r"\s*[?.!]*\s*$",  # "who sends emp07 the most messages"
    # "where does East Depot get the most pallets from"
    rf"^\s*(?:who|whom|what|where|which \w+)\s+(?:does|do|did)\s+{_X}\s+\w+\s+(?:the\s+)?"
    r"most\b(?:\s+\w+)?\s+from\s*[?.!]*\s*$")]
_OUT_OF_NODE = [re.compile(p, re.IGNORECASE) for p in (
    # "where does most of Ashcombe's freight go", "… end up", "which depot does … go to"
    rf"^\s*(?:where|who|whom|what|which \w+)\s+(?:(?:does|do|did)\s+)?{_SHARE_OF}(?:go(?:es)?|"
    r"ends?\s+up|gets?\s+sent|heads?|flows?)(?:\s+to)?\s*[?.!]*\s*$",
    # "who does Ava message the most", "what does river port ship to most", "where does
    # river port send the most pallets", "which depot does X ship the most pallets to"
    rf"^\s*(?:who|whom|what|where|which \w+)\s+(?:does|do|did)\s+{_X}\s+\w+(?:\s+(?:to|with))?"
    r"\s+(?:the\s+)?most\b(?:\s+\w+)?(?:\s+(?:to|with))?\s*[?.!]*\s*$",
    rf"^\s*(?:which|what|who)\b.*{_MOST}.*\bfrom\s+(?:the\s+)?{_X}\s*[?.!]*\s*$")]


#: what a pair is counted as sharing by a strength of times together: "who does Javert share
#: the most scenes with" (not nodes in common)
_TOGETHER_NOUNS = frozenset({"scene", "chapter", "episode", "page", "appearance", "game",
                             "match", "shift", "session", "meeting", "gig", "rehearsal",
                             "bout", "trip", "visit", "encounter", "moment", "screen"})


def _times_shared(st: PlanState, what: str) -> bool:
    """Whether "share the most <what> with" counts times together that the graph's one
    strength holds, on a one-mode graph where <what> names no node."""
    meaning = st.meaning()
    if (meaning.get("modes") or {}).get("sides"):
        return False
    info = st.last_ok("get_graph_info")
    nodes = set(vocabulary.data_nouns(info.data if info else {}))
    words = {f for w in re.findall(r"[a-z]+", what.lower()) for f in (w, w[:-1] if w.endswith(
        "s") else w, vocabulary.singular(w))}
    return bool(words & _TOGETHER_NOUNS) and not words & nodes


def _counts_a_side(question: str, meaning: dict) -> bool:
    """Whether ``question`` counts the nodes of a two-mode graph's side ("the most markets"),
    which no one edge's value is."""
    sides = [str(x).lower() for x in (meaning.get("modes") or {}).get("sides") or {}]
    nouns = {f for x in sides for f in (x, x.rstrip("s"), vocabulary.singular(x))}
    return bool(nouns) and re.search(rf"\bmost\s+(?:\w+\s+)?(?:{'|'.join(map(re.escape, nouns))})"
                                     r"(?:e?s)?\b", question, re.IGNORECASE) is not None


def _partner(st: PlanState) -> tuple[str, str, str] | None:
    """(node name, edge attribute, side) of a question about one node's strongest edge: on
    an undirected graph with an edge value that is a strength (side ``both``), or on a
    directed one into the node (``in``) or out of it (``out``)."""
    meaning = st.meaning()
    q = st.question
    asked = str(st.context.get("asked") or q)  # "the most papers with": not "ties with"
    if len(slots.named(q)) != 1 or _NOT_PARTNER.search(asked) or \
            slots.features(q) - {"entity", "weight", "bottom"}:
        return None  # ("Ada's weakest tie": its lightest edge, the bottom one)
    if _counts_a_side(asked, meaning):
        return None  # "which farm supplied the most markets with Ashby": partners counted
    shared = _SHARES_WITH.search(asked)
    if shared and not (edge_attr(st) and re.search(_attr_pattern(str(edge_attr(st))),
                                                   shared.group("what"), re.IGNORECASE)) \
            and not _times_shared(st, shared.group("what")):
        return None
    roles = meaning.get("weights") or {}
    attr = edge_attr(st) or meaning.get("default_weight")
    if not attr:
        strengths = [a for a, r in roles.items() if r == "strength"]
        attr = strengths[0] if len(strengths) == 1 else None
    alone = len(roles) == 1  # the table's one edge value: "what does river port ship to most"
    attr = attr or (next(iter(roles)) if alone else None)
    if not attr or roles.get(attr) == "distance" or (
            roles.get(attr) != "strength" and not edge_attr(st) and not alone):
        return None
    if not meaning.get("directed"):
        m = _PARTNER.search(q) or _PARTNER.search(asked)  # "Lena's teammates": her neighbours
        return (slots.clean(next(g for g in m.group("a", "b", "c", "d", "e", "f", "g", "h") if g)),
                str(attr), "both") if m else None
    for side, rxs in (("in", _INTO_NODE), ("out", _OUT_OF_NODE)):
        for rx in rxs:
            if m := rx.search(q):
                return slots.clean(m.group("x")), str(attr), side
    return None


def partner_calls(st: PlanState) -> list[Call]:
    from igraph_agent.model.graph_intents import resolve_names

    found = _partner(st)
    if found is None:
        return []
    searches, ids = resolve_names(st, [found[0]])
    if ids is None:
        return searches
    side = {"direction": found[2]} if found[2] != "both" else {}
    totals = Call("edge_attribute_totals", {"attribute": found[1], "node": ids[0], **side})
    seen = st.done(totals)
    other = _partner_ids(st, seen) if seen is not None and seen.ok else []
    if _node_attr_asked(st) and len(other) == 1:  # "what form is Kit's closest friend in":
        more, _ = resolve_names(st, [other[0]])  # the partner looked up, its attributes read
        return [*searches, totals, *more]
    return [*searches, totals]


def _partner_ids(st: PlanState, o: Observed) -> list[str]:
    """The other ends of the node's strongest (weakest) edges in an ``edge_attribute_totals``
    result."""
    d = o.typed(EdgeAttributeTotalsResult)
    node = str(o.args["node"])
    low = _LIGHTEST.search(_asked(st).question) is not None
    return [str(e.target) if str(e.source) == node else str(e.source)
            for e in (d.min_edges if low else d.max_edges) or []]


def _node_attr_asked(st: PlanState) -> str | None:
    """The node attribute the question asks of the partner ("what form is Kit's closest
    friend in": ``form``), else None."""
    q = _asked(st).question
    for attr in (st.meaning().get("node_attributes") or {}):
        a = re.escape(str(attr).lower().replace("_", " "))
        if re.search(rf"\b(?:what|which)\s+{a}\b|\b{a}\s+(?:of|is|does)\b", q, re.IGNORECASE):
            return str(attr)
    return None


def partner_render(st: PlanState, obs: list[Observed]) -> str:
    from igraph_agent.model.graph_intents import found_reply, unresolved_names

    found = _partner(st)
    o = next((o for o in obs if o.tool == "edge_attribute_totals" and o.ok), None)
    if found is None or o is None:
        return unresolved_names(st, [found[0]] if found else [])
    d = o.typed(EdgeAttributeTotalsResult)
    node = str(o.args["node"])
    low = _LIGHTEST.search(_asked(st).question) is not None
    others = [e.target if str(e.source) == node else e.source
              for e in (d.min_edges if low else d.max_edges) or []]
    if not others:
        return f"{node} has no edge with a {d.attribute} value."
    names = " and ".join(f"**{n}**" for n in others[:10])
    more = " and others" if len(others) > 10 else ""
    tie = " (tied)" if len(others) > 1 else ""
    big = "smallest" if low else "largest"
    which = {"in": f"the {big} {d.attribute} into {node} (from {names} → {node})",
             "out": f"the {big} {d.attribute} out of {node} ({node} → {names})"}.get(
        found[2], f"the {'weakest' if low else 'strongest'} edge of {node}, {d.attribute}")
    edges = {"in": "incoming ", "out": "outgoing "}.get(found[2], "")
    text = (found_reply(st, [found[0]]) + f"{names}{more}{tie}: {which} "
            f"**{_shown(d.min if low else d.max)}** (of its {d.edges} {edges}edges; mean "
            f"{_shown(d.mean)}).")
    attr = _node_attr_asked(st)
    if attr and len(others) == 1:  # "what form is Kit's closest friend in": its form
        from igraph_agent.model.graph_intents import search_candidates

        row = next((r for x in obs if x.tool == "search_node" and x.ok
                    for r in search_candidates(x) if str(r.node) == str(others[0])), None)
        value = (row.attributes or {}).get(attr) if row is not None else None
        text += (f" {others[0]}'s {attr} is **{value}**." if value is not None else
                 f" {others[0]} has no {attr} value in the node table.")
    return text


#: one node's lightest edge asked: "Ada's weakest tie", "who does Ada see least often"
_LIGHTEST = re.compile(r"\b(?:weakest|lightest|least often|least frequent(?:ly)?|the least|"
                       r"faintest|loosest|smallest)\b", re.IGNORECASE)


def partner_bonus(st: PlanState) -> float:
    return 4.0 if _partner(st) else 0.0


# -- one node's ties and their values: "who has okafor written papers with" ------------
#: the partners of one node in the words of an edge column: "who has okafor written papers
#: with", "who did Lena co-author papers with", "who has written papers with okafor"
_TIES_WITH = [re.compile(p, re.IGNORECASE) for p in (
    rf"^\s*(?:who|whom|which \w+)\s+(?:has|have|had|does|do|did)\s+{_X}\s+(?:\w[\w-]*\s+){{1,3}}"
    r"with\s*[?.!]*\s*$",
    rf"^\s*(?:who|which \w+)\s+(?:(?:has|have|had)\s+)?(?:\w[\w-]*\s+){{1,3}}with\s+{_X}"
    r"\s*[?.!]*\s*$")]


def _ties(st: PlanState) -> tuple[str, str] | None:
    """(node name, edge column) of a question listing one node's partners in the words of
    an edge column the question names, on an undirected graph (a strength, such as papers
    written together: a distance names no partner)."""
    meaning = st.meaning()
    q = st.question
    if meaning.get("directed") or len(slots.named(q)) != 1 or _RANKS.search(q) or \
            slots.features(q) - {"entity", "weight"}:
        return None
    attr = edge_attr(st)
    if not attr or not re.search(rf"\b{re.escape(attr)}\b", q, re.IGNORECASE) or \
            (meaning.get("weights") or {}).get(attr) == "distance":
        return None
    m = next((m for rx in _TIES_WITH if (m := rx.search(q))), None)
    return (slots.clean(m.group("x")), attr) if m else None


def ties_calls(st: PlanState) -> list[Call]:
    """The node's edges' values (their smallest), then every edge at least that, listed."""
    from igraph_agent.model.graph_intents import resolve_names

    found = _ties(st)
    if found is None:
        return []
    searches, ids = resolve_names(st, [found[0]])
    if ids is None:
        return searches
    first = Call("edge_attribute_totals", {"attribute": found[1], "node": ids[0]})
    done = st.done(first)
    if done is None or not done.ok:
        return [*searches, first]
    low = done.typed(EdgeAttributeTotalsResult).min
    return [*searches, first, Call("edge_attribute_totals", {
        "attribute": found[1], "node": ids[0], "op": "ge", "value": low})]


def ties_render(st: PlanState, obs: list[Observed]) -> str:
    from igraph_agent.model.graph_intents import found_reply, unresolved_names

    found = _ties(st)
    o = next((o for o in obs if o.tool == "edge_attribute_totals" and o.ok
              and o.args.get("op")), None)
    if found is None or o is None:
        return unresolved_names(st, [found[0]] if found else [])
    d = o.typed(EdgeAttributeTotalsResult)
    node = str(o.args["node"])
    edges = d.passing.edges if d.passing else []
    listed = ", ".join(f"{e.target if str(e.source) == node else e.source} ({_shown(e.value)})"
                       for e in edges)
    count = d.passing.count if d.passing else 0
    more = f", the {len(edges)} largest shown" if count > len(edges) else ""
    missing = f"; {d.missing} more tie(s) carry no {d.attribute} value" if d.missing else ""
    return (found_reply(st, [found[0]]) + f"{node} has **{count}** tie(s) with {d.attribute} "
            f"(the value on each, the largest first{more}): {listed}{missing}. In all "
            f"**{_shown(d.total)}** {d.attribute}.")


def ties_bonus(st: PlanState) -> float:
    return 4.0 if _ties(st) else 0.0


# -- one named pair's edge: its value, each way ----------------------------------------
_PAIR_VALUE = re.compile(r"^\s*(?:so\s+|and\s+)?(?:how many|how much|how often|what(?:'s| is| was| "
                         r"are)? the (?:number|total|amount|count))\b", re.IGNORECASE)
_MUTUAL = re.compile(r"\b(?:each other|one another|both ways|both directions|mutual(?:ly)?|"
                     r"in return|reciprocat\w*)\b", re.IGNORECASE)
_NOT_ONE_EDGE = re.compile(r"\b(?:paths?|routes?|shortest|steps?|hops?|far|reach\w*|via|through|"
                           r"distance|apart|separat\w*|long|degrees|links? away|"
                           r"common|share|shared|neighbou?rs?|friends|contacts|if|without|"
                           r"removed?)\b",
                           re.IGNORECASE)


def _pair_value(st: PlanState) -> tuple[list[str], str | None, bool] | None:
    """([a, b], the edge value asked or None, mutual asked) of "how many trips go from A to
    B" or "do A and B message each other"."""
    q = st.question  # lower-case names capitalised ("ana.k")
    pair = slots.pair(q)
    named = {n.lower() for n in slots.named(st.question)}  # "from funds to banks": no names
    from igraph_agent.model.vocabulary import group_values_named

    groups = {v.lower() for v in group_values_named(q, st.last_ok("get_graph_info").data
                                                     if st.last_ok("get_graph_info") else {})}
    if not pair or not all(n.lower() in named and n.lower() not in groups for n in pair) \
            or not _pair_worded(q, pair) or _many_edges(st) \
            or slots.features(q) - {"entity", "weight"}:
        return None
    mutual = bool(_MUTUAL.search(q)) and bool(re.match(r"\s*(?:do|does|did|are|is|have|has)\b",
                                                       q, re.IGNORECASE))
    meaning = st.meaning()
    if mutual and not meaning.get("directed"):
        return None  # an undirected edge has no way back
    roles = meaning.get("weights") or {}
    attr = edge_attr(st)  # a value is read only when the question names its column
    counted = re.search(r"\bhow many ([a-z]+s)\b", q, re.IGNORECASE)
    if attr is None and counted and not mutual:  # "how many messages did A send to B" on a
        from igraph_agent.model.query_intents import count_column  # ``count`` column: its value

        attr = count_column(st, counted.group(1))
        if attr and not _asks_for_column(q, attr):
            q = f"{q} ({attr})"  # the column is asked for by the thing it counts
    if attr and roles.get(attr) == "distance" and not mutual and not _asks_for_column(q, attr) \
            and not _ONE_EDGE_NAMED.search(q):
        return None  # "how many miles from A to B": the route's length, not one edge's
    if attr is None and not mutual and _ONE_EDGE_NAMED.search(q) and re.match(
            r"\s*how\s+(?:long|far)\b", q, re.IGNORECASE):  # "how long is the road between A
        lengths = [c for c, r in roles.items() if r == "distance"]  # and B": its one length
        attr = lengths[0] if len(lengths) == 1 else None
        q = f"{q} ({attr})" if attr else q
    if attr is None and not mutual and _TIMES_TOGETHER.search(q):
        attr = _strength(meaning)  # "how often do A and B appear together": the strength
    one_length = bool(_ONE_EDGE_NAMED.search(q) and re.match(r"\s*how\s+(?:long|far)\b", q,
                                                                re.IGNORECASE))
    if not mutual and (attr is None or not (_PAIR_VALUE.search(q) or _asks_for_column(q, attr)
                                            or one_length)
                       or (_MUTUAL.search(q) and not _BOTH_SUMMED.search(q))
                       or (re.search(r"\b(?:have|has|had)\s*[?.!]*\s*$", q)
                           and not _JOINT.search(q))):
        return None  # "how many mutual friends do A and B have": no edge's value
    if attr is None:
        attr = _strength(meaning)
    return pair, attr, mutual


#: the pair's edge values both ways added up: "how many kg moved between A and B
#: altogether", "both ways added", "in total"
_BOTH_SUMMED = re.compile(r"\b(?:both\s+ways|both\s+directions|each\s+way|either\s+way|in\s+both\s+"
                          r"directions)\s*,?\s*(?:added(?:\s+up)?|summed|combined|together|in\s+"
                          r"total|total)\b|\b(?:altogether|in\s+total|combined|added\s+up|summed|"
                          r"all\s+told)\b", re.IGNORECASE)


def _strength(meaning: dict) -> str | None:
    """The graph's one strength column (its default weight first), else None."""
    roles = meaning.get("weights") or {}
    strengths = [a for a, r in roles.items() if r == "strength"]
    default = meaning.get("default_weight")
    return default if default and roles.get(default) == "strength" else (
        strengths[0] if len(strengths) == 1 else None)


#: how often two named nodes are together: their edge's strength ("how many times do Valjean
#: and Cosette appear together")
_TIMES_TOGETHER = re.compile(r"^\s*(?:so\s+|and\s+)?(?:how many times|how often)\b.*\b(?:together|"
                             r"with each other|alongside each other)\b", re.IGNORECASE)


#: what two nodes hold together: their edge's value ("how many joint grants do A and B have")
_JOINT = re.compile(r"\b(?:joint|jointly|shared|together|in common|co-?(?:authored|written|"
                    r"signed|funded|owned))\b", re.IGNORECASE)


def _many_edges(st: PlanState) -> bool:
    """Whether the question is about more than the pair's one edge (a path, a distance, the
    neighbours they share, a what-if). "Share" counts only when it shares something other
    than a named edge column: "how many grants does Climate share with Ocean" (a
    ``joint_grants`` column) is the edge's value."""
    found = {m.group(0).lower() for m in _NOT_ONE_EDGE.finditer(st.question)}
    if found and found <= {"share", "shared", "common"} and edge_attr(st) is not None:
        return False
    if found and found <= {"long", "far", "distance"} and _ONE_EDGE_NAMED.search(st.question):
        return False  # "how long is the road between A and B": that one edge's length
    return bool(found)


#: one edge named by its noun and its ends: "how many km is the road between town0 and
#: town2", "how long is the direct road from A to B"
_ONE_EDGE_NAMED = re.compile(rf"\b(?:the|that|this)\s+(?:direct\s+|single\s+)?{_EDGE_NOUN}\s+"
                             r"(?:between|from|joining|linking|connecting)\b", re.IGNORECASE)


def _asks_for_column(q: str, attr: str) -> bool:
    """"which ferry runs between Oslo and Tromso", "what line links A and B": the question
    asks for the named edge column's value itself (a name as well as a number)."""
    column = re.escape(attr).replace("_", r"[\s_-]")  # "cable type" names cable_type
    return bool(re.match(rf"\s*(?:so\s+|and\s+)?(?:which|what)(?:'s|\s+is|\s+was|\s+are)?\s+"
                         rf"(?:the\s+)?{column}s?\b", q, re.IGNORECASE))


def _pair_worded(q: str, pair: list[str]) -> bool:
    """"from A to B", "between A and B", "A and B": the two names as one pair."""
    a, b = (re.escape(n) for n in pair)
    return bool(re.search(rf"\bfrom\s+{a}\b.*\bto\s+{b}\b|\bbetween\s+{a}\s+and\s+{b}\b|"
                          rf"\b{a}\s+and\s+{b}\b|\b(?:did|does|do|has|have|had)\s+{a}\s+\w+\s+(?:to\s+|"
                          rf"with\s+)?{b}\b|"
                          # "# msgs emp01 sent to emp00": the sender, the verb, the receiver
                          rf"\b{a}\s+(?:sent|sends|gave|gives|paid|pays|called|calls|emailed|"
                          rf"emails|messaged|messages|wrote|shipped|ships)\s+(?:to\s+)?{b}\b",
                          q, re.IGNORECASE))


def pair_value_calls(st: PlanState) -> list[Call]:
    from igraph_agent.model.graph_intents import resolve_names

    found = _pair_value(st)
    if found is None:
        return []
    searches, ids = resolve_names(st, found[0])
    if ids is None:
        return searches
    edge = Call("search_edge", {"query": f"{ids[0]} {ids[1]}", "limit": 20})
    seen = st.done(edge)
    attr = found[1]
    between = re.search(r"\bbetween\b", st.question, re.IGNORECASE) and not re.search(
        r"\bfrom\b[^?]*\bto\b", st.question, re.IGNORECASE)  # "how much moves between A and B"
    if seen is not None and seen.ok and attr and (_BOTH_SUMMED.search(st.question) or between) \
            and st.meaning().get("directed"):  # both ways there: their values added by the tool
        from igraph_agent.results.search import SearchEdgeResult

        ends = {(str(r.source), str(r.target)) for r in seen.typed(SearchEdgeResult).edges}
        a, b = str(ids[0]), str(ids[1])
        if {(a, b), (b, a)} <= ends:
            return [*searches, edge, Call("edge_attribute_totals", {
                "attribute": attr, "node": ids[0], "partner": ids[1], "direction": "both"})]
    return [*searches, edge]


def pair_value_render(st: PlanState, obs: list[Observed]) -> str:
    from igraph_agent.model.graph_intents import found_reply, unresolved_names
    from igraph_agent.results.search import SearchEdgeResult

    found = _pair_value(st)
    o = next((o for o in obs if o.tool == "search_edge" and o.ok), None)
    if found is None or o is None:
        return unresolved_names(st, found[0] if found else [])
    names, attr, mutual = found
    rows = list(o.typed(SearchEdgeResult).edges)
    pair = _pair_ids(st, names)
    if pair is None:
        return unresolved_names(st, names)
    a, b = pair
    directed = bool(st.meaning().get("directed"))

    def edge(u: str, v: str) -> Any:
        return next((r for r in rows if (str(r.source) == u and str(r.target) == v)
                     or (not directed and str(r.source) == v and str(r.target) == u)), None)

    there, back = edge(a, b), edge(b, a) if directed else None
    head = found_reply(st, names)
    cols = st.meaning().get("direction") or []
    way = f" ({cols[0]} → {cols[1]})" if directed and len(cols) == 2 else ""

    def said(e: Any, u: str, v: str) -> str:
        val = e.attributes.get(attr) if attr else None
        return f"{u} → {v}" + (f" ({attr} {_shown(val)})" if val is not None else "")
    if mutual:
        if there and back:
            return head + f"**Yes** — both ways{way}: {said(there, a, b)} and {said(back, b, a)}."
        if there or back:
            e, u, v = (there, a, b) if there else (back, b, a)
            return head + f"**No** — only one way{way}: {said(e, u, v)}."
        return head + f"**No** — there is no edge between {a} and {b} either way."
    if there is None:
        other = f"; the other way, {said(back, b, a)}" if back is not None else ""
        if _asks_for_column(st.question, attr) and not _PAIR_VALUE.search(st.question):
            where = f"from {a} to {b}{way}" if directed else f"between {a} and {b}"
            return head + f"There is no edge {where}, so no {attr}{other}."
        return head + f"**0**: no edge from {a} to {b}{way}{other}."
    val = there.attributes.get(attr)
    arrow = "→" if directed else "–"
    summed = next((o.typed(EdgeAttributeTotalsResult) for o in obs
                   if o.tool == "edge_attribute_totals" and o.ok), None)
    if summed is not None and summed.partner is not None and back is not None:
        return head + (f"**{_shown(summed.total)}** {attr} between {a} and {b}, both ways added"
                       f"{way}: {said(there, a, b)} and {said(back, b, a)}.")
    alone = (f"; no edge the other way, so {_shown(val)} both ways added"
             if directed and back is None and _BOTH_SUMMED.search(st.question) else "")
    return head + (f"**{_shown(val)}** {attr} on the edge {a} {arrow} {b}{way}" +
                   (f"; the other way, {said(back, b, a)}" if back is not None else alone) + ".")


def _pair_ids(st: PlanState, names: list[str]) -> tuple[str, str] | None:
    from igraph_agent.model.graph_intents import resolve_names

    _calls, ids = resolve_names(st, names)
    return (str(ids[0]), str(ids[1])) if ids and len(ids) == 2 else None


def pair_value_bonus(st: PlanState) -> float:
    return 6.0 if _pair_value(st) else 0.0


# -- two named nodes' totals of an edge value, set against each other --------------------
def _pair_totals(st: PlanState) -> tuple[str, str, str, str] | None:
    """(a, b, attribute, side) of "Oakwood vs Harbor, which shelter gets more shifts in
    total" or "who sent more messages, emp02 or emp28": each node's total of the column."""
    from igraph_agent.model import head_to_head
    from igraph_agent.model.query_intents import _edge_side, count_column

    two = head_to_head.two_names(st.question)
    attr = edge_attr(st)  # the column the question names, never a guess
    more = _MORE_OF.search(st.question)
    if attr is None and more:  # "who sent more messages": the one column counting messages
        attr = count_column(st, more.group(1))
    if two is None or attr is None or slots.features(st.question) - {"entity", "weight", "versus"}:
        return None
    if (st.meaning().get("weights") or {}).get(attr) == "distance" and not _TOTAL_SAID.search(
            st.question):
        return None  # "which is closer": a distance between, not a node's sum
    return two[0], two[1], attr, _edge_side(st)


_TOTAL_SAID = re.compile(r"\b(?:in total|total|in all|altogether|combined|summed|overall)\b",
                         re.IGNORECASE)


#: the things counted after the comparative: "more messages", "fewer shifts"
_MORE_OF = re.compile(r"\b(?:more|fewer|less|most|fewest)\s+(?!(?:ties|links|edges|connections|"
                      r"contacts|neighbou?rs|partners|friends|relationships|nodes|people|others|"
                      r"colleagues|peers)\b)([a-z]{3,}s)\b", re.IGNORECASE)


def pair_totals_bonus(st: PlanState) -> float:
    return 6.5 if _pair_totals(st) else 0.0


def pair_totals_calls(st: PlanState) -> list[Call]:
    found = _pair_totals(st)
    if found is None:
        return []
    from igraph_agent.model.graph_intents import resolve_names

    a, b, attr, side = found
    searches, ids = resolve_names(st, [a, b])
    if ids is None or len(ids) != 2:
        return searches
    way = {"direction": side} if st.meaning().get("directed") else {}
    return [*searches, *(Call("edge_attribute_totals", {"attribute": attr, "node": i, **way})
                         for i in ids)]


def pair_totals_render(st: PlanState, obs: list[Observed]) -> str:
    from igraph_agent.model import head_to_head
    from igraph_agent.model.graph_intents import found_reply, resolve_names, unresolved_names

    found = _pair_totals(st)
    if found is None:
        return unresolved_names(st, [])
    a, b, attr, side = found
    _, ids = resolve_names(st, [a, b])
    totals = {str(o.args.get("node")): o.typed(EdgeAttributeTotalsResult) for o in obs
              if o.tool == "edge_attribute_totals" and o.ok and o.args.get("node") is not None}
    if not ids or len(ids) != 2 or any(str(i) not in totals for i in ids):
        return unresolved_names(st, [a, b])
    ta, tb = totals[str(ids[0])], totals[str(ids[1])]
    way = {"out": " (outgoing edges)", "in": " (incoming edges)"}.get(side, "") \
        if st.meaning().get("directed") else ""
    return (found_reply(st, [a, b]) + head_to_head.verdict(
        st.question, str(ids[0]), float(ta.total), str(ids[1]), float(tb.total),
        f"total {attr}{way}", (_shown(ta.total), _shown(tb.total)))
        + f" ({ids[0]}: {ta.edges} edge(s); {ids[1]}: {tb.edges} edge(s).)")


EDGE_INTENTS = [
    ("edge_threshold", None, threshold_calls, threshold_render,
     "edges past a value (edge_attribute_totals with op and value)"),
    ("edge_extreme", None, extreme_calls, extreme_render,
     "the edge holding the largest or smallest value (edge_attribute_totals)"),
    ("node_partner", None, partner_calls, partner_render,
     "one node's strongest edge (edge_attribute_totals with node)"),
    ("pair_value", None, pair_value_calls, pair_value_render,
     "one named pair's edge value, each way (search_edge)"),
    ("pair_totals", None, pair_totals_calls, pair_totals_render,
     "two named nodes' totals of an edge value, set against each other "
     "(edge_attribute_totals with node)"),
    ("node_ties", None, ties_calls, ties_render,
     "one node's partners with each edge's value (edge_attribute_totals with node)"),
]
