"""Result models of the counting tools (``tools/counting.py``)."""

from __future__ import annotations

from typing import Any, Literal

from igraph_agent.results import NodeId, Number, Part, Row, Table, ToolData


class MeasuredNode(Row):
    node: NodeId
    value: Any
    label: Any = None
    among_value: Any = None  # the second measure the nodes were restricted by


class NodesByMeasureResult(ToolData):
    """What ``nodes_by_measure`` returns: the nodes whose measure passes the threshold."""

    measure: str
    op: str
    value: Any
    count: int
    of: int
    nodes: Table[MeasuredNode]
    truncated: bool
    where: dict[str, Any] | None = None
    side: str | None = None  # two-mode: the side counted
    attribute: str | None = None  # measure=attribute: the node attribute ranked
    lowest_first: bool | None = None  # measure=attribute: listed from the smallest
    neighbours_of: NodeId | None = None  # only this node's neighbours were counted
    neighbours_way: str | None = None  # directed: out / in, only that way's neighbours
    total: Number | None = None  # the counted nodes' values added up, when asked
    partners_where: dict[str, Any] | None = None  # degree counted only these partners
    partners_way: str | None = None  # directed: only the partners it has an edge to (out) / from (in)
    partners_by: str | None = None  # degree counted only partners differing in it (or alike)
    partners_same: bool | None = None  # with partners_by: the partners alike in it
    #: the second measure's threshold the counted nodes pass (measure, op, value, count)
    among: dict[str, Any] | None = None


class HopNode(Row):
    node: NodeId
    label: Any = None


class HopRing(Row):
    """The nodes at one distance from the start."""

    distance: int
    count: int
    nodes: Table[HopNode]


class WeightedNode(Row):
    node: NodeId
    distance: Number


class Farthest(Part):
    """The node(s) farthest from the start by a weight read as a distance; the nearest
    other node(s) by it; with ``max_distance``, every node within it."""

    distance: Number
    nodes: list[NodeId]
    weight_used: dict[str, Any]
    nearest_distance: Number | None = None
    nearest: list[NodeId] | None = None
    max_distance: Number | None = None
    within: int | None = None  # other nodes at most ``max_distance`` away
    within_nodes: Table[WeightedNode] | None = None  # the first ``limit``, nearest first
    #: only the nodes with these attribute values were compared: how many it reaches, not
    among: dict[str, Any] | None = None
    among_reached: int | None = None
    among_unreached: int | None = None
    #: the nodes left out of the farthest and nearest ("the closest town other than town0"),
    #: neither reached nor passed through
    left_out: list[NodeId] | None = None


class HopCountsResult(ToolData):
    """What ``hop_counts`` returns: how many nodes lie within and at each distance."""

    node: NodeId
    label: Any = None
    hops: int
    direction: Literal["out", "in", "both"] = "both"
    within: int
    exactly: int
    by_distance: Table[HopRing]
    farther: int
    unreachable: int
    unreachable_nodes: Table[HopNode] | None = None  # the first ``limit`` of them, by id
    eccentricity: int
    farthest: Farthest | None = None  # with a weight: the farthest node(s) by it


class NodeTotal(Row):
    node: NodeId
    total: Number
    label: Any = None


class EdgeValue(Row):
    source: NodeId
    target: NodeId
    value: Number
    source_label: Any = None
    target_label: Any = None


class EdgesPassing(Part):
    op: str
    value: Number
    count: int
    edges: Table[EdgeValue]
    nodes: int | None = None  # the nodes at an end of a passing edge


class InsideEdges(Part):
    """The edges with both ends among the nodes a ``where`` picks, summed: "the average
    latency of the cables that stay within the Pacific"."""

    edges: int
    total: Number | None = None
    mean: Number | None = None
    min: Number | None = None
    max: Number | None = None


class WhereEdges(Part):
    """The edges of the nodes a ``where`` picks (their outgoing, incoming or all edges, as
    ``direction`` says), summed: "the average lead time of shipments from Mexico"; and
    ``inside``: those with both ends picked."""

    direction: str
    edges: int
    total: Number | None = None
    mean: Number | None = None
    min: Number | None = None
    max: Number | None = None
    inside: InsideEdges | None = None


class EdgeAttributeTotalsResult(ToolData):
    """What ``edge_attribute_totals`` returns: sum, mean and range of a numeric edge
    attribute, and the nodes with the largest totals."""

    attribute: str
    edges: int
    missing: int
    total: Number
    mean: Number
    min: Number
    max: Number
    top_nodes: Table[NodeTotal]
    node: NodeId | None = None
    partner: NodeId | None = None  # with node: only the edges between the two were summed
    #: directed graphs only: which of a node's edges its total sums (out, in or both)
    direction: str | None = None
    #: a directed graph's node, both ways summed: its incoming total less its outgoing one
    net_in: Number | None = None
    #: the attribute filter the ranked nodes matched, when one was given
    side: str | None = None  # two-mode: the side ranked
    #: only the edges whose ends differ on (``across``) or share (``within``) this attribute
    across: str | None = None
    within: str | None = None
    where: dict[str, Any] | None = None
    where_edges: WhereEdges | None = None  # with where: those nodes' edges summed
    max_edges: Table[EdgeValue] | None = None  # the edges holding the max (ties all listed)
    min_edges: Table[EdgeValue] | None = None
    #: directed graphs, no node: the pairs whose value summed over both ways is the largest
    #: (smallest), ties all listed: "which two people exchange the most messages"
    max_pairs: Table[EdgeValue] | None = None
    min_pairs: Table[EdgeValue] | None = None
    passing: EdgesPassing | None = None  # with op and value: the edges past the threshold
    #: a what-if's left-out nodes and edges (their edges are not summed; nothing was changed)
    without_nodes: list[NodeId] | None = None
    without_edges: list[list[NodeId]] | None = None
