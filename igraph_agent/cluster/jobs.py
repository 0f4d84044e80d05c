"""Background jobs on a Ray cluster: the remote executor of ``runtime/jobs.py``'s contract.

``JobManager`` keeps the one job contract (states in the store, progress with strictly
increasing ``seq``, cancel of descendants, hand-off to children); with
``IGRAPH_AGENT_CLUSTER`` set it hands ``work`` to :class:`RayExecutor` instead of calling it
on a thread. Each job is a detached, named Ray actor (:class:`JobRunner`, named
``job-<job id>`` in the ``igraph_agent`` namespace) that runs ``work(job)`` on its own thread
and keeps the job's progress log, its child requests and its end in memory. The kernel side
polls it (:meth:`RayExecutor.follow`) and replays what it finds onto the local job: each
remote record becomes one stored record (same ``seq``), a remote ``spawn`` / ``hand_off``
becomes a child job (itself an actor), a cancel is sent to the actor and confirmed when the
actor stops (or is killed after :data:`CANCEL_GRACE_S`). Because the actor is detached it
outlives the process that started it; a new process reattaches by the job id
(:meth:`RayExecutor.alive`, then ``follow`` from the stored cursor).

``work`` travels to the actor with cloudpickle, together with whatever it holds (the
training inputs are numpy arrays: they go through Ray's object store), so it must not hold
live objects such as an open store; :func:`check_picklable` refuses it before anything is
written.

Example::

    >>> from igraph_agent.cluster.jobs import actor_name, JobRunner
    >>> actor_name("job_1a2b")
    'job-job_1a2b'
    >>> runner = JobRunner("job_1a2b", {"epochs": 2})
    >>> def work(job):
    ...     for i in range(2):
    ...         job.check_cancelled()
    ...         job.progress((i + 1) / 2, f"step {i + 1}")
    ...     return {"answer": 42}
    >>> runner.start(work)
    >>> runner.join(5)
    >>> view = runner.poll(0)
    >>> view["state"], [r["message"] for r in view["records"]], view["result"]
    ('done', ['step 1', 'step 2'], {'answer': 42})
"""

from __future__ import annotations

import threading
import time
import traceback
from collections.abc import Callable
from typing import Any

from igraph_agent.cluster.connect import NAMESPACE, ensure_connected, parse_address
from igraph_agent.errors import AgentError, ErrorCode, JobCancelled

POLL_S = 0.2
PAGE = 200
CANCEL_GRACE_S = 10.0
SILENT_LIMIT_S = 60.0  # an actor that answers no poll for this long is lost
Work = Callable[[Any], Any]


def actor_name(job_id: str) -> str:
    return f"job-{job_id}"


def lost(job_id: str, why: str) -> AgentError:
    """The coded error for a job whose actor (or its node) is gone."""
    return AgentError(ErrorCode.CLUSTER_TASK_LOST, f"job {job_id} was lost on the Ray cluster: {why}",
                      hint="start the job again; if a worker node died, check the cluster "
                           "(`ray status`)", details={"job_id": job_id})


# -- the remote side ----------------------------------------------------------------------
class RemoteJob:
    """What ``work`` sees of its job inside the actor: the same methods as a local job."""

    def __init__(self, runner: JobRunner) -> None:
        self._runner = runner
        self.id = runner.job_id
        self.params = runner.params
        self.child_id: str | None = None

    @property
    def cancelled(self) -> bool:
        return self._runner.cancel_flag.is_set()

    def check_cancelled(self) -> None:
        if self.cancelled:
            raise JobCancelled(self.id)

    def progress(self, fraction: float, message: str, **data: Any) -> dict[str, Any]:
        return self._runner.add_record(fraction, message, data)

    def spawn(self, kind: str, work: Work, params: dict | None = None) -> str:
        """A child job; the kernel side submits it (as its own actor) at its next poll."""
        return self._runner.request(kind, work, params, hand_off=False)

    def hand_off(self, kind: str, work: Work, params: dict | None = None) -> None:
        self.child_id = self._runner.request(kind, work, params, hand_off=True)


