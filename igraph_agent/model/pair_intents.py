"""Offline-planner intents about a node's neighbours ranked, and pairs linked both ways:

* ``neighbour_rank``: "of Dogwood's neighbours, who has the highest degree", "which of
  Ana's contacts is most central", "among Ravi's neighbours, who earns the most":
  ``nodes_by_measure(neighbours_of=X)`` by degree, a named centrality or a numeric node
  attribute, every tied node named;
* ``mutual_pairs``: "who follows each other", "how many pairs link both ways", "which
  pairs are mutual" on a directed graph: ``direction_analysis``' ``mutual`` (the pairs with an
  edge each way). On an undirected graph every edge links both ways, so the planner asks
  what is meant; a named pair ("do Ana and Chen message each other") is the pair intent's.

``intents.py`` registers them.
"""

from __future__ import annotations

import re

from igraph_agent.figures import shown
from igraph_agent.model import slots
from igraph_agent.model.planstate import Call, Observed, PlanState
from igraph_agent.model.registry import Intent, t
from igraph_agent.results.counting import NodesByMeasureResult
from igraph_agent.results.semantics import DirectionAnalysisResult

_NEAR = (r"(?:neighbou?rs|contacts|friends|colleagues|connections|coauthors|co-authors|"
         r"partners|collaborators|links|ties|direct \w+|[a-z]{2,}mates)")
#: "the best-connected neighbour of Ana", "the most central friend of r12"
_BEST_OF = (r"\b(?:most|best|highest|least|lowest)[- ](?:well[- ])?(?:connected|central|linked|"
            r"degree)\s+(?:neighbou?r|contact|friend|colleague|connection|coauthor|co-author|"
            r"partner|collaborator|[a-z]{2,}mate)s?\s+of\s+(?P<x>[\w .'-]+?)\s*[?.!]*\s*$")
_OF = [re.compile(p, re.IGNORECASE) for p in (
    rf"\b(?:of|among|amongst|from)\s+(?P<x>[\w .'-]+?)(?:'s|’s|')\s+(?:\w+\s+)?{_NEAR}\b",
    rf"\b(?:of|among|amongst|from)\s+(?:the\s+)?{_NEAR}\s+of\s+(?P<x>[\w .'-]+?)\s*[,?]",
    rf"\bwhich\s+(?:one\s+)?of\s+(?P<x>[\w .'-]+?)(?:'s|’s|')\s+{_NEAR}\b",
    r"\b(?P<x>[\w .'-]+?)(?:'s|’s|')\s+(?:most|best|highest)[- ](?:connected|central|paid)\s+"
    r"(?:neighbou?r|contact|friend|colleague|connection|coauthor|partner)\b",
    _BEST_OF,
    # "of the families the Medici married into, …", "among the people Ana works with, …":
    # the nodes a named node is linked to, said with a verb (undirected graphs only)
    r"^\s*(?:of|among|amongst)\s+(?:all\s+)?the\s+[a-z]+s\s+(?:that\s+|who\s+|whom\s+|which\s+)?"
    r"(?:the\s+)?(?P<x>(?-i:[A-Z][\w.'-]*)|[a-z]+\d+)\s+(?:has\s+|have\s+|had\s+)?[a-z]+"
    r"(?:\s+(?:into|with|to|alongside|for))?\s*,")]
#: the verb-clause form of :data:`_OF` (its last): which way the verb goes is not known
_VERB_OF = len(_OF) - 1
_RANKED = re.compile(r"\b(?:most|highest|largest|biggest|best|top|least|lowest|fewest|"
                     r"smallest)\b", re.IGNORECASE)
_LOW = re.compile(r"\b(?:least|lowest|fewest|smallest)\b", re.IGNORECASE)
_MEASURES = [(r"betwe+n+e*ss|broker", "betweenness"), (r"closeness", "closeness"),
             (r"pagerank|page rank|central|important|influen", "pagerank"),
             (r"clustering", "clustering")]


