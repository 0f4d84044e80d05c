"""Stored revisions of a dataset: one writer at a time, whole or absent, checked on load.

Layout: ``<datasets>/<id>/r<rev>/`` holds the revision's data files (``nodes.parquet``,
``edges.parquet`` and, when its edges are distinct, ``codes.npy``: their int32 vertex
codes) and ``graph.json`` (``directed``, the ``summary`` ``get_graph_info`` reads, made
once when the revision is written, and ``content_sha256``, the hash of the data files). The store row's
``revision`` is the commit point: a folder above it is debris from a writer that died.

* :func:`dataset_lock` -- a cross-process file lock per dataset (``<id>/.lock``); every
  writer holds it from reading the current revision to updating the store row.
* :func:`write_revision` -- files go to a temporary folder private to the writer, are
  flushed to disk (``fsync``), then one rename puts the folder in place (the parent folder
  synced too); only then does the caller record it in the store.
* :func:`reconcile` -- removes temporary folders and revision folders the store does not
  list (a writer killed between the rename and the store update); run at start-up for
  every dataset and before every save of one, so such debris never blocks. It decides
  what is debris only while it holds the dataset's lock, from the store row read under
  that lock: a revision another process committed a moment ago is never taken for debris.
* :func:`read_revision` -- verifies the content hash recorded at write.

Example::

    >>> root = home / "datasets"
    >>> nodes = pd.DataFrame({"id": ["a", "b"]})
    >>> edges = pd.DataFrame({"source": ["a"], "target": ["b"]})
    >>> with dataset_lock(root, "ds_1a2b"):
    ...     debris = reconcile_dataset(root, "ds_1a2b", stored_revision=0)
    ...     digest = write_revision(root, "ds_1a2b", 1, nodes, edges, directed=False)
    ...     # here the caller updates the store row: the commit point
    >>> read_revision(root, "ds_1a2b", 1, expected_digest=digest).number_of_edges()
    1
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
import uuid
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import networkx as nx
import numpy as np
import pandas as pd
from filelock import FileLock

from igraph_agent.errors import ErrorCode, ToolError
from igraph_agent.graph.lazy import StoredTables, endpoints_coded, lazy_networkx
from igraph_agent.graph.summary import remember, stored_view, tables_view, view_codes_of
from igraph_agent.testhooks import crash_point

META_FILE = "graph.json"
#: the int32 ``(m, 2)`` vertex codes of the edges, in the edge table's order
CODES_FILE = "codes.npy"
#: the edge table; without ``source`` and ``target`` when they are the node ids at the codes
#: (``endpoints_coded``), and absent when nothing else is left of it
EDGES_FILE = "edges.parquet"
LOCK_FILE = ".lock"
#: how long a writer waits for another writer of the same dataset before giving up
LOCK_TIMEOUT_S = 120.0
_REVISION_DIR = re.compile(r"^r(\d+)$")


@contextmanager
def dataset_lock(root: Path, dataset_id: str, timeout: float = LOCK_TIMEOUT_S) -> Iterator[None]:
    """Hold the dataset's cross-process write lock (released when the holder dies, too)."""
    folder = root / dataset_id
    folder.mkdir(parents=True, exist_ok=True)
    lock = FileLock(str(folder / LOCK_FILE), timeout=timeout)
    try:
        lock.acquire()
    except TimeoutError:
        raise ToolError(ErrorCode.REVISION_CONFLICT,
                        f"dataset {dataset_id} is being written by another process",
                        hint="try again in a moment", retryable=True) from None
    try:
        yield
    finally:
        lock.release()


def content_digest(folder: Path) -> str:
    """sha256 over the names and bytes of the revision's data files (all but graph.json)."""
    h = hashlib.sha256()
    for path in sorted(p for p in folder.iterdir() if p.is_file() and p.name != META_FILE):
        h.update(path.name.encode() + b"\0")
        with open(path, "rb") as fh:
            for chunk in iter(lambda: fh.read(1 << 20), b""):
                h.update(chunk)
    return h.hexdigest()


