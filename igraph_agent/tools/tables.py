"""Answers read straight from a loaded revision's stored tables, so that searches and
attribute filters never build the networkx graph (5-20 s and about 1 GB at 1M edges).

Each function gives exactly what the networkx graph built from the same tables would give
(``graph/datasets.py: to_networkx``): node ids as strings, attributes as native values with
missing ones left out, attribute order as the columns', nodes in the table's order, an
undirected edge oriented from the endpoint networkx meets first. Used only while the graph
is not built (``graph/lazy.py: lazy_tables``); edge readers also need every stored edge to
be distinct (networkx merges repeats).

Example::

    >>> import pandas as pd
    >>> nodes = pd.DataFrame({"id": ["a", "b"], "kind": ["x", None]})
    >>> found = node_texts(nodes, [])
    >>> found.texts, found.node_at.tolist(), [found.columns[c] for c in found.column_at]
    (['a', 'x', 'b'], [0, 0, 1], ['id', 'kind', 'id'])
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, NamedTuple

import networkx as nx
import numpy as np
import pandas as pd

from igraph_agent.graph.lazy import lazy_nodes, lazy_tables
from igraph_agent.graph.summary import edge_count


def node_table(g: nx.Graph) -> pd.DataFrame | None:
    """The node table of a graph not built yet, else None."""
    return lazy_nodes(g)


def edge_tables(g: nx.Graph) -> tuple[pd.DataFrame, pd.DataFrame] | None:
    """``(nodes, edges)`` of a graph not built yet whose stored edges are all distinct."""
    tables = lazy_tables(g)
    if tables is None or len(tables[1]) != edge_count(g):
        return None
    return tables


def column_values(nodes: pd.DataFrame, column: str) -> list[Any]:
    """A column as networkx holds it: native values, None where a node lacks it."""
    values = nodes[column].tolist()
    missing = nodes[column].isna().to_numpy()
    if missing.any():
        return [None if m else v for v, m in zip(values, missing, strict=True)]
    return values


class NodeTexts(NamedTuple):
    """Every node text ``search_node`` reads: ``texts[i]`` is node ``ids[node_at[i]]``'s
    value of column ``columns[column_at[i]]`` (column 0 is ``id``)."""

    ids: list[Any]
    node_at: np.ndarray
    columns: list[str]
    column_at: np.ndarray
    texts: list[str]


def node_texts(nodes: pd.DataFrame, fields: list[str]) -> NodeTexts:
    """The node texts as ``search_node`` reads them from networkx: per node, its id, then its
    text attributes (``label``, and ``fields`` or every other) in column order."""
    ids = nodes["id"].astype(str).tolist()
    n = len(ids)
    wanted = set(fields)
    cols = [c for c in nodes.columns if c != "id" and (c == "label" or not wanted or c in wanted)]
    if not cols:  # ids only: already in order
        return NodeTexts(ids, np.arange(n), ["id"], np.zeros(n, dtype=np.int64), ids)
    rows, order, texts = [np.arange(n)], [np.zeros(n, dtype=np.int64)], list(ids)
    for j, col in enumerate(cols, start=1):
        values = column_values(nodes, col)
        hit = [i for i, v in enumerate(values) if isinstance(v, str)]
        rows.append(np.asarray(hit, dtype=np.int64))
        order.append(np.full(len(hit), j))
        texts += [values[i] for i in hit]
    node_at, column_at = np.concatenate(rows), np.concatenate(order)
    pos = np.lexsort((column_at, node_at))
    return NodeTexts(ids, node_at[pos], ["id", *cols], column_at[pos],
                     [texts[i] for i in pos.tolist()])


def node_names(nodes: pd.DataFrame) -> dict[str, str]:
    """``"id label"`` for every node whose label differs from its id (how ``search_edge``
    names an endpoint; any other node is named by its id)."""
    if "label" not in nodes.columns:
        return {}
    ids = nodes["id"].astype(str).tolist()
    return {i: f"{i} {lab}" for i, lab in zip(ids, column_values(nodes, "label"), strict=True)
            if lab is not None and str(lab) != i}


def edge_rows(g: nx.Graph, nodes: pd.DataFrame,
              edges: pd.DataFrame) -> Iterator[tuple[str, str, dict[str, Any]]]:
    """``(u, v, attributes)`` per edge, as ``g.edges(data=True)`` gives it (orientation and
    attributes; the order of the edges may differ)."""
    src, dst = edges["source"].astype(str).tolist(), edges["target"].astype(str).tolist()
    if not g.is_directed():  # networkx reports an edge from the endpoint it meets first
        ids = pd.Index(nodes["id"].astype(str))
        first = ids.get_indexer(src) <= ids.get_indexer(dst)
        src, dst = ([a if f else b for a, b, f in zip(src, dst, first, strict=True)],
                    [b if f else a for a, b, f in zip(src, dst, first, strict=True)])
    cols = [c for c in edges.columns if c not in ("source", "target")]
    columns = [column_values(edges, c) for c in cols]
    for i, (u, v) in enumerate(zip(src, dst, strict=True)):
        yield u, v, {c: col[i] for c, col in zip(cols, columns, strict=True)
                     if col[i] is not None}


def degrees_of(edges: pd.DataFrame, wanted: list[str]) -> dict[str, int]:
    """The degree (in + out, a self-loop counted twice) of each ``wanted`` node, as networkx
    gives it, counted in the distinct stored edges."""
    ends = pd.concat([edges["source"].astype(str), edges["target"].astype(str)],
                     ignore_index=True)
    counts = ends[ends.isin(set(wanted))].value_counts()
    return {n: int(counts.get(n, 0)) for n in wanted}
