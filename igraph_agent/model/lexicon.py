"""The offline planner's lexicon: per intent, the trigger phrases and synonyms with their
weights, negative phrases, group, phase, bonus and clarifying question.

:func:`declare` builds a registry :class:`~igraph_agent.model.registry.Intent` from an
intent's base pattern (weight 1.0) and its entry here. Weights: 2.0 for a phrase that
alone names the analysis, 1.0 for a usual synonym, 0.5 for context that needs a second
hint.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from igraph_agent.model import slots
from igraph_agent.model.planstate import PlanState
from igraph_agent.model.registry import Intent, t


def _rx(*patterns: str) -> list[re.Pattern[str]]:
    return [re.compile(p, re.IGNORECASE) for p in patterns]


def _ask_pair(st: PlanState) -> str | None:
    if slots.pair(st.question):
        return None
    return ("Between which two nodes? Name both ends, e.g. 'the shortest path from Alice to "
            "Bob' (names are looked up with search_node).")


_NEIGHBOURISH = re.compile(r"neighbou?rs?\b|contacts?|linked to|tied to|connected to|to whom|"
                           r"ties with|acquaintances", re.IGNORECASE)


def _ask_node(st: PlanState) -> str | None:
    if slots.node(st.question) or not _NEIGHBOURISH.search(st.question):
        return None
    return "Which node do you mean? Name it, e.g. 'the neighbours of Alice'."


def _ask_names(st: PlanState) -> str | None:
    from igraph_agent.model.graph_intents import _compare_names

    if _compare_names(st.question):
        return None
    return "Which nodes should I compare? Name two or more, e.g. 'compare Alice and Bob'."


def _ask_term(st: PlanState) -> str | None:
    from igraph_agent.model.graph_intents import _term

    return None if _term(st.question) else "Which name should I look for?"


def _attr_bonus(st: PlanState) -> float:
    from igraph_agent.model.structure_intents import count_where_bonus

    return count_where_bonus(st)


LEXICON: dict[str, dict[str, Any]] = {
    "bridges": dict(
        triggers=t(1.0, r"connect\w* (?:different |several |multiple )?(?:factions|groups|clusters)",
                   r"spans? (?:more than one|several|multiple) (?:clusters?|groups?|communities)",
                   r"brokers? between (?:groups|clusters|factions)", r"bridging them") +
        t(1.5, r"connect\w*\s+(?:\w+\s+){0,3}(?:communit|groups|clusters|factions)",
          r"between (?:the |different |several )?(?:communities|groups|clusters)"),
        negatives=_rx(r"two groups"), group="communities", hint="the nodes bridging communities"),
    "communities": dict(
        triggers=t(1.0, r"\bgroups\b|factions|subgroups|\bclans?\b|\bblocs?\b|\bmodules\b",
                   r"modular", r"cluster together", r"cohesive", r"natural groups",
                   r"community structure", r"\bgroup(?:ing)? the\b", r"\bbest grouping"),
        negatives=_rx(r"two groups with edges only between", r"disconnected groups"),
        group="communities", hint="the communities (clusters) of the graph"),
    "path": dict(
        triggers=t(1.0, r"how many (?:steps|hops|links must)", r"\bseparate", r"\bapart\b",
                   r"\bdistance\b", r"through whom", r"intermediar", r"\bchain\b",
                   r"cheapest|minimum[- ]cost|lowest total", r"\bget from\b",
                   r"\bsteps? (?:to|from)\b", r"how far"),
        negatives=_rx(r"most distant|longest shortest|farthest|average (?:shortest )?path|"
                      r"mean distance|characteristic path|worst-case distance|greatest distance|"
                      r"independent|disjoint|robust|shortest paths\b|fewest steps|"
                      r"steps lie between"),
        clarify=_ask_pair, hint="the shortest path between two named nodes"),
    "connectivity": dict(
        triggers=t(1.0, r"\bsplit (?:the|if)|split the network|break (?:the graph )?apart|"
                   r"fragment|single points? of failure|cut vertices|cut nodes|removing whom|"
                   r"whose (?:loss|deletion|removal)|if (?:cut|removed)|critical for keeping|"
                   r"removal disconnects", r"pieces|islands|disconnected (?:groups|parts)|"
                   r"in one piece|cut off|weakly|reachable when|two-way|giant component",
                   r"(?:biggest|largest) (?:connected )?(?:piece|island|component)",
                   r"independent (?:routes|paths)|disjoint paths|node connectivity|robustly"),
        negatives=_rx(r"into (?:communities|clusters|groups|factions)"),
        hint="components, cut nodes and bridge edges"),
    "local": dict(
        triggers=t(1.0, r"clustering|clustered|cliquish|tightly knit (?!subgroups)|"
                   r"know each other|also friends", r"k-shell|core (?:number|index)|"
                   r"deep in the core", r"neighbou?rs\b|acquaintances|direct contacts|"
                   r"linked to|tied to|connected to\??$|\bties with|sole contact|to whom",
                   r"only neighbou?r",
                   r"degree of \w|links does"),
        negatives=_rx(r"largest non-empty|deepest core|degeneracy|k-core exists",
                      r"neighbours per member"),
        clarify=_ask_node, group="neighbourhood", hint="a node's neighbourhood and clustering"),
    "subgraph": dict(triggers=t(1.0, r"\bsave\b|as a new version|create a revision|\bcommit\b"),
                     negatives=_rx(r"deduplicat|merge duplicate|optimi[sz]e|clean up|\bisolated"),
                     group="neighbourhood", hint="a subgraph around a node"),
    "compare": dict(negatives=_rx(r"\bmodels?\b"), clarify=_ask_names,
                    hint="a side-by-side comparison of named nodes"),
    "statistics": dict(group="stats", hint="the summary statistics"),
    "search": dict(clarify=_ask_term, hint="a node search by name"),
    "edge_search": dict(clarify=_ask_pair),
    "clear": dict(triggers=t(1.0, r"\bunload", r"\bwipe", r"remove the (?:loaded )?(?:network|graph)")),
    "optimize": dict(triggers=t(1.0, r"clean up the graph", r"dropping isolated|drop isolated",
                                r"delete self-loops")),
    "overview": dict(
        triggers=t(1.0, r"number of (?:nodes|edges|vertices|links)", r"how many \w+ (?:ties|links)",
                   r"how many (?:characters|people|vertices|entities|edges|links|ties|"
                   r"connections|relationships)", r"\bcount the (?:people|connections|nodes|edges|links)",
                   r"edge count|node total|size of the graph|in total|total number|in vertices",
                   r"number of (?:relationships|ties|connections|links)"),
        phase=-1),
    "bipartite": dict(
        triggers=t(2.0, r"bipartite", r"two[- ]mode", r"2[- ]colou?r", r"two (?:sides|modes)",
                   r"two kinds of nodes", r"only (?:between them|across|to each other)",
                   r"each side|both sides"),
        hint="whether the graph is bipartite"),
    "triangles": dict(triggers=t(2.0, r"triangles?", r"closed triads?", r"3-cliques?",
                                 r"mutually linked"), hint="the triangle count"),
    "figure": dict(
        triggers=t(2.0, r"diameter", r"radius", r"eccentricity", r"assortativ",
                   r"average (?:shortest )?path", r"characteristic path", r"degeneracy",
                   r"non-empty k-core", r"deepest core", r"k-core exists", r"mean distance",
                   r"longest shortest", r"most distant", r"greatest distance", r"farthest",
                   r"worst-case distance", r"degrees? correlate", r"hubs .*link to hubs",
                   r"steps lie between", r"density", r"sparse", r"fraction of possible",
                   r"share of all pairs", r"how full"),
        group="stats", hint="a structure figure (diameter, radius, assortativity, path length)"),
    "count_where": dict(triggers=t(0.5, r"how many|count|headcount|number of"),
                        bonus=_attr_bonus),
    "visualize": dict(negatives=_rx(r"distribution|histogram"), phase=1),
    "report": dict(phase=1),
    "training_summary": dict(triggers=t(1.0, r"compare the models")),
}


def declare(name: str, pattern: re.Pattern[str] | None, calls: Callable, render: Callable,
            method: str) -> Intent:
    entry = LEXICON.get(name, {})
    base = [(pattern, 1.0)] if pattern is not None else []
    return Intent(name, [*base, *entry.get("triggers", [])], calls, render, method,
                  negatives=entry.get("negatives", ()), group=entry.get("group", ""),
                  phase=entry.get("phase", 0), clarify=entry.get("clarify"),
                  hint=entry.get("hint", ""), bonus=entry.get("bonus"))
