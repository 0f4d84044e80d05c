"""Result model of ``remove_and_compare`` (``tools/whatif.py``)."""

from __future__ import annotations

from typing import Any

from igraph_agent.results import NodeId, Part, ToolData


class Shape(Part):
    """Size and components of the graph before or after the removal."""

    nodes: int
    edges: int
    components: int
    component_sizes: list[int]
    largest_component: int
    #: a directed graph's strongly connected components (edge direction followed)
    strong_components: int | None = None
    largest_strong_component: int | None = None


class CutOff(Part):
    total: int
    items: list[NodeId]


class Reach(Part):
    """Whether ``source`` reaches ``target`` before and after the removal (edge direction
    followed): hops and a shortest path, None and [] where it does not."""

    source: NodeId
    target: NodeId
    before_hops: int | None
    before_path: list[NodeId]
    after_hops: int | None
    after_path: list[NodeId]
    before_length: float | None = None  # with a weight: the paths' lengths by it
    after_length: float | None = None
    weight_used: dict[str, Any] | None = None
    #: how much longer the route became (after minus before), where it reaches both times:
    #: in hops, and by the weight when one was used
    added_hops: int | None = None
    added_length: float | None = None


class ReachSet(Part):
    """The nodes ``node`` reaches (``out``), is reached from (``in``) or is connected to
    (``both``) before and after the removal; ``lost``: those it no longer does."""

    node: NodeId
    direction: str
    before: int
    after: int
    lost: CutOff
    still: CutOff


class RemoveAndCompareResult(ToolData):
    """What ``remove_and_compare`` returns: the graph before and after removing nodes or
    edges, and the nodes cut off from the largest component."""

    removed_nodes: list[NodeId]
    removed_edges: list[list[Any]]
    before: Shape
    after: Shape
    new_components: int
    cut_off: CutOff
    #: the nodes left with no edge that had some (on a directed graph, no edge on the
    #: ``direction`` side: out-edges for "out", in-edges for "in")
    stranded: CutOff | None = None
    reach: Reach | None = None
    reach_set: ReachSet | None = None
