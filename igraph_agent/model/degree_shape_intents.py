"""Offline-planner intents about the shape of the whole graph's degrees:

* ``regular``: "does every node have the same degree", "is the graph regular", "is it
  3-regular", "are all members equally connected": ``degree_analysis`` (its lowest and
  highest degree; on a directed graph the in- and the out-degrees, each the same for every
  node, as networkx's ``is_regular`` reads it).
* ``degree_exact``: "how many stops have degree 2", "which nodes have 3 neighbours", "nodes of
  degree 4", "how many have two connections": a bare number of ties is exactly that many,
  ``nodes_by_measure(degree = k)`` (a bound, "at least 3", is ``threshold_count``'s).
* ``leaves``: "how many leaves does the tree have", "which stops are dead ends", "list the
  end points": the nodes with a single tie, ``nodes_by_measure(degree = 1)`` (an undirected
  graph's; on a directed one the nodes no edge leaves are its own question).

``intents.py`` registers them.

Example::

    >>> bool(_exact_rx(("consignee",)).search("how many ports have 3 consignees?"))
    True
    >>> bool(_REGULAR.search("does every node in petersen have the same degree?"))
    True
    >>> bool(_LEAVES.search("how many leaves does the tree have?")), leaves_asked("if Ada leaves, who is cut off?")
    (True, False)
"""

from __future__ import annotations

import functools
import re

from igraph_agent.model import slots
from igraph_agent.model.planstate import Call, Observed, PlanState
from igraph_agent.model.registry import Intent, t
from igraph_agent.results.centrality import DegreeAnalysisResult

_TIES = r"(?:degrees?|ties|connections|neighbou?rs|links|edges|contacts|friends|partners)"
#: the same degree for every node: "is the graph regular", "is it 3-regular", "does every
#: node have the same degree", "are all members equally connected"
_REGULAR = re.compile(
    rf"\b(?:\d+|k)-regular\b|\b(?:is|are)\s+(?:the|this|it|our)?\s*(?:\w+\s+)?(?:graph|network)?\s*"
    rf"regular\b|\bregular\s+(?:graph|network)\b|"
    rf"\b(?:every|each|all)\s+(?:\w+\s+){{0,6}}?(?:ha(?:ve|s)|with)\s+(?:exactly\s+|precisely\s+)?(?:the\s+)?(?:same|equal|"
    rf"identical)\s+(?:number\s+of\s+)?{_TIES}|"
    rf"\b(?:same|equal|identical|uniform)\s+(?:number\s+of\s+)?{_TIES}\b.*\b(?:every|each|all)\b|"
    # "does every city have exactly the same number of roads": the edges in the data's noun
    rf"\b(?:every|each|all)\s+(?:\w+\s+){{0,6}}?(?:ha(?:ve|s)|with)\s+(?:exactly\s+|precisely\s+)?"
    rf"(?:the\s+)?(?:same|equal|identical)\s+number\s+of\s+(?!(?:inhabitants|people|residents|"
    rf"employees|staff|members|students|users|customers|visitors|passengers|beds|seats|years|"
    rf"lines|words|pages|votes|points|goals|sales|items|units|hours|minutes|days)\b)[a-z]+s\b|"
    rf"\b(?:all|every|each)\b.*\bequally\s+(?:well[- ])?(?:connected|linked|tied)\b|"
    rf"\bdegrees?\s+(?:all\s+)?(?:the\s+same|equal|identical|uniform)\b", re.IGNORECASE)
#: every pair linked: "is the graph complete", "is every smith directly linked to every other"
_COMPLETE = re.compile(
    r"\bcomplete\s+(?:graph|network)\b|\b(?:is|are)\s+(?:the|this|it|our)?\s*(?:\w+\s+)?(?:graph|"
    r"network)?\s*complete\s*[?.!]*$|"
    r"\b(?:every|each|all)\s+(?:\w+\s+){0,2}?(?:(?:is|are)\s+)?directly\s+(?:connected|linked|tied)\s+"
    r"(?:to|with)\s+(?:every|all|each)\b|\b(?:every|each) pair\b.*\b(?:linked|connected|tied|"
    r"adjacent)\b|"
    # "is every hut linked to every other hut" (linked, not connected: that may be a route)
    r"^\s*(?:is|are)\s+(?:every|each)\s+[a-z]+\s+(?:linked|tied|adjacent|joined)\s+(?:to|with)\s+"
    r"(?:every|each)\s+other\b", re.IGNORECASE)
