"""Background jobs: persisted state, a paged progress log, child jobs and cancellation.

A job runs ``work(job)`` on its own daemon thread (torch releases the GIL in its kernels,
and a thread keeps the trained model in the process; ``bench/training.py`` measures the
cost). With a cluster (``IGRAPH_AGENT_CLUSTER``) the same thread hands ``work`` to
``cluster/jobs.py``'s executor instead: the work runs in a detached Ray actor and the thread
replays its progress, child jobs and end onto the job here, so states, ``seq``, cancel and
hand-off are this module's either way. Such a job outlives this process: a new one
reattaches it at start-up (:meth:`JobManager.interrupt_stale`). States: ``queued`` -> ``running`` -> ``done`` | ``failed`` | ``cancelled``, each
stored in the project's SQLite file with the job's parent, its hand-off child, its result
or error. Progress records have a ``seq`` strictly increasing per job;
:meth:`JobManager.status` returns the records after a cursor one page at a time.

A job may hand its result to a child job (:meth:`Job.hand_off`): it ends ``done`` with
``child_id`` set and no result of its own; whoever follows it continues with the child
from cursor -1. A missing child, or one that would close a cycle, is refused. Cancelling
a job cancels its descendants; work checks :meth:`Job.check_cancelled` (the training
loops do so every epoch) and the job ends ``cancelled``.

Example::

    >>> jobs = JobManager(store)
    >>> def work(job):
    ...     for i in range(3):
    ...         job.check_cancelled()
    ...         job.progress((i + 1) / 3, f"step {i + 1}/3")
    ...     return {"answer": 42}
    >>> job_id = jobs.submit("demo", work)
    >>> jobs.wait(job_id, timeout=5)
    'done'
    >>> status = jobs.status(job_id, after_seq=-1)
    >>> status["state"], [p["message"] for p in status["progress"]], status["result"]
    ('done', ['step 1/3', 'step 2/3', 'step 3/3'], {'answer': 42})
"""

from __future__ import annotations

import builtins
import threading
import traceback
from collections.abc import Callable
from typing import Any

from igraph_agent.errors import AgentError, ErrorCode, JobCancelled
from igraph_agent.runtime.events import JobProgress
from igraph_agent.status import JOB_ENDED
from igraph_agent.store import Store, new_id
from igraph_agent.store.jobs import JobStore

PAGE_SIZE = 50
ON_RAY = "@ray:"  # owner "<pid>:<start>@ray:<host actor>": the job's work runs on the cluster


def host_of(owner: str | None) -> str:
    """The Ray actor a job's work runs in, from its owner (``""`` for a job run here)."""
    return (owner or "").partition(ON_RAY)[2]
Listener = Callable[[dict[str, Any]], None]


class Job:
    """What work sees of its own job: progress, cancellation, child jobs, hand-off."""

    def __init__(self, manager: JobManager, job_id: str, params: dict[str, Any]) -> None:
        self.manager = manager
        self.id = job_id
        self.params = params
        self.child_id: str | None = None

    @property
    def cancelled(self) -> bool:
        return self.manager._cancel_flag(self.id).is_set()

    def check_cancelled(self) -> None:
        if self.cancelled:
            raise JobCancelled(self.id)

    def progress(self, fraction: float, message: str, **data: Any) -> dict[str, Any]:
        return self.manager._progress(self.id, fraction, message, data)

    def spawn(self, kind: str, work: Callable[[Job], Any], params: dict | None = None) -> str:
        """Start a child job (its parent is this job)."""
        return self.manager.submit(kind, work, params=params, parent_id=self.id)

    def hand_off(self, kind: str, work: Callable[[Job], Any], params: dict | None = None) -> None:
        """Finish by handing the result to a new child job running ``work``."""
        child = self.spawn(kind, work, params)
        self.manager.link_child(self.id, child)
        self.child_id = child

    def adopt(self, child_id: str, kind: str, params: dict | None, *, hand_off: bool) -> None:
        """Store and follow a child that this job's work started on the cluster."""
        self.manager.adopt(self, child_id, kind, params)
        if hand_off:
            self.manager.link_child(self.id, child_id)
            self.child_id = child_id


