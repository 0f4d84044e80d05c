"""Worker processes that hold the session graph and run read-only analyses.

python-igraph holds the GIL for a whole C call, so a long analysis on any thread of the
kernel process freezes the notebook and two analyses never overlap. Read-only graph
tools therefore run in long-lived worker processes, each started as its own program
(``python -m igraph_agent.runtime.worker_main``: forking a kernel is unsafe, and a
spawned multiprocessing child would re-run an unguarded user script's ``__main__``) in its
own session (the kernel's interrupt is not theirs; ``OMP_NUM_THREADS=1``). Each
worker loads the session graph's dataset revision from the project's parquet files once
(``Workspace.load(dataset_id, revision)``) and serves tool calls by name through
``default_registry()``. Writes stay in the main process and bump the revision; a worker
asked for a newer revision reloads it. Session extras a tool keeps travel both ways with
each call, except the latest community partition, which a worker is sent only when it is
not the one it already holds for that revision (partitions are also stored beside the
revision, ``graph/partitions.py``). A worker that loads a revision ahead of its calls (a
prefetch) also builds its igraph view then, so that the first analysis it serves does not.

A call goes to a worker when its tool is a built-in one, reads only ``graph`` and writes
nothing, the session graph comes from a stored revision, and the graph has at least
``IGRAPH_AGENT_WORKER_MIN_EDGES`` edges (default 100 000). Below it analyses take
milliseconds and the kernel barely notices them, while a worker costs its own copy of the
graph and a load per revision; above it a single betweenness or Leiden call already holds
the GIL for a noticeable time (~0.5 s at 100k edges, seconds at 1M). After a write
(``load_constructed_graph``, a commit) idle workers prefetch the new revision in the
background; when a request binds attached data of at least that many rows, one worker
starts before the graph is constructed and loads the bound revision while the model's
first turn is answered -- unless a one-pass call on it would run in this process
(:meth:`WorkerPool.needed_for`). Otherwise workers start as calls need them: a call that
finds every started worker busy (and none loading its revision) starts one more, up to the
pool's size, so an idle worker never holds its imports' memory for nothing. A call
estimated to hold the GIL for at most ``IGRAPH_AGENT_IN_PROCESS_MS`` (default 500 ms;
:func:`in_process_ms`) runs in this process instead of a worker. ``IGRAPH_AGENT_WORKERS``
sets the pool size (default: the CPU count, at most 4); ``0`` turns workers off.

Example::

    >>> pool = WorkerPool(home, size=1, min_edges=0)   # workers start on first use
    >>> pool.started, pool.pids()
    (0, [])
    >>> pool.close()
"""

from __future__ import annotations

import asyncio
import atexit
import dataclasses
import multiprocessing as mp
import os
import subprocess
import sys
import threading
import time
import weakref
from collections import deque
from pathlib import Path
from typing import TYPE_CHECKING, Any

from igraph_agent.errors import ErrorCode
from igraph_agent.graph.summary import edge_count, worker_min_edges
from igraph_agent.tools.registry import ToolResult

if TYPE_CHECKING:
    from pydantic import BaseModel

    from igraph_agent.graph.session import SessionGraph
    from igraph_agent.tools.registry import Tool, ToolContext

SIZE_ENV = "IGRAPH_AGENT_WORKERS"
#: a call estimated to hold this process's GIL for at most this many milliseconds runs here,
#: not in a worker (0: never); see :func:`in_process_ms`
IN_PROCESS_ENV = "IGRAPH_AGENT_IN_PROCESS_MS"
DEFAULT_IN_PROCESS_MS = 500
#: microseconds per edge that python-igraph holds the GIL for, measured at 1M edges on the
#: 2-core development machine (docs/performance.md): building the igraph view from the
#: stored int32 codes (once per revision), then the call itself
BUILD_US_PER_EDGE = 0.5
#: sorting the stored codes into an adjacency instead, for an unweighted one-pair path
#: before the view is built (graph/codepaths.py: 0.2 s at 1M edges)
ADJACENCY_US_PER_EDGE = 0.2
CALL_US_PER_EDGE = {("node_centrality", "pagerank"): 0.3, ("node_centrality", "degree"): 0.1,
                    ("node_centrality", "eigenvector"): 0.3, ("degree_analysis", None): 0.3,
                    # one path between two nodes (breadth-first or Dijkstra), not counted
                    ("shortest_path", None): 0.1}
