"""The offline planner's intents for the analysis tool families (tools/search, community,
paths, local, subgraph, stats): question patterns -> calls -> answers from tool data only.

Names in a question are never used as ids: they go to ``search_node`` first (all in one
turn) and the dependent call uses the ids of the best candidates in the next turn.
``intents.py`` registers these in ``INTENTS``.
"""

from __future__ import annotations

import math
import re
from difflib import SequenceMatcher
from typing import Any

from igraph_agent.figures import shown
from igraph_agent.model import cut_words, head_to_head, slots, vocabulary, weights
from igraph_agent.model.planstate import Call, Observed, PlanState
from igraph_agent.model.weights import asked_weight
from igraph_agent.results.centrality import DegreeAnalysisResult, NodeCentralityResult
from igraph_agent.results.community import BridgeNodesResult, CommunityDetectionResult
from igraph_agent.results.data import GetGraphInfoResult
from igraph_agent.results.local import LocalAnalysisResult
from igraph_agent.results.paths import ConnectivityResult, ShortestPathResult
from igraph_agent.results.search import SearchEdgeResult, SearchNodeResult
from igraph_agent.results.stats import CompareNodesResult, SummaryStatisticsResult
from igraph_agent.results.subgraph import SubgraphExtractionResult

SEED = 42
_END = r"\s*[?.!]*\s*$"
_NOT_A_NAME = {"the graph", "graph", "the network", "network", "this graph", "the data",
               "each node", "every node", "all nodes", "nodes"}


def _rx(*words: str) -> re.Pattern[str]:
    return re.compile("|".join(words), re.IGNORECASE)


def _f(x: Any, digits: int = 4) -> str:
    if isinstance(x, float) and x and abs(x) < 10 ** -digits:
        return shown(x)  # significant digits, never 0.0000
    return f"{x:.{digits}f}" if isinstance(x, float) else str(x)


def _clean(name: str) -> str:
    name = re.sub(r"^(?:the\s+)?(?:node|customer|character|user|person|member|vertex)\s+", "",
                  name.strip(), flags=re.IGNORECASE)
    return name.strip(" '\"`")


def _info(st: PlanState) -> GetGraphInfoResult | None:
    info = st.last_ok("get_graph_info")
    return info.typed(GetGraphInfoResult) if info else None


def _who(row: Any) -> str:
    """A node as "id (label)": ``row`` is any result part with ``node`` and ``label``."""
    lab, node = row.label, row.node
    return f"{node} ({lab})" if lab and str(lab) != str(node) else str(node)


def _hub_rows(obs: Observed) -> list[Any]:
    return list(obs.typed(DegreeAnalysisResult).top)


#: a fuzzy match is a misspelling only when the whole names are this similar (difflib's
#: ratio: "Strozi" for "Strozzi"); a partial match is another node ("directly" is no "Cargo
#: City", "Shared" no "Horizon MARE") unless the name is a word of it or starts one ("Kessel",
#: "Gus")
NEAR_RATIO = 0.8


def search_candidates(obs: Observed) -> list[Any]:
    """The search's candidates; for a query with a digit (an id such as ``stop17`` or
    ``50``) only an exact id or label: a near id is another node, not a misspelling; for
    other queries, matches as similar as :data:`NEAR_RATIO` as a whole or holding the query as a
    whole word."""
    rows = list(obs.typed(SearchNodeResult).candidates)
    query = str(obs.args.get("query") or "").strip().lower()

    def exact(r: Any) -> bool:
        return query in (str(r.node).lower(), str(getattr(r, "label", None) or "").lower())

    def value(r: Any) -> str:
        return str(r.matched_value).lower()

    # a name read past its end ("MUC at best", "stop17 by bus") is the longest node name it
    # starts with, followed by a word break
    # ("Dunst-Elm" is the edge between two names, not the node Dunst)
    asked = str(obs.args.get("query") or "").strip()
    heads = [r for r in rows if len(value(r)) >= 2 and re.match(rf"{re.escape(value(r))}\W", query)
             and not re.match(rf"(?i:{re.escape(value(r))})\s*[-–—/]\s*[A-Z]", asked)]
    longest = max((len(value(r)) for r in heads), default=0)
    heads = [r for r in heads if len(value(r)) == longest]
    if re.search(r"\d", query):
        return [r for r in rows if exact(r) or r in heads]
    # a whole word of the match ("Kessel"), or the start of one ("Gus" for "Gustavo")
    word = re.compile(rf"(?<![\w]){re.escape(query)}" + ("" if len(query) >= 3 else r"(?![\w])"),
                      re.IGNORECASE)
    return [r for r in rows if exact(r) or r in heads or word.search(str(r.matched_value))
            or SequenceMatcher(None, query, str(r.matched_value).lower()).ratio() >= NEAR_RATIO]


def _rivals(obs: Observed) -> list[Any]:
    """The nodes a name matches equally, when it is the id or label of none of them: a
    word of several nodes' names ("Smith" for Ann Smith and Bo Smith) names no one node, so
    the planner asks which instead of taking the first; [] when the name picks one node."""
    rows = search_candidates(obs)
    query = str(obs.args.get("query") or "").strip().lower()
    if not query or any(query in (str(r.node).lower(), str(getattr(r, "label", None) or "").lower())
                        for r in rows):
        return []
    word = re.compile(rf"(?<![\w]){re.escape(query)}(?![\w])", re.IGNORECASE)
    held = [r for r in rows if word.search(str(r.matched_value))]
    if len({str(r.node) for r in held}) > 1:
        return held
    # "which Asian country …" matched region = "Asia" on several nodes: a group's value,
    # never the first node holding it
    top = rows[0] if rows else None
    if top is not None and str(top.matched_field) not in ("id", "node", "label"):
        same = [r for r in rows if str(r.matched_field) == str(top.matched_field)
                and str(r.matched_value).lower() == str(top.matched_value).lower()]
        if len({str(r.node) for r in same}) > 1:
            return same
    return []


# -- resolving names to ids --------------------------------------------------------------
def _search(name: str) -> Call:
    """A name read past its end ("Zoo? List the stops", "dmitri_p: how many", "Ivy were
    removed") is looked up up to the punctuation or verb that ends it."""
    head = re.split(r"[?!;:]\s|\s+(?:were|was|is|are|got|gets|had|has|have|would|will|did|does)"
                    r"\b", name + " ")[0].strip()
    return Call("search_node", {"query": head or name, "limit": 5})


HUB_CALL = Call("degree_analysis", {"top_k": 10})


def central_call(question: str) -> Call:
    """The ranking that resolves "the most central node": by the measure the question
    names ("the airport with the highest betweenness"), else PageRank."""
    return Call("node_centrality", {"measure": slots.central_measure(question), "top_k": 10})


def _search_or_hub(name: str, question: str = "") -> Call:
    if name == slots.CENTRAL:
        return central_call(question)
    return HUB_CALL if name == slots.HUB else _search(name)


def _central_rows(obs: Observed) -> list[Any]:
    return list(obs.typed(NodeCentralityResult).top)


def _tied_top(st: PlanState, name: str) -> list[Any]:
    """The nodes that share the top of the ranking that resolves "the best-connected node"
    or "the most central node", when several do: none of them is the one node meant."""
    if name not in (slots.HUB, slots.CENTRAL):
        return []
    obs = st.done(_search_or_hub(name, st.question))
    if obs is None or not obs.ok:
        return []
    if name == slots.HUB:
        rows = _hub_rows(obs)
        tied = [r for r in rows if rows and r.degree == rows[0].degree]
    else:
        rows = _central_rows(obs)
        tied = [r for r in rows if rows and math.isclose(r.score, rows[0].score, rel_tol=1e-9,
                                                         abs_tol=1e-12)]
    return tied if len(tied) > 1 else []


def resolve_names(st: PlanState, names: list[str]) -> tuple[list[Call], list[str] | None]:
    """The search calls for ``names`` (``degree_analysis`` for "the best-connected node")
    and, once all found something, the best ids."""
    calls = list({c.key(): c for c in (_search_or_hub(n, st.question) for n in names)}.values())
    ids: list[str] = []
    for n in names:
        obs = st.done(_search_or_hub(n, st.question))
        if obs is None or not obs.ok:
            return calls, None
        rows = _hub_rows(obs) if n == slots.HUB else _central_rows(obs) \
            if n == slots.CENTRAL else search_candidates(obs)
        if not rows or (n not in (slots.HUB, slots.CENTRAL) and _rivals(obs)) or \
                _tied_top(st, n):
            return calls, None
        ids.append(rows[0].node)
    return calls, ids


UNRESOLVED = ("No node matches", "The names in the question could not be resolved",
              "More than one node matches")


def unresolved_names(st: PlanState, names: list[str]) -> str:
    missing = []
    for n in names:
        tied = _tied_top(st, n)
        if tied:
            listed = [_who(r) for r in tied]
            what = "best-connected" if n == slots.HUB else "most central"
            return (f"More than one node matches 'the {what} node': {', '.join(listed[:-1])} "
                    f"and {listed[-1]} share the top. Which one do you mean? Ask again with "
                    "its name.")
        obs = st.done(_search(n))
        rivals = _rivals(obs) if obs is not None and obs.ok else []
        if rivals:
            listed = [_who(r) for r in rivals]
            field = str(rivals[0].matched_field)
            group = (f" ('{n}' matches {field} = {rivals[0].matched_value}, a value they share: "
                     f"a group, not one node)" if field not in ("id", "node", "label") else "")
            return (f"More than one node matches '{n}'{group}: {', '.join(listed[:-1])} and "
                    f"{listed[-1]}. Which one do you mean? Ask again with the full name.")
        if obs is not None and obs.ok and not search_candidates(obs):
            missing.append(n)
    if missing:
        return ("No node matches " + ", ".join(f"'{m}'" for m in missing) +
                " (search_node found no candidate); check the spelling or ask for a node id.")
    return "The names in the question could not be resolved to node ids."


