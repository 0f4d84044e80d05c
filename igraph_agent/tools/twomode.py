"""Two-mode graphs: the sides get_graph_info reports, and the projection of one side.

``project_bipartite`` builds the weighted co-occurrence graph of one side (women linked
by the events they attended together, ``weight`` = number shared, as networkx's
``bipartite.weighted_projected_graph``), stores it as a dataset (the same projection of
the same content reuses it) and loads it. ``side_nodes`` gives a side's node ids for the
``side=`` argument of the ranking tools.

Example (ann and bo both attended the ball and the fair)::

    >>> g = nx.Graph([("ann", "ball"), ("bo", "ball"), ("bo", "fair"), ("ann", "fair"),
    ...               ("cy", "fair")])
    >>> sorted(_project(g, {"ann", "bo", "cy"}).edges(data="weight"))
    [('ann', 'bo', 2.0), ('ann', 'cy', 1.0), ('bo', 'cy', 1.0)]
"""

from __future__ import annotations

from itertools import combinations
from typing import Any

import networkx as nx
from pydantic import BaseModel, Field

from igraph_agent.errors import ErrorCode, ToolError
from igraph_agent.graph.datasets import MAX_PROJECTION_PAIRS, GraphSpec
from igraph_agent.results.semantics import ProjectBipartiteResult
from igraph_agent.tools.common import label
from igraph_agent.tools.registry import ToolContext, ToolOutput, tool
from igraph_agent.tools.weights import graph_meaning


def side_nodes(ctx: Any, side: str) -> set:
    """The node ids of one side of a two-mode graph (a side name as get_graph_info's
    ``meaning.modes.sides`` lists it); INVALID_ARGUMENTS naming the sides otherwise."""
    g = ctx.session.require()
    modes = graph_meaning(ctx).get("modes")
    if not modes:
        raise ToolError(ErrorCode.INVALID_ARGUMENTS, "the loaded graph is not two-mode",
                        hint="get_graph_info's meaning.modes is empty; rank without side")
    names = list(modes["sides"])
    match = [s for s in names if s.lower() == side.strip().lower()
             or s.lower().rstrip("s") == side.strip().lower().rstrip("s")]
    if not match:
        raise ToolError(ErrorCode.INVALID_ARGUMENTS, f"no side {side!r}",
                        hint=f"the sides are: {', '.join(names)}", details={"sides": names})
    chosen = match[0]
    if modes["by"] == "attribute":
        from igraph_agent.tools.common import matching_nodes

        return matching_nodes(g, {modes["attribute"]: chosen}) or set()
    first = names.index(chosen) == 0
    return endpoint_side(ctx, g, first)


def endpoint_side(ctx: Any, g: nx.Graph, first: bool) -> set:
    """Nodes of the source-column side (``first``) or the target-column side, read from the
    revision's stored edges (the graph's own edges have no sides once undirected)."""
    from igraph_agent.tools.tables import edge_tables

    tables = edge_tables(g)
    if tables is not None:
        edges = tables[1]
    else:
        from igraph_agent.graph.revisions import revision_edges

        edges = revision_edges(ctx.workspace.datasets_dir, str(ctx.session.dataset_id),
                               int(ctx.session.revision))
    ids = {str(n): n for n in g}
    ends = [set(edges[c].astype(str).unique()) for c in ("source", "target")]
    chosen = {ids[k] for k in ends[0 if first else 1] if k in ids}
    loose = [n for k, n in ids.items() if k not in ends[0] and k not in ends[1]]
    if loose:  # a node table's node in no edge: on a side where its values say so
        import numpy as np
        import pandas as pd

        from igraph_agent.graph.semantics import placed

        order = list(ids)
        nodes = pd.DataFrame([{"id": k, **g.nodes[ids[k]]} for k in order])
        marks = [np.array([k in e for k in order]) for e in ends]
        side = placed(nodes, *marks)[0 if first else 1]
        chosen |= {ids[k] for k, on in zip(order, side, strict=True) if on}
    return chosen


class ProjectArgs(BaseModel):
    side: str = Field(description="the side to keep, as get_graph_info meaning.modes.sides "
                      "names it (e.g. women)")
    top_k: int = Field(default=10, ge=1, le=200, description="strongest pairs listed")
    load: bool = Field(default=False, description="also load it as the session's graph (to "
                       "analyse the projection next); default: the two-mode graph stays")


@tool(result=ProjectBipartiteResult, reads=("graph", "workspace"), writes=("workspace", "graph"),
      cost=2)