#: calls answered from a revision's stored node table, without the igraph view: microseconds
#: per node text (a node's id and each other column) to build the table's search index in
#: this process (once per revision) and rank the texts, and to rank them once it is built
#: (``search_node`` at 1M edges, 200k nodes: 0.41-0.46 s first, 0.09 s after)
TABLE_US_PER_TEXT = {"search_node": (2.0, 0.5)}
#: calls answered from a revision's stored edge codes and edge table (``search_edge``'s
#: index): microseconds per edge to build the index in this process (once per revision)
#: and search it, to search it once built, and per edge and text column that the index
#: also holds (at 1M edges, 200k nodes: 0.43 s first, 0.36-0.43 s after; two text
#: columns added 0.07 s each to the build)
EDGE_TABLE_US = {"search_edge": (0.45, 0.4, 0.07)}
#: the one-pass call a first question most often asks (PageRank), for deciding at bind
#: whether a worker will be needed at all
ONE_PASS_US_PER_EDGE = CALL_US_PER_EDGE[("node_centrality", "pagerank")]
_CORE_FIELDS = {"session_id", "graph", "dataset_id", "revision", "attached_sources", "_igraph",
                "lock"}


def _env_int(name: str, default: int) -> int:
    raw = os.environ.get(name, "").strip()
    try:
        return int(raw) if raw else default
    except ValueError:
        return default


def in_process_limit_ms() -> int:
    """``IGRAPH_AGENT_IN_PROCESS_MS`` (default 500); 0 sends every call to the workers."""
    return max(0, _env_int(IN_PROCESS_ENV, DEFAULT_IN_PROCESS_MS))


def in_process_ms(t: Tool, args: BaseModel, session: SessionGraph) -> float | None:
    """How long this call would hold the GIL of this process, estimated from the edge count
    (building the igraph view from the stored codes when it is not built yet, then the
    call), or None for a call with no estimate (it goes to a worker)."""
    if t.name in TABLE_US_PER_TEXT:
        return _table_call_ms(t.name, args, session)
    if t.name in EDGE_TABLE_US:
        return _edge_table_call_ms(t.name, session)
    per = CALL_US_PER_EDGE.get((t.name, getattr(args, "measure", None)))
    if per is None or getattr(args, "where", None) or getattr(args, "side", None) \
            or getattr(args, "count_paths", False) or getattr(args, "backend", "auto") == "networkx":
        return None
    from igraph_agent.graph.summary import view_parts, view_weighted

    g = session.graph
    if g is None:
        return None
    if session._igraph is not None:
        build = 0.0
    elif view_parts(g) is not None:
        build = (ADJACENCY_US_PER_EDGE if t.name == "shortest_path" and not view_weighted(g)
                 else BUILD_US_PER_EDGE)
    else:
        return None  # converted from networkx: seconds, not an estimate
    return edge_count(g) * (per + build) / 1000


def _table_call_ms(name: str, args: BaseModel, session: SessionGraph) -> float | None:
    """The estimate of a call answered from the stored node table (``TABLE_US_PER_TEXT``), or
    None when the graph has no such table (built, or not a stored revision)."""
    from igraph_agent.tools.search_index import has_node_index
    from igraph_agent.tools.tables import node_table

    g = session.graph
    nodes = node_table(g) if g is not None else None
    if g is None or nodes is None:
        return None
    first, again = TABLE_US_PER_TEXT[name]
    per = again if has_node_index(g, getattr(args, "fields", [])) else first
    return len(nodes) * len(nodes.columns) * per / 1000


def _edge_table_call_ms(name: str, session: SessionGraph) -> float | None:
    """The estimate of a call answered from the revision's edge index (``EDGE_TABLE_US``),
    or None when the call would walk the graph instead (no stored edge table)."""
    from igraph_agent.tools.search_index import has_edge_index, indexed_edges

    g = session.graph
    found = indexed_edges(g) if g is not None else None
    if g is None or found is None:
        return None
    m, texts = found
    first, again, per_text = EDGE_TABLE_US[name]
    return m * (again if has_edge_index(g) else first + per_text * texts) / 1000


def session_extras(session: SessionGraph) -> dict[str, Any]:
    """Per-session state a tool may keep beside the graph (not the graph itself)."""
    return {f.name: getattr(session, f.name) for f in dataclasses.fields(session)
            if f.name not in _CORE_FIELDS}


_HELD = {"partition"}  # extras a worker keeps between calls of one revision


