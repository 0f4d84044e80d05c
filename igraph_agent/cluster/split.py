"""Analyses that split across Ray tasks and are merged in this process.

When ``IGRAPH_AGENT_CLUSTER`` is set and the loaded graph is a stored revision with at
least the worker threshold of edges (``IGRAPH_AGENT_WORKER_MIN_EDGES``, default 100 000),
the analyses that decompose run as Ray tasks instead of in one process:

* betweenness: the sources (sampled on the driver with the seed, as the local path samples
  them) are cut into chunks; each task returns the summed dependencies of its chunk and
  the driver adds them and normalises once;
* closeness: the scored vertices are cut into chunks, one figure per vertex;
* per-community statistics: the communities are cut into chunks.

The revision goes into Ray's object store once per (cluster, dataset, revision) as compact
arrays (int32 edge codes, float weights, the node ids), never as a networkx graph; each Ray
worker process builds its python-igraph graph from them once and keeps it for the next
chunk. Chunks go round-robin over the alive nodes (soft node affinity: another node takes a
chunk whose node is gone); each reports the node it ran on.

A task whose worker or node died (after Ray's retry) is ``CLUSTER_TASK_LOST``; a task that
raised is ``TOOL_FAILED`` with the remote error. Pending chunks are cancelled when the
caller stops waiting (a tool past its time limit, a cancelled run).

Example::

    >>> chunks([5, 1, 4, 2, 3], 2)
    [[5, 1, 4], [2, 3]]
    >>> configured_address() is None   # IGRAPH_AGENT_CLUSTER unset: nothing splits
    True
"""

from __future__ import annotations

import os
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from igraph_agent.cluster.connect import VARIABLE, ensure_connected, parse_address
from igraph_agent.errors import AgentError, ErrorCode, ToolError
from igraph_agent.graph.summary import edge_count, graph_summary, view_parts, worker_min_edges

PARTS_PER_CPU = 2  # chunks per cluster CPU: a slow node does not hold the merge for long
MAX_PARTS = 64

_lock = threading.Lock()
_placed: dict[tuple[str, str], tuple[int, Any]] = {}  # (address, dataset) -> (revision, ref)


def configured_address() -> str | None:
    """The cluster ``IGRAPH_AGENT_CLUSTER`` names (normalised), or None."""
    return parse_address(os.environ.get(VARIABLE))


def split_address(session: Any) -> str | None:
    """The cluster address when analyses of this session's graph split, else None: the
    setting is on, the graph is a stored revision, and it has at least the worker
    threshold of edges."""
    if session.graph is None or session.dataset_id is None or session.revision is None \
            or not os.environ.get(VARIABLE, "").strip():
        return None
    return configured_address() if edge_count(session.graph) >= worker_min_edges() else None


def chunks(items: Sequence, parts: int) -> list[list]:
    """``items`` cut into at most ``parts`` contiguous chunks of near-equal size, in order."""
    parts = max(1, min(parts, len(items)))
    size, extra = divmod(len(items), parts)
    out, start = [], 0
    for i in range(parts):
        stop = start + size + (1 if i < extra else 0)
        out.append(list(items[start:stop]))
        start = stop
    return out


@dataclass
class Split:
    """How a split analysis ran: the cluster, the number of parts and where each ran."""

    address: str
    parts: int = 0
    node_ids: list[str] = field(default_factory=list)

    def describe(self) -> dict[str, Any]:
        return {"address": self.address, "parts": self.parts,
                "nodes": len(set(self.node_ids))}


# -- placing the revision -------------------------------------------------------------------
def graph_arrays(session: Any) -> dict[str, Any]:
    """The loaded revision as compact arrays: ``n``, ``directed``, ``edges`` (m, 2) int32
    vertex codes, ``weights`` (float64 or None), ``ids`` (the node id of each vertex)."""
    parts = view_parts(session.graph)
    if parts is not None:  # straight from the stored tables, no igraph graph built
        n, src, dst, directed, weights, ids = parts
        edges = np.column_stack([src, dst]).astype(np.int32, copy=False)
        id_list = ids.tolist()
    else:
        h, id_list = session.igraph()
        n, directed = h.vcount(), h.is_directed()
        edges = np.asarray(h.get_edgelist(), dtype=np.int32).reshape(-1, 2)
        weights = (np.asarray(h.es["weight"], dtype=float)
                   if "weight" in h.es.attributes() else None)
    return {"n": int(n), "directed": bool(directed), "edges": edges, "weights": weights,
            "ids": np.asarray(id_list, dtype=object)}


