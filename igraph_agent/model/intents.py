"""The offline planner's intent table: question patterns -> tool calls -> a grounded answer.

Each :class:`Intent` says which calls it still needs given this run's results (several
intents' calls go out together in one turn) and renders its findings only from tool data.
Later tool families add their intents here.
"""

from __future__ import annotations

import re

from igraph_agent.figures import shown
from igraph_agent.model import slots, topn
from igraph_agent.model.lexicon import KIND_QUESTION, declared
from igraph_agent.model.planstate import Call, Observed, PlanState
from igraph_agent.model.registry import Intent, select, t
from igraph_agent.model.vocabulary import MEAN_ASKED, NODE_NOUNS, data_nouns, groupings, own_words
from igraph_agent.model.weights import as_length_args, asked_weight, length_note
from igraph_agent.results.centrality import DegreeAnalysisResult, NodeCentralityResult
from igraph_agent.results.data import GetGraphInfoResult
from igraph_agent.results.optimize import (
    ClearGraphResult,
    CommitGraphOptimizationResult,
    PreviewGraphOptimizationResult,
)
from igraph_agent.results.report import CreateAnalysisReportResult


def _rx(*words: str) -> re.Pattern[str]:
    return re.compile("|".join(words), re.IGNORECASE)


def _fmt(x: float) -> str:
    return shown(x)


# -- graph overview ---------------------------------------------------------------------
def _overview_render(st: PlanState, obs: list[Observed]) -> str:
    info = st.last_ok("get_graph_info")
    if info is None:
        return "I could not read the graph state."
    d = info.typed(GetGraphInfoResult)
    line = (d.meaning or {}).get("line")
    if not line:  # a stored result from before graphs carried their meaning
        line = ("directed" if d.directed else "undirected") + " · " + (
            "weighted" if d.weighted else "unweighted")
    attrs = ", ".join(d.node_attributes or []) or "none"
    kind = KIND_QUESTION.search(st.question)
    if kind is not None:  # "is this graph directed?": yes or no, then what it is
        asked = kind.group(0).lower()
        weights = ", ".join(f"{k} = {v}" for k, v in ((d.meaning or {}).get("weights") or {}).items())
        if "weighted" in asked:
            yes = bool(d.weighted) != ("unweighted" in asked)
            said = (f"the edges carry values ({weights or ', '.join(d.edge_attributes or [])})"
                    if d.weighted else "the edges carry no numeric value")
        else:
            yes = bool(d.directed) != ("undirected" in asked)
            said = "the graph is " + ("directed" if d.directed else "undirected")
            by = (d.meaning or {}).get("direction")
            if d.directed and by:
                said += f" ({by[0]} → {by[1]})"
        return (f"**{'Yes' if yes else 'No'}** — {said}. The loaded graph ({line}) has "
                f"{d.nodes} nodes and {d.edges} edges.")
    return (f"The loaded graph ({d.dataset_id}, revision {d.revision}) has "
            f"**{d.nodes} nodes** and **{d.edges} edges** ({line}), "
            f"with {d.components} connected component(s) and density {d.density}. "
            f"Node attributes: {attrs}.")


# -- degree -----------------------------------------------------------------------------
_IN = re.compile(r"in-?degree|incoming|pointed to|coming in|followers|\bcited\b|citations",
                 re.IGNORECASE)
_OUT = re.compile(r"out-?degree|outgoing|going out|points to the most", re.IGNORECASE)
#: both ends counted: "counting both incoming and outgoing", "in and out together"
_BOTH_SIDES = re.compile(r"\bboth (?:incoming|outgoing|in\b|out\b|ways|directions|sides)|"
                         r"\b(?:incoming|in) (?:and|plus|or) (?:outgoing|out)\b|"
                         r"\b(?:outgoing|out) (?:and|plus|or) (?:incoming|in)\b|"
                         r"\beither (?:way|direction)\b", re.IGNORECASE)


def where_values(st: PlanState) -> dict:
    """``where=`` the attribute values the question filters on: one ("in Asia"), or one per
    grouping attribute it names a value of ("the assembly-tier plants located in Asia": tier
    = assembly and region = Asia; every value applied, never only the first)."""
    from igraph_agent.model.structure_intents import named_values, where_filter

    found, (attr, either) = where_filter(st)
    if not found and len(either) < 2:
        return {}
    where: dict = {found[0]: found[1]} if found else {attr: either}  # "physics or maths"
    first = found[1] if found else either[0]
    for attr, value in named_values(st).items():
        if attr not in where and value.lower() != first.lower():
            where[attr] = value
    return {"where": where}


def _degree_calls(st: PlanState) -> list[Call]:
    info = st.last_ok("get_graph_info")
    args: dict = {"top_k": topn.top_k(st.question, 10)}
    if info is not None and info.typed(GetGraphInfoResult).directed and \
            not _BOTH_SIDES.search(st.question):
        if _IN.search(st.question) and _OUT.search(st.question):
            args["direction"] = ["in", "out"]  # "the highest in-degree and the highest out-degree"
        elif _IN.search(st.question):
            args["direction"] = "in"
        elif _OUT.search(st.question):
            args["direction"] = "out"
    inside = {"within": "largest_component"} if _LARGEST.search(st.question) else {}
    ways = args.pop("direction", None)
    rest = {**args, **where_values(st), **_side_of(st), **inside}
    if isinstance(ways, list):  # each side asked: one ranking per side, both answered
        return [Call("degree_analysis", {**rest, "direction": w}) for w in ways]
    return [Call("degree_analysis", {**rest, **({"direction": ways} if ways else {})})]


def _degree_clarify(st: PlanState) -> str | None:
    """A part other than the largest component (the smallest, a community) is not read."""
    if slots.SCOPE.search(st.question) and not _LARGEST.search(st.question):
        return ("Within which part? I can rank by degree inside the largest component, or "
                "among the nodes of a group you name.")
    return None


def _side_of(st: PlanState) -> dict:
    """``side=`` when a two-mode graph's side is named ("courses per student")."""
    from igraph_agent.model.semantic_intents import _meaning, _side_in

    sides = [str(x) for x in (_meaning(st).get("modes") or {}).get("sides") or {}]
    for side in sides:  # "courses per student": the average is over the students
        one = {"women": "woman", "men": "man", "people": "person"}.get(side.lower(),
                                                                      side.lower().rstrip("s"))
        if re.search(rf"\b(?:per|each|every|for each|by each|(?:does|do) (?:an?|the average|"
                     rf"one|each))\s+(?:{re.escape(one)}|"
                     rf"{re.escape(side)})\b", st.question, re.IGNORECASE):
            return {"side": side}
    side = _side_in(st)
    return {"side": side} if side else {}


def _degree_render(st: PlanState, obs: list[Observed]) -> str:
    obs = [o for o in obs if o.tool == "degree_analysis"]
    if len(obs) > 1:  # in- and out-degree both asked: each its own answer
        return "\n\n".join(_degree_render(st, [o]) for o in obs)
    d = obs[0].typed(DegreeAnalysisResult)
    top = topn.listed(st.question, [(str(t.node), str(t.degree)) for t in d.top])
    if d.within == "largest_component":
        tied = [str(t.node) for t in d.top if t.degree == d.max_degree]
        return (f"Inside the largest component ({d.nodes} nodes), the highest degree is "
                f"**{d.max_degree}**: " + ", ".join(f"**{n}**" for n in tied[:10]) +
                (" …" if len(tied) > 10 else "") + f" (mean {d.mean_degree}).")
    among = obs[0].args.get("where")
    if among:
        from igraph_agent.model.either_values import where_said

        return f"Among nodes with {where_said(among)}, the highest degree: {top or 'no node matches'}."
    side = {"in": "in-degree", "out": "out-degree"}.get(obs[0].args.get("direction", ""), "degree")
    if _DISTRIBUTION.search(st.question) and d.distribution:
        return _distribution(st, d, side)
    rank = _ranked(st, [(str(t.node), str(t.degree)) for t in d.top], side)
    if rank:
        return rank + f"Highest {side}: {top}."
    lead = _top_lead(st, d, side)
    if side != "degree" and MEAN_ASKED.search(str(st.context.get("asked") or st.question)) \
            and not lead:  # "on average, how many prerequisites does a course have"
        return (f"Mean {side} is **{d.mean_degree}** (max {d.max_degree}, min {d.min_degree}, "
                f"over {d.nodes} nodes). Highest {side}: {top}.")
    if side != "degree":
        return lead + f"Highest {side}: {top}."
    if d.side:
        return lead + (f"Among the {d.side} ({d.nodes}), the mean degree is **{d.mean_degree}** "
                       f"(max {d.max_degree}, min {d.min_degree}). Highest: {top}.")
    if not lead and _MAX_VALUE.search(str(st.context.get("asked") or st.question)):
        return (f"The highest degree is **{d.max_degree}** (mean {d.mean_degree}, min "
                f"{d.min_degree}, {d.isolates} isolated node(s)). Highest degree: {top}.")
    return lead + (f"Mean degree is **{d.mean_degree}** (max {d.max_degree}, min "
                   f"{d.min_degree}, {d.isolates} isolated node(s)). Highest degree: {top}.")


#: whether one named node has the highest degree (vocabulary's rewrite of "is MAN the most
#: connected airport", "does GLA have the most routes")
_TOP_CHECK = re.compile(r"^Does (.+) have the highest degree\?$")


def _top_check_calls(st: PlanState) -> list[Call]:
    from igraph_agent.model.graph_intents import resolve_names

    m = _TOP_CHECK.match(st.question)
    if m is None:
        return []
    searches, ids = resolve_names(st, [m.group(1)])
    return searches if ids is None else [*searches, Call("degree_analysis", {"top_k": 10})]


def _top_check_render(st: PlanState, obs: list[Observed]) -> str:
    from igraph_agent.model.graph_intents import resolve_names, unresolved_names

    m = _TOP_CHECK.match(st.question)
    o = next((o for o in obs if o.tool == "degree_analysis" and o.ok), None)
    _, ids = resolve_names(st, [m.group(1)]) if m else ([], None)
    if m is None or o is None or not ids:
        return unresolved_names(st, [m.group(1)] if m else [])
    d = o.typed(DegreeAnalysisResult)
    return _top_checked(ids[0], d) if d.top else "No node has an edge."