#: "is it 3-regular": the degree asked
_K_REGULAR = re.compile(r"\b(\d+)-regular\b", re.IGNORECASE)
#: the nodes with a single tie: "leaves", "leaf nodes", "dead ends", "end points"
_LEAVES = re.compile(r"\bleaf(?:[- ]?nodes?|[- ]vertices)?\b|\bleaves\b|\bdead[- ]?ends?\b|"
                     r"\bend[- ]?points?\b|\bpendant\s+(?:nodes?|vertices)\b", re.IGNORECASE)
#: "if Ada leaves", "who leaves the club": the verb, not the nodes
_LEAVES_VERB = re.compile(r"\bleaves\s+(?:the|a|an|his|her|their|its|some|any|no|every|each|"
                          r"one|two|it|them|him|nobody|someone|anyone|everyone|other|others|"
                          r"more|fewer|only|just|behind)\b|\b(?:if|when|once|after|"
                          r"before|until)\s+(?:\w+\s+){1,3}leaves\b", re.IGNORECASE)
_LIST = re.compile(r"^\s*(?:so\s+|and\s+)?(?:which|who|list|name|show|what (?:are|nodes))\b",
                   re.IGNORECASE)


_N = r"(\d{1,4}|one|two|three|four|five|six|seven|eight|nine|ten|zero|no)"
_NUMBERS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
            "eight": 8, "nine": 9, "ten": 10, "zero": 0, "no": 0}
#: a bare number of ties: "have degree 2", "of degree 3", "degree-4 nodes", "with 3 neighbours",
#: "have 3 consignees" (the data's own word for the other end)
_EXACT = (
    r"\b(?:ha(?:ve|s)|with|of)\s+(?:a\s+)?degree\s+(?:of\s+|=\s*|equal to\s+)?{n}\b(?!\s*(?:or|\+))|"
    r"\bdegree[- ]{n}\s+(?:nodes?|vertices|\w+s)\b|"
    r"\b(?:ha(?:ve|s)|with)\s+{n}\s+(?:(?:direct|other)\s+)?(?:ties|neighbou?rs|connections|links|"
    r"edges|contacts|friends|partners{own})\b(?!\s+(?:or|in common|each|apiece))")


@functools.lru_cache(maxsize=64)
def _exact_rx(own: tuple[str, ...]) -> re.Pattern[str]:
    heads = {re.split(r"[\s_-]", w.lower())[0] for w in own}
    words = "".join(f"|{re.escape(w)}s" for w in sorted(heads) if re.fullmatch(r"[a-z]{3,}", w))
    return re.compile(_EXACT.format(n=_N, own=words), re.IGNORECASE)


#: the nodes at the extreme degree counted or listed: "how many smiths have the maximum degree",
#: "which nodes share the lowest degree"
_AT_EXTREME = re.compile(
    r"\b(?:ha(?:ve|s)|with|share|sharing|tie for|at)\s+the\s+(?P<way>max(?:imum)?|highest|largest|"
    r"biggest|most|top|min(?:imum)?|lowest|smallest|fewest)\s+(?:degree|number of (?:ties|"
    r"connections|neighbou?rs|links)|ties|connections|neighbou?rs|links)\b", re.IGNORECASE)
_COUNTED = re.compile(r"\bhow many\b|\bnumber of\b|\bcount\b", re.IGNORECASE)


def _extreme(st: PlanState) -> str | None:
    """"max" / "min" when the nodes at the highest or lowest degree are counted or listed."""
    if slots.named(st.question) or not _COUNTED.search(st.question):
        return None
    m = _AT_EXTREME.search(st.question)
    if m and not re.search(r"\b(?:how many|number of|count(?: the)?)\s+(?:[\w-]+\s+){0,2}?$",
                           st.question[:m.start()], re.IGNORECASE):
        return None  # "take the node with the highest degree, how many …": that one node
    if not m:
        return None
    return "min" if re.match(r"min|low|small|few", m.group("way"), re.IGNORECASE) else "max"


