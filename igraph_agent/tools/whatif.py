"""What-if removal: the graph's components after removing nodes or edges, next to before.

Nothing is changed: the removal is a read-only view of the loaded graph.

Example::

    >>> registry.dispatch("remove_and_compare", {"nodes": ["Valjean"]}, ctx).data["after"]["components"]
    7
"""

from __future__ import annotations

from typing import Annotated, Literal

import networkx as nx
from pydantic import Field

from igraph_agent.errors import ErrorCode, ToolError
from igraph_agent.results.whatif import RemoveAndCompareResult
from igraph_agent.tools.common import require_nodes, undirected
from igraph_agent.tools.registry import ToolContext, ToolOutput, tool
from igraph_agent.tools.schema import INTERNAL
from igraph_agent.tools.weights import WeightArgs, nx_weight, sense_text, weight_for


class RemoveArgs(WeightArgs):
    nodes: list[str] = Field(default_factory=list, description="node ids to remove")
    edges: list[list[str]] = Field(default_factory=list, description="[u, v] edges to remove")
    reach: list[str] = Field(default_factory=list, description="[from, to]: does from still "
                             "reach to (following direction)")
    reach_of: str | None = Field(default=None, description="a node id: which nodes it reaches "
                                 "(direction=out) or which reach it (in) before and after")
    direction: Literal["out", "in"] = Field(default="out", description="reach_of and stranded "
                                            "on a directed graph: out = the nodes it reaches "
                                            "(out-edges), in = those reaching it (in-edges); "
                                            "ignored on undirected graphs")
    # the planner's reading of a weight whose role the data does not record ("road distance")
    weight_means: Annotated[Literal["distance", "strength"] | None, INTERNAL] = None
    # the planner's "no link at all, in or out": stranded by the total degree, whatever the side
    stranded_any: Annotated[bool, INTERNAL] = False


@tool(result=RemoveAndCompareResult, reads=("graph",))
def remove_and_compare(ctx: ToolContext, args: RemoveArgs) -> ToolOutput:
    """What if these nodes or edges were removed: connected components (count and sizes),
    the largest component and the edge count before and after (on a directed graph also the
    strongly connected components, their count and the largest), and which nodes end up cut
    off from the largest component or left with no edge at all (``stranded``; on a directed
    graph none on the ``direction`` side). Read-only; directions ignored, except by ``reach``: with
    ``reach=[a, b]`` also whether ``a`` still reaches ``b`` afterwards (following edge
    direction on a directed graph) and the shortest hop path before and after.

    Example: remove_and_compare(nodes=["0"]) -> {"before": {"components": 1}, "after": {"components": 3}, ...}
    """
    g = ctx.session.require()
    nodes = require_nodes(g, args.nodes)
    edges = [tuple(e) for e in args.edges]
    if any(len(e) != 2 for e in edges):
        raise ToolError(ErrorCode.INVALID_ARGUMENTS, "an edge is a pair [u, v]", retryable=True)
    require_nodes(g, [n for e in edges for n in e])
    missing = [e for e in edges if not g.has_edge(*e)]
    if missing:
        raise ToolError(ErrorCode.INVALID_ARGUMENTS, f"no such edge: {missing[0]}",
                        hint="name both ends of an existing edge", retryable=True)
    if not nodes and not edges:
        raise ToolError(ErrorCode.INVALID_ARGUMENTS, "name the nodes or edges to remove",
                        retryable=True)
    if args.reach and len(args.reach) != 2:
        raise ToolError(ErrorCode.INVALID_ARGUMENTS, "reach is a pair [from, to]", retryable=True)
    ends = require_nodes(g, args.reach)
    of = require_nodes(g, [args.reach_of] if args.reach_of else [])
    if set(ends + of) & set(nodes):
        raise ToolError(ErrorCode.INVALID_ARGUMENTS, f"{ends} include a removed node",
                        hint="ask about two nodes that stay", retryable=True)
    u = undirected(g)
    before = _parts(u)
    kept = nx.restricted_view(u, nodes, edges)
    after = _parts(kept)
    if g.is_directed():  # edges as the table has them (a two-way pair is two), strong parts
        for part, h in ((before, g), (after, nx.restricted_view(g, nodes, edges))):
            strong = sorted((len(c) for c in nx.strongly_connected_components(h)), reverse=True)
            part.update(edges=h.number_of_edges(), strong_components=len(strong),
                        largest_strong_component=strong[0] if strong else 0)
    main_before = max(nx.connected_components(u), key=len) if len(u) else set()
    main_after = max(nx.connected_components(kept), key=len) if len(kept) else set()
    cut_off = sorted((n for n in main_before if n not in main_after and n not in nodes), key=str)
    data = {"removed_nodes": nodes, "removed_edges": [list(e) for e in edges],
            "before": before, "after": after,
            "new_components": after["components"] - before["components"],
            "cut_off": {"total": len(cut_off), "items": cut_off[:30]},
            "stranded": _stranded(g, nx.restricted_view(g, nodes, edges), nodes, edges,
                                  "any" if args.stranded_any else args.direction)}
    what = ", ".join(nodes + [f"{a}–{b}" for a, b in edges])
    summary = f"without {what}: {after['components']} component(s) (before {before['components']})"
    # a weight only when named: the reach is then the shortest path by it, as a distance
    use = weight_for(ctx, args, "distance") if args.weight is not None else None
    if ends:
        data["reach"] = _reach(g, nx.restricted_view(g, nodes, edges), ends[0], ends[1], use)
        r = data["reach"]
        verb = ("did not reach" if r["before_hops"] is None else "still reaches"
                if r["after_hops"] is not None else "no longer reaches")
        summary += f"; {ends[0]} {verb} {ends[1]}"
        if use is not None and r["after_length"] is not None:
            summary += f" at length {r['after_length']} ({sense_text(use)})"
    if of:
        data["reach_set"] = _reach_set(g, nx.restricted_view(g, nodes, edges), of[0],
                                       args.direction if g.is_directed() else "both", nodes)
        rs = data["reach_set"]
        summary += (f"; {of[0]} {_WAYS[rs['direction']]} {rs['before']} node(s) before, "
                    f"{rs['after']} after")
    return ToolOutput(data=data, revision=ctx.session.revision, summary=summary)