class JobRunner:
    """The body of a job's actor: runs ``work`` on a thread, keeps the log and the end."""

    def __init__(self, job_id: str, params: dict[str, Any]) -> None:
        self.job_id, self.params = job_id, params
        self.cancel_flag = threading.Event()
        self.records: list[dict[str, Any]] = []
        self.requests: list[dict[str, Any]] = []
        self.state, self.result, self.error = "queued", None, None
        self._lock = threading.Lock()
        self._thread: threading.Thread | None = None

    def start(self, work: Work) -> None:
        if self._thread is None:
            self.state = "running"
            self._thread = threading.Thread(target=self._run, args=(work,), daemon=True)
            self._thread.start()

    def join(self, timeout: float) -> None:
        if self._thread is not None:
            self._thread.join(timeout)

    def _run(self, work: Work) -> None:
        job = RemoteJob(self)
        try:
            job.check_cancelled()
            result = work(job)
            job.check_cancelled()
            end: tuple[str, Any, Any] = ("done", {"handed_off_to": job.child_id}
                                         if job.child_id else result, None)
        except JobCancelled:
            end = ("cancelled", None, None)
        except AgentError as exc:
            end = ("failed", None, exc.to_dict())
        except BaseException as exc:  # the remote error, by its type and message
            end = ("failed", None, {
                "code": str(ErrorCode.JOB_FAILED),
                "message": f"{type(exc).__name__}: {exc}",
                "details": {"traceback": traceback.format_exc(limit=5), "where": "ray"}})
        with self._lock:
            self.state, self.result, self.error = end

    def add_record(self, fraction: float, message: str, data: dict[str, Any]) -> dict[str, Any]:
        with self._lock:
            rec = {"seq": len(self.records), "fraction": max(0.0, min(1.0, float(fraction))),
                   "message": message, "data": data, "ts": time.time()}
            self.records.append(rec)
            return rec

    def request(self, kind: str, work: Work, params: dict | None, *, hand_off: bool) -> str:
        from igraph_agent.store import new_id

        child = new_id("job")
        with self._lock:
            self.requests.append({"job_id": child, "kind": kind, "work": work,
                                  "params": params, "hand_off": hand_off})
        return child

    def poll(self, after: int, requests_after: int = 0) -> dict[str, Any]:
        """Records from index ``after`` (one page), child requests, and the end once reached."""
        with self._lock:
            out = {"records": self.records[after:after + PAGE], "total": len(self.records),
                   "requests": self.requests[requests_after:], "state": self.state,
                   "result": self.result, "error": self.error}
        if out["state"] not in ("done", "failed", "cancelled") or after + PAGE < out["total"]:
            out["state"] = "running" if out["state"] != "queued" else "queued"
            out["result"] = out["error"] = None
        return out

    def cancel(self) -> None:
        self.cancel_flag.set()


# -- the kernel side ----------------------------------------------------------------------
def check_picklable(work: Work) -> None:
    """Refuse work that cannot travel to a Ray worker, before anything is written."""
    from ray import cloudpickle

    try:
        cloudpickle.dumps(work)
    except Exception as exc:
        raise AgentError(ErrorCode.JOB_FAILED,
                         f"this job cannot run on the Ray cluster: its work is not picklable "
                         f"({type(exc).__name__}: {str(exc)[:200]})",
                         hint="work for a cluster must hold data and paths, not open stores, "
                              "locks or connections (docs/cluster.md)") from None


def _cpus(work: Work, default: float) -> float:
    """The CPUs a job's actor asks for: ``work.cluster_cpus`` when the work says (0 for work
    that only drives other Ray tasks, as a distributed training does), else ``default``."""
    cpus = getattr(work, "cluster_cpus", None)
    return default if cpus is None else float(cpus)


