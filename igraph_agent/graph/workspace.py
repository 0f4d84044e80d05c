"""A project's graph data: stored sources, constructed datasets, their revisions.

Everything here is scoped to one project home; an id that is not in this project's
store is ``DATASET_SCOPE_REQUIRED`` whoever made it.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import networkx as nx
import pandas as pd

from igraph_agent.errors import ErrorCode, ToolError
from igraph_agent.graph.datasets import (
    GraphSpec,
    edges_from_table,
    graph_tables,
    read_revision,
    to_networkx,
    write_revision,
)
from igraph_agent.graph.sources import SourceData, from_dataframe, from_networkx, read_path
from igraph_agent.store import Store, new_id


class Workspace:
    def __init__(self, home: str | Path, store: Store) -> None:
        self.home = Path(home)
        self.store = store
        self.sources_dir = self.home / "sources"
        self.datasets_dir = self.home / "datasets"

    # -- sources ----------------------------------------------------------------------
    def add_source(self, data: SourceData) -> dict[str, Any]:
        """Store validated source tables; the store row is written last (all or nothing)."""
        sid = new_id("src")
        folder = self.sources_dir / sid
        tmp = self.sources_dir / f".{sid}.tmp"
        tmp.mkdir(parents=True, exist_ok=True)
        for name, df in data.tables.items():
            df.to_parquet(tmp / f"{name}.parquet", index=False)
        tmp.rename(folder)
        meta = {**data.meta, "tables": {k: list(map(str, v.columns)) for k, v in data.tables.items()}}
        self.store.add_source(sid, data.name, data.kind, meta)
        return {"source_id": sid, "name": data.name, "kind": data.kind, **meta}

    def attach(self, obj: Any, name: str | None = None) -> dict[str, Any]:
        """Attach a file path, a pandas DataFrame or a networkx graph as a new source."""
        if isinstance(obj, pd.DataFrame):
            return self.add_source(from_dataframe(obj, name or "dataframe"))
        if isinstance(obj, nx.Graph):
            return self.add_source(from_networkx(obj, name or "graph"))
        if isinstance(obj, str | Path):
            data = read_path(obj)
            if name:
                data.name = name
            return self.add_source(data)
        raise ToolError(ErrorCode.SOURCE_INVALID,
                        f"cannot attach a {type(obj).__name__}",
                        hint="attach a file path, a pandas DataFrame or a networkx graph")

    def source(self, source_id: str) -> dict[str, Any]:
        row = self.store.get_source(source_id)
        if row is None:
            raise ToolError(ErrorCode.DATASET_SCOPE_REQUIRED,
                            f"source {source_id!r} is not in this project",
                            hint="use a source_id from get_graph_info; never guess ids")
        return row

    def source_tables(self, source_id: str) -> dict[str, pd.DataFrame]:
        self.source(source_id)
        folder = self.sources_dir / source_id
        return {p.stem: pd.read_parquet(p) for p in sorted(folder.glob("*.parquet"))}

    # -- datasets ---------------------------------------------------------------------
    def dataset(self, dataset_id: str) -> dict[str, Any]:
        row = self.store.get_dataset(dataset_id)
        if row is None:
            raise ToolError(ErrorCode.DATASET_SCOPE_REQUIRED,
                            f"dataset {dataset_id!r} is not in this project",
                            hint="use a dataset_id from get_graph_info or construct_graph")
        return row

    def construct(self, source_ids: list[str], spec: GraphSpec, name: str | None = None) -> dict:
        """Build a dataset (revision 1) from sources; a failure is recorded, never half-stored."""
        for sid in source_ids:
            self.source(sid)
        did = new_id("ds")
        label = name or "+".join(self.store.get_source(s)["name"] for s in source_ids)
        self.store.add_dataset(did, label, source_ids, spec.model_dump())
        try:
            nodes, edges = self._build(source_ids, spec)
            g = to_networkx(nodes, edges, spec.directed)
            nodes, edges = graph_tables(g)
            write_revision(self.datasets_dir, did, 1, nodes, edges, spec.directed)
        except ToolError as exc:
            self.store.update_dataset(did, status="failed", error=exc.message)
            raise
        meta = {"nodes": g.number_of_nodes(), "edges": g.number_of_edges(), "directed": spec.directed}
        self.store.update_dataset(did, status="ready", revision=1, meta=meta)
        return self.dataset(did)

    def _build(self, source_ids: list[str], spec: GraphSpec) -> tuple[pd.DataFrame, pd.DataFrame]:
        edge_frames, node_frames = [], []
        for sid in source_ids:
            tables = self.source_tables(sid)
            if "edges" in tables:  # a graph source: nodes and edges already split
                edge_frames.append(tables["edges"])
                node_frames.append(tables.get("nodes", pd.DataFrame(columns=["id"])))
            else:
                edge_frames.append(edges_from_table(tables["table"], spec))
        if spec.node_source_id:
            table = self.source_tables(spec.node_source_id).get("table")
            if table is None or spec.node_id_col not in table.columns:
                raise ToolError(ErrorCode.INVALID_ARGUMENTS,
                                f"node table has no column {spec.node_id_col!r}")
            node_frames.append(table.rename(columns={spec.node_id_col: "id"}).astype({"id": str}))
        edges = pd.concat(edge_frames, ignore_index=True)
        nodes = pd.concat(node_frames, ignore_index=True) if node_frames else pd.DataFrame(columns=["id"])
        return nodes, edges

    def load(self, dataset_id: str, revision: int | None = None) -> tuple[nx.Graph, int]:
        row = self.dataset(dataset_id)
        if row["status"] != "ready":
            raise ToolError(ErrorCode.GRAPH_NOT_LOADED,
                            f"dataset {dataset_id} is {row['status']}, not ready",
                            hint=row.get("error") or "construct it again")
        rev = row["revision"] if revision is None else revision
        if not 1 <= rev <= row["revision"]:
            raise ToolError(ErrorCode.REVISION_CONFLICT,
                            f"dataset {dataset_id} has revisions 1..{row['revision']}, not {rev}")
        return read_revision(self.datasets_dir, dataset_id, rev), rev

    def save_revision(self, dataset_id: str, g: nx.Graph, base_revision: int) -> int:
        """Store ``g`` as the next revision; REVISION_CONFLICT if someone moved it first."""
        row = self.dataset(dataset_id)
        if row["revision"] != base_revision:
            raise ToolError(ErrorCode.REVISION_CONFLICT,
                            f"dataset {dataset_id} is at revision {row['revision']}, "
                            f"the change was based on {base_revision}",
                            hint="re-read the graph, preview again and confirm again")
        new_rev = base_revision + 1
        nodes, edges = graph_tables(g)
        write_revision(self.datasets_dir, dataset_id, new_rev, nodes, edges, g.is_directed())
        meta = {"nodes": g.number_of_nodes(), "edges": g.number_of_edges(),
                "directed": g.is_directed()}
        self.store.update_dataset(dataset_id, revision=new_rev, meta=meta)
        return new_rev
