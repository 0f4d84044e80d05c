"""Result models of the viz tools (``tools/viz.py``)."""

from __future__ import annotations

from igraph_agent.results import ToolData


class VisualizeSubgraphResult(ToolData):
    """What ``visualize_subgraph`` returns."""

    html_path: str
    title: str
    nodes_shown: int
    edges_shown: int
    nodes_total: int
    capped: bool
    note: str
    color_by: str
    groups: int
    size_by: str
    export_path: str | None = None  # the drawn nodes and edges as a graph file
    seeds: list[str] = []  # a neighbourhood drawing's centre nodes (empty: an overview)
    radius: int | None = None  # its hops around them
