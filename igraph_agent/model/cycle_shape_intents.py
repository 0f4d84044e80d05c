"""Offline-planner intents about an undirected graph's cycles counted and its planarity:

* ``cycle_total``: "how many cycles are there", "the number of loops in the network": the
  independent cycles (the cycle rank, edges - nodes + components: a cycle basis's size) and
  every simple cycle counted (``connectivity(shape=True)``, capped); a directed graph's
  cycles follow the edges (``directed_intents.py``).
* ``self_loops``: "how many self-loops are there", "does any node link to itself": the edges
  from a node to itself (``connectivity(shape=True)``).
* ``cycle_cut``: "how many edges would I need to remove to make it a forest", "the fewest
  links to cut so no loop is left": the cycle rank (the edges beyond a spanning forest).
* ``planar``: "is the network planar", "can it be drawn without edges crossing":
  networkx's ``is_planar`` on the simple undirected graph (``connectivity(shape=True)``).

``intents.py`` registers them.

Example::

    >>> bool(_CYCLE_COUNT.search("how many cycles are there?")), bool(PLANAR.search("is it planar?"))
    (True, True)
"""

from __future__ import annotations

import re

from igraph_agent.model import slots
from igraph_agent.model.planstate import Call, Observed, PlanState
from igraph_agent.model.registry import Intent, t
from igraph_agent.results.paths import ConnectivityResult

#: "how many cycles", "the number of loops", "count the circuits" (not triangles, not a
#: named node's, not of one length)
_CYCLE_COUNT = re.compile(r"\b(?:how many|number of|count(?:\s+of)?(?:\s+the)?|total)\s+(?:\w+\s+)?"
                          r"(?:cycles|loops|circuits|closed (?:paths|walks|loops))\b", re.IGNORECASE)
_NOT_ALL = re.compile(r"\b(?:of (?:length|size)|\d+-cycles?|triangles?|self-?loops?|through|"
                      r"containing|longest|shortest|smallest|largest|if|without|remov)\b",
                      re.IGNORECASE)
#: "is it planar", "can it be drawn without crossings", "embedded in the plane"
PLANAR = re.compile(r"\bplanar(?:ity)?\b|\bwithout (?:any )?(?:two )?(?:(?:of )?(?:the |its )?"
                    r"(?:[a-z]+ )?(?:edges?|lines?|links?|ties?|paths?|roads?|trails?|routes?|arrows?|"
                    r"wires?|cables?|connections?) )?(?:ever )?cross(?:ing|es)?\b|"
                    r"\bno (?:two )?(?:edges?|lines?|links?|ties?|paths?|roads?|trails?|routes?|"
                    r"connections?|segments?|tracks?|streets?|pipes?) (?:ever )?cross(?:ing)?\b|"
                    # "could the track map be drawn flat on paper"
                    r"\bdrawn\s+(?:out\s+)?flat\b|"
                    r"\bin the plane\b", re.IGNORECASE)


#: "how many self-loops", "does any node link to itself", "edges from a node to itself"
_SELF_LOOPS = re.compile(r"\bself[- ]?loops?\b|\bself[- ]?edges?\b|"
                         # "deputising for themselves", "hand over to themself"
                         r"\b(?:anyone|anybody|someone|somebody|any\s+\w+|one|who)\b[^?]{0,60}?\b[a-z]+(?:s|es|ed|ing)?"
                         r"\s+(?:for|to|with)\s+(?:themselves|themself|himself|herself|itself)\b|"
                         # the data's own tie done to itself: "a self-sample row",
                         # "self-citations", "self-referrals"
                         r"\bself-(?!contain|suffic|report|employ|evident|service|driv|made|taught|"
                         r"organi[sz]|help|esteem|aware|conscious|control|interest|storage|check|"
                         r"assess|paced|serve|start)[a-z]{4,}\b|\b(?:link|connect|point|tie)s?(?:ed)?\s+"
                         r"(?:back\s+)?to\s+(?:itself|themselves)\b|\b(?:edges?|links?|ties?)\s+from\s+"
                         r"an?\s+\w+\s+to\s+itself\b|\bloops?\s+on\s+(?:the\s+same|one|a\s+single)\s+\w+|"
                         # in the data's words: "calls where the caller and the callee are the
                         # same number", "did any number call itself", "shipments from a depot
                         # to the same depot", "rows whose two ends are the same"
                         r"\b(?:where|whose|with|in which)\s+(?:the\s+|its\s+|their\s+)?[a-z]+\s+and\s+"
                         r"(?:the\s+|its\s+|their\s+)?[a-z]+\s+(?:are|is|were|was|being)\s+(?:the\s+|one and "
                         r"the\s+)?(?:same|identical)\b|"
                         r"\b(?:both|two)\s+(?:ends|endpoints|end\s?points)\s+(?:are|is|were|being)\s+the\s+same\b|"
                         r"\bfrom\s+(?:a|an|one|the)\s+([a-z]+)\s+to\s+(?:itself|the\s+same\s+\1)\b|"
                         # "any roads that start and end at the same warehouse"
                         r"\b(?:start|begin|leave|depart)s?\s+(?:and|&)\s+(?:end|finish|arrive|return|"
                         r"come\s+back)s?\s+(?:at|in|to)\s+the\s+(?:very\s+)?same\s+[a-z]+",
                         re.IGNORECASE)


