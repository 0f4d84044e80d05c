"""Counts a question names a number for: nodes whose measure passes a threshold, nodes
within (or exactly) k steps of a node, and totals of an edge attribute.

Each result states the count it was asked for, so an answer never adds numbers up itself.

Example::

    >>> registry.dispatch("nodes_by_measure", {"measure": "degree", "op": "gt", "value": 3},
    ...                   ctx).data["count"]
    44
    >>> registry.dispatch("hop_counts", {"node": "Valjean", "hops": 2}, ctx).data["within"]
    74
"""

from __future__ import annotations

import heapq
import numbers
import operator
from typing import Annotated, Any, Literal

import networkx as nx
from pydantic import BaseModel, Field

from igraph_agent.errors import ErrorCode, ToolError
from igraph_agent.results.counting import (
    EdgeAttributeTotalsResult,
    HopCountsResult,
    NodesByMeasureResult,
)
from igraph_agent.tools.common import (
    Where,
    core_numbers,
    degrees,
    label,
    matching_nodes,
    require_nodes,
    top_scored,
    undirected,
)
from igraph_agent.tools.registry import ToolContext, ToolOutput, tool
from igraph_agent.tools.schema import INTERNAL

NodeMeasure = Literal["degree", "in_degree", "out_degree", "partners", "pagerank",
                      "betweenness", "closeness", "clustering", "core_number", "triangles",
                      "strength", "in_strength", "out_strength", "attribute"]
Op = Literal["gt", "ge", "lt", "le", "eq"]
OPS = {"gt": operator.gt, "ge": operator.ge, "lt": operator.lt, "le": operator.le,
       "eq": operator.eq}
WORDS = {"gt": "more than", "ge": "at least", "lt": "fewer than", "le": "at most",
         "eq": "exactly"}


class MeasureArgs(BaseModel):
    measure: NodeMeasure = Field(default="degree", description="partners: distinct "
                                 "neighbours, a two-way pair once")
    attribute: str | None = Field(default=None, description="measure=attribute: the numeric "
                                  "node attribute compared and ranked (salary, population)")
    op: Op = Field(default="gt", description="gt >, ge >=, lt <, le <=, eq ==")
    value: float | None = Field(default=None, description="the threshold; omitted: every node "
                                "counts and they are ranked")
    lowest_first: bool = Field(default=False, description="list the smallest values first")
    neighbours_of: str | None = Field(default=None, description="only this node's neighbours "
                                      "(either direction on a directed graph)")
    where: Where | None = Field(default=None, description="only nodes whose attributes equal "
                                "these values (a list: any of them)")
    weight: str | None = Field(default=None, description="edge attribute summed by strength "
                               "(in_strength / out_strength: a directed graph's incoming / "
                               "outgoing edges only)")
    side: str | None = Field(default=None, description="two-mode: only the nodes of this side "
                             "(a side get_graph_info's meaning.modes lists)")
    limit: int = Field(default=20, ge=1, le=500, description="matching nodes listed, best first")
    #: degree counting only the neighbours whose attributes equal these values ("which actor
    #: appeared in the most dramas"); the planner's, not in the model's schema
    partners_where: Annotated[Where | None, INTERNAL] = None
    #: degree counting only the neighbours whose value of this attribute differs from the
    #: node's own ("the most contacts outside their own team"), or equals it with
    #: ``partners_same``; the planner's
    partners_by: Annotated[str | None, INTERNAL] = None
    partners_same: Annotated[bool, INTERNAL] = False
    #: which edges ``partners_where`` follows on a directed graph: out (the nodes a node has
    #: an edge to: "pumps that send into a tank"), in, both; the planner's
    partners_way: Annotated[Literal["out", "in", "both"], INTERNAL] = "both"
    #: which of ``neighbours_of``'s edges are followed on a directed graph: out (the nodes it
    #: has an edge to), in (those with an edge to it), both; the planner's
    neighbours_way: Annotated[Literal["out", "in", "both"], INTERNAL] = "both"
    #: also the values of the nodes counted added up ("the combined load of Eastleigh's
    #: neighbours"); the planner's
    summed: Annotated[bool, INTERNAL] = False
    #: only the nodes whose second measure passes its own threshold ("the highest clustering
    #: among those with at least 5 ties": among_measure=degree, among_op=ge, among_value=5);
    #: the planner's, not in the model's schema
    among_measure: Annotated[NodeMeasure | None, INTERNAL] = None
    among_op: Annotated[Op, INTERNAL] = "ge"
    among_value: Annotated[float | None, INTERNAL] = None


