"""Offline-planner intent ranking the nodes by one measure among those past a threshold of
another:

* ``threshold_rank``: "which member has the highest clustering among those with at least 5
  ties", "of the stations with more than 3 links, which has the top betweenness", "who has
  the most ties among people whose clustering is above 0.5":
  ``nodes_by_measure(measure=<ranked>, among_measure=<restricting>, among_op, among_value)``.
  The threshold belongs to the measure beside it (a number of ties is degree), the ranking
  to the measure after the superlative; both are read on the whole graph.

``intents.py`` registers it.

Example::

    >>> asked("which member has the highest local clustering coefficient among those with at least 5 ties?")
    ('clustering', False, 'degree', 'ge', 5.0)
    >>> asked("who has the most ties among people whose clustering is above 0.5?")
    ('degree', False, 'clustering', 'gt', 0.5)
    >>> asked("who has the highest clustering?") is None
    True
    >>> mixed("which character has the highest clustering among characters with more than 10 co-appearances?")
    True
"""

from __future__ import annotations

import functools
import re

from igraph_agent.model import sides, slots, topn, vocabulary
from igraph_agent.model.planstate import Call, Observed, PlanState
from igraph_agent.model.registry import Intent, t
from igraph_agent.results.counting import NodesByMeasureResult

#: a node's ties in a user's words: "ties", "connections", "neighbours", "crewmates"
_TIES = (r"(?:neighbou?rs?|contacts?|friends?|colleagues?|connections?|co-?authors?|partners?|"
         r"collaborators?|links?|ties?|edges?|peers?|relationships?|[a-z]{2,}mates?)")
#: measure words -> nodes_by_measure measure (first match wins)
_MEASURES = [(r"clustering|clustered|transitivity", "clustering"), (r"betweenness", "betweenness"),
             (r"page\s?rank", "pagerank"), (r"closeness", "closeness"),
             # "the most central": PageRank, as the planner reads it everywhere
             (r"central|important|influential", "pagerank"),
             (r"core\s+(?:number|index)|coreness", "core_number"), (r"triangles?", "triangles"),
             (rf"degree|{_TIES}", "degree")]
_MEASURE = "|".join(rx for rx, _ in _MEASURES)
_NUM = r"(?:\d+(?:\.\d+)?|\.\d+|one|two|three|four|five|six|seven|eight|nine|ten)"
_OP = (r"(?:at least|at most|more than|fewer than|less than|greater than|higher than|"
       r"lower than|over|above|under|below|exactly|>=|<=|>|<|≥|≤)")
#: the threshold, with the measure it belongs to: "at least 5 ties", "5 or more links",
#: "a degree of at least 5", "clustering above 0.5", "whose betweenness is over 0.1"; a
#: number of the data's own node words ("at least 5 apprentices") is a number of ties too
_BOUND = (
    r"(?P<a>{op}\s*{num}(?:\s+[a-z-]+)?\s+(?P<m1>{ties}|triangles?)\b)|"
    r"(?P<b>\b{num}\s*(?:\+|or (?:more|fewer|less))\s+(?:[a-z-]+\s+)?(?P<m2>{ties}|triangles?)\b)|"
    r"(?P<c>\b(?P<m3>degree|clustering(?:\s+coefficient)?|betweenness(?:\s+centrality)?|"
    r"page\s?rank(?:\s+score)?|closeness(?:\s+centrality)?|core\s+number|coreness)\s+"
    r"(?:(?:score|value)\s+)?(?:(?:is|was|of|at)\s+)?{op}\s*{num}\b)|"
    r"(?P<d>\b(?P<m4>degree|core\s+number)\s+(?:of\s+)?{num}\s*(?:\+|or (?:more|higher|above)))")


@functools.lru_cache(maxsize=64)
def _bound_rx(own: tuple[str, ...]) -> re.Pattern[str]:
    heads = {re.split(r"[\s_-]", w.lower())[0] for w in own}  # ``apprentice_of``: apprentice
    words = "|".join(rf"{re.escape(w)}s?" for w in sorted(heads) if re.fullmatch(r"[a-z]{3,}", w))
    ties = f"(?:{_TIES}|{words})" if words else _TIES
    return re.compile(_BOUND.format(op=_OP, num=_NUM, ties=ties), re.IGNORECASE)