#: a single number of partners in the verb's words: "married into only one other family",
#: "work with exactly two other people", "linked to just one other station"
_OTHER = re.compile(rf"\b(?:only|just|exactly)\s+(?:a\s+single|{_N})\s+other\s+[a-z]+\b(?!\s+than)",
                    re.IGNORECASE)


def exact_degree(st: PlanState) -> int | None:
    """The k of "nodes with degree k" (no bound word before it), else None."""
    other = _OTHER.search(st.question)
    if other and not slots.named(st.question) and not _directed(st):
        w = re.search(rf"(?:a\s+single|{_N})\s+other", other.group(0), re.IGNORECASE)
        said = w.group(0).split()[0].lower() if w else "one"
        return 1 if said in {"a", "single"} else int(said) if said.isdigit() else _NUMBERS[said]
    named = [n for n in slots.named(st.question) if not re.fullmatch(r"degree-\d+", n, re.IGNORECASE)]
    if named or slots.threshold(st.question) or re.search(
            r"\b(?:exactly|only|just|at least|at most|more|fewer|less|over|under|above|below)\s+"
            rf"{_N}\b", st.question, re.IGNORECASE):
        return None
    from igraph_agent.model.threshold_rank_intents import _own

    m = _exact_rx(_own(st)).search(st.question)
    if not m:
        return None
    said = next(g for g in m.groups() if g).lower()
    return int(said) if said.isdigit() else _NUMBERS[said]


def _exact_calls(st: PlanState) -> list[Call]:
    k = exact_degree(st)
    way = _extreme(st) if k is None else None
    if way is not None:
        first = Call("degree_analysis", {"top_k": 3})
        o = st.done(first)
        if o is None or not o.ok:
            return [first]
        d = o.typed(DegreeAnalysisResult)
        k = d.max_degree if way == "max" else d.min_degree
        return [first, Call("nodes_by_measure", {"measure": "degree", "op": "eq", "value": k,
                                                 "limit": 50})]
    measure = _exact_measure(st) if k is not None else None
    if k is None or measure is None:
        return []
    return [Call("nodes_by_measure", {"measure": measure, "op": "eq", "value": k, "limit": 50})]


def _exact_measure(st: PlanState) -> str | None:
    """The measure "have k ties" counts: degree, or on a directed graph the end the question's
    words name; None where a directed graph's end is not said (in, out or both would each
    answer another question)."""
    asked = str(st.context.get("asked") or st.question)  # the user's words, not the rewritten
    if not _directed(st) or slots.BOTH_ENDS_SAID.search(asked):
        return "degree"
    from igraph_agent.model import sides

    info = st.last_ok("get_graph_info")
    exact = re.sub(rf"\b(ha(?:ve|s)|with)\s+{_N}\b", r"\1 exactly \2", asked, count=1,
                   flags=re.IGNORECASE)  # the bound the end's reading looks for
    side = sides.counted_side(exact, info.data if info else {})
    return f"{side}_degree" if side else None


def _exact_bonus(st: PlanState) -> float:
    exact = exact_degree(st) is not None and _exact_measure(st) is not None
    return 6.0 if exact or _extreme(st) else -10.0


def _exact_render(st: PlanState, obs: list[Observed]) -> str:
    from igraph_agent.model.query_intents import threshold_render

    return threshold_render(st, [o for o in obs if o.tool == "nodes_by_measure" and o.ok])


def _directed(st: PlanState) -> bool:
    return bool(st.meaning().get("directed"))


def complete_asked(st: PlanState) -> bool:
    # "how many triangles (three docks all directly linked to each other)": the triangles'
    # "how many sets of three sites are all directly connected to each other": triangles
    return bool(_COMPLETE.search(st.question)) and not slots.named(st.question) and \
        not re.search(r"\btriangles?\b|\bcliques?\b|\b(?:trios?|triples?|(?:groups?|sets?) of "
                      r"(?:three|3|four|4))\b", st.question, re.IGNORECASE)


