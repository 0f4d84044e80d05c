"""Result models of the local tools (``tools/local.py``)."""

from __future__ import annotations

from typing import Any

from igraph_agent.results import NodeId, Number, Part, Row, Table, ToolData


class LocalAnalysisNeighboursByHopNode(Row):
    node: NodeId
    label: Any | None = None


class LocalAnalysisNeighboursByHop(Row):
    hop: int
    count: int
    nodes: Table[LocalAnalysisNeighboursByHopNode]


class LocalAnalysisEgoNetwork(Part):
    nodes: int
    edges: int
    density: Number


class LocalAnalysisCoreDistribution(Row):
    core: int
    nodes: int


class LocalAnalysisResult(ToolData):
    """What ``local_analysis`` returns."""

    node: NodeId | None = None
    backend: str
    weight_used: dict[str, Any] | None = None  # clustering's weight: attribute, role, inverted, sense, note
    directed: bool | None = None
    distances_in: str | None = None  # "hops": the neighbourhood counts edges
    direction: str | None = None  # directed: "out", "in" or "all" edges followed
    radius: int | None = None
    degree: int | None = None
    clustering: Number | None = None
    core_number: int | None = None
    max_core: int
    in_max_core: bool | None = None
    neighbours_by_hop: Table[LocalAnalysisNeighboursByHop] | None = None
    ego_network: LocalAnalysisEgoNetwork | None = None
    label: Any | None = None
    nodes: int | None = None
    average_clustering: Number | None = None
    transitivity: Number | None = None
    degeneracy: int | None = None
    max_core_size: int | None = None
    core_distribution: Table[LocalAnalysisCoreDistribution] | None = None