def _reach(before: nx.Graph, after: nx.Graph, source: str, target: str,
           use: dict | None) -> dict:
    """Whether ``source`` reaches ``target`` (edge direction followed) before and after the
    removal: the hop count and the shortest path of each, None where it does not; with a
    weight (``use``), the shortest path by it and its length."""
    weight = nx_weight(use) if use else None

    def path(g: nx.Graph) -> tuple[list[str] | None, float | None]:
        try:
            if weight is None:
                return list(nx.shortest_path(g, source, target)), None
            length, found = nx.single_source_dijkstra(g, source, target, weight=weight)
            return list(found), round(float(length), 6)
        except nx.NetworkXNoPath:
            return None, None

    (old, old_len), (new, new_len) = path(before), path(after)
    out = {"source": source, "target": target,
           "before_hops": None if old is None else len(old) - 1, "before_path": old or [],
           "after_hops": None if new is None else len(new) - 1, "after_path": new or []}
    if old is not None and new is not None:
        out["added_hops"] = len(new) - len(old)
    if use is not None:
        out.update(before_length=old_len, after_length=new_len, weight_used=use)
        if old_len is not None and new_len is not None:
            out["added_length"] = round(new_len - old_len, 6)
    return out


_WAYS = {"out": "reaches", "in": "is reached from", "both": "is connected to"}


def _stranded(before: nx.Graph, after: nx.Graph, nodes: list[str], edges: list[tuple],
              direction: str) -> dict:
    """The nodes that keep no edge after the removal but had some before (on a directed
    graph, no out-edge for ``out``, no in-edge for ``in``): "who is left with no project".
    Only a removed node's neighbours or a removed edge's ends can be."""
    def degree(g: nx.Graph, n: str) -> int:
        if not g.is_directed() or direction == "any":
            return int(g.degree(n))
        return int(g.out_degree(n) if direction == "out" else g.in_degree(n))

    both = undirected(before)
    near = {m for n in nodes for m in both[n]} | {n for e in edges for n in e}
    left = sorted((n for n in near - set(nodes) if degree(after, n) == 0 and degree(before, n) > 0),
                  key=str)
    return {"total": len(left), "items": left[:_LISTED]}


def _reach_set(before: nx.Graph, after: nx.Graph, node: str, direction: str,
               removed: list[str]) -> dict:
    """The nodes ``node`` reaches (``out``), is reached from (``in``) or is connected to
    (``both``, undirected) before and after the removal, and those it no longer does."""
    def reached(g: nx.Graph) -> set:
        if direction == "out":
            return nx.descendants(g, node)
        if direction == "in":
            return nx.ancestors(g, node)
        return nx.node_connected_component(undirected(g), node) - {node}

    old, new = reached(before), reached(after)
    lost = sorted(old - new - set(removed), key=str)
    still = sorted(new, key=str)
    return {"node": node, "direction": direction, "before": len(old), "after": len(new),
            "lost": {"total": len(lost), "items": lost[:_LISTED]},
            "still": {"total": len(still), "items": still[:_LISTED]}}


_LISTED = 50


def _parts(g: nx.Graph) -> dict:
    sizes = sorted((len(c) for c in nx.connected_components(g)), reverse=True)
    return {"nodes": g.number_of_nodes(), "edges": g.number_of_edges(),
            "components": len(sizes), "component_sizes": sizes[:20],
            "largest_component": sizes[0] if sizes else 0}
