"""networkx -> python-igraph with our own integer remapping (faster than from_networkx)."""

from __future__ import annotations

import os

import networkx as nx

# Fork after igraph used OpenMP deadlocks the child (docs/performance.md).
os.environ.setdefault("OMP_NUM_THREADS", "1")


def to_igraph(g: nx.Graph):
    """Return ``(ig.Graph, ids)``; vertex ``i`` is node ``ids[i]``; edge weights in ``weight``."""
    import igraph as ig

    ids = list(g.nodes())
    index = {n: i for i, n in enumerate(ids)}
    edges = [(index[u], index[v]) for u, v in g.edges()]
    h = ig.Graph(n=len(ids), edges=edges, directed=g.is_directed())
    data = [d for _, _, d in g.edges(data=True)]
    numeric = {k for d in data for k, v in d.items()
               if isinstance(v, int | float) and not isinstance(v, bool)}
    for name in sorted(numeric):  # every numeric edge attribute, 1.0 where one is missing
        if all(isinstance(d.get(name, 1.0), int | float) for d in data):
            h.es[name] = [float(d.get(name, 1.0)) for d in data]
    return h, ids