def _centre(st: PlanState) -> str | None:
    sides = [str(x) for x in (st.meaning().get("modes") or {}).get("sides") or {}]
    if len(sides) == 2:  # "which of Lyon's players": a two-mode node's partners, by their side
        said = "|".join(re.escape(w) for x in sides for w in {x, x.rstrip("s")})
        m = re.search(rf"\b(?:which|who|of|among|amongst)\s+(?:one\s+)?(?:of\s+)?"
                      rf"(?P<x>(?-i:[A-Z])[\w.'-]*|[a-z]+\d+)(?:'s|’s|')\s+(?:{said})\b",
                      st.question, re.IGNORECASE)
        if m:
            return m.group("x")
    for n, rx in enumerate(_OF):
        m = rx.search(st.question)
        if m and n == _VERB_OF and st.meaning().get("directed"):
            return None  # "of the papers paper00 cites": one side of its edges
        if m:
            name = m.group("x").strip()
            if slots.node(f"of {name}") in (slots.HUB, slots.CENTRAL):
                return None  # "the member with the highest betweenness": a first step's
            name = re.sub(r"^(?:the|all|all of|each of|any of)\s+", "", name, flags=re.IGNORECASE)
            return name if name and name.lower() not in {"their", "its", "his", "her", "my",
                                                          "your", "our", "the node"} else None
    return None


def _measure(st: PlanState) -> dict:
    from igraph_agent.model.attribute_intents import asked_attribute

    attr = asked_attribute(st)
    if attr is not None:
        return {"measure": "attribute", "attribute": attr}
    from igraph_agent.model.weights import named_weight

    edge = named_weight(st.question, st.meaning())  # "which of its players has the most apps":
    if edge and (st.meaning().get("weights") or {}).get(edge) != "distance":  # their totals
        return {"measure": "strength", "weight": edge}
    for rx, m in _MEASURES:
        if re.search(rx, st.question, re.IGNORECASE):
            return {"measure": m}
    return {"measure": "degree"}


#: a condition on the neighbours, not a ranking of them: "which of Cleo's coauthors also
#: work with the best-connected author" (the ranked word names another node)
_SUBSET = re.compile(r"\balso\b|\b(?:with|to|by)\s+the\s+(?:best|most|highest|top)[- ]"
                     r"(?:connected|central|ranked|paid|cited|linked)\b", re.IGNORECASE)


def _rank_applies(st: PlanState) -> bool:
    return _centre(st) is not None and bool(_RANKED.search(st.question)) and \
        not slots.threshold(st.question) and not _SUBSET.search(st.question)


def _rank_calls(st: PlanState) -> list[Call]:
    from igraph_agent.model.graph_intents import resolve_names

    name = _centre(st)
    if not _rank_applies(st) or name is None:
        return []
    searches, ids = resolve_names(st, [name])
    if ids is None:
        return searches
    return [*searches, Call("nodes_by_measure", {**_measure(st), "neighbours_of": ids[0],
                                                 "limit": 10,
                                                 "lowest_first": bool(_LOW.search(st.question))})]


def _rank_render(st: PlanState, obs: list[Observed]) -> str:
    from igraph_agent.model.graph_intents import unresolved_names

    o = next((o for o in obs if o.tool == "nodes_by_measure"), None)
    if o is None:
        return unresolved_names(st, [_centre(st) or ""])
    d = o.typed(NodesByMeasureResult)
    what = d.attribute if d.measure == "attribute" else f"{o.args['weight']} total" if \
        d.measure == "strength" and o.args.get("weight") else d.measure.replace("_", " ")
    if not d.nodes:
        return f"{d.neighbours_of} has no neighbours with a value of {what}."
    best = d.nodes[0].value
    tied = [str(r.node) for r in d.nodes if r.value == best]
    rest = ", ".join(f"{r.node} ({shown(r.value)})" for r in d.nodes[len(tied):5])
    low = bool(o.args.get("lowest_first"))
    return (f"Of {d.neighbours_of}'s {d.of} neighbours, the {'lowest' if low else 'highest'} "
            f"{what} is " + " and ".join(f"**{n}**" for n in tied) + f" ({shown(best)})"
            + (f"; then {rest}" if rest else "") + ".")


#: "would cut the airports off from each other": apart, not linked both ways
_APART = re.compile(r"\b(?:off|apart|away|separated?|disconnected|isolated|cut)\s+from\s+"
                    r"(?:each other|one another)\b", re.IGNORECASE)
