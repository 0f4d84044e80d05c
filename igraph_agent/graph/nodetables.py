"""Node tables: a table with one row per node becomes node attributes, never more edges.

A table is a *node table* of some edge tables when it has a column of distinct, filled
ids that covers at least half of the edge tables' endpoint ids (``id``, ``node``,
``node_id``, ``key`` and ``name`` columns are tried first). Its other columns become node
attributes (``kind``, ``name``, …); its ids that no edge touches become isolated nodes.
A table with a recognised endpoint pair (source/target, from/to, …) is always an edge
table.

Example::

    >>> friends = pd.DataFrame({"person": ["a", "b"], "friend": ["b", "c"]})
    >>> people = pd.DataFrame({"id": ["a", "b", "c"], "kind": ["chess", "chess", "football"]})
    >>> edges, nodes = split_node_tables([("friends", friends), ("people", people)])
    >>> [name for name, _ in edges], [(name, id_col) for (name, _), id_col in nodes]
    (['friends'], [('people', 'id')])
    >>> list(node_frame(people, "id").columns)
    ['id', 'kind']
"""

from __future__ import annotations

import pandas as pd

from igraph_agent.graph.sources import ENDPOINT_NAMES

#: column names tried first as a node table's id column (case-insensitive)
ID_NAMES = ("id", "node", "node_id", "nodeid", "key", "name")
#: share of the edge endpoints a node table's ids must cover
MIN_COVERAGE = 0.5

Named = tuple[str, pd.DataFrame]


def named_endpoints(df: pd.DataFrame) -> tuple[str, str] | None:
    """The endpoint columns of ``df`` by a known naming convention, else None."""
    lower = {str(c).lower(): c for c in df.columns}
    for a, b in ENDPOINT_NAMES:
        if a in lower and b in lower:
            return lower[a], lower[b]
    return None


def endpoint_ids(df: pd.DataFrame, cols: tuple[str, str] | None = None) -> set[str]:
    """The ids at either end of ``df``'s edges (named endpoints, else the first two columns)."""
    cols = cols or named_endpoints(df) or (df.columns[0], df.columns[1])
    values = pd.concat([df[cols[0]], df[cols[1]]], ignore_index=True).dropna()
    return set(as_ids(values))


def node_id_column(df: pd.DataFrame, endpoints: set[str]) -> str | None:
    """The column of ``df`` holding distinct ids that cover the endpoints, if any."""
    return _best_id_column(df, endpoints)[0]


def _best_id_column(df: pd.DataFrame, endpoints: set[str],
                    sides: list[set[str]] | None = None,
                    side_names: list[str] | None = None) -> tuple[str | None, float]:
    """(the id column, the share of the endpoints it covers) -- (None, 0) when none does.
    A column covering under half of the endpoints still qualifies when it holds every id of
    one endpoint column and nearly nothing else (a two-mode table's films with their genre,
    the actors left out)."""
    if not endpoints or named_endpoints(df) is not None:
        return None, 0.0
    order = list(df.columns)
    for col in sorted(order, key=lambda c: (str(c).lower() not in ID_NAMES, order.index(c))):
        s = df[col]
        if s.isna().any():
            continue
        ids = as_ids(s)
        if ids.duplicated().any():
            continue
        share = len(endpoints & set(ids)) / len(endpoints)
        if share >= MIN_COVERAGE or _one_side(set(ids), endpoints, sides or []) or \
                _same_named_side(str(col), set(ids), endpoints, sides or [], side_names or []):
            return str(col), share
    return None, 0.0


def _one_side(ids: set[str], endpoints: set[str], sides: list[set[str]]) -> bool:
    """Whether ``ids`` are every id of one endpoint column (two or more) and at least 90 %
    of them are endpoints."""
    return len(ids) >= 2 and len(ids & endpoints) >= 0.9 * len(ids) and any(
        len(side) >= 2 and side <= ids for side in sides)


def _same_named_side(col: str, ids: set[str], endpoints: set[str], sides: list[set[str]],
                     names: list[str]) -> bool:
    """Whether ``ids`` are every id of the endpoint column of the same name (``course`` in
    ``student,course`` and ``course,credits``), at least half of them endpoints: the courses'
    own table, however many courses no student takes."""
    return len(ids & endpoints) >= max(2, len(ids) / 2) and any(
        col.lower() == str(name).lower() and len(side) >= 2 and side <= ids
        for name, side in zip(names, sides, strict=True))


def split_node_tables(tables: list[Named],
                      edge_cols: tuple[str, str] | None = None) -> tuple[list[Named], list[tuple[Named, str]]]:
    """(edge tables, node tables with their id column) of a list of named tables.

    Each table is tested as a node table of all the others taken as edge tables; the best
    covering candidates are taken first (so an edge table whose first column happens to be
    distinct is not mistaken for the node table of its own node table), and at least one
    edge table always remains. ``edge_cols`` are endpoint columns the caller named.
    """
    if len(tables) < 2:
        return list(tables), []

    def cover(i: int, taken: set[int]) -> tuple[str | None, float]:
        df = tables[i][1]
        others = [t for j, t in enumerate(tables) if j != i and j not in taken]
        if not others or _names(df, edge_cols):
            return None, 0.0
        endpoints: set[str] = set()
        sides: list[set[str]] = []
        names: list[str] = []
        for _, other in others:
            if len(other.columns) >= 2:
                endpoints |= endpoint_ids(other, _cols(other, edge_cols))
                ends = _cols(other, edge_cols) or named_endpoints(other) or (
                    other.columns[0], other.columns[1])
                sides += [set(as_ids(other[c].dropna())) for c in ends]
                names += [str(c) for c in ends]
        return _best_id_column(df, endpoints, sides, names)

    first = {i: cover(i, set()) for i in range(len(tables))}
    taken: dict[int, str] = {}
    for i in sorted((i for i, (col, _) in first.items() if col), key=lambda i: -first[i][1]):
        col, _ = cover(i, set(taken))
        if col is not None:
            taken[i] = col
    nodes = [(tables[i], col) for i, col in sorted(taken.items())]
    return [t for i, t in enumerate(tables) if i not in taken], nodes


def node_frame(df: pd.DataFrame, id_col: str) -> pd.DataFrame:
    """A node table in the stored layout: ``id`` (text) first, the other columns as attributes."""
    out = df.copy()
    if id_col != "id":  # a column already called 'id' stays as the attribute 'id_attr'
        out = out.rename(columns={"id": "id_attr"}).rename(columns={id_col: "id"})
    out["id"] = as_ids(out["id"])
    return out[["id", *[c for c in out.columns if c != "id"]]].reset_index(drop=True)


def as_ids(s: pd.Series) -> pd.Series:
    """Ids as text; whole floats (1.0 from a column with gaps) as integers."""
    if pd.api.types.is_float_dtype(s) and (s.dropna() % 1 == 0).all():
        s = s.astype("Int64")
    return s.astype(str).str.strip()


def _names(df: pd.DataFrame, edge_cols: tuple[str, str] | None) -> bool:
    """Whether ``df`` is an edge table by its column names."""
    return named_endpoints(df) is not None or (
        edge_cols is not None and all(c in df.columns for c in edge_cols))


def _cols(df: pd.DataFrame, edge_cols: tuple[str, str] | None) -> tuple[str, str] | None:
    if edge_cols is not None and all(c in df.columns for c in edge_cols):
        return edge_cols
    return None
