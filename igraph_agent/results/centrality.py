"""Result models of the centrality tools (``tools/centrality.py``)."""

from __future__ import annotations

from typing import Any

from igraph_agent.results import NodeId, Number, Part, Row, Table, ToolData


class DegreeAnalysisTop(Row):
    node: NodeId
    degree: int
    label: Any | None = None


class DegreeAnalysisDistribution(Row):
    degree: int
    count: int


class DegreeAnalysisResult(ToolData):
    """What ``degree_analysis`` returns."""

    direction: str
    nodes: int
    mean_degree: Number
    max_degree: int
    min_degree: int
    isolates: int
    top: Table[DegreeAnalysisTop]
    distribution: Table[DegreeAnalysisDistribution]
    distinct_degrees: int
    where: dict[str, Any] | None = None
    within: str | None = None  # largest_component: the figures cover it alone
    side: str | None = None  # two-mode: the side ranked


class NodeCentralityTop(Row):
    node: NodeId
    score: Number
    label: Any | None = None


class NodeCentralityRequested(Row):
    node: NodeId
    score: Number


class NodeCentralityWhere(Part):
    kind: str


class NodeCentralityResult(ToolData):
    """What ``node_centrality`` returns."""

    measure: str
    weighted: bool
    weight_used: dict[str, Any] | None = None  # attribute, role, inverted, sense, note
    directed: bool | None = None
    side: str | None = None
    backend: str
    approximate: bool
    sample_k: int | None
    scored_nodes: int
    nodes: int
    top: Table[NodeCentralityTop]
    requested: Table[NodeCentralityRequested]
    where: dict[str, Any] | None = None
    ranked_nodes: int | None = None
    within: str | None = None  # group / largest_component: the part the scores come from
    without: list[NodeId] | None = None  # scored on the graph without these nodes (a what-if)
    candidates: str | None = None
    cluster: dict[str, Any] | None = None  # how the Ray cluster split the work