def write_revision(root: Path, dataset_id: str, revision: int, nodes: pd.DataFrame,
                   edges: pd.DataFrame, directed: bool, codes: np.ndarray | None = None,
                   graph_out: list[nx.Graph] | None = None) -> str:
    """Write one revision whole (private temporary folder renamed into place); its digest.

    The caller holds :func:`dataset_lock` and updates the store row afterwards. ``codes``:
    the edges' int32 vertex codes when the caller made them with the tables (distinct
    edges, :func:`igraph_agent.graph.datasets.coded_tables`), so they are not looked up again.
    ``graph_out``: a list that gets the graph :func:`read_revision` would give, made from the
    tables in memory, when reading them back would give the same tables (see
    :func:`parquet_round_trips`) and a summary was stored -- a load right after the write
    then reads and hashes nothing.
    """
    final = root / dataset_id / f"r{revision}"
    tmp = root / dataset_id / f".tmp-{os.getpid()}-{uuid.uuid4().hex[:8]}"
    try:
        tmp.mkdir(parents=True)
        meta: dict = {"directed": directed}
        view = tables_view(nodes, edges, directed, codes)  # summarised once, here, for every load
        stored = None
        if view is not None and _json_exact(view[0]):
            meta["summary"] = view[0]
            if view[1] is not None:
                stored = view_codes_of(view[1])
                np.save(tmp / CODES_FILE, stored)
        written = edges
        if stored is not None and endpoints_coded(nodes, edges, stored):
            # the endpoints are the node ids at the codes: kept as the codes alone (at 500k
            # edges a million texts less to encode, hash and flush), made again on reading
            meta["endpoints_coded"] = True
            meta["edge_columns"] = [str(c) for c in edges.columns]
            written = edges.drop(columns=["source", "target"])
        # plain encoding: a dictionary of 100k distinct ids costs more to build than it saves
        # (snappy compresses the repeats; at 500k edges 0.04 s against 0.06-0.10 s)
        nodes.to_parquet(tmp / "nodes.parquet", index=False, use_dictionary=False)
        if len(written.columns) or written is edges:
            written.to_parquet(tmp / EDGES_FILE, index=False, use_dictionary=False)
        digest = content_digest(tmp)
        (tmp / META_FILE).write_text(json.dumps({**meta, "content_sha256": digest}))
        for path in tmp.iterdir():
            _fsync(path)
        _fsync(tmp)
        crash_point("revision.written")
        tmp.rename(final)
        _fsync(final.parent)
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise
    crash_point("revision.renamed")
    if (graph_out is not None and "summary" in meta and parquet_round_trips(nodes)
            and parquet_round_trips(edges)):
        columns = None
        if meta.get("endpoints_coded"):  # this process holds the codes, not the texts
            columns, edges = list(edges.columns), edges.drop(columns=["source", "target"])
        graph_out.append(graph_of(nodes, edges, directed, view, columns))
    return digest


def parquet_round_trips(df: pd.DataFrame) -> bool:
    """Whether ``read_parquet(to_parquet(df, index=False))`` is ``df`` again, values and
    dtypes: a plain 0..n-1 index, distinct text column names, and only int64, float64, bool
    and text columns (no object, datetime or category column, whose stored form may
    differ)."""
    text = pd.Series([""]).astype(str).dtype
    index = df.index
    return (isinstance(index, pd.RangeIndex) and index.start == 0 and index.step == 1
            and all(isinstance(c, str) for c in df.columns) and df.columns.is_unique
            and all(t == text or str(t) in ("int64", "float64", "bool") for t in df.dtypes))


def _json_exact(value: object) -> bool:
    """Whether ``value`` comes back from JSON as it is (a label that is a date would not)."""
    try:
        return json.loads(json.dumps(value, allow_nan=False)) == value
    except (TypeError, ValueError):
        return False


def _fsync(path: Path) -> None:
    """Flush a file's (or a folder's entries') bytes to disk."""
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def read_revision(root: Path, dataset_id: str, revision: int,
                  expected_digest: str | None = None) -> nx.Graph:
    """The stored graph; RESULT_UNAVAILABLE when the files are missing or not what was written."""
    folder = root / dataset_id / f"r{revision}"
    if not folder.is_dir():
        raise ToolError(ErrorCode.RESULT_UNAVAILABLE,
                        f"revision {revision} of {dataset_id} has no stored files",
                        hint="construct the dataset again")
    try:
        meta = json.loads((folder / META_FILE).read_text())
        expected = expected_digest or meta.get("content_sha256")
        if expected and content_digest(folder) != expected:
            raise ValueError("its content hash differs from the one recorded at write")
        nodes = pd.read_parquet(folder / "nodes.parquet")
        codes = _stored_codes(folder)
        edges, columns = _read_edges(folder, meta, codes)
        directed = bool(meta["directed"])
    except (OSError, ValueError, KeyError, TypeError) as exc:
        raise ToolError(ErrorCode.RESULT_UNAVAILABLE,
                        f"revision {revision} of {dataset_id} is damaged: {exc}",
                        hint="load an earlier revision, or construct the dataset again") from None
    if "summary" in meta:  # summarised when written: nothing counted again
        view = stored_view(nodes, edges, directed, meta["summary"], codes)
    else:  # no summary stored: counted from the whole tables, endpoints made again
        edges, columns = _whole_edges(nodes, edges, codes, columns), None
        view = tables_view(nodes, edges, directed)
    return graph_of(nodes, edges, directed, view, columns)


