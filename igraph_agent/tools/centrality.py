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

import heapq
import random
from collections import Counter
from typing import Annotated, Literal

import networkx as nx
from pydantic import BaseModel, Field

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
    weight_key,
)
from igraph_agent.tools.registry import ToolContext, ToolOutput, tool
from igraph_agent.tools.schema import INTERNAL

# Closeness of every node costs one BFS per node; above this many nodes only candidates
# (the named nodes and the highest-degree ones) are scored.
CLOSENESS_EXACT_LIMIT = 5000
# Exact betweenness costs one BFS per node; above this many nodes it is sampled.
BETWEENNESS_EXACT_LIMIT = 5000

__all__ = ["IGRAPH_THRESHOLD", "centrality_scores", "degree_analysis", "node_centrality"]


class DegreeArgs(BaseModel):
    top_k: int = Field(default=10, ge=1, le=500, description="how many top nodes to list")
    direction: Literal["all", "in", "out"] = Field(
        default="all", description="for directed graphs: in-, out- or total degree")
    where: Where | None = Field(default=None, description="rank only nodes whose attributes "
                                "equal these values, e.g. {\"kind\": \"person\"}; degrees "
                                "still count every neighbour")


@tool(reads=("graph",))
def degree_analysis(ctx: ToolContext, args: DegreeArgs) -> ToolOutput:
    """Degree distribution, mean/max degree and the top-k nodes by degree (in/out for
    directed graphs); ``where`` restricts every figure to nodes with those attribute values
    (one node kind of a two-mode graph).

    Example: degree_analysis(top_k=3) -> {"mean_degree": 4.5882, "top": [{"node": "33", "degree": 17}, ...]}
    """
    g = ctx.session.require()
    deg = degrees(ctx, g, args.direction)
    among = matching_nodes(g, args.where)
    if among is not None:
        deg = {n: d for n, d in deg.items() if n in among}
    values = list(deg.values())
    top = heapq.nsmallest(args.top_k, deg.items(), key=lambda kv: (-kv[1], str(kv[0])))
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
    if among is not None:
        data["where"] = args.where
    lead = ", ".join(f"{t['node']} ({t['degree']})" for t in data["top"][:3])
    return ToolOutput(data=data, revision=ctx.session.revision,
                      summary=f"mean degree {data['mean_degree']}, max {data['max_degree']}; top: {lead}")


PAGERANK_MAX_ITER = 1000

Measure = Literal["degree", "betweenness", "closeness", "pagerank", "eigenvector"]


class CentralityArgs(BaseModel):
    measure: Measure = "pagerank"
    top_k: int = Field(default=10, ge=1, le=500)
    weighted: bool = Field(default=False, description="use the edge attribute 'weight' "
                           "(a heavier edge is a stronger tie: shorter for betweenness/closeness)")
    k: Annotated[int | None, INTERNAL] = Field(
        default=None, ge=2, description="betweenness: sample this many source nodes "
        "(approximation for large graphs); default exact up to 5k nodes, sampled above")
    nodes: list[str] = Field(default_factory=list, description="also report these node ids")
    where: Where | None = Field(default=None, description="rank only nodes whose attributes "
                                "equal these values, e.g. {\"kind\": \"person\"}; scores "
                                "are computed on the whole graph")
    seed: Annotated[int, INTERNAL] = 42
    backend: Backend = "auto"


@tool(reads=("graph",))
def node_centrality(ctx: ToolContext, args: CentralityArgs) -> ToolOutput:
    """Rank nodes by a centrality measure (degree, betweenness, closeness, pagerank,
    eigenvector), optionally weighted; betweenness is sampled on large graphs. Returns the
    top_k nodes and the scores of any named nodes; ``where`` ranks only the nodes with those
    attribute values (scores still come from the whole graph).

    Example: node_centrality(measure="betweenness", top_k=5) -> {"top": [{"node": "0", "score": 0.4376}, ...]}
    """
    g = ctx.session.require()
    named = require_nodes(g, args.nodes)
    among = matching_nodes(g, args.where)
    res = centrality_scores(ctx, args.measure, weighted=args.weighted, k=args.k, seed=args.seed,
                            backend=args.backend, nodes=named, top_k=args.top_k, among=among)
    scores = res["scores"]
    ranked = scores if among is None else {n: s for n, s in scores.items() if n in among}
    top = heapq.nsmallest(args.top_k, ranked.items(), key=lambda kv: (-kv[1], str(kv[0])))
    data = {
        "measure": args.measure, "weighted": args.weighted, "backend": res["backend"],
        "approximate": res["approximate"], "sample_k": res["sample_k"],
        "scored_nodes": len(scores), "nodes": g.number_of_nodes(),
        "top": [{"node": n, "score": round(s, 6), **label(g, n)} for n, s in top],
        "requested": [{"node": n, "score": round(scores[n], 6)} for n in named],
    }
    if res.get("candidates"):
        data["candidates"] = res["candidates"]
    if among is not None:
        data.update(where=args.where, ranked_nodes=len(ranked))
    lead = ", ".join(f"{t['node']} ({t['score']:.4f})" for t in data["top"][:3])
    return ToolOutput(data=data, revision=ctx.session.revision,
                      summary=f"top {args.measure} ({res['backend']}): {lead}")


