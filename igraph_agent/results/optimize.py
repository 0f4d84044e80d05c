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


class ConstructionMerged(Part):
    """What construction already did to the data, before any plan (``graph/workspace.py``)."""

    edge_rows_merged: int = 0  # rows with the same endpoints, merged into one edge each
    edges_from_merged_rows: int = 0  # the edges those rows became
    node_rows_merged: int = 0
    self_loops: int = 0  # kept by construction; a plan may drop them
    notes: list[str] = []  # the sources' own notes (multiplicity, renamed attributes)

    def words(self) -> str:
        """In words, for the preview's summary, the approval box and the answer.

        Example::

            >>> ConstructionMerged(edge_rows_merged=3, edges_from_merged_rows=2,
            ...                    self_loops=1).words()
            '3 repeated edge rows merged into 2 edges (weights summed), 1 self-loop stored as given'
        """
        def n(count: int, one: str, many: str) -> str:
            return f"{count} {one if count == 1 else many}"

        parts = []
        if self.edge_rows_merged:
            parts.append(f"{n(self.edge_rows_merged, 'repeated edge row', 'repeated edge rows')} "
                         f"merged into {n(self.edges_from_merged_rows, 'edge', 'edges')} "
                         "(weights summed)")
        if self.node_rows_merged:
            parts.append(f"{n(self.node_rows_merged, 'repeated node row', 'repeated node rows')} "
                         "merged")
        if self.self_loops:
            parts.append(f"{n(self.self_loops, 'self-loop', 'self-loops')} stored as given")
        return ", ".join(parts + self.notes)


class PreviewGraphOptimizationResult(ToolData):
    """What ``preview_graph_optimization`` returns: the plan and what it would change, and
    apart from it what construction already merged (``already_done``)."""

    plan_id: str
    dataset_id: str | None
    base_revision: int | None
    operations: Table[Operation]
    operation_counts: dict[str, int]
    before: NodesEdges
    after: NodesEdges
    commit_args: CommitArgs
    persisted: bool
    already_done: ConstructionMerged | None = None


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