def _top_checked(name: str, d: DegreeAnalysisResult) -> str:
    """Yes or no, then the top and the named node's own degree where it is listed."""
    best = d.top[0].degree
    tops = [str(t.node) for t in d.top if t.degree == best]
    own = next((t.degree for t in d.top if str(t.node).lower() == name.lower()), None)
    listed = ", ".join(f"**{n}**" for n in tops[:10])
    if own == best:
        tie = f" (tied with {', '.join(n for n in tops if n.lower() != name.lower())})" \
            if len(tops) > 1 else ""
        return f"**Yes** — {name} has the highest degree, **{best}**{tie}."
    said = f"{name} has {own}" if own is not None else \
        f"{name} is not among the {len(d.top)} highest listed (at most {d.top[-1].degree})"
    return f"**No** — the highest degree is **{best}** ({listed}); {said}."


#: the graph's highest degree asked as a figure ("what is the maximum degree"), not a node
_MAX_VALUE = re.compile(r"^\s*(?:so\s+|and\s+)?(?:what(?:'s| is| was)?|tell me|give me)\s+(?:the\s+)?"
                        r"(?:max(?:imum)?|highest|largest|biggest|greatest|top)\s+degree\b"
                        # "how many friends does the most popular member have"
                        r"|^\s*how many\s+\w+(?:\s+\w+)?\s+(?:does|do|did|has)\s+(?:the\s+)?"
                        r"(?:(?:most|best)[- ](?:popular|connected|linked|social|networked)|busiest)\b",
                        re.IGNORECASE)


_MOST = re.compile(r"\b(?:most|highest|best|largest|biggest|top|greatest)\b", re.IGNORECASE)
_LEAST = re.compile(r"\b(?:least|lowest|fewest|smallest|weakest|average|mean|typical)\b",
                    re.IGNORECASE)


def _top_lead(st: PlanState, d: DegreeAnalysisResult, side: str) -> str:
    """"**Dmitri** and **Greta** have the highest degree, **8**. " when the question asks
    which node has the most ties (the answer first, the summary after), else ""."""
    q = str(st.context.get("asked") or st.question)
    if (slots.asked_kind(q) != "node" or not _MOST.search(q) or _LEAST.search(q)
            or (topn.top_count(q) or 1) > 1 or not d.top):
        return ""
    best = [str(t.node) for t in d.top if t.degree == d.top[0].degree]
    if len(best) == len(d.top) and len(d.top) > 1:
        return ""  # every listed node ties: the list may be cut, so name none as the top
    names = " and ".join(f"**{n}**" for n in best) if len(best) <= 2 else (
        ", ".join(f"**{n}**" for n in best[:-1]) + f" and **{best[-1]}**")
    verb = "has" if len(best) == 1 else "tie for"
    return f"{names} {verb} the highest {side}: **{d.top[0].degree}**. "


_DISTRIBUTION = re.compile(r"\bdistribut|\bhistogram|\bspread of\b", re.IGNORECASE)
_CHART = re.compile(r"\bplot|\bchart|\bhistogram|\bdraw|\bgraph of\b|\bvisuali[sz]", re.IGNORECASE)


def _distribution(st: PlanState, d: DegreeAnalysisResult, side: str) -> str:
    """"The degree distribution" (or a plot of it): how many nodes have each degree, as a
    table; the offline planner draws graphs, not charts, and says so when asked to plot."""
    rows = sorted(d.distribution, key=lambda r: r.degree)
    shown_rows = rows if len(rows) <= 15 else rows[:12]
    table = "\n".join([f"| {side} | nodes |", "|---:|---:|",
                        *(f"| {r.degree} | {r.count} |" for r in shown_rows)])
    hidden = d.distinct_degrees - len(shown_rows)
    more = (f"\n\n({hidden} other degree value(s) not shown, up to {d.max_degree}.)"
            if hidden > 0 else "")
    chart = ("I cannot draw a chart offline (I draw the graph itself); here is the "
             "distribution as a table. " if _CHART.search(st.question) else "")
    return (f"{chart}The {side} distribution over **{d.nodes}** nodes: mean "
            f"**{d.mean_degree}**, min {d.min_degree}, max {d.max_degree}, "
            f"{d.distinct_degrees} distinct value(s).\n\n{table}{more}")


# -- centrality -------------------------------------------------------------------------
#: closeness in plain words: "who could pass news to everyone fastest", "who would reach all
#: the others in the fewest steps"
_SPREAD = (r"\b(?:reach|spread|pass|get|send|relay|broadcast|tell|notify)\w*\b.*\b(?:everyone|"
           r"everybody|every \w+|all (?:the )?(?:others|other \w+|\w+s))\b.*\b(?:fastest|quickest\w*|"
           r"soonest|fewest (?:steps|hops))\b|\b(?:fastest|quickest\w*)\b.*\b(?:reach|spread)\w*\b.*"
           r"\b(?:everyone|everybody|all)\b"
           # "who could spread a rumour fastest": to the whole network, in the fewest steps
           r"|\b(?:spread|pass|get|send)\w*\s+(?:a\s+|the\s+|some\s+)?(?:rumou?rs?|news|gossip|word|"
           r"information|info|messages?|memos?)\b(?:(?!\bto\s+(?-i:[A-Z])).)*\b(?:fastest|quickest\w*|"
           r"soonest)\b")
#: betweenness in the data's words: "sits on the most lowest-latency routes", "on the most
#: shortest cable routes"
_ON_ROUTES = (r"on the most (?:[\w-]+[- ])?(?:shortest|lowest[- ][\w-]+|quickest|fastest|cheapest|"
              r"best)\s+(?:[\w-]+\s+)?(?:paths|routes|connections)")
#: betweenness in plain words: "who bridges the most pairs (of colleagues)", "the best
#: connector between other airports" (the normalised question may say "the most ties")
_BRIDGES_PAIRS = (r"\b(?:bridg\w*|connect\w*|link\w*|join\w*)\s+the\s+most\s+(?:pairs|ties)\b|"
                  r"\b(?:best|biggest|main|top)\s+(?:connector|go-?between|intermediary)\s+between\b|"
                  # "the biggest go-between in the staff network", "who is the main middleman"
                  r"\b(?:best|biggest|main|top|greatest|chief|key|largest|most\s+important|leading)\s+"
                  r"(?:go-?betweens?|intermediar(?:y|ies)|middle-?(?:m[ae]n|wom[ae]n|persons?|people))\b|"
                  r"\b(?:go-?between|intermediary|middle-?(?:man|woman|person))\s+(?:for|between)\s+the\s+"
                  r"most\b|\bacts?\s+as\s+(?:a\s+|the\s+)?(?:go-?between|intermediary|middle-?(?:man|"
                  r"woman|person))\s+(?:the\s+)?most\b")
#: "closest to everyone", "closest on average to all the others": closeness
_CLOSEST_TO_ALL = (r"closest,? (?:on average,? |overall,? |in total,? )?to (?:everyone|everybody|all|"
                   r"every other|the (?:others|rest))")
_MEASURES = [
    (rf"betwe+n+e*ss|broker|gate-?keeper|{_ON_ROUTES}|sits? between the most|{_BRIDGES_PAIRS}", "betweenness"),
    (rf"closeness|{_CLOSEST_TO_ALL}|fewest steps|reach(?:es)? all|{_SPREAD}", "closeness"),
    (r"pagerank|page rank|random walk|random surfer|random (?:browser|clicker|walker)", "pagerank"),
    (r"eigenvector|best-tied|neighbours are themselves", "eigenvector"),
    (r"degree centrality", "degree"),
]


#: node_centrality's largest ``top_k``: a ranking from the bottom needs every node scored
_EVERY = 500


def _named_measures(question: str) -> list[str]:
    named = list(dict.fromkeys(m for rx, m in _MEASURES if re.search(rx, question, re.IGNORECASE)))
    if not named and _CENTRAL_BY_DISTANCE.search(question):
        return ["closeness"]  # "most central by actual travel time": nearest to all, by it
    return named


#: central measured in a distance: "the most central quay by actual travel time", "most
#: central by road distance" (closeness in that distance)
_CENTRAL_BY_DISTANCE = re.compile(
    r"\b(?:most|least)\s+central\b.*\bby\s+(?:the\s+)?(?:actual|real|true)?\s*(?:road\s+|travel\s+|"
    r"driving\s+|walking\s+|sailing\s+)?(?:distance|time|km|kilomet\w+|miles|minutes|hours|length)\b",
    re.IGNORECASE)


def _scored_nodes(st: PlanState) -> list[str]:
    """The nodes whose own score is asked ("what's the closeness centrality of a3")."""
    values = {str(v).lower() for v in where_values(st).get("where", {}).values()}  # "in Finance"
    return [n for n in slots.named(st.question) if n.lower() not in values][:3]


#: "most central within the North region": the measure inside the group, not the graph
_INSIDE = re.compile(r"\b(?:within|inside|internal to|among themselves)\b", re.IGNORECASE)
#: "in the largest component": the measure on that component alone
_LARGEST = re.compile(r"\b(?:in|within|inside|of)\s+(?:the\s+)?(?:largest|biggest|main|giant)\s+"
                      r"(?:connected\s+)?(?:component|piece|part|island|cluster)\b", re.IGNORECASE)


def _within(st: PlanState) -> dict:
    """``within=`` for a measure asked inside a group or the largest component."""
    if _LARGEST.search(st.question):
        return {"within": "largest_component"}
    if _INSIDE.search(st.question) and where_values(st):
        return {"within": "group"}
    return {}


