"""Visualisation tools: draw (part of) the session graph as a self-contained HTML page.

The page is written into the project's ``reports/`` folder; notebooks show it inline
(``igraph_agent.jupyter.display``), the CLI prints its path.
"""

from __future__ import annotations

import html
from collections.abc import Iterable
from pathlib import Path
from typing import Any, Literal

import networkx as nx
from pydantic import BaseModel, Field

from igraph_agent.errors import ErrorCode, ToolError
from igraph_agent.results.viz import VisualizeSubgraphResult
from igraph_agent.store import new_id
from igraph_agent.tools.common import current_partition
from igraph_agent.tools.registry import ToolContext, ToolOutput, tool

PALETTE = ["#4e79a7", "#f28e2b", "#e15759", "#76b7b2", "#59a14f", "#edc948", "#b07aa1",
           "#ff9da7", "#9c755f", "#bab0ac", "#1f77b4", "#2ca02c", "#d62728", "#9467bd"]
OTHER_COLOUR = "#c7c7c7"
COMMUNITY_ATTRIBUTES = ("community", "partition", "cluster", "group", "module")
SIZE_METRICS = ("degree", "pagerank", "betweenness", "none")


class VizArgs(BaseModel):
    nodes: list[str] = Field(default_factory=list, description="seed nodes: draw their "
                             "neighbourhood; empty draws the whole graph (capped)")
    radius: int = Field(default=1, ge=0, le=3, description="hops around the seed nodes")
    color_by: str | None = Field(default=None, description="node attribute to colour by; default "
                                 "(or 'community'): the partition of the last community_detection "
                                 "call, else a community attribute, else the graph's one grouping "
                                 "attribute (e.g. department), else Louvain communities computed "
                                 "for the drawing")
    size_by: str = Field(default="degree", description="degree, pagerank, betweenness, none, or a "
                         "numeric node attribute")
    max_nodes: int = Field(default=150, ge=5, le=2000, description="draw at most this many nodes "
                           "(the largest by size_by)")
    title: str | None = Field(default=None, description="heading of the drawing")
    export: Literal["graphml", "gexf"] | None = Field(
        default=None, description="also write the drawn nodes as a GraphML or GEXF file (for "
        "Gephi), with their group and size as node attributes")


@tool(result=VisualizeSubgraphResult, reads=("graph",), writes=("report",))
def visualize_subgraph(ctx: ToolContext, args: VizArgs) -> ToolOutput:
    """Draw the graph or the neighbourhood of seed nodes as an interactive, self-contained
    HTML page (an SVG with a fixed igraph layout, no CDN needed): nodes coloured by community, sized by a metric, capped
    at max_nodes with a note. Returns the file path under the project's reports/ folder.

    Example: visualize_subgraph(nodes=["0"], radius=1, size_by="pagerank")
    """
    g = ctx.session.require()
    sub, seeds = _select(g, args.nodes, args.radius)
    sizes = _sizes(sub, args.size_by)
    total = sub.number_of_nodes()
    capped = total > args.max_nodes
    if capped:  # the seeds stay; then the largest by size_by
        keep = sorted(sub.nodes, key=lambda n: (n not in seeds, -sizes.get(n, 0.0),
                                                str(n)))[: args.max_nodes]
        sub = sub.subgraph(keep).copy()
    groups, colour_source = _groups(g, sub, args.color_by, _session_partition(ctx, g))
    seed_words = ", ".join(str(g.nodes[n].get("label", n)) for n in seeds[:5])
    title = args.title or (f"Neighbourhood of {seed_words} ({args.radius} hop"
                           f"{'' if args.radius == 1 else 's'})" if seeds else
                           "Graph overview" + (f": the {sub.number_of_nodes()} largest of "
                                               f"{total} nodes by {args.size_by}"
                                               if capped else ": every node"))
    note = (f"showing {sub.number_of_nodes()} of {total} nodes (the largest by {args.size_by}); "
            "raise max_nodes or choose seed nodes to see others") if capped else ""
    near = _neighbours(sub, seeds)
    page = _render(sub, groups, sizes, title, note, colour_source, args.size_by, seeds, near)
    folder = Path(ctx.workspace.home) / "reports"
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{new_id('viz')}.html"
    path.write_text(page, encoding="utf-8")
    data = {
        "html_path": str(path.resolve()), "title": title,
        "nodes_shown": sub.number_of_nodes(), "edges_shown": sub.number_of_edges(),
        "nodes_total": total, "capped": capped, "note": note,
        "color_by": colour_source, "groups": len(set(groups.values())),
        "size_by": args.size_by,
        "seeds": [str(n) for n in seeds], "radius": args.radius if seeds else None,
    }
    if args.export:
        from igraph_agent.tools.export import write_graph_file

        data["export_path"] = str(write_graph_file(sub, folder, args.export,
                                                   {"group": groups, "size": sizes}))
    summary = (f"drew {data['nodes_shown']} nodes and {data['edges_shown']} edges coloured by "
               f"{colour_source} ({data['groups']} groups), sized by {args.size_by}; "
               f"saved to {path.name}" + (f"; {note}" if note else "")
               + (f"; the drawn nodes also written as {args.export.upper()} to "
                  f"{Path(data['export_path']).name}" if args.export else ""))
    return ToolOutput(data=data, summary=summary, revision=ctx.session.revision)


def _neighbours(g: nx.Graph, seeds: list[Any]) -> set[Any]:
    """The seeds' direct neighbours in the drawing (labelled in a neighbourhood drawing)."""
    und = g.to_undirected(as_view=True) if g.is_directed() else g
    return {m for n in seeds if n in und for m in und[n]}


