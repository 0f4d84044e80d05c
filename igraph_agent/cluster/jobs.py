"""Background jobs on a Ray cluster: the remote executor of ``runtime/jobs.py``'s contract.

``JobManager`` keeps the one job contract (states in the store, progress with strictly
increasing ``seq``, cancel of descendants, hand-off to children); with
``IGRAPH_AGENT_CLUSTER`` set it hands ``work`` to :class:`RayExecutor` instead of calling it
on a thread. A job submitted from the kernel gets a detached, named Ray actor, its *host*
(:class:`JobHost`, named ``job-<job id>`` in the ``igraph_agent`` namespace), that runs
``work(job)`` on a thread and keeps the job's progress log, its child requests and its end
in memory; children the work spawns or hands off to run in the same host, so a trained
model handed to its save step never travels back. The kernel side polls the host per job
(:meth:`RayExecutor.follow`) and replays what it finds onto the local job: each remote
record becomes one stored record (same ``seq``), a remote child becomes a stored child job
followed the same way, a cancel is sent to the host and confirmed when the work stops (the
host is killed after :data:`CANCEL_GRACE_S` if it does not). A job's end, once stored, is
released from its host, and the host removed with its last job. Because the host is
detached it outlives the process that started it; a new process reattaches by the job id
(:meth:`RayExecutor.alive`, then ``follow`` from the stored cursor).

``work`` travels to the actor with cloudpickle, together with whatever it holds (the
training inputs are numpy arrays: they go through Ray's object store), so it must not hold
live objects such as an open store; :func:`check_picklable` refuses it before anything is
written.

Example::

    >>> from igraph_agent.cluster.jobs import actor_name, JobHost
    >>> actor_name("job_1a2b")
    'job-job_1a2b'
    >>> host = JobHost()                      # what runs inside the actor
    >>> def work(job):
    ...     for i in range(2):
    ...         job.check_cancelled()
    ...         job.progress((i + 1) / 2, f"step {i + 1}")
    ...     job.hand_off("save", lambda child: {"saved": True})
    >>> host.start("job_1a2b", {"epochs": 2}, work)
    >>> host.join("job_1a2b", 5)
    >>> view = host.poll("job_1a2b", 0)
    >>> view["state"], [r["message"] for r in view["records"]], view["result"]["handed_off_to"][:4]
    ('done', ['step 1', 'step 2'], 'job_')
    >>> child = view["requests"][0]["job_id"]
    >>> host.join(child, 5)
    >>> host.poll(child, 0)["result"], host.forget("job_1a2b"), host.forget(child)
    ({'saved': True}, 1, 0)
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

    def __init__(self, host: JobHost, slot: Slot) -> None:
        self._host, self._slot = host, slot
        self.id = slot.job_id
        self.params = slot.params
        self.child_id: str | None = None

    @property
    def cancelled(self) -> bool:
        return self._slot.cancel_flag.is_set()

    def check_cancelled(self) -> None:
        if self.cancelled:
            raise JobCancelled(self.id)

    def progress(self, fraction: float, message: str, **data: Any) -> dict[str, Any]:
        return self._host.add_record(self._slot, fraction, message, data)

    def spawn(self, kind: str, work: Work, params: dict | None = None) -> str:
        """A child job, started at once in this actor; the kernel side stores and follows
        it from its next poll."""
        return self._host.spawn(self._slot, kind, work, params, hand_off=False)

    def hand_off(self, kind: str, work: Work, params: dict | None = None) -> None:
        self.child_id = self._host.spawn(self._slot, kind, work, params, hand_off=True)


class Slot:
    """One job inside a host actor: its log, child requests, cancel flag and end."""

    def __init__(self, job_id: str, params: dict[str, Any]) -> None:
        self.job_id, self.params = job_id, params
        self.cancel_flag = threading.Event()
        self.records: list[dict[str, Any]] = []
        self.requests: list[dict[str, Any]] = []
        self.state, self.result, self.error = "running", None, None
        self.thread: threading.Thread | None = None


class JobHost:
    """The body of a job's actor: the job and the children it spawns (the family shares
    one worker process, so a hand-off never ships its data back), each on a thread."""

    def __init__(self) -> None:
        self.slots: dict[str, Slot] = {}
        self._lock = threading.Lock()

    def start(self, job_id: str, params: dict[str, Any], work: Work) -> None:
        with self._lock:
            if job_id in self.slots:
                return
            slot = self.slots[job_id] = Slot(job_id, params)
        slot.thread = threading.Thread(target=self._run, args=(slot, work), daemon=True,
                                       name=f"igraph-agent-{job_id}")
        slot.thread.start()

    def join(self, job_id: str, timeout: float) -> None:
        slot = self.slots.get(job_id)
        if slot is not None and slot.thread is not None:
            slot.thread.join(timeout)

    def _run(self, slot: Slot, work: Work) -> None:
        job = RemoteJob(self, slot)
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
            slot.state, slot.result, slot.error = end

    def add_record(self, slot: Slot, fraction: float, message: str,
                   data: dict[str, Any]) -> dict[str, Any]:
        with self._lock:
            rec = {"seq": len(slot.records), "fraction": max(0.0, min(1.0, float(fraction))),
                   "message": message, "data": data, "ts": time.time()}
            slot.records.append(rec)
            return rec

    def spawn(self, parent: Slot, kind: str, work: Work, params: dict | None, *,
              hand_off: bool) -> str:
        from igraph_agent.store import new_id

        child = new_id("job")
        with self._lock:
            parent.requests.append({"job_id": child, "kind": kind, "params": params,
                                    "hand_off": hand_off})
        self.start(child, params or {}, work)
        if parent.cancel_flag.is_set():
            self.slots[child].cancel_flag.set()
        return child

    def poll(self, job_id: str, after: int, requests_after: int = 0) -> dict[str, Any] | None:
        """Records from index ``after`` (one page), child requests, and the end once
        reached; ``None`` for a job this actor does not hold."""
        with self._lock:
            slot = self.slots.get(job_id)
            if slot is None:
                return None
            out = {"records": slot.records[after:after + PAGE], "total": len(slot.records),
                   "requests": slot.requests[requests_after:], "state": slot.state,
                   "result": slot.result, "error": slot.error}
        if out["state"] == "running" or after + PAGE < out["total"]:
            out["state"], out["result"], out["error"] = "running", None, None
        return out

    def cancel(self, job_id: str) -> None:
        slot = self.slots.get(job_id)
        if slot is not None:
            slot.cancel_flag.set()

    def busy(self, exclude: str) -> bool:
        """Whether a job other than ``exclude`` still runs here without being cancelled."""
        with self._lock:
            return any(s.state == "running" and not s.cancel_flag.is_set()
                       for j, s in self.slots.items() if j != exclude)

    def knows(self, job_id: str) -> bool:
        return job_id in self.slots

    def forget(self, job_id: str) -> int:
        """Drop a collected job (cancelling it if it still runs); returns how many remain."""
        with self._lock:
            slot = self.slots.pop(job_id, None)
            if slot is not None:
                slot.cancel_flag.set()
            return len(self.slots)


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

    A job submitted here gets its own actor (its *host*, named ``job-<job id>``); the
    children it spawns run in the same host. ``resources`` (Ray custom resources) and
    ``num_cpus`` place the hosts; the default asks one CPU per host.
    """

    def __init__(self, address: str, *, num_cpus: float = 1.0,
                 resources: dict[str, float] | None = None) -> None:
        self.address = address
        self.num_cpus = num_cpus
        self.resources = dict(resources or {})

    def connect(self) -> Any:
        return ensure_connected(parse_address(self.address) or "auto")

    def host_name(self, job_id: str) -> str:
        """The actor a job submitted from the kernel runs in."""
        return actor_name(job_id)

    def prepare(self, work: Work) -> None:
        """Connect and check ``work`` (``CLUSTER_UNAVAILABLE``, ``JOB_FAILED``); call before
        the job is stored."""
        self.connect()
        check_picklable(work)

    def launch(self, job_id: str, params: dict[str, Any], work: Work) -> None:
        """Create the job's host actor and hand it ``work`` (returns once it runs)."""
        ray = self.connect()
        host = ray.remote(JobHost).options(
            name=actor_name(job_id), namespace=NAMESPACE, lifetime="detached",
            max_concurrency=8, max_restarts=0, num_cpus=_cpus(work, self.num_cpus),
            resources=self.resources or None).remote()
        try:
            ray.get(host.start.remote(job_id, params, work))
        except Exception as exc:
            _kill(host)
            if isinstance(exc, ray.exceptions.RayActorError):
                raise lost(job_id, f"its actor died before it started ({_short(exc)})") from None
            raise AgentError(ErrorCode.JOB_FAILED,
                             f"the job's work could not start on the cluster: {_short(exc)}",
                             hint="the cluster's workers need the same igraph-agent and "
                                  "libraries as this process (docs/cluster.md)") from None

    def _host(self, host: str) -> Any:
        ray = self.connect()
        try:
            return ray.get_actor(host, namespace=NAMESPACE)
        except ValueError:
            return None

    def alive(self, job_id: str, host: str | None = None) -> bool:
        """Whether the job's host actor lives and still holds the job (to reattach it)."""
        import ray

        actor = self._host(host or actor_name(job_id))
        if actor is None:
            return False
        try:
            return bool(ray.get(actor.knows.remote(job_id), timeout=30))
        except Exception:  # the actor died meanwhile, or does not answer
            return False

    def follow(self, job: Any, host: str, cursor: int) -> Any:
        """Replay the job's log in ``host`` onto ``job`` from remote index ``cursor`` until
        it ends.

        ``job`` is the kernel side's job (``progress``, ``cancelled``, ``adopt``). Returns
        the result, or raises what the work raised: ``JobCancelled``, the remote
        ``AgentError``, ``JOB_FAILED`` with the remote type and message,
        ``CLUSTER_TASK_LOST`` when the actor or its node died.
        """
        import ray

        actor = self._host(host)
        if actor is None:
            raise lost(job.id, "its actor is gone (it ended unseen, or its node died)")
        cancel_sent: float | None = None
        silent_since = time.monotonic()
        requests_seen = 0
        while True:
            if job.cancelled and cancel_sent is None:
                actor.cancel.remote(job.id)
                cancel_sent = time.monotonic()
            if cancel_sent is not None and time.monotonic() - cancel_sent > CANCEL_GRACE_S:
                self._force_cancel(actor, job.id)
                raise JobCancelled(job.id)
            try:
                view = ray.get(actor.poll.remote(job.id, cursor, requests_seen), timeout=5.0)
            except ray.exceptions.GetTimeoutError:
                if time.monotonic() - silent_since > SILENT_LIMIT_S:
                    raise lost(job.id, f"its actor answered nothing for {SILENT_LIMIT_S:.0f} s") from None
                continue
            except ray.exceptions.RayActorError as exc:
                raise lost(job.id, f"its actor or its worker node died ({_short(exc)})") from None
            if view is None:
                raise lost(job.id, "its actor no longer holds it")
            silent_since = time.monotonic()
            for rec in view["records"]:
                job.progress(rec["fraction"], rec["message"], **(rec["data"] or {}))
            cursor += len(view["records"])
            for req in view["requests"]:
                job.adopt(req["job_id"], req["kind"], req["params"], hand_off=req["hand_off"])
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

    def _force_cancel(self, actor: Any, job_id: str) -> None:
        """The work ignores cancel: kill its host unless another live job shares it."""
        import ray

        try:
            if not ray.get(actor.busy.remote(job_id), timeout=10):
                _kill(actor)
        except Exception:  # already gone
            pass

    def release(self, job_id: str, host: str) -> None:
        """Drop a job whose end is stored (or that nobody follows any more); the host
        actor is removed with its last job."""
        import ray

        actor = self._host(host)
        if actor is None:
            return
        try:
            if ray.get(actor.forget.remote(job_id), timeout=30) == 0:
                _kill(actor)
        except Exception:  # already gone
            pass


def _kill(actor: Any) -> None:
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
