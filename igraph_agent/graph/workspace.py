"""A project's graph data: stored sources, constructed datasets, their revisions.

Everything here is scoped to one project home; an id that is not in this project's
store is ``DATASET_SCOPE_REQUIRED`` whoever made it.

Example::

    >>> from igraph_agent.data import path
    >>> ws = Workspace(home, store)
    >>> src = ws.attach(path("orders.csv"))
    >>> src["source_id"][:4], src["reused"]
    ('src_', False)
    >>> ds = ws.construct([src["source_id"]], GraphSpec(kind="projection", left_col="customer_id",
    ...                                                  right_col="product_id"))
    >>> g, revision = ws.load(ds["id"])
    >>> revision, g.number_of_nodes() == ds["meta"]["nodes"]
    (1, True)
"""

from __future__ import annotations

import hashlib
import json
import shutil
from pathlib import Path
from typing import Any

import networkx as nx
import numpy as np
import pandas as pd

from igraph_agent.errors import AgentError, ErrorCode, ToolError
from igraph_agent.graph.datasets import (
    GraphSpec,
    build_tables,
    check_columns,
    coded_tables,
    graph_tables,
    resolve_direction,
)
from igraph_agent.graph.nodetables import node_frame, split_node_tables
from igraph_agent.graph.revisions import (
    dataset_lock,
    parquet_round_trips,
    read_revision,
    reconcile,
    reconcile_dataset,
    write_revision,
)
from igraph_agent.graph.semantics import has_weights
from igraph_agent.graph.sources import (
    SourceData,
    arrow_safe,
    from_dataframe,
    from_networkx,
    invalid,
    read_path,
)
from igraph_agent.store import Store, new_id

#: the revision a construction builds: re-attaching the same content binds to it, not to a
#: later optimized revision of the same dataset
CONSTRUCTED_REVISION = 1