def placed(ray: Any, session: Any, address: str) -> Any:
    """The ObjectRef of the session's revision in the cluster's object store, put there on
    the first call for this revision (an older revision of the dataset is let go)."""
    key = (address, session.dataset_id)
    with _lock:
        held = _placed.get(key)
        if held is not None and held[0] == session.revision:
            return held[1]
    ref = ray.put(graph_arrays(session))
    with _lock:
        _placed[key] = (session.revision, ref)
    return ref


def forget(address: str, dataset_id: str) -> None:
    """Drop a placed revision (its object was lost with a node): the next call puts it again."""
    with _lock:
        _placed.pop((address, dataset_id), None)


# -- the remote side ------------------------------------------------------------------------
_BUILT: dict[str, Any] = {}  # in a Ray worker process: the latest graph it built, by key


def _graph(key: str, arrays: dict[str, Any]) -> Any:
    import igraph as ig

    h = _BUILT.get(key)
    if h is None:
        h = ig.Graph(n=arrays["n"], edges=arrays["edges"].tolist(), directed=arrays["directed"])
        if arrays["weights"] is not None:
            h.es["weight"] = arrays["weights"].tolist()
        _BUILT.clear()
        _BUILT[key] = h
    return h


def _betweenness_part(key: str, arrays: dict[str, Any], sources: list[int],
                      weighted: bool) -> tuple[np.ndarray, str]:
    from igraph_agent.graph.measures import betweenness_raw, distances

    h = _graph(key, arrays)
    dist = distances(h.es["weight"]) if weighted and arrays["weights"] is not None else None
    return betweenness_raw(h, dist, sources), node_id()


def _closeness_part(key: str, arrays: dict[str, Any], vertices: list[int],
                    weighted: bool) -> tuple[list[float], str]:
    from igraph_agent.graph.measures import closeness_of, distances

    h = _graph(key, arrays)
    dist = distances(h.es["weight"]) if weighted and arrays["weights"] is not None else None
    return closeness_of(h, dist, vertices), node_id()


def _community_part(key: str, arrays: dict[str, Any], communities: list[int],
                    membership: np.ndarray) -> tuple[list[dict[str, Any]], str]:
    from igraph_agent.graph.measures import community_stats

    h = _graph(key, arrays)
    return community_stats(h, membership, communities), node_id()


# -- the analyses --------------------------------------------------------------------------
def vertex_ids(session: Any) -> list:
    """The node id of each vertex, in the igraph view's order (the order the tasks use)."""
    parts = view_parts(session.graph)
    return parts[5].tolist() if parts is not None else session.igraph()[1]


def split_betweenness(session: Any, address: str, k: int | None, seed: int,
                      weighted: bool) -> tuple[np.ndarray, Split]:
    """Betweenness of every vertex (networkx's scale) from the ``k`` sources sampled with
    ``seed`` (every vertex when ``k`` is None), the sources split across the cluster."""
    from igraph_agent.graph.measures import normalise_betweenness, sampled_sources

    summary = graph_summary(session.graph)
    n, directed = summary["nodes"], summary["directed"]
    sources = sampled_sources(n, k, seed)
    every = sources if sources is not None else list(range(n))
    pieces = chunks(every, parts_for(address, len(every)))
    raws, how = run_parts(session, address, _betweenness_part, pieces, weighted)
    raw = np.zeros(n)
    for part in raws:  # in source order, as one call would accumulate them
        raw += part
    return normalise_betweenness(raw, directed, sources), how


def split_closeness(session: Any, address: str, vertices: Sequence[int],
                    weighted: bool) -> tuple[list[float], Split]:
    """Closeness (networkx's scale) of ``vertices``, the vertices split across the cluster."""
    pieces = chunks(list(vertices), parts_for(address, len(vertices)))
    values, how = run_parts(session, address, _closeness_part, pieces, weighted)
    return [c for part in values for c in part], how


def split_community_stats(session: Any, address: str, membership: np.ndarray,
                          communities: Sequence[int]) -> tuple[list[dict[str, Any]], Split]:
    """:func:`igraph_agent.graph.measures.community_stats`, the communities split across
    the cluster (the membership travels once, through the object store)."""
    ray = ensure_connected(address)
    pieces = chunks(list(communities), parts_for(address, len(communities)))
    values, how = run_parts(session, address, _community_part, pieces, ray.put(membership))
    return [row for part in values for row in part], how


# -- running the chunks ---------------------------------------------------------------------
def run_parts(session: Any, address: str, fn: Callable, pieces: list[list],
              *extra: Any) -> tuple[list[Any], Split]:
    """Run ``fn(key, arrays, piece, *extra)`` for every piece as a Ray task on the cluster;
    the results in piece order, and how it ran."""
    ray = ensure_connected(address)
    ref = placed(ray, session, address)
    key = f"{session.dataset_id}@{session.revision}:{ref.hex()}"
    try:
        values, nodes = run_tasks(address, fn, [(key, ref, piece, *extra) for piece in pieces])
    except AgentError as exc:
        if exc.code == ErrorCode.CLUSTER_TASK_LOST:
            forget(address, session.dataset_id)  # its object may have gone with the node
        raise
    return values, Split(address=address, parts=len(pieces), node_ids=nodes)


