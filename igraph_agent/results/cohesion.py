"""Result models of the cohesion tools (``tools/cohesion.py``)."""

from __future__ import annotations

from typing import Any

from igraph_agent.results import NodeId, Row, Table, ToolData


class CliqueMember(Row):
    node: NodeId
    label: Any = None


class LargestCliqueResult(ToolData):
    """What ``largest_clique`` returns: the size of the largest clique and those cliques
    (each a list of members)."""

    size: int
    count: int
    cliques: list[list[CliqueMember]]
    maximal_cliques: int | None = None  # every maximal clique (networkx's find_cliques)
    maximal_by_size: dict[str, int] | None = None  # clique size -> how many maximal ones


class SharedPair(Row):
    a: NodeId
    b: NodeId
    common: int
    linked: bool
    shared: list[str]


class CommonNeighbourPairsResult(ToolData):
    """What ``common_neighbour_pairs`` returns: the pairs sharing the most neighbours."""

    pairs: Table[SharedPair]
    max_common: int
    pairs_with_max: int
