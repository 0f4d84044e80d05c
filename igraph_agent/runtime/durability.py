"""Durable runs: a service :class:`~igraph_agent.runtime.agent.Agent` composes.

``run_status`` / ``can_send`` / ``active_run`` read the store, so they hold across Agents
and processes on one home; ``events`` replays a run's log from a cursor (REPLAY_UNAVAILABLE
when it cannot, then rebuild from ``run_record``); ``cancel`` stops a run — or a start
request that has no run yet — and answers with the run's control state; ``retry_save``
writes spooled final states again without re-running anything. See docs/durability.md.

Example::

    >>> from igraph_agent.data import path
    >>> handle = agent.start("Clear the graph", attach=[path("karate.csv")], start_request_id="r1")
    >>> handle.wait().status
    'awaiting_approval'
    >>> agent.start("Clear the graph", attach=[path("karate.csv")],
    ...             start_request_id="r1").run_id == handle.run_id   # idempotent start
    True
    >>> status = agent.cancel(run_id=handle.run_id, cancel_request_id="c1")
    >>> (status.run_status, status.cancel_status) == ("cancelled", "confirmed")
    True
    >>> agent.events(handle.run_id, after=-1)[-1]["type"]
    'run.cancelled'
"""

from __future__ import annotations

import concurrent.futures
import sqlite3
import threading
import time
from pathlib import Path
from typing import Any

from igraph_agent.errors import AgentError, ErrorCode
from igraph_agent.response import AgentResponse, ErrorInfo, RunStatus
from igraph_agent.runtime.events import EventLog, RunCancelled, replay_stored
from igraph_agent.runtime.live import LIVE_RUNS, RunHandle
from igraph_agent.runtime.owner import owner_alive
from igraph_agent.runtime.recovery import recover, stop_dead_run
from igraph_agent.runtime.spool import persist_terminal, resave
from igraph_agent.status import (
    EXECUTING_PHASES,
    FINAL_PHASES,
    ApprovalStatus,
    CancelPhase,
    ResponseStatus,
    RunPhase,
)
from igraph_agent.store import Store
from igraph_agent.store.approvals import Approvals
from igraph_agent.store.runctl import RunControlStore, new_cancel_id
from igraph_agent.store.runs import RunRecord, Runs
from igraph_agent.tools.registry import ToolResult

SETTLED = FINAL_PHASES | {RunPhase.PAUSED}  # a response is stored: an observer can return


