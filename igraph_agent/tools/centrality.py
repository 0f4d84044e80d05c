"""Degree and centrality tools.

Small graphs use networkx; from ``IGRAPH_THRESHOLD`` edges on, python-igraph computes the
same measures 10-60x faster (docs/performance.md). Both backends give
networkx's numbers: betweenness normalised as networkx does (sampled sources drawn the
same way for the same seed), closeness with the Wasserman-Faust correction for
disconnected graphs, eigenvector scaled to unit length. Results say which backend ran.

Example::

    >>> result = registry.dispatch("node_centrality", {"measure": "pagerank", "top_k": 3}, ctx)
    >>> [row["node"] for row in result.data["top"]]
    ['Valjean', 'Myriel', 'Gavroche']
"""

from __future__ import annotations

from collections import Counter
from typing import Annotated, Literal

import networkx as nx
import numpy as np
from pydantic import BaseModel, Field

from igraph_agent.cluster.split import split_address
from igraph_agent.errors import ErrorCode, ToolError
from igraph_agent.figures import figure, shown
from igraph_agent.graph.measures import (
    betweenness_raw,
    closeness_of,
    normalise_betweenness,
    sampled_sources,
)
from igraph_agent.results.centrality import DegreeAnalysisResult, NodeCentralityResult
from igraph_agent.tools.common import (
    IGRAPH_THRESHOLD,
    Backend,
    Where,
    choose_backend,
    degrees,
    edge_count,
    label,
    matching_nodes,
    require_nodes,
    top_scored,
)
from igraph_agent.tools.registry import ToolContext, ToolOutput, tool
from igraph_agent.tools.schema import INTERNAL
from igraph_agent.tools.weights import (
    WeightArgs,
    ig_weights,
    nx_graph_weight,
    nx_weight,
    sense_text,
    weight_for,
)

# Closeness of every node costs one BFS per node; above this many nodes only candidates
# (the named nodes and the highest-degree ones) are scored.
CLOSENESS_EXACT_LIMIT = 5000
# Exact betweenness costs one BFS per node; above this many nodes it is sampled.
BETWEENNESS_EXACT_LIMIT = 5000
# measures that split over source nodes / scored nodes on a Ray cluster (cluster/split.py)
SPLIT_MEASURES = ("betweenness", "closeness")

__all__ = ["IGRAPH_THRESHOLD", "centrality_scores", "degree_analysis", "node_centrality"]


class DegreeArgs(BaseModel):
    top_k: int = Field(default=10, ge=1, le=500, description="how many top nodes to list")
    direction: Literal["all", "in", "out"] = Field(
        default="all", description="for directed graphs: in-, out- or total degree")
    where: Where | None = Field(default=None, description="rank only nodes with these "
                                "attribute values, e.g. {\"kind\": \"person\"} (a list: "
                                "any of them)")
    side: str | None = Field(default=None, description="two-mode: rank this side only")
    within: Literal["graph", "largest_component"] = Field(
        default="graph", description="largest_component: figures over its nodes only")


@tool(result=DegreeAnalysisResult, reads=("graph",), cost=2)
def degree_analysis(ctx: ToolContext, args: DegreeArgs) -> ToolOutput:
    """Degree distribution, mean/max degree and the top-k nodes by degree (in/out for
    directed graphs); ``where`` restricts every figure to nodes with those attribute values.

    Example: degree_analysis(top_k=3) -> {"mean_degree": 4.5882, "top": [{"node": "33", "degree": 17}, ...]}
    """
    g = ctx.session.require()
    deg = degrees(ctx, g, args.direction)
    among = _among(ctx, g, args.where, args.side)
    if args.within == "largest_component":
        main = _largest_part(g)
        among = main if among is None else among & main
    if among is not None:
        deg = {n: d for n, d in deg.items() if n in among}
    values = list(deg.values())
    top = top_scored(deg, args.top_k)
    dist = sorted(Counter(values).items())
    n = len(values)
    mean = sum(values) / n if n else 0.0
    data = {
        "direction": args.direction if g.is_directed() else "all",
        "nodes": n,
        "mean_degree": round(mean, 4),
        "max_degree": max(values, default=0),
        "min_degree": min(values, default=0),
        "isolates": sum(1 for v in values if v == 0),
        "top": [{"node": node, "degree": d, **label(g, node)} for node, d in top],
        "distribution": [{"degree": d, "count": c} for d, c in dist[:50]],
        "distinct_degrees": len(dist),
    }
    if among is not None and args.where is not None:
        data["where"] = args.where
    if args.side:
        data["side"] = args.side
    if args.within != "graph":
        data["within"] = args.within
    lead = ", ".join(f"{t['node']} ({t['degree']})" for t in data["top"][:3])
    at_max = sum(1 for v in values if v == data["max_degree"])
    tied = f"; {at_max} nodes tie at the max" if at_max > 1 and values else ""
    return ToolOutput(data=data, revision=ctx.session.revision,
                      summary=f"mean degree {data['mean_degree']}, max {data['max_degree']}"
                              f"{tied}; top: {lead}")


