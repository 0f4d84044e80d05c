"""Structural counts the other families do not give: triangles and the bipartite test.

Both work on the undirected simple graph (directions and self-loops ignored, as the
definitions require) and give networkx's numbers on either backend.

Example::

    >>> registry.dispatch("count_triangles", {"nodes": ["Valjean"], "top_k": 3}, ctx).success
    True
    >>> registry.dispatch("bipartite_check", {}, ctx).data["bipartite"]
    False
"""

from __future__ import annotations

from collections import Counter, deque

import networkx as nx
from pydantic import BaseModel, Field

from igraph_agent.results.structure import BipartiteCheckResult, CountTrianglesResult
from igraph_agent.tools.common import (
    Backend,
    Where,
    choose_backend,
    label,
    matching_nodes,
    require_nodes,
    sample,
    top_scored,
    undirected,
)
from igraph_agent.tools.registry import ToolContext, ToolOutput, tool


class TriangleArgs(BaseModel):
    nodes: list[str] = Field(default_factory=list, description="also report these node ids")
    top_k: int = Field(default=10, ge=1, le=500, description="nodes with most triangles listed")
    where: Where | None = Field(default=None, description="list only nodes whose attributes "
                                "equal these values (a list: any of them); the total still "
                                "counts the whole graph")
    backend: Backend = "auto"


@tool(result=CountTrianglesResult, reads=("graph",), cost=2)
def count_triangles(ctx: ToolContext, args: TriangleArgs) -> ToolOutput:
    """Count triangles: the number in the whole graph, the number each named node is part of,
    and the top-k nodes by triangles (directions ignored).

    Example: count_triangles(nodes=["0"]) -> {"triangles": 45, "requested": [{"node": "0", "triangles": 18}], ...}
    """
    g = ctx.session.require()
    named = require_nodes(g, args.nodes)
    among = matching_nodes(g, args.where)
    backend = choose_backend(g, args.backend)
    per_node = _igraph_triangles(ctx) if backend == "igraph" else _nx_triangles(g)
    total = sum(per_node.values()) // 3
    ranked = per_node if among is None else {n: t for n, t in per_node.items() if n in among}
    top = top_scored(ranked, args.top_k)
    data = {
        "backend": backend, "triangles": total, "nodes": g.number_of_nodes(),
        "nodes_in_triangles": sum(1 for t in per_node.values() if t),
        "top": [{"node": n, "triangles": t, **label(g, n)} for n, t in top],
        "requested": [{"node": n, "triangles": per_node[n]} for n in named],
    }
    if among is not None:
        data.update(where=args.where, ranked_nodes=len(ranked))
    lead = ", ".join(f"{t['node']} ({t['triangles']})" for t in data["top"][:3])
    return ToolOutput(data=data, revision=ctx.session.revision,
                      summary=f"{total} triangles; most: {lead or 'none'}")


def _nx_triangles(g: nx.Graph) -> dict:
    u = nx.Graph(undirected(g)) if g.is_directed() or g.is_multigraph() else g
    if nx.number_of_selfloops(u):
        u = nx.restricted_view(u, [], list(nx.selfloop_edges(u)))
    return nx.triangles(u)


def _igraph_triangles(ctx: ToolContext) -> dict:
    h, ids = ctx.session.igraph()
    simple = h.as_undirected().simplify() if h.is_directed() else h.copy().simplify()
    counts = Counter(v for tri in simple.list_triangles() for v in tri)
    return {node: counts.get(i, 0) for i, node in enumerate(ids)}


class BipartiteArgs(BaseModel):
    limit: int = Field(default=20, ge=1, le=200, description="members listed per side")
    backend: Backend = "auto"


def _endpoint_sides(ctx: ToolContext, g: nx.Graph) -> dict | None:
    """``{node: 0 or 1}`` by the edge table's source and target columns, where the graph's
    meaning reads it as two-mode by its endpoints and every node is placed (a node table's
    node in no edge by its values); None otherwise. Each component could be coloured either way round, so the
    sides' sizes (and the two-mode density) come from the columns."""
    from igraph_agent.tools.twomode import endpoint_side
    from igraph_agent.tools.weights import graph_meaning

    modes = graph_meaning(ctx).get("modes") or {}
    if modes.get("by") != "endpoints":
        return None
    first, second = endpoint_side(ctx, g, True), endpoint_side(ctx, g, False)
    if first & second or len(first) + len(second) != g.number_of_nodes():
        return None  # a node neither column nor its values place: the colouring stands
    return {n: 0 if n in first else 1 for n in g}


