"""One unweighted shortest path straight from a revision's stored int32 edge codes.

The first path question on a large graph used to build the whole igraph view first (about
1 s per million edges, holding the GIL). Here the codes become a sorted adjacency (CSR)
once per view and a breadth-first search walks it one level at a time in numpy. The path
is the one igraph's ``get_shortest_path`` returns on the view: igraph's breadth-first
search takes vertices in queue order and each one's neighbours in increasing vertex order,
and a vertex's parent is the first vertex that reaches it; each level below keeps that
order (``np.unique``'s first occurrences, sorted by where they occur).

Example::

    >>> import numpy as np
    >>> codes = np.array([[0, 1], [1, 2], [0, 3], [3, 2]], dtype=np.int32)
    >>> adjacency = Adjacency.of(4, codes[:, 0], codes[:, 1], directed=False)
    >>> adjacency.path(0, 2), adjacency.path(2, 2), Adjacency.of(5, codes[:, 0], codes[:, 1],
    ...                                                            False).path(0, 4)
    ([0, 1, 2], [2], None)
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np


@dataclass(frozen=True)
class Adjacency:
    """Each vertex's out-neighbours (both ends of an undirected edge) in increasing order:
    ``neighbours[starts[v]:starts[v + 1]]``."""

    starts: np.ndarray
    neighbours: np.ndarray

    @classmethod
    def of(cls, n: int, src: np.ndarray, dst: np.ndarray, directed: bool) -> Adjacency:
        src, dst = np.asarray(src, dtype=np.int64), np.asarray(dst, dtype=np.int64)
        if not directed:
            src, dst = np.concatenate([src, dst]), np.concatenate([dst, src])
        keys = np.sort(src * max(n, 1) + dst)
        heads = keys // max(n, 1)
        starts = np.searchsorted(heads, np.arange(n + 1))
        return cls(starts.astype(np.int64), (keys - heads * max(n, 1)).astype(np.int32))

    def path(self, a: int, b: int) -> list[int] | None:
        """The vertices of igraph's shortest ``a``-``b`` path (edge direction followed), or
        None when ``b`` cannot be reached."""
        parent = np.full(len(self.starts) - 1, -1, dtype=np.int64)
        parent[a] = a
        frontier = np.array([a], dtype=np.int64)
        while frontier.size and parent[b] < 0:
            first = self.starts[frontier]
            counts = self.starts[frontier + 1] - first
            total = int(counts.sum())
            if not total:
                break
            # the frontier's neighbour lists one after another, in queue order
            offsets = np.repeat(first - (np.cumsum(counts) - counts), counts)
            reached = self.neighbours[offsets + np.arange(total)]
            by = np.repeat(frontier, counts)
            new = parent[reached] < 0
            reached, by = reached[new], by[new]
            _, where = np.unique(reached, return_index=True)
            where.sort()
            frontier = reached[where].astype(np.int64)
            parent[frontier] = by[where]
        if parent[b] < 0:
            return None
        path = [b]
        while path[-1] != a:
            path.append(int(parent[path[-1]]))
        return path[::-1]
