"""Path and connectivity tools.

A single-pair shortest path is fastest with networkx's bidirectional search (0.14 ms vs
4.2 ms in igraph at 1M edges) once the networkx graph exists, but building it costs
seconds at that size; so ``auto`` answers a path on the igraph view while a loaded
revision's networkx graph is not built (or the graph is large), and on networkx
otherwise. Components, articulation points and bridges move to python-igraph on large
graphs.

Example::

    >>> path = registry.dispatch("shortest_path", {"source": "Valjean", "target": "Javert"}, ctx)
    >>> [step["node"] for step in path.data["path"]]
    ['Valjean', 'Javert']
    >>> registry.dispatch("connectivity", {"source": "Napoleon", "target": "Javert"}, ctx).success
    True
"""

from __future__ import annotations

import itertools
from typing import Annotated, Literal

import networkx as nx
import numpy as np
from pydantic import BaseModel, Field

from igraph_agent.errors import ErrorCode, ToolError
from igraph_agent.figures import figure
from igraph_agent.graph.lazy import is_built
from igraph_agent.graph.summary import view_adjacency, view_parts
from igraph_agent.results.paths import ConnectivityResult, ShortestPathResult
from igraph_agent.tools.common import (
    Backend,
    Where,
    choose_backend,
    degrees,
    label,
    matching_nodes,
    require_nodes,
)
from igraph_agent.tools.registry import ToolContext, ToolOutput, tool
from igraph_agent.tools.schema import INTERNAL
from igraph_agent.tools.weights import WeightArgs, ig_weights, nx_weight, sense_text, weight_for


class PathArgs(WeightArgs):
    source: str = Field(description="node id (from search_node)")
    target: str = Field(description="node id (from search_node)")
    weight_means: Literal["distance", "strength"] | None = Field(
        default=None, description="distance: summed; strength: 1/x; "
                                  "omitted: inferred")
    count_paths: bool = Field(default=False, description="count shortest paths too")
    total_along: str | None = None
    #: directed graphs: the path with the edges' direction ignored (two-way segments listed as
    #: from/to); the planner's, asked when no directed path runs either way
    ignore_direction: Annotated[bool, INTERNAL] = False
    backend: Backend = Field(default="auto", description="auto = igraph on large graphs")


MAX_PATHS_COUNTED = 1000


@tool(result=ShortestPathResult, reads=("graph",))
def shortest_path(ctx: ToolContext, args: PathArgs) -> ToolOutput:
    """The shortest path between two node ids: its nodes, hops and (weighted) length;
    total_along sums an edge attribute on it (weight=null: fewest-hop route). Follows
    edge direction; reachable=false if none.

    Example: shortest_path(source="0", target="33") -> {"hops": 2, "path": [{"node": "0"}, ...]}
    """
    g = ctx.session.require()
    s, t = require_nodes(g, [args.source, args.target])
    use = weight_for(ctx, args, "distance")
    weight = nx_weight(use)
    backend = args.backend
    if args.ignore_direction and g.is_directed():  # two-way segments listed as from/to
        path, length = _nx_path(g.to_undirected(as_view=True), s, t, weight)
        data = {"source": s, "target": t, "backend": "networkx", "weighted": use["attribute"] is not None,
                "weight_used": use, "directed": True, "direction_ignored": True,
                "reachable": path is not None}
        if path is None:
            return ToolOutput(data=data, revision=ctx.session.revision,
                              summary=f"no path from {s} to {t}, even ignoring direction")
        data["hops"] = len(path) - 1
        data["path"] = [{"node": n, **label(g, n)} for n in path]
        if weight:
            data["length"] = figure(length)
        route = " -> ".join(str(n) for n in path[:12]) + (" -> …" if len(path) > 12 else "")
        return ToolOutput(data=data, revision=ctx.session.revision,
                          summary=f"shortest path {s} to {t}, direction ignored "
                                  f"({sense_text(use)}): {data['hops']} hop(s){_length(data, use)}: {route}")
    if backend == "auto":
        backend = ("networkx" if is_built(g) and choose_backend(g, "auto") == "networkx"
                   else "igraph")
    path, length = (_igraph_path(ctx, s, t, use) if backend == "igraph"
                    else _nx_path(g, s, t, weight))
    data: dict = {"source": s, "target": t, "backend": backend,
                  "weighted": use["attribute"] is not None, "weight_used": use,
                  "directed": g.is_directed(), "reachable": path is not None}
    if path is None:
        return ToolOutput(data=data, revision=ctx.session.revision,
                          summary=f"no path from {s} to {t}" + _reverse(ctx, g, s, t, use, data))
    if args.total_along:
        path = _along(g, s, t, path, args.total_along, hops_only=not weight, data=data)
    data["hops"] = len(path) - 1
    data["path"] = [{"node": n, **label(g, n)} for n in path]
    if weight:
        data["length"] = figure(length)
    if args.count_paths:
        count = 0
        for _ in nx.all_shortest_paths(g, s, t, weight=weight):
            count += 1
            if count >= MAX_PATHS_COUNTED:
                break
        data["shortest_paths"] = count
        data["shortest_paths_capped"] = count >= MAX_PATHS_COUNTED
    route = " -> ".join(str(n) for n in path[:12]) + (" -> …" if len(path) > 12 else "")
    along = data.get("along")
    total = (f"; {along['total']} {along['attribute']} along it"
             + (f" (fewest-hop routes: {along['routes_compared']}, {along['min']} to "
                f"{along['max']} {along['attribute']})" if along["routes_compared"] > 1 else "")
             if along else "")
    return ToolOutput(data=data, revision=ctx.session.revision,
                      summary=f"shortest path {s} to {t} ({sense_text(use)}): {data['hops']} "
                              f"hop(s){_length(data, use)}{total}: {route}")


