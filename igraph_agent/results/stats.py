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
    distance: int | None  # hops, ignoring direction; None: not connected
    adjacent: bool
    common_neighbours: int
    neighbours_of_either: int | None = None  # the two neighbourhoods together
    jaccard: Number
    length: Number | None = None  # the shortest path's length in the weight read as a distance
    #: directed graphs: hops following the edges' direction, a to b and b to a (None: no path)
    distance_a_to_b: int | None = None
    distance_b_to_a: int | None = None


class CompareNodesResult(ToolData):
    """What ``compare_nodes`` returns."""

    backend: str
    nodes: Table[CompareNodesNode]
    pairs: Table[CompareNodesPair]
    weight_used: dict[str, Any] | None = None  # pagerank and clustering: the weight as a strength
    length_weight_used: dict[str, Any] | None = None  # pairs' length: the weight as a distance
    distance_in: str | None = None
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
    diameter: Number  # in path_unit: hops (an int) or the weight read as a distance
    radius: Number
    paths_approximate: bool
    center: list[NodeId] | None = None  # eccentricity = radius (exact path figures only)
    periphery: list[NodeId] | None = None  # eccentricity = diameter
    weight_used: dict[str, Any] | None = None  # attribute, role, inverted, sense, note
    path_unit: str | None = None  # "hops", "km", "1/weight"
    paths_over: str | None = None  # the component the path figures cover
    paths_over_nodes: int | None = None
    strong_components: int | None = None  # directed graphs
    average_path_length_ci95: Number | None = None
    diameter_bounds: list[Number] | None = None
    radius_bounds: list[Number] | None = None
    path_samples: int | None = None
    note: str | None = None