@tool(result=NodesByMeasureResult, reads=("graph",), cost=2)
def nodes_by_measure(ctx: ToolContext, args: MeasureArgs) -> ToolOutput:
    """Count and list the nodes whose measure passes a threshold (e.g. degree > 3, at least
    2 triangles, in-degree = 0), optionally among nodes with given attribute values; the
    matching nodes are listed best first.

    Example: nodes_by_measure(measure="degree", op="ge", value=5) -> {"count": 7, "nodes": [...]}
    """
    g = ctx.session.require()
    if (args.partners_where or args.partners_by) and args.measure != "degree":
        raise ToolError(ErrorCode.INVALID_ARGUMENTS, "partners_where counts partners: it takes "
                        "measure=degree", hint="measure='degree'", retryable=True)
    values = (_attribute(g, args.attribute) if args.measure == "attribute"
              else _partners(g, args.partners_where, args.partners_way) if args.partners_where
              else _alike(g, args.partners_by, args.partners_same) if args.partners_by
              else _measure(ctx, g, args.measure, args.weight))
    among = matching_nodes(g, args.where)
    if args.side:
        from igraph_agent.tools.twomode import side_nodes

        kept = side_nodes(ctx, args.side)
        among = kept if among is None else among & kept
    if args.neighbours_of is not None:
        (centre,) = require_nodes(g, [args.neighbours_of])
        near = set(g.successors(centre) if g.is_directed() and args.neighbours_way == "out"
                   else g.predecessors(centre) if g.is_directed() and args.neighbours_way == "in"
                   else nx.all_neighbors(g, centre)) - {centre}
        among = near if among is None else among & near
    second = _second(ctx, g, args)
    if second is not None:
        among = {n for n, v in second.items()
                 if OPS[args.among_op](v, args.among_value)} & (set(g) if among is None else among)
    pool = {n: v for n, v in values.items() if among is None or n in among}
    hits = {n: v for n, v in pool.items()
            if args.value is None or OPS[args.op](v, args.value)}
    top = ([(n, -v) for n, v in top_scored({n: -v for n, v in hits.items()}, args.limit)]
           if args.lowest_first else top_scored(hits, args.limit))
    value = args.value if args.value is None or not float(args.value).is_integer() \
        else int(args.value)
    what = args.attribute if args.measure == "attribute" else args.measure
    data = {"measure": args.measure, "op": args.op, "value": value, "count": len(hits),
            "of": len(pool), "nodes": [{"node": n, "value": _round(v), **label(g, n),
                                        **({"among_value": _round(second[n])}
                                           if second is not None else {})}
                                       for n, v in top],
            "truncated": len(hits) > args.limit}
    if args.where is not None:
        data["where"] = args.where
    if args.side:
        data["side"] = args.side
    if args.neighbours_of is not None:
        data["neighbours_of"] = args.neighbours_of
        if args.neighbours_way != "both":
            data["neighbours_way"] = args.neighbours_way
    if args.partners_where:
        data["partners_where"] = args.partners_where
        if g.is_directed() and args.partners_way != "both":
            data["partners_way"] = args.partners_way
    if args.partners_by:
        data["partners_by"] = args.partners_by
        data["partners_same"] = args.partners_same
    if args.summed:
        data["total"] = _round(sum(hits.values()))
    if second is not None:
        data["among"] = {"measure": args.among_measure, "op": args.among_op,
                         "value": _whole(args.among_value), "count": len(pool)}
    if args.measure == "attribute":
        data["attribute"] = args.attribute
        data["lowest_first"] = args.lowest_first
    summary = (f"{len(pool)} nodes ranked by {what}, "
               f"{'lowest' if args.lowest_first else 'highest'} first" if value is None else
               f"{len(hits)} of {len(pool)} nodes have {what} {WORDS[args.op]} {value}")
    return ToolOutput(data=data, revision=ctx.session.revision, summary=summary)


def _second(ctx: ToolContext, g: nx.Graph, args: MeasureArgs) -> dict | None:
    """Each node's value of the second measure a ranking is restricted by, or None."""
    if args.among_measure is None:
        return None
    if args.among_value is None or args.among_measure == "attribute":
        raise ToolError(ErrorCode.INVALID_ARGUMENTS, "among_measure needs among_value and a "
                        "structural measure", hint="among_measure='degree', among_value=5",
                        retryable=True)
    return _measure(ctx, g, args.among_measure, args.weight)


