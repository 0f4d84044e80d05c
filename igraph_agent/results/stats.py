"""Result models of the stats tools (``tools/stats.py``)."""

from __future__ import annotations

from typing import Any

from igraph_agent.results import NodeId, Number, Part, Row, Table, ToolData


class CompareNodesNode(Row):
    node: NodeId
    degree: int
    clustering: Number
    pagerank: Number
    core_number: int
    component_size: int
    label: Any | None = None
    community: int | None = None


class CompareNodesPair(Row):
    a: NodeId
    b: NodeId
    distance: int
    adjacent: bool
    common_neighbours: int
    jaccard: Number


class CompareNodesResult(ToolData):
    """What ``compare_nodes`` returns."""

    backend: str
    nodes: Table[CompareNodesNode]
    pairs: Table[CompareNodesPair]
    community_method: str | None = None


class SummaryStatisticsDegree(Part):
    mean: Number
    median: Number
    std: Number
    max: int
    min: int


class SummaryStatisticsLargestComponent(Part):
    nodes: int
    fraction: Number


class SummaryStatisticsResult(ToolData):
    """What ``summary_statistics`` returns."""

    backend: str
    nodes: int
    edges: int
    directed: bool
    density: Number
    degree: SummaryStatisticsDegree
    components: int
    largest_component: SummaryStatisticsLargestComponent
    average_clustering: Number
    transitivity: Number
    degree_assortativity: Number | None  # None where it is undefined (no edges, one degree)
    degeneracy: int
    average_path_length: Number
    diameter: int
    radius: int
    paths_approximate: bool
    average_path_length_ci95: Number | None = None
    diameter_bounds: list[int] | None = None
    radius_bounds: list[int] | None = None
    path_samples: int | None = None
    note: str | None = None