def _select(g: nx.Graph, seeds: list[str], radius: int) -> tuple[nx.Graph, list[Any]]:
    """The seeds' ego network (``radius`` hops, direction ignored) and the seeds as nodes of
    ``g``; the whole graph when there are no seeds."""
    if not seeds:
        return g, []
    by_str = {str(n): n for n in g.nodes}
    missing = [s for s in seeds if s not in g and s not in by_str]
    if missing:
        sample = ", ".join(list(by_str)[:5])
        raise ToolError(ErrorCode.NODE_NOT_FOUND, f"node(s) {', '.join(missing)} not in the graph",
                        hint=f"use node ids from a tool result (e.g. {sample})",
                        details={"missing": missing})
    keep: set[Any] = set()
    undirected = g.to_undirected(as_view=True) if g.is_directed() else g
    nodes = [s if s in g else by_str[s] for s in seeds]
    for node in nodes:
        keep |= set(nx.single_source_shortest_path_length(undirected, node, cutoff=radius))
    return g.subgraph(keep).copy(), list(dict.fromkeys(nodes))


def _sizes(g: nx.Graph, metric: str) -> dict[Any, float]:
    if metric == "none":
        return {n: 1.0 for n in g}
    if metric == "degree":
        return {n: float(d) for n, d in g.degree()}
    if metric == "pagerank":
        return nx.pagerank(g) if g.number_of_edges() else {n: 1.0 for n in g}
    if metric == "betweenness":
        k = min(200, len(g)) if len(g) > 1000 else None
        return nx.betweenness_centrality(g, k=k, seed=42)
    values = nx.get_node_attributes(g, metric)
    if not values:
        raise ToolError(ErrorCode.INVALID_ARGUMENTS, f"size_by={metric!r} is neither a metric nor "
                        "a node attribute", hint=f"use one of {', '.join(SIZE_METRICS)} or a "
                        "numeric node attribute from get_graph_info")
    try:
        return {n: float(values.get(n, 0.0)) for n in g}
    except (TypeError, ValueError):
        raise ToolError(ErrorCode.INVALID_ARGUMENTS, f"node attribute {metric!r} is not numeric",
                        hint="size by degree, pagerank or betweenness instead") from None


def _session_partition(ctx: ToolContext, g: nx.Graph) -> dict[str, Any] | None:
    """The partition community_detection left on the session, if it is of this graph."""
    part = current_partition(ctx.session, g)
    return part if part and part["membership"] else None


def _groups(full: nx.Graph, sub: nx.Graph, color_by: str | None,
            part: dict[str, Any] | None = None) -> tuple[dict[Any, str], str]:
    attrs = {k for _, d in full.nodes(data=True) for k in d}
    if color_by and color_by != "community":
        if color_by not in attrs:
            raise ToolError(ErrorCode.INVALID_ARGUMENTS, f"no node attribute {color_by!r}",
                            hint=f"node attributes are: {', '.join(sorted(attrs)) or 'none'}")
        return {n: str(sub.nodes[n].get(color_by)) for n in sub}, color_by
    if part is not None:
        membership = part["membership"]
        return ({n: str(membership.get(n, "other")) for n in sub},
                f"communities from community_detection ({part.get('method')}, seed "
                f"{part.get('seed')})")
    for name in COMMUNITY_ATTRIBUTES:
        if name in attrs:
            return {n: str(sub.nodes[n].get(name)) for n in sub}, name
    grouping = _grouping_attribute(full)
    if grouping is not None:  # the data's own groups before any computed ones
        return {n: str(sub.nodes[n].get(grouping)) for n in sub}, grouping
    if sub.number_of_edges() == 0:
        return {n: "0" for n in sub}, "none (no edges)"
    und = sub.to_undirected() if sub.is_directed() else sub
    parts = nx.community.louvain_communities(und, seed=42)
    return ({n: str(i) for i, part in enumerate(parts) for n in part},
            "Louvain communities of the drawn nodes (seed 42)")


def _grouping_attribute(g: nx.Graph) -> str | None:
    """The graph's one grouping attribute: text values, 2 to len(PALETTE) of them, shared by
    several nodes (a department, a country, a club). None when there is none or several."""
    found = []
    for name in sorted({k for _, d in g.nodes(data=True) for k in d} - {"label", "id"}):
        values = [d.get(name) for _, d in g.nodes(data=True) if d.get(name) is not None]
        if not values or any(isinstance(v, bool | int | float) for v in values):
            continue
        distinct = len(set(map(str, values)))
        if 2 <= distinct <= len(PALETTE) and distinct < len(values):
            found.append(name)
    return found[0] if len(found) == 1 else None


def _colours(groups: Iterable[str]) -> dict[str, str]:
    ranked = sorted(set(groups), key=lambda v: (not v.lstrip("-").isdigit(), int(v) if
                                                 v.lstrip("-").isdigit() else 0, v))
    return {v: PALETTE[i] if i < len(PALETTE) else OTHER_COLOUR for i, v in enumerate(ranked)}


def _render(g: nx.Graph, groups: dict[Any, str], sizes: dict[Any, float], title: str, note: str,
            colour_source: str, size_by: str, focus: list[Any], labelled: set[Any]) -> str:
    from igraph_agent.tools.drawing import layout, render_fragment, render_page

    drawing = layout(g, groups, sizes, _colours(groups.values()), focus, labelled)
    caption = (f"{g.number_of_nodes()} nodes, {g.number_of_edges()} edges · colour: "
               f"{html.escape(colour_source)} · size: {html.escape(size_by)} · wheel to zoom, "
               "drag to pan or move a node" + (f"<br><i>{html.escape(note)}</i>" if note else ""))
    return render_page(render_fragment(drawing, title, caption, size_by), title)