@tool(result=BipartiteCheckResult, reads=("graph",))
def bipartite_check(ctx: ToolContext, args: BipartiteArgs) -> ToolOutput:
    """Whether the graph is bipartite (two sides, every edge between them; directions
    ignored). If it is: the two sides (sizes and capped member lists) and any node attribute
    that splits the nodes the same way (e.g. kind = person / event). If not: an odd cycle
    that proves it.

    Example: bipartite_check() -> {"bipartite": false, "odd_cycle": ["0", "1", "2"], ...}
    (bipartite: also ``edges`` and ``bipartite_density``, edges / (side_a x side_b))
    """
    g = ctx.session.require()
    backend = choose_backend(g, args.backend)
    side = _igraph_sides(ctx) if backend == "igraph" else _nx_sides(undirected(g))
    data: dict = {"backend": backend, "nodes": g.number_of_nodes(), "bipartite": side is not None}
    if side is None:
        cycle = _odd_cycle(undirected(g))
        data["odd_cycle"] = cycle
        return ToolOutput(data=data, revision=ctx.session.revision,
                          summary=f"not bipartite: odd cycle of length {len(cycle)} "
                                  f"({' - '.join(map(str, cycle[:8]))})")
    split = _splitting_attributes(g)
    if split:  # components can be coloured either way round; a splitting attribute decides
        key, first = split[0]["attribute"], split[0]["side_a"]
        side = {n: int(str(d[key]) != first) for n, d in g.nodes(data=True)}
    else:  # or the table's two endpoint columns, where the data is two-mode by them
        side = _endpoint_sides(ctx, g) or side
    sides = [sorted((n for n, s in side.items() if s == k), key=str) for k in (0, 1)]
    edges = undirected(g).number_of_edges()
    pairs = len(sides[0]) * len(sides[1])
    data.update(side_a=sample(sides[0], args.limit), side_b=sample(sides[1], args.limit),
                splitting_attributes=split, edges=edges,
                bipartite_density=round(edges / pairs, 6) if pairs else None)
    by = f"; matches attribute {split[0]['attribute']}" if split else ""
    return ToolOutput(data=data, revision=ctx.session.revision,
                      summary=f"bipartite: sides of {len(sides[0])} and {len(sides[1])} "
                              f"nodes{by}")


def _nx_sides(u: nx.Graph) -> dict | None:
    if nx.number_of_selfloops(u):
        return None
    try:
        return nx.bipartite.color(u)
    except nx.NetworkXError:
        return None


def _igraph_sides(ctx: ToolContext) -> dict | None:
    h, ids = ctx.session.igraph()
    ok, types = h.as_undirected().is_bipartite(return_types=True) if h.is_directed() \
        else h.is_bipartite(return_types=True)
    if not ok:
        return None
    return {node: int(t) for node, t in zip(ids, types, strict=True)}


def _odd_cycle(u: nx.Graph) -> list:
    """An odd cycle found by BFS: an edge inside one BFS layer closes one."""
    for a in u:
        if u.has_edge(a, a):
            return [a]
    level: dict = {}
    parent: dict = {}
    for root in u:
        if root in level:
            continue
        level[root], parent[root] = 0, None
        queue = deque([root])
        while queue:
            a = queue.popleft()
            for b in u[a]:
                if b not in level:
                    level[b], parent[b] = level[a] + 1, a
                    queue.append(b)
                elif level[b] == level[a]:
                    return _close(parent, a, b)
    return []


def _close(parent: dict, a, b) -> list:
    left, right = [a], [b]
    while left[-1] != right[-1]:
        left.append(parent[left[-1]])
        right.append(parent[right[-1]])
    return left + right[-2::-1]


def _splitting_attributes(g: nx.Graph) -> list[dict]:
    """Node attributes with exactly two values, set on every node, that no edge stays within."""
    keys = {k for _, d in g.nodes(data=True) for k in d}
    found = []
    for key in sorted(keys):
        values = {n: str(d[key]) for n, d in g.nodes(data=True) if key in d}
        kinds = sorted(set(values.values()))
        if len(values) == g.number_of_nodes() and len(kinds) == 2 and all(
                values[a] != values[b] for a, b in g.edges() if a != b):
            found.append({"attribute": key, "side_a": kinds[0], "side_b": kinds[1]})
    return found
