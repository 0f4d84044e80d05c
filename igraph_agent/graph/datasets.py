"""Constructed datasets: graphs built from source tables by a :class:`GraphSpec`.

Three constructions, one function each:

* ``edge_list`` (:func:`edges_from_table`): each row is an edge ``source -> target``.
* ``bipartite`` (:func:`bipartite_tables`): each row links a left entity to a right one
  (orders: customer -- product); node attribute ``kind`` says which side a node is on;
  edge ``weight`` = number of rows, ``amount`` = sum of ``amount_col``.
* ``projection`` (:func:`projection_tables`): left entities linked when they share right
  ones (customer -- customer by shared products); ``weight`` = number of distinct shared
  items, ``amount`` = what both spent on the shared items.

Storage: ``<home>/datasets/<id>/r<rev>/{nodes,edges}.parquet`` plus ``graph.json``
(written and read by ``graph/revisions.py``).

Example::

    >>> orders = pd.DataFrame({"customer_id": ["c1", "c2", "c2"], "customer_name": ["Ann", "Bo", "Bo"],
    ...                        "product_id": ["p1", "p1", "p2"], "amount": [5.0, 3.0, 2.0]})
    >>> spec = GraphSpec(kind="projection", left_col="customer_id", right_col="product_id",
    ...                  left_label_col="customer_name", amount_col="amount")
    >>> nodes, edges = build_tables(orders, spec)
    >>> list(nodes["id"]), edges[["source", "target", "weight"]].values.tolist()
    (['c1', 'c2'], [['c1', 'c2', 1.0]])
"""

from __future__ import annotations

from typing import Literal

import networkx as nx
import numpy as np
import pandas as pd
from pydantic import BaseModel, ConfigDict, Field, model_validator

from igraph_agent.errors import ErrorCode, ToolError
from igraph_agent.graph.sources import ENDPOINT_NAMES

#: a projection that would create more candidate pairs than this is refused
MAX_PROJECTION_PAIRS = 20_000_000


class GraphSpec(BaseModel):
    """How to turn source tables into a graph."""

    model_config = ConfigDict(extra="forbid")

    kind: Literal["edge_list", "bipartite", "projection"] = Field(
        default="edge_list",
        description="edge_list: each row is one edge; bipartite: each row links a left entity "
        "(e.g. customer) to a right one (e.g. product); projection: left entities linked by "
        "the right entities they share (weight = number shared)")
    table: str | None = Field(default=None, description="which table of each source to use "
                              "(SQL sources have several); default: the only one")
    directed: bool | None = Field(default=None, description="edge_list/bipartite: directed "
                                  "edges; default: inferred from the endpoint columns' names "
                                  "(citing/cited, sender/receiver, from/to ... are directed)")
    # edge_list
    source_col: str | None = Field(default=None, description="edge_list: column with edge "
                                   "sources (inferred from source/target, from/to, ...)")
    target_col: str | None = Field(default=None, description="edge_list: column with edge targets")
    weight_col: str | None = Field(default=None, description="edge_list: the numeric edge "
                                   "column that is the default weight (kept under its name); "
                                   "default: the one obvious column")
    weight_means: Literal["distance", "strength"] | None = Field(
        default=None, description="what the weight column means: distance (smaller = closer: "
        "km, cost, minutes) or strength (larger = closer: count, weight); default: from its name")
    node_source_id: str | None = Field(default=None, description="edge_list: a source with one "
                                       "row per node (node attributes)")
    node_id_col: str = Field(default="id", description="edge_list: id column of node_source_id")
    # bipartite / projection
    left_col: str | None = Field(default=None, description="bipartite/projection: left entity "
                                 "id column, e.g. customer_id (projection keeps these nodes)")
    right_col: str | None = Field(default=None, description="bipartite/projection: right entity "
                                  "id column, e.g. product_id")
    left_label_col: str | None = Field(default=None, description="column giving left nodes' "
                                       "`label`, e.g. customer_name")
    right_label_col: str | None = Field(default=None, description="column giving right nodes' "
                                        "`label`, e.g. product_name")
    left_attrs: list[str] = Field(default_factory=list, description="columns copied onto left "
                                  "nodes (first value per node)")
    right_attrs: list[str] = Field(default_factory=list, description="columns copied onto right "
                                   "nodes (first value per node)")
    left_kind: str | None = Field(default=None, description="node `kind` of left nodes; default: "
                                  "left_col without a trailing _id")
    right_kind: str | None = Field(default=None, description="node `kind` of right nodes")
    amount_col: str | None = Field(default=None, description="bipartite/projection: numeric "
                                   "column summed into the edge attribute `amount`")

    @model_validator(mode="after")
    def _check_kind(self) -> GraphSpec:
        if self.kind in ("bipartite", "projection") and not (self.left_col and self.right_col):
            raise ValueError(f"a {self.kind} spec needs left_col and right_col "
                             "(e.g. customer_id and product_id)")
        if self.weight_means and not self.weight_col:
            raise ValueError("weight_means needs weight_col (the column it describes)")
        if self.kind == "projection" and self.directed:
            raise ValueError("a projection is undirected; drop directed=true")
        return self

    def kinds(self) -> tuple[str, str]:
        """Node ``kind`` values of the left and right side."""
        def default(col: str | None) -> str:
            c = (col or "node").strip()
            for suffix in ("_id", "id", "_key"):
                if c.lower().endswith(suffix) and len(c) > len(suffix):
                    return c[: -len(suffix)].rstrip("_").lower()
            return c.lower()

        return (self.left_kind or default(self.left_col), self.right_kind or default(self.right_col))

    def columns_used(self) -> list[str]:
        """Every column the spec names (checked against the table before building)."""
        named = [self.source_col, self.target_col, self.weight_col, self.left_col, self.right_col,
                 self.left_label_col, self.right_label_col, self.amount_col,
                 *self.left_attrs, *self.right_attrs]
        return [c for c in named if c]