#: the data's verb done by a node to itself: "did any number ever call itself", "has any depot
#: shipped to itself" (never "by itself", "the network itself"); ``vocabulary.normalise`` reads
#: it as "link to itself" before a directed verb's rewriting takes "itself" for a name
REFLEXIVE = re.compile(
    r"(?<!\bthe\s)(?<!\bthis\s)(?<!\ba\s)(?<!\ban\s)\b(?!(?:by|of|in|on|for|is|are|was|were|be|"
    r"as|has|have|does|do|its|this|about|to|with|at|from|than|and|or|alone|left|only)\b)[a-z]+\s+"
    r"(?:back\s+)?(?:to\s+|with\s+|at\s+)?(?:itself|themselves|himself|herself)\b", re.IGNORECASE)


#: a node as its own partner in an end's noun: "does any shipper appear as its own consignee"
_OWN_END = re.compile(r"\b(?:as|is|are|was|were|be|being)\s+(?:its|their|his|her)\s+own\s+"
                      r"([a-z]+)\b", re.IGNORECASE)


def _own_end(st: PlanState) -> bool:
    """Whether the question makes a node its own partner, in one of the table's end nouns."""
    from igraph_agent.model.vocabulary import data_nouns, singular

    m = _OWN_END.search(st.question)
    info = st.last_ok("get_graph_info")
    ends = set(data_nouns(info.data if info else {}))
    return bool(m) and bool({m.group(1).lower(), singular(m.group(1).lower())} & ends)


def loops_asked(st: PlanState) -> bool:
    return ((bool(_SELF_LOOPS.search(st.question)) or _own_end(st))
            and not slots.named(st.question)
            and not re.search(r"\b(?:drop|remove|delete|clean)", st.question, re.IGNORECASE))


def _directed(st: PlanState) -> bool:
    return bool(st.meaning().get("directed"))


def count_asked(st: PlanState) -> bool:
    q = st.question
    return (bool(_CYCLE_COUNT.search(q)) and not _NOT_ALL.search(q) and not slots.named(q)
            and not _directed(st))


def planar_asked(st: PlanState) -> bool:
    return bool(PLANAR.search(st.question)) and not slots.named(st.question)


#: the edges to take out for no cycle to be left: "how many edges would I need to remove to
#: make it a forest", "the fewest links to cut so that no loop remains"
_TO_FOREST = re.compile(r"\b(?:remove[ds]?|delet(?:e|ed)|cut|drop(?:ped)?|take(?:n)? out|break|"
                        r"clos(?:e|ed)|shut|scrap(?:ped)?|eliminat(?:e|ed)|cancell?(?:ed)?|retired?|"
                        r"decommission(?:ed)?|axed?|los[te])\b[^?]*?\b(?:to\s+(?:make|turn|"
                        r"get|leave)\b[^?]*?\b(?:a\s+)?(?:forest|tree|acyclic|cycle-?free|loop-?free)|"
                        r"so\s+(?:that\s+)?(?:no|there(?:\s+(?:is|are)|'s|’s)\s+no)\s+(?:cycles?|loops?)\b|"
                        # "so the staff network has no loops left at all"
                        r"so\s+(?:that\s+)?(?:the\s+|it\s+|our\s+)?(?:[\w-]+\s+){0,3}?(?:has|have|"
                        r"contains?|is\s+left\s+with)\s+no\s+(?:more\s+)?(?:cycles?|loops?)\b|"
                        # "how many roads could be removed while still keeping every town
                        # reachable from every other": the edges beyond a spanning tree
                        r"(?:while|and)\s+(?:still\s+)?(?:keeping|keep|leaving|having)\s+(?:every|each|all)"
                        r"(?:one|body)?\s+(?:\w+\s+)?(?:(?:still\s+)?(?:reachable|connected|linked|joined)))|"
                        r"\bhow\s+many\s+more\s+\w+\s+than\s+(?:a|the)\s+(?:bare\s+|minimal\s+|spanning\s+)?"
                        r"(?:tree|forest)\b",
                        re.IGNORECASE)


def cut_asked(st: PlanState) -> bool:
    """Whether the edges to remove for no cycle are asked: on a directed graph only a forest
    or a tree, read with directions ignored ("acyclic" there is a feedback arc set's question)."""
    m = _TO_FOREST.search(st.question)
    return bool(m) and not slots.named(st.question) and (
        not _directed(st) or bool(re.search(r"\b(?:forest|tree)\b", m.group(0), re.IGNORECASE)))


