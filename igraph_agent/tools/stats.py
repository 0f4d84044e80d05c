"""Figures for reports: a side-by-side comparison of nodes, and whole-graph summary statistics.

Example::

    >>> compared = registry.dispatch("compare_nodes", {"nodes": ["Valjean", "Javert"]}, ctx)
    >>> [row["node"] for row in compared.data["nodes"]]
    ['Valjean', 'Javert']
    >>> registry.dispatch("summary_statistics", {}, ctx).data["nodes"]
    77
"""

from __future__ import annotations

import itertools
import math
import random
import statistics
from typing import Annotated

import networkx as nx
from pydantic import BaseModel, Field

from igraph_agent.results.stats import CompareNodesResult, SummaryStatisticsResult
from igraph_agent.tools.centrality import centrality_scores
from igraph_agent.tools.common import (
    Backend,
    choose_backend,
    core_numbers,
    current_partition,
    degrees,
    edge_count,
    label,
    require_nodes,
)
from igraph_agent.tools.registry import ToolContext, ToolOutput, tool
from igraph_agent.tools.schema import INTERNAL

# Exact average path length / diameter up to this many nodes; sampled BFS above.
EXACT_PATHS_LIMIT = 3000


class CompareArgs(BaseModel):
    nodes: list[str] = Field(min_length=2, max_length=10, description="node ids to compare")
    backend: Backend = "auto"


@tool(result=CompareNodesResult, reads=("graph",))
def compare_nodes(ctx: ToolContext, args: CompareArgs) -> ToolOutput:
    """Compare 2-10 nodes side by side: degree, clustering, pagerank, core number, component
    size and community (when community_detection ran), and for each pair the hop distance,
    common neighbours and Jaccard similarity of their neighbourhoods.

    Example: compare_nodes(nodes=["0", "33"]) -> {"nodes": [...], "pairs": [{"distance": 2, ...}]}
    """
    g = ctx.session.require()
    named = list(dict.fromkeys(require_nodes(g, args.nodes)))
    backend = choose_backend(g, args.backend)
    pr = centrality_scores(ctx, "pagerank", backend=backend)["scores"]
    u = g.to_undirected(as_view=True) if g.is_directed() else g
    core = core_numbers(ctx, g, backend)
    part = current_partition(ctx.session, g)
    comp_size = _component_sizes(ctx, u, named, backend)
    rows = []
    for n in named:
        row = {"node": n, **label(g, n), "degree": g.degree(n),
               "clustering": round(float(nx.clustering(g, n)), 6),
               "pagerank": round(pr[n], 6), "core_number": core[n],
               "component_size": comp_size[n]}
        if part:
            row["community"] = part["membership"][n]
        rows.append(row)
    pairs = []
    for a, b in itertools.combinations(named, 2):
        na, nb = set(u[a]), set(u[b])
        union = na | nb
        try:
            dist = nx.shortest_path_length(u, a, b)
        except nx.NetworkXNoPath:
            dist = None
        pairs.append({"a": a, "b": b, "distance": dist, "adjacent": u.has_edge(a, b),
                      "common_neighbours": len(na & nb),
                      "jaccard": round(len(na & nb) / len(union), 6) if union else 0.0})
    data = {"backend": backend, "nodes": rows, "pairs": pairs}
    if part:
        data["community_method"] = part["method"]
    lead = "; ".join(f"{r['node']}: degree {r['degree']}, pagerank {r['pagerank']:.4f}" for r in rows[:3])
    return ToolOutput(data=data, summary=f"compared {len(rows)} nodes — {lead}",
                      revision=ctx.session.revision)


def _component_sizes(ctx: ToolContext, u: nx.Graph, nodes: list, backend: str) -> dict:
    if backend == "igraph":
        h, ids = ctx.session.igraph()
        comps = h.connected_components(mode="weak")
        sizes, member = comps.sizes(), comps.membership
        index = {node: i for i, node in enumerate(ids)}
        return {n: sizes[member[index[n]]] for n in nodes}
    return {n: len(nx.node_connected_component(u, n)) for n in nodes}



class SummaryArgs(BaseModel):
    samples: int | None = Field(default=None, ge=10, le=5000, description="BFS sources for "
                                "the path estimates on graphs above 3000 nodes (default 200, "
                                "50 from 200k edges on)")
    seed: Annotated[int, INTERNAL] = 42
    backend: Backend = "auto"


