"""Result models of the tools that read what the data means: ``group_analysis``
(``tools/groups.py``), ``direction_analysis`` (``tools/directed.py``) and
``project_bipartite`` (``tools/twomode.py``)."""

from __future__ import annotations

from typing import Any

from igraph_agent.results import NodeId, Number, Part, Row, Table, ToolData


class GroupRow(Row):
    group: Any
    size: int
    within_edges: int
    edges_to_other_groups: int
    #: every edge with at least one end in the group, each once (within + to other groups)
    edges_touching: int | None = None
    weight_to_other_groups: Number | None = None
    within_weight: Number | None = None  # the edge value summed over its own edges
    #: the edge value over every edge with a member at one end (within + to other groups)
    weight_touching: Number | None = None
    #: directed graphs: the edges (and weight) the group sends to other groups and receives
    #: from them; ``*_to_other_groups`` above counts both directions
    edges_out_to_other_groups: int | None = None
    edges_in_from_other_groups: int | None = None
    weight_out_to_other_groups: Number | None = None
    weight_in_from_other_groups: Number | None = None
    #: directed: all the edges the group's nodes send / receive (within included)
    edges_out: int | None = None
    edges_in: int | None = None
    #: directed, weighted: all the weight the group's nodes send / receive (within included)
    weight_out: Number | None = None
    weight_in: Number | None = None
    mean_degree: Number
    #: edges within over the pairs of members (ordered pairs when directed)
    density: Number | None = None
    top_node: dict[str, Any] | None
    #: the sum of ``total_of`` (a numeric node attribute) over the group's nodes
    total: Number | None = None
    average: Number | None = None  # ``total`` over the group's size
    #: with ``members_where``: how many of its members hold those values
    members_matching: int | None = None


class BridgeRow(Row):
    node: NodeId
    label: Any | None = None
    group: Any
    neighbours_in_a: int
    neighbours_in_b: int
    betweenness_between: Number | None = None


class GroupBridges(Part):
    a: str
    b: str
    total: int
    nodes: Table[BridgeRow]
    ranked_by: str


class GroupAnalysisResult(ToolData):
    """What ``group_analysis`` returns."""

    attribute: str
    directed: bool
    weight_used: dict[str, Any]
    side: str | None = None  # the two-mode side whose nodes were grouped (the other: none)
    nodes: int
    edges: int
    group_count: int
    within_edges: int
    between_edges: int
    #: the share of the edges (and of their values) within one group; 1 minus it is between
    within_share: Number | None = None
    between_share: Number | None = None
    within_weight: Number | None = None
    between_weight: Number | None = None
    total_weight: Number | None = None
    within_weight_share: Number | None = None
    between_weight_share: Number | None = None
    assortativity: Number
    #: the modularity of the partition the attribute's values make, each edge counted once
    #: (``modularity_weighted``: by the weight used, when one is)
    modularity: Number | None = None
    modularity_weighted: Number | None = None
    groups: Table[GroupRow]
    most_connected_to_others: list[Any]
    mixing: list[dict[str, Any]]
    #: the numeric node attribute summed per group (``groups[].total``), when asked
    total_of: str | None = None
    #: how many non-empty group pairs exist (``mixing`` lists all of them up to 20 groups)
    mixing_pairs: int | None = None
    #: directed graphs up to 20 groups: each pair of different groups with its edges (and
    #: their values) both ways added up
    pair_totals: list[dict[str, Any]] | None = None
    bridges: GroupBridges | None = None
    #: directed graphs: the group sending the most to other groups, and receiving the most
    sends_most_to_others: dict[str, Any] | None = None
    receives_most_from_others: dict[str, Any] | None = None


class ReachRow(Row):
    node: NodeId
    label: Any | None = None
    reaches: Number | None = None
    reached_from: Number | None = None


class CycleStep(Row):
    node: NodeId
    label: Any | None = None


class NodeList(Part):
    """How many nodes, and the first of them."""

    count: int
    nodes: list[CycleStep]


class MutualPair(Row):
    a: NodeId
    b: NodeId


class Mutual(Part):
    """The pairs linked both ways: how many, how many nodes take part, the first 50."""

    pairs: int
    nodes: int
    listed: Table[MutualPair]
    edge_share: Number | None = None  # of the edges, those with one back (reciprocity)
    node_share: Number | None = None  # of the nodes, those in a mutual pair
    one_way_edges: int | None = None  # edges with none back (self-loops left out)


class DirectionAnalysisResult(ToolData):
    """What ``direction_analysis`` returns."""

    directed: bool
    nodes: int
    edges: int
    acyclic: bool
    strong_components: int
    largest_strong_component: int
    weak_components: int
    depth: int | None = None
    cycle: Table[CycleStep] | None = None
    #: simple directed cycles (self-loops included), counted up to a cap (``cycles_exact``)
    cycles: int | None = None
    cycles_exact: bool | None = None
    #: of the cycles counted, how many have each length in nodes, and how many have at least
    #: that length (a self-loop has length 1, a mutual pair 2)
    cycles_by_length: dict[str, int] | None = None
    cycles_at_least: dict[str, int] | None = None
    cycles_listed: dict[str, list[list[NodeId]]] | None = None  # the first 3 of each length
    longest_cycle: int | None = None  # in nodes, of the cycles counted
    on_cycles: NodeList | None = None  # the nodes on some directed cycle
    largest_strong: NodeList | None = None  # the members of the largest strong component
    sources: NodeList | None = None  # no edge enters them
    sinks: NodeList | None = None  # no edge leaves them
    send_only: NodeList | None = None  # sources with an edge out (no node without edges)
    receive_only: NodeList | None = None  # sinks with an edge in
    #: with self-loops in the graph: the nodes no edge from another node enters / no edge to
    #: another node leaves ("never promoted by a different show")
    sources_from_others: NodeList | None = None
    sinks_to_others: NodeList | None = None
    reach: dict[str, Any]
    most_reaching: Table[ReachRow]
    most_reached_from: Table[ReachRow]
    node_reach: dict[str, Any] | None = None
    mutual: Mutual | None = None  # the pairs linked both ways


class PairRow(Row):
    a: NodeId
    b: NodeId
    weight: Number
    a_label: Any | None = None
    b_label: Any | None = None


class TiedRow(Row):
    node: NodeId
    #: the other nodes of the side it shares a neighbour with (its projection degree)
    tied: int


class ProjectBipartiteResult(ToolData):
    """What ``project_bipartite`` returns."""

    side: str
    from_dataset: str | None
    from_revision: int | None
    dataset_id: str
    revision: int
    reused: bool
    nodes: int
    edges: int
    weight: str
    top_pairs: Table[PairRow]
    #: whether the projection became the session's graph (load=true)
    loaded: bool = False
    #: the nodes tied to the most others in the projection (its degree), ties at the cut kept
    most_tied: Table[TiedRow] = []
    #: the projection's density, its connected pieces, the largest's size, the nodes outside it
    density: float | None = None
    components: int | None = None
    largest_component: int | None = None
    apart: NodeList | None = None