_MUTUAL = re.compile(r"\beach other\b|\bone another\b|\bboth ways\b|\bboth directions\b|"
                     r"\bmutual(?:ly)?\b|\breciproc\w*|\bfollow(?:s|ed)? (?:\w+ )?back\b|"
                     r"\btwo-way\b|\bin both directions\b|"
                     # "anyone who mentors their own mentor", "who pays back their own lender"
                     r"\b(?!(?:on|in|of|by|at|than|from|with|for|about|as|like|to|into|over|under)\b)[a-z]+\s+"
                     r"(?:back\s+)?(?:to\s+)?(?:their|his|her)\s+"
                     r"own\s+(?!(?:island|piece|part|component|group|bit|cluster|network|side|club|"
                     r"team|department|faction|party|class|kind|type|division|unit|country|region|"
                     r"league|house|tribe|clan|camp|community|lab|office|floor|zone|ward)s?\b)"
                     r"[a-z]+\b|"
                     # "routes that have a return route", "one running the other way"
                     r"\b(?:have|has|had|with|get|gets|got)\s+(?:a |an |any )?(?:return|reverse|"
                     r"matching return)\s+[a-z]+|\b(?:running|going|pointing|flowing|sailing|"
                     r"heading|back)\s+the\s+(?:other|opposite|reverse)\s+(?:way|direction)\b|"
                     # "legs that have a leg back", "has a flight back"
                     r"\b(?:have|has|had|with|get|gets|got)\s+(?:a |an |any |one )?[a-z]+\s+back\b|"
                     # "a paper that cites it back", "someone who calls them back"
                     r"\b[a-z]+s\s+(?:it|them|him|her)\s+back\b|"
                     # "what share of vouches are returned": an edge with one back
                     r"\b(?:are|is|were|was|get|gets|got|been)\s+returned\b|"
                     # "how often is help returned", "how often are favours repaid"
                     r"\bhow often (?:is|are|do|does) (?:\w+ ){1,2}(?:returned|repaid|"
                     r"reciprocated|given back)\b", re.IGNORECASE)


#: "all know each other" (a clique), "triples of mutually linked", "neighbours know each
#: other" (clustering), "treat links as two-way" (weak components): not pairs linked both ways
_NOT_PAIRS = re.compile(r"\ball\b|\bgroups?\b|\bcliques?\b|\btriples?\b|\btriangles?\b|"
                        r"\bneighbou?rs\b|\bshare\b(?!\s+of\b)|\bparts?\b|\bpieces?\b|\bcomponents?\b|"
                        r"\btreat|\bas (?:two-way|undirected)|\bignor|\bundirected\b|\bcycles?\b|"
                        r"\bloops?\b", re.IGNORECASE)


def _own_group(st: PlanState) -> bool:
    """Whether "their own <word>" names the graph's grouping ("stick to their own crew"): the
    groups' mixing, never pairs linked both ways."""
    from igraph_agent.model.vocabulary import groupings

    said = re.findall(r"\b(?:(?:their|his|her|its)\s+own|(?:the\s+)?same)\s+([a-z]+)", st.question,
                      re.IGNORECASE)  # "only pairs inside the same institute" too
    groups = {a.lower() for a in groupings(st.meaning())}
    return any(w.lower() in groups or w.lower().rstrip("s") in groups for w in said)


def _mutual_applies(st: PlanState) -> bool:
    return bool(_MUTUAL.search(st.question)) and not slots.named(st.question) and \
        not _NOT_PAIRS.search(st.question) and not _own_group(st) and \
        bool(re.search(r"\b(?:who|which|what|how many|list|name|count|number|are there|any|"
                       r"anyone|anybody|someone|somebody|how often|reciprocity|give me|"
                       r"tell me|show me)\b",
                       st.question, re.IGNORECASE))


def _mutual_calls(st: PlanState) -> list[Call]:
    if not _mutual_applies(st) or not st.meaning().get("directed"):
        return []
    return [Call("direction_analysis", {})]


def _mutual_clarify(st: PlanState) -> str | None:
    if _mutual_applies(st) and not st.meaning().get("directed"):
        return ("This graph is undirected: every edge links both ways, so every linked pair is "
                "'mutual'. Do you mean how many pairs are linked (the edge count), or did the "
                "table have a direction (load it as directed)?")
    return None


#: a share asked, not a count: "what fraction of the links are reciprocated"
_SHARE = re.compile(r"\b(?:fraction|share|proportion|percent(?:age)?|ratio|what part|how much)\s+"
                    r"of\s+(?:the\s+|all\s+|our\s+)?([a-z]+)", re.IGNORECASE)


def _share_of(st: PlanState, word: str) -> str:
    """Whether a share is of the nodes ("of accounts"), of the edges ("of the links", "of
    the payments") or unclear ("" : both are given)."""
    from igraph_agent.model import vocabulary

    info = st.last_ok("get_graph_info")
    data = info.data if info else {}
    one, many = vocabulary.noun(st.question, data)
    w = word.lower()
    nodes = {one, many, *vocabulary.data_nouns(data), "node", "vertice", "vertex", "people",
             "person", "user", "account", "member"}
    if w in nodes or w.rstrip("s") in nodes:
        return "nodes"
    if re.fullmatch(_EDGE_WORDS, w):
        return "edges"
    return ""


