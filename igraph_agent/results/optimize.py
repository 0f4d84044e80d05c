"""Result models of the optimization tools (``tools/optimize.py``)."""

from __future__ import annotations

from typing import Any

from pydantic import ConfigDict

from igraph_agent.results import NodeId, Part, Row, Table, ToolData


class Operation(Row):
    """One planned change: merge duplicates, drop a self-loop, an isolate, a light edge ..."""

    model_config = ConfigDict(extra="allow")

    op: str
    node: NodeId | None = None


class NodesEdges(Part):
    nodes: int
    edges: int


class CommitArgs(Part):
    plan_id: str
    dataset_id: str | None
    base_revision: int | None
    options: dict[str, Any]


class PreviewGraphOptimizationResult(ToolData):
    """What ``preview_graph_optimization`` returns: the plan and what it would change."""

    plan_id: str
    dataset_id: str | None
    base_revision: int | None
    operations: Table[Operation]
    operation_counts: dict[str, int]
    before: NodesEdges
    after: NodesEdges
    commit_args: CommitArgs
    persisted: bool


class CommitGraphOptimizationResult(ToolData):
    """What ``commit_graph_optimization`` returns: the new revision, loaded."""

    plan_id: str
    dataset_id: str
    base_revision: int
    revision: int
    operation_counts: dict[str, int]
    nodes: int
    edges: int
    loaded: bool


class ClearGraphResult(ToolData):
    """What ``clear_graph`` returns."""

    dataset_id: str | None
    revision: int | None
    was_loaded: bool
    loaded: bool
    cleared: bool
