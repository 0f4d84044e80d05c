"""Result model of ``export_subgraph`` (``tools/export.py``)."""

from __future__ import annotations

from igraph_agent.results import NodeId, ToolData


class ExportSubgraphResult(ToolData):
    """What ``export_subgraph`` returns: the file written and what it holds."""

    path: str
    format: str
    nodes: int
    edges: int
    directed: bool
    seeds: list[NodeId]
    radius: int | None