def _whole(v: float | None) -> float | int | None:
    return int(v) if v is not None and float(v).is_integer() else v


def _partners(g: nx.Graph, where: Where, way: str = "both") -> dict:
    """Each node's number of distinct neighbours matching ``where`` (on a directed graph
    those it has an edge to for ``out``, from for ``in``, either for ``both``)."""
    chosen = matching_nodes(g, where) or set()

    def near(n: object) -> set:
        if g.is_directed() and way == "out":
            return set(g.successors(n))
        if g.is_directed() and way == "in":
            return set(g.predecessors(n))
        return set(nx.all_neighbors(g, n))

    return {n: sum(1 for m in near(n) - {n} if m in chosen) for n in g}


def _alike(g: nx.Graph, attr: str, same: bool) -> dict:
    """Each node's number of distinct neighbours (either direction) whose ``attr`` differs
    from its own (``same``: equals it); a node without the attribute counts none."""
    if not any(a is not None for _, a in g.nodes(data=attr)):
        raise ToolError(ErrorCode.INVALID_ARGUMENTS, f"no node has the attribute {attr!r}",
                        hint="a categorical node attribute (get_graph_info meaning.groups)",
                        retryable=True)
    own = dict(g.nodes(data=attr))
    return {n: 0 if own[n] is None else
            sum(1 for m in set(nx.all_neighbors(g, n)) - {n}
                if own[m] is not None and (own[m] == own[n]) == same) for n in g}


def _number(v: object) -> bool:
    return isinstance(v, numbers.Real) and not isinstance(v, bool) and v == v  # not NaN


def _attribute(g: nx.Graph, name: str | None) -> dict:
    """Each node's value of the numeric node attribute ``name`` (nodes without it left out)."""
    numeric = {n: v for n, v in g.nodes(data=name) if _number(v)}
    if name is None or not numeric:
        known = sorted({k for _, d in g.nodes(data=True) for k, v in d.items() if _number(v)})
        raise ToolError(ErrorCode.INVALID_ARGUMENTS,
                        f"measure=attribute needs a numeric node attribute, got {name!r}",
                        hint=f"numeric node attributes: {', '.join(known) or 'none'}",
                        retryable=True)
    return numeric


def _round(v: float) -> float | int:
    return v if isinstance(v, int) else round(float(v), 6)


def _measure(ctx: ToolContext, g: nx.Graph, measure: str, weight: str | None) -> dict:
    u = undirected(g)
    if measure in ("degree", "in_degree", "out_degree"):
        return degrees(ctx, g, {"in_degree": "in", "out_degree": "out"}.get(measure, "all"))
    if measure == "partners":  # distinct other nodes tied either way: a ↔ pair counted once
        return {n: len(set(nx.all_neighbors(g, n)) - {n}) for n in g}
    if measure in ("strength", "in_strength", "out_strength"):
        key = weight or "weight"  # in/out: a directed graph's incoming or outgoing edges' sum
        side = {"in_strength": g.in_degree, "out_strength": g.out_degree}.get(
            measure, g.degree) if g.is_directed() else g.degree
        return {n: _round(s) for n, s in side(weight=key)}
    if measure == "pagerank":
        return nx.pagerank(g)
    if measure == "betweenness":
        return nx.betweenness_centrality(g)
    if measure == "closeness":
        return nx.closeness_centrality(g)
    if measure == "clustering":
        return nx.clustering(nx.Graph(u))
    if measure == "core_number":
        return core_numbers(ctx, nx.Graph(u), "networkx")
    return nx.triangles(nx.Graph(u))


class HopArgs(BaseModel):
    node: str = Field(description="node id (from search_node)")
    hops: int = Field(default=2, ge=1, le=50, description="k")
    limit: int = Field(default=30, ge=1, le=500, description="nodes listed per distance")
    direction: Literal["out", "in", "both"] = Field(
        default="both", description="directed graphs: out = the nodes it reaches, in = those "
        "reaching it, both = directions ignored")
    weight: str | None = Field(default=None, description="an edge attribute: also the farthest "
                               "node(s) by it, read as a distance (a strength inverted), "
                               "and that distance (the node's eccentricity by it), the "
                               "nearest other node(s) by it")
    max_distance: float | None = Field(default=None, ge=0, description="with weight: also "
                                       "every node at most this far by it (\"within 5 ms\")")
    #: with weight: the farthest and nearest taken only among the nodes whose attributes
    #: equal these values ("which north substation is closest to Greystone"); the planner's
    among: Annotated[Where | None, INTERNAL] = None
    # the planner's reading of a weight whose role the data does not record ("by road length")
    weight_means: Annotated[Literal["distance", "strength"] | None, INTERNAL] = None
    #: with weight: node ids the farthest and nearest leave out ("the closest town other
    #: than town0"), neither reached nor passed through; the planner's
    leave_out: Annotated[list[str] | None, INTERNAL] = None