#: the ranking: a superlative before its measure ("the highest local clustering
#: coefficient", "the most triangles", "most central by betweenness", "top pagerank")
_RANK = re.compile(
    rf"\b(?P<sup>highest|largest|greatest|biggest|most|top|best|max(?:imum)?|lowest|smallest|"
    rf"(?<!at )least|fewest|min(?:imum)?)\b(?:[\s-]+[\w-]+){{0,3}}?[\s-]+(?P<m>{_MEASURE})\b",
    re.IGNORECASE)
_LOW = re.compile(r"lowest|smallest|least|fewest|min", re.IGNORECASE)
_WORDS = {"gt": "more than", "ge": "at least", "lt": "fewer than", "le": "at most",
          "eq": "exactly"}
#: a score's bounds ("clustering below 0.1"), not a count's ("fewer than 3 ties")
_SCORE_WORDS = {**_WORDS, "gt": "above", "lt": "below"}


def _said(measure: str, op: str, value) -> str:
    counted = measure in ("degree", "in_degree", "out_degree", "triangles", "core_number")
    words = _WORDS if counted else _SCORE_WORDS
    return f"{measure.replace('_', '-')} {words.get(op, op)} {_v(value)}"


def _measure(word: str) -> str | None:
    return next((m for rx, m in _MEASURES if re.fullmatch(rf"(?:{rx})(?:\s+\w+)?", word.strip(),
                                                           re.IGNORECASE)), None)


def _bounds(question: str, own: tuple[str, ...] = ()) -> list[tuple[tuple[int, int], str, str, float]]:
    """Each threshold with the measure it belongs to: ((start, end), measure, op, value);
    ``own``: the data's words for its nodes."""
    found = []
    for bound in _bound_rx(own).finditer(question):
        said = next(bound.group(k) for k in ("m1", "m2", "m3", "m4") if bound.group(k))
        op = slots.threshold(bound.group(0))
        if op is None:  # "a degree of 5 or more" reads its own way
            n = re.search(_NUM, bound.group(0), re.IGNORECASE)
            op = ("ge", float(n.group(0))) if n and n.group(0).isdigit() else None
        if op is not None:
            found.append((bound.span(), _measure(said) or "degree", op[0], op[1]))
    return found


def _outside(question: str, spans: list[tuple[int, int]]) -> str:
    """``question`` with the threshold phrases blanked out."""
    for a, b in sorted(spans, reverse=True):
        question = question[:a] + " ; " + question[b:]
    return question


def asked(question: str, own: tuple[str, ...] = ()) -> tuple[str, bool, str, str, float] | None:
    """(ranked measure, lowest first, restricting measure, op, value), or None when the
    question does not rank by one measure among nodes past a threshold of another."""
    bounds = _bounds(question, own)
    if len(bounds) != 1:
        return None
    span, among, op, value = bounds[0]
    rank = _RANK.search(_outside(question, [span]))
    if rank is None:
        return None
    ranked = _measure(rank.group("m")) or "degree"
    by = re.search(r"\bby\s+(?:its\s+|their\s+)?(betweenness|closeness|page\s?rank|eigenvector|"
                   r"clustering|degree)\b", question[rank.end():], re.IGNORECASE)
    if ranked == "pagerank" and rank.group("m").lower().startswith("central") and by:
        ranked = _measure(by.group(1)) or ranked  # "most central by closeness": closeness
    if ranked == among:
        return None  # one measure: a threshold count or a plain ranking
    return ranked, bool(_LOW.match(rank.group("sup"))), among, op, value


def both(question: str, own: tuple[str, ...] = ()) -> tuple[tuple[str, str, float],
                                                            tuple[str, str, float]] | None:
    """Two thresholds on two measures ("which members with more than 5 ties have clustering
    above 0.3"): (the counted measure's, the restricting one's), the later one counted."""
    bounds = _bounds(question, own)
    if len(bounds) != 2 or bounds[0][1] == bounds[1][1]:
        return None
    (_, m1, o1, v1), (_, m2, o2, v2) = bounds
    return (m2, o2, v2), (m1, o1, v1)


#: a structural measure named by its own word (not a number of ties)
_NAMED = re.compile(r"clustering|transitivity|betweenness|page\s?rank|closeness|"
                    r"core\s+(?:number|index)|coreness|triangles?", re.IGNORECASE)


#: a number of things after a bound: "more than 10 co-appearances", "at least 3 papers"
_COUNT_OF = re.compile(rf"(?:{_OP}\s*{_NUM}|\b{_NUM}\s*(?:\+|or (?:more|fewer|less)))\s+"
                       r"(?:[a-z-]+\s+)?([a-z][a-z-]{2,}s)\b", re.IGNORECASE)