#: the words for an edge a share may be of
_EDGE_WORDS = (r"(?:edges?|links?|ties?|connections?|arcs?|relationships?|payments?|transfers?|"
               r"calls?|emails?|messages?|citations?|follows?|loans?|orders?|shipments?|flows?|"
               r"routes?|services?|crossings?|flights?|legs?|lanes?|lines?)")


def _mutual_render(st: PlanState, obs: list[Observed]) -> str:
    d = obs[0].typed(DirectionAnalysisResult)
    m = d.mutual
    if m is None:
        return "The mutual pairs could not be read."
    # "are there any mutual pings?": the verdict first, then the pairs
    verdict = slots.asked_kind(str(st.context.get("asked") or st.question)) == "yesno"
    if not m.pairs:
        return ("**No** — no" if verdict else "**None** — no") + (
            f" pair is linked both ways ({d.edges} edges, each one way only).")
    if verdict:
        return "**Yes** — " + _mutual_listed(st, d)
    return _mutual_listed(st, d)


def _mutual_listed(st: PlanState, d: DirectionAnalysisResult) -> str:
    m = d.mutual
    assert m is not None
    listed = "; ".join(f"{p.a} ↔ {p.b}" for p in m.listed)
    more = " …" if m.pairs > len(m.listed) else ""
    share = _SHARE.search(st.question)
    if (share or re.search(r"\breciprocity\b", st.question, re.IGNORECASE)) and \
            m.edge_share is not None and m.node_share is not None:
        whose = _share_of(st, share.group(1)) if share else "edges"
        edges = (f"of the {d.edges} edges, **{shown(m.edge_share)}** are reciprocated (have an "
                 f"edge back)")
        nodes = (f"of the {d.nodes} nodes, **{shown(m.node_share)}** ({m.nodes}) are in a pair "
                 "linked both ways")
        pairs = f"{m.pairs} pair(s): {listed}{more}"
        if whose == "edges":
            return f"{edges[0].upper()}{edges[1:]} ({pairs})."
        if whose == "nodes":
            return f"{nodes[0].upper()}{nodes[1:]} ({pairs})."
        return f"{edges[0].upper()}{edges[1:]}; {nodes} ({pairs})."
    # (the share the tool gives, not a count made here: every figure is one a tool showed)
    back = "" if m.edge_share is None else \
        f" (a share of {shown(m.edge_share)} of the {d.edges} edges have an edge back" + (
            f"; {m.one_way_edges} edge(s) run one way only" if m.one_way_edges is not None
            else "") + ".)"
    return (f"**{m.pairs}** pair(s) are linked both ways (an edge each way), {m.nodes} nodes "
            f"in all: {listed}{more}.{back}")


PAIR_INTENTS = [
    Intent("neighbour_rank", t(0.5, _NEAR, _OF[_VERB_OF].pattern, _BEST_OF,
                               r"\b(?:which|who)\s+(?:one\s+)?of\s+\S+(?:'s|’s)\s+\w+\b.*\b(?:most|"
                               r"highest|largest|least|fewest|lowest|top|best)\b"),
           _rank_calls, _rank_render,
           "one node's neighbours ranked (nodes_by_measure neighbours_of)", group="ranking",
           bonus=lambda st: 5.0 if _rank_applies(st) else -10.0,  # over attribute_rank's
           hint="a node's neighbours ranked by degree, a centrality or an attribute",
           answers=frozenset({"node", "list", "value"}),
           # "weight": ranked by their totals of the edge value the question names
           covers=frozenset({"entity", "bottom", "filter", "restriction", "weight"})),
    Intent("mutual_pairs", t(0.5, _MUTUAL.pattern), _mutual_calls, _mutual_render,
           "the pairs linked both ways (direction_analysis mutual)", group="directed",
           # "the two nodes farthest from each other": the diameter
           negatives=[re.compile(slots.DIAMETER_WORDS, re.IGNORECASE), _APART,
                      # "could no longer reach each other": a path, not a tie both ways
                      re.compile(r"\b(?:reach|get\s+to|travel\s+to|sail\s+to|drive\s+to)\s+"
                                 r"(?:each\s+other|one\s+another)\b", re.IGNORECASE)],
           bonus=lambda st: 3.0 if _mutual_applies(st) else -10.0, clarify=_mutual_clarify,
           hint="the pairs linked both ways",
           answers=frozenset({"count", "list", "pair", "yesno", "value"}),
           covers=frozenset({"direction"})),
]
