"""What ``get_graph_info`` reports about a graph (counts, attributes, directedness,
components, density, sample nodes), computed once per loaded graph.

A revision read from its stored tables gets its summary from the tables (vectorized, with
a vectorised union-find for the components, instead of 3 s of walks over networkx's dicts
at 1M edges), remembered for that graph object together with the integer-coded edges the igraph view is
built from on the first igraph analysis (no networkx -> igraph conversion). Any other graph
gets its summary from networkx the first time it is asked. Graphs in a session are
replaced, never edited in place (a change is a new revision and a new object), so the
summary of an object stays true.

Example::

    >>> import networkx as nx
    >>> s = graph_summary(nx.path_graph(4))
    >>> (s["nodes"], s["edges"], s["components"], s["directed"])
    (4, 3, 1, False)
"""

from __future__ import annotations

import gc
import os
import weakref
from typing import Any

import networkx as nx
import numpy as np
import pandas as pd

from igraph_agent.graph.semantics import has_weights, table_facts

SAMPLE_NODES = 5
# From this many edges on, read-only analyses leave the kernel: to worker processes
# (runtime/workers.py), or split across a Ray cluster when one is set (cluster/split.py).
WORKER_MIN_EDGES_ENV = "IGRAPH_AGENT_WORKER_MIN_EDGES"
DEFAULT_WORKER_MIN_EDGES = 100_000

_SUMMARIES: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()
_EDGE_COUNTS: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()
_IGRAPHS: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def graph_summary(g: nx.Graph) -> dict[str, Any]:
    """The summary of ``g``: remembered from its tables, else computed once from networkx."""
    try:
        return _SUMMARIES[g]
    except KeyError:
        summary = _SUMMARIES[g] = summarize_graph(g)
        return summary


def known_summary(g: nx.Graph) -> dict[str, Any] | None:
    """The summary of ``g`` when it is already known (from its tables at load), else None."""
    return _SUMMARIES.get(g)


def edge_count(g: nx.Graph) -> int:
    """The number of edges, from the summary when there is one, else counted once per graph
    object (networkx counts by walking every node: 0.5 s at 1M edges). Chooses backends and
    routes calls to workers, so it must cost nothing on the event loop."""
    summary = _SUMMARIES.get(g)
    if summary is not None:
        return summary["edges"]
    try:
        return _EDGE_COUNTS[g]
    except KeyError:
        count = _EDGE_COUNTS[g] = g.number_of_edges()
        return count


def worker_min_edges() -> int:
    """``IGRAPH_AGENT_WORKER_MIN_EDGES`` (default 100 000); a value that is not an integer
    gives the default."""
    raw = os.environ.get(WORKER_MIN_EDGES_ENV, "").strip()
    try:
        return int(raw) if raw else DEFAULT_WORKER_MIN_EDGES
    except ValueError:
        return DEFAULT_WORKER_MIN_EDGES


def remember(g: nx.Graph, view: tuple | None) -> None:
    """Keep a :func:`tables_view` as the summary and igraph view of ``g``."""
    if view is None:
        return
    _SUMMARIES[g] = view[0]
    if view[1] is not None:
        _IGRAPHS[g] = view[1]


def view_parts(g: nx.Graph) -> tuple | None:
    """``(n, src, dst, directed, weights, ids)`` of ``g``'s igraph view while it is still the
    arrays read from the stored tables (int32 vertex codes, float weights or None, the ids
    as a pandas Index); None once built or when ``g`` has no such view."""
    view = _IGRAPHS.get(g)
    return view.parts if isinstance(view, _LazyView) else None


def view_weighted(g: nx.Graph) -> bool:
    """Whether ``g``'s igraph view not built yet has numeric edge values (a weighted call
    may read them); False for one without, and once built or without such a view."""
    view = _IGRAPHS.get(g)
    return isinstance(view, _LazyView) and (view.parts[4] is not None or bool(view.extra))


def view_adjacency(g: nx.Graph):
    """The sorted adjacency (:class:`igraph_agent.graph.codepaths.Adjacency`) of ``g``'s
    stored edge codes while its igraph view is not built, made once and kept with the view;
    None once the view is built (it answers paths in milliseconds) or without such a view."""
    view = _IGRAPHS.get(g)
    if not isinstance(view, _LazyView):
        return None
    if view.adjacency is None:
        from igraph_agent.graph.codepaths import Adjacency

        n, src, dst, directed, *_ = view.parts
        view.adjacency = Adjacency.of(n, src, dst, directed)
    return view.adjacency


def view_codes_of(view: Any) -> np.ndarray:
    """The int32 ``(m, 2)`` vertex codes of an igraph view not built yet."""
    _, src, dst, *_ = view.parts
    return np.column_stack([src, dst]).astype(np.int32, copy=False)