def _centrality_calls(st: PlanState) -> list[Call]:
    from igraph_agent.model.graph_intents import asked_weighting, resolve_names

    measures = _named_measures(st.question) or ["pagerank", "betweenness"]
    args: dict = {"top_k": _EVERY if slots.BOTTOM.search(st.question) else
                  topn.top_k(st.question, 10), **where_values(st),
                  **_side_of(st), **_within(st),  # "which volunteer …": one side's nodes
                  **(asked_weighting(st) or _centrality_weight(st, measures))}
    if set(measures) <= {"closeness", "betweenness"} and "weight" not in args and \
            asked_weight(st.question, st.meaning()).why == "hops":
        args["weight"] = None  # "in the fewest steps": hops, never an edge value
    if names := _scored_nodes(st):
        searches, ids = resolve_names(st, names)
        if ids is None:
            return searches
        return [*searches, *(Call("node_centrality", {"measure": m, **args, "nodes": ids})
                             for m in measures)]
    calls = [Call("node_centrality", {"measure": m, **args}) for m in measures]
    info = st.last_ok("get_graph_info")
    pieces = (info.data.get("components") or 1) if info else 1
    if "closeness" in measures and pieces > 1 and "within" not in args:
        # a graph in pieces: closeness scaled by reach can put a two-node piece on top; the
        # largest component's own ranking is shown beside it
        calls.append(Call("node_centrality", {"measure": "closeness", **args,
                                              "within": "largest_component"}))
    return calls


#: a measure's own words that name no edge value ("closest to everyone", "fewest steps")
_MEASURE_WORDS = re.compile(r"closest to (?:everyone|all)|fewest steps|closeness", re.IGNORECASE)


def _centrality_weight(st: PlanState, measures: list[str]) -> dict:
    """The edge value the distance measures (betweenness, closeness) are taken in where the
    question asks one: a column it names ("the most lowest-latency routes", "along the
    cables") or a kind of cost ("if distance is measured in metres"); else the tool's own
    reading (the graph's default weight in the sense each measure needs). Only for a
    measure the question names."""
    if not _named_measures(st.question):
        return {}  # "most central when we count emails": which measure is asked
    choice = asked_weight(_MEASURE_WORDS.sub("", st.question), st.meaning())
    if choice.why == "named" or (choice.why in ("money", "time", "length")
                                 and set(measures) <= {"betweenness", "closeness"}):
        # PageRank "weighted by amount" takes it as a strength
        return {"weight": choice.column, **as_length_args(st.question, st.meaning(), choice.column)}
    return {}


def _unweighed(st: PlanState) -> bool:
    """The question names an edge value (``vocabulary.graph_features``) that no centrality
    call would take: answering unweighted would answer another question."""
    from igraph_agent.model import vocabulary
    from igraph_agent.model.graph_intents import asked_weighting
    from igraph_agent.model.weights import asked_weight

    info = st.last_ok("get_graph_info")
    named = "weight" in vocabulary.graph_features(st.question, info.data if info else {})
    if named and asked_weight(st.question, st.meaning()).why == "hops":
        return False  # "just counting routes (ignore travel time)": the plain ranking asked
    measures = _named_measures(st.question) or ["pagerank", "betweenness"]
    return named and not (asked_weighting(st) or _centrality_weight(st, measures))


#: "show me the important ones", "which nodes matter": important, with no ranking asked
_UNRANKED_IMPORTANT = re.compile(r"\bimportant\b|\bwho matters\b|\bwhich \w+ matters?\b",
                                 re.IGNORECASE)
_RANKED = re.compile(r"\b(?:most|more|top|highest|least|lowest|rank\w*|key|main|order|sort\w*|"
                     r"central\w*|influen\w*)\b|\w+est\b|\d", re.IGNORECASE)


def _centrality_clarify(st: PlanState) -> str | None:
    """A ranking from the bottom names its measure (the measures disagree most there) and
    needs every node scored; a rank from the bottom ("second least") is not read."""
    if _unweighed(st):
        cols = ", ".join(f"`{c}`" for c in st.meaning().get("weights") or {}) or "none"
        return ("Central by which measure, and with which of the edge values? The plain "
                f"rankings ignore the edge values ({cols}); name a measure and a value, e.g. "
                "'the highest betweenness by <value>' or 'PageRank weighted by <value>'.")
    if _UNRANKED_IMPORTANT.search(st.question) and not _RANKED.search(st.question) and \
            not _named_measures(st.question):
        return ("Important by which measure? I can rank the nodes by degree (the most ties), "
                "by betweenness (who sits between the others) or by PageRank — e.g. 'the "
                "most central nodes by betweenness'.")
    if slots.NEXT_AFTER.search(st.question):  # "after the Medici, which family ranks next":
        measure = (_named_measures(st.question) or ["the measure you name"])[0]
        return (f"Who comes right after a node is read off the full ranking, which I can "
                f"give: every node ranked by {measure}, in order. Shall I — e.g. 'rank the "
                f"nodes by {measure}'?")  # never the named node's own score
    if slots.SCOPE.search(st.question) and not _within(st):  # the smallest piece, a community
        return ("Within which part? I can score the nodes inside the largest component or "
                "inside a group you name (e.g. 'who is most central within the North region').")
    if not slots.BOTTOM.search(st.question):
        return None
    info = st.last_ok("get_graph_info")
    nodes = info.typed(GetGraphInfoResult).nodes if info else None
    if len(_named_measures(st.question)) == 1 and not slots.ordinal(st.question) and \
            nodes is not None and nodes <= _EVERY:
        return None
    return ("Least central by which measure? Name one — betweenness, closeness, PageRank or "
            "eigenvector — e.g. 'which node has the lowest betweenness?' (a ranking from the "
            "bottom needs every node scored, so only on graphs of moderate size).")


def _sense(use: dict | None) -> str:
    """`` (weighted by 1/km)`` / `` (unweighted)``: every figure says its weight sense."""
    if not use:
        return ""
    if not use.get("attribute"):
        return " (unweighted)"
    return f" (weighted by {'1/' if use.get('inverted') else ''}{use['attribute']})"


def _ranked(st: PlanState, rows: list[tuple[str, str]], what: str) -> str:
    """"Ranked 2nd by degree: **Bob** (5)" for a question naming a rank, else ""; ``rows``:
    (node, value) best first."""
    k = slots.ordinal(st.question)
    if not k:
        return ""
    if len(rows) < k:
        return f"Fewer than {k} nodes are ranked by {what}. "
    node, value = rows[k - 1]
    ties = [n for n, v in rows if v == value and n != node]
    tied = f", tied with {', '.join(ties[:4])}" if ties else ""
    return f"Ranked {k_th(k)} by {what}: **{node}** ({value}{tied}). "


def k_th(k: int) -> str:
    return {1: "1st", 2: "2nd", 3: "3rd"}.get(k, f"{k}th")


def _whole(d: NodeCentralityResult) -> bool:
    """Whether the ranking lists every node it ranks, exactly (its bottom is the bottom)."""
    ranked = d.ranked_nodes if d.ranked_nodes is not None else d.nodes
    return not d.approximate and len(d.top) >= ranked


def _bottom(d: NodeCentralityResult) -> str:
    """The nodes tied at the lowest score of a ranking that scored every node."""
    low = min(t.score for t in d.top)
    tied = [str(t.node) for t in d.top if t.score == low]
    more = ", …" if len(tied) > 10 else ""
    return (f"By **{d.measure}**{_sense(d.weight_used)}, the least central "
            f"{'node is' if len(tied) == 1 else 'nodes, tied, are'} "
            f"**{', '.join(tied[:10])}**{more} ({_fmt(low)}).")


def _place(d: NodeCentralityResult, r) -> str:
    """Where ``r`` stands in the ranking by its score: "4th", or "joint 3rd (with Joss and
    Pim)" where others share its score (a list order would pick one of them at random)."""
    def same(a: float, b: float) -> bool:
        return abs(a - b) <= 1e-9 * max(1.0, abs(a), abs(b))

    above = sum(1 for t in d.top if t.score > r.score and not same(t.score, r.score))
    tied = [str(t.node) for t in d.top if str(t.node) != str(r.node) and same(t.score, r.score)]
    cut = len(d.top) < d.scored_nodes and same(d.top[-1].score, r.score)
    if not tied and not cut:
        return k_th(above + 1)
    who = ", ".join(tied[:-1]) + (" and " if len(tied) > 1 else "") + tied[-1] if tied else ""
    return f"joint {k_th(above + 1)} (with {who}{' and others' if cut else ''})".replace(
        "(with  and others)", "(with others)")


def _scores(st: PlanState, d: NodeCentralityResult) -> str:
    from igraph_agent.model.graph_intents import found_reply

    ranked = [str(t.node) for t in d.top]
    said = []
    for r in d.requested:
        at = f", ranked {_place(d, r)} of {d.scored_nodes}" if str(r.node) in ranked else ""
        said.append(f"{r.node} has {d.measure}{_sense(d.weight_used)} **{_fmt(r.score)}**{at}")
    return found_reply(st, _scored_nodes(st)) + _versus(st, d) + "; ".join(said) + "."


def _versus(st: PlanState, d: NodeCentralityResult) -> str:
    """"**No**: Javert's betweenness (0.05433) is lower than Marius's (0.132). " for two
    named nodes set against each other on the measure; else ""."""
    from igraph_agent.model import head_to_head

    if len(d.requested) != 2 or not head_to_head.two_names(st.question):
        return ""
    a, b = d.requested
    return head_to_head.verdict(st.question, str(a.node), a.score, str(b.node), b.score,
                                d.measure, (_fmt(a.score), _fmt(b.score))) + " "


def _scope(d: NodeCentralityResult) -> str:
    """Which nodes a ranking kept and where its scores come from."""
    among = ", ".join(f"{k} = {v}" for k, v in (d.where or {}).items())
    if d.within == "group":
        return (f"Inside the group {among} ({d.ranked_nodes} nodes; scores computed on the "
                "subgraph its nodes induce):")
    if d.within == "largest_component":
        return (f"Inside the largest component ({d.scored_nodes} of {d.nodes} nodes; scores "
                "computed on it alone)" + (f", among the nodes with {among}:" if among else ":"))
    return f"Among the nodes with {among} ({d.ranked_nodes}; scores on the whole graph):"