@tool(result=HopCountsResult, reads=("graph",))
def hop_counts(ctx: ToolContext, args: HopArgs) -> ToolOutput:
    """How many nodes lie exactly 1, 2, ..., k steps from a node (shortest-path distance),
    how many within k steps (not counting the node), and how many are farther or
    unreachable. On a directed graph ``direction`` says which way the steps go: ``out``
    (the nodes it reaches), ``in`` (the nodes that reach it) or ``both`` (directions
    ignored, the default).

    Example: hop_counts(node="0", hops=2) -> {"within": 25, "exactly": 9, "by_distance": [...]}
    """
    g = ctx.session.require()
    (node,) = require_nodes(g, [args.node])
    direction = args.direction if g.is_directed() else "both"
    if direction == "out":
        walked = g
    elif direction == "in":
        walked = g.reverse(copy=False)
    else:
        walked = undirected(g)
    dist = nx.single_source_shortest_path_length(walked, node)
    rows = []
    for d in range(1, args.hops + 1):
        at = sorted((n for n, x in dist.items() if x == d), key=str)
        rows.append({"distance": d, "count": len(at),
                     "nodes": [{"node": n, **label(g, n)} for n in at[:args.limit]]})
    within = sum(r["count"] for r in rows)
    data = {"node": node, **label(g, node), "hops": args.hops, "direction": direction,
            "within": within,
            "exactly": rows[-1]["count"], "by_distance": rows,
            "farther": sum(1 for x in dist.values() if x > args.hops),
            "unreachable": g.number_of_nodes() - len(dist),
            "unreachable_nodes": [{"node": n, **label(g, n)} for n in sorted(
                (n for n in g if n not in dist), key=str)[:args.limit]],
            "eccentricity": max(dist.values()) if dist else 0}
    if args.weight is not None:
        data["farthest"] = _farthest(ctx, args, walked, node, matching_nodes(g, args.among))
    return ToolOutput(data=data, revision=ctx.session.revision,
                      summary=f"{within} node(s) within {args.hops} step(s) of {node}"
                              f"{_WAY[direction] if g.is_directed() else ''}; "
                              f"{data['exactly']} at exactly {args.hops}")


def _farthest(ctx: ToolContext, args: HopArgs, walked: nx.Graph, node: str,
              kept: set | None = None) -> dict:
    """The node(s) farthest from ``node`` by the weight read as a distance, among those it
    reaches (and ``kept``, when given), and that distance."""
    from igraph_agent.tools.weights import nx_weight, weight_for

    use = weight_for(ctx, args, "distance")
    gone = set(require_nodes(walked, args.leave_out)) - {node} if args.leave_out else set()
    if gone:  # "the closest town other than town0": neither reached nor passed through
        walked = walked.subgraph(n for n in walked if n not in gone)
    dist = nx.single_source_dijkstra_path_length(walked, node, weight=nx_weight(use))
    others = {n: d for n, d in dist.items() if n != node and (kept is None or n in kept)}
    far = max(others.values(), default=0)
    ends = sorted((n for n, d in others.items() if d == far), key=str)
    out = {"distance": _round(far), "nodes": ends[:args.limit], "weight_used": use}
    if gone:
        out["left_out"] = sorted(gone, key=str)
    if args.among is not None:
        out |= {"among": args.among, "among_reached": len(others),
                "among_unreached": len(kept or ()) - len(others)}
    if others:
        near = min(others.values())
        out |= {"nearest_distance": _round(near),
                "nearest": sorted((n for n, d in others.items() if d == near), key=str)[:args.limit]}
    if args.max_distance is not None:
        inside = sorted(((n, d) for n, d in others.items() if d <= args.max_distance),
                        key=lambda nd: (nd[1], str(nd[0])))
        out |= {"max_distance": args.max_distance, "within": len(inside),
                "within_nodes": [{"node": n, "distance": _round(d)}
                                 for n, d in inside[:args.limit]]}
    return out


