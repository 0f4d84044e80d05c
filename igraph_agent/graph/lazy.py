"""A loaded revision's networkx graph, built from its tables only when networkx is needed.

Loading a revision keeps its tables and answers what the tools ask of every graph (node
and edge counts, membership, iteration over node ids, a node's label) from them, and hands
them to the tools that can read them directly (``lazy_tables``: searches, attribute filters); the
analyses on large graphs run on the igraph view built from the same tables. The first
access to networkx's own data (adjacency, node or edge attributes, ``g.nodes``,
``g.edges``, ``g[u]``, any networkx algorithm) builds the graph in place, once, and drops
the tables, so the graph is never held twice. At 1M edges the build costs 5-20 s and about
1 GB; a session that only runs igraph analyses never pays it.

Example::

    >>> import pandas as pd
    >>> nodes = pd.DataFrame({"id": ["a", "b", "c"], "label": ["A", None, "C"]})
    >>> edges = pd.DataFrame({"source": ["a", "b"], "target": ["b", "c"]})
    >>> g = lazy_networkx(nodes, edges, directed=False, edges_count=2)
    >>> (len(g), g.number_of_edges(), "b" in g, node_label(g, "a"), is_built(g))
    (3, 2, True, 'A', False)
    >>> sorted(g["b"]), is_built(g)
    (['a', 'c'], True)
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from typing import Any

import networkx as nx
import numpy as np
import pandas as pd

_BUILD_LOCK = threading.RLock()
_LAZY = ("_nx_build", "_nx_ids", "_nx_labels", "_nx_edges", "_nx_tables")


class _Deferred:
    """Answers counts, membership, iteration and labels from the tables until networkx's
    own data is first touched (``__getattr__`` runs only for attributes not yet set)."""

    def __getattr__(self, name: str) -> Any:
        if name.startswith("__") or "_nx_build" not in self.__dict__:
            raise AttributeError(name)
        materialise(self)
        return object.__getattribute__(self, name)

    def __getstate__(self) -> dict[str, Any]:
        materialise(self)  # a pickle (sandbox, worker) carries the built graph, not the tables
        return {k: v for k, v in self.__dict__.items() if k not in _LAZY}

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as a plain networkx graph: the reader (the code sandbox, which sees no
        igraph_agent package) needs nothing but networkx to load it."""
        plain = nx.DiGraph if self.is_directed() else nx.Graph
        return (plain, (), self.__getstate__())

    def __len__(self) -> int:
        ids = self.__dict__.get("_nx_ids")  # one read: a build may finish in another thread
        return super().__len__() if ids is None else len(ids)

    def number_of_nodes(self) -> int:
        return len(self)

    def number_of_edges(self, u: Any = None, v: Any = None) -> int:
        count = self.__dict__.get("_nx_edges")
        if u is None and count is not None:
            return count
        return super().number_of_edges(u, v)

    def __contains__(self, n: Any) -> bool:
        ids = self.__dict__.get("_nx_ids")
        if ids is None:
            return super().__contains__(n)
        try:
            return n in ids
        except TypeError:
            return False

    def __iter__(self) -> Iterator[Any]:
        ids = self.__dict__.get("_nx_ids")
        return super().__iter__() if ids is None else iter(ids.tolist())


class _Built:
    """networkx's own data attribute (``_adj``, ``_node``, ...): reading it builds a lazy
    graph first; setting it goes through networkx's descriptor (which resets its caches)."""

    def __init__(self, inner: Any) -> None:
        self.inner = inner

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    def __get__(self, obj: Any, owner: type | None = None) -> Any:
        if obj is None:
            return self
        if self.name not in obj.__dict__:
            materialise(obj)
        return obj.__dict__[self.name]

    def __set__(self, obj: Any, value: Any) -> None:
        self.inner.__set__(obj, value)


class LazyGraph(_Deferred, nx.Graph):
    """An undirected :class:`networkx.Graph` built on first use (see the module)."""

    _adj = _Built(nx.Graph._adj)
    _node = _Built(nx.Graph._node)


class LazyDiGraph(_Deferred, nx.DiGraph):
    """A directed :class:`networkx.DiGraph` built on first use (see the module)."""

    _adj = _Built(nx.DiGraph._adj)
    _succ = _Built(nx.DiGraph._adj)
    _pred = _Built(nx.DiGraph._pred)
    _node = _Built(nx.DiGraph._node)


class StoredTables:
    """A loaded revision's ``nodes`` and ``edges`` tables. The edge table may be held without
    its ``source`` and ``target`` columns when they are the node table's ids at the edges'
    int32 vertex codes (``coded``: ``(src, dst, columns)``, the codes and the edge table's
    column order): :meth:`edges` makes them again, text for text, when a tool reads the
    edges. A graph answered on igraph never does, and each process then holds the int32
    codes instead of two columns of endpoint texts (about 55 MB at 2M edges)."""

    def __init__(self, nodes: pd.DataFrame, edges: pd.DataFrame,
                 coded: tuple[np.ndarray, np.ndarray, list[str]] | None = None) -> None:
        self.nodes = nodes
        self.rest = edges  # the edge table as held: without its endpoints when ``coded``
        self.coded = coded

    def edges(self) -> pd.DataFrame:
        if self.coded is None:
            return self.rest
        src, dst, columns = self.coded
        ids = self.nodes["id"]
        made = {"source": pd.Series(ids.array.take(src), dtype=ids.dtype),
                "target": pd.Series(ids.array.take(dst), dtype=ids.dtype)}
        if not len(self.rest.columns):
            return pd.DataFrame(made)[columns]
        return self.rest.assign(**made)[columns]