def check_columns(df: pd.DataFrame, spec: GraphSpec, table: str) -> None:
    """INVALID_ARGUMENTS naming the columns the spec asks for that the table lacks."""
    missing = [c for c in spec.columns_used() if c not in df.columns]
    if missing:
        raise ToolError(ErrorCode.INVALID_ARGUMENTS,
                        f"column(s) {', '.join(map(repr, missing))} not in table {table!r}",
                        hint=f"columns are: {', '.join(map(str, df.columns))}",
                        details={"missing": missing, "columns": list(map(str, df.columns))})


def build_tables(df: pd.DataFrame, spec: GraphSpec) -> tuple[pd.DataFrame, pd.DataFrame]:
    """(nodes, edges) for one table by the spec's kind."""
    if spec.kind == "bipartite":
        return bipartite_tables(df, spec)
    if spec.kind == "projection":
        return projection_tables(df, spec)
    return pd.DataFrame(columns=["id"]), edges_from_table(df, spec)


def infer_endpoints(df: pd.DataFrame, spec: GraphSpec) -> tuple[str, str]:
    cols = list(df.columns)
    lower = {str(c).lower(): c for c in cols}
    if spec.source_col or spec.target_col:
        missing = [c for c in (spec.source_col, spec.target_col) if c and c not in cols]
        if missing:
            raise ToolError(ErrorCode.INVALID_ARGUMENTS,
                            f"column(s) {', '.join(missing)} not in the table",
                            hint=f"columns are: {', '.join(map(str, cols))}")
        if not (spec.source_col and spec.target_col):
            raise ToolError(ErrorCode.INVALID_ARGUMENTS, "give both source_col and target_col",
                            hint=f"columns are: {', '.join(map(str, cols))}")
        return spec.source_col, spec.target_col
    for a, b in ENDPOINT_NAMES:
        if a in lower and b in lower:
            return lower[a], lower[b]
    if len(cols) < 2:
        raise ToolError(ErrorCode.SOURCE_INVALID, "an edge list needs at least two columns")
    return cols[0], cols[1]