class DurableRuns:
    """Run status, admission, replay, cancellation and re-saving of one project home.

    Everything is read from (and written to) the store, so it holds across Agents and
    processes on one home; a run executing in this process is reached through ``LIVE_RUNS``.
    """

    def __init__(self, store: Store, home: Path, jobs: Any, owner: str) -> None:
        self.store = store
        self.home = home
        self.jobs = jobs
        self.owner = owner
        self.runctl = RunControlStore(store)
        self.runs = Runs(store)

    # -- reading ----------------------------------------------------------------------
    def run_status(self, run_id: str) -> RunStatus:
        """The run's client-visible control fields, read from the store."""
        run = self.runs.get(run_id)
        if run is None:
            raise AgentError(ErrorCode.RUN_NOT_FOUND, f"no run {run_id!r} in this project",
                             hint="list runs with `igraph-agent runs list`")
        busy = self.runctl.busy_run(run.session_id)
        return RunStatus(run_id=run_id, session_id=run.session_id, run_status=run.status,
                         execution_stopped=bool(run.execution_stopped),
                         terminal_persisted=bool(run.terminal_persisted),
                         cancel_status=run.cancel_status,
                         execution_generation=run.generation, can_send=busy is None,
                         active_run=busy["id"] if busy else None,
                         last_event_index=self.store.last_event_index(run_id))

    def active_run(self, session: str) -> str | None:
        """The run that keeps the session busy (running, paused, or its save unconfirmed)."""
        busy = self.runctl.busy_run(session)
        return busy["id"] if busy else None

    def events(self, run_id: str, after: int = -1) -> list[dict[str, Any]]:
        """The run's events after ``after`` (-1: all), from the live window or the store.

        Raises REPLAY_UNAVAILABLE for a cursor outside what can be replayed; rebuild from
        :meth:`run_record` then. Never re-invokes the model.
        """
        live = LIVE_RUNS.get(self.home, run_id)
        if live is not None:
            return live.handle.events(after)
        if self.runs.get(run_id) is None:
            raise AgentError(ErrorCode.RUN_NOT_FOUND, f"no run {run_id!r} in this project",
                             hint="list runs with `igraph-agent runs list`")
        return replay_stored(self.store, run_id, after)

    # -- cancelling -------------------------------------------------------------------
    def cancel(self, run_id: str | None = None, start_request_id: str | None = None,
               cancel_request_id: str | None = None, wait: float = 30.0) -> RunStatus:
        """Cancel one run (``run_id``) or a start request that may not have a run yet.

        A cancel id is bound to its first target (another target: CANCEL_REQUEST_CONFLICT).
        The model call, tool workers and jobs are signalled at once; waits up to ``wait``
        seconds for ``cancel_status`` to reach ``confirmed`` (stopped and persisted).
        Raises CANCEL_NOT_CONFIRMED when the store is unavailable (local work is stopped).
        """
        if (run_id is None) == (start_request_id is None):
            raise AgentError(ErrorCode.INVALID_ARGUMENTS,
                             "cancel needs exactly one of run_id and start_request_id")
        cid = cancel_request_id or new_cancel_id()
        kind, target = ("run", run_id) if run_id else ("start_request", start_request_id)
        try:
            self.runctl.bind_cancel(cid, kind, str(target))
            if start_request_id is not None:
                run_id = self.runctl.cancel_start_request(start_request_id)
                if run_id is None:  # nothing started: the intent refuses a late start
                    return RunStatus(run_id="", run_status=RunPhase.CANCELLED,
                                     execution_stopped=True, terminal_persisted=True,
                                     cancel_status=CancelPhase.CONFIRMED)
            return self._cancel_run(str(run_id), cid, wait)
        except sqlite3.Error as exc:
            stopped = self._stop_locally(run_id, wait) if run_id else False
            raise AgentError(ErrorCode.CANCEL_NOT_CONFIRMED,
                             f"the store is unavailable ({type(exc).__name__}): the cancel of "
                             f"{target} could not be recorded",
                             hint="local work was told to stop; cancel again once the project "
                                  "database is reachable", retryable=True,
                             details={"execution_stopped": stopped, "target": target}) from None

    def _cancel_run(self, run_id: str, cid: str, wait: float) -> RunStatus:
        run = self.runs.get(run_id)
        if run is None:
            raise AgentError(ErrorCode.RUN_NOT_FOUND, f"no run {run_id!r} in this project",
                             hint="list runs with `igraph-agent runs list`")
        meta = {"cancel_request_id": cid, "requested_at": time.time(), "by": self.owner}
        if run.status == RunPhase.PAUSED:
            self._cancel_paused(run, meta)
        elif run.status in EXECUTING_PHASES:
            self.runctl.request_cancel(run_id, meta)
            if LIVE_RUNS.get(self.home, run_id) is not None:
                self._stop_locally(run_id, wait)
            elif not owner_alive(run.owner):
                stop_dead_run(self.store, self.home, run, status=RunPhase.CANCELLED,
                              cancel=meta)
            else:  # another live process owns it: its watcher stops it; follow the store
                deadline = time.monotonic() + wait
                while time.monotonic() < deadline and \
                        self.runctl.cancel_status(run_id) != CancelPhase.CONFIRMED:
                    time.sleep(0.1)
        return self.run_status(run_id)

    def _stop_locally(self, run_id: str, wait: float) -> bool:
        """Signal every branch of a run of this process; True once its execution ended."""
        live = LIVE_RUNS.get(self.home, run_id)
        if live is None:
            return False
        handle, control = live
        control.signal()
        try:
            self.runctl.set_cancel_status(run_id, CancelPhase.STOPPING)
        except sqlite3.Error:
            pass
        try:
            handle.wait(wait)
        except Exception:  # a timeout, or the run failed to save: the flags are set
            return handle.done
        return True

    def _cancel_paused(self, run: RunRecord, meta: dict[str, Any]) -> None:
        """A paused run becomes cancelled without invoking the model; gated calls never run."""
        run_id, generation = run.id, run.generation
        resp = AgentResponse.model_validate(run.response) if run.response else \
            AgentResponse(status="error", model=run.model, run_id=run_id,
                          session_id=run.session_id)
        approvals = Approvals(self.store)
        for p in approvals.of_run(run_id, ApprovalStatus.PENDING):
            result = ToolResult.failure(p.tool, p.tool_call_id, ErrorCode.RUN_CANCELLED,
                                        "not run: the run was cancelled while this call waited "
                                        "for approval", hint="ask again")
            if approvals.decide(run_id, p.tool_call_id, generation, ApprovalStatus.CANCELLED):
                self.store.mark_tool_call(run_id, p.tool_call_id, "cancelled",
                                          result.envelope())
        resp.status, resp.pending, resp.next = ResponseStatus.ERROR, [], []
        resp.answer = ""
        resp.error = ErrorInfo(code=str(ErrorCode.RUN_CANCELLED),
                               message="the run was cancelled while it waited for approval; "
                                       "the gated calls did not run", hint="ask again")
        fields = {"status": RunPhase.CANCELLED, "response": resp.model_dump(mode="json"),
                  "finished_at": time.time(), "execution_stopped": 1,
                  "cancel_status": CancelPhase.STOPPING, "cancel": meta}
        if persist_terminal(self.store, self.home, run_id, generation, fields):
            EventLog(self.store, run_id, generation).emit(
                RunCancelled(status="error", error=resp.error.model_dump()))

    # -- saving and recovery ----------------------------------------------------------
    def retry_save(self, run_id: str | None = None) -> list[str]:
        """Write spooled final states again (never re-runs the model or a tool)."""
        return resave(self.store, self.home, run_id)

    def recover(self) -> dict[str, int]:
        """Start-up recovery of this home (``runtime/recovery.py``), and the revision
        folders the store does not list (``graph/revisions.py``)."""
        from igraph_agent.graph.workspace import Workspace

        counts = recover(self.store, self.home, self.jobs)
        removed = Workspace(self.home, self.store).reconcile_revisions()
        counts["revision_debris_removed"] = sum(len(v) for v in removed.values())
        return counts

    def observer_handle(self, run_id: str) -> RunHandle:
        """A handle on a run executing elsewhere (or finished): its response comes from the
        store."""
        run = self.runs.get(run_id)
        return _follow(self, run_id, run.session_id if run else "",
                       EventLog(self.store, run_id, run.generation if run else 1))


def _follow(runs: DurableRuns, run_id: str, session_id: str, events: EventLog) -> RunHandle:
    future: concurrent.futures.Future = concurrent.futures.Future()

    def follow() -> None:
        while True:
            try:
                run = runs.runs.get(run_id)
            except sqlite3.Error as exc:
                future.set_exception(exc)
                return
            if run is not None and run.status in SETTLED and run.response:
                resp = AgentResponse.model_validate(run.response)
                try:
                    resp.run_state = runs.run_status(run_id)
                except Exception:
                    pass
                future.set_result(resp)
                return
            time.sleep(0.1)

    threading.Thread(target=follow, daemon=True, name=f"igraph-agent-follow-{run_id}").start()
    return RunHandle(run_id, session_id, events, future, threading.Event(),
                     canceller=runs.cancel)