def _centrality_render(st: PlanState, obs: list[Observed]) -> str:
    from igraph_agent.model.graph_intents import unresolved_names

    obs = [o for o in obs if o.tool == "node_centrality"]
    if not obs:
        return unresolved_names(st, _scored_nodes(st))
    typed = [o.typed(NodeCentralityResult) for o in obs]
    inside = [d for d in typed[1:] if d.within == "largest_component" and d.measure == "closeness"
              and typed[0].within != "largest_component"]
    typed = [d for d in typed if not any(d is i for i in inside)]
    if typed[0].requested:
        return " ".join(_scores(st, d) for d in typed)
    if slots.BOTTOM.search(st.question) and all(_whole(d) for d in typed):
        return " ".join(_bottom(d) for d in typed)
    parts = [_scope(typed[0])] if typed[0].where or typed[0].within else []
    if typed and slots.ordinal(st.question):
        parts.append(_ranked(st, [(str(t.node), _fmt(t.score)) for t in typed[0].top],
                             typed[0].measure).strip())
    for d in typed:
        top = topn.listed(st.question, [(str(t.node), _fmt(t.score)) for t in d.top])
        approx = f" (approximate, k={d.sample_k} samples)" if d.approximate else ""
        sense = _sense(d.weight_used)
        parts.append(f"By **{d.measure}**{approx}{sense}, the most central nodes are {top}.")
    tops = [set(t.node for t in d.top[:5]) for d in typed]
    if len(tops) > 1:
        both = sorted(set.intersection(*tops))
        if both:
            parts.append(f"Nodes near the top of every measure: {', '.join(both)}.")
    if inside and inside[0].top:
        d = inside[0]
        first = d.top[0]
        ties = [str(t.node) for t in d.top if t.score == first.score]
        parts.append(f"The graph is in several pieces, so closeness is scaled by how many nodes "
                     f"each one reaches and a node in a small piece can rank high. Inside the "
                     f"largest component ({d.scored_nodes} of {d.nodes} nodes) the closest "
                     f"{'is' if len(ties) == 1 else 'are'} **{' and '.join(ties)}** "
                     f"({_fmt(first.score)}).")
    used = (typed[0].weight_used or {}).get("attribute")
    note = length_note(st.question, st.meaning(), used) if used else ""
    return " ".join(parts) + note


INTENTS: list[Intent] = [
    Intent("centrality", t(1.0, r"central", r"important", r"influen", r"pagerank", r"page rank",
                           r"betwe+n+e*ss", r"closeness", r"eigenvector", r"key (node|player)",
                           r"broker", r"gate-?keeper", r"shortest (?:paths|routes)\b",
                           r"sits? between the most",
                           _ON_ROUTES,
                           _CLOSEST_TO_ALL, r"fewest steps", r"random walk", r"random (?:surfer|browser|clicker|walker)",
                           r"best-tied", r"neighbours are themselves the most", r"prominent",
                           _SPREAD) + t(3.0, _BRIDGES_PAIRS),
           _centrality_calls, _centrality_render, "node centrality (networkx / python-igraph)",
           negatives=[re.compile(r"between (?:the |different )?communities|connect\w* "
                                 r"(?:\w+ ){0,3}communit|connected to (?:all|every)",
                                 re.IGNORECASE)],
           hint="the most central nodes (PageRank, betweenness, closeness, eigenvector)",
           clarify=_centrality_clarify, **declared("centrality")),
    Intent("degree", t(1.0, r"degrees?\b(?! of)", r"most connected", r"hubs?\b",
                       r"neighbou?rs? count", r"most (?:connections|ties|links|contacts|"
                       r"colleagues)", r"best[- ]connected", r"knows? the most",
                       # "who has the most distinct opponents": how many others, not a total
                       r"\bthe most (?:different|distinct|unique) [a-z]+s\b",
                       r"in-?degree|out-?degree|incoming|outgoing|pointed to|arrows",
                       r"average degree|(?:mean|average) (?:number of )?(?:connections|ties|degree|neighbou?rs)",
                       r"on average.{0,30}(?:ties|connections|neighbours|friends|colleagues|"
                       r"contacts|partners)",
                       r"number of neighbours per",
                       r"(?:ties|connections|links|neighbou?rs|contacts|friends) (?:does|do) "
                       r"(?:the |an |a )?(?:average|typical)", r"\baverage \w+ (?:have|has)\b",
                       r"\b(?:average|mean) number of \w+(?: \w+)? per\b",
                       # "the typical number of pipes at a junction"
                       r"\b(?:typical|usual) number of \w+(?: \w+)? (?:per|at|on|for) (?:a|an|each|one)\b",
                       r"\bon average,? how many (?:[\w-]+ ){1,2}(?:does|do) (?:each|every|a|an|the) "
                       r"(?:typical )?\w+ \w+",
                       # "how many connections does a junction (typically) have on average"
                       r"\bhow many (?:[\w-]+ ){1,2}(?:does|do) (?:each|every|a|an|the) (?:typical )?"
                       r"\w+ (?:typically |usually |normally )?(?:have|has|get)\b.{0,20}\bon average\b",
                       # "who has coauthored with the most people", "top 3 people by number of
                       # colleagues"
                       r"^\s*(?:who|which \w+)\s+(?:has\s+|have\s+)?\w+\s+with the most\s+(?:people|"
                       r"others|persons|users|members)\b",
                       r"\b(?:top|first)\s+\d+\s+\w+\s+by\s+(?:(?:the\s+)?number of|how many)\s+\w+",
                       # the largest degree as a number: "the highest number of coauthors anyone has"
                       r"\b(?:highest|largest|biggest|maximum|max|most)\s+number of \w+\s+(?:that\s+)?"
                       r"(?:anyone|anybody|any \w+|a single \w+|one \w+)\s+(?:has|have|had)\b",
                       r"most popular|(?:largest|biggest|widest) (?:circle|network) of",
                       r"most (?:friends|partners|acquaintances|relationships|neighbou?rs|allies)",
                       # "bought together with the most other items": distinct neighbours
                       r"\bwith the most (?:other|different|distinct) \w+",
                       # "bought together with the widest range of different products"
                       r"\b(?:widest|broadest|largest|biggest)\s+(?:range|variety|mix|spread)\s+of\s+"
                       r"(?:different\s+|distinct\s+|other\s+)?\w+"),
           _degree_calls, _degree_render, "degree analysis",
           negatives=[re.compile(r"degree centrality|degree assortativ|degrees? correlat|"
                                 r"hubs .*link to hubs|\btend to (?:connect|link|attach)|"
                                 r"\b(?:lowest|smallest|minimum|minimal)\s+"
                                 r"(?:in-?|out-?)?degree\b|\bmedian (?:node )?degree\b",
                                 re.IGNORECASE),
                      # "the most flights you'd ever need between two airports": the diameter
                      re.compile(slots.DIAMETER_WORDS, re.IGNORECASE)],
           group="ranking", hint="the best-connected nodes (degree)", clarify=_degree_clarify,
           **declared("degree")),
    Intent("degree_top_check", t(1.0, _TOP_CHECK.pattern), _top_check_calls, _top_check_render,
           "whether one named node has the highest degree (degree analysis)", group="ranking",
           bonus=lambda st: 4.0 if _TOP_CHECK.match(st.question) else -10.0,
           hint="whether a node you name is the best-connected", **declared("degree_top_check")),
]

# -- the analysis tool families: search, communities, paths, local, subgraph, statistics --
from igraph_agent.model.graph_intents import ANALYSIS_INTENTS, SUMMED  # noqa: E402
from igraph_agent.model.lexicon import declare  # noqa: E402
from igraph_agent.model.query_intents import QUERY_INTENTS  # noqa: E402

INTENTS += [declare(*row) for row in ANALYSIS_INTENTS]
INTENTS += [declare(*row) for row in QUERY_INTENTS]

from igraph_agent.model.edge_intents import EDGE_INTENTS, both_ways  # noqa: E402

INTENTS += [declare(*row) for row in EDGE_INTENTS]

from igraph_agent.model.directed_intents import DIRECTED_INTENTS  # noqa: E402

INTENTS += [declare(*row) for row in DIRECTED_INTENTS]

from igraph_agent.model.flow_intents import FLOW_INTENTS  # noqa: E402

INTENTS += [declare(*row) for row in FLOW_INTENTS]

from igraph_agent.model.group_intents import GROUP_INTENTS  # noqa: E402

INTENTS += [declare(*row) for row in GROUP_INTENTS]

from igraph_agent.model.attribute_intents import ATTRIBUTE_INTENTS  # noqa: E402

INTENTS += ATTRIBUTE_INTENTS

from igraph_agent.model.component_intents import COMPONENT_INTENTS  # noqa: E402

INTENTS += COMPONENT_INTENTS

from igraph_agent.model.structure_intents import SHAPE_INTENTS  # noqa: E402

INTENTS += SHAPE_INTENTS

from igraph_agent.model.distance_intents import DISTANCE_INTENTS  # noqa: E402

INTENTS += DISTANCE_INTENTS

from igraph_agent.model.whatif_intents import WHATIF_INTENTS  # noqa: E402

INTENTS += WHATIF_INTENTS

from igraph_agent.model.whatif_totals import WHATIF_TOTAL  # noqa: E402

INTENTS.append(WHATIF_TOTAL)

from igraph_agent.model.pair_intents import PAIR_INTENTS  # noqa: E402

INTENTS += PAIR_INTENTS

from igraph_agent.model.neighbour_filter_intents import NEIGHBOUR_FILTER_INTENTS  # noqa: E402

INTENTS += NEIGHBOUR_FILTER_INTENTS

from igraph_agent.model.neighbour_value_intents import NEIGHBOUR_VALUE_INTENTS  # noqa: E402

INTENTS += NEIGHBOUR_VALUE_INTENTS

from igraph_agent.model.threshold_rank_intents import THRESHOLD_RANK_INTENTS  # noqa: E402

INTENTS += THRESHOLD_RANK_INTENTS

from igraph_agent.model.core_intents import CORE_INTENTS  # noqa: E402

INTENTS += CORE_INTENTS

from igraph_agent.model.degree_shape_intents import DEGREE_SHAPE_INTENTS  # noqa: E402

INTENTS += DEGREE_SHAPE_INTENTS

from igraph_agent.model.cycle_shape_intents import CYCLE_SHAPE_INTENTS  # noqa: E402

INTENTS += CYCLE_SHAPE_INTENTS

from igraph_agent.model.onward_intents import ONWARD_INTENTS  # noqa: E402

INTENTS += ONWARD_INTENTS