_WAY = {"out": " following its outgoing edges", "in": " following its incoming edges",
        "both": " (edge directions ignored)"}


class EdgeTotalArgs(BaseModel):
    attribute: str = Field(description="a numeric edge attribute (get_graph_info lists them)")
    node: str | None = Field(default=None, description="only the edges of this node id")
    top_k: int = Field(default=10, ge=1, le=200, description="nodes by their edges' sum")
    direction: Literal["out", "in", "both"] = Field(
        default="both", description="directed graphs: a node's outgoing edges (what it sends), "
        "incoming (what it receives) or both; ignored on undirected graphs")
    partner: str | None = Field(default=None, description="with node: only the edges between "
                                "node and this node id (on a directed graph both ways unless "
                                "direction names one): how much went between the two")
    where: Where | None = Field(default=None, description="rank only nodes whose attributes "
                                "equal these values, e.g. {\"sector\": \"steel\"} (a list: "
                                "any of them); the totals still sum every edge")
    op: Op | None = Field(default=None, description="with value: count and list the edges "
                          "whose attribute passes (gt >, ge >=, lt <, le <=, eq ==)")
    value: float | None = Field(default=None, description="the edge threshold for op")
    without_nodes: list[str] = Field(default_factory=list, description="what-if: leave out "
                                     "every edge of these node ids (nothing is changed)")
    without_edges: list[list[str]] = Field(default_factory=list, description="what-if: leave "
                                           "out these [u, v] edges (either way round on an "
                                           "undirected graph; nothing is changed)")
    across: str | None = Field(default=None, description="only the edges whose two ends "
                               "differ on this node attribute, e.g. \"team\": what each node "
                               "sends to (or gets from) other teams")
    within: str | None = Field(default=None, description="only the edges whose two ends "
                               "share this node attribute's value: what stays inside a group")
    side: str | None = None  # two-mode: rank one side only (degree_analysis describes it)
    #: every edge (of ``node``) listed as ``passing`` (op ``ge`` its smallest value): "which
    #: towns have a road to town0, and how many km is each"; the planner's
    every_edge: Annotated[bool, INTERNAL] = False


_EDGES_LISTED = 20