def _along(g: nx.Graph, s: str, t: str, path: list, column: str, *, hops_only: bool,
           data: dict) -> list:
    """The route whose ``column`` total is reported: ``path`` itself when it was found by a
    weight, else, among the fewest-hop routes (up to :data:`MAX_PATHS_COUNTED`), the one
    with the smallest total; the totals recorded in ``data``."""
    if not any(column in d for _, _, d in g.edges(data=True)):
        known = sorted({k for _, _, d in g.edges(data=True) for k in d})
        raise ToolError(ErrorCode.INVALID_ARGUMENTS, f"no edge attribute {column!r} to total",
                        hint=f"edge attributes: {', '.join(known) or 'none'}", retryable=True,
                        details={"total_along": column})

    def total(route: list) -> float:
        return float(sum(float(g[u][v].get(column) or 0) for u, v in itertools.pairwise(route)))

    routes = [path]
    if hops_only:
        routes = list(itertools.islice(nx.all_shortest_paths(g, s, t), MAX_PATHS_COUNTED))
    totals = [total(r) for r in routes]
    best = min(range(len(routes)), key=totals.__getitem__)
    data["along"] = {"attribute": column, "total": figure(totals[best]),
                     "routes_compared": len(routes), "min": figure(min(totals)),
                     "max": figure(max(totals))}
    return routes[best]


def _reverse(ctx: ToolContext, g: nx.Graph, s: str, t: str, use: dict, data: dict) -> str:
    """On a directed graph with no path from s to t: whether t reaches s (a table read with
    the wrong direction shows up as a path the other way), recorded in ``data``."""
    if not g.is_directed():
        return ""
    back, length = (_igraph_path(ctx, t, s, use) if data["backend"] == "igraph"
                    else _nx_path(g, t, s, nx_weight(use)))
    data["reverse_reachable"] = back is not None
    if back is None:
        return " in either direction"
    hops = data["reverse_hops"] = len(back) - 1
    text = f" following the edges' direction; {t} reaches {s} in {hops} hop(s)"
    if use["attribute"] is not None:
        data["reverse_length"] = figure(length)
        text += _length({"length": data["reverse_length"]}, use)
    return text


def _length(data: dict, use: dict) -> str:
    if "length" not in data:
        return ""
    unit = f"1/{use['attribute']}" if use["inverted"] else use["attribute"]
    return f", total {unit} {data['length']}"


def _nx_path(g: nx.Graph, s: str, t: str, weight) -> tuple[list | None, float]:
    """The path and its length (edge lengths by ``weight``, a networkx weight function,
    else hops)."""
    try:
        if weight:
            length, path = nx.bidirectional_dijkstra(g, s, t, weight=weight)
            return path, float(length)
        path = nx.bidirectional_shortest_path(g, s, t)
        return path, float(len(path) - 1)
    except nx.NetworkXNoPath:
        return None, 0.0