from igraph_agent.model.group_density_intents import GROUP_DENSITY_INTENTS  # noqa: E402

INTENTS += GROUP_DENSITY_INTENTS

from igraph_agent.model.hierarchy_intents import HIERARCHY_INTENTS  # noqa: E402

INTENTS += HIERARCHY_INTENTS

from igraph_agent.model.group_rank_intents import GROUP_RANK_INTENTS  # noqa: E402

INTENTS += GROUP_RANK_INTENTS

from igraph_agent.model.count_intents import COUNT_INTENTS  # noqa: E402

INTENTS += COUNT_INTENTS

from igraph_agent.model.partition_intents import PARTITION_INTENTS  # noqa: E402

INTENTS += PARTITION_INTENTS

from igraph_agent.model.node_value_intents import NODE_VALUE_INTENTS  # noqa: E402

INTENTS += NODE_VALUE_INTENTS

from igraph_agent.model.mutual_intents import MUTUAL_INTENTS  # noqa: E402

INTENTS += MUTUAL_INTENTS

from igraph_agent.model.group_partner_intents import GROUP_PARTNER_INTENTS  # noqa: E402

INTENTS += GROUP_PARTNER_INTENTS

from igraph_agent.model.cross_group_intents import CROSS_GROUP_INTENTS  # noqa: E402

INTENTS += CROSS_GROUP_INTENTS

from igraph_agent.model.projection_intents import PROJECTION_INTENTS  # noqa: E402

INTENTS += PROJECTION_INTENTS

from igraph_agent.model.value_partner_intents import VALUE_PARTNER_INTENTS  # noqa: E402

INTENTS += VALUE_PARTNER_INTENTS

from igraph_agent.model.every_group_intents import EVERY_GROUP_INTENTS  # noqa: E402

INTENTS += EVERY_GROUP_INTENTS

from igraph_agent.model.group_linked_intents import GROUP_LINKED_INTENTS  # noqa: E402

INTENTS += GROUP_LINKED_INTENTS


# -- clearing and optimizing the graph (approval-gated; runtime/approvals.py) -------------
_WEIGHT_FLOOR = re.compile(r"(?:under|below|less than|lighter than)\s+(?:a\s+)?(?:weight\s+(?:of\s+)?)?"
                           r"(\d+(?:\.\d+)?)", re.IGNORECASE)


def _clear_calls(st: PlanState) -> list[Call]:
    return [Call("clear_graph", {})]


def _clear_render(st: PlanState, obs: list[Observed]) -> str:
    d = obs[0].typed(ClearGraphResult)
    what = (f"{d.dataset_id} (revision {d.revision})" if d.was_loaded
            else "nothing was loaded")
    return (f"The session graph was cleared ({what}). The stored dataset and its revisions are "
            "kept; load_constructed_graph loads it again.")


def _optimize_options(st: PlanState) -> dict:
    info = st.last_ok("get_graph_info")
    attrs = (info.typed(GetGraphInfoResult).node_attributes or []) if info else []
    opts: dict = {"drop_self_loops": True, "drop_isolates": True}
    if "label" in attrs:
        opts["merge_duplicates_by"] = "label"
    floor = _WEIGHT_FLOOR.search(st.question)
    if floor:
        opts["min_edge_weight"] = float(floor.group(1))
    return opts


def _optimize_calls(st: PlanState) -> list[Call]:
    preview = st.last("preview_graph_optimization")
    if preview is None:
        return [Call("preview_graph_optimization", _optimize_options(st))]
    if not preview.ok:
        return []
    plan = preview.typed(PreviewGraphOptimizationResult)
    if not plan.operations:
        return []
    return [Call("commit_graph_optimization", plan.commit_args.model_dump())]


def _optimize_render(st: PlanState, obs: list[Observed]) -> str:
    preview = st.last_ok("preview_graph_optimization")
    if preview is None:
        return "The optimization could not be previewed."
    p = preview.typed(PreviewGraphOptimizationResult)
    counts = ", ".join(f"{v} × {k.replace('_', ' ')}" for k, v in p.operation_counts.items())
    text = (f"Optimization plan {p.plan_id} for {p.dataset_id} (revision "
            f"{p.base_revision}): {counts or 'no changes needed'}; "
            f"{p.before.nodes} → {p.after.nodes} nodes, "
            f"{p.before.edges} → {p.after.edges} edges.")
    if p.already_done is not None and p.already_done.words():
        text += (" Already done when the graph was built, not part of this plan: "
                 f"{p.already_done.words()}.")
    commit = st.last_ok("commit_graph_optimization")
    if commit is None:
        return text + " Nothing was committed."
    info = st.last_ok("get_graph_info")
    verified = ""
    if info is not None and st.index(info) > st.index(commit):
        now = info.typed(GetGraphInfoResult)
        verified = (f" get_graph_info confirms revision {now.revision} is loaded: "
                    f"{now.nodes} nodes, {now.edges} edges.")
    done = commit.typed(CommitGraphOptimizationResult)
    if done.plan_id != p.plan_id:  # the person modified the options at approval
        counts = ", ".join(f"{v} × {k.replace('_', ' ')}"
                           for k, v in done.operation_counts.items())
        text = (f"Optimization plan {done.plan_id} for {done.dataset_id} (revision "
                f"{done.base_revision}, with the options modified at approval): "
                f"{counts or 'no changes'}; {p.before.nodes} → {done.nodes} nodes, "
                f"{p.before.edges} → {done.edges} edges.")
    return text + f" Committed as revision {done.revision} and loaded." + verified


INTENTS += [
    declare("clear", _rx(r"\bclear (the |this |my )?(session )?graph", r"\bunload (the )?graph"),
            _clear_calls, _clear_render, "clear the session graph (approval required)"),
    declare("optimize", _rx(r"\boptimi[sz]e (the |this |my )?graph",
                            r"\bclean (up )?(the |this |my )?graph", r"merge duplicate",
                            r"\bdeduplicate"),
            _optimize_calls, _optimize_render,
            "graph optimization: preview, then commit after approval"),
]

OVERVIEW = declare("overview", _rx(r"describe", r"overview", r"how (big|large|many)", r"summar",
                                   r"what (graph|data)", r"size", r"nodes and edges", r"loaded"),
                   lambda st: [], _overview_render, "graph state check (get_graph_info)")

# -- structure measures (model/structure_intents.py) --------------------------------------
from igraph_agent.model import structure_intents as _s  # noqa: E402

INTENTS += [
    declare("bipartite", None, _s.bipartite_calls, _s.bipartite_render, "bipartite check"),
    declare("triangles", None, _s.triangle_calls, _s.triangle_render, "triangle count"),
    declare("cycles", None, _s.cycles_calls, _s.cycles_render,
            "cycles of an undirected graph (edges against nodes and components)"),
    declare("figure", None, _s.figure_calls, _s.figure_render, "summary statistics (one figure)"),
    declare("count_where", None, _s.count_where_calls, _s.count_where_render,
            "nodes by attribute value (subgraph_extraction preview)"),
]


# -- what the data means: groups, direction, two modes (model/semantic_intents.py) --------
from igraph_agent.model.semantic_intents import (  # noqa: E402
    SEMANTIC_INTENTS,
    attribute_mixing,
    one_group_to_others,
)

INTENTS += SEMANTIC_INTENTS


_TAKES_A_NODE = {"path", "local", "hop_count", "what_if", "subgraph", "compare", "triangles"}
#: node rankings: a second step about their top node is no ranking ("find the species with
#: the most predators and then tell me what it eats")
_RANKINGS = {"centrality", "degree", "in_degree", "out_degree", "edge_totals", "attribute_rank",
             "side_rank", "flow_rank"}
RANKINGS = frozenset(_RANKINGS)
#: the top of a ranking as the object of the question's verb: "which papers cite the most-cited
#: paper", "who follows the most followed account" (those nodes, not the ranking)
_RANKED_OBJECT = re.compile(r"^\s*(?:which|who|what)\b(?:\s+\w+)?\s+(?!(?:is|are|was|were|has|"
                            r"have|had)\b)\w+\s+the\s+(?:most|least)[- ]\w+(?:ed|en)\s+\w+|"
                            # "who does the busiest caller ring", "what does the best-connected
                            # hub link to": the top node is the subject of another verb
                            r"^\s*(?:so\s+|and\s+)?(?:who|whom|what|which\s+\w+)\s+(?:does|do|did|"
                            r"will|would|can)\s+the\s+(?:single\s+)?(?:busiest|best[- ]connected|"
                            r"most[- ](?:\w+(?:ed|en)|central|active|popular|important|influential|"
                            r"prolific)|biggest|largest|top|highest[- ]\w+|leading|strongest|"
                            r"heaviest)\s+\w+\s+(?!have\b|has\b|get\b|score\b|rank\b)\w+",
                            re.IGNORECASE)


def _ranked_object(asked: str, st: PlanState | None) -> bool:
    """Whether the question ranks the object of another verb ("which bird eats the most
    hunted fish"), unless that object is an edge column's own noun: "which clinic receives
    the most referred patients" on a ``patients`` column is the patients added up."""
    m = _RANKED_OBJECT.search(asked)
    if m is None:
        return False
    last = m.group(0).split()[-1].lower()
    columns = {str(c).lower() for c in ((st.meaning().get("weights") or {}) if st else {})}
    return not any(last == c or last.rstrip("s") == c.rstrip("s") for c in columns)


#: a second step about the top node: "find the person with the highest betweenness and count
#: their colleagues"
_THEN_ABOUT_IT = re.compile(r"\b(?:and|then)\s+(?:\w+\s+){0,3}(?:count|list|tell|give|show|find|"
                            r"say|compute|get|name)\b.*\b(?:their|its|it|his|her|them|they)\b",
                            re.IGNORECASE)


#: a ranking of a set an earlier clause names: "who backed Dara, and which of them has the
#: highest pagerank" (the set is one node's partners; a ranking of them is neighbour_rank's)
_OF_THEM = re.compile(r"(?:[,;:?.]\s*(?:and\s+|then\s+)?|\s(?:and|then)\s+)(?:which|who|whom)\s+(?:one\s+)?(?:of|among(?:st)?)\s+(?:them|those|these)"
                      r"(?=\s*[,?.!]|\s*$|\s+(?:has|have|had|is|are|was|were|does|do|did|gets?|got|"
                      r"ranks?|scores?|comes?|would|will|can|sits?|lies?)\b)|[,;]\s*(?:and\s+)?among(?:st)?\s+(?:them|those|these)\s*,",
                      re.IGNORECASE)