PAGERANK_MAX_ITER = 1000

Measure = Literal["degree", "betweenness", "closeness", "pagerank", "eigenvector"]


#: the sense each measure reads a weight in (graph/semantics.py)
SENSE = {"degree": "strength", "betweenness": "distance", "closeness": "distance",
         "pagerank": "strength", "eigenvector": "strength"}


class CentralityArgs(WeightArgs):
    measure: Measure = "pagerank"
    top_k: int = Field(default=10, ge=1, le=500)
    k: Annotated[int | None, INTERNAL] = Field(
        default=None, ge=2, description="betweenness: sample this many source nodes "
        "(approximation for large graphs); default exact up to 5k nodes, sampled above")
    nodes: list[str] = Field(default_factory=list, description="also report these node ids")
    where: Where | None = Field(default=None, description="rank only nodes with these "
                                "attribute values, e.g. {\"kind\": \"person\"}")
    side: str | None = None  # two-mode: rank one side only (degree_analysis describes it)
    within: Literal["graph", "group", "largest_component"] = Field(
        default="graph", description="scored on the whole graph, the where nodes' subgraph "
        "(group) or the largest (weak) component")
    without: list[str] = Field(default_factory=list, description="score the graph as it "
                               "would be without these node ids (a what-if; nothing changes)")
    seed: Annotated[int, INTERNAL] = 42
    backend: Backend = "auto"
    # the planner's reading of a weight whose role the data does not record ("by road length")
    weight_means: Annotated[Literal["distance", "strength"] | None, INTERNAL] = None


@tool(result=NodeCentralityResult, reads=("graph",), splits_when=lambda a: a.measure in SPLIT_MEASURES,
      cost=lambda a: 3 if a.measure in ("betweenness", "closeness") else 2)
def node_centrality(ctx: ToolContext, args: CentralityArgs) -> ToolOutput:
    """Rank nodes by a centrality measure, optionally weighted (betweenness sampled on large
    graphs): the top_k nodes and the scores of any named nodes.

    Example: node_centrality(measure="betweenness", top_k=5) -> {"top": [{"node": "0", "score": 0.4376}, ...]}
    """
    g = ctx.session.require()
    named = require_nodes(g, args.nodes)
    gone = set(require_nodes(g, args.without))
    if gone & set(named) or (gone and args.within != "graph"):
        raise ToolError(ErrorCode.INVALID_ARGUMENTS, "without= names a node whose score is "
                        "asked, or comes with within=", hint="score the nodes that remain",
                        retryable=True)
    among = _among(ctx, g, args.where, args.side)
    if gone:  # "who would be most central if X left": the graph without X, nothing changed
        among = (set(g) if among is None else among) - gone
    use = weight_for(ctx, args, SENSE[args.measure]) if args.measure != "degree" else \
        weight_for(ctx, args.model_copy(update={"weight": None}), "strength")
    if gone:
        res = {"scores": _nx_scores(g.subgraph(set(g) - gone), args.measure, use, None,
                                    args.seed, None),
               "backend": "networkx", "sample_k": None, "approximate": False,
               "candidates": None, "cluster": None}
    elif args.within != "graph":
        res = _inside(g, args, use, among)
        among = None if args.within == "group" else among
    else:
        res = centrality_scores(ctx, args.measure, use=use, k=args.k, seed=args.seed,
                                backend=args.backend, nodes=named, top_k=args.top_k, among=among)
    scores = res["scores"]
    missing = [n for n in named if n not in scores]
    if missing:
        raise ToolError(ErrorCode.INVALID_ARGUMENTS, f"{missing} are outside the part scored",
                        hint="ask for nodes inside the group or component", retryable=True)
    ranked = scores if among is None else {n: s for n, s in scores.items() if n in among}
    top = top_scored(ranked, args.top_k)
    data = {
        "measure": args.measure, "weighted": use["attribute"] is not None,
        "weight_used": use, "directed": g.is_directed(), "backend": res["backend"],
        "approximate": res["approximate"], "sample_k": res["sample_k"],
        "scored_nodes": len(scores), "nodes": g.number_of_nodes(),
        "top": [{"node": n, "score": figure(s), **label(g, n)} for n, s in top],
        "requested": [{"node": n, "score": figure(scores[n])} for n in named],
    }
    if res.get("candidates"):
        data["candidates"] = res["candidates"]
    if res.get("cluster"):
        data["cluster"] = res["cluster"]
    if among is not None:
        data.update(where=args.where, ranked_nodes=len(ranked))
    if args.side:
        data["side"] = args.side
    if gone:
        data["without"] = args.without
    if args.within != "graph":
        data.update(within=args.within, where=args.where, ranked_nodes=len(ranked))
    lead = ", ".join(f"{t['node']} ({shown(t['score'])})" for t in data["top"][:3])
    how = sense_text(use) + (", directed" if g.is_directed() else "")
    return ToolOutput(data=data, revision=ctx.session.revision,
                      summary=f"top {args.measure} ({how}; {_how(res)}): {lead}")