def found_reply(st: PlanState, names: list[str]) -> str:
    parts = []
    for n in names:
        if n == slots.HUB:
            hub = st.done(HUB_CALL)
            if hub is not None and hub.ok and _hub_rows(hub):
                top = _hub_rows(hub)[0]
                parts.append(f"the best-connected node is {_who(top)} (degree {top.degree})")
            continue
        if n == slots.CENTRAL:
            top_c = st.done(central_call(st.question))
            if top_c is not None and top_c.ok and _central_rows(top_c):
                top, by = _central_rows(top_c)[0], top_c.typed(NodeCentralityResult).measure
                label = "PageRank" if by == "pagerank" else by
                parts.append(f"the most central node by {label} is {_who(top)} "
                             f"({_f(top.score)})")
            continue
        obs = st.done(_search(n))
        if obs is not None and obs.ok and search_candidates(obs):
            best = search_candidates(obs)[0]
            if str(best.node).lower() != n.lower():  # "Gus" for node gus: no news
                parts.append(f"'{n}' is node {_who(best)} (match score {_f(best.score, 0)})")
    return ("Names resolved by search_node: " + "; ".join(parts) + ". ") if parts else ""


# -- search ------------------------------------------------------------------------------
_SEARCH_TERM = re.compile(r"['\"“](.+?)['\"”]|(?:named|called|for|matching|like|of)\s+(.+?)" + _END,
                          re.IGNORECASE)
_EDGE_PAIR = re.compile(r"(?:between|from)\s+(.+?)\s+(?:and|to)\s+(.+?)" + _END, re.IGNORECASE)


def _term(q: str) -> str | None:
    m = _SEARCH_TERM.search(q)
    if not m:
        return None
    term = _clean(m.group(1) or m.group(2))
    return None if not term or term.lower() in _NOT_A_NAME else term


def search_calls(st: PlanState) -> list[Call]:
    term = _term(st.question)
    return [Call("search_node", {"query": term, "limit": 10})] if term else []


def search_render(st: PlanState, obs: list[Observed]) -> str:
    if not obs:
        return "Say which name to look for, e.g. search for 'Alice'."
    d = obs[0].typed(SearchNodeResult)
    if not d.candidates:
        return f"No node matches '{d.query}'."
    rows = ", ".join(f"{_who(c)} (score {_f(c.score, 0)})" for c in d.candidates[:5])
    return (f"{d.total_matches} node(s) match '{d.query}'; the best candidates are {rows}. "
            "Use these ids in further questions.")


def edge_search_calls(st: PlanState) -> list[Call]:
    m = _EDGE_PAIR.search(st.question)
    if not m:
        return []
    return [Call("search_edge", {"query": f"{_clean(m.group(1))} {_clean(m.group(2))}", "limit": 5})]


def edge_search_render(st: PlanState, obs: list[Observed]) -> str:
    if not obs:
        return "Name the two endpoints, e.g. the edge between Alice and Bob."
    d = obs[0].typed(SearchEdgeResult)
    if not d.edges:
        return f"No edge matches '{d.query}'."
    rows = []
    for e in d.edges[:5]:
        attrs = ", ".join(f"{k}={v}" for k, v in e.attributes.items())
        rows.append(f"{e.source} – {e.target}" + (f" ({attrs})" if attrs else "") +
                    f", score {_f(e.score, 0)}")
    return f"{d.total_matches} edge(s) match '{d.query}': " + "; ".join(rows) + "."


# -- communities and bridges -------------------------------------------------------------
_METHODS = {"louvain": "louvain", "leiden": "leiden", "label propagation": "label_propagation",
            "infomap": "infomap", "greedy modularity": "greedy_modularity",
            "greedy": "greedy_modularity", "fast greedy": "greedy_modularity",
            "fastgreedy": "greedy_modularity", "clauset": "greedy_modularity"}


def weight_choice(st: PlanState) -> dict[str, Any]:
    """``{"weight": "weight"}`` where the graph has no default weight but an edge attribute
    called ``weight`` (a graph object keeps networkx's convention); else nothing: the
    graph's default weight applies, in the sense each tool needs."""
    m = st.meaning()
    if m.get("default_weight") is None and "weight" in (m.get("weights") or {}):
        return {"weight": "weight"}
    return {}


def _sense_words(use: dict | None, weighted: bool) -> str:
    if not use:
        return "weighted" if weighted else "unweighted"
    if not use.get("attribute"):
        return "unweighted"
    return f"weighted by {'1/' if use.get('inverted') else ''}{use['attribute']}"


#: intents whose analysis has a weighted form the question may ask for by name ("pagerank
#: weighted by amount", "communities using the volumes"): they take the asked column
WEIGHTED_FORMS = frozenset({"centrality", "communities", "node_community"})


def asked_weighting(st: PlanState) -> dict[str, Any]:
    """``{"weight": column}`` when the question explicitly asks for weighting by an edge
    column (``weights.weighting_asked``), else nothing."""
    from igraph_agent.model.weights import weighting_asked

    column = weighting_asked(st.question, st.meaning())
    return {"weight": column} if column else {}


def partition_args(st: PlanState) -> dict[str, Any]:
    q = st.question.lower()
    method = next((m for word, m in _METHODS.items() if word in q), "leiden")
    return {"method": method, "seed": SEED, **weight_choice(st), **asked_weighting(st)}


def community_calls(st: PlanState) -> list[Call]:
    return [Call("community_detection", {**partition_args(st), "top_k": 10,
                                         "members": _MEMBERS})]


#: members named per community in the answer; a larger community's list ends with "…"
_MEMBERS = 8


def _community_members(c: Any) -> str:
    """``community 0 (5): a, b, c, d, e`` — every member the tool listed, and "…" when the
    community has more (never a shorter list that reads as complete)."""
    names = ", ".join(map(str, c.sample_members[:_MEMBERS]))
    more = ", …" if c.size > min(len(c.sample_members), _MEMBERS) else ""
    return f"community {c.community} ({c.size}): {names}{more}"


#: the count asked among the nodes that have ties: "among the people who actually have
#: coauthors", "ignoring isolated nodes", "leaving out singletons", "with more than one member"
_TIED_ONLY = re.compile(
    r"\b(?:who|that|which)\s+(?:actually\s+|really\s+|do\s+)?(?:have|has)\s+(?:any\s+|some\s+|at\s+least\s+"
    r"(?:one|a)\s+)?[a-z-]+s?\s*(?:at\s+all\s*)?[?.!]*\s*$|"
    r"\b(?:ignor|exclud|leav|not\s+count|without|skip)\w*\s+(?:out\s+)?(?:the\s+|any\s+)?"
    r"(?:isolated|singletons?|loners?|lone|unconnected)|\bnon-?isolated\b|"
    r"\b(?:more\s+than\s+one|at\s+least\s+two|two\s+or\s+more)\s+members?\b", re.IGNORECASE)


def community_render(st: PlanState, obs: list[Observed]) -> str:
    d = next(o.typed(CommunityDetectionResult) for o in obs if o.tool == "community_detection")
    sizes = ", ".join(str(c.size) for c in d.largest_communities[:5])
    sample = "; ".join(_community_members(c) for c in d.largest_communities[:3])
    w = _sense_words(d.weight_used, d.weighted)
    alone = d.sizes.singletons
    if alone and _TIED_ONLY.search(st.question) and d.communities > alone:
        # the nodes without ties are a community each: counted apart, never in the figure asked
        return (f"**{d.communities - alone} communities** with more than one member "
                f"({d.communities} in all, counting {alone} singleton(s) — nodes alone in their "
                f"community) found by {d.method} ({d.implementation}, seed {d.seed}, {w}) with "
                f"modularity **{_f(d.modularity)}**. Largest sizes: {sizes}. Members: {sample}.")
    return (f"**{d.communities} communities** found by {d.method} ({d.implementation}, "
            f"seed {d.seed}, {w}) with modularity **{_f(d.modularity)}**. Largest sizes: "
            f"{sizes}; {d.sizes.singletons} singleton(s). Members: {sample}.")


# -- one node's community: its members, or whether two named nodes share one -------------
#: two named nodes asked together under a community method's words: "does modularity
#: clustering put A and B in the same group", "does community detection put A and B together"
_PUT_TOGETHER = (r"\b(?:modularity|communit\w*|clustering)\b.*\b(?:same (?:group|cluster|"
                 r"community|partition|module)|together)\b")
#: two named nodes asked to be a community by themselves: "do Skelda and Varrow end up in a
#: group of their own, just the two of them" (under a community word), "a cluster by themselves"
_OWN_WORDS = (r"(?:of\s+their\s+own|by\s+themselves|on\s+their\s+own|to\s+themselves|"
              r"(?:with\s+)?(?:just|only)\s+(?:the\s+two\s+of\s+them|them|those\s+two|the\s+two))")
_OWN_GROUP = re.compile(
    rf"\b(?:communit\w*|cluster\w*|modularity)\b.*\b(?:group|community|cluster|module)\s+{_OWN_WORDS}"
    rf"|\b(?:community|cluster|module)\s+{_OWN_WORDS}", re.IGNORECASE)
_OWN_PAIR = re.compile(r"\b(\S+)\s+and\s+(\S+)\s+(?:\w+\s+){0,4}?(?:in|into|as|form|make)\s+(?:a|an|one)\s+"
                       r"(?:\w+\s+)?(?:group|community|cluster|module)\b", re.IGNORECASE)
_COMMUNITY_OF = re.compile(
    _OWN_GROUP.pattern + "|" + _PUT_TOGETHER + "|"
    r"\bsame (?:community|cluster)\b|\b(?:which|what) (?:community|cluster)\b|"
    r"\bcommunity (?:of|does|do|is)\s+\S|'s (?:community|cluster)\b|"
    r"\b(?:community|cluster) (?:that |which )?\S+ (?:is in|belongs to|falls in)\b",
    re.IGNORECASE)