def edges_from_table(df: pd.DataFrame, spec: GraphSpec) -> pd.DataFrame:
    """Normalise an edge table: ``source``, ``target`` as strings (integers stay integers
    until :func:`coded_tables` writes their text, once per distinct value), optional
    ``weight``, attrs.

    Example::

        >>> edges_from_table(pd.DataFrame({"from": [1], "to": [2]}), GraphSpec())
          source target
        0      1      2
    """
    s, t = infer_endpoints(df, spec)
    out = df.copy()
    _require_filled(out, [s, t], "an edge endpoint")
    out = out.rename(columns={s: "source", t: "target"})
    out["source"] = _endpoints(out["source"])
    out["target"] = _endpoints(out["target"])
    weight = spec.weight_col or ("weight" if "weight" in out.columns else None)
    if weight:
        if weight not in out.columns:
            raise ToolError(ErrorCode.INVALID_ARGUMENTS, f"weight column {weight!r} not in the table",
                            hint=f"columns are: {', '.join(map(str, df.columns))}")
        out[weight] = _numbers(out[weight], weight)
    return out


def resolve_direction(spec: GraphSpec, inputs: list[dict]) -> tuple[bool, dict]:
    """(directed, choices): the explicit ``spec.directed``, else a graph source's own
    direction, else what the edge table's endpoint names say (undirected without evidence).
    ``choices`` records the endpoint columns, how direction was decided and the weight
    choices, stored with the dataset (``graph/semantics.py`` reads them)."""
    from igraph_agent.graph.semantics import direction_of, place_link_ends, two_roles

    choices: dict = {}
    tables = [t["table"] for t in inputs if "table" in t]
    if spec.kind == "edge_list" and tables:
        s, t = infer_endpoints(tables[0], spec)
        choices["endpoints"] = [str(s), str(t)]
    if spec.weight_col:
        choices["weight"] = spec.weight_col
        if spec.weight_means:
            choices["means"] = {spec.weight_col: spec.weight_means}
    elif spec.kind in ("bipartite", "projection"):
        choices["weight"] = "weight"  # the rows (or shared items) a built edge counts
    if spec.directed is not None:
        return spec.directed, {**choices, "directed_by": "choice"}
    graphs = [t for t in inputs if "edges" in t]
    if graphs and any(t.get("directed") for t in graphs):
        return True, {**choices, "directed_by": "source"}
    if "endpoints" in choices and spec.kind == "edge_list" and direction_of(*choices["endpoints"]):
        if not graphs and place_link_ends(*choices["endpoints"]) and \
                _links_once(tables[0], *choices["endpoints"]):
            return False, {**choices, "directed_by": "links"}
        return True, {**choices, "directed_by": "columns"}
    if "endpoints" in choices and spec.kind == "edge_list" and not graphs and (
            _one_way_rows(tables[0], *choices["endpoints"]) if two_roles(*choices["endpoints"])
            else _one_way_rows(tables[0], *choices["endpoints"], amounts_only=True)):
        return True, {**choices, "directed_by": "rows"}
    return False, {**choices, "directed_by": "source" if graphs else "default"}


def _links_once(df: pd.DataFrame, s: str, t: str) -> bool:
    """Whether a table of links between places reads as a network, not one-way records: a
    length column (km, minutes) and no other number, and no pair listed both ways
    (``Ashby,Carrow,12`` once: the track between them; a table that also lists
    ``Carrow,Ashby`` records each way on its own)."""
    from igraph_agent.graph.semantics import weight_role

    values = [c for c in df.columns if c not in (s, t) and pd.api.types.is_numeric_dtype(df[c])]
    if not values or any(weight_role(str(c)) != "distance" for c in values) or len(df) < 2:
        return False
    pairs = set(zip(df[s].astype(str), df[t].astype(str), strict=True))
    return not any((b, a) in pairs for a, b in pairs if a != b)