class JobManager:
    """The project's jobs; one per Agent. ``listener(record)`` sees every progress record.

    Jobs run on threads of this process and record it as their owner: :meth:`interrupt_stale`
    (called by ``Agent`` at start-up) fails the ones whose owner process ended. ``cluster``
    (the ``IGRAPH_AGENT_CLUSTER`` value) runs the work on Ray; ``remote`` is its executor.
    """

    def __init__(self, store: Store, *, page_size: int = PAGE_SIZE,
                 listener: Listener | None = None, cluster: str | None = None) -> None:
        self.db = JobStore(store)
        self.remote: Any = None
        if cluster:
            from igraph_agent.cluster.jobs import RayExecutor

            self.remote = RayExecutor(cluster)
        self.reattached: list[str] = []
        self.page_size = page_size
        self.listener = listener
        self._flags: dict[str, threading.Event] = {}
        self._listeners: dict[str, Listener] = {}
        self._threads: dict[str, threading.Thread] = {}
        self._run_of: dict[str, str] = {}  # job -> run, for cancelling a run's jobs locally
        self._lock = threading.Lock()
        self._changed = threading.Condition(self._lock)

    def interrupt_stale(self) -> int:
        """Fail jobs left queued or running by a process that ended; returns how many.

        Only jobs whose owner (pid + start time, ``runtime/owner.py``) is dead are touched,
        so two Agents on one home never fail each other's jobs.
        """
        from igraph_agent.runtime.owner import owner_alive

        live = {j for j, t in self._threads.items() if t.is_alive()}
        stale = [r for r in self.db.list_jobs(limit=10_000)
                 if r.state in ("queued", "running") and r.id not in live
                 and not owner_alive(r.owner)]
        failed, reachable = 0, True
        for row in stale:
            if host_of(row.owner):
                if reachable and self.remote is not None:
                    try:
                        failed += self._reattach(row)
                    except AgentError:  # the cluster is unreachable now: try at a later start
                        reachable = False
                continue
            failed += 1
            pid = (row.owner or "?").split(":")[0]
            self.db.set_state(row.id, "failed", error={
                "code": str(ErrorCode.JOB_FAILED),
                "message": f"interrupted: the process that ran this job (pid {pid}) ended "
                           "before it finished",
                "hint": "start the job again; nothing of it was kept"})
        return failed

    def _reattach(self, row: Any) -> int:
        """Follow again a job whose actor lives on the cluster; fail it if the actor is
        gone. Raises ``CLUSTER_UNAVAILABLE`` when the cluster cannot be reached (the job is
        then left as it is: it may still run there). Returns 1 if the job was failed."""
        from igraph_agent.runtime.owner import current_owner

        host = host_of(row.owner)
        if not self.remote.alive(row.id, host):
            self.db.set_state(row.id, "failed", error={
                "code": str(ErrorCode.CLUSTER_TASK_LOST),
                "message": f"the job's Ray actor is gone: it ended or its node died while no "
                           f"process followed it (its follower, pid "
                           f"{(row.owner or '?').split(':')[0]}, had ended)",
                "hint": "start the job again; its result was not collected"})
            return 1
        if not self.db.claim(row.id, row.owner, current_owner() + ON_RAY + host):
            return 0  # another process reattached it first
        self.reattached.append(row.id)
        self._start(Job(self, row.id, row.params or {}), None,
                    cursor=self.db.progress_count(row.id))
        return 0

    def cancel_run(self, run_id: str) -> list[str]:
        """Cancel every unfinished job of a run (with descendants), now.

        Local flags are set first, so the work stops even when the store is unavailable.
        """
        with self._lock:
            local = [j for j, r in self._run_of.items() if r == run_id]
            for jid in local:
                self._flags.setdefault(jid, threading.Event()).set()
        hit = list(local)
        try:
            for row in self.db.list_jobs(run_id, limit=10_000):
                if row.state not in JOB_ENDED and row.parent_id is None:
                    hit += [j for j in self.cancel(row.id) if j not in hit]
        except Exception:  # the store is unavailable: the local flags above still stop work
            pass
        return hit

    def wait_run(self, run_id: str, timeout: float) -> bool:
        """Wait until every job of this process for the run has exited; True if all did."""
        import time as _time

        deadline = _time.monotonic() + timeout
        with self._lock:
            threads = [self._threads[j] for j, r in self._run_of.items()
                       if r == run_id and j in self._threads]
        for thread in threads:
            thread.join(max(0.0, deadline - _time.monotonic()))
        return not any(t.is_alive() for t in threads)

    def for_run(self, run_id: str, emit: Callable[[JobProgress], Any] | None = None,
                run_cancelled: threading.Event | None = None) -> RunJobs:
        """The view one run's tools get as ``ToolContext.jobs``."""
        return RunJobs(self, run_id, emit, run_cancelled)

    # -- submitting -------------------------------------------------------------------
    def submit(self, kind: str, work: Callable[[Job], Any], *, params: dict | None = None,
               parent_id: str | None = None, run_id: str = "", call_id: str = "",
               listener: Listener | None = None, job_id: str | None = None) -> str:
        """Persist a queued job and start ``work(job)`` on a thread; returns ``job_…``.

        A child inherits its parent's listener and is cancelled with it. With a cluster,
        an unreachable cluster (``CLUSTER_UNAVAILABLE``) or work that cannot travel there
        refuses the submit before anything is stored.
        """
        if parent_id is not None and self.db.get_job(parent_id) is None:
            raise AgentError(ErrorCode.INVALID_ARGUMENTS, f"no parent job {parent_id!r}",
                             hint="use a job_id taken from a tool result")
        if self.remote is not None:
            self.remote.prepare(work)
        job_id = job_id or new_id("job")
        parent = self.db.get_job(parent_id) if parent_id else None
        from igraph_agent.runtime.owner import current_owner

        run_id = run_id or (parent.run_id if parent else "")
        host = ON_RAY + self.remote.host_name(job_id) if self.remote is not None else ""
        self.db.add_job(job_id, kind, parent_id=parent_id, run_id=run_id,
                        call_id=call_id or (parent.call_id if parent else ""), params=params,
                        owner=current_owner() + host)
        self._register(job_id, run_id, parent_id, listener)
        self._start(Job(self, job_id, params or {}), work)
        return job_id

    def adopt(self, parent: Job, child_id: str, kind: str, params: dict | None) -> None:
        """Store and follow a child job that ``parent``'s work started in its cluster host
        (kept if it is stored already: a reattached parent reports its children again)."""
        if self.db.get_job(child_id) is not None:
            return
        from igraph_agent.runtime.owner import current_owner

        row = self.db.get_job(parent.id)
        assert row is not None
        self.db.add_job(child_id, kind, parent_id=parent.id, run_id=row.run_id,
                        call_id=row.call_id, params=params,
                        owner=current_owner() + ON_RAY + host_of(row.owner))
        self._register(child_id, row.run_id, parent.id, None)
        self._start(Job(self, child_id, params or {}), None, cursor=0)

    def _register(self, job_id: str, run_id: str, parent_id: str | None,
                  listener: Listener | None) -> None:
        with self._lock:
            self._run_of[job_id] = run_id
            self._flags[job_id] = threading.Event()
            inherited = self._listeners.get(parent_id) if parent_id else None
            if listener or inherited:
                self._listeners[job_id] = listener or inherited  # type: ignore[assignment]
            if parent_id and self._flags.get(parent_id, threading.Event()).is_set():
                self._flags[job_id].set()

    def _start(self, job: Job, work: Callable[[Job], Any] | None, cursor: int | None = None) -> None:
        thread = threading.Thread(target=self._run, args=(job, work, cursor), daemon=True,
                                  name=f"igraph-agent-{job.id}")
        self._threads[job.id] = thread
        thread.start()

    def _execute(self, job: Job, work: Callable[[Job], Any] | None, cursor: int | None) -> Any:
        """``work(job)`` here, or on the cluster: launched (``cursor`` None) or reattached
        at the stored cursor, then followed to its end."""
        if self.remote is None:
            assert work is not None
            return work(job)
        if cursor is None:
            self.remote.launch(job.id, job.params, work)
            cursor = 0
        row = self.db.get_job(job.id)
        return self.remote.follow(job, host_of(row.owner if row else None), cursor)

    def _run(self, job: Job, work: Callable[[Job], Any] | None, cursor: int | None = None) -> None:
        try:
            job.check_cancelled()
            self.db.set_state(job.id, "running", only_from=("queued",))
            self._notify()
            result = self._execute(job, work, cursor)
            job.check_cancelled()
            if job.child_id is not None:
                self.db.set_state(job.id, "done", result={"handed_off_to": job.child_id})
            else:
                self.db.set_state(job.id, "done", result=result)
        except JobCancelled:
            self.db.set_state(job.id, "cancelled", error={
                "code": str(ErrorCode.JOB_CANCELLED), "message": "the job was cancelled"})
        except AgentError as exc:
            self.db.set_state(job.id, "failed", error=exc.to_dict())
        except Exception as exc:  # work must never take the process down
            self.db.set_state(job.id, "failed", error={
                "code": str(ErrorCode.JOB_FAILED), "message": f"{type(exc).__name__}: {exc}",
                "details": {"traceback": traceback.format_exc(limit=5)}})
        finally:
            if self.remote is not None:  # the end is stored: the cluster may drop the job
                try:
                    row = self.db.get_job(job.id)
                    if row is not None and host_of(row.owner):
                        self.remote.release(job.id, host_of(row.owner))
                except Exception:  # the cluster is gone: nothing is left to release there
                    pass
            self._notify()

    # -- links ------------------------------------------------------------------------
    def link_child(self, job_id: str, child_id: str) -> None:
        """Record that ``job_id`` hands its result to ``child_id``.

        Refused when the child does not exist, or when following it would come back to
        ``job_id`` (the child is the job itself, one of its ancestors, or already hands
        off, directly or not, to ``job_id``).
        """
        if self.db.get_job(child_id) is None:
            raise AgentError(ErrorCode.RESULT_UNAVAILABLE, f"child job {child_id!r} does not exist",
                             hint="hand off only to a job created by spawn()")
        ancestors, cur = set(), self.db.get_job(job_id)
        while cur is not None:
            ancestors.add(cur.id)
            cur = self.db.get_job(cur.parent_id) if cur.parent_id else None
        chain, cur = [child_id], self.db.get_job(child_id)
        while cur is not None and cur.child_id:
            chain.append(cur.child_id)
            if cur.child_id in chain[:-1]:
                break
            cur = self.db.get_job(cur.child_id)
        if ancestors & set(chain):
            raise AgentError(ErrorCode.INVALID_ARGUMENTS,
                             f"handing {job_id} to {child_id} would make a cycle "
                             f"({' -> '.join([job_id, *chain])})",
                             hint="hand off to a new child job")
        self.db.set_child(job_id, child_id)

    # -- reading ----------------------------------------------------------------------
    def status(self, job_id: str, after_seq: int = -1, limit: int | None = None) -> dict[str, Any]:
        """The job's state and its progress records after ``after_seq``, one page.

        Returns ``job_id, kind, state, parent_id, child_id, progress`` (records with
        ``seq, fraction, message, data``), ``progress_cursor`` (the last seq returned, else
        ``after_seq``), ``progress_has_more``, and ``result`` / ``error`` once terminal.
        """
        row = self.db.get_job(job_id)
        if row is None:
            raise AgentError(ErrorCode.RESULT_UNAVAILABLE, f"no job {job_id!r} in this project",
                             hint="use a job_id taken from a tool result")
        page = self.db.progress(job_id, after_seq, limit or self.page_size)
        cursor = page[-1]["seq"] if page else after_seq
        records = [{"seq": r["seq"], "fraction": r["fraction"], "message": r["message"],
                    "data": r["data"], "ts": r["ts"]} for r in page]
        out = {"job_id": job_id, "kind": row.kind, "state": row.state.value,
               "parent_id": row.parent_id, "child_id": row.child_id,
               "progress": records, "progress_cursor": cursor,
               "progress_has_more": self.db.has_progress_after(job_id, cursor)}
        if row.state in JOB_ENDED:
            out["result"] = row.result
            out["error"] = row.error
        return out

    def list(self, run_id: str | None = None, limit: int = 50) -> list[dict[str, Any]]:
        """Recent jobs, newest first, each with its latest progress record."""
        out = []
        for row in self.db.list_jobs(run_id, limit):
            last = self.db.store._query(
                "SELECT seq, fraction, message FROM job_progress WHERE job_id=? "
                "ORDER BY seq DESC LIMIT 1", (row.id,))
            out.append({"job_id": row.id, "kind": row.kind, "state": row.state.value,
                        "parent_id": row.parent_id, "child_id": row.child_id,
                        "run_id": row.run_id, "last_progress": last[0] if last else None})
        return out

    def wait(self, job_id: str, timeout: float | None = None) -> str:
        """Wait until the job is terminal (or ``timeout``); returns its state."""
        thread = self._threads.get(job_id)
        if thread is not None:
            thread.join(timeout)
        row = self.db.get_job(job_id)
        return row.state.value if row else "missing"

    def wait_for_change(self, timeout: float) -> None:
        """Block until any job changes state (or is cancelled), or ``timeout``."""
        with self._changed:
            self._changed.wait(timeout)

    # -- cancelling -------------------------------------------------------------------
    def descendants(self, job_id: str) -> builtins.list[str]:
        out, todo = [], [job_id]
        while todo:
            for child in self.db.children(todo.pop()):
                if child.id not in out:
                    out.append(child.id)
                    todo.append(child.id)
        return out

    def cancel(self, job_id: str) -> builtins.list[str]:
        """Cancel the job and every descendant; returns the ids that were still unfinished.

        Running work stops at its next :meth:`Job.check_cancelled`; a queued job or one
        whose thread is gone is marked cancelled at once.
        """
        if self.db.get_job(job_id) is None:
            raise AgentError(ErrorCode.RESULT_UNAVAILABLE, f"no job {job_id!r} in this project",
                             hint="use a job_id taken from a tool result")
        hit = []
        for jid in [job_id, *self.descendants(job_id)]:
            row = self.db.get_job(jid)
            if row is None or row.state in JOB_ENDED:
                continue
            hit.append(jid)
            self._cancel_flag(jid).set()
            thread = self._threads.get(jid)
            if thread is None or not thread.is_alive():
                if self.remote is not None and host_of(row.owner):
                    try:  # nobody here follows it: drop it from its host actor
                        self.remote.release(jid, host_of(row.owner))
                    except AgentError:
                        pass
                self.db.set_state(jid, "cancelled", error={
                    "code": str(ErrorCode.JOB_CANCELLED), "message": "the job was cancelled"})
        self._notify()
        return hit

    # -- internals --------------------------------------------------------------------
    def _cancel_flag(self, job_id: str) -> threading.Event:
        with self._lock:
            return self._flags.setdefault(job_id, threading.Event())

    def _progress(self, job_id: str, fraction: float, message: str,
                  data: dict[str, Any]) -> dict[str, Any]:
        record = self.db.add_progress(job_id, max(0.0, min(1.0, float(fraction))), message, data)
        for listener in (self._listeners.get(job_id), self.listener):
            if listener is not None:
                try:
                    listener(record)
                except Exception:  # a broken display must not fail the job
                    pass
        return record  # readers poll progress; only state changes wake them (cheap epochs)

    def _notify(self) -> None:
        with self._changed:
            self._changed.notify_all()


