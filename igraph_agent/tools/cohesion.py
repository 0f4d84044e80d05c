"""Cohesive groups and shared ties: the largest clique, and the node pairs with the most
common neighbours.

Example::

    >>> registry.dispatch("largest_clique", {}, ctx).data["size"]
    10
    >>> registry.dispatch("common_neighbour_pairs", {"top_k": 3}, ctx).data["pairs"][0]["common"]
    16
"""

from __future__ import annotations

import heapq
from collections import Counter
from itertools import combinations

import networkx as nx
from pydantic import BaseModel, Field

from igraph_agent.results.cohesion import CommonNeighbourPairsResult, LargestCliqueResult
from igraph_agent.tools.common import label, require_nodes, undirected
from igraph_agent.tools.registry import ToolContext, ToolOutput, tool


class CliqueArgs(BaseModel):
    limit: int = Field(default=5, ge=1, le=50, description="largest cliques listed")


def _simple(g: nx.Graph) -> nx.Graph:
    h = nx.Graph(undirected(g))
    h.remove_edges_from(list(nx.selfloop_edges(h)))
    return h


@tool(result=LargestCliqueResult, reads=("graph",), cost=3)
def largest_clique(ctx: ToolContext, args: CliqueArgs) -> ToolOutput:
    """The largest clique (a group in which every node is tied to every other): its size
    (the clique number), how many cliques have that size and their members. Directions
    and self-loops ignored.

    Example: largest_clique() -> {"size": 5, "count": 2, "cliques": [["a", "b", ...], ...]}
    """
    g = _simple(ctx.session.require())
    cliques = [sorted(c, key=str) for c in nx.find_cliques(g)]
    size = max((len(c) for c in cliques), default=0)
    best = sorted((c for c in cliques if len(c) == size), key=lambda c: [str(x) for x in c])
    by_size = Counter(len(c) for c in cliques)
    data = {"size": size, "count": len(best),
            "cliques": [[{"node": n, **label(g, n)} for n in c] for c in best[:args.limit]],
            # every maximal clique, as networkx's find_cliques counts them (a tie in no
            # triangle and a node with no tie count too), and how many of each size
            "maximal_cliques": len(cliques),
            "maximal_by_size": {str(k): by_size[k] for k in sorted(by_size, reverse=True)}}
    return ToolOutput(data=data, revision=ctx.session.revision,
                      summary=f"largest clique: {size} nodes ({len(best)} of that size)")


class CommonArgs(BaseModel):
    nodes: list[str] = Field(default_factory=list, description="only pairs within these ids "
                             "(empty: all pairs)")
    node: str | None = Field(default=None, description="only pairs with this id: the other "
                             "nodes ranked by the neighbours they share with it")
    top_k: int = Field(default=10, ge=1, le=200)


@tool(result=CommonNeighbourPairsResult, reads=("graph",), cost=2)
def common_neighbour_pairs(ctx: ToolContext, args: CommonArgs) -> ToolOutput:
    """The node pairs that share the most neighbours (count and the shared ones), whether
    each pair is itself linked; with ``nodes``, only pairs among them; with ``node``, only
    pairs with that node ("who shares the most neighbours with X"). Directions ignored.

    Example: common_neighbour_pairs(top_k=3) -> {"pairs": [{"a": "0", "b": "33", "common": 10, ...}]}
    """
    g = _simple(ctx.session.require())
    named = set(require_nodes(g, args.nodes))
    shared: Counter = Counter()
    if args.node is not None:
        (x,) = require_nodes(g, [args.node])
        for w in g[x]:
            for n in g[w]:
                if n != x:
                    shared[(x, n)] += 1
    for w in (g if args.node is None else ()):
        around = sorted((n for n in g[w] if not named or n in named), key=str)
        for a, b in combinations(around, 2):
            shared[(a, b)] += 1
    top = heapq.nsmallest(args.top_k, shared.items(),
                          key=lambda kv: (-kv[1], str(kv[0][0]), str(kv[0][1])))
    pairs = [{"a": a, "b": b, "common": c, "linked": g.has_edge(a, b),
              "shared": sorted(map(str, nx.common_neighbors(g, a, b)))[:20]}
             for (a, b), c in top]
    best = pairs[0]["common"] if pairs else 0
    data = {"pairs": pairs, "max_common": best,
            "pairs_with_max": sum(1 for c in shared.values() if c == best) if best else 0}
    lead = f"{pairs[0]['a']} and {pairs[0]['b']} share {best}" if pairs else "no shared neighbours"
    return ToolOutput(data=data, revision=ctx.session.revision, summary=lead)
