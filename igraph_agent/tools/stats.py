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
from typing import Annotated, Literal

import networkx as nx
from pydantic import Field

from igraph_agent.figures import figure, shown
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
from igraph_agent.tools.weights import (
    WeightArgs,
    ig_weights,
    nx_graph_weight,
    nx_weight,
    sense_text,
    weight_for,
)

# Exact average path length / diameter up to this many nodes; sampled BFS above.
EXACT_PATHS_LIMIT = 3000


class CompareArgs(WeightArgs):
    nodes: list[str] = Field(min_length=2, max_length=10, description="node ids to compare")
    backend: Backend = "auto"


@tool(result=CompareNodesResult, reads=("graph",))
def compare_nodes(ctx: ToolContext, args: CompareArgs) -> ToolOutput:
    """Compare 2-10 nodes side by side: degree, clustering, pagerank, core number, component
    size and community (when community_detection ran), and for each pair the hop distance,
    common neighbours and Jaccard similarity of their neighbourhoods. Weighted: pagerank,
    clustering, a pair's length.

    Example: compare_nodes(nodes=["0", "33"]) -> {"nodes": [...], "pairs": [{"distance": 2, ...}]}
    """
    g = ctx.session.require()
    named = list(dict.fromkeys(require_nodes(g, args.nodes)))
    backend = choose_backend(g, args.backend)
    use = weight_for(ctx, args, "strength")
    path_use = weight_for(ctx, args, "distance")
    pr = centrality_scores(ctx, "pagerank", use=use, backend=backend)["scores"]
    u = g.to_undirected(as_view=True) if g.is_directed() else g
    wg, attr = nx_graph_weight(g, use)
    length = nx_weight(path_use)
    core = core_numbers(ctx, g, backend)
    part = current_partition(ctx.session, g)
    comp_size = _component_sizes(ctx, u, named, backend)
    rows = []
    for n in named:
        row = {"node": n, **label(g, n), "degree": g.degree(n),
               "clustering": round(float(nx.clustering(wg, n, weight=attr)), 6),
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
        pair = {"a": a, "b": b, "distance": dist, "adjacent": u.has_edge(a, b),
                "common_neighbours": len(na & nb), "neighbours_of_either": len(union),
                "jaccard": round(len(na & nb) / len(union), 6) if union else 0.0}
        if length is not None and dist is not None:
            pair["length"] = figure(nx.dijkstra_path_length(u, a, b, weight=length))
        if g.is_directed():  # "how far is a from b" may mean following the edges
            pair["distance_a_to_b"] = _hops(g, a, b)
            pair["distance_b_to_a"] = _hops(g, b, a)
        pairs.append(pair)
    data = {"backend": backend, "nodes": rows, "pairs": pairs, "weight_used": use,
            "length_weight_used": path_use, "distance_in": "hops, ignoring direction" + (
                "; distance_a_to_b / distance_b_to_a follow it" if g.is_directed() else "")}
    if part:
        data["community_method"] = part["method"]
    lead = "; ".join(f"{r['node']}: degree {r['degree']}, pagerank {shown(r['pagerank'])}"
                     for r in rows[:3])
    return ToolOutput(data=data, summary=f"compared {len(rows)} nodes ({sense_text(use)}) — {lead}",
                      revision=ctx.session.revision)


def _hops(g: nx.DiGraph, a, b) -> int | None:
    try:
        return nx.shortest_path_length(g, a, b)
    except nx.NetworkXNoPath:
        return None


def _component_sizes(ctx: ToolContext, u: nx.Graph, nodes: list, backend: str) -> dict:
    if backend == "igraph":
        h, ids = ctx.session.igraph()
        comps = h.connected_components(mode="weak")
        sizes, member = comps.sizes(), comps.membership
        index = {node: i for i, node in enumerate(ids)}
        return {n: sizes[member[index[n]]] for n in nodes}
    return {n: len(nx.node_connected_component(u, n)) for n in nodes}



class SummaryArgs(WeightArgs):
    samples: int | None = Field(default=None, ge=10, le=5000, description="sources for path "
                                "estimates above 3000 nodes (default 200; 50 from 200k edges)")
    seed: Annotated[int, INTERNAL] = 42
    backend: Backend = "auto"
    # the planner's reading of a weight whose role the data does not record ("trail distance")
    weight_means: Annotated[Literal["distance", "strength"] | None, INTERNAL] = None


@tool(result=SummaryStatisticsResult, reads=("graph",), cost=2)
def summary_statistics(ctx: ToolContext, args: SummaryArgs) -> ToolOutput:
    """Whole-graph statistics: size, density, degree mean/median/std/max, components,
    clustering, transitivity, degree assortativity, degeneracy, and the largest
    component's average path length, diameter and radius (exact to 3000 nodes, else
    sampled estimates with a 95 % interval). Paths: weight as distance, else hops.

    Example: summary_statistics() -> {"nodes": 34, "edges": 78, "average_clustering": 0.5706, ...}
    """
    g = ctx.session.require()
    backend = choose_backend(g, args.backend)
    if g.is_directed():
        backend = "networkx"
    use = weight_for(ctx, args, "distance")
    n, m = g.number_of_nodes(), g.number_of_edges()
    degs = list(degrees(ctx, g).values())
    u = g.to_undirected(as_view=True) if g.is_directed() else g
    if backend == "igraph":
        h, ids = ctx.session.igraph()
        comps = h.connected_components()
        largest_ids = [ids[i] for i in max(comps, key=len)] if n else []
        n_comps = len(comps)
        avg_clust = h.transitivity_avglocal_undirected(mode="zero")
        # a pair tied both ways is one tie once direction is ignored
        trans = (h.as_undirected(mode="collapse") if h.is_directed() else h).transitivity_undirected()
        assort = h.assortativity_degree(directed=False)
    else:
        comps_nx = list(nx.connected_components(u))
        largest_ids = list(max(comps_nx, key=len)) if n else []
        n_comps = len(comps_nx)
        avg_clust = nx.average_clustering(g)
        trans = nx.transitivity(u)
        assort = _degree_assortativity(g) if m else float("nan")
    over = largest_ids
    strong = None
    if g.is_directed():
        sccs = list(nx.strongly_connected_components(g))
        strong = len(sccs)
        over = list(max(sccs, key=len)) if n else []
    paths = _path_stats(ctx, g, over, backend, args, use)
    unit = _unit(use)
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
        "weight_used": use, "path_unit": unit,
        "paths_over": ("the largest strongly connected component, following direction"
                       if g.is_directed() else "the largest connected component"),
        "paths_over_nodes": len(over),
        **paths,
    }
    if strong is not None:
        data["strong_components"] = strong
    return ToolOutput(
        data=data, revision=ctx.session.revision,
        summary=f"{n} nodes, {m} edges, mean degree {data['degree']['mean']:.2f}, "
                f"{n_comps} {'weakly connected ' if g.is_directed() else ''}component(s), "
                f"average clustering {data['average_clustering']:.4f}, average path length "
                f"{shown(paths['average_path_length'])} and diameter {shown(paths['diameter'])} "
                f"{_unit_words(use)}")