def _igraph_path(ctx: ToolContext, s: str, t: str, use: dict) -> tuple[list | None, float]:
    """As :func:`_nx_path`, on the igraph view (the same edge lengths); an unweighted path
    before the view is built walks the stored edge codes instead (graph/codepaths.py: the
    path igraph would return, without building the view)."""
    adjacency = view_adjacency(ctx.session.require()) if use["attribute"] is None else None
    if adjacency is not None:
        parts = view_parts(ctx.session.require())
        at = (parts[5].get_loc(s), parts[5].get_loc(t)) if parts is not None else None
        if at is not None and all(isinstance(i, int | np.integer) for i in at):
            a, b = int(at[0]), int(at[1])
            found = [a] if a == b else adjacency.path(a, b)
            return (None, 0.0) if found is None else (
                parts[5][found].tolist(), float(len(found) - 1))
    h, ids = ctx.session.igraph()
    a, b = ids.index(s), ids.index(t)
    dist = ig_weights(h, use)
    # igraph warns when the target is unreachable: tools/cwarnings.py keeps it off stderr
    epath = h.get_shortest_path(a, b, weights=dist, mode="out", output="epath")
    if not epath:
        return ([s], 0.0) if a == b else (None, 0.0)
    nodes, at = [a], a
    for e in epath:  # walk the edges from the source (an undirected edge may be stored b-a)
        edge = h.es[e]
        at = edge.target if edge.source == at else edge.source
        nodes.append(at)
    length = sum(dist[e] for e in epath) if dist else float(len(epath))
    return [ids[i] for i in nodes], float(length)


class ConnectivityArgs(BaseModel):
    source: str | None = Field(default=None, description="with target: connectivity of this pair")
    target: str | None = None
    limit: int = Field(default=20, ge=1, le=500, description="cap on each list")
    backend: Backend = "auto"
    weight: str | None = Field(default=None, description="a distance column: also the minimum "
                               "spanning forest's total (source alone: its component's)")
    whole: bool = Field(default=False, description="the graph's node/edge connectivity, girth")
    #: the planner's: the undirected graph's cycles (independent, and simple ones counted up
    #: to a cap) and whether it is planar; not in the model's schema
    shape: Annotated[bool, INTERNAL] = False
    #: the planner's: on a directed graph, the pieces are the strongly connected components
    #: (nodes that reach each other along the edges' direction); not in the model's schema
    strong: Annotated[bool, INTERNAL] = False
    # the planner's reading of a weight whose role the data does not record ("least total length")
    weight_means: Annotated[Literal["distance", "strength"] | None, INTERNAL] = None
    #: the planner's: only the nodes with these attribute values and the edges among them
    #: ("the legal team on its own: how many pieces"); not in the model's schema
    where: Annotated[Where | None, INTERNAL] = None