def _unsent(worker: Any, key: tuple, request: dict[str, Any]) -> dict[str, Any]:
    """The request without the extras this worker already holds for this revision (a 1M-edge
    partition is ~2 MB to pickle: it travels once, not with every call)."""
    sent = worker.__dict__.setdefault("sent", {})
    if any(held != key for held, _ in sent.values()):
        sent.clear()  # the worker loads this revision afresh: it holds no extras then
    extras = request.get("extras") or {}
    # only the partition is held back: it is large, and replaced (never edited) when it changes
    fresh = {k: v for k, v in extras.items()
             if k not in _HELD or k not in sent or sent[k][1] is not v}
    _note_sent(worker, key, fresh)
    return {**request, "extras": fresh}


def _note_sent(worker: Any, key: tuple, extras: dict[str, Any]) -> None:
    """Remember the objects the worker now holds (kept referenced, so identity stays true)."""
    sent = worker.__dict__.setdefault("sent", {})
    for name, value in extras.items():
        sent[name] = (key, value)


class _Worker:
    """One worker: its own program (``python -m igraph_agent.runtime.worker_main``), never a
    re-import of the user's ``__main__``, in its own session so the terminal's or the
    kernel's SIGINT never reaches it; requests and replies travel over a socket pair."""

    def __init__(self, home: Path) -> None:
        self.cancelled = False  # killed by cancel_run
        self.killed = False  # killed (a cancel, a time limit): never handed out again
        self.conn, child = mp.Pipe()
        package_root = str(Path(__file__).resolve().parents[2])
        env = {**os.environ, "OMP_NUM_THREADS": os.environ.get("OMP_NUM_THREADS", "1"),
               "PYTHONPATH": os.pathsep.join(
                   p for p in (package_root, os.environ.get("PYTHONPATH")) if p)}
        self.process = subprocess.Popen(
            [sys.executable, "-m", "igraph_agent.runtime.worker_main", str(child.fileno()),
             str(home)], pass_fds=[child.fileno()], stdin=subprocess.DEVNULL, env=env,
            start_new_session=True)
        child.close()
        self.loaded: tuple[str, int] | None = None
        self.loading: tuple[str, int] | None = None  # the revision a prefetch is loading
        self.serving: str | None = None  # the run whose call it is answering
        self.serving_call: str | None = None  # ... and that call's id
        self.lock = threading.Lock()

    def call(self, request: dict[str, Any]) -> dict[str, Any]:
        """Send one request and wait for its reply (the GIL is free while waiting)."""
        with self.lock:
            self.conn.send(request)
            reply = self.conn.recv()
        if request.get("dataset_id"):
            self.loaded = (request["dataset_id"], request["revision"])
        return reply

    @property
    def alive(self) -> bool:
        """Running and not killed: a worker killed a moment ago may not have exited yet, and
        must not go back to the idle list (the next call would get the dead pipe)."""
        return not self.killed and self.process.poll() is None

    def exit_code(self, wait: float) -> int | None:
        try:
            return self.process.wait(wait)
        except subprocess.TimeoutExpired:
            return None

    def kill(self) -> None:
        self.killed = True
        self.process.kill()

    def stop(self) -> None:
        try:
            with self.lock:
                self.conn.send(None)
        except (OSError, ValueError):
            pass
        if self.exit_code(2) is None:
            self.process.terminate()
            if self.exit_code(2) is None:
                self.kill()
                self.exit_code(2)
        self.conn.close()