@tool(result=EdgeAttributeTotalsResult, reads=("graph",))
def edge_attribute_totals(ctx: ToolContext, args: EdgeTotalArgs) -> ToolOutput:
    """Sum, mean, min and max of a numeric edge attribute over all edges (or one node's
    edges), and the nodes whose edges sum highest (their strength). On a directed graph
    ``direction`` says which of a node's edges count: ``out`` (what it sends), ``in`` (what
    it receives) or ``both``.

    With ``node`` and ``partner``, only the edges between those two (both ways on a directed
    graph): "how many kg moved between A and B altogether".

    Also the edges holding the largest and the smallest value (``max_edges``,
    ``min_edges``: which pair has the strongest tie, which road is the longest) and, with
    ``op`` and ``value``, how many edges pass that threshold (``passing``: roads longer than
    40), the largest first.

    Example: edge_attribute_totals(attribute="weight") -> {"total": 412, "mean": 3.4, ...}
    """
    if (args.op is None) != (args.value is None):
        raise ToolError(ErrorCode.INVALID_ARGUMENTS, "op and value go together",
                        hint="e.g. op='gt', value=40 for the edges above 40", retryable=True)
    g = ctx.session.require()
    directed = g.is_directed()
    side = args.direction if directed else "both"
    if args.node:
        node = require_nodes(g, [args.node])[0]
        edges = [*(g.out_edges(node, data=True) if side != "in" else ()),
                 *(g.in_edges(node, data=True) if side != "out" else ())] if directed \
            else list(g.edges(node, data=True))
    else:
        edges = g.edges(data=True)
    if args.partner is not None:
        if not args.node:
            raise ToolError(ErrorCode.INVALID_ARGUMENTS, "partner needs node",
                            hint="name both ends: node and partner", retryable=True)
        other = require_nodes(g, [args.partner])[0]
        edges = [(u, v, d) for u, v, d in edges if {u, v} == {node, other}]
        if not edges:
            raise ToolError(ErrorCode.INVALID_ARGUMENTS,
                            f"no edge between {node} and {other}"
                            + (f" ({side})" if directed and side != "both" else ""),
                            hint="search_edge lists the edges between two nodes", retryable=True)
    for attr, apart in ((args.across, True), (args.within, False)):
        if attr is None:
            continue
        if not any(attr in d for _, d in g.nodes(data=True)):
            raise ToolError(ErrorCode.INVALID_ARGUMENTS, f"no node has an attribute {attr!r}",
                            hint="get_graph_info lists the node attributes", retryable=True)
        edges = [(u, v, d) for u, v, d in edges
                 if g.nodes[u].get(attr) is not None and g.nodes[v].get(attr) is not None
                 and (g.nodes[u][attr] != g.nodes[v][attr]) == apart]
    gone_nodes = set(require_nodes(g, args.without_nodes)) if args.without_nodes else set()
    gone_edges = _edges_left_out(g, args.without_edges)
    if args.node and args.node in gone_nodes:
        raise ToolError(ErrorCode.INVALID_ARGUMENTS, f"{args.node!r} is itself left out",
                        hint="without_nodes removes the node whose edges are summed", retryable=True)
    if gone_nodes or gone_edges:
        edges = [(u, v, d) for u, v, d in edges if u not in gone_nodes and v not in gone_nodes
                 and (u, v) not in gone_edges]
    vals = [(u, v, d.get(args.attribute)) for u, v, d in edges]
    nums = [(u, v, x) for u, v, x in vals if isinstance(x, int | float) and not isinstance(x, bool)]
    if not nums and args.node and not edges and any(
            args.attribute in d for _, _, d in g.edges(data=True)):
        # a node in no edge (on that side): nothing to add up, a total of 0, never an error
        data0: dict[str, Any] = {"attribute": args.attribute, "edges": 0, "missing": 0, "total": 0,
                                 "mean": 0, "min": 0, "max": 0, "top_nodes": [], "node": args.node}
        if directed:
            data0["direction"] = side
        return ToolOutput(data=data0, revision=ctx.session.revision,
                          summary=f"{args.attribute}: {args.node} has no edges, total 0")
    if not nums:
        raise ToolError(ErrorCode.INVALID_ARGUMENTS,
                        f"no edge has a numeric attribute {args.attribute!r}",
                        hint="get_graph_info lists the edge attributes", retryable=True)
    per: dict = {}
    for u, v, x in nums:
        if side != "in":
            per[u] = per.get(u, 0) + x
        if side != "out":
            per[v] = per.get(v, 0) + x
    xs = [x for _, _, x in nums]
    among = matching_nodes(g, args.where)
    if args.side:  # "which plant has the most visits": the plants ranked, never a pollinator
        from igraph_agent.tools.twomode import side_nodes

        kept = side_nodes(ctx, args.side)
        among = kept if among is None else among & kept
    ranked = per.items() if among is None else [(n, t) for n, t in per.items() if n in among]
    top = top_scored(ranked, args.top_k)
    total = sum(xs)
    data = {"attribute": args.attribute, "edges": len(nums), "missing": len(vals) - len(nums),
            "total": _round(total), "mean": _round(total / len(xs)), "min": min(xs),
            "max": max(xs), "top_nodes": [{"node": n, "total": _round(s), **label(g, n)}
                                          for n, s in top]}
    data["max_edges"] = _edge_rows(g, [e for e in nums if e[2] == data["max"]])
    data["min_edges"] = _edge_rows(g, [e for e in nums if e[2] == data["min"]])
    if directed and not args.node:  # "which two people exchange the most messages": both ways
        data["max_pairs"], data["min_pairs"] = _pair_extremes(g, nums)
    if args.op is not None or args.every_edge:
        op, value = (args.op, args.value) if args.op is not None else ("ge", data["min"])
        hits = [e for e in nums if OPS[op](e[2], value)]
        limit = float(value)  # type: ignore[arg-type]
        data["passing"] = {"op": op, "value": int(limit) if limit.is_integer() else limit,
                           "count": len(hits), "edges": _edge_rows(g, hits),
                           "nodes": len({n for u, v, _ in hits for n in (u, v)})}
    if args.node:
        data["node"] = args.node
        if args.partner is not None:
            data["partner"] = args.partner
        if directed and side == "both":  # "what it receives minus what it sends"
            into = sum(x for u, v, x in nums if v == node and u != node)
            data["net_in"] = _round(into - sum(x for u, v, x in nums if u == node and v != node))
    if gone_nodes or gone_edges:
        data["without_nodes"] = sorted(gone_nodes, key=str)
        data["without_edges"] = [[u, v] for u, v in dict.fromkeys(
            (u, v) for u, v in gone_edges if directed or (v, u) not in gone_edges or str(u) < str(v))]
    if directed:
        data["direction"] = side
    if among is not None and args.where:
        data["where"] = args.where
        if not args.node:  # "the average lead time of shipments from Mexico": their edges
            data["where_edges"] = _where_edges(nums, among, side)
    if args.side:
        data["side"] = args.side
    if args.across:
        data["across"] = args.across
    if args.within:
        data["within"] = args.within
    sense = {"out": " (node totals over outgoing edges)", "in": " (node totals over incoming "
             "edges)", "both": " (node totals over incoming and outgoing edges)"}[side] \
        if directed else ""
    kept = (f", only edges between different {args.across} values" if args.across else "") + \
        (f", only edges within one {args.within} value" if args.within else "")
    return ToolOutput(data=data, revision=ctx.session.revision,
                      summary=f"{args.attribute}: total {data['total']} over {len(nums)} "
                              f"edges{kept}{sense}")