@tool(result=ConnectivityResult, reads=("graph",))
def connectivity(ctx: ToolContext, args: ConnectivityArgs) -> ToolOutput:
    """Connected components (weak and strong if directed) and sizes, articulation points
    and bridges (cut nodes and edges, by degree, capped); with source and target: whether
    they are connected, and their node and edge connectivity (independent paths).

    Example: connectivity(source="0", target="33") -> {"components": 1, "pair": {"node_connectivity": 10}}
    """
    g = ctx.session.require()
    if args.where:  # one group on its own: its nodes and the edges among them
        kept = matching_nodes(g, args.where) or set()
        if not kept:
            raise ToolError(ErrorCode.INVALID_ARGUMENTS, f"no node has {args.where}",
                            hint="check the attribute and value with search_node", retryable=True)
        g = g.subgraph(kept).copy()
    pair = [n for n in (args.source, args.target) if n is not None]
    spanning_of = pair[0] if len(pair) == 1 and args.weight is not None else None
    if len(pair) == 1:
        pair = []
        note = None if spanning_of else "give both source and target for pair connectivity"
    else:
        note = None
    require_nodes(g, [*pair, *([spanning_of] if spanning_of else [])])
    backend = "networkx" if args.where else choose_backend(g, args.backend)
    comps, cut_nodes, cut_edges = (_igraph_structure(ctx) if backend == "igraph"
                                   else _nx_structure(g))
    strong = args.strong and g.is_directed()
    if strong:  # "not in the big strongly connected component": the pieces along the edges
        comps = list(nx.strongly_connected_components(g))
    deg = dict(g.degree()) if args.where else degrees(ctx, g)
    cut_nodes = sorted(cut_nodes, key=lambda n: (-deg[n], str(n)))
    cut_edges = sorted(cut_edges, key=lambda e: (-(deg[e[0]] + deg[e[1]]), str(e)))
    sizes = sorted((len(c) for c in comps), reverse=True)
    n = g.number_of_nodes()
    ordered = sorted(comps, key=lambda c: (-len(c), min(map(str, c))))
    data: dict = {
        "backend": backend,
        "nodes": n,
        "components": len(sizes),
        "component_sizes": sizes[: args.limit],
        "largest_component_fraction": round(sizes[0] / n, 6) if n else 0.0,
        "isolates": sum(1 for s in sizes if s == 1),
        "outside_largest": n - sizes[0] if sizes else 0,
        "articulation_points": {"total": len(cut_nodes),
                                "items": [{"node": u, "degree": deg[u], **label(g, u)}
                                          for u in cut_nodes[: args.limit]]},
        "bridges": {"total": len(cut_edges),
                    "items": [{"source": u, "target": v} for u, v in cut_edges[: args.limit]]},
        # the nodes outside the largest component, one row per component, largest first
        "smaller_components": [{"size": len(c), "members": sorted(c, key=str)[: args.limit]}
                               for c in ordered[1: args.limit + 1]],
        **({"where": dict(args.where)} if args.where else {}),
    }
    if g.is_directed():
        data["connected_by"] = "strong" if strong else "weak"
        data["strong_components"] = (
            len(ctx.session.igraph()[0].connected_components(mode="strong"))
            if backend == "igraph" else nx.number_strongly_connected_components(g))
    if note:
        data["note"] = note
    if args.weight is not None:
        data["spanning"] = _spanning(ctx, g, args, spanning_of)
    if args.whole:
        data["whole"] = _whole(g, len(sizes))
        data["girth"] = _girth(ctx)
    if args.shape:
        data["shape"] = _shape(g)
    if pair:
        data["pair"] = _pair(ctx, g, pair[0], pair[1], backend)
    summary = (f"among nodes with {args.where}: " if args.where else "") + (
               f"{len(sizes)} component(s), largest {sizes[0] if sizes else 0} nodes; "
               f"{len(cut_nodes)} articulation point(s), {len(cut_edges)} bridge(s)")
    if args.whole:
        summary += (f"; whole graph: node connectivity {data['whole']['node_connectivity']}, "
                    f"edge connectivity {data['whole']['edge_connectivity']}")
    if pair:
        p = data["pair"]
        summary += (f"; {pair[0]}-{pair[1]}: connected={p['connected']}, node connectivity "
                    f"{p['node_connectivity']}, edge connectivity {p['edge_connectivity']}")
    return ToolOutput(data=data, summary=summary, revision=ctx.session.revision)


#: simple cycles counted at most (beyond: "at least"); none counted past this many edges
MAX_CYCLES_COUNTED = 10_000
_CYCLE_COUNT_EDGES = 20_000


def _shape(g: nx.Graph) -> dict:
    """The self-loops (edges from a node to itself, and the first 20 such nodes), and the
    simple undirected graph's cycles and planarity (directions, parallel edges and
    self-loops ignored): the cycle rank (edges - nodes + components: the independent cycles,
    networkx's ``cycle_basis`` size), the simple cycles (each closed walk repeating no node,
    counted up to :data:`MAX_CYCLES_COUNTED`) and networkx's ``is_planar``.

        >>> _shape(nx.complete_graph(4))["simple_cycles"], _shape(nx.complete_graph(5))["planar"]
        (7, False)
    """
    loops = sorted({str(a) for a, _ in nx.selfloop_edges(g)})
    u = nx.Graph(g)
    u.remove_edges_from(list(nx.selfloop_edges(u)))
    n, m = u.number_of_nodes(), u.number_of_edges()
    c = nx.number_connected_components(u)
    out: dict = {"nodes": n, "edges": m, "components": c, "cycle_rank": m - n + c,
                 "planar": nx.is_planar(u), "self_loops": nx.number_of_selfloops(g),
                 "self_loop_nodes": loops[:20]}
    if m <= _CYCLE_COUNT_EDGES:
        counted = sum(1 for _ in itertools.islice(nx.simple_cycles(u), MAX_CYCLES_COUNTED + 1))
        out["simple_cycles"] = min(counted, MAX_CYCLES_COUNTED)
        out["simple_cycles_exact"] = counted <= MAX_CYCLES_COUNTED
    return out


#: the largest graph whose node connectivity is computed (networkx's flows: ~0.4 s at 300 nodes)
_WHOLE_NODES = 2000