class WorkerPool:
    """Long-lived spawned workers for one project home; started on first use."""

    def __init__(self, home: str | Path, size: int | None = None,
                 min_edges: int | None = None) -> None:
        self.home = Path(home)
        default_size = max(1, min(4, os.cpu_count() or 1))
        self.size = _env_int(SIZE_ENV, default_size) if size is None else size
        self.min_edges = worker_min_edges() if min_edges is None else min_edges
        self._workers: list[_Worker] = []
        self._idle: list[_Worker] = []
        self._cond = threading.Condition()
        self._builtin: set[str] | None = None
        self._closed = False
        self.served = 0  # calls answered by a worker
        self._given_up: set[tuple[str | None, str | None]] = set()  # (run_id, call_id)
        self._tickets = 0  # calls wait for a worker first come, first served
        self._queue: deque[int] = deque()
        self._entered: set[int] = set()  # tickets whose thread is waiting in _acquire
        # per call answered by a worker: (wall ms in this process, the handler's own ms there)
        self.timings: deque[tuple[float, float]] = deque(maxlen=1000)
        _POOLS.add(self)

    # -- routing ----------------------------------------------------------------------
    def builtin_tools(self) -> set[str]:
        if self._builtin is None:
            from igraph_agent.tools import default_registry

            self._builtin = set(default_registry().names())
        return self._builtin

    def accepts(self, t: Tool, args: BaseModel, session: SessionGraph) -> bool:
        """Whether this call runs in a worker (see the module docstring)."""
        if self.size < 1 or self._closed or t.writes_data(args) or t.needs_approval(args):
            return False
        if session.graph is None or session.dataset_id is None or session.revision is None:
            return False
        try:
            reads, writes = t.contract(args)
        except Exception:
            return False
        if writes or not reads or set(reads) - {"graph"}:
            return False
        if edge_count(session.graph) < self.min_edges:
            return False
        estimate = in_process_ms(t, args, session)
        if estimate is not None and estimate <= in_process_limit_ms():
            return False  # a short C call here costs less than a worker's copy of the graph
        if t.splits_when is not None and t.splits_when(args):
            from igraph_agent.cluster.split import configured_address

            if configured_address() is not None:
                return False  # the kernel drives it across the Ray cluster (cluster/split.py)
        return t.name in self.builtin_tools()

    # -- running ----------------------------------------------------------------------
    async def execute(self, t: Tool, args: BaseModel, ctx: ToolContext) -> ToolResult:
        session = ctx.session
        request = {"op": "call", "tool": t.name, "args": args.model_dump(mode="json"),
                   "dataset_id": session.dataset_id, "revision": session.revision,
                   "run_id": ctx.run_id, "call_id": ctx.call_id,
                   "extras": session_extras(session)}
        started = time.perf_counter()
        ticket = self._take_ticket()  # on the event loop: the scheduler's dispatch order
        try:
            reply = await asyncio.to_thread(self._request, request, ticket)
        finally:
            self._forget(ticket)  # cancelled before its thread ran: it holds no place
        if reply.get("cancelled"):
            result = ToolResult.failure(t.name, ctx.call_id, ErrorCode.RUN_CANCELLED,
                                        reply["error"], hint="ask again")
        elif "envelope" not in reply:
            result = ToolResult.failure(
                t.name, ctx.call_id, ErrorCode.TOOL_FAILED, reply.get("error", "worker failed"),
                hint="the analysis worker stopped; call the tool again", retryable=True)
        else:
            result = ToolResult.model_validate(reply["envelope"])
            self.served += 1
            self.timings.append(((time.perf_counter() - started) * 1000, result.elapsed_ms))
            with session.lock:  # extras a tool kept, if the session still holds that revision
                if (session.dataset_id, session.revision) == (request["dataset_id"],
                                                               request["revision"]):
                    for name, value in (reply.get("extras") or {}).items():
                        setattr(session, name, value)
        result.elapsed_ms = int((time.perf_counter() - started) * 1000)
        return result

    def needed_for(self, edges: int) -> bool:
        """Whether a first question on a graph of this many edges will need a worker: above
        the threshold, and a one-pass call (PageRank, building the igraph view first) would
        not run in this process (:func:`in_process_ms`)."""
        if self.size < 1 or self._closed or edges < self.min_edges:
            return False
        return edges * (BUILD_US_PER_EDGE + ONE_PASS_US_PER_EDGE) / 1000 > in_process_limit_ms()

    def start(self, count: int | None = None) -> None:
        """Start ``count`` worker processes (default the pool's size) now, without waiting
        for them (their imports then overlap whatever the caller does next, such as
        constructing the graph they will load)."""
        if self.size < 1 or self._closed:
            return
        try:
            self._ensure_started(count)
        except RuntimeError:  # closed meanwhile
            pass

    def warm(self, dataset_id: str, revision: int, workers: int | None = None) -> None:
        """Start every worker and have ``workers`` of them (default all) load this revision
        (blocking)."""
        try:
            self._ensure_started(workers)
        except RuntimeError:  # closed meanwhile
            return
        chosen = list(self._workers)[:workers]
        threads = [threading.Thread(target=self._load_on, args=(w, dataset_id, revision))
                   for w in chosen]
        for th in threads:
            th.start()
        for th in threads:
            th.join()

    def prefetch(self, session: SessionGraph, workers: int | None = None) -> None:
        """Have idle workers (``workers`` of them, default all) load the session's revision
        in the background: after a write, and when a request binds its graph (one worker,
        while the model's first turn is answered).

        Only for graphs that will go to workers; a no-op when they hold it already.
        """
        if (self.size < 1 or self._closed or session.graph is None
                or session.dataset_id is None or session.revision is None
                or edge_count(session.graph) < self.min_edges):
            return
        key = (session.dataset_id, session.revision)
        held = sum(w.loaded == key for w in self._workers)
        if self._workers and held >= (len(self._workers) if workers is None else workers):
            return
        threading.Thread(target=self.warm, args=(*key, workers), daemon=True,
                         name="igraph-agent-prefetch").start()

    def _load_on(self, worker: _Worker, dataset_id: str, revision: int) -> None:
        with self._cond:
            while worker not in self._idle:
                if self._closed or worker not in self._workers:
                    return
                self._cond.wait()
            self._idle.remove(worker)
        worker.loading = (dataset_id, revision)
        try:
            worker.__dict__.pop("sent", None)  # a worker that loads again holds no extras
            worker.call({"op": "load", "dataset_id": dataset_id, "revision": revision})
        except (EOFError, OSError):
            pass  # a dead worker is dropped on release and replaced on the next call
        finally:
            worker.loading = None
            self._release(worker)

    def _ensure_started(self, count: int | None = None) -> None:
        """At least ``count`` workers (default: the pool's size) running or starting."""
        with self._cond:
            if self._closed:
                raise RuntimeError("the worker pool is closed")
            while len(self._workers) < min(self.size, self.size if count is None else count):
                self._start_one()
            self._cond.notify_all()

    def _start_one(self) -> None:
        """One more worker, idle (called with ``_cond`` held)."""
        w = _Worker(self.home)
        self._workers.append(w)
        self._idle.append(w)

    def _take_ticket(self) -> int:
        with self._cond:
            self._tickets += 1
            self._queue.append(self._tickets)
            return self._tickets

    def _acquire(self, key: tuple[str, int], ticket: int | None = None) -> _Worker:
        """An idle worker for this call, once the calls queued before it have one."""
        if ticket is None:
            ticket = self._take_ticket()
        with self._cond:
            if ticket not in self._queue:  # forgotten by a caller that gave up: queue again
                self._queue.append(ticket)
            self._entered.add(ticket)
        try:
            self._ensure_started(1)
            with self._cond:
                while True:
                    fetched = any(w.loading == key for w in self._workers)
                    if self._idle and self._queue[0] == ticket:
                        # a worker that holds this revision, else one that is loading it
                        # ahead (a prefetch: waiting for it beats loading it from scratch)
                        worker = next((w for w in self._idle if w.loaded == key), None)
                        if worker is None and not fetched:
                            worker = self._idle[0]
                        if worker is not None:
                            self._idle.remove(worker)
                            return worker
                    elif (self._queue[0] == ticket and not fetched and not self._closed
                          and len(self._workers) < self.size):
                        self._start_one()  # every worker is busy: one more, up to the size
                        continue
                    self._cond.wait()
        finally:
            with self._cond:
                self._queue.remove(ticket)
                self._entered.discard(ticket)
                self._cond.notify_all()

    def _forget(self, ticket: int) -> None:
        with self._cond:
            if ticket not in self._entered and ticket in self._queue:
                self._queue.remove(ticket)
                self._cond.notify_all()

    def _release(self, worker: _Worker) -> None:
        with self._cond:
            if worker not in self._workers:
                pass  # the pool was closed meanwhile
            elif worker.alive:
                self._idle.append(worker)
            else:
                self._workers.remove(worker)
            self._cond.notify_all()

    def _request(self, request: dict[str, Any], ticket: int | None = None) -> dict[str, Any]:
        revision_key = (request["dataset_id"], request["revision"])
        worker = self._acquire(revision_key, ticket)
        key = (request.get("run_id") or None, request.get("call_id") or None)
        with self._cond:
            if key in self._given_up:  # timed out while waiting for a worker: never sent
                self._given_up.discard(key)
                self._release(worker)
                return {"error": "the call was stopped before a worker took it"}
            worker.serving, worker.serving_call = key
        try:
            reply = worker.call(_unsent(worker, revision_key, request))
            _note_sent(worker, revision_key, reply.get("extras") or {})
            return reply
        except (EOFError, OSError, BrokenPipeError) as exc:
            if worker.cancelled:  # killed by cancel_run: not a failure
                return {"error": "the run was cancelled; its analysis worker was stopped",
                        "cancelled": True}
            return {"error": f"analysis worker exited ({type(exc).__name__}, exit code "
                             f"{worker.exit_code(1)})"}
        finally:
            worker.serving = worker.serving_call = None
            self._release(worker)

    def cancel_run(self, run_id: str) -> int:
        """Kill the workers busy with this run's calls (they are replaced on the next call)."""
        hit = [w for w in list(self._workers) if w.serving == run_id]
        for w in hit:
            w.cancelled = True
            w.kill()
        return len(hit)

    def cancel_call(self, run_id: str, call_id: str) -> int:
        """Kill the worker answering this call (a tool past its time limit); a call still
        waiting for a worker is never sent."""
        key = (run_id or None, call_id or None)
        with self._cond:
            hit = [w for w in list(self._workers) if (w.serving, w.serving_call) == key]
            if not hit:
                self._given_up.add(key)
        for w in hit:
            w.kill()
        return len(hit)

    def busy_with(self, run_id: str) -> bool:
        return any(w.serving == run_id for w in list(self._workers))

    @property
    def started(self) -> int:
        return len(self._workers)

    def pids(self) -> list[int]:
        return [w.process.pid for w in self._workers if w.process.pid is not None]

    def close(self) -> None:
        with self._cond:
            self._closed = True
            workers, self._workers, self._idle = self._workers, [], []
            self._cond.notify_all()
        for w in workers:
            w.stop()