class Workspace:
    def __init__(self, home: str | Path, store: Store) -> None:
        self.home = Path(home)
        self.store = store
        self.sources_dir = self.home / "sources"
        self.datasets_dir = self.home / "datasets"
        #: tables of sources this process has just stored, by source id, while reading them
        #: back would give the same frames (see :meth:`source_tables`); dropped by
        #: :meth:`forget_fresh` once a request is bound
        self._fresh: dict[str, dict[str, pd.DataFrame]] = {}
        #: the graph of the revision a ``construct(keep=True)`` just wrote, made from its
        #: tables in memory, for the :meth:`load` that follows (at most one)
        self._fresh_graph: tuple[str, int, nx.Graph] | None = None

    # -- sources ----------------------------------------------------------------------
    def add_source(self, data: SourceData, keep: bool = False) -> dict[str, Any]:
        """Store validated source tables, or reuse the source with the same content hash.

        All or nothing: tables go to a temporary folder renamed into place, the store row
        is written last, and a failure removes whatever this call created. ``keep``: hold
        the stored frames for :meth:`source_tables` until :meth:`forget_fresh` (a run's
        attachments, constructed a moment later by its binding).
        """
        digest = data.meta.get("sha256")
        if digest:
            for row in self.store.list_sources():
                if (row["meta"] or {}).get("sha256") == digest and (self.sources_dir / row["id"]).is_dir():
                    return self._record(row, reused=True)
        sid = new_id("src")
        created_root = not self.sources_dir.exists()
        folder = self.sources_dir / sid
        tmp = self.sources_dir / f".{sid}.tmp"
        meta = {**data.meta,
                "tables": {k: list(map(str, v.columns)) for k, v in data.tables.items()}}
        try:
            tmp.mkdir(parents=True)
            for name, df in data.tables.items():
                df.to_parquet(tmp / f"{name}.parquet", index=False, use_dictionary=False)
            tmp.rename(folder)
            self.store.add_source(sid, data.name, data.kind, meta)
            if keep and all(parquet_round_trips(df) for df in data.tables.values()):
                self._fresh[sid] = dict(data.tables)
        except Exception as exc:
            shutil.rmtree(tmp, ignore_errors=True)
            shutil.rmtree(folder, ignore_errors=True)
            if created_root:
                shutil.rmtree(self.sources_dir, ignore_errors=True)
            if isinstance(exc, ToolError):
                raise
            raise invalid(f"{data.name} could not be stored: {type(exc).__name__}: {exc}",
                          hint="check the column types (one type per column)") from None
        return self._record(self.store.get_source(sid), reused=False)

    @staticmethod
    def _record(row: dict[str, Any] | None, reused: bool) -> dict[str, Any]:
        assert row is not None
        return {"source_id": row["id"], "name": row["name"], "kind": row["kind"],
                **(row["meta"] or {}), "reused": reused}

    def read(self, obj: Any, name: str | None = None) -> SourceData:
        """Validate an attachable object into :class:`SourceData` without storing anything.

        Accepts a file path (csv, tsv, txt, sql, sqlite/db), a
        :class:`~igraph_agent.graph.sql.SQLSource`, a pandas DataFrame or a networkx graph.
        Every failure is ``SOURCE_INVALID``: no reader's own exception reaches the caller.
        """
        try:
            data = self._read(obj, name)
        except AgentError:
            raise
        except Exception as exc:
            label = name or (Path(obj).name if isinstance(obj, str | Path) else type(obj).__name__)
            raise invalid(f"{label} could not be read: {type(exc).__name__}: {exc}",
                          hint="check that the file is a valid table, graph or SQL source"
                          ) from None
        if name:
            data.name = name
        return data

    @staticmethod
    def _read(obj: Any, name: str | None) -> SourceData:
        from igraph_agent.graph.sql import SQLSource

        if isinstance(obj, pd.DataFrame):
            return from_dataframe(obj, name or "dataframe")
        if isinstance(obj, nx.Graph):
            return from_networkx(obj, name or "graph")
        if isinstance(obj, SQLSource):
            return obj.read()
        if isinstance(obj, str | Path):
            return read_path(obj)
        raise invalid(f"cannot attach a {type(obj).__name__}",
                      hint="attach a file path, a SQLSource(path, query), a pandas DataFrame "
                      "or a networkx graph")

    def attach(self, obj: Any, name: str | None = None) -> dict[str, Any]:
        """Attach one object as a source (see :meth:`read`); identical content reuses its id."""
        return self.add_source(self.read(obj, name))

    def attach_many(self, objs: list[Any], names: list[str] | None = None) -> list[dict[str, Any]]:
        """Validate every object first, then store them: one bad object stores nothing."""
        labels = list(names or [])
        datas = [self.read(o, labels[i] if i < len(labels) else None) for i, o in enumerate(objs)]
        return [self.add_source(d) for d in datas]

    def source(self, source_id: str) -> dict[str, Any]:
        row = self.store.get_source(source_id)
        if row is None:
            raise ToolError(ErrorCode.DATASET_SCOPE_REQUIRED,
                            f"source {source_id!r} is not in this project",
                            hint="use a source_id from get_graph_info; never guess ids")
        return row

    def source_tables(self, source_id: str) -> dict[str, pd.DataFrame]:
        """The source's tables as stored: read from its parquet files, or, for a source this
        process has just stored, the frames it stored (the same values and dtypes, without
        reading them back; copy-on-write keeps them apart from the caller's changes)."""
        self.source(source_id)
        fresh = self._fresh.get(source_id)
        if fresh is not None:
            return {name: df.copy(deep=False) for name, df in sorted(fresh.items())}
        folder = self.sources_dir / source_id
        return {p.stem: pd.read_parquet(p) for p in sorted(folder.glob("*.parquet"))}

    def forget_fresh(self, source_ids: list[str] | None = None) -> None:
        """Drop the kept tables of these sources (all when None): later reads come from the
        stored files."""
        for sid in list(self._fresh) if source_ids is None else source_ids:
            self._fresh.pop(sid, None)
        self._fresh_graph = None

    # -- datasets ---------------------------------------------------------------------
    def dataset(self, dataset_id: str) -> dict[str, Any]:
        row = self.store.get_dataset(dataset_id)
        if row is None:
            raise ToolError(ErrorCode.DATASET_SCOPE_REQUIRED,
                            f"dataset {dataset_id!r} is not in this project",
                            hint="use a dataset_id from get_graph_info or construct_graph")
        return row

    def construct(self, source_ids: list[str], spec: GraphSpec, name: str | None = None,
                  keep: bool = False) -> dict:
        """Build a dataset (revision 1) from sources, or reuse the ready one built the same way.

        The same sources and spec with other reading choices (``directed``, ``weight_col``,
        ``weight_means``) are the same dataset read otherwise: built as its next revision,
        and reused by content like any construction. The record goes ``pending`` ->
        ``ready`` (or ``failed`` with the error). Wrong column names are INVALID_ARGUMENTS
        before any record exists. The returned row has ``reused`` (True when an identical
        construction was already ready) and ``built_revision`` (the revision this
        construction's content is). ``keep``: the next :meth:`load` of the revision built
        here takes its graph from the tables in memory instead of reading them back.
        """
        for sid in source_ids:
            self.source(sid)
        key = construction_key(source_ids, spec)
        content = content_key(source_ids, spec)
        same_content = None
        for row in self.store.list_datasets():
            meta = row["meta"] or {}
            if row["status"] != "ready":
                continue
            if meta.get("construction_key") == key:
                return {**row, "reused": True, "built_revision": CONSTRUCTED_REVISION}
            rebuilt = (meta.get("construction_keys") or {}).get(key)
            if rebuilt is not None:
                return {**row, "reused": True, "built_revision": int(rebuilt)}
            if same_content is None and _content_key_of(row) == content:
                same_content = row
        if same_content is not None:
            return self._rebuild(same_content["id"], source_ids, spec, key)
        tables = self._input_tables(source_ids, spec)
        did = new_id("ds")
        label = name or "+".join(self.store.get_source(s)["name"] for s in source_ids)
        self.store.add_dataset(did, label, source_ids, spec.model_dump())
        try:
            directed, choices = resolve_direction(spec, tables)
            raw_nodes, raw_edges = self._build(tables, spec)
            nodes, edges, codes = coded_tables(raw_nodes, raw_edges, directed)
            merged = self._merged(source_ids, raw_nodes, raw_edges, nodes, edges, directed,
                                  codes)
            nodes, edges = arrow_safe(nodes), arrow_safe(edges)
            made: list[nx.Graph] = []
            with dataset_lock(self.datasets_dir, did):
                digest = write_revision(self.datasets_dir, did, CONSTRUCTED_REVISION, nodes,
                                        edges, directed, codes, made if keep else None)
                meta = {"nodes": len(nodes), "edges": len(edges), "directed": directed,
                        "kind": spec.kind, "choices": choices,
                        "revision_choices": {str(CONSTRUCTED_REVISION): choices},
                        "weighted": has_weights(c for c in edges.columns if edges[c].notna().any()),
                        "construction_key": key,
                        "content_sha256": {str(CONSTRUCTED_REVISION): digest},
                        **({"construction_merged": merged} if merged else {})}
                self.store.update_dataset(did, status="ready",
                                          revision=CONSTRUCTED_REVISION, meta=meta)
            self._fresh_graph = (did, CONSTRUCTED_REVISION, made[0]) if made else None
        except Exception as exc:
            error = exc if isinstance(exc, ToolError) else ToolError(
                ErrorCode.TOOL_FAILED, f"construction failed: {type(exc).__name__}: {exc}")
            shutil.rmtree(self.datasets_dir / did, ignore_errors=True)
            self.store.update_dataset(did, status="failed", error=error.message)
            error.details = {**error.details, "dataset_id": did, "construction_status": "failed"}
            raise error from None
        return {**self.dataset(did), "reused": False, "built_revision": CONSTRUCTED_REVISION}

    def _rebuild(self, dataset_id: str, source_ids: list[str], spec: GraphSpec,
                 key: str) -> dict:
        """The dataset's content read with other choices, stored as its next revision (the
        revision's own ``choices`` in ``meta.revision_choices``; a failure leaves the
        dataset as it was)."""
        tables = self._input_tables(source_ids, spec)
        directed, choices = resolve_direction(spec, tables)
        nodes, edges, codes = coded_tables(*self._build(tables, spec), directed)
        nodes, edges = arrow_safe(nodes), arrow_safe(edges)
        with dataset_lock(self.datasets_dir, dataset_id):
            row = self.dataset(dataset_id)
            reconcile_dataset(self.datasets_dir, dataset_id, row["revision"])
            new_rev = int(row["revision"]) + 1
            digest = write_revision(self.datasets_dir, dataset_id, new_rev, nodes, edges,
                                    directed, codes)
            meta = row["meta"] or {}
            first = meta.get("revision_choices") or {str(CONSTRUCTED_REVISION): meta.get("choices") or {}}
            meta = {**meta, "nodes": len(nodes), "edges": len(edges), "directed": directed,
                    "revision_choices": {**first, str(new_rev): choices},
                    "construction_keys": {**(meta.get("construction_keys") or {}), key: new_rev},
                    "content_sha256": {**(meta.get("content_sha256") or {}), str(new_rev): digest}}
            self.store.update_dataset(dataset_id, revision=new_rev, meta=meta)
        return {**self.dataset(dataset_id), "reused": False, "built_revision": new_rev}

    def _merged(self, source_ids: list[str], raw_nodes: pd.DataFrame, raw_edges: pd.DataFrame,
                nodes: pd.DataFrame, edges: pd.DataFrame, directed: bool,
                codes: np.ndarray | None = None) -> dict[str, Any]:
        """What construction already merged or kept as it was, for the optimisation preview
        to list apart from what a commit would change: repeated edge rows (same endpoints,
        either order when undirected) merged into one edge (weights summed), repeated node
        rows merged, self-loops kept, and the sources' own notes (a multigraph's parallel
        edges counted in ``multiplicity``, renamed attributes). Empty when nothing was."""
        out: dict[str, Any] = {}
        if len(raw_edges) > len(edges):
            out["edge_rows_merged"] = int(len(raw_edges) - len(edges))
            out["edges_from_merged_rows"] = int(_repeated_edges(raw_edges, directed))
        node_rows = int(raw_nodes["id"].astype(str).duplicated().sum()) if "id" in raw_nodes else 0
        if node_rows:
            out["node_rows_merged"] = node_rows
        if codes is not None:  # the edges' vertex codes: integers compared, not texts
            loops = int(np.count_nonzero(codes[:, 0] == codes[:, 1]))
        else:
            loops = int((edges["source"] == edges["target"]).sum()) if len(edges) else 0
        if loops:
            out["self_loops"] = loops
        notes = [n for sid in source_ids
                 for n in (self.store.get_source(sid)["meta"] or {}).get("notes", [])]
        if notes:
            out["notes"] = list(dict.fromkeys(notes))
        return out

    def _input_tables(self, source_ids: list[str], spec: GraphSpec) -> list[dict[str, pd.DataFrame]]:
        """Per source: its graph tables (``edges``/``nodes``) or the table(s) the spec uses.

        For an edge list, a table whose id column covers the edge endpoints is a node table
        (``{"node_table": df, "id_col": col}``): its rows are node attributes, never edges.
        """
        out: list[dict[str, Any]] = []
        named: list[tuple[str, pd.DataFrame]] = []  # candidate edge tables, "sid/table"
        extra: list[tuple[str, pd.DataFrame]] = []  # other tables: node tables or unused
        for sid in source_ids:
            tables = self.source_tables(sid)
            if spec.kind == "edge_list" and spec.table is None and "edges" in tables:
                out.append({"edges": tables["edges"],
                            "nodes": tables.get("nodes", pd.DataFrame(columns=["id"])),
                            "directed": bool((self.store.get_source(sid)["meta"] or {})
                                             .get("directed"))})
                extra.append((f"{sid}/edges", tables["edges"]))
                continue
            if spec.table is not None:
                if spec.table not in tables:
                    raise ToolError(ErrorCode.INVALID_ARGUMENTS,
                                    f"source {sid} has no table {spec.table!r}",
                                    hint=f"its tables are: {', '.join(tables)}")
                named.append((f"{sid}/{spec.table}", tables[spec.table]))
                if spec.kind == "edge_list":
                    extra += [(f"{sid}/{n}", t) for n, t in tables.items() if n != spec.table]
            elif len(tables) == 1 or spec.kind == "edge_list":
                named += [(f"{sid}/{n}", t) for n, t in tables.items()]
            else:
                raise ToolError(ErrorCode.INVALID_ARGUMENTS,
                                f"source {sid} has several tables ({', '.join(tables)})",
                                hint="name one with spec.table")
        node_tables: dict[str, str] = {}
        if spec.kind == "edge_list":
            cols = (spec.source_col, spec.target_col) if spec.source_col and spec.target_col else None
            _, found = split_node_tables(named + extra, cols)
            node_tables = {label: col for (label, _), col in found}
        per_source: dict[str, list[str]] = {}
        for label, df in named + extra:
            if label in node_tables:
                out.append({"node_table": df, "id_col": node_tables[label]})
            elif any(label == n for n, _ in named):
                per_source.setdefault(label.split("/", 1)[0], []).append(label.split("/", 1)[1])
                check_columns(df, spec, label.split("/", 1)[1])
                out.append({"table": df})
        for sid, names in per_source.items():
            if len(names) > 1:
                raise ToolError(ErrorCode.INVALID_ARGUMENTS,
                                f"source {sid} has several edge tables ({', '.join(names)})",
                                hint="name one with spec.table")
        if not any("table" in t or "edges" in t for t in out):
            raise ToolError(ErrorCode.INVALID_ARGUMENTS,
                            "the attached tables are all node tables: no edge table is left",
                            hint="attach an edge table (one row per edge) as well")
        if spec.node_source_id:
            table = self.source_tables(spec.node_source_id).get("table")
            if table is None or spec.node_id_col not in table.columns:
                raise ToolError(ErrorCode.INVALID_ARGUMENTS,
                                f"node table has no column {spec.node_id_col!r}")
        return out

    def _build(self, inputs: list[dict[str, Any]],
               spec: GraphSpec) -> tuple[pd.DataFrame, pd.DataFrame]:
        edge_frames, node_frames = [], []
        tables = [t["table"] for t in inputs if "table" in t]
        for t in inputs:
            if "edges" in t:  # a graph source: nodes and edges already split
                edge_frames.append(t["edges"])
                node_frames.append(t["nodes"])
        if tables:
            # one table for all sources, so a projection sees every shared item
            nodes, edges = build_tables(pd.concat(tables, ignore_index=True), spec)
            edge_frames.append(edges)
            node_frames.append(nodes)
        node_frames += [node_frame(t["node_table"], t["id_col"]) for t in inputs if "node_table" in t]
        if spec.node_source_id:
            table = self.source_tables(spec.node_source_id)["table"]
            node_frames.append(table.rename(columns={spec.node_id_col: "id"}).astype({"id": str}))
        edges = pd.concat(edge_frames, ignore_index=True)
        nodes = pd.concat([f for f in node_frames if not f.empty] or [pd.DataFrame(columns=["id"])],
                          ignore_index=True)
        return nodes, edges

    def load(self, dataset_id: str, revision: int | None = None) -> tuple[nx.Graph, int]:
        """The stored graph of a ready dataset (latest revision unless one is named)."""
        row = self.dataset(dataset_id)
        if row["status"] != "ready":
            raise ToolError(ErrorCode.GRAPH_NOT_LOADED,
                            f"dataset {dataset_id} is {row['status']}, not ready",
                            hint=row.get("error") or "construct it again")
        rev = row["revision"] if revision is None else revision
        if not 1 <= rev <= row["revision"]:
            raise ToolError(ErrorCode.REVISION_CONFLICT,
                            f"dataset {dataset_id} has revisions 1..{row['revision']}, not {rev}",
                            hint="omit revision to load the latest")
        fresh, self._fresh_graph = self._fresh_graph, None
        if fresh is not None and fresh[:2] == (dataset_id, rev):
            return fresh[2], rev  # just written from these tables: nothing to read back
        digest = ((row["meta"] or {}).get("content_sha256") or {}).get(str(rev))
        return read_revision(self.datasets_dir, dataset_id, rev, digest), rev

    def save_revision(self, dataset_id: str, g: nx.Graph, base_revision: int) -> int:
        """Store ``g`` as the next revision; REVISION_CONFLICT if someone moved it first.

        One writer per dataset across processes (see ``graph/revisions.py``): the revision
        number is checked, the files written and the store row moved under one lock.
        """
        self.dataset(dataset_id)
        nodes, edges = graph_tables(g)
        with dataset_lock(self.datasets_dir, dataset_id):
            row = self.dataset(dataset_id)
            if row["revision"] != base_revision:
                raise ToolError(ErrorCode.REVISION_CONFLICT,
                                f"dataset {dataset_id} is at revision {row['revision']}, "
                                f"the change was based on {base_revision}",
                                hint="re-read the graph, preview again and confirm again")
            reconcile_dataset(self.datasets_dir, dataset_id, row["revision"])
            new_rev = base_revision + 1
            digest = write_revision(self.datasets_dir, dataset_id, new_rev, nodes, edges,
                                    g.is_directed())
            meta = row["meta"] or {}
            meta = {**meta, "nodes": g.number_of_nodes(), "edges": g.number_of_edges(),
                    "directed": g.is_directed(),
                    "content_sha256": {**(meta.get("content_sha256") or {}), str(new_rev): digest}}
            self.store.update_dataset(dataset_id, revision=new_rev, meta=meta)
        return new_rev

    def reconcile_revisions(self) -> dict[str, list[str]]:
        """Start-up recovery: remove revision folders the store does not list (a writer
        killed between its rename and its store update) and writers' temporary folders.
        Each dataset's stored revision is read under its lock, never before it."""
        def stored_revision(dataset_id: str) -> int:
            row = self.store.get_dataset(dataset_id)
            return int(row["revision"]) if row else 0

        return reconcile(self.datasets_dir, stored_revision)