def _whole(g: nx.Graph, components: int) -> dict:
    """The whole graph's node and edge connectivity as networkx defines them: the fewest
    nodes (edges) whose removal disconnects it, 0 when it is already disconnected; a
    directed graph is read with its directions ignored (disconnected: no longer one weak
    component), and says so.

        >>> _whole(nx.petersen_graph(), 1)
        {'node_connectivity': 3, 'edge_connectivity': 3}
    """
    if components != 1 or g.number_of_nodes() < 2:
        return {"node_connectivity": 0, "edge_connectivity": 0}
    if g.number_of_nodes() > _WHOLE_NODES:
        raise ToolError(ErrorCode.INVALID_ARGUMENTS,
                        f"whole-graph connectivity is computed up to {_WHOLE_NODES} nodes; this "
                        f"graph has {g.number_of_nodes()}",
                        hint="ask for the connectivity between two named nodes instead")
    u = g.to_undirected(as_view=True) if g.is_directed() else g
    return {"node_connectivity": nx.node_connectivity(u), "edge_connectivity":
            nx.edge_connectivity(u), **({"directions_ignored": 1} if g.is_directed() else {})}


def _spanning(ctx: ToolContext, g: nx.Graph, args: ConnectivityArgs, of: str | None) -> dict:
    """The minimum spanning forest by ``args.weight`` read as a distance (directions
    ignored): its total and edge count, and those of ``of``'s component."""
    from igraph_agent.tools.weights import nx_graph_weight

    use = weight_for(ctx, args, "distance")
    u = nx.Graph(g.to_undirected(as_view=True)) if g.is_directed() else g
    h, key = nx_graph_weight(u, use)
    forest = nx.minimum_spanning_tree(h, weight=key or "weight")

    def total(t: nx.Graph) -> float:
        return round(sum(float(d.get(key, 1.0)) if key else 1.0
                         for _, _, d in t.edges(data=True)), 6)

    out: dict = {"total": total(forest), "edges": forest.number_of_edges(), "weight_used": use}
    if of is not None:
        part = forest.subgraph(nx.node_connected_component(forest, of))
        out |= {"of": of, "of_total": total(part), "of_nodes": part.number_of_nodes(),
                "of_edges": part.number_of_edges()}
    return out


def _girth(ctx: ToolContext) -> int | None:
    """The length in edges of the shortest cycle (directions, parallel edges and self-loops
    ignored), None when there is no cycle: networkx's ``girth`` (inf for a forest)."""
    h, _ = ctx.session.igraph()
    h = h.as_undirected(mode="collapse") if h.is_directed() else h.copy()
    h.simplify()
    found = h.girth()
    return int(found) if found and found != float("inf") else None


def _nx_structure(g: nx.Graph):
    u = g.to_undirected(as_view=True) if g.is_directed() else g
    comps = list(nx.connected_components(u))
    return comps, list(nx.articulation_points(u)), list(nx.bridges(u))


def _igraph_structure(ctx: ToolContext):
    h, ids = ctx.session.igraph()
    if h.is_directed():
        h = h.as_undirected(mode="collapse")
    comps = [[ids[i] for i in c] for c in h.connected_components()]
    cut_nodes = [ids[i] for i in h.articulation_points()]
    cut_edges = [(ids[h.es[e].source], ids[h.es[e].target]) for e in h.bridges()]
    return comps, cut_nodes, cut_edges


def _pair(ctx: ToolContext, g: nx.Graph, s: str, t: str, backend: str) -> dict:
    """Local node/edge connectivity as networkx defines it (an edge s-t counts as a path)."""
    u = g.to_undirected(as_view=True) if g.is_directed() else g
    connected = nx.has_path(u, s, t)
    out = {"source": s, "target": t, "connected": connected}
    if s == t or not connected:
        out.update(node_connectivity=0, edge_connectivity=0)
        return out
    if backend == "igraph":
        h, ids = ctx.session.igraph()
        index = {n: i for i, n in enumerate(ids)}
        a, b = index[s], index[t]
        direct = 1 if g.has_edge(s, t) else 0
        out["node_connectivity"] = h.vertex_connectivity(a, b, neighbors="ignore") + direct
        out["edge_connectivity"] = h.edge_connectivity(a, b)
        return out
    out["node_connectivity"] = nx.node_connectivity(g, s, t)
    out["edge_connectivity"] = nx.edge_connectivity(g, s, t)
    return out