def _community_names(st: PlanState) -> list[str]:
    both = slots.pair(st.question)
    own = _OWN_PAIR.search(st.question) if _OWN_GROUP.search(st.question) else None
    if own:
        pair = [slots.clean(own.group(1)), slots.clean(own.group(2))]
        if all(p in slots.named(st.question) or p.isdigit() for p in pair):  # "do A and B
            return pair  # end up in a group of their own"
    if re.search(r"\bsame\b", st.question, re.IGNORECASE):
        m = re.search(r"\b(\S+)\s+and\s+(\S+)\s+(?:\w+\s+){0,4}?(?:in|into|to|with)\s+(?:the\s+)?"
                      r"same\s+(?:community|cluster|group|partition|module)\b", st.question,
                      re.IGNORECASE)
        pair = [slots.clean(m.group(1)), slots.clean(m.group(2))] if m else None
        if pair and all(slots.named(p) or p.isdigit() for p in pair):  # "do members 0 and 33
            return pair  # end up in the same community when you detect communities"
        if both:
            return both
    together = re.search(r"\b(\S+)\s+and\s+(\S+)\s+together\b", st.question, re.IGNORECASE)
    if together and re.search(_PUT_TOGETHER, st.question, re.IGNORECASE):
        pair = [slots.clean(together.group(1)), slots.clean(together.group(2))]
        if all(slots.named(p) or p.isdigit() for p in pair):  # "put bay0 and bay5 together"
            return pair
    # "is the hawkmoth grouped with the honeybee", "does Ada land in the same one as Bo"
    alongside = re.search(r"\b(?:the\s+)?([\w'.-]+)\s+(?:(?:get|gets|got|is|are|was|were|"
                          r"end|ends|land|lands|fall|falls)\s+)?(?:grouped|put|lumped|placed|"
                          r"clustered|(?:in|into) the same (?:one|community|cluster|group))\s+"
                          r"(?:together\s+)?(?:with|alongside|as)\s+(?:the\s+)?([\w'.-]+)",
                          st.question, re.IGNORECASE)
    if alongside:
        pair = [slots.clean(alongside.group(1)), slots.clean(alongside.group(2))]
        if all(p in slots.named(st.question) or p.isdigit() for p in pair):
            return pair
    one = slots.named(st.question) or ([n] if (n := slots.node(st.question)) else [])
    return one[:1]



#: two methods' partitions of a named node: its answer is what both say
_BOTH_METHODS = ("leiden", "louvain")
UNSETTLED = "The community methods disagree"  # the answer depends on the method: asked


def node_community_calls(st: PlanState) -> list[Call]:
    names = _community_names(st)
    if not names:
        return []
    searches, ids = resolve_names(st, names)
    if ids is None:
        return searches
    return [*searches, *(Call("community_detection", {**partition_args(st), "method": m,
                                                      "top_k": 100, "members": 50, "nodes": ids})
                         for m in _named_method(st) or _BOTH_METHODS)]


def _named_method(st: PlanState) -> tuple[str, ...]:
    """The one community method the question names ("does greedy modularity put A with B"),
    else nothing: the answer is then what both default methods say."""
    q = st.question.lower()
    return tuple({m: None for word, m in _METHODS.items() if word in q})[:1]


def _members(d: CommunityDetectionResult, node: Any) -> set[str] | None:
    """The members of ``node``'s community, when the result lists it whole."""
    row = next(r for r in d.membership if str(r.node) == str(node))
    listed = next((c for c in d.largest_communities if c.community == row.community), None)
    if listed is None or len(listed.sample_members) < row.community_size:
        return None
    return {str(m) for m in listed.sample_members}


def node_community_render(st: PlanState, obs: list[Observed]) -> str:
    names = _community_names(st)
    parts = [o.typed(CommunityDetectionResult) for o in obs if o.tool == "community_detection"]
    if len(parts) == 1 and _named_method(st):
        parts = parts * 2  # the one method named: both readings are that method's
    if len(parts) < 2 or not all(d.membership for d in parts):
        return unresolved_names(st, names)
    lead, other = parts
    how = "; ".join(f"{d.method}: {d.communities} communities, modularity {_f(d.modularity)}"
                    for d in (parts[:1] if lead is other else parts)) + f" (seed {lead.seed}, "
    how += _sense_words(lead.weight_used, lead.weighted) + ")"
    rows = list(lead.membership)
    if len(rows) >= 2:
        a, b = rows[0], rows[1]
        same = [len({r.community for r in d.membership[:2]}) == 1 for d in parts]
        if same[0] != same[1]:
            return (f"{UNSETTLED} on {_who(a)} and {_who(b)}: {lead.method} puts them "
                    f"{'together' if same[0] else 'apart'}, {other.method} "
                    f"{'together' if same[1] else 'apart'} ({how}).")
        if same[0] and _OWN_GROUP.search(st.question):  # "a group of their own": only them
            sizes = {d.membership[0].community_size for d in parts}
            alone = sizes == {2}
            return (f"{found_reply(st, names)}**{'Yes' if alone else 'No'}** — {_who(a)} and "
                    f"{_who(b)} are in the same community, "
                    + ("just the two of them (a community of **2** nodes by both methods)"
                       if alone else
                       f"with others: {' and '.join(f'{d.membership[0].community_size} nodes by {d.method}' for d in parts)}")
                    + f" ({how}).")
        if same[0]:
            return (f"{found_reply(st, names)}**Yes** — {_who(a)} and {_who(b)} are in the same "
                    f"community ({a.community_size} nodes by {lead.method}; {how}).")
        return (f"{found_reply(st, names)}**No** — {_who(a)} and {_who(b)} are in different "
                f"communities ({a.community_size} and {b.community_size} nodes by "
                f"{lead.method}; {how}).")
    r = rows[0]
    sets = [_members(d, r.node) for d in parts]
    if sets[0] is None or sets[1] is None:  # too large to list: its size only
        return (f"{found_reply(st, names)}{_who(r)} is in a community of **{r.community_size}** "
                f"nodes by {lead.method} ({how}).")
    both = sorted(sets[0] & sets[1] - {str(r.node)})
    if sets[0] != sets[1] and lead.weighted and not asked_weighting(st):
        # the members depend on two choices the question did not make (the method, and the
        # edge value the partition took by default): no list is the answer
        only = [f"{d.method} also places {', '.join(sorted(s - t))} with it"
                for d, s, t in ((lead, sets[0], sets[1]), (other, sets[1], sets[0])) if s - t]
        return (f"{UNSETTLED} on the community of {_who(r)}: both place "
                f"{', '.join(both) or 'no other node'} with it, but " + " and ".join(only) +
                f" ({how}). Name a method (leiden or louvain), and whether to weight by the "
                "edge values, to take one partition.")
    if not both and (sets[0] | sets[1]) - {str(r.node)}:
        return (f"{UNSETTLED} on the community of {_who(r)}: no other node is placed with it "
                f"by both {lead.method} and {other.method} ({how}).")
    size = f"**{r.community_size}** nodes by {lead.method}, " \
        f"{other.membership[0].community_size} by {other.method}"
    members = f" Placed with it by both: **{', '.join(both)}**." if both else \
        " It is alone in its community."
    return f"{found_reply(st, names)}{_who(r)} is in a community of {size} ({how}).{members}"


_TYPE_ATTRS = ("type", "kind", "node_type", "role", "side")
_NOUN = re.compile(r"\b(customer|client|user|buyer|account|member|product|item|person)s?\b",
                   re.IGNORECASE)


def bridge_calls(st: PlanState) -> list[Call]:
    pargs = partition_args(st)
    args: dict[str, Any] = {**pargs, "top_k": 10}
    info = _info(st)
    attrs = (info.node_attributes if info else None) or []
    noun = _NOUN.search(st.question)
    attr = next((a for a in _TYPE_ATTRS if a in attrs), None)
    if noun and attr:
        args.update(attribute=attr, value=noun.group(1).lower())
    return [Call("community_detection", {**pargs, "top_k": 10, "members": _MEMBERS}), Call("bridge_nodes", args)]


def bridge_render(st: PlanState, obs: list[Observed]) -> str:
    b = next((o.typed(BridgeNodesResult) for o in obs if o.tool == "bridge_nodes"), None)
    if b is None:
        return "The bridge analysis did not run."
    if not b.bridges:
        return (f"No node has neighbours in {b.min_communities} or more of the "
                f"{b.communities} communities ({b.method}, seed {b.seed}).")
    approx = " (sampled)" if b.centrality_approximate else ""
    rows = [f"**{_who(r)}** — neighbours in **{r.communities} communities**, participation "
            f"{_f(r.participation)}, {b.centrality}{approx} {_f(r.centrality)}, "
            f"degree {r.degree}" for r in b.bridges[:10]]
    return (f"**{b.total} nodes** connect {b.min_communities} or more of the "
            f"{b.communities} communities ({b.method}, seed {b.seed}, modularity "
            f"{_f(b.modularity)}). The strongest bridges:\n" +
            "\n".join(f"- {r}" for r in rows))


# -- paths and connectivity --------------------------------------------------------------


def _pair_names(q: str) -> list[str] | None:
    return slots.pair(q)


def path_calls(st: PlanState) -> list[Call]:
    names = _pair_names(st.question)
    if not names:
        return []
    searches, ids = resolve_names(st, names)
    if ids is None or ids[0] == ids[1]:  # "Castlegate United … Castlegate": one node, no route
        return searches
    args: dict = {"source": ids[0], "target": ids[1]}
    choice = asked_weight(st.question, st.meaning())
    if _DIRECT.search(st.question) and _YES_NO.search(str(st.context.get("asked") or st.question)):
        args["weight"] = None  # "is there a direct road between A and B": one hop, not the fastest route
    elif choice.column:
        args["weight"] = choice.column  # the edge value the question asks the route in
        args.update(weights.as_length_args(st.question, st.meaning(), choice.column))
    elif choice.why == "hops" or (choice.why == "none" and st.meaning().get("weights")):
        args["weight"] = None  # counted in hops
    elif re.search(r"weight|strongest|cheapest|cost|lowest total", st.question, re.IGNORECASE):
        args.update(weight_choice(st))  # a graph object: its `weight` attribute
    along = weights.fewest_hops_total(str(st.context.get("typed") or st.question), st.meaning())
    if along:  # "the route with the fewest segments - how many km is it": hops, km totalled
        args.update(weight=None, total_along=along)
        args.pop("weight_means", None)
    summed = _summed_strength(st, args)
    if summed:  # "the shortest weighted path … total weight": the column summed as it is
        args.update(weight=summed, weight_means="distance")
    if _one_way_edge(st):  # "is there a lane from A to B": whether B → A exists, said beside
        return [*searches, Call("shortest_path", args),
                Call("search_edge", {"query": f"{ids[0]} {ids[1]}", "limit": 20})]
    first = Call("shortest_path", args)
    done = st.done(first)
    if done is not None and done.ok and done.data.get("reachable") is False and \
            done.data.get("reverse_reachable") is False:  # no directed path either way: the
        # route with direction ignored too (two-way segments listed as from/to)
        return [*searches, first, Call("shortest_path", {**args, "ignore_direction": True})]
    return [*searches, first]


def _one_way_edge(st: PlanState) -> bool:
    """Whether the question asks one edge of a directed graph yes or no."""
    return bool(st.meaning().get("directed") and _DIRECT.search(st.question)
                and _YES_NO.search(str(st.context.get("asked") or st.question)))


