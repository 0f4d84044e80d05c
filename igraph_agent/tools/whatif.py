"""What-if removal: the graph's components after removing nodes or edges, next to before.

Nothing is changed: the removal is a read-only view of the loaded graph.

Example::

    >>> registry.dispatch("remove_and_compare", {"nodes": ["Valjean"]}, ctx).data["after"]["components"]
    7
"""

from __future__ import annotations

import networkx as nx
from pydantic import BaseModel, Field

from igraph_agent.errors import ErrorCode, ToolError
from igraph_agent.results.whatif import RemoveAndCompareResult
from igraph_agent.tools.common import require_nodes, undirected
from igraph_agent.tools.registry import ToolContext, ToolOutput, tool


class RemoveArgs(BaseModel):
    nodes: list[str] = Field(default_factory=list, description="node ids to remove")
    edges: list[list[str]] = Field(default_factory=list, description="[u, v] edges to remove")
    reach: list[str] = Field(default_factory=list, description="[from, to]: does from still "
                             "reach to (following direction)")


@tool(result=RemoveAndCompareResult, reads=("graph",))
def remove_and_compare(ctx: ToolContext, args: RemoveArgs) -> ToolOutput:
    """What if these nodes or edges were removed: connected components (count and sizes),
    the largest component and the edge count before and after, and which nodes end up cut
    off from the largest component. Read-only; directions ignored, except by ``reach``: with
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
    if set(ends) & set(nodes):
        raise ToolError(ErrorCode.INVALID_ARGUMENTS, f"{ends} include a removed node",
                        hint="ask about two nodes that stay", retryable=True)
    u = undirected(g)
    before = _parts(u)
    kept = nx.restricted_view(u, nodes, edges)
    after = _parts(kept)
    main_before = max(nx.connected_components(u), key=len) if len(u) else set()
    main_after = max(nx.connected_components(kept), key=len) if len(kept) else set()
    cut_off = sorted((n for n in main_before if n not in main_after and n not in nodes), key=str)
    data = {"removed_nodes": nodes, "removed_edges": [list(e) for e in edges],
            "before": before, "after": after,
            "new_components": after["components"] - before["components"],
            "cut_off": {"total": len(cut_off), "items": cut_off[:30]}}
    what = ", ".join(nodes + [f"{a}–{b}" for a, b in edges])
    summary = f"without {what}: {after['components']} component(s) (before {before['components']})"
    if ends:
        data["reach"] = _reach(g, nx.restricted_view(g, nodes, edges), ends[0], ends[1])
        r = data["reach"]
        verb = ("did not reach" if r["before_hops"] is None else "still reaches"
                if r["after_hops"] is not None else "no longer reaches")
        summary += f"; {ends[0]} {verb} {ends[1]}"
    return ToolOutput(data=data, revision=ctx.session.revision, summary=summary)


def _reach(before: nx.Graph, after: nx.Graph, source: str, target: str) -> dict:
    """Whether ``source`` reaches ``target`` (edge direction followed) before and after the
    removal: the hop count and the shortest path of each, None where it does not."""
    def path(g: nx.Graph) -> list[str] | None:
        try:
            return list(nx.shortest_path(g, source, target))
        except nx.NetworkXNoPath:
            return None

    old, new = path(before), path(after)
    return {"source": source, "target": target,
            "before_hops": None if old is None else len(old) - 1, "before_path": old or [],
            "after_hops": None if new is None else len(new) - 1, "after_path": new or []}


def _parts(g: nx.Graph) -> dict:
    sizes = sorted((len(c) for c in nx.connected_components(g)), reverse=True)
    return {"nodes": g.number_of_nodes(), "edges": g.number_of_edges(),
            "components": len(sizes), "component_sizes": sizes[:20],
            "largest_component": sizes[0] if sizes else 0}
