"""Directed questions: cycles, topological depth, strong components and reach.

``direction_analysis`` answers on the igraph view: whether the graph has a directed cycle
(and one cycle when it has), how many simple directed cycles there are (counted up to
``MAX_CYCLES_COUNTED``) and which nodes lie on one, the nodes no edge enters (sources) or
leaves (sinks), the topological depth (edges on the longest directed path)
when it has none, strongly / weakly connected components, and how many nodes each node
reaches and is reached from. Reach is exact up to ``EXACT_REACH_LIMIT`` nodes (one search
per node); above it, searches from ``sample`` random nodes estimate every node's counts
(n times the share of sampled searches that reach it) and the result states the standard
error.

Example (the depth of a citation chain p3 -> p2 -> p1 -> p0 plus p3 -> p0)::

    >>> import igraph as ig
    >>> _depth(ig.Graph([(3, 2), (2, 1), (1, 0), (3, 0)], directed=True))
    3
"""

from __future__ import annotations

import math
import random
from typing import Annotated, Any

import numpy as np
from pydantic import BaseModel, Field

from igraph_agent.errors import ErrorCode, ToolError
from igraph_agent.figures import figure
from igraph_agent.results.semantics import DirectionAnalysisResult
from igraph_agent.tools.common import label, require_nodes
from igraph_agent.tools.registry import ToolContext, ToolOutput, tool
from igraph_agent.tools.schema import INTERNAL

EXACT_REACH_LIMIT = 3000
MAX_CYCLE_SHOWN = 50
MAX_CYCLES_COUNTED = 10_000
CYCLES_LISTED = 3  # of each length: "which shows are on a three-show loop"
CYCLE_LENGTHS_SHOWN = 8  # lengths counted apart (longer ones only in `cycles`)
MAX_NODES_LISTED = 200


class DirectionArgs(BaseModel):
    node: str | None = Field(default=None, description="also this node's reach (node id)")
    top_k: int = Field(default=10, ge=1, le=200)
    sample: Annotated[int, INTERNAL] = Field(default=256, ge=16, le=4096)
    seed: Annotated[int, INTERNAL] = 42


_MUTUAL_LISTED = 50


def _mutual(g: Any) -> dict[str, Any]:
    """The pairs linked both ways (a → b and b → a; self-loops left out): how many, the
    first ``_MUTUAL_LISTED`` by name, and how many nodes are in at least one."""
    pairs = sorted({tuple(sorted((str(u), str(v)))) for u, v in g.edges()
                    if u != v and g.has_edge(v, u)})
    ends = {n for p in pairs for n in p}
    edges, nodes = g.number_of_edges(), g.number_of_nodes()
    return {"pairs": len(pairs), "nodes": len(ends),
            "one_way_edges": sum(1 for u, v in g.edges() if u != v and not g.has_edge(v, u)),
            # the reciprocity (networkx's): the share of the edges that have one back
            "edge_share": round(2 * len(pairs) / edges, 6) if edges else 0.0,
            "node_share": round(len(ends) / nodes, 6) if nodes else 0.0,
            "listed": [{"a": a, "b": b} for a, b in pairs[:_MUTUAL_LISTED]]}


