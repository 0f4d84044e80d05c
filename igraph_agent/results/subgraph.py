"""Result models of the subgraph tools (``tools/subgraph.py``)."""

from __future__ import annotations

from typing import Any

from igraph_agent.results import NodeId, Number, Row, Table, ToolData


class SubgraphExtractionNodeId(Row):
    node: NodeId
    degree: int


class SubgraphExtractionResult(ToolData):
    """What ``subgraph_extraction`` returns."""

    criteria: dict[str, Any]
    nodes: int
    edges: int
    density: Number
    components: int
    fraction_of_graph: Number
    node_ids: Table[SubgraphExtractionNodeId]
    listed: int
    create_version: bool
    dataset_id: str | None = None
    base_revision: int | None = None
    revision: int | None = None
    loaded: bool | None = None