def regular_asked(st: PlanState) -> bool:
    return bool(_REGULAR.search(st.question)) and not slots.named(st.question)


def leaves_asked(question: str) -> bool:
    return (bool(_LEAVES.search(question)) and not _LEAVES_VERB.search(question)
            and not slots.named(question) and not _MIXING.search(question))


#: whether well-linked nodes link to each other or to dead ends: a mixing figure, no leaves
_MIXING = re.compile(r"\bassortativ\w*|\btend\s+to\s+(?:connect|link|attach|join)\b", re.IGNORECASE)


def _regular_calls(st: PlanState) -> list[Call]:
    if not (regular_asked(st) or complete_asked(st)):
        return []
    if _directed(st):
        return [Call("degree_analysis", {"direction": "in", "top_k": 3}),
                Call("degree_analysis", {"direction": "out", "top_k": 3})]
    return [Call("degree_analysis", {"top_k": 3})]


def _complete_render(st: PlanState, obs: list[Observed]) -> str:
    found = [o.typed(DegreeAnalysisResult) for o in obs if o.tool == "degree_analysis" and o.ok]
    if not found:
        return "I could not read the degrees."
    n = found[0].nodes
    yes = n > 1 and all(d.min_degree >= n - 1 for d in found)  # every other node, each way
    way = " in both directions" if len(found) > 1 else ""
    if yes:
        return f"**Yes** — every one of the {n} nodes is tied directly to every other{way}."
    low = min(d.min_degree for d in found)
    return (f"**No** — not every pair is tied directly: the lowest degree{way} is {low}, "
            f"among {n} nodes.")


def _regular_render(st: PlanState, obs: list[Observed]) -> str:
    found = {o.args.get("direction", "all"): o.typed(DegreeAnalysisResult) for o in obs
             if o.tool == "degree_analysis" and o.ok}
    if not found:
        return "I could not read the degrees."
    k = _K_REGULAR.search(st.question)
    if set(found) >= {"in", "out"}:
        i, o = found["in"], found["out"]
        same = i.min_degree == i.max_degree and o.min_degree == o.max_degree
        yes = same and (k is None or (i.max_degree == o.max_degree == int(k.group(1))))
        said = (f"every node has in-degree **{i.max_degree}** and out-degree **{o.max_degree}**"
                if same else f"in-degrees range from {i.min_degree} to {i.max_degree} and "
                f"out-degrees from {o.min_degree} to {o.max_degree}")
        return f"**{'Yes' if yes else 'No'}** — {said} (following the edges' direction)."
    d = next(iter(found.values()))
    same = d.min_degree == d.max_degree
    yes = same and (k is None or d.max_degree == int(k.group(1)))
    if same:
        said = (f"every one of the {d.nodes} nodes has degree **{d.max_degree}**: the graph is "
                f"{d.max_degree}-regular")
    else:
        said = (f"degrees range from **{d.min_degree}** to **{d.max_degree}** ({d.distinct_degrees} "
                f"different values, mean {d.mean_degree}), so the graph is not regular")
    return f"**{'Yes' if yes else 'No'}** — {said}."


def _leaves_said(st: PlanState) -> bool:
    return leaves_asked(str(st.context.get("asked") or st.question))


def _leaves_calls(st: PlanState) -> list[Call]:
    if not _leaves_said(st) or _directed(st):
        return []
    return [Call("nodes_by_measure", {"measure": "degree", "op": "eq", "value": 1, "limit": 50})]


def _leaves_clarify(st: PlanState) -> str | None:
    if _leaves_said(st) and _directed(st):
        return ("On this directed graph a 'leaf' or 'dead end' can mean a node no edge leaves, "
                "one no edge enters, or one with a single tie in either direction — which do "
                "you mean?")
    return None


def _leaves_render(st: PlanState, obs: list[Observed]) -> str:
    """The single-tie nodes as the threshold count says them ("**5** of 11 stations have
    degree exactly 1: …"), so every wording of a leaf reads the same."""
    from igraph_agent.model.query_intents import threshold_render

    found = [o for o in obs if o.tool == "nodes_by_measure" and o.ok]
    if not found:
        return "I could not count the nodes with a single tie."
    return threshold_render(st, found)


