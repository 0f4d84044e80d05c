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
    >>> node_texts(nodes, [])
    ([('a', 'id'), ('a', 'kind'), ('b', 'id')], ['a', 'x', 'b'])
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

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


def node_texts(nodes: pd.DataFrame, fields: list[str]) -> tuple[list[tuple], list[str]]:
    """``(keys, texts)`` as ``search_node`` reads them from networkx: per node, its id, then
    its text attributes (``label``, and ``fields`` or every other) in column order."""
    ids = nodes["id"].astype(str).tolist()
    wanted = set(fields)
    cols = [c for c in nodes.columns if c != "id" and (c == "label" or not wanted or c in wanted)]
    if not cols:  # ids only: already in order
        return [(i, "id") for i in ids], ids
    rows, order, keys, texts = [np.arange(len(ids))], [np.full(len(ids), -1)], \
        [(i, "id") for i in ids], list(ids)
    for j, col in enumerate(cols):
        values = column_values(nodes, col)
        hit = [i for i, v in enumerate(values) if isinstance(v, str)]
        rows.append(np.asarray(hit, dtype=np.int64))
        order.append(np.full(len(hit), j))
        keys += [(ids[i], col) for i in hit]
        texts += [values[i] for i in hit]
    pos = np.lexsort((np.concatenate(order), np.concatenate(rows)))
    return [keys[i] for i in pos], [texts[i] for i in pos]


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