def _inside(g: nx.Graph, args: CentralityArgs, use: dict, among: set | None) -> dict:
    """Scores on the subgraph the ``where`` nodes induce, or on the largest component, with
    networkx (exact): the measure inside that part, its normalisation by the part's size."""
    if args.within == "group":
        if among is None:
            raise ToolError(ErrorCode.INVALID_ARGUMENTS, "within=group needs where",
                            hint="name the group, e.g. where={\"region\": \"North\"}",
                            retryable=True)
        part = among
    else:
        part = _largest_part(g)
    sub = g.subgraph(part)
    return {"scores": _nx_scores(sub, args.measure, use, None, args.seed, None),
            "backend": "networkx", "sample_k": None, "approximate": False, "candidates": None,
            "cluster": None}


def _largest_part(g: nx.Graph) -> set:
    """The nodes of the largest (weakly, on a directed graph) connected component."""
    pieces = nx.weakly_connected_components(g) if g.is_directed() else nx.connected_components(g)
    return set(max(pieces, key=len, default=set()))


def _among(ctx: ToolContext, g: nx.Graph, where, side: str | None) -> set | None:
    """The nodes a ranking keeps: those matching ``where`` and on ``side`` (two-mode)."""
    among = matching_nodes(g, where)
    if side:
        from igraph_agent.tools.twomode import side_nodes

        kept = side_nodes(ctx, side)
        among = kept if among is None else among & kept
    return among


def _how(res: dict) -> str:
    split = res.get("cluster")
    if not split:
        return res["backend"]
    return (f"{res['backend']}, on the Ray cluster in {split['parts']} parts over "
            f"{split['nodes']} node(s)")


def centrality_scores(ctx: ToolContext, measure: str, *, use: dict | None = None,
                      k: int | None = None, seed: int = 42, backend: str = "auto",
                      nodes: list[str] | None = None, top_k: int = 10,
                      among: set | None = None) -> dict:
    """``{"scores": {node: value}, "backend", "approximate", "sample_k", "candidates"}``.

    Betweenness above ``BETWEENNESS_EXACT_LIMIT`` nodes is sampled (k=500, or 100 from
    200k edges on); closeness above ``CLOSENESS_EXACT_LIMIT`` nodes scores only the named
    nodes plus the highest-degree ones (of ``among``, when given).
    """
    g = ctx.session.require()
    use = use or {"attribute": None, "inverted": False}
    weight = use["attribute"]
    chosen = choose_backend(g, backend)
    n = g.number_of_nodes()
    if measure == "betweenness" and k is None and n > BETWEENNESS_EXACT_LIMIT:
        k = 500 if edge_count(g) < 200_000 else 100
    if measure == "betweenness" and k is not None and k >= n:
        k = None
    subset = None
    candidates = None
    if measure == "closeness" and n > CLOSENESS_EXACT_LIMIT:
        many = max(100, 5 * top_k)
        pool = degrees(ctx, g).items() if among is None else g.degree(among)
        by_degree = sorted(pool, key=lambda kv: (-kv[1], str(kv[0])))[:many]
        subset = list(dict.fromkeys([*(nodes or []), *(u for u, _ in by_degree)]))
        candidates = f"named nodes and the {many} highest-degree nodes"
    # the split computes igraph's figures; a call that asks for networkx's runs here
    # the cluster split weighs by `weight` as a strength only
    legacy = weight is None or (weight == "weight" and use["inverted"])
    address = (split_address(ctx.session)
               if measure in SPLIT_MEASURES and backend != "networkx" and legacy else None)
    split = None
    if address is not None:
        chosen = "igraph"
        scores, split = _split_scores(ctx, address, measure, weight, k, seed, subset)
    elif chosen == "igraph":
        scores = _igraph_scores(ctx, measure, use, k, seed, subset)
    else:
        scores = _nx_scores(g, measure, use, k, seed, subset)
    return {"scores": scores, "backend": chosen, "sample_k": k if measure == "betweenness" else None,
            "approximate": bool((measure == "betweenness" and k) or subset is not None),
            "candidates": candidates, "cluster": split}