def _back_edge(st: PlanState, obs: list[Observed], p: ShortestPathResult) -> str:
    """"There is no edge from A to B; the other way, B → A is one." where the edge back
    exists, else nothing."""
    if p.hops == 1 or not _one_way_edge(st):
        return ""
    o = next((o for o in obs if o.tool == "search_edge" and o.ok), None)
    rows = list(o.typed(SearchEdgeResult).edges) if o is not None else []
    if any(str(r.source) == str(p.target) and str(r.target) == str(p.source) for r in rows):
        cols = st.meaning().get("direction") or []
        way = f" ({cols[0]} → {cols[1]})" if len(cols) == 2 else ""
        return (f"There is no edge from {p.source} to {p.target}{way}; the other way, "
                f"{p.target} → {p.source} is one. ")
    return ""


#: a route whose length is the edge value added up as it stands: "shortest weighted path …
#: what's the total weight", "the route with the lowest total weight"
SUMMED = re.compile(r"\b(?:lowest|smallest|least|minimum|min)\s+(?:total|sum|summed|combined)\b|"
                     r"\btotal\s+(?:path\s+)?(?:weight|\w+)\b|\bsum\s+of\s+(?:the\s+)?(?:edge\s+)?weights?\b",
                     re.IGNORECASE)


def _summed_strength(st: PlanState, args: dict) -> str | None:
    """The strength column a route question asks to add up as it stands (a column named
    ``weight`` read as a strength elsewhere), else None."""
    if "weight" in args and args["weight"] is None:
        return None
    meaning = st.meaning()
    column = args.get("weight") or meaning.get("default_weight") or (
        "weight" if "weight" in (meaning.get("weights") or {}) else None)
    if not column or (meaning.get("weights") or {}).get(column) != "strength":
        return None
    q = str(st.context.get("asked") or st.question)
    m = SUMMED.search(q)
    if not m and weights.plain_weight_as_cost(q, column):
        return column  # "the cheapest path cost using the edge weights": a plain weight as a cost
    if not m:
        return None
    total = re.search(r"\btotal\s+(?:path\s+)?(\w+)", m.group(0), re.IGNORECASE)
    if total and total.group(1).lower() not in {"weight", column.lower(),
                                                *column.lower().split("_")}:
        return None  # "total time" on a strength column: another value
    return column


#: a question asking whether (a route exists, the graph is connected): the answer says
#: yes or no first
_YES_NO = re.compile(r"^\s*(?:[^:?]{0,80}:\s*)?"  # "sanity check on the cast list: is it …"
                     r"(?:(?:following|going|along|respecting|within|among|in|on|by|"
                     r"ignoring|counting|using|with)\b[^,?]{0,60},\s*)?"  # "Following the links, can …"
                     r"(?:so\s+|and\s+)?(?:is|are|was|were|can|could|does|do|did|has|have|"
                     # "could you tell me how many …": a request, never a yes/no
                     r"will|would)\b(?!\s+(?:you|u)\s+(?:please\s+)?(?:tell|show|give|list|name|"
                     rf"find|count|let|check|work\s+out|say|pull)\b)|{slots.YES_OR_NO}",
                     re.IGNORECASE)


#: "are there families cut off from the rest", "is anyone isolated": Yes when the graph is
#: in more than one piece
_ANY_CUT_OFF = re.compile(r"^\s*(?:are|is)\s+(?:there\s+)?(?:any(?:one|body)?\s+|some\s+)?(?:\w+\s+)?"
                          r"(?:cut off|disconnected|separated?|isolated|stranded)\b(?:\s+from\b)?",
                          re.IGNORECASE)


#: nodes in no edge asked: "are there isolated huts (no connection at all)?"
_ISOLATED_ASKED = re.compile(r"\b(?:isolated|lone|unconnected)\s+(?!from\b)[a-z]+s?\b[^?]*?"
                             r"(?:\(?\s*(?:no|without\s+any|zero)\s+(?:connections?|links?|ties?|"
                             r"edges?)(?:\s+at\s+all)?)|\bisolates\b", re.IGNORECASE)


#: "is the graph disconnected?", "does it have more than one component?", "is it in several
#: pieces?": Yes when the graph is in more than one piece
_PIECES_ASKED = re.compile(r"\bdisconnected\b|\bmore than (?:one|a single) (?:connected )?(?:components?|"
                          r"pieces?|parts?|islands?)\b|\b(?:several|separate|multiple) "
                          r"(?:connected )?(?:components|pieces|parts|islands)\b|\bfragmented\b",
                          re.IGNORECASE)


def yes_no_lead(st: PlanState, yes: bool) -> str:
    asked = str(st.context.get("asked") or st.question)
    return ("**Yes** — " if yes else "**No** — ") if _YES_NO.search(asked) or \
        slots.asked_kind(asked) == "yesno" else ""


#: "is there a direct road", "are A and B adjacent": a yes/no about one edge, read in hops
_DIRECT = re.compile(r"\badjacent\b|\bneighbou?rs\b|\bdirect(?:ly)?\b(?! or indirectly)",
                     re.IGNORECASE)


def path_render(st: PlanState, obs: list[Observed]) -> str:
    names = _pair_names(st.question) or []
    p = next((o.typed(ShortestPathResult) for o in obs if o.tool == "shortest_path"
              and not o.args.get("ignore_direction")), None)
    if p is None:
        _, ids = resolve_names(st, names) if names else ([], None)
        if ids and ids[0] == ids[1]:
            return UNRESOLVED[1] + (f" as two ends: both name {ids[0]}, and a route needs two "
                                    "different nodes.")
        return (unresolved_names(st, names) if names else
                "Name both ends, e.g. the shortest path from Alice to Bob.")
    if not p.reachable:
        u = next((o.typed(ShortestPathResult) for o in obs if o.tool == "shortest_path"
                  and o.ok and o.args.get("ignore_direction")), None)
        return (found_reply(st, names) + yes_no_lead(st, False) +
                f"There is **no path** from {p.source} to {p.target}{_other_way(p)}"
                + _ignoring_direction(u) + ".")
    direct = _DIRECT.search(st.question)
    lead = yes_no_lead(st, not direct or p.hops == 1)
    if lead.startswith("**Yes**") and p.hops > 1:  # "is 33 linked to 0": say it is not one edge
        lead = (f"**Yes**, through other nodes (no edge joins {p.source} and {p.target} "
                "directly) — ")
    elif lead.startswith("**No**") and p.hops > 1:  # "is 33 friends with 0": not one edge
        lead = f"**No** — no edge joins {p.source} and {p.target}. "
    return found_reply(st, names) + lead + _back_edge(st, obs, p) + _route(st, p)


def _other_way(p: ShortestPathResult) -> str:
    """On a directed graph: whether the target reaches the source instead — a table whose
    direction was read the wrong way (or a one-way road) shows here, not as a dead end."""
    if not p.directed or p.reverse_reachable is None:
        return ""
    if not p.reverse_reachable:
        return " in either direction"
    used = p.weight_used or {}
    length = (f", {shown(p.reverse_length)} {used['attribute']}"
              if p.reverse_length is not None and used.get("attribute") and not used.get("inverted")
              else "")
    return (f" following the edges' direction (the graph is directed); the other way, "
            f"{p.target} reaches {p.source} in {p.reverse_hops} hop(s){length}")


def _ignoring_direction(u: ShortestPathResult | None) -> str:
    """With no directed path either way, the route with the edges' direction ignored: a
    table of two-way segments read as directed must not look like a dead end."""
    if u is None or not u.reachable or u.hops is None:
        return ""
    used = u.weight_used or {}
    length = (f", **{shown(u.length)}** {used['attribute']}"
              if u.length is not None and used.get("attribute") and not used.get("inverted") else "")
    nodes = [str(n.node) for n in u.path or []]
    route = " – ".join(nodes[:12]) + (" – …" if len(nodes) > 12 else "")
    return (f" following the edges' direction (the graph is directed). **Ignoring direction**, "
            f"{u.source} reaches {u.target} in **{u.hops}** hop(s){length}: {route}")


def _route(st: PlanState, p: ShortestPathResult) -> str:
    route = " → ".join(_who(n) for n in p.path or [])
    used = p.weight_used or {}
    unit = (f"1/{used['attribute']}" if used.get("inverted") else used.get("attribute")) or "length"
    if p.along is not None and not used.get("attribute"):  # the fewest-hop route's length
        a = p.along
        spread = (f" Of the {a['routes_compared']} routes with {p.hops} hop(s), this one has "
                  f"the smallest total; they run from {shown(a['min'])} to {shown(a['max'])} "
                  f"{a['attribute']}." if a["routes_compared"] > 1 and a["min"] != a["max"] else "")
        return (f"The route from {p.source} to {p.target} with the fewest hops has **{p.hops} "
                f"hop(s)** and is **{shown(a['total'])} {a['attribute']}** long: {route}."
                + spread)
    if p.length is not None and used.get("attribute") and not used.get("inverted"):
        # a distance: the answer is the length, in the data's own unit
        best = {"money": "cheapest", "time": "fastest"}.get(
            asked_weight(st.question, st.meaning()).why, "shortest")
        return (f"The {best} route from {p.source} to {p.target} is "
                f"**{shown(p.length)} {used['attribute']}** ({p.hops} hop(s)): {route}."
                + weights.length_note(st.question, st.meaning(), used["attribute"]))
    length = f" (total {unit} {_f(p.length)})" if p.length is not None else ""
    unused = [c for c in (st.meaning().get("weights") or {}) if not used.get("attribute")]
    note = (f" Counted in hops: the edge values ({', '.join(unused)}) were not used — ask for "
            f"the route by one of them to measure it." if unused else "")
    return (f"The shortest path from {p.source} to {p.target} has "
            f"**{p.hops} hop(s)**{length}: {route}.{note}")


def _bridges_named(c: ConnectivityResult) -> str:
    """" (fay–gia)": the bridge edges by their ends when a few, so that "which single
    pairing" is answered by its names."""
    items = list(c.bridges.items)
    if not items or c.bridges.total > 10 or len(items) < c.bridges.total:
        return ""
    return " (" + "; ".join(f"{r.source}–{r.target}" for r in items) + ")"


