"""The offline planner's intent table: question patterns -> tool calls -> a grounded answer.

Each :class:`Intent` says which calls it still needs given this run's results (several
intents' calls go out together in one turn) and renders its findings only from tool data.
Later tool families add their intents here.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from igraph_agent.model.planstate import Call, Observed, PlanState


@dataclass
class Intent:
    name: str
    pattern: re.Pattern[str]
    calls: Callable[[PlanState], list[Call]]
    render: Callable[[PlanState, list[Observed]], str]
    method: str

    def matches(self, question: str) -> bool:
        return bool(self.pattern.search(question))


def _rx(*words: str) -> re.Pattern[str]:
    return re.compile("|".join(words), re.IGNORECASE)


def _fmt(x: float) -> str:
    return f"{x:.4f}" if isinstance(x, float) else str(x)


# -- graph overview ---------------------------------------------------------------------
def _overview_render(st: PlanState, obs: list[Observed]) -> str:
    info = st.last_ok("get_graph_info")
    if info is None:
        return "I could not read the graph state."
    d = info.data
    kind = "directed" if d.get("directed") else "undirected"
    w = "weighted" if d.get("weighted") else "unweighted"
    attrs = ", ".join(d.get("node_attributes") or []) or "none"
    return (f"The loaded graph ({d.get('dataset_id')}, revision {d.get('revision')}) has "
            f"**{d.get('nodes')} nodes** and **{d.get('edges')} edges**; it is {kind} and {w}, "
            f"with {d.get('components')} connected component(s) and density {d.get('density')}. "
            f"Node attributes: {attrs}.")


# -- degree -----------------------------------------------------------------------------
def _degree_calls(st: PlanState) -> list[Call]:
    return [Call("degree_analysis", {"top_k": 10})]


def _degree_render(st: PlanState, obs: list[Observed]) -> str:
    d = obs[0].data
    top = ", ".join(f"{t['node']} ({t['degree']})" for t in d["top"][:5])
    return (f"Mean degree is **{d['mean_degree']}** (max {d['max_degree']}, min "
            f"{d['min_degree']}, {d['isolates']} isolated node(s)). Highest degree: {top}.")


# -- centrality -------------------------------------------------------------------------
_MEASURES = {"betweenness": "betweenness", "broker": "betweenness", "closeness": "closeness",
             "pagerank": "pagerank", "page rank": "pagerank", "eigenvector": "eigenvector",
             "degree centrality": "degree"}


def _centrality_calls(st: PlanState) -> list[Call]:
    q = st.question.lower()
    named = [m for word, m in _MEASURES.items() if word in q]
    measures = list(dict.fromkeys(named)) or ["pagerank", "betweenness"]
    return [Call("node_centrality", {"measure": m, "top_k": 10}) for m in measures]


def _centrality_render(st: PlanState, obs: list[Observed]) -> str:
    parts = []
    for o in obs:
        d = o.data
        top = ", ".join(f"{t['node']} ({_fmt(t['score'])})" for t in d["top"][:5])
        approx = f" (approximate, k={d['sample_k']} samples)" if d.get("approximate") else ""
        parts.append(f"By **{d['measure']}**{approx}, the most central nodes are {top}.")
    tops = [set(t["node"] for t in o.data["top"][:5]) for o in obs]
    if len(tops) > 1:
        both = sorted(set.intersection(*tops))
        if both:
            parts.append(f"Nodes in the top 5 of every measure: {', '.join(both)}.")
    return " ".join(parts)


INTENTS: list[Intent] = [
    Intent("centrality", _rx(r"central", r"important", r"influen", r"pagerank", r"page rank",
                             r"betweenness", r"closeness", r"eigenvector", r"key (node|player)"),
           _centrality_calls, _centrality_render, "node centrality (networkx / python-igraph)"),
    Intent("degree", _rx(r"degree", r"most connected", r"hubs?\b", r"neighbou?rs? count"),
           _degree_calls, _degree_render, "degree analysis"),
]

OVERVIEW = Intent("overview", _rx(r"describe", r"overview", r"how (big|large|many)", r"summar",
                                  r"what (graph|data)", r"size", r"nodes and edges", r"loaded"),
                  lambda st: [], _overview_render, "graph state check (get_graph_info)")


def match(question: str) -> list[Intent]:
    found = [i for i in INTENTS if i.matches(question)]
    if not found and OVERVIEW.matches(question):
        found = [OVERVIEW]
    return found