def _unit(use: dict) -> str:
    """What path figures are measured in: ``hops``, ``km``, ``1/weight``."""
    if use["attribute"] is None:
        return "hops"
    return f"1/{use['attribute']}" if use["inverted"] else use["attribute"]


def _unit_words(use: dict) -> str:
    if use["attribute"] is None:
        return "in hops"
    return f"in {_unit(use)} ({sense_text(use)})"


_LISTED = 50  # center and periphery nodes listed


def _path_stats(ctx: ToolContext, g: nx.Graph, over: list, backend: str,
                args: SummaryArgs, use: dict) -> dict:
    """Average path length, diameter and radius over the nodes ``over`` (one component;
    a directed graph's strongly connected one), in hops or in the weight as a distance."""
    if len(over) < 2:
        return {"average_path_length": 0.0, "diameter": 0, "radius": 0,
                "paths_approximate": False}
    weight = nx_weight(use)
    core = g.subgraph(over)
    if len(over) <= EXACT_PATHS_LIMIT:
        ecc = nx.eccentricity(core, weight=weight)
        low, high = min(ecc.values()), max(ecc.values())
        return {"average_path_length": figure(nx.average_shortest_path_length(core, weight=weight)),
                "diameter": _num(high), "radius": _num(low),
                "paths_approximate": False,
                # the center (eccentricity = radius) and periphery (= diameter), exact only
                "center": sorted((x for x, e in ecc.items() if e == low), key=str)[:_LISTED],
                "periphery": sorted((x for x, e in ecc.items() if e == high), key=str)[:_LISTED]}
    samples = args.samples or (200 if edge_count(g) < 200_000 else 50)
    sources = random.Random(args.seed).sample(sorted(over, key=str), min(samples, len(over)))
    if backend == "igraph" and use["attribute"] is None:
        per_source = _igraph_sources(ctx, sources)
    elif backend == "igraph":
        per_source = _igraph_weighted_sources(ctx, sources, use)
    else:
        per_source = [_nx_source(core, s, weight) for s in sources]
    return _sampled_paths(per_source, len(over))