def connectivity_calls(st: PlanState) -> list[Call]:
    names = _pair_names(st.question)
    if not names:
        from igraph_agent.model.intents import where_values

        whole = {"whole": True} if slots.WHOLE_CUT.search(st.question) else {}
        where = where_values(st)
        if where and cut_words.asked(str(st.context.get("asked") or st.question)):
            # "which junctions are single points of failure": the whole graph's cut points,
            # then those in the group, never the group cut out on its own
            return [Call("connectivity", {"limit": 500, **whole}),
                    Call("nodes_by_measure", {"measure": "degree", "op": "ge", "value": 0,
                                              "limit": 500, **where})]
        # "just the legal team and the ties among themselves: how many clusters": the group
        # on its own
        return [Call("connectivity", {"limit": 10, **whole, **where})]
    searches, ids = resolve_names(st, names)
    if ids is None:
        return searches
    return [*searches, Call("connectivity", {"source": ids[0], "target": ids[1], "limit": 10})]


#: a yes/no about a single node or edge whose removal splits the graph
_CUT_ASKED = re.compile(r"\b(?:whose|which|that|who)\b.*\b(?:split|disconnect|break|fragment|"
                        r"cut off|isolate)\w*|single points? of failure|\bcut (?:vertex|vertices|"
                        r"nodes?|points?)\b|\barticulation\b|\bbridges?\b", re.IGNORECASE)


#: "which single shipment, if cancelled, would split the network": one edge (or one node)
#: whose loss disconnects, named by the data's own noun
_WHICH_LOST = re.compile(r"^\s*(?:so\s+|and\s+)?(?:which|what)\s+(?:single\s+|one\s+|individual\s+)?"
                         r"([a-z]+?)s?\b(?:\s+\w+){0,3}?\s*,?\s*(?:if|when|whose|once)\b.*\b(?:removed|"
                         r"cancell?ed|cut|closed|dropped|lost|broken|broke|failed|fails|deleted|"
                         r"severed|taken out|went down|goes down|stopped|axed|loss|removal|"
                         r"closure|failure)\b.*\b(?:split|disconnect|break|fragment|cut off|"
                         r"isolate|separate)", re.IGNORECASE)
_NODE_WORDS = {"node", "vertex", "vertice", "person", "people", "member", "one", "who", "user",
               "account", "station", "stop", "place", "town", "city", "site", "hub",
               # a food web's or a dependency graph's nodes: "which species, if removed, …"
               "specie", "species", "animal", "plant", "organism", "package", "module",
               "library", "router", "server", "device", "machine", "computer"}


def _node_word(st: PlanState, word: str) -> bool:
    """Whether ``word`` names this graph's nodes (its endpoint columns' word, or a common
    word for a node), singular or plural."""
    info = st.last_ok("get_graph_info")
    own = set(vocabulary.data_nouns(info.data if info else {}))
    w = word.lower()
    singular = {w, w[:-1] if w.endswith("s") else w, vocabulary.singular(w),
                vocabulary.singular(w + "s")}  # "familie" (a plural's stem): family
    return bool(singular & (own | _NODE_WORDS | set(vocabulary.NODE_NOUNS) | {"vertice"}))


def _edge_lost(st: PlanState) -> bool:
    """Whether the question asks which single edge's loss splits the graph, naming it by a
    word that is not one of the data's node words ("which cable, if cut, …")."""
    m = _WHICH_LOST.search(str(st.context.get("asked") or st.question))
    if not m:
        return False
    word = m.group(1).lower()
    info = st.last_ok("get_graph_info")
    own = set(vocabulary.data_nouns(info.data if info else {}))
    return not _node_word(st, word) and not any(word.startswith(w) or w.startswith(word)
                                                for w in own)


#: the size of the main piece: "how many countries are in the largest connected block", "how
#: big is the main component" (not its cut points or bridges)
_LARGEST_SIZE = re.compile(
    r"^(?!.*\b(?:articulation|bridges?|cut|split|removed?|without)\b).*(?:\bhow (?:many|big|large)\b"
    r".*\b(?:largest|biggest|main|giant)\b|\bsize of the (?:largest|biggest|main|giant)\b)",
    re.IGNORECASE)


def _whole_cut(st: PlanState, c: ConnectivityResult) -> str:
    """The fewest nodes or edges whose removal disconnects the graph, by the word asked."""
    w = c.whole or {}
    q = str(st.context.get("asked") or st.question)
    m = re.search(r"\b(node|vertex|edge)[- ]connectivity\b|\b(?:how many|min(?:imum)?|fewest|"
                  r"smallest|least)\s+(?:number\s+of\s+)?(?:different\s+)?([a-z]+)\b", q,
                  re.IGNORECASE)
    word = (m.group(1) or m.group(2) or "") if m else ""
    word = vocabulary.singular(word.lower()) if word.lower().endswith("ies") else \
        re.sub(r"(?<!s)s$", "", word)  # "cities": city, "nodes": node
    nodes = word.lower() in ("node", "vertex") or (bool(word) and _node_word(st, word)
                                                   and word.lower() != "edge")
    key, what = ("node_connectivity", "nodes") if nodes else ("edge_connectivity", "edges")
    if c.components != 1:
        return (f"**0**: the graph is already disconnected ({c.components} connected "
                "components), so no removal is needed.")
    other = "edge" if nodes else "node"
    return (f"**{w[key]}** {what} is the fewest whose removal disconnects the graph (its "
            f"{key.replace('_', ' ')}; {other} connectivity {w[other + '_connectivity']}, as "
            f"networkx computes them" + ("; edge directions ignored" if w.get("directions_ignored")
                                         else "") + ").")


_EDGE_NOUN = re.compile(r"^(?:edge|link|tie|road|cable|line|pipe|connection|trail|stretch|route|"
                        r"flight|ferry|ferrie|crossing|bridge|wire|track|lane|channel|leg|segment|"
                        r"section|span|street|rail|railway|canal|tunnel|friendship|relationship|"
                        r"pairing|fixture|match|game|bout)$",
                        re.IGNORECASE)


def _single_failures(st: PlanState, c: ConnectivityResult) -> str | None:
    """"Is it still connected if any one station fails", "which quay, if it shut, would split
    the network": the cut points (or bridges, when edges fail), said first; None when the
    question asks neither or names no node or edge noun."""
    q = str(st.context.get("asked") or st.question)
    if not cut_words.asked(q):
        return None
    noun = cut_words.asked_noun(q)
    if noun and noun.endswith("ie"):  # "which cities, if …": the stem of a plural
        noun = vocabulary.singular(noun + "s")
    edges = bool(noun and _EDGE_NOUN.match(noun)) or bool(re.search(
        r"\b(?:single|one|any)\s+(?:\w+\s+)?(?:edge|link|tie|road|friendship|relationship|connection|"
        r"marriage|cable|line|pipe|route|flight|trail|street)s?\s+(?:\w+\s+)?(?:ended|ends|broke|"
        r"breaks|failed|fails|went|goes|was\s+cut|were\s+cut|is\s+cut|closed|closes|disappeared|"
        r"was\s+removed|were\s+removed|is\s+removed|was\s+lost|dropped)\b", q, re.IGNORECASE))
    if noun and not edges and not _node_word(st, noun):
        return None
    cuts = c.bridges if edges else c.articulation_points
    listed = ", ".join(f"{b.source}–{b.target}" for b in c.bridges.items[:10]) if edges else \
        ", ".join(_who(a) for a in c.articulation_points.items[:10])
    listed += "" if len(cuts.items[:10]) == cuts.total else " …"
    what = "edge" if edges else "node"
    named = f"{noun} ({what})" if noun else what
    if cut_words.ANY_ONE_FAILS.search(q):
        if c.components > 1:
            return (f"**No** — the graph is already in {c.components} connected pieces, before "
                    f"any {named} fails.")
        if not cuts.total:
            return (f"**Yes** — no single {named}'s loss disconnects it: the graph has no "
                    f"{'bridge edge' if edges else 'cut point (articulation point)'}.")
        return (f"**No** — the loss of any one of these {cuts.total} would split it: {listed} "
                f"({'bridge edges' if edges else 'its cut points, or articulation points'}).")
    if cut_words.SOME_ONE_SPLITS.search(q):  # "is there any single port whose closure …"
        if not cuts.total:
            return (f"**No** — no single {named}'s loss would split the graph (no "
                    f"{'bridge edges' if edges else 'cut points'}; {c.components} connected "
                    f"component(s) now).")
        return (f"**Yes** — {cuts.total} would each split the graph if removed: {listed} "
                f"({'bridge edges' if edges else 'its cut points, or articulation points'}).")
    if edges and cuts.total:
        return (f"**{cuts.total} bridge edge(s)** would each disconnect the graph if removed: "
                f"{listed}.")
    if not cuts.total:
        return (f"**None** — no single {named}'s loss would split the graph (no "
                f"{'bridge edges' if edges else 'cut points'}; {c.components} connected "
                f"component(s) now).")
    return (f"**{cuts.total}** node(s) would each split the graph if removed (its cut points, "
            f"or articulation points): {listed}.")


def _group_cut_points(c: ConnectivityResult, members: Observed) -> str:
    """The whole graph's cut points that belong to the group the question names ("which
    junctions are single points of failure": kind = junction)."""
    from igraph_agent.results.counting import NodesByMeasureResult

    d = members.typed(NodesByMeasureResult)
    inside = {str(r.node) for r in d.nodes}
    scope = ", ".join(f"{k} = {v}" for k, v in (members.args.get("where") or {}).items())
    cuts = [a for a in c.articulation_points.items if str(a.node) in inside]
    every = ", ".join(_who(a) for a in c.articulation_points.items[:10])
    if not c.articulation_points.total:
        return (f"**None** — no single node's loss would split the graph (no cut points; "
                f"{c.components} connected component(s) now).")
    if not cuts:
        return (f"**None** of the nodes with {scope} would split the graph if removed; its "
                f"{c.articulation_points.total} cut point(s) are others: {every}.")
    others = c.articulation_points.total - len(cuts)
    return (f"**{len(cuts)}** node(s) with {scope} would each split the graph if removed (cut "
            f"points, or articulation points): {', '.join(_who(a) for a in cuts)}."
            + (f" ({others} other cut point(s) have another value.)" if others else ""))