class RayExecutor:
    """Runs jobs as detached actors on the cluster at ``address``.

    ``resources`` (Ray custom resources) and ``num_cpus`` are the actors' placement; the
    default asks one CPU per job, so a job never shares a core with another.
    """

    def __init__(self, address: str, *, num_cpus: float = 1.0,
                 resources: dict[str, float] | None = None) -> None:
        self.address = address
        self.num_cpus = num_cpus
        self.resources = dict(resources or {})

    def connect(self) -> Any:
        return ensure_connected(parse_address(self.address) or "auto")

    def prepare(self, work: Work) -> None:
        """Connect and check ``work`` (``CLUSTER_UNAVAILABLE``, ``JOB_FAILED``); call before
        the job is stored."""
        self.connect()
        check_picklable(work)

    def launch(self, job_id: str, params: dict[str, Any], work: Work) -> None:
        """Create the job's actor and hand it ``work`` (returns once the actor holds it)."""
        ray = self.connect()
        actor = ray.remote(JobRunner).options(
            name=actor_name(job_id), namespace=NAMESPACE, lifetime="detached",
            max_concurrency=4, max_restarts=0, num_cpus=_cpus(work, self.num_cpus),
            resources=self.resources or None).remote(job_id, params)
        try:
            ray.get(actor.start.remote(work))
        except Exception as exc:
            self._kill(actor)
            if isinstance(exc, ray.exceptions.RayActorError):
                raise lost(job_id, f"its actor died before it started ({_short(exc)})") from None
            raise AgentError(ErrorCode.JOB_FAILED,
                             f"the job's work could not start on the cluster: {_short(exc)}",
                             hint="the cluster's workers need the same igraph-agent and "
                                  "libraries as this process (docs/cluster.md)") from None

    def alive(self, job_id: str) -> bool:
        """Whether the job's actor still exists (for reattaching after a restart)."""
        ray = self.connect()
        try:
            ray.get_actor(actor_name(job_id), namespace=NAMESPACE)
        except ValueError:
            return False
        return True

    def follow(self, job: Any, cursor: int) -> Any:
        """Replay the actor's log onto ``job`` from remote index ``cursor`` until it ends.

        ``job`` is the kernel side's job (``progress``, ``cancelled``, ``spawn``,
        ``hand_off``). Returns the result, or raises what the work raised: ``JobCancelled``,
        the remote ``AgentError``, ``JOB_FAILED`` with the remote type and message,
        ``CLUSTER_TASK_LOST`` when the actor or its node died. The actor is removed once
        its end is collected.
        """
        ray = self.connect()
        try:
            actor = ray.get_actor(actor_name(job.id), namespace=NAMESPACE)
        except ValueError:
            raise lost(job.id, "its actor is gone (the job ended unseen, or its node died)") from None
        cancel_sent: float | None = None
        silent_since = time.monotonic()
        requests_seen = 0
        try:
            while True:
                if job.cancelled and cancel_sent is None:
                    actor.cancel.remote()
                    cancel_sent = time.monotonic()
                if cancel_sent is not None and time.monotonic() - cancel_sent > CANCEL_GRACE_S:
                    raise JobCancelled(job.id)  # the work ignores cancel: the actor is killed
                try:
                    view = ray.get(actor.poll.remote(cursor, requests_seen), timeout=5.0)
                except ray.exceptions.GetTimeoutError:
                    if time.monotonic() - silent_since > SILENT_LIMIT_S:
                        raise lost(job.id, f"its actor answered nothing for {SILENT_LIMIT_S:.0f} s") from None
                    continue
                except ray.exceptions.RayActorError as exc:
                    raise lost(job.id, f"its actor or its worker node died ({_short(exc)})") from None
                silent_since = time.monotonic()
                for rec in view["records"]:
                    job.progress(rec["fraction"], rec["message"], **(rec["data"] or {}))
                cursor += len(view["records"])
                for req in view["requests"]:
                    adopt = job.hand_off if req["hand_off"] else job.spawn
                    adopt(req["kind"], req["work"], req["params"], job_id=req["job_id"])
                requests_seen += len(view["requests"])
                state = view["state"]
                if state == "done":
                    return view["result"]
                if state == "cancelled":
                    raise JobCancelled(job.id)
                if state == "failed":
                    raise remote_error(view["error"] or {})
                if len(view["records"]) < PAGE:
                    time.sleep(POLL_S)
        finally:
            self._kill(actor)

    def cancel(self, job_id: str) -> None:
        """Remove a job's actor that nobody follows here (its follower process is gone)."""
        ray = self.connect()
        try:
            self._kill(ray.get_actor(actor_name(job_id), namespace=NAMESPACE))
        except ValueError:
            pass

    def _kill(self, actor: Any) -> None:
        import ray

        try:
            ray.kill(actor, no_restart=True)
        except Exception:  # already gone
            pass


def remote_error(err: dict[str, Any]) -> AgentError:
    """The ``AgentError`` a failed actor reported, rebuilt on this side."""
    try:
        code = ErrorCode(err.get("code"))
    except ValueError:
        code = ErrorCode.JOB_FAILED
    return AgentError(code, err.get("message") or "the job failed on the cluster",
                      hint=err.get("hint"), retryable=bool(err.get("retryable")),
                      details=err.get("details") or {})


def _short(exc: BaseException) -> str:
    text = str(exc).strip().splitlines()
    return f"{type(exc).__name__}: {text[-1][:300] if text else ''}"