def construction_key(source_ids: list[str], spec: GraphSpec) -> str:
    """What makes two constructions the same: the sources (in order) and the whole spec."""
    text = json.dumps({"sources": list(source_ids), "spec": spec.model_dump()}, sort_keys=True)
    return hashlib.sha256(text.encode()).hexdigest()


def _repeated_edges(edges: pd.DataFrame, directed: bool) -> int:
    """How many distinct edges were given by more than one row (endpoints compared by
    their text, as construction codes them; integer columns compared as integers, which is
    the same, without making a text per row).

    Example::

        >>> _repeated_edges(pd.DataFrame({"source": [1, 2, 1, 3], "target": [2, 1, 2, 1]}),
        ...                 directed=False)
        1
    """
    ends = [edges["source"], edges["target"]]
    if not all(pd.api.types.is_integer_dtype(c) and not pd.api.types.is_extension_array_dtype(c)
               for c in ends):
        a, b = ends[0].astype(str), ends[1].astype(str)
        if not directed:
            a, b = a.where(a <= b, b), b.where(a <= b, a)
        return int((pd.DataFrame({"a": a, "b": b}).value_counts() > 1).sum())
    codes, _ = pd.factorize(np.concatenate([c.to_numpy() for c in ends]))
    a, b = codes[:len(edges)].astype(np.int64), codes[len(edges):].astype(np.int64)
    if not directed:
        a, b = np.minimum(a, b), np.maximum(a, b)
    counts = np.bincount(pd.factorize(a * (int(codes.max(initial=0)) + 1) + b)[0])
    return int(np.count_nonzero(counts > 1))


#: the spec fields that choose how content is read, not which content: another choice is
#: another revision of the same dataset
READING_CHOICES = ("directed", "weight_col", "weight_means")


def content_key(source_ids: list[str], spec: GraphSpec) -> str:
    """What makes two constructions the same dataset: the sources and the spec without
    its reading choices."""
    return construction_key(source_ids, spec.model_copy(update=dict.fromkeys(READING_CHOICES)))


def _content_key_of(row: dict[str, Any]) -> str | None:
    try:
        return content_key(list(row["source_ids"]), GraphSpec.model_validate(row["spec"]))
    except Exception:  # a record of an older spec shape is its own dataset
        return None


def revision_choices(meta: dict[str, Any], revision: int | None) -> dict[str, Any]:
    """The reading choices of a dataset revision: those it was built with, or, for a saved
    change, those of the revision it was made from."""
    by_rev = meta.get("revision_choices") or {}
    for r in range(int(revision or CONSTRUCTED_REVISION), 0, -1):
        if str(r) in by_rev:
            return by_rev[str(r)] or {}
    return meta.get("choices") or {}