def endpoints_coded(nodes: pd.DataFrame, edges: pd.DataFrame, codes: np.ndarray | None) -> bool:
    """Whether ``edges``' endpoint columns are ``nodes``' ids at ``codes`` (so
    :class:`StoredTables` may drop them and make them again): codes of every edge, found by
    the exact text of its endpoints (``coded_tables``, or ``tables_view``'s lookup), and
    endpoint columns of the node ids' own text dtype."""
    if codes is None or len(codes) != len(edges) or "id" not in nodes.columns:
        return False
    dtype = nodes["id"].dtype
    return (isinstance(dtype, pd.StringDtype)
            and all(edges[c].dtype == dtype for c in ("source", "target")))


def lazy_networkx(nodes: pd.DataFrame, edges: pd.DataFrame, directed: bool,
                  edges_count: int,
                  coded: tuple[np.ndarray, np.ndarray, list[str]] | None = None) -> nx.Graph:
    """``to_networkx(nodes, edges, directed)`` deferred. ``nodes`` must hold every node once
    (the stored layout) and ``edges_count`` the number of distinct edges; ``coded``: the
    edges' vertex codes and column order when ``edges`` comes without its endpoint columns
    (see :class:`StoredTables`)."""
    from igraph_agent.graph.datasets import to_networkx

    tables = StoredTables(nodes, edges, coded)
    g = (LazyDiGraph if directed else LazyGraph).__new__(LazyDiGraph if directed else LazyGraph)
    g.__dict__.update(
        graph={},
        __networkx_cache__={},
        _nx_build=lambda: to_networkx(nodes, tables.edges(), directed),
        _nx_ids=pd.Index(nodes["id"].astype(str)),
        _nx_labels=_labels(nodes),
        _nx_edges=edges_count,
        _nx_tables=tables,
    )
    return g


def _labels(nodes: pd.DataFrame) -> pd.Series:
    if "label" not in nodes.columns:
        return pd.Series(dtype=object)
    labels = nodes["label"]
    return pd.Series(labels.to_numpy(), index=nodes["id"].astype(str))[labels.notna().to_numpy()]


def materialise(g: Any) -> None:
    """Build a lazy graph's networkx data in place (no-op once built or for any other graph)."""
    with _BUILD_LOCK:
        build: Callable[[], nx.Graph] | None = g.__dict__.get("_nx_build")
        if build is None:
            return
        full = build()
        full.graph.update(g.__dict__["graph"])
        g.__dict__.update(full.__dict__)  # networkx's data first, then the tables go
        for key in _LAZY:
            g.__dict__.pop(key, None)


def lazy_tables(g: nx.Graph) -> tuple[pd.DataFrame, pd.DataFrame] | None:
    """The stored ``(nodes, edges)`` tables of a lazy graph not built yet, else None.

    ``nodes`` holds every node once (``id`` and the attribute columns, missing values where a
    node lacks one); ``edges`` may repeat a pair only when ``len(edges)`` differs from the
    graph's edge count (networkx merges repeats). Its endpoint columns may be made for this
    call (:class:`StoredTables`): a caller that needs only the nodes reads :func:`lazy_nodes`.
    """
    tables = g.__dict__.get("_nx_tables")
    return (tables.nodes, tables.edges()) if tables is not None else None


def stored_tables(g: nx.Graph) -> StoredTables | None:
    """The held tables of a lazy graph not built yet (the edge table perhaps without its
    endpoint columns: ``coded``), else None."""
    return g.__dict__.get("_nx_tables")


def lazy_nodes(g: nx.Graph) -> pd.DataFrame | None:
    """The stored node table of a lazy graph not built yet, else None."""
    tables = g.__dict__.get("_nx_tables")
    return tables.nodes if tables is not None else None


def node_attributes(g: nx.Graph, node: Any, limit: int = 10) -> dict[str, Any]:
    """A node's own scalar attributes (not its id or label, none missing), at most ``limit``,
    read from the stored node table while a lazy graph is not built.

        >>> g = nx.Graph(); g.add_node("Pia", age=45, street="Oak", label="P")
        >>> node_attributes(g, "Pia")
        {'age': 45, 'street': 'Oak'}
    """
    nodes = lazy_nodes(g)
    if nodes is None:
        row: dict[str, Any] = dict(g.nodes[node]) if node in g else {}
    else:
        ids = stored_ids(g)
        if ids is None or node not in ids:
            return {}
        found = nodes.iloc[ids.get_loc(node)]
        row = {k: (v.item() if hasattr(v, "item") else v) for k, v in found.items()}
    out = {str(k): v for k, v in row.items() if k not in ("id", "label")
           and isinstance(v, str | int | float | bool) and not (isinstance(v, float) and v != v)}
    return dict(list(out.items())[:limit])


def stored_ids(g: nx.Graph) -> pd.Index | None:
    """The node ids of a lazy graph not built yet, in stored order, as the Index that answers
    ``node in g`` (so a lookup shares its hash table: 0.15 s to make at 200k nodes); None
    once built or for any other graph."""
    return g.__dict__.get("_nx_ids")


def is_built(g: nx.Graph) -> bool:
    """Whether networkx's data of ``g`` exists (always, for a graph that is not lazy)."""
    return "_nx_build" not in g.__dict__


def node_label(g: nx.Graph, node: Any) -> Any:
    """The node's ``label`` attribute or None, without building a lazy graph."""
    labels = g.__dict__.get("_nx_labels")  # one read: a build may finish in another thread
    if labels is None:  # built, or not a lazy graph
        return g.nodes[node].get("label") if node in g else None
    try:
        value = labels.loc[node]  # by label only (``get`` would fall back to positions)
    except (KeyError, TypeError):
        return None
    return value.item() if hasattr(value, "item") else value