def _read_edges(folder: Path, meta: dict,
                codes: np.ndarray | None) -> tuple[pd.DataFrame, list[str] | None]:
    """The revision's edge table, and None; or, when its ``source`` and ``target`` are the
    node ids at the stored ``codes`` (``endpoints_coded``), the table without them and its
    column order (they are made again when a tool reads the edges:
    :class:`igraph_agent.graph.lazy.StoredTables`). A revision written with its endpoint
    texts (before ``edge_columns`` was recorded) has them skipped."""
    path = folder / EDGES_FILE
    columns = meta.get("edge_columns")
    coded = bool(meta.get("endpoints_coded")) and codes is not None
    if columns is not None and not coded:
        raise ValueError("its edges' endpoints were stored as codes and the codes are missing")
    if not coded:
        return pd.read_parquet(path), None
    if columns is None:
        import pyarrow.parquet as pq

        columns = list(pq.ParquetFile(path).schema_arrow.names)
    kept = [c for c in columns if c not in ("source", "target")]
    if not kept:
        return pd.DataFrame(index=pd.RangeIndex(len(codes))), columns
    return pd.read_parquet(path, columns=kept), columns


def revision_edges(root: Path, dataset_id: str, revision: int) -> pd.DataFrame:
    """The revision's whole edge table as it was written, endpoints included (made from
    the node ids at the stored codes where only the codes were kept), for a reader that
    needs the table and not the graph."""
    folder = root / dataset_id / f"r{revision}"
    meta = json.loads((folder / META_FILE).read_text())
    codes = _stored_codes(folder)
    edges, columns = _read_edges(folder, meta, codes)
    if columns is None:
        return edges
    return _whole_edges(pd.read_parquet(folder / "nodes.parquet", columns=["id"]), edges, codes,
                        columns)


def _stored_codes(folder: Path) -> np.ndarray | None:
    """The revision's int32 edge codes, or None when it has none (edges repeat)."""
    return np.load(folder / CODES_FILE) if (folder / CODES_FILE).is_file() else None


def _whole_edges(nodes: pd.DataFrame, edges: pd.DataFrame, codes: np.ndarray | None,
                 columns: list[str] | None) -> pd.DataFrame:
    """The edge table with its endpoints: as read, or, when :func:`_read_edges` read it
    without them (``columns``: its column order), made from the node ids at ``codes``."""
    if columns is None or codes is None:
        return edges
    return StoredTables(nodes, edges, (codes[:, 0], codes[:, 1], columns)).edges()


def graph_of(nodes: pd.DataFrame, edges: pd.DataFrame, directed: bool,
             view: tuple | None, columns: list[str] | None = None) -> nx.Graph:
    """The loaded graph of a revision's tables and their :func:`tables_view`: networkx built
    on first use, the summary and igraph view remembered; networkx built now when the tables
    are not in the stored layout (``view`` None). ``columns``: the edge table's column order
    when ``edges`` comes without its endpoint columns (``endpoints_coded``), which are then
    made from the view's vertex codes when a tool reads the edges."""
    from igraph_agent.graph.datasets import to_networkx

    if view is None:  # not in the stored layout: networkx is the reference, built now
        return to_networkx(nodes, edges, directed)
    coded = None
    if columns is not None:
        _, src, dst, *_ = view[1].parts
        coded = (src, dst, columns)
    g = lazy_networkx(nodes, edges, directed, view[0]["edges"], coded)  # built on first nx use
    remember(g, view)  # summary and igraph view, no walks
    return g


def reconcile_dataset(root: Path, dataset_id: str, stored_revision: int) -> list[str]:
    """Remove temporary folders and revision folders above the stored revision.

    Call with :func:`dataset_lock` held: then no live writer owns any of them. Returns
    the names removed.
    """
    folder = root / dataset_id
    removed = []
    if not folder.is_dir():
        return removed
    for child in sorted(folder.iterdir()):
        match = _REVISION_DIR.match(child.name)
        stale = child.name.startswith(".tmp-") or (match and int(match.group(1)) > stored_revision)
        if stale and child.is_dir():
            shutil.rmtree(child, ignore_errors=True)
            removed.append(child.name)
    return removed


def reconcile(root: Path, stored_revision: Callable[[str], int]) -> dict[str, list[str]]:
    """Start-up recovery for every dataset folder.

    ``stored_revision(dataset_id)`` reads the store's committed revision of a dataset (0
    for one the store does not know); it is called with the dataset's lock held, so no
    writer can commit between reading it and removing what lies above it. A dataset whose
    lock a live writer holds is skipped: that writer reconciles before it writes."""
    out: dict[str, list[str]] = {}
    if not root.is_dir():
        return out
    for folder in sorted(p for p in root.iterdir() if p.is_dir()):
        try:
            with dataset_lock(root, folder.name, timeout=0):
                removed = reconcile_dataset(root, folder.name, stored_revision(folder.name))
        except ToolError:  # a live writer holds it; it reconciles before it writes
            continue
        if removed:
            out[folder.name] = removed
    return out