def mixed(question: str, own: tuple[str, ...] = ()) -> bool:
    """A threshold on one measure beside another measure's name, read as neither of the two
    questions above ("the clustering of members with at least 5 ties"): asked, never
    counted as that other measure past the number."""
    bounds = _bounds(question, own)
    if asked(question, own) or both(question, own):
        return False
    if not bounds:  # "more than 10 co-appearances" beside "clustering": a count of something
        counted = _COUNT_OF.search(question)  # no measure names, never the clustering past 10
        return bool(counted and not _NAMED.fullmatch(counted.group(1))
                    and _NAMED.search(_outside(question, [counted.span()])))
    rest = _outside(question, [b[0] for b in bounds])
    return any(_measure(m.group(0)) not in {b[1] for b in bounds}
               for m in _NAMED.finditer(rest))


def _own(st: PlanState) -> tuple[str, ...]:
    """The data's words for its nodes (its endpoint columns' too: ``apprentice_of``), and
    the common ones."""
    info = st.last_ok("get_graph_info")
    data = info.data if info else {}
    ends = [str(c) for src in data.get("attached_sources") or []
            for table, cols in (src.get("tables") or {}).items() if table != "nodes"
            for c in list(cols)[:2]]
    return (*vocabulary.data_nouns(data), *ends, *vocabulary.NODE_NOUNS, *_counted_nouns(st, data))


def _counted_nouns(st: PlanState, data: dict) -> list[str]:
    """The plural after a threshold's number that can only count ties ("at least 4
    marriages"): no unit ("5 years", "40 km"), nothing an edge column names, and only on a
    graph whose nodes carry no attribute."""
    from igraph_agent.model.query_intents import _NOT_TIES

    if data.get("node_attributes"):
        return []  # "over 100000 residents" may be a node column's measure: never ties here
    columns = [str(c).lower() for c in data.get("edge_attributes") or []]
    found = []
    for m in re.finditer(rf"(?:{_OP}\s*{_NUM}|\b{_NUM}\s*(?:\+|or (?:more|fewer|less)))\s+"
                         r"([a-z]{3,}s)\b", st.question, re.IGNORECASE):
        word = m.group(1).lower()
        if _NOT_TIES.fullmatch(word) or any(word[:4] in c or c[:4] in word for c in columns):
            continue
        found.append(word[:-1])  # the singular: the pattern adds the plural's s
    return found


def _applies(st: PlanState) -> bool:
    own = _own(st)
    return bool(asked(st.question, own) or both(st.question, own) or mixed(st.question, own))


def _clarify(st: PlanState) -> str | None:
    if not mixed(st.question, _own(st)):
        return None
    bounds = _bounds(st.question, _own(st))
    if not bounds:
        counted = _COUNT_OF.search(st.question)
        what = counted.group(0) if counted else "the number"
        return (f"I cannot tell what \"{what}\" counts here: the number of ties (degree), or "
                "the edges' values added up? Say \"with at least 10 ties\" or name the edge "
                "column, and which measure to rank or bound by.")
    _, measure, op, value = bounds[0]
    cond = _said(measure, op, value)
    return (f"The number here is a threshold on {measure.replace('_', '-')} ({cond}), and the "
            "question also names another measure. I can rank the nodes with "
            f"{cond} by that measure (\"which has the highest …\"), or count those that also "
            "pass a threshold of it (\"… above 0.3\") — which do you mean?")


def _directed_degree(st: PlanState, measure: str) -> str:
    """A number of ties on a directed graph: the end the question counts, else both."""
    info = st.last_ok("get_graph_info")
    data = info.data if info else {}
    if measure != "degree" or not data.get("directed"):
        return measure
    if re.search(r"\b(?:incoming|in-?degree|inbound|followers|cited)\b", st.question, re.IGNORECASE):
        return "in_degree"
    if re.search(r"\b(?:outgoing|out-?degree|outbound)\b", st.question, re.IGNORECASE):
        return "out_degree"
    asked = str(st.context.get("asked") or st.question)
    if re.search(r"\bdegree\b", st.question) and slots.BOTH_ENDS_SAID.search(asked):
        return measure  # "neither import anything nor get imported": both ends
    side = sides.counted_side(asked, data)
    return f"{side}_degree" if side else measure


