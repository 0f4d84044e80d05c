"""Result models of the community tools (``tools/community.py``)."""

from __future__ import annotations

from typing import Any

from igraph_agent.results import NodeId, Number, Part, Row, Table, ToolData


class CommunityDetectionSizes(Part):
    largest: int
    smallest: int
    median: Number
    singletons: int


class CommunityDetectionLargestCommunity(Row):
    community: int
    size: int
    sample_members: list[NodeId]
    # with statistics=true (graph/measures.community_statistics)
    internal_edges: int | None = None
    cut_edges: int | None = None
    density: Number | None = None
    conductance: Number | None = None
    transitivity: Number | None = None


class CommunityDetectionMembership(Row):
    node: NodeId
    community: int
    community_size: int
    label: Any | None = None


class CommunityDetectionResult(ToolData):
    """What ``community_detection`` returns."""

    method: str
    implementation: str
    backend: str
    seed: int
    resolution: Number
    weighted: bool
    weight: str | None = None
    weight_used: dict[str, Any] | None = None
    modularity: Number
    communities: int
    nodes: int
    sizes: CommunityDetectionSizes
    largest_communities: Table[CommunityDetectionLargestCommunity]
    membership: Table[CommunityDetectionMembership]
    cluster: dict[str, Any] | None = None  # how the Ray cluster split the work


class BridgeNodesBridge(Row):
    node: NodeId
    label: Any | None = None
    communities: int
    participation: Number
    community: int
    degree: int
    centrality: Number


class BridgeNodesFilter(Part):
    attribute: str
    value: Any


class BridgeNodesResult(ToolData):
    """What ``bridge_nodes`` returns."""

    method: str
    implementation: str
    backend: str
    seed: int
    resolution: Number
    weighted: bool
    weight: str | None = None
    weight_used: dict[str, Any] | None = None  # the partition's: attribute, role, inverted, ...
    modularity: Number
    communities: int
    min_communities: int
    centrality: str
    centrality_weight_used: dict[str, Any] | None = None  # the centrality figure's weight
    centrality_backend: str
    centrality_approximate: bool
    total: int
    bridges: Table[BridgeNodesBridge]
    span_distribution: dict[str, Any]
    filter: BridgeNodesFilter | None = None
    centrality_cluster: dict[str, Any] | None = None  # betweenness split on the Ray cluster
