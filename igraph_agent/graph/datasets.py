"""Constructed datasets: graphs built from sources by a spec, stored per revision as parquet.

Layout: ``<home>/datasets/<id>/r<rev>/{nodes,edges}.parquet`` plus ``graph.json``.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Literal

import networkx as nx
import pandas as pd
from pydantic import BaseModel, ConfigDict, Field

from igraph_agent.errors import ErrorCode, ToolError

_ENDPOINT_NAMES = [("source", "target"), ("src", "dst"), ("from", "to"), ("u", "v"),
                   ("node1", "node2"), ("head", "tail")]


class GraphSpec(BaseModel):
    """How to turn source tables into a graph."""

    model_config = ConfigDict(extra="forbid")

    kind: Literal["edge_list"] = Field(
        default="edge_list", description="edge_list: each row of the table is one edge")
    source_col: str | None = Field(default=None, description="column with edge sources (inferred)")
    target_col: str | None = Field(default=None, description="column with edge targets (inferred)")
    weight_col: str | None = Field(default=None, description="numeric edge weight column; "
                                   "'weight' is used when present")
    directed: bool = False
    node_source_id: str | None = Field(default=None, description="a source with one row per node")
    node_id_col: str = "id"


def infer_endpoints(df: pd.DataFrame, spec: GraphSpec) -> tuple[str, str]:
    cols = list(df.columns)
    lower = {c.lower(): c for c in cols}
    if spec.source_col or spec.target_col:
        missing = [c for c in (spec.source_col, spec.target_col) if c and c not in cols]
        if missing:
            raise ToolError(ErrorCode.INVALID_ARGUMENTS,
                            f"column(s) {', '.join(missing)} not in the table",
                            hint=f"columns are: {', '.join(cols)}")
        if not (spec.source_col and spec.target_col):
            raise ToolError(ErrorCode.INVALID_ARGUMENTS, "give both source_col and target_col")
        return spec.source_col, spec.target_col
    for a, b in _ENDPOINT_NAMES:
        if a in lower and b in lower:
            return lower[a], lower[b]
    if len(cols) < 2:
        raise ToolError(ErrorCode.SOURCE_INVALID, "an edge list needs at least two columns")
    return cols[0], cols[1]


def edges_from_table(df: pd.DataFrame, spec: GraphSpec) -> pd.DataFrame:
    """Normalise an edge table: ``source``, ``target`` as strings, optional ``weight``, attrs."""
    s, t = infer_endpoints(df, spec)
    out = df.copy()
    bad = out[[s, t]].isna().any(axis=1)
    if bad.any():
        row = int(bad.idxmax()) + 2  # +1 for the header, +1 for 1-based lines
        raise ToolError(ErrorCode.SOURCE_INVALID,
                        f"row {row}: an edge endpoint ({s} or {t}) is empty",
                        hint="fill or drop rows with missing endpoints", details={"line": row})
    out = out.rename(columns={s: "source", t: "target"})
    out["source"] = out["source"].astype(str).str.strip()
    out["target"] = out["target"].astype(str).str.strip()
    weight = spec.weight_col or ("weight" if "weight" in out.columns else None)
    if weight:
        if weight not in out.columns:
            raise ToolError(ErrorCode.INVALID_ARGUMENTS, f"weight column {weight!r} not in the table",
                            hint=f"columns are: {', '.join(df.columns)}")
        w = pd.to_numeric(out[weight], errors="coerce")
        if w.isna().any():
            row = int(w.isna().idxmax()) + 2
            raise ToolError(ErrorCode.SOURCE_INVALID,
                            f"row {row}: weight {out[weight].iloc[row - 2]!r} is not a number",
                            details={"line": row, "column": weight})
        out = out.drop(columns=[weight]).assign(weight=w.astype(float))
    return out


def to_networkx(nodes: pd.DataFrame, edges: pd.DataFrame, directed: bool) -> nx.Graph:
    g: nx.Graph = nx.DiGraph() if directed else nx.Graph()
    if not nodes.empty:
        attrs = [c for c in nodes.columns if c != "id"]
        for row in nodes.itertuples(index=False):
            rec = row._asdict()
            g.add_node(str(rec["id"]), **{a: _py(rec[a]) for a in attrs if pd.notna(rec[a])})
    attrs = [c for c in edges.columns if c not in ("source", "target")]
    for rec in edges.to_dict("records"):
        data = {a: _py(rec[a]) for a in attrs if pd.notna(rec[a])}
        u, v = rec["source"], rec["target"]
        if g.has_edge(u, v) and "weight" in data:
            g[u][v]["weight"] = g[u][v].get("weight", 0.0) + data["weight"]
        else:
            g.add_edge(u, v, **data)
    return g


def _py(value):
    return value.item() if hasattr(value, "item") else value


def write_revision(root: Path, dataset_id: str, revision: int, nodes: pd.DataFrame,
                   edges: pd.DataFrame, directed: bool) -> Path:
    """Write one revision atomically (a temporary folder renamed into place)."""
    final = root / dataset_id / f"r{revision}"
    tmp = root / dataset_id / f".r{revision}.tmp"
    tmp.mkdir(parents=True, exist_ok=True)
    nodes.to_parquet(tmp / "nodes.parquet", index=False)
    edges.to_parquet(tmp / "edges.parquet", index=False)
    (tmp / "graph.json").write_text(json.dumps({"directed": directed}))
    tmp.rename(final)
    return final


def read_revision(root: Path, dataset_id: str, revision: int) -> nx.Graph:
    folder = root / dataset_id / f"r{revision}"
    if not folder.is_dir():
        raise ToolError(ErrorCode.RESULT_UNAVAILABLE,
                        f"revision {revision} of {dataset_id} has no stored files",
                        hint="construct the dataset again")
    meta = json.loads((folder / "graph.json").read_text())
    nodes = pd.read_parquet(folder / "nodes.parquet")
    edges = pd.read_parquet(folder / "edges.parquet")
    return to_networkx(nodes, edges, meta["directed"])


def graph_tables(g: nx.Graph) -> tuple[pd.DataFrame, pd.DataFrame]:
    """networkx graph -> (nodes, edges) tables in the stored layout."""
    nodes = pd.DataFrame([{"id": str(n), **d} for n, d in g.nodes(data=True)])
    if nodes.empty:
        nodes = pd.DataFrame(columns=["id"])
    edges = pd.DataFrame([{"source": str(u), "target": str(v), **d} for u, v, d in g.edges(data=True)])
    if edges.empty:
        edges = pd.DataFrame(columns=["source", "target"])
    return nodes, edges