def centrality_scores(ctx: ToolContext, measure: str, *, weighted: bool = False,
                      k: int | None = None, seed: int = 42, backend: str = "auto",
                      nodes: list[str] | None = None, top_k: int = 10,
                      among: set | None = None) -> dict:
    """``{"scores": {node: value}, "backend", "approximate", "sample_k", "candidates"}``.

    Betweenness above ``BETWEENNESS_EXACT_LIMIT`` nodes is sampled (k=500, or 100 from
    200k edges on); closeness above ``CLOSENESS_EXACT_LIMIT`` nodes scores only the named
    nodes plus the highest-degree ones (of ``among``, when given).
    """
    g = ctx.session.require()
    weight = weight_key(g, weighted)
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
    if chosen == "igraph":
        scores = _igraph_scores(ctx, measure, weight, k, seed, subset)
    else:
        scores = _nx_scores(g, measure, weight, k, seed, subset)
    return {"scores": scores, "backend": chosen, "sample_k": k if measure == "betweenness" else None,
            "approximate": bool((measure == "betweenness" and k) or subset is not None),
            "candidates": candidates}


def _distance(u, v, d) -> float:
    """Weights are tie strengths; path measures need distances: a heavier tie is closer."""
    w = d.get("weight")
    return 1.0 / w if w else 1.0


def _nx_scores(g: nx.Graph, measure: str, weight: str | None, k: int | None, seed: int,
               subset: list | None) -> dict:
    if measure == "degree":
        return nx.degree_centrality(g)
    if measure == "betweenness":
        return nx.betweenness_centrality(g, k=k, weight=_distance if weight else None, seed=seed)
    if measure == "closeness":
        dist = _distance if weight else None
        if subset is not None:
            return {u: nx.closeness_centrality(g, u=u, distance=dist) for u in subset}
        return nx.closeness_centrality(g, distance=dist)
    if measure == "pagerank":
        # Power iteration shrinks the error by the damping (0.85) each step, so 1e-10 takes
        # about 150 steps on stars and paths; networkx's default of 100 gives up first.
        return nx.pagerank(g, weight=weight, tol=1e-10, max_iter=PAGERANK_MAX_ITER)
    return nx.eigenvector_centrality_numpy(g, weight=weight)


def _igraph_scores(ctx: ToolContext, measure: str, weight: str | None, k: int | None,
                   seed: int, subset: list | None) -> dict:
    h, ids = ctx.session.igraph()
    w = h.es["weight"] if weight and "weight" in h.es.attributes() else None
    dist = [1.0 / x if x else 1.0 for x in w] if w else None
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
    n = h.vcount()
    if n < 3:
        return dict.fromkeys(ids, 0.0)
    pairs = 1 if h.is_directed() else 2  # igraph counts unordered pairs on undirected graphs
    if not k:
        raw = h.betweenness(weights=dist, directed=h.is_directed())
        return {ids[i]: v * pairs / ((n - 1) * (n - 2)) for i, v in enumerate(raw)}
    index = {node: i for i, node in enumerate(ids)}
    sources = [index[s] for s in random.Random(seed).sample(ids, k)]
    raw = h.betweenness(weights=dist, directed=h.is_directed(), sources=sources)
    src = set(sources)
    return {ids[i]: v * pairs / (((k - 1) if i in src else k) * (n - 2)) for i, v in enumerate(raw)}


def _igraph_closeness(h, ids: list, dist: list | None, subset: list | None) -> dict:
    """networkx closeness: incoming distances, Wasserman-Faust scaled by reachable nodes."""
    n = h.vcount()
    if subset is None:
        vertices = list(range(n))
    else:
        index = {node: i for i, node in enumerate(ids)}
        vertices = [index[u] for u in subset]
    mode = "in" if h.is_directed() else "all"
    vals = h.closeness(vertices=vertices, mode=mode, weights=dist, normalized=True)
    if h.is_directed():
        reach = h.neighborhood_size(vertices=vertices, order=n, mode="in")
    else:
        comp = h.connected_components()
        sizes = comp.sizes()
        reach = [sizes[comp.membership[v]] for v in vertices]
    out = {}
    for v, c, r in zip(vertices, vals, reach, strict=True):
        out[ids[v]] = 0.0 if c != c or n < 2 or r < 2 else c * (r - 1) / (n - 1)
    return out
