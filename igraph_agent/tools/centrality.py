"""Degree and centrality tools.

Small graphs use networkx; from ``IGRAPH_THRESHOLD`` edges on, python-igraph computes the
same measures 10-60x faster (shared/notes/graph-performance.md). Results say which backend
ran.
"""

from __future__ import annotations

from collections import Counter
from typing import Literal

import networkx as nx
from pydantic import BaseModel, Field

from igraph_agent.tools.registry import ToolContext, ToolOutput, tool

IGRAPH_THRESHOLD = 50_000


class DegreeArgs(BaseModel):
    top_k: int = Field(default=10, ge=1, le=500, description="how many top nodes to list")
    direction: Literal["all", "in", "out"] = Field(
        default="all", description="for directed graphs: in-, out- or total degree")


@tool(reads=("graph",))
def degree_analysis(ctx: ToolContext, args: DegreeArgs) -> ToolOutput:
    """Degree distribution, mean/max degree and the top-k nodes by degree (in/out for
    directed graphs)."""
    g = ctx.session.require()
    if g.is_directed() and args.direction == "in":
        deg = dict(g.in_degree())
    elif g.is_directed() and args.direction == "out":
        deg = dict(g.out_degree())
    else:
        deg = dict(g.degree())
    values = list(deg.values())
    top = sorted(deg.items(), key=lambda kv: (-kv[1], str(kv[0])))[: args.top_k]
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
        "top": [{"node": node, "degree": d, **_label(g, node)} for node, d in top],
        "distribution": [{"degree": d, "count": c} for d, c in dist[:50]],
        "distinct_degrees": len(dist),
    }
    lead = ", ".join(f"{t['node']} ({t['degree']})" for t in data["top"][:3])
    return ToolOutput(data=data, revision=ctx.session.revision,
                      summary=f"mean degree {data['mean_degree']}, max {data['max_degree']}; top: {lead}")


Measure = Literal["degree", "betweenness", "closeness", "pagerank", "eigenvector"]


class CentralityArgs(BaseModel):
    measure: Measure = "pagerank"
    top_k: int = Field(default=10, ge=1, le=500)
    weighted: bool = Field(default=False, description="use the edge attribute 'weight'")
    k: int | None = Field(default=None, ge=2, description="betweenness: sample this many source "
                          "nodes (approximation for large graphs); default exact below 5k nodes")
    nodes: list[str] = Field(default_factory=list, description="also report these node ids")
    seed: int = 42
    backend: Literal["auto", "networkx", "igraph"] = "auto"


@tool(reads=("graph",))
def node_centrality(ctx: ToolContext, args: CentralityArgs) -> ToolOutput:
    """Rank nodes by a centrality measure (degree, betweenness, closeness, pagerank,
    eigenvector), optionally weighted; betweenness can be sampled with k sources on large
    graphs. Returns the top-k and the scores of any named nodes."""
    g = ctx.session.require()
    weight = "weight" if args.weighted else None
    backend = args.backend
    if backend == "auto":
        backend = "igraph" if g.number_of_edges() >= IGRAPH_THRESHOLD else "networkx"
    k = args.k
    if args.measure == "betweenness" and k is None and g.number_of_nodes() > 5000:
        k = 500
    if backend == "igraph":
        scores = _igraph_scores(ctx, args.measure, weight, k, args.seed)
    else:
        scores = _nx_scores(g, args.measure, weight, k, args.seed)
    top = sorted(scores.items(), key=lambda kv: (-kv[1], str(kv[0])))[: args.top_k]
    missing = [n for n in args.nodes if n not in scores]
    data = {
        "measure": args.measure, "weighted": args.weighted, "backend": backend,
        "approximate": bool(args.measure == "betweenness" and k),
        "sample_k": k if args.measure == "betweenness" else None,
        "top": [{"node": n, "score": round(s, 6), **_label(g, n)} for n, s in top],
        "requested": [{"node": n, "score": round(scores[n], 6)} for n in args.nodes if n in scores],
        "not_found": missing,
        "nodes": len(scores),
    }
    lead = ", ".join(f"{t['node']} ({t['score']:.4f})" for t in data["top"][:3])
    return ToolOutput(data=data, revision=ctx.session.revision,
                      summary=f"top {args.measure}: {lead}")


def _nx_scores(g: nx.Graph, measure: str, weight: str | None, k: int | None, seed: int) -> dict:
    if measure == "degree":
        return nx.degree_centrality(g)
    if measure == "betweenness":
        return nx.betweenness_centrality(g, k=min(k, len(g)) if k else None, weight=weight, seed=seed)
    if measure == "closeness":
        dist = _inverse_weight(g) if weight else None
        return nx.closeness_centrality(g, distance=dist)
    if measure == "pagerank":
        return nx.pagerank(g, weight=weight, tol=1e-10)
    return nx.eigenvector_centrality_numpy(g, weight=weight)


def _inverse_weight(g: nx.Graph) -> str:
    """Closeness treats weights as distances; a heavier tie should be closer."""
    for _, _, d in g.edges(data=True):
        d["_distance"] = 1.0 / d["weight"] if d.get("weight") else 1.0
    return "_distance"


def _igraph_scores(ctx: ToolContext, measure: str, weight: str | None, k: int | None,
                   seed: int) -> dict:
    h, ids = ctx.session.igraph()
    w = "weight" if weight and "weight" in h.es.attributes() else None
    n = h.vcount()
    if measure == "degree":
        vals = [d / (n - 1) if n > 1 else 0.0 for d in h.degree()]
    elif measure == "betweenness":
        if k:
            import random

            rng = random.Random(seed)
            sources = rng.sample(range(n), min(k, n))
            raw = h.betweenness(weights=w, sources=sources, directed=h.is_directed())
            scale = n / len(sources)
            vals = [v * scale for v in raw]
        else:
            vals = h.betweenness(weights=w, directed=h.is_directed())
        norm = (n - 1) * (n - 2) if h.is_directed() else (n - 1) * (n - 2) / 2
        vals = [v / norm if norm else 0.0 for v in vals]
    elif measure == "closeness":
        dist = [1.0 / x for x in h.es["weight"]] if w else None
        vals = [0.0 if v != v else v for v in h.closeness(weights=dist, normalized=True)]
    elif measure == "pagerank":
        vals = h.pagerank(weights=w)
    else:
        vals = h.eigenvector_centrality(weights=w, scale=False)
    return dict(zip(ids, vals, strict=True))


def _label(g: nx.Graph, node) -> dict:
    label = g.nodes[node].get("label") if node in g else None
    return {"label": label} if label is not None else {}