def _calls(st: PlanState) -> list[Call]:
    from igraph_agent.model.intents import where_values

    found, two = asked(st.question, _own(st)), both(st.question, _own(st))
    if found is not None:
        ranked, low, among, op, value = found
        return [Call("nodes_by_measure", {
            "measure": _directed_degree(st, ranked), "lowest_first": low,
            "limit": topn.top_k(st.question, 10), "among_measure": _directed_degree(st, among),
            "among_op": op, "among_value": value, **where_values(st)})]
    if two is not None:
        (measure, op, value), (among, among_op, among_value) = two
        return [Call("nodes_by_measure", {
            "measure": _directed_degree(st, measure), "op": op, "value": value, "limit": 50,
            "among_measure": _directed_degree(st, among), "among_op": among_op,
            "among_value": among_value, **where_values(st)})]
    return []


def _v(x) -> str:
    return f"{x:.4f}".rstrip("0").rstrip(".") if isinstance(x, float) else str(x)


def _render(st: PlanState, obs: list[Observed]) -> str:
    o = next((o for o in obs if o.tool == "nodes_by_measure" and o.ok), None)
    if o is None:
        return "I could not rank the nodes past that threshold."
    d = o.typed(NodesByMeasureResult)
    info = st.last_ok("get_graph_info")
    bounds = [b[0] for b in _bounds(st.question, _own(st))]  # "with 3 consignees": no node noun
    nouns = vocabulary.noun(_outside(st.question, bounds), info.data if info else {})[1]
    among = d.among or {}
    second = str(among.get("measure", "")).replace("_", "-")
    cond = _said(str(among.get("measure", "")), str(among.get("op")), among.get("value"))
    scope = f"{nouns} with {cond}"
    scope += (" and " + ", ".join(f"{k} = {v}" for k, v in d.where.items())) if d.where else ""
    measure = {"pagerank": "PageRank"}.get(d.measure, d.measure.replace("_", "-"))
    if d.value is not None:  # two thresholds: those past both
        return _counted(st, d, scope, measure)
    if not d.nodes:
        return f"**None** of the {nouns} has {cond}, so there is nothing to rank."
    best = d.nodes[0].value
    top = [r for r in d.nodes if r.value == best]
    way = "lowest" if o.args.get("lowest_first") else "highest"
    n = topn.top_count(st.question)
    if n and n > 1:
        rows = [(f"**{r.node}**", f"{measure} {_v(r.value)}, {second} {_v(r.among_value)}")
                for r in d.nodes]
        return (f"Among the **{d.count}** {scope}, the {way} {measure}: "
                f"{topn.listed(st.question, rows)}.")
    names = " and ".join(f"**{r.node}**" for r in top)
    own = "; ".join(f"{r.node} has {second} {_v(r.among_value)}" for r in top)
    tied = " (tied)" if len(top) > 1 else ""
    nxt = [r for r in d.nodes if r.value != best][:3]
    after = (" Next: " + ", ".join(f"{r.node} ({_v(r.value)})" for r in nxt) + ".") if nxt else ""
    return (f"{names} {'have' if len(top) > 1 else 'has'} the {way} {measure}{tied}, "
            f"**{_v(best)}**, among the {d.count} {scope} ({own}).{after}")


def _counted(st: PlanState, d: NodesByMeasureResult, scope: str, measure: str) -> str:
    from igraph_agent.model.graph_intents import yes_no_lead

    lead = yes_no_lead(st, bool(d.count))
    listed = ", ".join(f"{r.node} ({measure} {_v(r.value)})" for r in d.nodes)
    return (lead + f"**{d.count}** of the {d.of} {scope} have {_said(d.measure, d.op, d.value)}"
            + (f": {listed}{' …' if d.truncated else ''}." if listed else "."))


THRESHOLD_RANK_INTENTS = [
    Intent("threshold_rank", t(0.5, rf"{_OP}\s*{_NUM}\b|\b{_NUM}\s*(?:\+|or (?:more|fewer|less))"), _calls, _render,
           "the nodes ranked by one measure among those past a threshold of another "
           "(nodes_by_measure among_measure)", group="ranking",
           bonus=lambda st: 6.0 if _applies(st) else -10.0, clarify=_clarify,
           hint="a ranking by one measure among the nodes past a threshold of another",
           answers=frozenset({"node", "list", "value", "count", "yesno"}),
           # a bound on each of two measures: both applied
           covers=frozenset({"threshold", "bottom", "filter", "restriction", "conditions"})),
]