def view_codes(g: nx.Graph):
    """The int32 ``(m, 2)`` vertex codes of ``g``'s edges in its stored tables' order (vertex
    ``i`` is the ``i``-th stored node), from its igraph view whether built or not; None when
    ``g`` has no view made from its tables (edges repeated, or not loaded from them)."""
    view = _IGRAPHS.get(g)
    if isinstance(view, _LazyView):
        return view_codes_of(view)
    if view is None:
        return None
    h, _ = view
    return np.asarray(h.get_edgelist(), dtype=np.int32).reshape(-1, 2)


def igraph_view(g: nx.Graph):
    """``(ig.Graph, ids)`` of ``g``: the one built from its tables at load, else converted
    (``graph/convert.py``, about 3 s at 1M edges; the session keeps it per revision)."""
    view = _IGRAPHS.get(g)
    if isinstance(view, _LazyView):
        view = _IGRAPHS[g] = view.build()
    if view is not None:
        return view
    from igraph_agent.graph.convert import to_igraph

    return to_igraph(g)


def summarize_graph(g: nx.Graph) -> dict[str, Any]:
    """The summary walked from networkx (the reference :func:`summarize_tables` matches)."""
    from igraph_agent.graph.datasets import graph_tables

    n, m = g.number_of_nodes(), g.number_of_edges()
    comps = (nx.number_weakly_connected_components(g) if g.is_directed()
             else nx.number_connected_components(g)) if n else 0
    edge_attrs = sorted({k for _, _, d in g.edges(data=True) for k in d})
    return {
        "nodes": n, "edges": m, "directed": g.is_directed(), "weighted": has_weights(edge_attrs),
        "node_attributes": sorted({k for _, d in g.nodes(data=True) for k in d}),
        "edge_attributes": edge_attrs, "components": comps, "isolated": nx.number_of_isolates(g),
        "density": round(nx.density(g), 6),
        "sample_nodes": [{"id": node, **({"label": d["label"]} if "label" in d else {})}
                         for node, d in list(g.nodes(data=True))[:SAMPLE_NODES]],
        "facts": table_facts(*graph_tables(g)),
    }


def summarize_tables(nodes: pd.DataFrame, edges: pd.DataFrame,
                     directed: bool) -> dict[str, Any] | None:
    """The summary of ``to_networkx(nodes, edges, directed)`` from the tables themselves, or
    None when the tables are not in the stored layout (ids not unique, endpoints missing)."""
    view = tables_view(nodes, edges, directed)
    return view[0] if view else None


def tables_view(nodes: pd.DataFrame, edges: pd.DataFrame, directed: bool,
                codes: np.ndarray | None = None):
    """``(summary, igraph_view)`` of ``to_networkx(nodes, edges, directed)`` straight from the
    stored tables, or None when they are not in the stored layout. ``igraph_view`` is
    what :func:`igraph_view` builds on first use: ``(ig.Graph, ids)`` as
    :func:`igraph_agent.graph.convert.to_igraph` makes it (vertex ``i`` is node ``ids[i]``,
    weights in ``weight``); None when edges repeat (networkx merges them; then the view is
    converted from the graph when first needed). ``codes``: the edges' int32 ``(m, 2)``
    vertex codes when the caller made them with distinct edges
    (:func:`igraph_agent.graph.datasets.coded_tables`), so nothing is looked up or counted."""
    ids = pd.Index(nodes["id"].astype(str)) if "id" in nodes.columns else pd.Index([])
    if codes is not None and len(codes) == len(edges):
        src, dst = codes[:, 0], codes[:, 1]
    else:
        codes = None
        if not ids.is_unique:
            return None
        src = ids.get_indexer(edges["source"].astype(str))
        dst = ids.get_indexer(edges["target"].astype(str))
        if len(src) and (src.min() < 0 or dst.min() < 0):
            return None
    n = len(ids)
    a, b = (src, dst) if directed else (np.minimum(src, dst), np.maximum(src, dst))
    if codes is not None:  # distinct by construction
        m = len(a)
    else:
        m = len(np.unique(a.astype(np.int64) * max(n, 1) + b)) if len(a) else 0
    edge_attrs = sorted(c for c in edges.columns
                        if c not in ("source", "target") and edges[c].notna().any())
    node_attrs = sorted(c for c in nodes.columns if c != "id" and nodes[c].notna().any())
    pairs = n * (n - 1)
    density = (m if directed else 2 * m) / pairs if pairs else 0.0
    head = nodes.head(SAMPLE_NODES)
    labels = head["label"].tolist() if "label" in head.columns else [None] * len(head)
    sample = [{"id": i, **({"label": _native(lab)} if _present(lab) else {})}
              for i, lab in zip(ids[:SAMPLE_NODES].tolist(), labels, strict=True)]
    summary = {"nodes": n, "edges": m, "directed": directed, "weighted": has_weights(edge_attrs),
               "node_attributes": node_attrs, "edge_attributes": edge_attrs,
               "components": _components(n, a, b), "isolated": _isolated(n, a, b),
               "density": round(density, 6),
               "sample_nodes": sample, "facts": table_facts(nodes, edges, src, dst)}
    if m != len(edges):
        return summary, None
    return summary, _lazy_view(summary, np.column_stack([src, dst]), edges, directed, ids)