_TAKES_A_SET = frozenset({"neighbour_rank", "neighbour_filter"})


#: a ranking's measure said as a column added up: "counting all their joint papers",
#: "adding up the hours", "by total tonnes"
_COUNTING_A_COLUMN = re.compile(r"\b(?:counting|adding\s+up|summing(?:\s+up)?|totall?ing|"
                                r"tallying|by\s+(?:the\s+)?total)\s+(?:(?:all|up)\s+)?(?:of\s+)?"
                                r"(?:the|their|his|her|its)\s+[a-z_]+", re.IGNORECASE)


def match(question: str, st: PlanState | None = None) -> list[Intent]:
    """The intents ``question`` asks for (scored; see model/registry.py). "The most
    central node" that another intent takes as its node is that intent's input (resolved
    by PageRank), not a question about centrality. A node named like an analysis ("Hub",
    "Bridge") is matched as a name (``slots.as_names``)."""
    found = select([*INTENTS, OVERVIEW], slots.as_names(question), st)
    names = {i.name for i in found}
    if "centrality" in names and names & _TAKES_A_NODE and slots.CENTRAL in (
            slots.pair(question) or [slots.node(question), slots.removal(question)]):
        found = [i for i in found if i.name != "centrality"]
    if "degree" in names and names & _TAKES_A_NODE and slots.HUB in (
            slots.pair(question) or [slots.node(question), slots.removal(question)]):
        found = [i for i in found if i.name != "degree"]  # "the best-connected" is the input
    if (slots.INPUT_REFERENT.search(question) or _THEN_ABOUT_IT.search(question)
            or _ranked_object(str((st.context if st else {}).get("asked") or question), st)) \
            and names and names <= _RANKINGS:
        found = []  # "the clustering of the person with the highest betweenness": the ranking
        #             is the input of an ask no intent read; ranking alone answers another
    if _OF_THEM.search(question) and not names & _TAKES_A_SET:
        found = []  # "which of them": the set an earlier clause names, which no intent took
    if "attribute_rank" in names or (names & _NOT_THE_ATTRIBUTE and st is not None
                                      and _names_an_attribute(question, st)):
        # a node attribute is the measure, not degree or centrality ("the most population per
        # road" is neither: asked)
        found = [i for i in found if i.name not in _NOT_THE_ATTRIBUTE]
    if "degree_top_check" in names:  # "is MAN the most connected airport": that node's yes/no
        found = [i for i in found if i.name != "degree"]
        names -= {"degree"}
    if {"degree", "local"} <= names and _ONE_NODES_DEGREE.search(question):
        found = [i for i in found if i.name != "degree"]  # "Uma's degree": hers, no ranking
    if "cross_group_rank" in names:  # "the most contacts outside their own team": no pairs
        found = [i for i in found if i.name == "cross_group_rank" or i.phase > 0]
    if {"group_mix", "mutual_pairs"} <= names and st is not None and asks_for_a_group(question, st):
        found = [i for i in found if i.name != "mutual_pairs"]  # "which two departments send
        names -= {"mutual_pairs"}  # each other the most": the groups' pair, not two nodes
    if {"edge_extreme", "mutual_pairs"} <= names and st is not None and both_ways(st):
        found = [i for i in found if i.name != "mutual_pairs"]  # "which two people send each
        names -= {"mutual_pairs"}  # other the most messages": the pair's total, both ways
    if {"centrality", "edge_totals"} <= names and re.search(
            r"\bclosest\s+(?:on\s+average\s+)?to\s+(?:all|every|each|everyone|everybody|the\s+others?)\b",
            question,
            re.IGNORECASE):  # "closest to all the others on average, in minutes": closeness
        found = [i for i in found if i.name != "edge_totals"]  # by that column, no total
        names -= {"edge_totals"}
    if {"figure", "edge_totals"} <= names and re.search(r"\bshortest path", question, re.IGNORECASE):
        # "the average shortest route in minutes": the path length, not the mean edge value
        found = [i for i in found if i.name != "edge_totals"]
        names -= {"edge_totals"}
    if {"clique", "triangles"} <= names and re.search(r"\b(?:three|3)\b", question):
        found = [i for i in found if i.name != "clique"]  # "sets of three … all directly
        names -= {"clique"}  #                               connected": the triangles
    if {"clique", "component_members"} <= names:  # "is everyone hooked up to everyone else
        found = [i for i in found if i.name != "clique"]  # somehow, or is some number cut off":
        names -= {"clique"}  #                               the pieces, not a clique
    if "communities" in names and st is not None and _THE_TWO.search(question) and any(
            len(vs) == 2 for vs in groupings(st.meaning()).values()):
        # "how many friendships go across the two factions" where a node attribute holds two
        # groups: those groups, never the communities a method finds
        found = [i for i in found if i.name != "communities"]
        names -= {"communities"}
    if names & _WHOLE:  # one question, whole: nothing beside it
        found = [i for i in found if i.name in _WHOLE or i.phase > 0]
    if names & {"centrality", "degree", "figure"} and slots.SCOPE.search(question):  # the part: input
        found = [i for i in found if i.name != "connectivity"]
    if names & {"whatif_route", "whatif_reach", "whatif_stranded"}:  # the removal's chain is theirs
        found = [i for i in found if i.name not in _WHATIF_TAKES]
    if "what_if" in names and re.search(r"\bstrongly[- ]connected\b", question, re.IGNORECASE):
        # "how many strongly connected groups if Vex leaves": the parts after the removal
        found = [i for i in found if i.name not in {"bridges", "directed_structure",
                                                      "communities"}]
    if "whatif_total" in names:  # the total on the graph without it, not as it is
        found = [i for i in found if i.name not in _WHATIF_TAKES | {"edge_totals", "node_partner"}]
    if "whatif_central" in names:  # the ranking after the removal, not on the graph as it is
        found = [i for i in found if i.name not in _WHATIF_TAKES | {"centrality", "degree"}]
    if "whatif_stranded" in names:  # "left with no project": after the removal, not now
        found = [i for i in found if i.name not in _STRANDED_TAKES]
    if "side_rank" in names and names & {"threshold_count", "least_degree"}:
        found = [i for i in found if i.name != "side_rank"]  # the side is their input
    if {"side_rank", "edge_totals"} <= names and st is not None and _sums_a_value(question, st):
        # "which club has the most membership years": the years summed, not the members
        found = [i for i in found if i.name != "side_rank"]
    if {"degree", "edge_totals"} <= names and st is not None and _COUNTING_A_COLUMN.search(
            str(st.context.get("asked") or question)):  # "the most prolific collaborator,
        # counting all their joint papers": the column added up, never the partners counted
        found = [i for i in found if i.name != "degree"]
        names -= {"degree"}
    if names & {"edge_threshold", "edge_extreme"}:  # single edges asked: no node totals beside
        found = [i for i in found if i.name != "edge_totals"]
    if names & {"group_side", "node_partner", "group_flow"}:  # per group, or one node's
        # strongest edge
        found = [i for i in found if i.name != "edge_totals"]
    if {"group_rank", "mutual_pairs"} <= names and st is not None:
        from igraph_agent.model.group_rank_intents import within_one_group

        if within_one_group(st):  # "the midfielders ... to each other": within the group
            found = [i for i in found if i.name != "mutual_pairs"]
    if "group_mix" in names and st is not None and asks_for_a_group(question, st):
        # "which parish sends the most frames out to other parishes": parishes, no node
        found = [i for i in found if i.name not in _NODE_RANKINGS | {"flow_rank"}]
    if "group_size" in names and st is not None and asks_for_a_group(question, st):
        # "which county has the most events": the counties ranked, never the events
        found = [i for i in found if i.name not in _NODE_RANKINGS | {"side_rank", "least_degree"}]
    if "group_side" in names:  # "which street's residents give the most hours": each group's
        #                        total, no node's group and no single edge
        found = [i for i in found if i.name not in {"node_group", "edge_extreme"}]
        if st is not None and asks_for_a_group(question, st):  # "which department sends the
            #                               most mail": the departments ranked, never a node
            found = [i for i in found if i.name not in _NODE_RANKINGS | {"flow_rank"}]
    if "path" in names and slots.pair(question) and SUMMED.search(question):  # "the route's
        #                                            total weight": the route's length
        found = [i for i in found if i.name != "edge_totals"]  # not one end's edges
    if "triangles" in names and re.search(r"\b(?:each other|one another)\b", question) and \
            not re.search(r"\bcomponents?\b|\bpieces?\b|\bone piece\b", question, re.IGNORECASE):
        # "(three points all joined to each other)": the triangle said again, no components
        found = [i for i in found if i.name != "connectivity"]
    if "self_loops" in names:  # "sampled their own track": a tie to itself, not one back
        found = [i for i in found if i.name != "mutual_pairs"]
    if "chain_to_top" in names:  # everyone above one person: the chain, not the whole graph's
        found = [i for i in found if i.name != "directed_structure"]  # reach and depth
    if {"reach_set", "what_if"} <= names and st is not None and _breaks(st):
        found = [i for i in found if i.name != "what_if"]  # what needs it, not the components
    if "group_linked" in names:  # "which legal members have no link to another legal
        #  person": one group's nodes by their partners, never the groups' mix nor degrees
        found = [i for i in found if i.name not in {"group_mix", "threshold_count",
                                                    "degree_exact", "count_where"}]
        names -= {"group_mix", "threshold_count", "degree_exact", "count_where"}
    if "group_mix" in names and st is not None and asks_for_a_group(question, st):
        found = [i for i in found if i.name not in _NODE_RANKINGS | {"edge_extreme"}]
        #  "which sector", "which two departments ship the most between them": no node, no edge
    elif "group_mix" in names and re.search(r"\bwho(?:m|se)?\b(?!\s+(?:two\s+|both\s+)?ends\b)"
                                            r"(?!\s+\w+s (?:differ|are (?:different|"
                                            r"not the same)))|\bwhich\s+one\b|"
                                            # "list the issues outside build that …": nodes
                                            r"\b(?:list|name)\s+(?:all\s+)?(?:the\s+)?[a-z]+s\b", question,
                                            re.IGNORECASE) and \
            not re.search(r"\b(?:people|persons|ones|those|members|residents|users|staff|"
                          r"employees|[a-z]+ers)\s+who\s+(?:live|work|are|sit|belong)\b", question,
                          re.IGNORECASE):  # "calls between people who live on different
        #                                    streets": a relative clause, no person asked
        found = [i for i in found if i.name != "group_mix"]  # "who has the most ties to other
        names -= {"group_mix"}  #             sales people": a person asked, not the groups
    if "bipartite" in names and re.search(r"\b(?:one|either)\s+\w+\s+(?:to|and|with)\s+the\s+other\b",
                                          question, re.IGNORECASE):
        found = [i for i in found if i.name != "communities"]  # "two camps, every marriage
        #                                  linking one camp to the other": a two-colouring
    if "group_mix" in names and _ONES_PARTNERS.search(question):
        found = [i for i in found if i.name != "group_mix"]  # "how many of the best-connected
        #      employee's colleagues are in the same team": one node's, never the whole mix
    if {"group_mix", "node_group"} <= names and not slots.named(question):
        found = [i for i in found if i.name != "node_group"]  # "what share of ties are
        #                                      within a faction": no node's group is asked
    if "group_mix" in names and st is not None and one_group_to_others(question, st):
        found = [i for i in found if i.name == "group_mix" or i.phase > 0]  # Tern: a group
    if {"group_mix", "figure"} <= names and st is not None and attribute_mixing(question, st):
        found = [i for i in found if i.name != "figure"]  # "assortative by faction": not degree
    if "projection" in names and st is not None and asks_for_a_group(question, st):
        # "which 2 cuisines overlap most in ingredients": two groups, never two nodes
        found = [i for i in found if i.name != "projection"]
    if names & {"threshold_count", "degree_exact"} and st is not None and \
            _OWN_GROUP.search(question) and any(re.search(rf"\b{re.escape(a)}", question,
                                                          re.IGNORECASE)
                                                for a in groupings(st.meaning())):
        # "how many employees have zero ties to anyone in their own team": partners in one
        # group, never all of a node's ties
        found = [i for i in found if i.name not in {"threshold_count", "degree_exact"}]
    if "threshold_count" in names and st is not None and asks_for_a_group(question, st):
        # "which countries have more than 2 ports": groups past a size, never nodes' degrees
        found = [i for i in found if i.name != "threshold_count"]
    if st is not None and found and all(i.name in _NODE_RANKINGS | {"side_rank"} or i.phase > 0
                                        for i in found) and asks_for_a_group(question, st, True):
        # "which home branch has the most members": a group asked, no node's ranking answers
        found = [i for i in found if i.phase > 0]
    if st is not None and found and _group_then_verb(question, st):
        # "which flight saw the most different boaters": a flight asked; a ranking of one
        # side's nodes that reads groups as a filter answers another question
        found = [i for i in found if not (i.name in _NODE_RANKINGS | {"side_rank"}
                                          and "group" in i.covers)]
    if "overview" in names and _VAGUE_INSIGHT.search(question):
        # "lesmis is loaded... anything interesting in there?": no analysis asked; the
        # description of the graph answers none (the planner asks, naming what it can run)
        found = [i for i in found if i.name != "overview"]
    if "overview" in names and st is not None and _counts_a_foreign_thing(question, st):
        # "how many foxes live around our cameras", "how many calories": things the graph
        # holds no count of, never its size
        found = [i for i in found if i.name != "overview"]
    if "overview" in names and st is not None and st.context.get("found_names"):
        # "Greyrigg Station is where people bail. From how many stops can you ride to it?":
        # a node named, never the graph's size
        found = [i for i in found if i.name != "overview"]
    if "overview" in names and _ABOUT_ONE.search(question):
        # "… From how many stops is there some way to ride to it?": one node's reach, asked
        # of a node the sentence before names, never the graph's size
        found = [i for i in found if i.name != "overview"]
    if "overview" in names and _RANKS_NODES.search(question):
        # "rank the stations by how many engines they've got": something per node ranked,
        # never the graph's size
        found = [i for i in found if i.name != "overview"]
    if "overview" in names and st is not None and _names_a_group(question, st):
        # "how many ties connect people on different teams": a count the groups decide, never
        # the graph's size
        found = [i for i in found if i.name != "overview"]
    return found