#: the degree most nodes have: "the most common number of direct road connections a town
#: has", "the most frequent degree", "what degree do most nodes have", "how many ties do most
#: members have" (the mode of the degree distribution, not its mean)
_MODE = re.compile(
    r"\b(?:most\s+(?:common|frequent|usual)|commonest|modal)\s+(?:(?:number|count)\s+of\s+"
    r"(?P<words>(?:[\w-]+\s+){0,3}?[a-z]+s)\b|(?P<degree>(?:in-?|out-?)?degree)\b)|"
    r"\bmode\s+of\s+(?:the\s+)?(?P<mode>(?:in-?|out-?)?degrees?|degree distribution)\b|"
    r"\bwhat\s+(?P<what>(?:in-?|out-?)?degree)\s+do(?:es)?\s+(?:the\s+)?most\s+\w+\s+have\b|"
    r"\bhow\s+many\s+(?P<many>(?:[\w-]+\s+){0,2}?[a-z]+s)\s+do(?:es)?\s+(?:the\s+)?most\s+\w+"
    r"\s+have\b|"
    r"\bwhat\s+(?:number\s+of\s+(?P<which>(?:[\w-]+\s+){0,2}?[a-z]+s)|(?P<isdeg>degree))\s+is\s+"
    r"(?:the\s+)?most\s+(?:common|frequent|usual)\b|"
    r"^\s*(?:so\s+)?most\s+\w+\s+(?:have|has|get)\s+how\s+many\s+(?P<most>(?:[\w-]+\s+){0,2}?[a-z]+s)\b",
    re.IGNORECASE)


def _mode_match(st: PlanState) -> re.Match[str] | None:
    """The mode asked, its counted word a word for ties or the data's own end noun (never a
    node column's amount: "the most common number of goals a player scored")."""
    from igraph_agent.model.threshold_rank_intents import _own

    asked = str(st.context.get("asked") or st.question)
    m = _MODE.search(asked)
    if m is None or slots.named(asked):
        return None
    words = m.group("words") or m.group("many") or m.group("which") or m.group("most")
    if words is None:
        return m
    last = words.split()[-1].lower()
    own = {w.lower() for w in _own(st)}
    if re.fullmatch(_TIES, last) or last.rstrip("s") in own or last in own:
        return m
    info = st.last_ok("get_graph_info")
    data = info.data if info else {}
    columns = [str(c).lower() for c in data.get("edge_attributes") or []]
    from igraph_agent.model.query_intents import _NOT_TIES

    if data.get("node_attributes") or _NOT_TIES.fullmatch(last) or \
            any(last[:4] in c or c[:4] in last for c in columns):
        return None  # "the most common number of goals": maybe a node column's amount
    return m  # "how many trails do most camps have": the data's word for its edges


def mode_direction(st: PlanState) -> str | None:
    """``in`` / ``out`` / ``all`` for the mode asked on a directed graph (``all`` where
    "degree" or "in total" is said, or on an undirected graph), else None (not said)."""
    m = _mode_match(st)
    said = next((g for g in (m.groups() if m else ()) if g), "") or ""
    if re.match(r"in-?", said, re.IGNORECASE) and "degree" in said.lower():
        return "in"
    if re.match(r"out-?", said, re.IGNORECASE) and "degree" in said.lower():
        return "out"
    if not _directed(st) or re.search(r"\bdegree\b|\bin total\b|\beither (?:way|direction)\b|"
                                      r"\bboth ways\b", said + " " + str(st.question),
                                      re.IGNORECASE):
        return "all"
    from igraph_agent.model import sides

    info = st.last_ok("get_graph_info")
    side = sides.counted_side(f"which nodes have exactly 2 {said.split()[-1]}",
                              info.data if info else {}) if said else None
    return side


def _mode_calls(st: PlanState) -> list[Call]:
    way = mode_direction(st) if _mode_match(st) else None
    if way is None:
        return []
    return [Call("degree_analysis", {"top_k": 3, **({} if way == "all" else {"direction": way})})]