def connectivity_render(st: PlanState, obs: list[Observed]) -> str:
    c = next((o.typed(ConnectivityResult) for o in obs if o.tool == "connectivity"), None)
    if c is None:
        return unresolved_names(st, _pair_names(st.question) or [])
    if c.pair is None and c.whole is not None:
        return _whole_cut(st, c)
    members = next((o for o in obs if o.tool == "nodes_by_measure" and o.ok), None)
    if members is not None and c.pair is None:
        return _group_cut_points(c, members)
    single = _single_failures(st, c) if c.pair is None else None
    if single:
        return single
    items = c.articulation_points.items[:10]
    cuts = ", ".join(_who(a) for a in items)
    every = len(items) == c.articulation_points.total  # all of them, not examples
    bridges = c.bridges.items[:10]
    if c.pair is None and _edge_lost(st) and not bridges:
        return ("**None**: no single edge's loss would disconnect the graph "
                f"({c.components} connected component(s) now; every edge lies on a cycle).")
    if bridges and ((re.search(r"\bbridges?\b|\bbridge (?:edges?|links?)\b", st.question,
                              re.IGNORECASE) and re.match(r"\s*(?:which|what|list|name|show)\b",
                                                          st.question, re.IGNORECASE))
                    or (c.pair is None and _edge_lost(st))):
        listed = ", ".join(f"{b.source}–{b.target}" for b in bridges)
        whole = len(bridges) == c.bridges.total
        return (f"**{c.bridges.total} bridge edge(s)** would each disconnect the graph if removed"
                + (f": {listed}." if whole else f" (e.g. {listed} …)."))
    sizes = c.component_sizes
    shown = ", ".join(str(x) for x in sizes[:8]) + (" …" if len(sizes) > 8 else "")
    if c.where:  # one group on its own
        scope = ", ".join(f"{k} = {v}" for k, v in c.where.items())
        return (f"Only the {c.nodes} nodes with {scope} and the edges among them: **{c.components} "
                f"connected component(s)** of sizes {shown}" + (
                    " (" + "; ".join(", ".join(str(m) for m in r.members) for r in
                                     c.smaller_components[:5]) + " apart from the largest)"
                    if c.smaller_components else "") + ".")
    whole = re.search(r"\bconnected\b|\b(?:in |all )?(?:one|a single) (?:single )?piece\b|"
                      # "is every substation hooked up to the rest of the grid"
                      r"\b(?:hooked|wired|plugged|tied) (?:up|in) (?:to|with|into) (?:the rest|"
                      r"(?:the |our )?(?:network|graph|grid|system|web|map))\b|"
                      r"\blinked (?:together|up)\b|\breachable\b|"
                      # "is everyone linked to everyone else", "every team linked to every other"
                      r"\blinked (?:up )?(?:to|with) (?:every|each|all)(?:one|body)?\b|"
                      r"\breach (?:every|all)|\bget to (?:every|all|each)|"
                      r"\bget (?:the |a |an )?\w+ to (?:every|all|each)|\bone (?:\w+ )?web\b|"
                      r"\bdirectly or indirectly\b|"
                      # "can you walk from any hut to any other hut", "between any two towns"
                      r"\bfrom (?:any|every|each) (?:single )?\w+ to (?:any|every|each|all) (?:other|the "
                      r"others?)\b|\bbetween (?:any|every) (?:two|pair of)\b|"
                      r"\breached from (?:every|all|each|any)\b",
                      # the user's words, and the rewrite ("is every ward tied into one
                      # network" → "is the graph weakly connected")
                      f"{st.context.get('asked') or ''} {st.question}", re.IGNORECASE)
    lead = yes_no_lead(st, c.components == 1) if whole and c.pair is None else ""
    if lead and c.strong_components is not None and re.search(
            r"\breach\w*\b|\bget (?:to|from)\b|\bstrongly\b|\bget (?:the |a |an )?\w+ to\b|"
            r"\bfrom (?:any|every|each) (?:single )?\w+ to\b|\breached from\b",
            str(st.context.get("asked") or st.question), re.IGNORECASE):
        lead = yes_no_lead(st, c.strong_components == 1)  # following the edges: strongly connected
    apart = str(st.context.get("asked") or st.question)
    pieces = _ANY_CUT_OFF.search(apart) or _PIECES_ASKED.search(apart)
    one = whole.re.search(apart) if whole and lead else None
    first = bool(one and pieces and one.start() < pieces.start())
    if c.pair is None and pieces and not first:  # ("is it one group? if not, how many
        # separate islands": the first ask's yes or no)
        lead = yes_no_lead(st, c.components > 1)  # "are there families cut off from the rest?",
        # "is the graph disconnected?", "does it have more than one component?"
    if c.pair is None and _CUT_ASKED.search(st.question):  # "is there one person whose
        # departure would split the network": a cut point (or a bridge edge) says yes
        edges = re.search(r"\b(?:edges?|links?|ties?|roads?|cables?|lines?|connections?|"
                          r"trails?|pipes?)\b", st.question, re.IGNORECASE)
        lead = yes_no_lead(st, (c.bridges.total if edges else c.articulation_points.total) > 0)
    if c.pair is None and lead and _ISOLATED_ASKED.search(str(st.context.get("asked")
                                                              or st.question)):
        # "it's in pieces, so are there isolated huts (no connection at all)?": nodes in no
        # edge, which a graph in pieces need not have
        lead = yes_no_lead(st, c.isolates > 0) + f"**{c.isolates}** isolated node(s) (in no edge). "
    # a directed graph's pieces are its weak components: say so, and how many strong ones
    weak = "weakly " if c.connected_by == "weak" else ""
    strong = (f" (ignoring the edges' direction; {c.strong_components} strongly connected "
              "component(s) following it)" if weak and c.strong_components is not None else "")
    if c.pair is None and _LARGEST_SIZE.search(st.question) and len(sizes) >= 1:
        return (f"The largest {weak}connected component has **{sizes[0]}** of the {c.nodes} "
                "nodes" + (f" ({c.components} components in all, of sizes {shown})"
                           if len(sizes) > 1 else " (the graph is one connected piece)")
                + (f"; {strong.strip()[1:-1]}" if strong else "") + ".")
    asked = _piece_figure(c, str(st.context.get("asked") or st.question), weak, shown,
                          set(vocabulary.data_nouns(info.data if (info := st.last_ok(
                              "get_graph_info")) else {}))) \
        if c.pair is None and not lead else None
    if asked:
        return asked
    text = lead + (
            f"The graph has **{c.components} {weak}connected component(s)**"
            + (f" of sizes {shown}" if len(sizes) > 1 else "") + strong
            # "if not, which ones are off on their own": the few outside the largest, named
            + (_outside_largest(c) if c.pair is None and c.components > 1 else "")
            + "; the largest holds "
            f"{_f(c.largest_component_fraction * 100, 1)}% of the nodes. "
            f"{c.articulation_points.total} articulation point(s)"
            + ((f": {cuts}," if every else f" (e.g. {cuts} …)") if cuts else "") +
            f" and {c.bridges.total} bridge edge(s)" + _bridges_named(c)
            + " would each disconnect it if removed.")
    if c.pair is not None and slots.PAIR_CUT.search(str(st.context.get("asked") or st.question)):
        p = c.pair  # "how many links would have to fail to cut A off from B": that number first
        m = re.search(r"\bhow many (?:different |distinct |other |more )?([a-z]+)", st.question,
                      re.IGNORECASE)
        nodes = m is not None and _node_word(st, m.group(1))
        way = " (following the edges' direction)" if st.meaning().get("directed") else ""
        first = (f"**{p.node_connectivity}** node(s) other than the two would have to go"
                 if nodes else f"**{p.edge_connectivity}** edge(s) would have to go")
        return (found_reply(st, _pair_names(st.question) or []) + first +
                f" to cut {p.source} off from {p.target}{way}: edge connectivity "
                f"{p.edge_connectivity}, node connectivity {p.node_connectivity} (independent "
                "paths between them)." + ("" if p.connected else " They are not connected now."))
    if c.pair is not None:
        p = c.pair
        text = (found_reply(st, _pair_names(st.question) or []) + yes_no_lead(st, p.connected) + text +
                f" Between {p.source} and {p.target}: connected={p.connected}, node "
                f"connectivity **{p.node_connectivity}**, edge connectivity "
                f"**{p.edge_connectivity}** (independent paths).")
    return text


def _outside_largest(c: ConnectivityResult) -> str:
    """The nodes outside the largest component, named where they are few (at most 10)."""
    members = [str(m) for row in c.smaller_components for m in row.members]
    outside = c.outside_largest if c.outside_largest is not None else sum(
        row.size for row in c.smaller_components)
    if not members or outside > 10 or len(members) < outside:
        return ""
    return " (outside the largest: " + ", ".join(f"**{m}**" for m in members) + ")"


#: one figure of the pieces asked by name: "how many bridges", "how many cut vertices", "what
#: fraction of the nodes is in the largest component", "the smallest component's size"
#: "how many bridges", "how many of the marriage ties are bridges", "how many lines are
#: single points of failure (bridges)"
_COUNT_BRIDGES = re.compile(r"\b(?:how many|number of|count(?: of)?(?: the)?)\s+(?:[\w-]+\s+){0,5}?"
                            r"(?:(?:are|is)\s+(?:the\s+)?[^.?!]{0,40}?)?"
                            r"bridges?\b(?!\s+(?:between|across|connect))", re.IGNORECASE)
_COUNT_CUTS = re.compile(r"\b(?:how many|number of|count(?: of)?(?: the)?)\s+(?:[\w-]+\s+){0,5}?"
                         r"(?:(?:are|is)\s+(?:the\s+)?[^.?!]{0,40}?)?"
                         r"(?:articulation points?|cut[- ]?(?:vertices|vertex|nodes?|points?))\b",
                         re.IGNORECASE)
#: a count of the parts whose loss alone would split the graph, in words: "how many trail
#: segments would split the network if one washed out", "how many huts are single points of
#: failure", "how many marriage ties are such that losing that one tie would split the
#: families"; the noun says edges (bridges) or nodes (cut points)
_COUNT_SPLITTERS = re.compile(
    r"\b(?:how many|number of)\s+(?P<noun>(?:[\w-]+\s+){0,3}?[\w-]+)\s+(?:are|is|would|could|"
    r"will|whose|that|which)\b[^.?!]{0,100}?\b(?:single points? of failure|split|splits|"
    r"unable to reach|no longer able to reach|"
    r"disconnect\w*|cut (?:\w+ )?off|break\w* (?:\w+ )?(?:apart|up|in two)|fall apart|"
    # "how many of the collabs are a single link that … would leave the network in more pieces"
    r"fragment\w*|(?:leave|leaves|left)\s+(?:the\s+\w+\s+|it\s+)?in\s+more\s+(?:pieces|parts|"
    r"components))\b", re.IGNORECASE)
_NODE_NOUNS = re.compile(r"\b(?:nodes?|vertices|vertex|people|persons?|members?|sites?|stations?|"
                         r"towns?|cities|city|hubs?|junctions?|stops?|places?|users?|accounts?)\b",
                         re.IGNORECASE)