#: a question about one node or the ways between nodes: "ride to it", "from there", "reach"
_ABOUT_ONE = re.compile(r"\b(?:to|from|via|through|into|with)\s+(?:it|them|him|her|there)\b|"
                        r"\bway\s+to\b|\breach\w*", re.IGNORECASE)


#: nodes ranked or picked, which no description of the whole graph answers: "rank the
#: stations by …", "which depot has …", "top 3", "the most", "per station"
_RANKS_NODES = re.compile(r"\brank(?:s|ed|ing)?\b|^\W*(?:which|who)\b(?!\s+(?:graph|data|dataset|"
                          r"network|table|file)s?\b)|\btop\s+\d|\b(?:most|least|fewest|highest|"
                          r"lowest)\b|\b(?:per|each|every)\s+(?!kind\b|type\b|side\b)[a-z]+",
                          re.IGNORECASE)


#: a question about the data's attributes themselves, which the description answers
_ABOUT_ATTRIBUTES = re.compile(r"\b(?:attributes?|columns?|fields?|propert(?:y|ies)|variables?)\b",
                               re.IGNORECASE)


#: partners counted in one group only: "in their own team", "from the same department"
_OWN_GROUP = re.compile(r"\b(?:in|within|from|of|on|inside|outside)\s+(?:their|his|her|its)\s+own\b|"
                        r"\b(?:in|from|of|on)\s+the\s+same\b", re.IGNORECASE)


#: the thing a "how many" question counts: "how many foxes live …", "ok, how many distinct X"
_HOW_MANY_WHAT = re.compile(r"^\W*(?:[a-z]+[,:]\s+)?how many\s+(?:(?:different|distinct|unique|"
                            r"separate|individual|total|actual)\s+)?([a-z][a-z-]+)\b",
                            re.IGNORECASE)
#: what a graph's description counts, in any data's words
_GRAPH_THINGS = frozenset({
    "node", "vertex", "vertice", "edge", "link", "tie", "connection", "relationship", "entity",
    "entry", "row", "record", "item", "thing", "people", "ppl", "person", "member", "user",
    "individual", "pair", "friendship", "partnership", "collaboration", "participant", "element",
    "object", "point", "line", "arc", "relation", "interaction", "contact", "kind", "type",
    "mode", "side", "attribute", "column", "field", "propert", "property", "value", "of",
    # a tie in many data's words
    "road", "route", "flight", "leg", "lane", "path", "track", "segment", "cable", "pipe",
    "trail", "street", "bond", "channel", "deal", "trade", "transaction", "message", "email",
    "mail", "call", "transfer", "loan", "shipment", "delivery", "payment", "order", "visit",
    "trip", "journey", "hop", "step", "citation", "reference", "follow", "mention", "reply",
    "marriage", "match", "game", "meeting", "pass", "referral", "hyperlink", "dependency",
    "import", "booking", "sighting", "observation", "event"})


#: a head-count of living things, which no edge table holds
_LIVING = re.compile(r"\b(?:live|lives|living|inhabit\w*|roam\w*|dwell\w*|populations?|"
                     r"in the wild)\b", re.IGNORECASE)


def _counts_a_foreign_thing(question: str, st: PlanState) -> bool:
    """Whether a "how many" question counts a thing that is neither the graph's nodes or edges
    (in any of the data's words: its column nouns, sides, attributes and their values) nor a
    common word for them: "how many foxes live around our cameras" where fox is one species
    node, "how many calories" where the table holds grams."""
    m = _HOW_MANY_WHAT.search(question)
    info = st.last_ok("get_graph_info")
    if m is None or info is None:
        return False
    data = dict(info.data)
    word = m.group(1).lower()
    forms = {word, word[:-1] if word.endswith("s") else word,
             word[:-2] if word.endswith("es") else word,
             word[:-3] + "y" if word.endswith("ies") else word,
             {"women": "woman", "men": "man", "people": "person", "children": "child"}.get(word, word)}
    own = {w.lower() for w in (*NODE_NOUNS, *data_nouns(data), *own_words(data),
                               *(str(s) for s in ((data.get("meaning") or {}).get("modes") or {})
                                 .get("sides") or {}))}
    own |= {re.sub(r"s$", "", w) for w in own}
    own |= {p for w in own for p in re.split(r"[_\s-]+", w) if len(p) > 2}  # "sites" of site_id
    if forms & (own | _GRAPH_THINGS):
        return False
    # a domain's own word for its nodes is unknown here ("how many substations"): only a
    # node's own name counted ("how many foxes" where fox is one node) or a head-count of
    # living things ("how many … live around …") is foreign for sure
    names = {str(n.get(k, "")).lower() for n in data.get("sample_nodes") or []
             for k in ("id", "label")}
    return bool(forms & names) or bool(_LIVING.search(question))


#: the two groups of a grouping said as such: "the two factions", "both camps"
_THE_TWO = re.compile(r"\b(?:the\s+(?:two|2)|both)\s+(?!communit|clusters|modules|partitions)"
                      r"[a-z]+s\b", re.IGNORECASE)


def _names_a_group(question: str, st: PlanState) -> bool:
    """Whether the question names a grouping attribute ("teams") or one of its values
    ("legal"), other than to ask what the data holds."""
    if _ABOUT_ATTRIBUTES.search(question):
        return False
    # "the karate club network": the data set's name, not its grouping
    named = re.sub(r"\b[a-z_]+\s+(?:network|graph|data(?:set)?|table)\b", " ", question,
                   flags=re.IGNORECASE)
    words = {w.lower() for w in re.findall(r"[A-Za-z][\w.'-]*", named)}
    for attr, values in groupings(st.meaning()).items():
        a = attr.lower()
        if {a, f"{a}s", f"{a}es"} & words or (a.endswith("y") and f"{a[:-1]}ies" in words):
            return True
        if any(len(v) > 2 and not v.isdigit() and re.search(rf"(?<!\w){re.escape(v)}(?!\w)",
                                                            question, re.IGNORECASE)
               for v in values):
            return True
    return False