def _split_scores(ctx: ToolContext, address: str, measure: str, weight: str | None,
                  k: int | None, seed: int, subset: list | None) -> tuple[dict, dict]:
    """The igraph scores computed in parts on the Ray cluster (cluster/split.py)."""
    from igraph_agent.cluster.split import split_betweenness, split_closeness, vertex_ids

    ids = vertex_ids(ctx.session)
    if measure == "betweenness":
        values, how = split_betweenness(ctx.session, address, k, seed, bool(weight))
        return dict(zip(ids, values.tolist(), strict=True)), how.describe()
    vertices = _vertices(ids, subset)
    closeness, how = split_closeness(ctx.session, address, vertices, bool(weight))
    return {ids[v]: c for v, c in zip(vertices, closeness, strict=True)}, how.describe()


EIGENVECTOR_MAX_ITER = 1000


def _nx_scores(g: nx.Graph, measure: str, use: dict, k: int | None, seed: int,
               subset: list | None) -> dict:
    if measure == "degree":
        return nx.degree_centrality(g)
    if measure == "betweenness":
        return nx.betweenness_centrality(g, k=k, weight=nx_weight(use), seed=seed)
    if measure == "closeness":
        dist = nx_weight(use)
        if subset is not None:
            return {u: nx.closeness_centrality(g, u=u, distance=dist) for u in subset}
        return nx.closeness_centrality(g, distance=dist)
    if measure == "pagerank":
        # Power iteration shrinks the error by the damping (0.85) each step, so 1e-10 takes
        # about 150 steps on stars and paths; networkx's default of 100 gives up first.
        h, attr = nx_graph_weight(g, use)
        return nx.pagerank(h, weight=attr, tol=1e-10, max_iter=PAGERANK_MAX_ITER)
    h, attr = nx_graph_weight(g, use)
    try:
        return nx.eigenvector_centrality_numpy(h, weight=attr)
    except nx.AmbiguousSolution:  # disconnected: networkx's power iteration, as its default
        return nx.eigenvector_centrality(h, weight=attr, max_iter=EIGENVECTOR_MAX_ITER)


def _igraph_scores(ctx: ToolContext, measure: str, use: dict, k: int | None,
                   seed: int, subset: list | None) -> dict:
    h, ids = ctx.session.igraph()
    w = ig_weights(h, use)
    dist = w
    n = h.vcount()
    directed = h.is_directed()
    if measure == "degree":
        return {ids[i]: d / (n - 1) if n > 1 else 0.0 for i, d in enumerate(h.degree())}
    if measure == "betweenness":
        return _igraph_betweenness(h, ids, dist, k, seed)
    if measure == "closeness":
        return _igraph_closeness(h, ids, dist, subset)
    if measure == "pagerank":
        return dict(zip(ids, h.pagerank(weights=w), strict=True))
    vals = (h.eigenvector_centrality(weights=w, directed=True) if directed
            else h.eigenvector_centrality(weights=w))
    norm = sum(v * v for v in vals) ** 0.5 or 1.0
    return {ids[i]: v / norm for i, v in enumerate(vals)}


def _igraph_betweenness(h, ids: list, dist: list | None, k: int | None, seed: int) -> dict:
    """networkx's normalisation; sampled sources drawn as networkx draws them."""
    sources = sampled_sources(h.vcount(), k, seed)
    raw = betweenness_raw(h, dist, sources) if h.vcount() >= 3 else np.zeros(h.vcount())
    return dict(zip(ids, normalise_betweenness(raw, h.is_directed(), sources).tolist(),
                    strict=True))


def _igraph_closeness(h, ids: list, dist: list | None, subset: list | None) -> dict:
    """networkx closeness: incoming distances, Wasserman-Faust scaled by reachable nodes."""
    vertices = _vertices(ids, subset)
    return {ids[v]: c for v, c in zip(vertices, closeness_of(h, dist, vertices), strict=True)}


def _vertices(ids: list, subset: list | None) -> list[int]:
    if subset is None:
        return list(range(len(ids)))
    index = {node: i for i, node in enumerate(ids)}
    return [index[u] for u in subset]