def run_tasks(address: str, fn: Callable, calls: list[tuple],
              what: str = "a split part") -> tuple[list[Any], list[str]]:
    """``fn(*args)`` for every ``args`` of ``calls`` as Ray tasks spread over the cluster's
    nodes; ``fn`` returns ``(value, node_id())``. The values in call order and the node
    each ran on. A lost worker or node (after one retry) is ``CLUSTER_TASK_LOST``, an
    error raised by ``fn`` is ``TOOL_FAILED`` with it; the pending tasks are cancelled when
    the caller stops waiting."""
    ray = ensure_connected(address)
    remote = _remote(ray, fn)
    nodes = _nodes(ray)
    refs = [remote.options(num_cpus=1, max_retries=1,
                           scheduling_strategy=_on(nodes[i % len(nodes)]) if nodes else None)
            .remote(*args) for i, args in enumerate(calls)]
    try:
        results = ray.get(refs)
    except BaseException as exc:
        _cancel(ray, refs)
        raise _coded(exc, address, what) from None
    return [value for value, _ in results], [node for _, node in results]


def node_id() -> str:
    """In a Ray task: the id of the node it runs on."""
    import ray

    return ray.get_runtime_context().get_node_id()


def _nodes(ray: Any) -> list[str]:
    """The ids of the alive nodes with CPUs (tasks go round-robin over them)."""
    return sorted(n["NodeID"] for n in ray.nodes()
                  if n.get("Alive") and n.get("Resources", {}).get("CPU", 0) > 0)


def _on(node: str) -> Any:
    """Prefer ``node``; any other node when it is gone or busy (soft affinity)."""
    from ray.util.scheduling_strategies import NodeAffinitySchedulingStrategy

    return NodeAffinitySchedulingStrategy(node_id=node, soft=True)


_REMOTES: dict[Callable, Any] = {}


def _remote(ray: Any, fn: Callable) -> Any:
    """``fn`` as a Ray remote function, made once per process."""
    with _lock:
        if fn not in _REMOTES:
            _REMOTES[fn] = ray.remote(fn)
        return _REMOTES[fn]


def parts_for(address: str, items: int) -> int:
    """How many chunks: ``PARTS_PER_CPU`` per CPU of the cluster, at most ``MAX_PARTS``."""
    ray = ensure_connected(address)
    cpus = int(ray.cluster_resources().get("CPU", 1)) or 1
    return max(1, min(items, MAX_PARTS, cpus * PARTS_PER_CPU))


def _cancel(ray: Any, refs: list[Any]) -> None:
    """Cancel the parts still running. A part that has finished (the one whose error stopped
    the wait, say) is left alone: Ray aborts the whole driver process when a finished task's
    late reply meets its cancellation ("Tried to complete task that was not pending"), and
    the driver is the user's kernel."""
    try:
        _, pending = ray.wait(refs, num_returns=len(refs), timeout=0)
    except Exception:  # the cluster is gone: nothing to cancel
        return
    for r in pending:
        try:
            ray.cancel(r, force=True)
        except Exception:  # finished or already gone: nothing to cancel
            pass


def _coded(exc: BaseException, address: str, what: str) -> BaseException:
    """A Ray failure as a coded error; anything else (a stop from the caller) unchanged."""
    from ray import exceptions as rex

    if isinstance(exc, rex.RayTaskError):
        cause = exc.cause if getattr(exc, "cause", None) is not None else exc
        if isinstance(cause, AgentError):
            return cause
        return ToolError(ErrorCode.TOOL_FAILED,
                         f"{what} failed on the Ray cluster: {type(cause).__name__}: "
                         f"{str(cause)[:300]}",
                         hint="the same error happens without the cluster; change the arguments",
                         details={"address": address})
    lost = (rex.WorkerCrashedError, rex.NodeDiedError, rex.ObjectLostError,
            rex.TaskCancelledError, rex.RaySystemError, rex.ActorDiedError)
    if isinstance(exc, lost):
        first = (str(exc).strip().splitlines() or [""])[0][:200]
        return ToolError(ErrorCode.CLUSTER_TASK_LOST,
                         f"{what} was lost on the Ray cluster at {address}: "
                         f"{type(exc).__name__}: {first}",
                         hint="call it again (the parts go to the nodes still alive), or "
                              f"unset {VARIABLE} to run it in this process",
                         retryable=True, details={"address": address})
    return exc