def _sums_a_value(question: str, st: PlanState) -> bool:
    """Whether the question names an edge value column to rank by ("the most years")."""
    from igraph_agent.model.vocabulary import graph_features

    last = st.last_ok("get_graph_info")
    return last is not None and "weight" in graph_features(question, last.data)


#: one named node's own degree: "what is Uma's degree?", "Uma's degree?"
_ONE_NODES_DEGREE = re.compile(r"^\s*(?:so\s+|and\s+)?(?:(?:what|how)(?:'s|\s+is|\s+big\s+is)\s+)?"
                               r"(?-i:[A-Z][\w.-]*|[a-z]+\d+)(?:'s|’s|')\s+degree\s*[?.!]*\s*$",
                               re.IGNORECASE)
#: rankings and thresholds on a graph measure: not the answer when a node attribute is asked
_NOT_THE_ATTRIBUTE = frozenset({"threshold_count", "degree", "least_degree", "centrality",
                                "in_degree", "out_degree"})
def _names_an_attribute(question: str, st: PlanState) -> bool:
    """Whether the question ranks or counts by a numeric node attribute by its own name."""
    from dataclasses import replace

    from igraph_agent.model.attribute_intents import asked_attribute, names_attribute

    asked = str(st.context.get("asked") or question)  # the user's words, before rewriting
    return any((names_attribute(replace(st, question=q)) or _AGE_ASKED.search(q)) and
               asked_attribute(replace(st, question=q)) is not None for q in (question, asked))


#: an age asked by its adjective ("the youngest person with …"): the age column, not degree
_AGE_ASKED = re.compile(r"\b(?:oldest|youngest|older|younger)\b", re.IGNORECASE)


#: intents that take the whole question when they match
_WHOLE = frozenset({"neighbour_rank", "neighbour_filter", "mutual_pairs", "chain_to_top", "farthest_from",
                    "within_distance", "nearest_by_value", "node_piece", "spanning_total",
                    "group_rank", "node_mutual", "group_partner", "neighbour_side_rank",
                    "value_partners", "group_linked", "threshold_rank", "k_core", "regular", "leaves", "degree_exact", "complete",
                    "cycle_total", "planar", "group_density", "self_loops", "cross_group_rank"})
#: intents a what-if chain ("if X left, how far from A to B") would otherwise half-answer
_STRANDED_TAKES = frozenset({"threshold_count", "side_members", "co_members", "projection",
                             "node_partner", "least_degree"})
_WHATIF_TAKES = frozenset({"what_if", "path", "hop_count", "reach_set", "connectivity",
                           "node_direction", "local"})
def _breaks(st: PlanState) -> bool:
    """"What breaks if zlib is removed" on a table whose column names what is needed."""
    from igraph_agent.model.flow_intents import reach_of

    found = reach_of(st)
    return bool(found and found[2] == "breaks")


#: intents whose answer is a node ranking: not the answer to "which <group attribute> …"
_NODE_RANKINGS = frozenset({"edge_totals", "in_degree", "out_degree", "degree", "centrality",
                            "least_degree"})


#: one node's partners by possessive: "the best-connected employee's colleagues", "Ana's ties"
_ONES_PARTNERS = re.compile(r"(?:'s|’s)\s+(?:[\w-]+\s+)?(?:neighbou?rs|colleagues|co-?workers|friends|"
                            r"contacts|partners|ties|connections|links|teammates|[a-z]+mates)\b",
                            re.IGNORECASE)


#: an insight asked with no analysis named: "anything interesting in there?", "what stands out"
_VAGUE_INSIGHT = re.compile(r"\banything\s+(?:interesting|notable|noteworthy|surprising|unusual|"
                            r"weird|odd|cool|useful)\b|\b(?:any|some)\s+(?:interesting\s+)?insights?\b|"
                            r"\bwhat\s+stands?\s+out\b|\btell\s+me\s+something\s+(?:interesting|"
                            r"cool|useful)\b|\binteresting\s+(?:things|findings|patterns|facts)\b",
                            re.IGNORECASE)


def asks_for_a_group(question: str, st: PlanState, described: bool = False) -> bool:
    """Whether the question asks which value of a grouping attribute ("which sector receives
    the most from the others", "what department sends …"); ``described``: only where a word
    stands between "which" and the grouping's name ("which home branch"), a form the
    question's features do not read as the grouping (they do "which department")."""
    groups = {a.lower() for a in groupings(st.meaning())}
    # "which sector", "which island group" (``island_group``)
    asked = re.search(r"\b(?:which|what)\s+(?:(?:two|2)\s+|pair\s+of\s+|couple\s+of\s+)?"
                      r"(?:(?:different|distinct|separate)\s+)?([a-z_]+?)s?"
                      r"(?:\s+([a-z]+?)s?)?\b", question, re.IGNORECASE)  # "which two teams"
    if not asked:
        return False
    one = asked.group(1).lower()
    one = one[:-2] + "y" if one.endswith("ie") and one[:-2] + "y" in groups else one  # faculties
    two = (asked.group(2) or "").lower()
    # "which home branch": a word before the grouping's own name
    modes = st.meaning().get("modes") or {}
    sided = modes.get("attribute") if modes.get("by") == "attribute" else None
    values = {str(v).lower() for a, vs in groupings(st.meaning()).items() if a != sided
              for v in vs}  # ("which lock flight": the locks' flight, lock a side)
    after = question[asked.end():].lstrip().split(" ", 1)[0].lower()
    # "which home branch has …", never "which legal team member has …" (a value, then the
    # grouping's noun as a node's: a member asked)
    possessive = question[asked.end():asked.end() + 2] in ("'s", "’s")  # "which library
    # branch's events": the branch, by its events
    before = bool(two) and two in groups and one not in groups and one not in _NOT_BEFORE_A_GROUP \
        and one not in values and (possessive or after in ("has", "have", "had", "is", "was", "gets", "got",
                                             "sends", "receives", "holds", "owns", "", "puts",
                                             "put", "logs", "logged", "does", "did", "gives",
                                             "gave", "spends", "spent", "brings", "saw", "sees"))
    if described:
        return before
    return one in groups or before or (bool(two) and f"{one}_{two}" in groups)


def _group_then_verb(question: str, st: PlanState) -> bool:
    """Whether "which <grouping> <verb>" asks for a value of a grouping attribute ("which flight
    saw the most boaters"): a group, never the nodes an intent that covers groups ranks."""
    groups = {a.lower() for a in groupings(st.meaning())}
    m = re.search(r"\b(?:which|what)\s+([a-z_]+?)s?\s+([a-z]+?)s?\b", question, re.IGNORECASE)
    return bool(m) and m.group(1).lower() in groups and m.group(2).lower() in _VERB_AFTER


#: the word after "which <grouping>" that makes the grouping the thing asked (a verb, not a
#: noun such as "member"): as the pattern leaves it, a trailing "s" dropped ("has" -> "ha")
_VERB_AFTER = frozenset({"ha", "have", "had", "saw", "see", "got", "get", "i", "wa", "are", "were",
                         "did", "doe", "do", "sent", "send", "receive", "received", "took",
                         "take", "make", "made", "hold", "held", "keep", "kept", "attract",
                         "attracted", "drew", "draw", "pulled", "pull", "logged", "log"})


#: words after "which" before a grouping's name that make it no group asked ("which one team")
_NOT_BEFORE_A_GROUP = frozenset({"one", "of", "is", "are", "was", "were", "has", "have", "do",
                                 "does", "did", "can", "will", "would", "the", "a", "an"})


# -- drawing (model/viz_intent.py) ------------------------------------------------------
from igraph_agent.model.viz_intent import PATTERN as _VIZ  # noqa: E402
from igraph_agent.model.viz_intent import viz_calls, viz_render  # noqa: E402

INTENTS.append(declare("visualize", _VIZ, viz_calls, viz_render, "interactive drawing (inline SVG)"))


# -- analysis reports (tools/report.py) ---------------------------------------------------
_REPORT = _rx(r"\b(write|make|create|produce|generate|prepare|give me|draft)\b.{0,30}\breport\b",
              r"\breport on\b", r"\bas a report\b", r"\bin a report\b")


def _report_calls(st: PlanState) -> list[Call]:
    """After every other matched intent's calls ran: one report naming their results."""
    others = [i for i in match(st.question, st) if i.name != "report"]
    calls = [c for i in others for c in i.calls(st)]
    done = [st.done(c) for c in calls]
    if any(o is None for o in done):
        return []  # the analysis first; the report follows in a later turn
    info = st.last_ok("get_graph_info")
    used = [o for o in [info, *done] if o is not None]  # failed ones become limitations
    refs = list({o.call_id: {"tool": o.tool, "call_id": o.call_id} for o in used}.values())
    return [Call("create_analysis_report", {"source_results": refs})] if refs else []


def _report_render(st: PlanState, obs: list[Observed]) -> str:
    d = obs[0].typed(CreateAnalysisReportResult)
    return (f"The report **{d.title}** has {d.findings} finding(s) and "
            f"{d.reproducible_cells} code cell(s) that recompute them from dataset "
            f"{d.dataset_id} revision {d.revision}; it is saved as `{d.report_path}` "
            f"(`%agent save-report {d.run_id}` writes it as a notebook).")


REPORT = declare("report", _REPORT, _report_calls, _report_render,
                 "analysis report (create_analysis_report)")
INTENTS.append(REPORT)


def for_state(st: PlanState) -> list[Intent]:
    """The intents of this question, plus the report when the output format is ``report``."""
    found = match(st.question, st)
    if st.output_format == "report" and found and REPORT not in found \
            and st.can_call("create_analysis_report"):
        found = [*found, REPORT]
    return found


# -- graph learning (model/learning_intents.py): train, predict, compare models ----
from igraph_agent.model.learning_intents import LEARNING_INTENTS  # noqa: E402

INTENTS += [declare(*row) for row in LEARNING_INTENTS]