def _one_way_rows(df: pd.DataFrame, s: str, t: str, amounts_only: bool = False) -> bool:
    """Whether the table lists a pair both ways with different values in another column
    (``Adams,Baker,3`` and ``Baker,Adams,1``): two one-way records, which an undirected read
    would merge into one and lose a value. With ``amounts_only``, only a column that is no
    length counts (``P2,K2,30`` and ``K2,P2,5`` megalitres: two flows; two lengths of one
    line are one line measured twice)."""
    from igraph_agent.graph.semantics import weight_role

    others = [c for c in df.columns if c not in (s, t)
              and not (amounts_only and weight_role(str(c)) == "distance")]
    if not others or len(df) < 2:
        return False
    rows = df[[s, t, *others]].astype(str)
    back = rows.rename(columns={s: t, t: s})
    both = rows.merge(back, on=[s, t], suffixes=("", "_back"))
    both = both[both[s] != both[t]]
    return any((both[c] != both[f"{c}_back"]).any() for c in others)


def bipartite_tables(df: pd.DataFrame, spec: GraphSpec) -> tuple[pd.DataFrame, pd.DataFrame]:
    """Left -- right graph: one edge per (left, right) pair, ``weight`` = rows, ``amount`` summed.

    Example::

        >>> orders = pd.DataFrame({"customer_id": ["c1", "c2", "c2"], "product_id": ["p1", "p1", "p2"]})
        >>> spec = GraphSpec(kind="bipartite", left_col="customer_id", right_col="product_id")
        >>> nodes, edges = bipartite_tables(orders, spec)
        >>> sorted(set(nodes["kind"])), len(edges)
        (['customer', 'product'], 3)
    """
    pairs, left, right = _sides(df, spec)
    if set(left["id"]) & set(right["id"]):  # the same id on both sides: keep them apart
        lk, rk = spec.kinds()
        left["id"] = lk + ":" + left["id"]
        right["id"] = rk + ":" + right["id"]
        pairs["L"] = lk + ":" + pairs["L"]
        pairs["R"] = rk + ":" + pairs["R"]
    agg = {"weight": ("L", "size")}
    if spec.amount_col:
        agg["amount"] = ("amount", "sum")
    edges = (pairs.groupby(["L", "R"], sort=True).agg(**agg).reset_index()
             .rename(columns={"L": "source", "R": "target"}))
    edges["weight"] = edges["weight"].astype(float)
    nodes = pd.concat([left, right], ignore_index=True)
    return nodes, edges