def _edges_left_out(g: nx.Graph, pairs: list[list[str]]) -> set[tuple]:
    """The edges a what-if leaves out, as (u, v) as the graph stores them (both ways round
    on an undirected graph); an edge the graph lacks is INVALID_ARGUMENTS."""
    out: set[tuple] = set()
    for pair in pairs:
        if len(pair) != 2:
            raise ToolError(ErrorCode.INVALID_ARGUMENTS, f"an edge is two node ids, not {pair!r}",
                            retryable=True)
        u, v = require_nodes(g, list(pair))
        if not g.has_edge(u, v) and not (g.is_directed() and g.has_edge(v, u)):
            raise ToolError(ErrorCode.INVALID_ARGUMENTS, f"no edge between {u!r} and {v!r}",
                            hint="search_edge finds an edge by its two ends", retryable=True)
        found = [(u, v)] if g.has_edge(u, v) else []
        if g.is_directed():
            found += [(v, u)] if g.has_edge(v, u) and not found else []
        else:
            found += [(v, u)]
        out.update(found)
    return out


def _where_edges(nums: list, among: set, side: str) -> dict:
    """The edges of the nodes ``among`` (leaving them: out, entering them: in, or touching
    them: both), each once, summed; and those with both ends among them (``inside``)."""
    xs = [x for u, v, x in nums if (side != "in" and u in among) or (side != "out" and v in among)]
    if not xs:
        return {"direction": side, "edges": 0, "inside": {"edges": 0}}
    inner = [x for u, v, x in nums if u in among and v in among]
    inside = {"edges": len(inner)} if not inner else {
        "edges": len(inner), "total": _round(sum(inner)), "mean": _round(sum(inner) / len(inner)),
        "min": min(inner), "max": max(inner)}
    return {"direction": side, "edges": len(xs), "total": _round(sum(xs)),
            "mean": _round(sum(xs) / len(xs)), "min": min(xs), "max": max(xs), "inside": inside}


def _pair_extremes(g: nx.Graph, nums: list) -> tuple[list[dict], list[dict]]:
    """A directed graph's pairs with the largest and the smallest value summed over both
    ways (an edge each way adds up; ties all listed, the pair in its first edge's order)."""
    pairs: dict[frozenset, list] = {}
    for u, v, x in nums:
        if u != v:
            pairs.setdefault(frozenset((u, v)), [u, v, 0])[2] += x
    if not pairs:
        return [], []
    totals = [(u, v, _round(x)) for u, v, x in pairs.values()]
    top, low = max(x for *_, x in totals), min(x for *_, x in totals)
    return (_edge_rows(g, [e for e in totals if e[2] == top]),
            _edge_rows(g, [e for e in totals if e[2] == low]))


def _edge_rows(g: nx.Graph, edges: list) -> list[dict]:
    """Edges as rows, the largest value first, at most :data:`_EDGES_LISTED`."""
    top = heapq.nsmallest(_EDGES_LISTED, edges, key=lambda e: (-e[2], str(e[0]), str(e[1])))
    return [{"source": u, "target": v, "value": _round(x),
             **({"source_label": lab} if (lab := label(g, u).get("label")) else {}),
             **({"target_label": lab} if (lab := label(g, v).get("label")) else {})}
            for u, v, x in top]