_EDGE_NOUNS = re.compile(r"\b(?:edges?|links?|ties?|roads?|cables?|lines?|connections?|trails?|"
                         r"pipes?|segments?|routes?|marriages?|relationships?|friendships?|"
                         r"streets?|tracks?|rails?|wires?|flights?|bonds?|pairs?)\b", re.IGNORECASE)
#: bridges asked after cut vertices: "how many cut vertices and bridges"
_AND_BRIDGES = re.compile(r"^\W*(?:and|&|,|plus)\s+(?:the\s+)?(?:how many\s+|number of\s+|#\s*)?"
                          r"(?:\w+\s+)?bridges?\b", re.IGNORECASE)
_LARGEST_SHARE = re.compile(r"\b(?:fraction|share|percentage|proportion|percent)\b.*\b(?:largest|"
                            r"biggest|main|giant)\s+(?:connected\s+)?(?:component|piece|part)",
                            re.IGNORECASE)
_SMALLEST = re.compile(r"\b(?:smallest|tiniest)\s+(?:connected\s+)?(?:component|piece|part|"
                       r"island)", re.IGNORECASE)


def _piece_figure(c: ConnectivityResult, q: str, weak: str, shown: str,
                  node_nouns: set[str] = frozenset()) -> str | None:  # type: ignore[assignment]
    """The one figure of the pieces the question names, said first, or None; ``node_nouns``:
    the data's words for its nodes ("pier" on a ``pier_x,pier_y`` table), any other noun
    counted ("crossings") its edges."""
    if c.strong_components is not None and re.search(
            r"\b(?:how many|number of|count(?: of)?(?: the)?)\s+(?:\w+\s+)?strong(?:ly)?(?:[- ]connected)?"
            r"\s+(?:components?|pieces?|parts?)\b", q, re.IGNORECASE):
        return (f"**{c.strong_components} strongly connected** component(s) (following the edges' "
                f"direction); {c.components} weakly connected, ignoring it.")
    cuts = _COUNT_CUTS.search(q)
    bridges = _COUNT_BRIDGES.search(q) or (cuts and _AND_BRIDGES.search(q[cuts.end():]))
    split = _COUNT_SPLITTERS.search(q) if not (cuts or bridges) else None
    if split and re.search(r"\b(?:one|single|alone|by itself|on its own|each)\b", q[split.end("noun"):],
                           re.IGNORECASE):  # the loss of any one of them, not of a named one
        noun = split.group("noun").split()[-1].lower()
        if _EDGE_NOUNS.search(split.group("noun")) or (
                node_nouns and noun.rstrip("s") not in node_nouns and noun not in node_nouns
                and not _NODE_NOUNS.search(noun)):
            bridges = split
        else:
            cuts = split
    said = []
    if cuts:  # "# cut vertices and # bridges": both, each counted
        listed = ", ".join(_who(a) for a in c.articulation_points.items[:10])
        more = " …" if c.articulation_points.total > len(c.articulation_points.items[:10]) else ""
        said.append(f"**{c.articulation_points.total}** articulation point(s) (cut vertices: each "
                    "one's removal would split its piece)" + (f": {listed}{more}." if listed else "."))
    if bridges:
        listed = ", ".join(f"{b.source}–{b.target}" for b in c.bridges.items[:10])
        more = " …" if c.bridges.total > len(c.bridges.items[:10]) else ""
        said.append(f"**{c.bridges.total}** bridge edge(s) (each one's removal would split its "
                    "piece)" + (f": {listed}{more}." if listed else "."))
    if said:
        return " ".join(said)
    sizes = c.component_sizes
    if _LARGEST_SHARE.search(q) and sizes:
        return (f"**{_f(c.largest_component_fraction * 100, 1)}%** of the nodes ({sizes[0]} of "
                f"{c.nodes}) are in the largest {weak}connected component ({c.components} in all"
                + (f", of sizes {shown}" if len(sizes) > 1 else "") + ").")
    if _SMALLEST.search(q) and sizes and len(sizes) == c.components:
        return (f"The smallest {weak}connected component has **{sizes[-1]}** node(s) "
                f"({c.components} components in all, of sizes {shown}).")
    return None


# -- local structure ---------------------------------------------------------------------


def _around_name(q: str) -> str | None:
    return slots.node(q)


def _radius(q: str) -> int:
    return slots.radius(q)


def local_calls(st: PlanState) -> list[Call]:
    name = _around_name(st.question)
    if name is None:  # the average clustering: the plain one unless a weighting is named
        return [Call("local_analysis", {**_local_weight(st)})]
    searches, ids = resolve_names(st, [name])
    if ids is None:
        return searches
    info = _info(st)
    # a directed graph's neighbours are the nodes on either side of its edges (the degree
    # the answer shows counts both); one side is asked as in- or out-neighbours (node_side)
    both = {"direction": "all"} if info is not None and info.directed else {}
    listed = {"limit": _LISTED} if _lists(st) else {}
    return [*searches, Call("local_analysis", {"node": ids[0], "radius": _radius(st.question),
                                               **both, **listed, **_local_weight(st)})]


#: how many neighbours per hop a question that lists them gets named (the tool's limit)
_LISTED = 100


def _lists(st: PlanState) -> bool:
    """Whether the question asks for the neighbours by name ("who are Fantine's neighbours",
    "list everyone within 2 hops of Ana"), not a node's figures."""
    return re.match(r"\s*(?:so\s+|and\s+|now\s+)?(?:who|whom|which|what|list|name|show|give)\b",
                    str(st.context.get("asked") or st.question), re.IGNORECASE) is not None


def _local_weight(st: PlanState) -> dict[str, Any]:
    """A node's clustering coefficient is the plain one unless the question names an edge
    value ("weighted clustering", "by papers"): the graph's default weight is not applied."""
    from igraph_agent.model.weights import asked_weight

    if re.search(r"\bweighted\b", st.question, re.IGNORECASE):
        return {}
    choice = asked_weight(st.question, st.meaning())
    return {"weight": choice.column} if choice.why == "named" else {"weight": None}


_SIDES = {"all": " (edges in either direction)", "out": " (following its out-edges)",
          "in": " (following its in-edges)"}


def _weighed(use: dict | None) -> str:
    """`` (weighted by 1/km)``, or nothing when unweighted (the usual reading)."""
    if not use or not use.get("attribute"):
        return ""
    return f" (weighted by {'1/' if use.get('inverted') else ''}{use['attribute']})"


def local_render(st: PlanState, obs: list[Observed]) -> str:
    d = next((o.typed(LocalAnalysisResult) for o in obs if o.tool == "local_analysis"), None)
    name = _around_name(st.question)
    if d is None:
        return unresolved_names(st, [name] if name else [])
    if "node" not in d.model_fields_set:
        return (f"Average clustering is **{_f(d.average_clustering)}**{_weighed(d.weight_used)} "
                f"and transitivity "
                f"{_f(d.transitivity)}; the innermost k-core is the **{d.max_core}-core** "
                f"with {d.max_core_size} nodes.")
    shown = _LISTED if _lists(st) else 12  # "who are Fantine's neighbours": every one
    hops = "; ".join(f"{h.count} node(s) at hop {h.hop} (" +
                     ("" if h.count <= min(shown, len(h.nodes)) else "e.g. ") +
                     ", ".join(_who(n) for n in h.nodes[:shown]) + ")"
                     for h in d.neighbours_by_hop or [])
    ego = d.ego_network
    assert ego is not None  # a node's analysis always has its ego network
    first = (d.neighbours_by_hop or [None])[0]
    if st.meaning().get("directed") and first is not None and first.hop == 1 and \
            _PARTNERS_COUNTED.search(str(st.context.get("asked") or st.question)):
        # "how many people has Zeke exchanged notes with, either way": its distinct partners,
        # never its degree (each partner once, though edges run both ways)
        return (found_reply(st, [name] if name else []) +
                f"{_who(d)} has **{first.count}** distinct neighbour(s){_SIDES.get(d.direction or '', '')}: "
                + ", ".join(_who(n) for n in first.nodes[:_LISTED]) +
                (" …" if first.count > len(first.nodes[:_LISTED]) else "") +
                f" (degree {d.degree}, counting each edge each way).")
    return (found_reply(st, [name] if name else []) + _neighbours_lead(st, d) +
            f"{_who(d)} has degree **{d.degree}**, clustering coefficient "
            f"**{_f(d.clustering)}**{_weighed(d.weight_used)} and core number {d.core_number} (the maximum core is "
            f"{d.max_core}). Neighbourhood{_SIDES.get(d.direction or '', '')}: {hops or 'none'}. "
            f"Its {d.radius}-hop ego network "
            f"has {ego.nodes} nodes and {ego.edges} edges (density {_f(ego.density)}).")


#: a count of one node's partners on a directed graph ("how many neighbours does Zeke have",
#: "how many different people has Zeke exchanged notes with"), not its degree
_PARTNERS_COUNTED = re.compile(r"\bhow\s+many\s+(?:other\s+|different\s+|distinct\s+|separate\s+|unique\s+)*"
                               r"(?:neighbou?rs|partners|contacts|people|persons|others|nodes|"
                               r"members|colleagues|crew|staff|users|accounts)\b", re.IGNORECASE)


#: a node's figure asked ("what is Uma's degree"), not its neighbours' names
_FIGURE_ASKED = re.compile(r"\b(?:degree|how many|number|count|clustering|core|coefficient|"
                           r"ego|figures?|stats?|statistics|density)\b", re.IGNORECASE)


def _neighbours_lead(st: PlanState, d: LocalAnalysisResult) -> str:
    """"**Hugo**'s 4 neighbours: **Elif**, **Priya**, **Rosa**, **Tariq**. " when the question
    asks for a node's neighbours by name (the list first, its figures after), else ""."""
    first = (d.neighbours_by_hop or [None])[0]
    if not _lists(st) or first is None or first.hop != 1 or first.count > len(first.nodes) \
            or first.count > _LISTED or d.radius != 1 or _FIGURE_ASKED.search(
                str(st.context.get("asked") or st.question)):
        return ""
    way = {"out": " (following its out-edges)", "in": " (following its in-edges)"}.get(
        d.direction or "", "")
    names = ", ".join(f"**{_who(n)}**" for n in first.nodes)
    return f"**{_who(d)}**'s {first.count} neighbour(s){way}: {names or 'none'}. "