def _num(x: float) -> float | int:
    """A path figure: an int when whole (hops), else kept to significant digits."""
    return int(x) if float(x).is_integer() else figure(x)


def _nx_source(core: nx.Graph, s, weight) -> tuple[float, int, float]:
    """(sum of distances, nodes reached, eccentricity) of one source."""
    lengths = (nx.single_source_dijkstra_path_length(core, s, weight=weight) if weight
               else nx.single_source_shortest_path_length(core, s))
    return sum(lengths.values()), len(lengths) - 1, max(lengths.values())


def _igraph_weighted_sources(ctx: ToolContext, sources: list,
                             use: dict) -> list[tuple[float, int, float]]:
    """As :func:`_nx_source` on the igraph view (an undirected graph's largest component:
    every other node is unreachable, so only finite distances count)."""
    h, ids = ctx.session.igraph()
    index = {n: i for i, n in enumerate(ids)}
    rows = h.distances(source=[index[s] for s in sources], weights=ig_weights(h, use))
    out = []
    for row in rows:
        finite = [d for d in row if math.isfinite(d)]
        out.append((sum(finite), len(finite) - 1, max(finite)))
    return out


def _igraph_sources(ctx: ToolContext, sources: list) -> list[tuple[int, int, int]]:
    h, ids = ctx.session.igraph()
    index = {n: i for i, n in enumerate(ids)}
    out = []
    for s in sources:
        _, layers, _ = h.bfs(index[s])  # layers[d]: where hop d starts in the BFS order
        total = sum(d * (layers[d + 1] - layers[d]) for d in range(1, len(layers) - 1))
        out.append((total, layers[-1] - 1, len(layers) - 2))
    return out


def _sampled_paths(per_source: list[tuple[float, int, float]], population: int) -> dict:
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
    half_low = math.ceil(low_d / 2) if float(low_d).is_integer() else low_d / 2
    return {"average_path_length": figure(total / count) if count else 0.0,
            "average_path_length_ci95": figure(half),
            "diameter": _num(low_d), "diameter_bounds": [_num(low_d), _num(high_d)],
            "radius": _num(min(ecc)), "radius_bounds": [_num(half_low), _num(min(ecc))],
            "paths_approximate": True, "path_samples": len(per_source),
            "note": "estimated from sampled sources: average path length ± "
                    "average_path_length_ci95 (95 % interval); diameter is the lower bound "
                    "of diameter_bounds, radius the upper bound of radius_bounds"}


def _degree_assortativity(g: nx.Graph) -> float:
    """networkx's coefficient; NaN (shown as None) where it is undefined — every edge joins
    nodes of one degree — without numpy's "invalid value" warning reaching the user."""
    import numpy as np

    with np.errstate(invalid="ignore", divide="ignore"):
        return float(nx.degree_assortativity_coefficient(g))