def _cut_render(st: PlanState, obs: list[Observed]) -> str:
    s = _shape(obs)
    if s is None:
        return "I could not count the cycles."
    rank = s["cycle_rank"]
    if not rank:
        return (f"**0** — it has no cycle already: {s['edges']} edges on {s['nodes']} nodes in "
                f"{s['components']} connected component(s), every piece a tree (a forest)"
                + (", directions ignored." if _directed(st) else "."))
    ignored = " Directions are ignored." if _directed(st) else ""
    return (f"**{rank}** edges: the cycle rank ({s['edges']} edges − {s['nodes']} nodes + "
            f"{s['components']} component(s)); removing that many, one from each independent "
            f"cycle, leaves a spanning forest, and no fewer do.{ignored}")


def _calls(st: PlanState) -> list[Call]:
    if count_asked(st) or planar_asked(st) or loops_asked(st) or cut_asked(st):
        return [Call("connectivity", {"limit": 10, "shape": True})]
    return []


def _shape(obs: list[Observed]) -> dict | None:
    o = next((o for o in obs if o.tool == "connectivity" and o.ok), None)
    return o.typed(ConnectivityResult).shape if o is not None else None


def _count_render(st: PlanState, obs: list[Observed]) -> str:
    s = _shape(obs)
    if s is None:
        return "I could not count the cycles."
    rank = s["cycle_rank"]
    if not rank:
        return (f"**No** cycles: {s['edges']} edges on {s['nodes']} nodes in {s['components']} "
                "connected component(s) — every piece is a tree (a forest).")
    head = (f"The graph has **{rank}** independent cycles (its cycle rank: {s['edges']} edges "
            f"− {s['nodes']} nodes + {s['components']} component(s), the size of a cycle basis)")
    simple = s.get("simple_cycles")
    if simple is None:
        return head + "; it is too large to count every simple cycle."
    more = "" if s.get("simple_cycles_exact") else "at least "
    return (head + f"; counting every simple cycle (a closed loop repeating no node), there are "
            f"{more}**{simple}**. Directions, parallel edges and self-loops are ignored.")


#: a yes/no whose claim is that there are none: "is it true that no report cites itself",
#: "so nobody ever calls themselves?" (not "… or not", "… or no")
_NONE_CLAIMED = re.compile(r"\b(?:no|none|nobody|nothing|not\s+(?:a\s+single|one|any)|never)\b"
                           r"(?!\s*[?.!]*\s*$)", re.IGNORECASE)


def _loops_render(st: PlanState, obs: list[Observed]) -> str:
    from igraph_agent.model.graph_intents import yes_no_lead

    s = _shape(obs)
    if s is None:
        return "I could not count the self-loops."
    n, nodes = s["self_loops"], s.get("self_loop_nodes") or []
    # "is it true that no report cites itself?", "are there no self-loops?": yes when none
    none = bool(_NONE_CLAIMED.search(str(st.context.get("asked") or st.question)))
    if not n:
        return yes_no_lead(st, none) + "**0** self-loops: no edge runs from a node to itself."
    more = " …" if n > len(nodes) else ""
    return (yes_no_lead(st, not none) + f"**{n}** self-loop(s) (an edge from a node to itself), on: "
            f"{', '.join(nodes)}{more}.")


def _planar_render(st: PlanState, obs: list[Observed]) -> str:
    s = _shape(obs)
    if s is None:
        return "I could not check planarity."
    if s["planar"]:
        return ("**Yes** — the graph is planar: it can be drawn on a plane with no two edges "
                f"crossing ({s['nodes']} nodes, {s['edges']} edges; directions ignored).")
    return ("**No** — the graph is not planar: every drawing on a plane has crossing edges "
            f"({s['nodes']} nodes, {s['edges']} edges; directions ignored).")


CYCLE_SHAPE_INTENTS = [
    Intent("cycle_total", t(0.5, _CYCLE_COUNT.pattern), _calls, _count_render,
           "an undirected graph's cycles counted: independent and simple (connectivity shape)",
           group="cycle_total", bonus=lambda st: 6.0 if count_asked(st) else -10.0,
           hint="how many cycles the graph has",
           answers=frozenset({"count", "value"}), covers=frozenset({"scope"})),
    Intent("self_loops", t(0.5, _SELF_LOOPS.pattern, _OWN_END.pattern), _calls, _loops_render,
           "the self-loops counted (connectivity shape)", group="self_loops",
           bonus=lambda st: 6.0 if loops_asked(st) else -10.0,
           hint="how many self-loops the graph has",
           answers=frozenset({"count", "yesno", "list", "node"}), covers=frozenset({"scope"})),
    Intent("cycle_cut", t(0.5, _TO_FOREST.pattern), _calls, _cut_render,
           "the edges to remove for no cycle to be left: the cycle rank (connectivity shape)",
           group="cycle_total", bonus=lambda st: 6.0 if cut_asked(st) else -10.0,
           hint="how many edges to remove to leave no cycle",
           answers=frozenset({"count", "value"}), covers=frozenset({"scope", "removal", "bottom"})),
    Intent("planar", t(0.5, PLANAR.pattern), _calls, _planar_render,
           "whether the graph is planar (connectivity shape)", group="planar",
           bonus=lambda st: 6.0 if planar_asked(st) else -10.0,
           hint="whether the graph is planar",
           answers=frozenset({"yesno", "value"}), covers=frozenset({"scope"})),
]