_POOLS: weakref.WeakSet[WorkerPool] = weakref.WeakSet()


@atexit.register
def _close_all() -> None:
    for pool in list(_POOLS):
        pool.close()


# -- the worker process ---------------------------------------------------------------------
def serve(conn: Any, home: str) -> None:
    """Worker main loop: load revisions on demand, run read-only tools by name."""
    os.environ["OMP_NUM_THREADS"] = "1"
    from igraph_agent.errors import AgentError
    from igraph_agent.graph.heap import give_back
    from igraph_agent.graph.session import SessionGraph
    from igraph_agent.graph.summary import view_parts
    from igraph_agent.graph.workspace import Workspace
    from igraph_agent.store import Store
    from igraph_agent.tools import default_registry
    from igraph_agent.tools.registry import ToolContext

    store = Store(Path(home) / "agent.db")
    workspace = Workspace(home, store)
    registry = default_registry()
    session = SessionGraph("worker")
    key: tuple[str, int] | None = None
    while True:
        try:
            request = conn.recv()
        except (EOFError, OSError):
            break
        if request is None:
            break
        try:
            wanted = (request["dataset_id"], request["revision"])
            if key != wanted:
                session = SessionGraph("worker")  # the old revision's graph dropped first
                g, rev = workspace.load(*wanted)
                session.set_graph(g, wanted[0], rev)
                key = wanted
                give_back()  # the load's freed buffers
            if request["op"] == "load":  # a prefetch: the view too, which most calls here read
                if view_parts(session.graph) is not None:  # (from the stored codes, not networkx)
                    session.igraph()
                give_back()  # the build's freed pairs
                conn.send({"loaded": list(key), "view": session._igraph is not None})
                continue
            for name, value in (request.get("extras") or {}).items():
                setattr(session, name, value)
            before = {k: id(v) for k, v in session_extras(session).items()}
            t = registry.get(request["tool"])
            if t is None:
                raise AgentError(ErrorCode.TOOL_NOT_IN_SCOPE,
                                 f"the worker has no tool {request['tool']!r}")
            args = t.args_model.model_validate(request["args"])
            ctx = ToolContext(workspace=workspace, session=session, run_id=request["run_id"],
                              call_id=request["call_id"], read_only=True)
            result = registry.execute(t, args, ctx)
            changed = {k: v for k, v in session_extras(session).items() if id(v) != before[k]}
            conn.send({"envelope": result.envelope(), "extras": changed})
        except AgentError as exc:
            failure = ToolResult.failure(request.get("tool", "load"), request.get("call_id", ""),
                                         exc.code, exc.message, hint=exc.hint,
                                         details=exc.details)
            conn.send({"envelope": failure.envelope(), "extras": {}})
        except Exception as exc:
            conn.send({"error": f"{type(exc).__name__}: {exc}"})
    store.close()