def project_bipartite(ctx: ToolContext, args: ProjectArgs) -> ToolOutput:
    """Project a two-mode graph onto one side: nodes of that side linked when they share a
    neighbour, weight = number shared (e.g. women by events attended together). Stored as
    a dataset (loaded only with load=true); lists the strongest pairs."""
    g = ctx.session.require()
    keep = side_nodes(ctx, args.side)
    base = (ctx.session.dataset_id, ctx.session.revision)
    p = _project(g, keep)
    src = ctx.workspace.attach(p, name=f"{args.side} projection of {base[0]} r{base[1]}")
    row = ctx.workspace.construct([src["source_id"]], GraphSpec(weight_col="weight",
                                                                weight_means="strength"))
    h, rev = ctx.workspace.load(row["id"])
    if args.load:  # else the next question still reads the two-mode graph it was asked on
        ctx.session.set_graph(h, row["id"], rev)
        ctx.session.bindings[row["id"]] = rev
    pairs = sorted(p.edges(data="weight"), key=lambda e: (-e[2], str(min(e[0], e[1])),
                                                          str(max(e[0], e[1]))))
    top = [{"a": min(u, v, key=str), "b": max(u, v, key=str), "weight": w,
            **{f"{k}_label": x for k, x in (("a", label(g, min(u, v, key=str)).get("label")),
                                            ("b", label(g, max(u, v, key=str)).get("label")))
               if x is not None}}
           for u, v, w in pairs[: args.top_k]]
    degrees = sorted(p.degree(), key=lambda nd: (-nd[1], str(nd[0])))
    cut = degrees[min(args.top_k, len(degrees)) - 1][1] if degrees else 0
    tied = [{"node": n, "tied": d} for n, d in degrees if d >= cut and d > 0]
    data = {"side": args.side, "from_dataset": base[0], "from_revision": base[1],
            "dataset_id": row["id"], "revision": rev, "reused": row["reused"],
            "loaded": args.load,
            "nodes": p.number_of_nodes(), "edges": p.number_of_edges(),
            "weight": "number of shared neighbours (strength)", "top_pairs": top,
            "most_tied": tied, **_pieces(g, p)}
    lead = ", ".join(f"{t['a']}–{t['b']} ({t['weight']:g})" for t in top[:3]) or "no pairs"
    return ToolOutput(data=data, revision=rev if args.load else ctx.session.revision,
                      summary=f"{'reused' if row['reused'] else 'built'} the {args.side} "
                              f"projection {row['id']} r{rev}"
                              f"{' (loaded)' if args.load else ' (stored, not loaded)'}: "
                              f"{p.number_of_nodes()} nodes, "
                              f"{p.number_of_edges()} edges (weight = shared neighbours); "
                              f"strongest: {lead}")


def _pieces(g: nx.Graph, p: nx.Graph) -> dict[str, Any]:
    """The projection's density, its connected pieces, the size of the largest and the
    nodes outside it (the first 20 named)."""
    if not p.number_of_nodes():
        return {"density": 0.0, "components": 0, "largest_component": 0,
                "apart": {"count": 0, "nodes": []}}
    pieces = sorted(nx.connected_components(p), key=lambda c: (-len(c), min(map(str, c))))
    apart = sorted((n for c in pieces[1:] for n in c), key=str)
    return {"density": round(nx.density(p), 6), "components": len(pieces),
            "largest_component": len(pieces[0]),
            "apart": {"count": len(apart), "nodes": [{"node": n, **label(g, n)}
                                                     for n in apart[:20]]}}


def _project(g: nx.Graph, keep: set) -> nx.Graph:
    """networkx's ``weighted_projected_graph(g, keep)``, counted per shared neighbour."""
    u = g.to_undirected(as_view=True) if g.is_directed() else g
    others = [n for n in u if n not in keep]
    pairs = sum(len(u[o]) * (len(u[o]) - 1) // 2 for o in others)
    if pairs > MAX_PROJECTION_PAIRS:
        raise ToolError(ErrorCode.INVALID_ARGUMENTS,
                        f"the projection would compare {pairs} pairs (limit {MAX_PROJECTION_PAIRS})",
                        hint="filter the graph first (subgraph_extraction)")
    p = nx.Graph()
    p.add_nodes_from((n, dict(g.nodes[n])) for n in sorted(keep, key=str))
    for o in others:
        for a, b in combinations(sorted((n for n in u[o] if n in keep), key=str), 2):
            if p.has_edge(a, b):
                p[a][b]["weight"] += 1.0
            else:
                p.add_edge(a, b, weight=1.0)
    return p
