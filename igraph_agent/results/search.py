"""Result models of the search tools (``tools/search.py``)."""

from __future__ import annotations

from typing import Any

from igraph_agent.results import NodeId, Number, Row, Table, ToolData


class SearchNodeCandidate(Row):
    node: NodeId
    score: Number
    matched_field: str
    matched_value: str
    degree: int
    label: Any | None = None
    attributes: dict[str, Any] | None = None  # the node's own attributes (a node table's columns)


class SearchNodeResult(ToolData):
    """What ``search_node`` returns."""

    query: str
    candidates: Table[SearchNodeCandidate]
    total_matches: int


class SearchEdgeEdge(Row):
    source: NodeId
    target: NodeId
    score: Number
    matched_field: str
    matched_value: str
    attributes: dict[str, Any]


class SearchEdgeResult(ToolData):
    """What ``search_edge`` returns."""

    query: str
    edges: Table[SearchEdgeEdge]
    total_matches: int
    # on large revisions: how the index chose the edges it scored (tools/search_index.py)
    index: dict[str, Any] | None = None
