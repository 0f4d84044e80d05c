"""Betweenness and closeness on a python-igraph graph, in networkx's scale.

Both decompose over vertices: betweenness is a sum over source vertices of their
dependencies (Brandes), closeness is one figure per vertex. The node centrality tool runs
them in one call; ``cluster/split.py`` runs the same functions on chunks of the sources or
vertices on Ray workers and merges them, so both paths give the same numbers.

Example::

    >>> import igraph as ig
    >>> h = ig.Graph.Famous("Zachary")
    >>> sources = sampled_sources(h.vcount(), 10, seed=42)
    >>> raw = betweenness_raw(h, None, sources)
    >>> round(float(normalise_betweenness(raw, False, sources)[0]), 4)
    0.4167
    >>> [round(c, 4) for c in closeness_of(h, None, [0, 33])]
    [0.569, 0.55]
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import numpy as np


def sampled_sources(n: int, k: int | None, seed: int) -> list[int] | None:
    """The ``k`` source vertices networkx samples for ``seed`` (``random.Random(seed)``
    over the node order); None for exact betweenness (every vertex a source)."""
    if not k:
        return None
    return random.Random(seed).sample(range(n), k)


def distances(weights: Sequence[float] | None) -> list[float] | None:
    """Edge weights are tie strengths; path measures need lengths: a heavier tie is closer."""
    return [1.0 / x if x else 1.0 for x in weights] if weights is not None else None


def betweenness_raw(h: Any, dist: list[float] | None, sources: Sequence[int] | None) -> np.ndarray:
    """igraph's unnormalised betweenness from ``sources`` (all vertices when None)."""
    if sources is None:
        return np.asarray(h.betweenness(weights=dist, directed=h.is_directed()), dtype=float)
    return np.asarray(h.betweenness(weights=dist, directed=h.is_directed(), sources=list(sources)),
                      dtype=float)


def normalise_betweenness(raw: np.ndarray, directed: bool,
                          sources: Sequence[int] | None) -> np.ndarray:
    """networkx's normalisation of :func:`betweenness_raw` (sampled: scaled by the sources,
    with one less for a vertex that is itself a source)."""
    n = len(raw)
    if n < 3:
        return np.zeros(n)
    pairs = 1 if directed else 2  # igraph counts unordered pairs on undirected graphs
    if sources is None:
        return raw * pairs / ((n - 1) * (n - 2))
    k = len(sources)
    per = np.full(n, float(k))
    per[list(sources)] = k - 1
    return raw * pairs / (per * (n - 2))


def closeness_of(h: Any, dist: list[float] | None, vertices: Sequence[int]) -> list[float]:
    """networkx closeness of ``vertices``: incoming distances, Wasserman-Faust scaled by the
    nodes that reach each vertex."""
    n = h.vcount()
    vertices = list(vertices)
    mode = "in" if h.is_directed() else "all"
    vals = h.closeness(vertices=vertices, mode=mode, weights=dist, normalized=True)
    if h.is_directed():
        reach = h.neighborhood_size(vertices=vertices, order=n, mode="in")
    else:
        comp = h.connected_components()
        sizes = comp.sizes()
        reach = [sizes[comp.membership[v]] for v in vertices]
    return [0.0 if c != c or n < 2 or r < 2 else c * (r - 1) / (n - 1)
            for c, r in zip(vals, reach, strict=True)]


def community_stats(h: Any, membership: np.ndarray,
                    communities: Sequence[int]) -> list[dict[str, Any]]:
    """Per community (ids into ``membership``, a community index per vertex): its size,
    internal and cut edges, density, conductance (cut edges over the smaller side's edge
    volume) and transitivity (closed triplets among its own edges, taken as undirected)."""
    degree = np.asarray(h.degree(), dtype=np.int64)
    total = int(degree.sum())
    directed = h.is_directed()
    out = []
    for c in communities:
        members = np.flatnonzero(membership == c)
        sub = h.induced_subgraph(members.tolist())
        internal = sub.ecount()
        volume = int(degree[members].sum())
        cut = volume - 2 * internal
        size = len(members)
        pairs = size * (size - 1) / (1 if directed else 2)
        smaller = min(volume, total - volume)
        if directed:
            sub.to_undirected(mode="collapse")
        trans = sub.transitivity_undirected()
        out.append({"community": int(c), "size": size, "internal_edges": internal,
                    "cut_edges": cut, "density": round(internal / pairs, 6) if pairs else 0.0,
                    "conductance": round(cut / smaller, 6) if smaller else 0.0,
                    "transitivity": round(trans, 6) if trans == trans else 0.0})
    return out