@tool(result=SummaryStatisticsResult, reads=("graph",), cost=2)
def summary_statistics(ctx: ToolContext, args: SummaryArgs) -> ToolOutput:
    """Whole-graph statistics for a report: size, density, degree mean/median/std/max,
    components and the largest one's share, average clustering, transitivity, degree
    assortativity, degeneracy (largest k-core), and average shortest-path length, diameter
    and radius of the largest component (exact up to 3000 nodes, else estimated from
    sampled BFS sources with a 95 % interval and bounds, flagged approximate).

    Example: summary_statistics() -> {"nodes": 34, "edges": 78, "average_clustering": 0.5706, ...}
    """
    g = ctx.session.require()
    backend = choose_backend(g, args.backend)
    if g.is_directed():
        backend = "networkx"
    n, m = g.number_of_nodes(), g.number_of_edges()
    degs = list(degrees(ctx, g).values())
    u = g.to_undirected(as_view=True) if g.is_directed() else g
    if backend == "igraph":
        h, ids = ctx.session.igraph()
        comps = h.connected_components()
        largest_ids = [ids[i] for i in max(comps, key=len)] if n else []
        n_comps = len(comps)
        avg_clust = h.transitivity_avglocal_undirected(mode="zero")
        trans = h.transitivity_undirected()
        assort = h.assortativity_degree(directed=False)
    else:
        comps_nx = list(nx.connected_components(u))
        largest_ids = list(max(comps_nx, key=len)) if n else []
        n_comps = len(comps_nx)
        avg_clust = nx.average_clustering(g)
        trans = nx.transitivity(g)
        assort = _degree_assortativity(g) if m else float("nan")
    paths = _path_stats(ctx, u, largest_ids, backend, args)
    data = {
        "backend": backend, "nodes": n, "edges": m, "directed": g.is_directed(),
        "density": round(nx.density(g), 8),
        "degree": {"mean": round(statistics.fmean(degs), 6) if n else 0.0,
                   "median": float(statistics.median(degs)) if n else 0.0,
                   "std": round(statistics.pstdev(degs), 6) if n else 0.0,
                   "max": max(degs, default=0), "min": min(degs, default=0)},
        "components": n_comps,
        "largest_component": {"nodes": len(largest_ids),
                              "fraction": round(len(largest_ids) / n, 6) if n else 0.0},
        "average_clustering": round(float(avg_clust), 6),
        "transitivity": round(float(trans or 0.0), 6),
        "degree_assortativity": None if assort != assort else round(float(assort), 6),
        "degeneracy": max(core_numbers(ctx, g, backend).values(), default=0),
        **paths,
    }
    return ToolOutput(
        data=data, revision=ctx.session.revision,
        summary=f"{n} nodes, {m} edges, mean degree {data['degree']['mean']:.2f}, "
                f"{n_comps} component(s), average clustering {data['average_clustering']:.4f}, "
                f"average path length {paths['average_path_length']}")


def _path_stats(ctx: ToolContext, u: nx.Graph, largest: list, backend: str,
                args: SummaryArgs) -> dict:
    if len(largest) < 2:
        return {"average_path_length": 0.0, "diameter": 0, "radius": 0,
                "paths_approximate": False}
    if len(largest) <= EXACT_PATHS_LIMIT:
        core = u.subgraph(largest)
        ecc = nx.eccentricity(core)
        return {"average_path_length": round(nx.average_shortest_path_length(core), 6),
                "diameter": max(ecc.values()), "radius": min(ecc.values()),
                "paths_approximate": False}
    samples = args.samples or (200 if edge_count(u) < 200_000 else 50)
    sources = random.Random(args.seed).sample(sorted(largest, key=str), min(samples, len(largest)))
    per_source = (_igraph_sources(ctx, sources) if backend == "igraph"
                  else [_nx_source(u, s) for s in sources])
    return _sampled_paths(per_source, len(largest))


def _nx_source(u: nx.Graph, s) -> tuple[int, int, int]:
    """(sum of distances, nodes reached, eccentricity) of one BFS source."""
    lengths = nx.single_source_shortest_path_length(u, s)
    return sum(lengths.values()), len(lengths) - 1, max(lengths.values())


def _igraph_sources(ctx: ToolContext, sources: list) -> list[tuple[int, int, int]]:
    h, ids = ctx.session.igraph()
    index = {n: i for i, n in enumerate(ids)}
    out = []
    for s in sources:
        _, layers, _ = h.bfs(index[s])  # layers[d]: where hop d starts in the BFS order
        total = sum(d * (layers[d + 1] - layers[d]) for d in range(1, len(layers) - 1))
        out.append((total, layers[-1] - 1, len(layers) - 2))
    return out


def _sampled_paths(per_source: list[tuple[int, int, int]], population: int) -> dict:
    """Estimates from sampled sources with their stated error.

    The mean distance gets a 95 % interval from the spread of the per-source means (with the
    finite-population correction); every eccentricity e gives diameter >= e and
    diameter <= 2e, radius <= e; and radius >= diameter / 2.
    """
    total = sum(t for t, _, _ in per_source)
    count = sum(c for _, c, _ in per_source)
    means = [t / c for t, c, _ in per_source if c]
    ecc = [e for _, _, e in per_source]
    k = len(means)
    spread = statistics.stdev(means) if k > 1 else 0.0
    half = 1.96 * spread / math.sqrt(k) * math.sqrt(max(0.0, 1 - k / population)) if k else 0.0
    low_d, high_d = max(ecc), 2 * min(ecc)
    return {"average_path_length": round(total / count, 6) if count else 0.0,
            "average_path_length_ci95": round(half, 6),
            "diameter": int(low_d), "diameter_bounds": [int(low_d), int(high_d)],
            "radius": int(min(ecc)), "radius_bounds": [math.ceil(low_d / 2), int(min(ecc))],
            "paths_approximate": True, "path_samples": len(per_source),
            "note": "estimated from sampled BFS sources: average path length ± "
                    "average_path_length_ci95 (95 % interval); diameter is the lower bound "
                    "of diameter_bounds, radius the upper bound of radius_bounds"}


def _degree_assortativity(g: nx.Graph) -> float:
    """networkx's coefficient; NaN (shown as None) where it is undefined — every edge joins
    nodes of one degree — without numpy's "invalid value" warning reaching the user."""
    import numpy as np

    with np.errstate(invalid="ignore", divide="ignore"):
        return float(nx.degree_assortativity_coefficient(g))
