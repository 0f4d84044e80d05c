"""Result models of the paths tools (``tools/paths.py``)."""

from __future__ import annotations

from typing import Any

from igraph_agent.results import NodeId, Number, Part, Row, Table, ToolData


class ShortestPathPath(Row):
    node: NodeId
    label: Any | None = None


class ShortestPathResult(ToolData):
    """What ``shortest_path`` returns."""

    source: NodeId
    target: NodeId
    backend: str
    weighted: bool
    weight_used: dict[str, Any] | None = None  # attribute, role, inverted, sense, note
    directed: bool | None = None
    reachable: bool
    hops: int | None = None
    path: Table[ShortestPathPath] | None = None
    shortest_paths: int | None = None
    shortest_paths_capped: bool | None = None
    length: Number | None = None
    #: directed graphs with no path: whether the target reaches the source instead, in how
    #: many hops and (weighted) how long: a wrong guess of direction shows here
    reverse_reachable: bool | None = None
    reverse_hops: int | None = None
    reverse_length: Number | None = None
    #: with ``total_along``: that edge attribute totalled along the route (attribute, total,
    #: routes_compared, min, max: over the fewest-hop routes when the route is in hops)
    along: dict[str, Any] | None = None
    #: with ``ignore_direction``: the path found with the edges' direction ignored
    direction_ignored: bool | None = None


class ConnectivityArticulationPointsItem(Row):
    node: NodeId
    degree: int
    label: Any | None = None


class ConnectivityArticulationPoints(Part):
    total: int
    items: Table[ConnectivityArticulationPointsItem]


class ConnectivityBridgesItem(Row):
    source: NodeId
    target: NodeId


class ConnectivityBridges(Part):
    total: int
    items: Table[ConnectivityBridgesItem]


class ConnectivityPair(Part):
    source: NodeId
    target: NodeId
    connected: bool
    node_connectivity: int
    edge_connectivity: int


class SmallerComponent(Row):
    """One component other than the largest: its size and (up to ``limit``) members."""

    size: int
    members: list[NodeId]


class Spanning(Part):
    """A minimum spanning forest by an edge value read as a distance: the least total that
    keeps every component connected, and that of ``of``'s component."""

    total: Number
    edges: int
    weight_used: dict[str, Any]
    of: NodeId | None = None
    of_total: Number | None = None
    of_nodes: int | None = None
    of_edges: int | None = None


class ConnectivityResult(ToolData):
    """What ``connectivity`` returns."""

    backend: str
    nodes: int
    components: int
    component_sizes: list[int]
    largest_component_fraction: Number
    isolates: int
    articulation_points: ConnectivityArticulationPoints
    outside_largest: int | None = None  # the nodes in no largest component
    girth: int | None = None  # with whole: the shortest cycle's length in edges (None: none)
    bridges: ConnectivityBridges
    smaller_components: Table[SmallerComponent] = []
    pair: ConnectivityPair | None = None
    connected_by: str | None = None
    strong_components: int | None = None
    note: str | None = None
    spanning: Spanning | None = None  # with weight: the minimum spanning forest by it
    #: with whole: the fewest nodes / edges whose removal disconnects the graph
    whole: dict[str, int] | None = None
    #: with shape: self_loops (and self_loop_nodes); the simple undirected graph's nodes,
    #: edges, components, cycle_rank, simple_cycles (and simple_cycles_exact) and planar
    shape: dict[str, Any] | None = None
    #: with where: the attribute values whose nodes (and the edges among them) were analysed
    where: dict[str, Any] | None = None