class RunJobs:
    """The job manager as one run's tools see it (``ToolContext.jobs``).

    Jobs it submits carry the run and call ids, and their progress goes out as run events
    ``job.progress`` with ``{job_id, seq, fraction, message}``. ``run_cancelled`` is the
    run's cancel flag: a tool waiting for a job cancels the job when it is set.
    """

    def __init__(self, manager: JobManager, run_id: str = "", emit: Callable[[JobProgress], Any] | None = None,
                 run_cancelled: threading.Event | None = None) -> None:
        self.manager = manager
        self.run_id = run_id
        self._emit = emit
        self.run_cancelled = run_cancelled or threading.Event()

    def submit(self, kind: str, work: Callable[[Job], Any], *, params: dict | None = None,
               call_id: str = "") -> str:
        return self.manager.submit(kind, work, params=params, run_id=self.run_id,
                                   call_id=call_id, listener=self._forward)

    def _forward(self, record: dict[str, Any]) -> None:
        if self._emit is not None:
            self._emit(JobProgress(job_id=record["job_id"], seq=record["seq"],
                                   fraction=record["fraction"], message=record["message"]))

    def status(self, job_id: str, after_seq: int = -1) -> dict[str, Any]:
        return self.manager.status(job_id, after_seq)

    def cancel(self, job_id: str) -> list[str]:
        return self.manager.cancel(job_id)

    def wait_for_change(self, timeout: float) -> None:
        self.manager.wait_for_change(timeout)

    @property
    def records(self) -> JobStore:
        """Models and experiments live next to the jobs that made them."""
        return self.manager.db
