"""Random graphs whose nodes a category column groups, as a user's edge and node tables, for
the planner tests of questions about groups and a node's partners (networkx the oracle)."""

from __future__ import annotations

from dataclasses import dataclass

import networkx as nx
import pandas as pd


@dataclass(frozen=True)
class Grouped:
    """A graph, the tables a user attaches for it and the words of its columns."""

    graph: nx.Graph
    edges: pd.DataFrame
    nodes: pd.DataFrame
    column: str


def grouped(seed: int, n: int, m: int, prefix: str, ends: tuple[str, str], column: str,
            values: list[str], spread: int = 7) -> Grouped:
    """``n`` nodes ``<prefix>00`` … with ``m`` random edges; node i in
    ``values[i * spread % 11 % len(values)]`` (groups of unequal sizes)."""
    g = nx.relabel_nodes(nx.gnm_random_graph(n, m, seed=seed), lambda i: f"{prefix}{i:02d}")
    for i, node in enumerate(sorted(g)):
        g.nodes[node][column] = values[i * spread % 11 % len(values)]
    edges = pd.DataFrame(list(g.edges()), columns=list(ends))
    nodes = pd.DataFrame([(v, g.nodes[v][column]) for v in sorted(g)], columns=[prefix, column])
    return Grouped(g, edges, nodes, column)


#: nurses on wards (``worker,coworker``; ``ward``) and rowers in boats (``rower_a,rower_b``;
#: ``boat``)
WARDS = grouped(21, 40, 110, "nurse", ("worker", "coworker"), "ward",
                ["cardio", "neuro", "ortho", "peds", "onco"])
BOATS = grouped(5, 30, 70, "rower", ("rower_a", "rower_b"), "boat",
                ["kestrel", "heron", "swift"], spread=5)


def sizes(t: Grouped) -> dict[str, int]:
    out: dict[str, int] = {}
    for _, v in t.graph.nodes(data=t.column):
        out[v] = out.get(v, 0) + 1
    return out