def stored_view(nodes: pd.DataFrame, edges: pd.DataFrame, directed: bool,
                summary: dict[str, Any], codes: np.ndarray | None):
    """What :func:`tables_view` gives, from the summary and int32 edge codes stored with the
    revision when it was written (:func:`igraph_agent.graph.revisions.write_revision`):
    nothing is counted or looked up again; ``codes`` None when edges repeat."""
    if codes is None:
        return summary, None
    ids = pd.Index(nodes["id"].astype(str)) if "id" in nodes.columns else pd.Index([])
    return summary, _lazy_view(summary, codes, edges, directed, ids)


def _lazy_view(summary: dict[str, Any], codes: np.ndarray, edges: pd.DataFrame,
               directed: bool, ids: pd.Index) -> _LazyView:
    weights = (pd.to_numeric(edges["weight"], errors="coerce").fillna(1.0).to_numpy(float)
               if "weight" in summary["edge_attributes"] else None)
    numeric = (summary.get("facts") or {}).get("numeric_edge_columns") or []
    extra = {c: pd.to_numeric(edges[c], errors="coerce").fillna(1.0).to_numpy(float)
             for c in numeric if c != "weight" and c in edges.columns}
    return _LazyView(summary["nodes"], codes[:, 0].astype(np.int32), codes[:, 1].astype(np.int32),
                     directed, weights, ids, extra)


def _isolated(n: int, a: np.ndarray, b: np.ndarray) -> int:
    """The vertices of ``n`` that no edge ``a[i]-b[i]`` touches (a self-loop touches its own).

        >>> _isolated(5, np.array([0, 3]), np.array([1, 3]))  # 2 and 4
        2
    """
    if not n:
        return 0
    touched = np.zeros(n, dtype=bool)
    touched[np.asarray(a, dtype=np.int64)] = True
    touched[np.asarray(b, dtype=np.int64)] = True
    return int(n - touched.sum())


def _components(n: int, a: np.ndarray, b: np.ndarray) -> int:
    """Weakly connected components of ``n`` vertices and edges ``a[i]-b[i]``.

    Vectorised union-find: every edge hooks the larger of its two roots under the smaller,
    then pointer jumping flattens the forest, until no edge joins two roots (a few rounds;
    as fast as scipy's ``connected_components`` from 100k to 5M edges, without importing
    scipy, which costs a fresh process about 0.5 s).

    Example::

        >>> _components(5, np.array([0, 3]), np.array([1, 4]))  # {0, 1}, {2}, {3, 4}
        3
    """
    if not n:
        return 0
    parent = np.arange(n, dtype=np.int64)
    a, b = np.asarray(a, dtype=np.int64), np.asarray(b, dtype=np.int64)
    while True:
        ra, rb = parent[a], parent[b]
        hi, lo = np.maximum(ra, rb), np.minimum(ra, rb)
        joins = hi != lo
        if not joins.any():
            break
        a, b = a[joins], b[joins]
        np.minimum.at(parent, hi[joins], lo[joins])  # parents only ever get smaller: a forest
        while True:
            flat = parent[parent]
            if np.array_equal(flat, parent):
                break
            parent = flat
    return int(np.count_nonzero(parent == np.arange(n)))


class _LazyView:
    """The igraph view's ingredients; the graph is built on the first igraph analysis."""

    def __init__(self, n: int, src: np.ndarray, dst: np.ndarray, directed: bool,
                 weights: np.ndarray | None, ids: pd.Index,
                 extra: dict[str, np.ndarray] | None = None) -> None:
        self.parts = (n, src, dst, directed, weights, ids)
        self.extra = extra or {}  # the other numeric edge columns, by name
        self.adjacency: Any = None  # made by view_adjacency for paths before the build

    def build(self):
        import igraph as ig

        n, src, dst, directed, weights, ids = self.parts
        h = ig.Graph(n=n, directed=directed)
        collecting = gc.isenabled()
        gc.disable()  # the attribute and id lists below: no cycles, nothing to collect
        try:  # the pairs as one (m, 2) int32 array: python-igraph 1.0 reads it without a
            # Python object per edge (at 2M edges 0.85 s and 90 MB against 0.95 s and 250 MB
            # for the tuples of ints the build made before)
            h.add_edges(np.column_stack([src, dst]).astype(np.int32, copy=False))
            if weights is not None:
                h.es["weight"] = weights.tolist()
            for name, values in self.extra.items():
                h.es[name] = values.tolist()
            return h, ids.tolist()
        finally:
            if collecting:
                gc.enable()


def _present(value: Any) -> bool:
    try:
        return not bool(pd.isna(value))
    except (TypeError, ValueError):
        return True


def _native(value: Any) -> Any:
    return value.item() if isinstance(value, np.generic) else value