def _mode_clarify(st: PlanState) -> str | None:
    if _mode_match(st) and mode_direction(st) is None:
        return ("On this directed graph, which ties should I count for each node: the edges it "
                "sends, the edges it receives, or both?")
    return None


def _mode_render(st: PlanState, obs: list[Observed]) -> str:
    """"**3** is the most common degree: 12 of the 40 nodes have exactly 3 ties" (ties named
    apart; a distribution cut short names none)."""
    found = [o for o in obs if o.tool == "degree_analysis" and o.ok]
    if not found:
        return "I could not read the degrees."
    d = found[0].typed(DegreeAnalysisResult)
    side = {"in": "in-degree", "out": "out-degree"}.get(found[0].args.get("direction", ""), "degree")
    rows = list(d.distribution)
    if not rows or len(rows) < d.distinct_degrees:
        return (f"I could not read every {side} value ({d.distinct_degrees} different ones), so "
                f"I cannot say which is the most common.")
    top = max(r.count for r in rows)
    best = sorted(r.degree for r in rows if r.count == top)
    said = ", ".join(f"**{k}**" for k in best[:-1]) + (" and " if len(best) > 1 else "") + \
        f"**{best[-1]}**"
    if len(best) == 1:
        lead = f"{said} is the most common {side}: {top} of the {d.nodes} nodes have exactly that many"
    else:
        lead = f"{said} tie as the most common {side}: {top} of the {d.nodes} nodes have each"
    return f"{lead} (mean {d.mean_degree}, min {d.min_degree}, max {d.max_degree})."


DEGREE_SHAPE_INTENTS = [
    Intent("regular", t(0.5, _REGULAR.pattern), _regular_calls, _regular_render,
           "whether every node has the same degree (degree_analysis)", group="regular",
           bonus=lambda st: 6.0 if regular_asked(st) else -10.0,
           hint="whether every node has the same degree (a regular graph)",
           answers=frozenset({"yesno", "value", "count"}), covers=frozenset({"scope"})),
    Intent("complete", t(0.5, _COMPLETE.pattern), _regular_calls, _complete_render,
           "whether every pair of nodes is tied (degree_analysis)", group="complete",
           bonus=lambda st: 7.0 if complete_asked(st) else -10.0,
           hint="whether every pair of nodes is tied (a complete graph)",
           answers=frozenset({"yesno"}), covers=frozenset({"scope"})),
    Intent("degree_exact", t(0.5, rf"\b(?:ha(?:ve|s)|with|of)\s+(?:a\s+)?(?:degree\s+)?{_N}\b|"
                              rf"\bdegree[- ]{_N}\b", _AT_EXTREME.pattern, _OTHER.pattern), _exact_calls, _exact_render,
           "the nodes with exactly k ties (nodes_by_measure degree = k)", group="ranking",
           bonus=_exact_bonus,
           hint="the nodes with a number of ties you give",
           answers=frozenset({"count", "list", "node", "yesno"}),
           covers=frozenset({"scope", "bottom", "threshold"})),
    Intent("degree_mode", t(0.5, r"[\s\S]"), _mode_calls, _mode_render,
           "the most common degree, the mode of the degree distribution (degree_analysis)",
           group="ranking", bonus=lambda st: 7.0 if _mode_match(st) else -10.0,
           clarify=_mode_clarify, hint="the most common number of ties",
           answers=frozenset({"value", "count"}), covers=frozenset({"direction", "scope"})),
    # read from the user's own words too: a two-mode graph's rewriting ("how many leaves are
    # there" -> the sides' sizes) must not hide them
    Intent("leaves", t(0.5, r"[\s\S]"), _leaves_calls, _leaves_render,
           "the nodes with a single tie: leaves, dead ends (nodes_by_measure degree = 1)",
           group="leaves", bonus=lambda st: 6.0 if _leaves_said(st) else -10.0,
           clarify=_leaves_clarify, hint="the leaves (nodes with a single tie)",
           answers=frozenset({"count", "list", "node", "yesno"}),
           covers=frozenset({"scope", "threshold"})),  # "dead ends" is read as "exactly one tie"
]