@tool(result=DirectionAnalysisResult, reads=("graph",), cost=3)
def direction_analysis(ctx: ToolContext, args: DirectionArgs) -> ToolOutput:
    """Directed structure: has cycles (and one cycle), topological depth of an acyclic
    graph, strongly/weakly connected components, and the nodes reaching the most others
    and reached from the most (citations: most cited directly or indirectly)."""
    g = ctx.session.require()
    if not g.is_directed():
        raise ToolError(ErrorCode.INVALID_ARGUMENTS, "the loaded graph is undirected",
                        hint="rebuild it directed: construct_graph(..., directed=true), then "
                             "load_constructed_graph")
    named = require_nodes(g, [args.node] if args.node else [])
    h, ids = ctx.session.igraph()
    n = h.vcount()
    acyclic = bool(h.is_dag())
    strong = h.connected_components(mode="strong")
    data: dict[str, Any] = {
        "directed": True, "nodes": n, "edges": h.ecount(), "acyclic": acyclic,
        "strong_components": len(strong),
        "largest_strong_component": max(strong.sizes(), default=0),
        "weak_components": len(h.connected_components(mode="weak")),
    }
    if acyclic:
        data["depth"] = _depth(h)
        data["cycles"], data["cycles_exact"], on_cycles = 0, True, []
    else:
        data["cycle"] = [{"node": ids[v], **label(g, ids[v])} for v in _one_cycle(h, strong)]
        data["cycles"], data["cycles_exact"], lengths, shown = _count_cycles(h, strong)
        # the short lengths a question names ("rings of three or more"), kept small: every
        # length up to the longest or CYCLE_LENGTHS_SHOWN, and the longest itself
        top = min(max(lengths, default=0) + 1, CYCLE_LENGTHS_SHOWN)
        data["longest_cycle"] = max(lengths, default=0)
        data["cycles_listed"] = {str(k): [[ids[v] for v in c] for c in cs]
                                 for k, cs in sorted(shown.items()) if k <= top}
        data["cycles_by_length"] = {str(k): lengths.get(k, 0) for k in range(1, top + 1)}
        data["cycles_at_least"] = {str(k): sum(c for m, c in lengths.items() if m >= k)
                                   for k in range(1, top + 1)}
        loops = {e.source for e in h.es if e.source == e.target}
        on_cycles = sorted({v for c in strong if len(c) > 1 for v in c} | loops,
                           key=lambda v: str(ids[v]))
    data["on_cycles"] = _listed(g, ids, on_cycles)
    biggest = max(strong, key=len, default=[])
    data["largest_strong"] = _listed(g, ids, sorted(biggest, key=lambda v: str(ids[v])))
    data["sources"] = _listed(g, ids, [v for v in range(n) if h.degree(v, mode="in") == 0])
    data["sinks"] = _listed(g, ids, [v for v in range(n) if h.degree(v, mode="out") == 0])
    ins, outs = h.degree(mode="in"), h.degree(mode="out")
    data["send_only"] = _listed(g, ids, [v for v in range(n) if ins[v] == 0 < outs[v]])
    data["receive_only"] = _listed(g, ids, [v for v in range(n) if outs[v] == 0 < ins[v]])
    if loops := {e.source for e in h.es if e.source == e.target}:  # "by a different show"
        inn = [0] * n
        outn = [0] * n
        for e in h.es:
            if e.source != e.target:
                outn[e.source] += 1
                inn[e.target] += 1
        data["sources_from_others"] = _listed(g, ids, [v for v in range(n) if inn[v] == 0])
        data["sinks_to_others"] = _listed(g, ids, [v for v in range(n) if outn[v] == 0])
    data["mutual"] = _mutual(g)
    out_reach, in_reach, how = _reach(h, args.sample, args.seed)
    data["reach"] = how
    data["most_reaching"] = _top(g, ids, out_reach, args.top_k, how, "reaches")
    data["most_reached_from"] = _top(g, ids, in_reach, args.top_k, how, "reached_from")
    if named:
        v = ids.index(named[0])
        data["node_reach"] = {"node": named[0], "reaches": _count(out_reach[v], how),
                              "reached_from": _count(in_reach[v], how)}
    summary = ("acyclic, depth " + str(data["depth"]) if acyclic else
               f"has {'' if data['cycles_exact'] else 'at least '}{data['cycles']} simple "
               f"directed cycle(s) through {data['on_cycles']['count']} node(s) (one of "
               f"{len(data['cycle']) - 1} nodes: "
               + " -> ".join(str(c["node"]) for c in data["cycle"][:8]) + ")")
    top_in = data["most_reached_from"][0] if data["most_reached_from"] else None
    summary += (f"; {len(strong)} strong component(s); reached from the most: "
                f"{top_in['node']} ({top_in['reached_from']})" if top_in else "")
    return ToolOutput(data=data, revision=ctx.session.revision, summary=summary)


def _depth(h) -> int:
    """Edges on the longest directed path (a DAG), by topological order."""
    order = h.topological_sorting(mode="out")
    longest = np.zeros(h.vcount(), dtype=np.int64)
    for v in order:
        succ = h.successors(v)
        if succ:
            longest[succ] = np.maximum(longest[succ], longest[v] + 1)
    return int(longest.max()) if len(longest) else 0


def _listed(g, ids: list, vertices: list[int]) -> dict[str, Any]:
    """``{"count", "nodes"}``: how many vertices, and the first :data:`MAX_NODES_LISTED`."""
    return {"count": len(vertices),
            "nodes": [{"node": ids[v], **label(g, ids[v])} for v in vertices[:MAX_NODES_LISTED]]}


