"""Export tools: (part of) the session graph as a GraphML or GEXF file for Gephi, yEd or
Cytoscape.

The file is written into the project's ``reports/`` folder with every node and edge
attribute that has a value; ``visualize_subgraph(export=...)`` writes the drawn nodes the
same way, with their drawing group and size as attributes.
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any, Literal

import networkx as nx
from pydantic import BaseModel, Field

from igraph_agent.results.export import ExportSubgraphResult
from igraph_agent.store import new_id
from igraph_agent.tools.registry import ToolContext, ToolOutput, tool

GraphFormat = Literal["graphml", "gexf"]
#: nodes written at most (a file the desktop tools still open quickly)
MAX_EXPORT_NODES = 200_000


class ExportArgs(BaseModel):
    nodes: list[str] = Field(default_factory=list, description="seed nodes: export their "
                             "neighbourhood; empty exports the whole graph")
    radius: int = Field(default=1, ge=0, le=3, description="hops around the seed nodes")
    format: GraphFormat = Field(default="graphml", description="graphml (yEd, Cytoscape, Gephi) "
                                "or gexf (Gephi)")


@tool(result=ExportSubgraphResult, reads=("graph",), writes=("report",))
def export_subgraph(ctx: ToolContext, args: ExportArgs) -> ToolOutput:
    """Write the graph, or the neighbourhood of seed nodes, as a GraphML or GEXF file with
    its node and edge attributes, to open in Gephi, yEd or Cytoscape. Returns the file path
    under the project's reports/ folder.

    Example: export_subgraph(nodes=["0"], radius=2, format="gexf")
    """
    from igraph_agent.tools.viz import _select

    g = ctx.session.require()
    sub, _ = _select(g, args.nodes, args.radius)
    if sub.number_of_nodes() > MAX_EXPORT_NODES:
        from igraph_agent.errors import ErrorCode, ToolError

        raise ToolError(ErrorCode.INVALID_ARGUMENTS,
                        f"the selection has {sub.number_of_nodes()} nodes; an export holds at "
                        f"most {MAX_EXPORT_NODES}", hint="choose seed nodes and a radius")
    path = write_graph_file(sub, Path(ctx.workspace.home) / "reports", args.format)
    data = {"path": str(path), "format": args.format, "nodes": sub.number_of_nodes(),
            "edges": sub.number_of_edges(), "directed": sub.is_directed(),
            "seeds": list(args.nodes), "radius": args.radius if args.nodes else None}
    what = (f"the {args.radius}-hop neighbourhood of {', '.join(args.nodes[:5])}" if args.nodes
            else "the whole graph")
    summary = (f"wrote {what} ({data['nodes']} nodes, {data['edges']} edges) as "
               f"{args.format.upper()} to {path.name}")
    return ToolOutput(data=data, summary=summary, revision=ctx.session.revision)


def write_graph_file(g: nx.Graph, folder: Path, fmt: GraphFormat,
                     node_extra: dict[str, dict[Any, Any]] | None = None) -> Path:
    """``g`` as ``<folder>/<id>.<fmt>``; attributes without a value are left out, numbers
    from numpy become plain numbers; ``node_extra`` adds attributes (name -> node -> value)."""
    out = nx.DiGraph() if g.is_directed() else nx.Graph()
    for n, attrs in g.nodes(data=True):
        extra = {name: values[n] for name, values in (node_extra or {}).items() if n in values}
        out.add_node(str(n), **_plain({**attrs, **extra}))
    for u, v, attrs in g.edges(data=True):
        out.add_edge(str(u), str(v), **_plain(attrs))
    folder.mkdir(parents=True, exist_ok=True)
    path = (folder / f"{new_id('graph')}.{fmt}").resolve()
    if fmt == "graphml":
        nx.write_graphml(out, path)
    else:
        nx.write_gexf(out, path)
    return path


def _plain(attrs: dict[str, Any]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in attrs.items():
        if hasattr(value, "item") and not isinstance(value, str):
            value = value.item()
        if value is None or (isinstance(value, float) and math.isnan(value)):
            continue
        if isinstance(value, bool | int | float | str):
            out[str(key)] = value
    return out