def projection_tables(df: pd.DataFrame, spec: GraphSpec) -> tuple[pd.DataFrame, pd.DataFrame]:
    """Left -- left graph by shared right entities (customers by shared products).

    ``weight`` = number of distinct right entities both touch; ``amount`` (with
    ``amount_col``) = what both spent on those shared entities. Every left entity is a
    node, also one that shares nothing.

    Example::

        >>> orders = pd.DataFrame({"customer_id": ["c1", "c2", "c3"], "product_id": ["p1", "p1", "p2"]})
        >>> spec = GraphSpec(kind="projection", left_col="customer_id", right_col="product_id")
        >>> nodes, edges = projection_tables(orders, spec)   # customer -- customer edges
        >>> list(nodes["id"]), edges[["source", "target"]].values.tolist()
        (['c1', 'c2', 'c3'], [['c1', 'c2']])
    """
    pairs, left, _ = _sides(df, spec)
    per = pairs.groupby(["L", "R"], sort=False)
    items = per["amount"].sum().reset_index() if spec.amount_col else per.size().reset_index()[["L", "R"]]
    sizes = items.groupby("R").size()
    candidates = int((sizes * (sizes - 1) // 2).sum())
    if candidates > MAX_PROJECTION_PAIRS:
        raise ToolError(ErrorCode.INVALID_ARGUMENTS,
                        f"the projection would compare {candidates} pairs (limit "
                        f"{MAX_PROJECTION_PAIRS}): some {spec.right_col} values are shared by "
                        "very many rows", hint="use kind='bipartite', or filter the table first")
    both = items.merge(items, on="R", suffixes=("_a", "_b"))
    both = both[both["L_a"] < both["L_b"]]
    agg = {"weight": ("R", "nunique")}
    if spec.amount_col:
        both = both.assign(amount=both["amount_a"] + both["amount_b"])
        agg["amount"] = ("amount", "sum")
    edges = (both.groupby(["L_a", "L_b"], sort=True).agg(**agg).reset_index()
             .rename(columns={"L_a": "source", "L_b": "target"}))
    edges["weight"] = edges["weight"].astype(float)
    return left, edges


def _sides(df: pd.DataFrame, spec: GraphSpec) -> tuple[pd.DataFrame, pd.DataFrame, pd.DataFrame]:
    """(pairs L/R[/amount], left nodes, right nodes) with ids as strings, attributes attached."""
    assert spec.left_col and spec.right_col
    _require_filled(df, [spec.left_col, spec.right_col], "an id")
    pairs = pd.DataFrame({"L": _ids(df[spec.left_col]), "R": _ids(df[spec.right_col])})
    if spec.amount_col:
        pairs["amount"] = _numbers(df[spec.amount_col], spec.amount_col)
    lk, rk = spec.kinds()
    left = _node_table(df, pairs["L"], lk, spec.left_label_col, spec.left_attrs)
    right = _node_table(df, pairs["R"], rk, spec.right_label_col, spec.right_attrs)
    return pairs, left, right


def _node_table(df: pd.DataFrame, ids: pd.Series, kind: str, label_col: str | None,
                attrs: list[str]) -> pd.DataFrame:
    cols = {"id": ids, "kind": kind}
    if label_col:
        cols["label"] = df[label_col]
    for a in attrs:
        if a not in ("id", "kind", "label"):
            cols[a] = df[a]
    table = pd.DataFrame(cols)
    return table.drop_duplicates("id", keep="first").sort_values("id").reset_index(drop=True)


def _require_filled(df: pd.DataFrame, cols: list[str], what: str) -> None:
    for col in cols:
        if pd.api.types.is_numeric_dtype(df[col]) and not pd.api.types.is_bool_dtype(df[col]):
            empty = df[col].isna()  # a number's text is never blank
        else:
            empty = df[col].isna() | (df[col].astype(str).str.strip() == "")
        if empty.any():
            i = int(empty.to_numpy().argmax())
            raise ToolError(ErrorCode.SOURCE_INVALID,
                            f"data row {i + 1}: {what} in column {col!r} is empty",
                            hint="fill or drop rows with missing ids, then attach again",
                            details={"row": i + 1, "column": col})


def _numbers(s: pd.Series, col: str) -> pd.Series:
    w = pd.to_numeric(s, errors="coerce")
    bad = w.isna() | w.isin([float("inf"), float("-inf")])
    if bad.any():
        i = int(bad.to_numpy().argmax())
        raise ToolError(ErrorCode.SOURCE_INVALID,
                        f"data row {i + 1}: {s.iloc[i]!r} in column {col!r} is not a "
                        f"{'number' if w.isna().iloc[i] else 'finite number'}",
                        hint=f"{col} must be numeric", details={"row": i + 1, "column": col})
    return w.astype(float)


def _endpoints(s: pd.Series) -> pd.Series:
    """An edge list's endpoint column: integers (whole floats too) as integers, whose text
    is unique and has no spaces; anything else as :func:`_ids` makes it."""
    if pd.api.types.is_integer_dtype(s) and not pd.api.types.is_extension_array_dtype(s):
        return s
    if pd.api.types.is_float_dtype(s) and not s.isna().any() and (s % 1 == 0).all() \
            and bool((s.abs() < 2**53).all()):
        return s.astype(np.int64)
    return _ids(s)


def _ids(s: pd.Series) -> pd.Series:
    """Node ids as text; whole floats (1.0 from a column with gaps) as integers."""
    if pd.api.types.is_float_dtype(s) and (s.dropna() % 1 == 0).all():
        s = s.astype("Int64")
    return s.astype(str).str.strip()


def to_networkx(nodes: pd.DataFrame, edges: pd.DataFrame, directed: bool) -> nx.Graph:
    """Stored tables -> networkx; repeated edges sum their ``weight``, other attributes keep
    the last value given.

    Example::

        >>> g = to_networkx(pd.DataFrame(columns=["id"]),
        ...                 pd.DataFrame({"source": ["a", "b"], "target": ["b", "a"],
        ...                               "weight": [2.0, 1.0]}), directed=False)
        >>> g["a"]["b"]["weight"]
        3.0
    """
    g: nx.Graph = nx.DiGraph() if directed else nx.Graph()
    if not nodes.empty:
        ids = nodes["id"].astype(str).tolist()
        g.add_nodes_from(zip(ids, _attr_dicts(nodes, [c for c in nodes.columns if c != "id"]),
                             strict=True))
    edges = merge_repeated_edges(edges, directed)
    attrs = [c for c in edges.columns if c not in ("source", "target")]
    g.add_edges_from(zip(edges["source"].tolist(), edges["target"].tolist(),
                         _attr_dicts(edges, attrs), strict=True))
    return g


def merge_repeated_edges(edges: pd.DataFrame, directed: bool) -> pd.DataFrame:
    """One row per edge (``a-b`` and ``b-a`` are one edge when undirected): ``weight``
    summed (``SOURCE_INVALID`` when a sum overflows to infinity), other columns the last
    non-missing value, endpoints as first seen."""
    a, b = edges["source"].astype(str), edges["target"].astype(str)
    if not directed:
        a, b = a.where(a <= b, b), b.where(a <= b, a)
    key = pd.DataFrame({"a": a, "b": b})
    if not key.duplicated().any():
        return edges
    agg = {c: ("first" if c in ("source", "target") else "last") for c in edges.columns}
    if "weight" in edges.columns:
        agg["weight"] = "sum"
    grouped = edges.groupby([key["a"], key["b"]], sort=False)
    with np.errstate(over="ignore"):  # an overflowing sum is refused below, not warned about
        out = grouped.agg(agg).reset_index(drop=True)
    if "weight" in edges.columns:  # all-missing weights stay missing, not 0
        from igraph_agent.graph.sources import check_weight_sums

        counted = grouped["weight"].count().reset_index(drop=True)
        out.loc[counted == 0, "weight"] = None
        check_weight_sums(out, "the edge table")  # 1e308 twice is no weight
    return out


def normalise_tables(nodes: pd.DataFrame, edges: pd.DataFrame,
                     directed: bool) -> tuple[pd.DataFrame, pd.DataFrame]:
    """The stored layout without building a graph: what ``graph_tables(to_networkx(...))``
    gives -- one row per node (node-table rows first, then endpoints as first seen; attributes
    merged, last value wins) and one row per edge (see :func:`merge_repeated_edges`)."""
    nodes, edges, _ = coded_tables(nodes, edges, directed)
    return nodes, edges


def first_appearance_codes(seq: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """``pd.factorize(seq)`` of int64 values: each value's code in order of first
    appearance, and the values in that order. Values within a range no wider than about
    twice their count (ids numbered from 0 or 1, most edge lists) are coded through arrays
    over that range (each value's first position, then a sort of the distinct values by
    it), two to three times faster than hashing at millions of values; others are hashed.

    Example::

        >>> codes, order = first_appearance_codes(np.array([7, 3, 7, 5, 3]))
        >>> codes.tolist(), order.tolist()
        ([0, 1, 0, 2, 1], [7, 3, 5])
    """
    if not len(seq):
        return pd.factorize(seq)
    lo, hi = int(seq.min()), int(seq.max())
    size = hi - lo + 1
    if size > 2 * len(seq) + 1024:
        return pd.factorize(seq)
    at = seq - lo
    first = np.full(size, len(seq), dtype=np.int64)
    np.minimum.at(first, at, np.arange(len(seq), dtype=np.int64))
    present = np.flatnonzero(first < len(seq))
    ranked = present[np.argsort(first[present], kind="stable")]
    rank = np.empty(size, dtype=np.int64)
    rank[ranked] = np.arange(len(ranked), dtype=np.int64)
    return rank[at], ranked + lo


def coded_tables(nodes: pd.DataFrame, edges: pd.DataFrame,
                 directed: bool) -> tuple[pd.DataFrame, pd.DataFrame, np.ndarray | None]:
    """:func:`normalise_tables` plus the int32 ``(m, 2)`` vertex codes of the returned edges
    (vertex ``i`` is row ``i`` of the returned nodes), or None for codes when an endpoint is
    missing (then the tables are normalised as text, row by row of pandas).

    The endpoints are coded once, as integers: each endpoint column's distinct values are
    turned into text (not every row), the texts of both columns and the node table are
    coded together, and the order of first appearance is taken from the interleaved codes.
    Repeated edges are found on int64 pair keys and merged by integer groups.

    Example::

        >>> n, e, codes = coded_tables(pd.DataFrame(columns=["id"]),
        ...                            pd.DataFrame({"source": [1, 2, 2], "target": [2, 1, 3]}),
        ...                            directed=False)
        >>> list(n["id"]), e.values.tolist(), codes.tolist()
        (['1', '2', '3'], [['1', '2'], ['2', '3']], [[0, 1], [1, 2]])
    """
    import pyarrow as pa

    if edges["source"].isna().any() or edges["target"].isna().any():
        return (*_normalise_as_text(nodes, edges, directed), None)
    table = nodes.assign(id=nodes["id"].astype(str)) if not nodes.empty else nodes
    first = table["id"] if not table.empty else pd.Series([], dtype=object)
    k, m = len(first), len(edges)
    both_int = all(pd.api.types.is_integer_dtype(edges[c])
                   and not pd.api.types.is_extension_array_dtype(edges[c])
                   for c in ("source", "target"))
    text_ids = None
    if both_int and not k:  # integers: their text is unique, coded in one pass
        seq = np.empty(2 * m, dtype=np.int64)
        seq[0::2], seq[1::2] = edges["source"].to_numpy(), edges["target"].to_numpy()
        codes, order = first_appearance_codes(seq)  # vertices in order of first appearance
        text_ids = pa.array(order, type=pa.int64()).cast(pa.string())  # str(i), made in C
        ids = order
    else:
        src_local, src_names = pd.factorize(edges["source"])
        dst_local, dst_names = pd.factorize(edges["target"])
        names = pd.concat([pd.Series(first, dtype=object).reset_index(drop=True),
                           pd.Series(src_names).astype(str).astype(object),
                           pd.Series(dst_names).astype(str).astype(object)], ignore_index=True)
        label, text = pd.factorize(names)  # one label per distinct text
        seq = np.empty(k + 2 * m, dtype=np.int64)
        seq[:k] = label[:k]
        seq[k::2] = label[k + src_local]
        seq[k + 1::2] = label[k + len(src_names) + dst_local]
        codes, order = pd.factorize(seq)  # vertices in order of first appearance
        ids = np.asarray(text, dtype=object)[order]
    src, dst = codes[k::2].astype(np.int64), codes[k + 1::2].astype(np.int64)
    a, b = (src, dst) if directed else (np.minimum(src, dst), np.maximum(src, dst))
    pairs = a * max(len(ids), 1) + b
    ordered = np.sort(pairs)  # a repeated edge is two equal neighbours (a sort beats hashing)
    if not (ordered[1:] == ordered[:-1]).any():
        out = edges.reset_index(drop=True)
    else:
        group, _ = pd.factorize(pairs)
        keep = np.flatnonzero(~pd.Series(group).duplicated().to_numpy())
        out = _merge_groups(edges.reset_index(drop=True), group, keep)
        src, dst = src[keep], dst[keep]
    del ordered, pairs
    if text_ids is None:
        text_ids = pa.array(ids, type=pa.string())  # endpoint texts by code, not row by row
    str_dtype = pd.Series([""]).astype(str).dtype
    out = out.assign(source=pd.Series(text_ids.take(src), dtype=str_dtype),
                     target=pd.Series(text_ids.take(dst), dtype=str_dtype))
    coded = np.column_stack([src, dst]).astype(np.int32)
    node_ids = pd.DataFrame({"id": pd.Series(text_ids, dtype=str_dtype)})
    if table.empty:
        return node_ids, out, coded
    if table["id"].duplicated().any():
        table = table.groupby("id", sort=False).last().reset_index()
    return node_ids.merge(table, on="id", how="left"), out, coded


def _merge_groups(edges: pd.DataFrame, group: np.ndarray, keep: np.ndarray) -> pd.DataFrame:
    """One row per group of repeated edges (``group``: each row's group, numbered in order of
    first appearance; ``keep``: each group's first row), as :func:`merge_repeated_edges`."""
    attrs = [c for c in edges.columns if c not in ("source", "target")]
    out = edges.iloc[keep].reset_index(drop=True)
    if not attrs:
        return out
    grouped = edges[attrs].groupby(group, sort=True)  # group numbers are first-appearance order
    agg = {c: ("sum" if c == "weight" else "last") for c in attrs}
    with np.errstate(over="ignore"):  # an overflowing sum is refused below, not warned about
        merged = grouped.agg(agg).reset_index(drop=True)
    for c in attrs:
        out[c] = merged[c]  # both indexed 0..groups-1
    if "weight" in attrs:  # all-missing weights stay missing, not 0
        from igraph_agent.graph.sources import check_weight_sums

        counted = grouped["weight"].count().to_numpy()
        out.loc[counted == 0, "weight"] = None
        check_weight_sums(out, "the edge table")  # 1e308 twice is no weight
    return out


def _normalise_as_text(nodes: pd.DataFrame, edges: pd.DataFrame,
                       directed: bool) -> tuple[pd.DataFrame, pd.DataFrame]:
    """:func:`normalise_tables` by text keys (endpoints with missing values)."""
    edges = merge_repeated_edges(edges, directed).reset_index(drop=True)
    edges["source"] = edges["source"].astype(str)
    edges["target"] = edges["target"].astype(str)
    table = nodes.assign(id=nodes["id"].astype(str)) if not nodes.empty else nodes
    order = pd.unique(pd.concat([
        table["id"] if not table.empty else pd.Series([], dtype=str),
        pd.Series(edges[["source", "target"]].to_numpy().ravel(), dtype=str)],
        ignore_index=True))
    if table.empty:
        return pd.DataFrame({"id": order}), edges
    if table["id"].duplicated().any():
        table = table.groupby("id", sort=False).last().reset_index()
    out = pd.DataFrame({"id": order}).merge(table, on="id", how="left")
    return out, edges


def _attr_dicts(df: pd.DataFrame, cols: list[str]) -> list[dict]:
    """One attribute dict per row (native Python values), missing values left out."""
    if not cols:
        return [{} for _ in range(len(df))]
    columns = [df[c].tolist() for c in cols]
    rows = [dict(zip(cols, values, strict=True)) for values in zip(*columns, strict=True)]
    if df[cols].isna().to_numpy().any():
        return [{k: v for k, v in r.items() if _present(v)} for r in rows]
    return rows


def _present(value) -> bool:
    try:
        return not bool(pd.isna(value))
    except (TypeError, ValueError):
        return True


def graph_tables(g: nx.Graph) -> tuple[pd.DataFrame, pd.DataFrame]:
    """networkx graph -> (nodes, edges) tables in the stored layout."""
    node_ids = [str(n) for n in g.nodes]
    nodes = pd.DataFrame({"id": node_ids, **_columns([d for _, d in g.nodes(data=True)], {"id"})})
    triples = list(g.edges(data=True))
    edges = pd.DataFrame({"source": [str(u) for u, _, _ in triples],
                          "target": [str(v) for _, v, _ in triples],
                          **_columns([d for _, _, d in triples], {"source", "target"})})
    return nodes, edges


def _columns(dicts: list[dict], reserved: set[str]) -> dict[str, list]:
    """Attribute dicts -> columns (None where a row lacks the attribute)."""
    keys = list(dict.fromkeys(k for d in dicts for k in d))
    return {str(k): [d.get(k) for d in dicts] for k in keys if str(k) not in reserved}