def _count_cycles(h, strong) -> tuple[int, bool, dict[int, int], dict[int, list[list[int]]]]:
    """(simple directed cycles, whether that is all of them, how many of each length in
    nodes, the first :data:`CYCLES_LISTED` of each length): Johnson's algorithm inside each
    strong component with a cycle, stopped after :data:`MAX_CYCLES_COUNTED`; a self-loop is
    a cycle of one node.

        >>> import igraph as ig
        >>> g = ig.Graph([(0, 1), (1, 0), (1, 2), (2, 0), (3, 3)], directed=True)
        >>> n, exact, lengths, shown = _count_cycles(g, g.connected_components(mode="strong"))
        >>> n, exact, sorted(lengths.items()), sorted(shown[3][0])
        (3, True, [(1, 1), (2, 1), (3, 1)], [0, 1, 2])
    """
    import networkx as nx

    found = 0
    lengths: dict[int, int] = {}
    shown: dict[int, list[list[int]]] = {}
    for comp in strong:
        inside = set(comp)
        edges = [(e.source, e.target) for e in h.es.select(_source_in=comp)
                 if e.target in inside]
        if not edges:
            continue
        for cycle in nx.simple_cycles(nx.DiGraph(edges)):
            found += 1
            if found > MAX_CYCLES_COUNTED:
                return MAX_CYCLES_COUNTED, False, lengths, shown
            lengths[len(cycle)] = lengths.get(len(cycle), 0) + 1
            if len(shown.setdefault(len(cycle), [])) < CYCLES_LISTED:
                shown[len(cycle)].append(list(cycle))
    return found, True, lengths, shown


def _one_cycle(h, strong) -> list[int]:
    """One directed cycle: a self-loop, else a walk inside a strong component of size > 1."""
    for e in h.es:
        if e.source == e.target:
            return [e.source, e.source]
    comp = next(c for c in strong if len(c) > 1)
    inside = set(comp)
    seen: dict[int, int] = {}
    path: list[int] = []
    v = comp[0]
    while v not in seen:
        seen[v] = len(path)
        path.append(v)
        v = next(u for u in h.successors(v) if u in inside)
    cycle = [*path[seen[v]:], v]
    return cycle[: MAX_CYCLE_SHOWN + 1]


def _reach(h, sample: int, seed: int) -> tuple[np.ndarray, np.ndarray, dict]:
    """Per vertex: nodes it reaches, nodes reaching it (itself not counted)."""
    n = h.vcount()
    if n <= EXACT_REACH_LIMIT:
        out = np.array([len(h.subcomponent(v, mode="out")) - 1 for v in range(n)], dtype=float)
        inn = np.array([len(h.subcomponent(v, mode="in")) - 1 for v in range(n)], dtype=float)
        return out, inn, {"exact": True}
    rng = random.Random(seed)
    sources = rng.sample(range(n), min(sample, n))
    hits_in = np.zeros(n)  # how many sampled sources reach v: v's reached-from count
    hits_out = np.zeros(n)  # how many sampled sources v reaches
    for s in sources:
        hits_in[h.subcomponent(s, mode="out")] += 1
        hits_out[h.subcomponent(s, mode="in")] += 1
    k = len(sources)
    scale = (n - 1) / k
    inn = np.maximum(hits_in - 1 * np.isin(np.arange(n), sources), 0) * scale
    out = np.maximum(hits_out - 1 * np.isin(np.arange(n), sources), 0) * scale
    return out, inn, {"exact": False, "sampled_sources": k, "seed": seed,
                      "standard_error_max": figure((n - 1) * math.sqrt(0.25 / k)),
                      "how": "n-1 times the share of sampled searches reaching (or reached "
                             "from) the node; standard error (n-1)*sqrt(p(1-p)/k)"}


def _count(x: float, how: dict) -> int | float:
    return int(x) if how["exact"] else figure(x)


def _top(g, ids: list, values: np.ndarray, k: int, how: dict, key: str) -> list[dict]:
    order = sorted(range(len(ids)), key=lambda v: (-values[v], str(ids[v])))[:k]
    return [{"node": ids[v], **label(g, ids[v]), key: _count(values[v], how)} for v in order]