# -- subgraph ----------------------------------------------------------------------------
_COMMUNITY_N = re.compile(r"community\s+(?:number\s+|#)?(\d+)", re.IGNORECASE)
_SAVE = re.compile(r"\bsave|new (version|revision)|as a version|create (a )?(version|revision)",
                   re.IGNORECASE)


def subgraph_calls(st: PlanState) -> list[Call]:
    save = bool(_SAVE.search(st.question))
    community = _COMMUNITY_N.search(st.question)
    if community:
        detect = Call("community_detection", {**partition_args(st), "top_k": 10, "members": _MEMBERS})
        if st.done(detect) is None:
            return [detect]
        return [detect, Call("subgraph_extraction", {"community": int(community.group(1)),
                                                     "create_version": save})]
    name = _around_name(st.question)
    if name is None:
        return []
    searches, ids = resolve_names(st, [name])
    if ids is None:
        return searches
    return [*searches, Call("subgraph_extraction", {"center": ids[0], "radius":
                                                    _radius(st.question), "create_version": save})]


def subgraph_render(st: PlanState, obs: list[Observed]) -> str:
    d = next((o.typed(SubgraphExtractionResult) for o in obs if o.tool == "subgraph_extraction"),
             None)
    if d is None:
        name = _around_name(st.question)
        if name:
            return unresolved_names(st, [name])
        return ("Say which part to extract: around a node (e.g. the subgraph around Alice) or a "
                "community number from a community detection.")
    text = (f"The selection has **{d.nodes} nodes** and **{d.edges} edges** "
            f"({_f(d.fraction_of_graph * 100, 1)}% of the nodes, density {_f(d.density)}, "
            f"{d.components} component(s)).")
    if d.create_version:
        text += (f" It was saved as revision **{d.revision}** of {d.dataset_id} and is now "
                 "the loaded graph.")
    else:
        text += " This was a read-only preview; ask to save it as a new version to keep it."
    return text


# -- comparison and statistics -----------------------------------------------------------
_COMPARE = re.compile(r"compare\s+(.+?)" + _END + r"|\b(?:jaccard|similarity|overlap)\b.*?\b(?:between|of|for)"
                      r"\s+(.+?)" + _END, re.IGNORECASE)


def _compare_names(q: str) -> list[str] | None:
    pair = head_to_head.two_names(q)
    if pair:
        return list(pair)
    m = _COMPARE.search(q)
    text = (m.group(1) or m.group(2)) if m else None
    if text is None:
        pair = re.search(r"(.+?)\s+(?:vs\.?|versus)\s+(.+?)" + _END, q, re.IGNORECASE)
        if not pair:
            return None
        text = f"{pair.group(1).split()[-1]} and {pair.group(2)}"
    parts = [_clean(re.sub(r"^the\s+", "", p.strip(), flags=re.IGNORECASE))
             for p in re.split(r",\s*|\s+(?:and|with|to|vs\.?|versus)\s+", text) if p]
    parts = [p for p in parts if p]
    return parts if 2 <= len(parts) <= 10 else None


def compare_calls(st: PlanState) -> list[Call]:
    names = _compare_names(st.question)
    if not names:
        return []
    searches, ids = resolve_names(st, names)
    if ids is None:
        return searches
    return [*searches, Call("compare_nodes", {"nodes": list(dict.fromkeys(ids))})]


def compare_render(st: PlanState, obs: list[Observed]) -> str:
    d = next((o.typed(CompareNodesResult) for o in obs if o.tool == "compare_nodes"), None)
    names = _compare_names(st.question) or []
    if d is None:
        return unresolved_names(st, names) if names else "Name the nodes to compare."
    rows = [f"- {_who(r)}: degree {r.degree}, pagerank {_f(r.pagerank)}, clustering "
            f"{_f(r.clustering)}, core {r.core_number}" +
            (f", community {r.community}" if "community" in r.model_fields_set else "")
            for r in d.nodes]
    pairs = [f"- {p.a} and {p.b}: distance {p.distance}, {p.common_neighbours} common "
             f"neighbour(s), Jaccard {_f(p.jaccard)}" for p in d.pairs[:10]]
    if len(d.pairs) == 1 and re.search(r"\bjaccard\b|\bsimilarity\b|\boverlap\b", st.question,
                                       re.IGNORECASE):  # the one figure asked, first
        p = d.pairs[0]
        return (found_reply(st, names) + f"The Jaccard similarity of {p.a}'s and {p.b}'s "
                f"neighbourhoods is **{_f(p.jaccard)}** ({p.common_neighbours} common "
                f"neighbour(s); distance {p.distance} hop(s)).")
    return (found_reply(st, names) + _head_to_head(st, d) +
            f"Side by side{_weighed(d.weight_used)}:\n" + "\n".join(rows)
            + "\n\nPairs (distance in hops):\n" + "\n".join(pairs))


#: which of compare_nodes' figures a head-to-head question asks about, by its words
_HEAD_MEASURES = [(r"page\s?rank|important|influen|central", "pagerank"),
                  (r"clustering|clustered", "clustering"), (r"\bcore\b", "core_number"),
                  (r"connected|ties|links?\b|connections|neighbou?rs|contacts|degree|friends|"
                   r"partners", "degree")]


def _head_to_head(st: PlanState, d: CompareNodesResult) -> str:
    """The verdict of "who has more ties, A or B" / "is A better connected than B" first, on
    the figure its words name; "" when it names another (a measure compare_nodes does not
    give, an edge value, a direction's verb on a directed graph)."""
    pair = head_to_head.two_names(st.question)
    if not pair or len(d.nodes) != 2 or re.search(r"betwe+n|closeness|eigenvector",
                                                  st.question, re.IGNORECASE):
        return ""
    field = next((f for rx, f in _HEAD_MEASURES if re.search(rx, st.question, re.IGNORECASE)),
                 None)
    if field is None:
        return ""
    a, b = d.nodes
    what = {"pagerank": "PageRank", "core_number": "core number"}.get(field, field)
    va, vb = getattr(a, field), getattr(b, field)
    shown = (_f(va), _f(vb)) if isinstance(va, float) else None
    return head_to_head.verdict(st.question, str(a.node), va, str(b.node), vb, what,
                                shown) + " "


def stats_calls(st: PlanState) -> list[Call]:
    return [Call("summary_statistics", slots.figure_weight(st.question, st.meaning()))]


def stats_render(st: PlanState, obs: list[Observed]) -> str:
    d = obs[0].typed(SummaryStatisticsResult)
    approx = " (estimated from sampled sources)" if d.paths_approximate else ""
    return (f"The graph has **{d.nodes} nodes** and **{d.edges} edges** (density "
            f"{d.density}); degree mean {_f(d.degree.mean, 2)}, median "
            f"{d.degree.median}, max {d.degree.max}. {d.components} "
            f"{'weakly connected ' if d.directed else ''}component(s); "
            f"the largest holds {_f(d.largest_component.fraction * 100, 1)}% of the nodes. "
            f"Average clustering {_f(d.average_clustering)}, transitivity "
            f"{_f(d.transitivity)}, degree assortativity {d.degree_assortativity}. Average "
            f"shortest path {shown(d.average_path_length)} and diameter {shown(d.diameter)}"
            f"{slots.path_unit_words(d.path_unit, d.weight_used)}{approx}"
            f"{f' (on {d.paths_over})' if d.directed and d.paths_over else ''}.")


# -- the table ---------------------------------------------------------------------------
# (name, pattern, calls, render, method) in the order their calls are emitted.
ANALYSIS_INTENTS = [
    ("bridges", _rx(r"connect\w*\s+(?:\w+\s+){0,3}communit", r"bridg\w*\s+(?:nodes?|between)",
                    r"between (?:the |different |several )?communities", r"span\w*\s+(?:\w+\s+){0,2}communit",
                    r"participation", r"brokers? between"),
     bridge_calls, bridge_render, "bridge nodes: neighbour communities and participation coefficient"),
    ("communities", _rx(r"communit", r"\bclusters?\b", r"modularity", r"\bpartition"),
     community_calls, community_render, "community detection (cdlib / leidenalg / python-igraph)"),
    ("node_community", _COMMUNITY_OF, node_community_calls, node_community_render,
     "one node's community, or whether two nodes share one (community_detection nodes=)"),
    ("path", _rx(r"\bpath\b", r"\broute\b", r"\bdistance (?:from|between)", r"how far",
                 r"\bhops? (?:from|between)"),
     path_calls, path_render, "shortest path (networkx bidirectional search)"),
    ("connectivity", _rx(r"connectivity", r"connected components?", r"\bcomponents?\b",
                         r"articulation", r"cut (?:vertex|vertices|nodes?|edges?)",
                         r"single points? of failure", r"\bbridges\b(?!\s+between)",
                         r"\bbridge edges?", r"disconnect", r"how (?:well )?connected"),
     connectivity_calls, connectivity_render, "connectivity: components, cut nodes and bridges"),
    ("local", _rx(r"neighbou?rhood", r"neighbou?rs of", r"\bego\b", r"clustering coefficient",
                  r"k-?cores?\b", r"\bcore number", r"local (?:structure|analysis)"),
     local_calls, local_render, "local structure (ego network, clustering, k-core)"),
    ("subgraph", _rx(r"subgraph", r"\bextract", r"\bkeep only", r"new (?:version|revision)"),
     subgraph_calls, subgraph_render, "subgraph extraction"),
    ("compare", _rx(r"\bcompare\b", r"\bvs\.?\s", r"\bversus\b", r"\bjaccard\b",
                    head_to_head.ASKED,
                    r"\b(?:neighbou?rhood|neighbou?r) (?:similarity|overlap)\b"),
     compare_calls, compare_render, "node comparison"),
    ("statistics", _rx(r"statistic", r"\bstats\b", r"assortativ", r"diameter",
                       r"average (?:shortest )?path", r"transitivity", r"density", r"key figures"),
     stats_calls, stats_render, "summary statistics"),
    ("edge_search", _rx(r"\b(?:find|search|look ?up|which|what)\b.*\b(?:edges?|links?|relationships?)\s+"
                        r"(?:between|from)"),
     edge_search_calls, edge_search_render, "edge search (fuzzy)"),
    ("search", _rx(r"\bfind (?:the )?(?:node|id)", r"\bsearch\b", r"\blook ?up\b",
                   r"\bis there (?:a |an )?(?:node|customer|character|person|user)",
                   r"\bid of\b", r"\bwhich node is\b"),
     search_calls, search_render, "node search (fuzzy)"),
]
