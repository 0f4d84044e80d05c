"""Result models of the structure tools (``tools/structure.py``)."""

from __future__ import annotations

from typing import Any

from igraph_agent.results import NodeId, Part, Row, Table, ToolData


class CountTrianglesTop(Row):
    node: NodeId
    triangles: int
    label: Any | None = None


class CountTrianglesRequested(Row):
    node: NodeId
    triangles: int


class CountTrianglesWhere(Part):
    kind: str


class CountTrianglesResult(ToolData):
    """What ``count_triangles`` returns."""

    backend: str
    triangles: int
    nodes: int
    nodes_in_triangles: int
    top: Table[CountTrianglesTop]
    requested: Table[CountTrianglesRequested]
    where: dict[str, Any] | None = None
    ranked_nodes: int | None = None


class BipartiteSide(Part):
    """One side of a two-mode graph: its size and the first node ids."""

    total: int
    items: list[NodeId]
    truncated: bool


class BipartiteCheckSplittingAttribute(Row):
    attribute: str
    side_a: Any
    side_b: Any


class BipartiteCheckResult(ToolData):
    """What ``bipartite_check`` returns."""

    backend: str
    nodes: int
    bipartite: bool
    odd_cycle: list[NodeId] | None = None
    side_a: BipartiteSide | None = None
    side_b: BipartiteSide | None = None
    splitting_attributes: Table[BipartiteCheckSplittingAttribute] | None = None
    #: bipartite: the edges (directions ignored) and the share of the side_a x side_b pairs
    #: they fill, the two-mode density
    edges: int | None = None
    bipartite_density: float | None = None
