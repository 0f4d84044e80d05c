"""Agent: the public entry point. Builds each request (model, tools, instructions, options),
runs it on the runtime thread and returns a typed :class:`AgentResponse`.

Example::

    >>> from igraph_agent import Agent
    >>> from igraph_agent.data import path
    >>> agent = Agent(home=home / "demo")
    >>> resp = agent.ask("Which nodes are most central?", attach=[path("karate.csv")])
    >>> resp.status, "node_centrality" in [e.tool for e in resp.evidence]
    ('answered', True)
    >>> agent.close()
"""

from __future__ import annotations

import asyncio
import sqlite3
import time
from collections.abc import Coroutine, Iterable
from pathlib import Path
from typing import Any

from igraph_agent.errors import AgentError, ErrorCode
from igraph_agent.graph.semantics import unwrap
from igraph_agent.graph.session import SessionGraph
from igraph_agent.graph.workspace import Workspace
from igraph_agent.model.builtin import warm
from igraph_agent.model.gateway import ModelGateway
from igraph_agent.options import RunOptions, Settings, resolve_model
from igraph_agent.response import AgentResponse, ErrorInfo, PendingApproval, RunStatus
from igraph_agent.runtime.approvals import decide, pending
from igraph_agent.runtime.durability import DurableRuns
from igraph_agent.runtime.events import (
    ApprovalResolved,
    EventLog,
    RunErrored,
    typed_stored,
)
from igraph_agent.runtime.fingerprint import fingerprint
from igraph_agent.runtime.jobs import JobManager
from igraph_agent.runtime.live import LIVE_RUNS, RunHandle, RuntimeThread
from igraph_agent.runtime.loop import resume_loop, run_loop
from igraph_agent.runtime.owner import current_owner
from igraph_agent.runtime.request import RequestBuilder, Services
from igraph_agent.runtime.sessions import SessionGraphs
from igraph_agent.runtime.spool import persist_terminal
from igraph_agent.runtime.state import RunSpec, persist_final
from igraph_agent.runtime.workers import WorkerPool
from igraph_agent.status import CancelPhase, ResponseStatus, RunPhase
from igraph_agent.store import Store
from igraph_agent.store.runs import RunRecord
from igraph_agent.tools import ToolRegistry, default_registry

__all__ = ["Agent", "RunHandle"]


class Agent:
    def __init__(self, home: str | Path | None = None, model: str | None = None,
                 settings: Settings | None = None, registry: ToolRegistry | None = None) -> None:
        self.settings = settings or Settings.from_env()
        self.home = Path(home) if home is not None else self.settings.home
        self.store = Store(self.home / "agent.db")
        self.workspace = Workspace(self.home, self.store)
        self.registry = registry or default_registry()
        self.gateway = ModelGateway(self.settings)
        self.model = model
        self._session_id: str | None = None
        # read-only analyses on worker processes (they start on first use)
        self.workers = WorkerPool(self.home)
        # background jobs (training): status, cancel, list; on Ray when a cluster is set
        self.jobs = JobManager(self.store, cluster=self.settings.cluster)
        self.services = Services(self.workspace, self.store, self.gateway, self.workers,
                                 self.jobs)
        self.graphs = SessionGraphs(self.store, self.workspace)
        self.requests = RequestBuilder(self.settings, self.registry, self.services, self.graphs)
        self.owner = current_owner()
        self.durable = DurableRuns(self.store, self.home, self.jobs, self.owner)
        self.runctl = self.durable.runctl
        self.recovered = self.durable.recover()  # runs and jobs whose process died
        # the offline planner's import (its expressions compile: about 0.2 s of CPU) runs
        # while the user writes the first question, not during the first run's data read
        warm(self.resolve_model(RunOptions()))

    # -- sessions ---------------------------------------------------------------------
    @property
    def session_id(self) -> str:
        if self._session_id is None:
            self._session_id = self.store.create_session()
        return self._session_id

    def new_session(self, title: str = "") -> str:
        """Start a fresh session; the one it replaces loses its Ephemeral scratch (unless a
        run of it is still active or paused)."""
        from igraph_agent.sandbox import zones

        old = self._session_id
        if old is not None and self.can_send(old):
            zones.clear(self.home, old)
        self._session_id = self.store.create_session(title)
        return self._session_id

    def use_session(self, session_id: str) -> None:
        if self.store.get_session(session_id) is None:
            raise AgentError(ErrorCode.RUN_NOT_FOUND, f"no session {session_id!r} in this project",
                             hint="list sessions with `igraph-agent runs list` or %agent sessions")
        self._session_id = session_id

    def graph(self, session_id: str | None = None) -> SessionGraph:
        """The session's graph state (restored from the store as not-loaded after a restart)."""
        return self.graphs.get(session_id or self.session_id)

    def refresh_graph(self, sid: str) -> SessionGraph:
        """The session graph read again from the store (another process may have changed it,
        e.g. an approved call continued by ``igraph-agent approve``)."""
        return self.graphs.refresh(sid)

    # -- configuration ----------------------------------------------------------------
    def default_model(self) -> str | None:
        return self.store.get_config("model")

    def resolve_model(self, options: RunOptions) -> str:
        return resolve_model(options, self.settings, self.model or self.default_model())

    # -- durable runs (runtime/durability.py) -----------------------------------------
    def run_status(self, run_id: str) -> RunStatus:
        """The run's client-visible control fields, read from the store."""
        return self.durable.run_status(run_id)

    def active_run(self, session: str | None = None) -> str | None:
        """The run that keeps the session busy (running, paused, or its save unconfirmed)."""
        return self.durable.active_run(session or self.session_id)

    def can_send(self, session: str | None = None) -> bool:
        """Whether the session admits a new request now (the input box's state)."""
        return self.active_run(session) is None

    def events(self, run_id: str, after: int = -1) -> list[dict[str, Any]]:
        """The run's events after ``after`` (-1: all), from the live window or the store.

        Raises REPLAY_UNAVAILABLE for a cursor outside what can be replayed; rebuild from
        :meth:`run_record` then. Never re-invokes the model.
        """
        return self.durable.events(run_id, after)

    def cancel(self, run_id: str | None = None, start_request_id: str | None = None,
               cancel_request_id: str | None = None, wait: float = 30.0) -> RunStatus:
        """Cancel one run (``run_id``) or a start request that may not have a run yet.

        A cancel id is bound to its first target (another target: CANCEL_REQUEST_CONFLICT);
        waits up to ``wait`` seconds for ``cancel_status`` to reach ``confirmed``.
        """
        return self.durable.cancel(run_id, start_request_id, cancel_request_id, wait)

    def retry_save(self, run_id: str | None = None) -> list[str]:
        """Write spooled final states again (never re-runs the model or a tool)."""
        return self.durable.retry_save(run_id)

    # -- runs -------------------------------------------------------------------------
    def start(self, question: str, attach: Iterable[Any] | None = (), session: str | None = None,
              options: RunOptions | None = None, names: Iterable[str] | None = None,
              start_request_id: str | None = None) -> RunHandle:
        """Start a run on the runtime thread and return at once.

        The attachments are read, checked and stored as the run's first phase, on the
        runtime's side (``runtime/attaching.py``: progress events, cancellable at any
        step), so this returns before any of them is read. ``start_request_id`` makes the
        start idempotent: the same id with the same content (question, attachments by
        content hash, options, session) returns the existing run's handle and starts
        nothing; with other content it is START_IDEMPOTENCY_CONFLICT. Only such a start
        hashes its attachments here, before it returns. A session with
        an active run, a pending approval or an unconfirmed final save refuses new runs
        with SESSION_BUSY (checked in the store, so it holds across Agents and processes).
        """
        options = self.requests.options(options)
        attach, choices = unwrap(list(attach or ()))
        names = list(names or [])
        known = self.runctl.start_request(start_request_id) if start_request_id else None
        sid = session or (known or {}).get("session_id") or self.session_id
        model = self.resolve_model(options)
        print_ = ""  # content only matters to an idempotent start: hashed only for one
        if start_request_id:
            print_ = fingerprint(question, attach, {
                **options.model_dump(mode="json"),
                **({"attach_choices": choices} if choices else {})}, sid, names)
        known_run = (known or {}).get("run_id")
        if known_run and known.get("fingerprint") == print_:  # type: ignore[union-attr]
            return self._handle_of(known_run)
        tools = self.requests.tools(options)  # an unknown skill refuses before admission
        run_id, created = self.runctl.admit(sid, question, model, options.model_dump(),
                                            start_request_id=start_request_id,
                                            fingerprint=print_, owner=self.owner)
        if not created:
            return self._handle_of(run_id)
        try:
            spec = self.requests.new_run(run_id=run_id, session_id=sid, question=question,
                                         options=options, model=model, tools=tools,
                                         attachments=attach, attach_names=names)
        except BaseException as exc:  # admitted but never started: end it, free the session
            self._abandon(run_id, sid, model, exc)
            raise
        spec.session.attach_choices = choices
        return self._launch(spec, self._ended(spec, run_loop(spec)))

    def _abandon(self, run_id: str, sid: str, model: str, exc: BaseException) -> None:
        resp = AgentResponse(status="error", model=model, run_id=run_id, session_id=sid,
                             error=ErrorInfo(code=str(getattr(exc, "code",
                                                              ErrorCode.INTERNAL_ERROR)),
                                             message=f"the run could not start: {exc}"))
        persist_terminal(self.store, self.home, run_id, 1, {
            "status": RunPhase.ERROR, "response": resp.model_dump(mode="json"),
            "finished_at": time.time(), "execution_stopped": 1})

    def _launch(self, spec: RunSpec, coro) -> RunHandle:
        """Register the run as live in this process and submit it to the runtime thread."""
        future = RuntimeThread.shared().submit(self._supervised(spec, coro))
        handle = RunHandle(spec.run_id, spec.session_id, spec.events, future, spec.cancel,
                           canceller=self.cancel)
        LIVE_RUNS.add(self.home, spec.run_id, handle, spec.control)
        return handle

    async def _supervised(self, spec: RunSpec, coro) -> AgentResponse:
        """Run ``coro`` with a watcher for cancel requests stored by other processes."""
        watcher = asyncio.ensure_future(self._watch_cancel(spec))
        try:
            resp = await coro
        finally:
            watcher.cancel()
            LIVE_RUNS.remove(self.home, spec.run_id)
        try:
            resp.run_state = self.run_status(spec.run_id)
        except Exception:  # the store is unavailable: the response itself is still returned
            pass
        return resp

    async def _watch_cancel(self, spec: RunSpec, every: float = 0.2) -> None:
        while not spec.cancel.is_set():
            await asyncio.sleep(every)
            try:
                requested = await asyncio.to_thread(self.runctl.cancel_status, spec.run_id)
            except Exception:
                continue
            if requested in (CancelPhase.REQUESTED, CancelPhase.STOPPING) \
                    and spec.control is not None:
                spec.control.signal()

    def _handle_of(self, run_id: str) -> RunHandle:
        """The live handle of a run of this process, else one that follows the store."""
        live = LIVE_RUNS.get(self.home, run_id)
        if live is not None:
            return live.handle
        return self.durable.observer_handle(run_id)

    def ask(self, question: str, attach: Iterable[Any] | None = (), session: str | None = None,
            options: RunOptions | None = None, names: Iterable[str] | None = None,
            **option_fields: Any) -> AgentResponse:
        """Run a question to its end and return the typed response.

        ``names`` label the attachments (``["friends", "people"]``), as ``--with`` does;
        ``option_fields`` are a shortcut for RunOptions fields (``output_format="report"``).
        """
        if option_fields:
            unknown = sorted(set(option_fields) - set(RunOptions.model_fields))
            if unknown:
                hint = " (the session is chosen with session=...)" if "session_id" in unknown else ""
                raise TypeError(f"ask() got unknown option(s) {', '.join(unknown)}{hint}; "
                                f"options are RunOptions fields: {', '.join(RunOptions.model_fields)}")
            options = RunOptions.model_validate({**(options or RunOptions()).model_dump(),
                                                 **option_fields})
        return self.start(question, attach=attach, session=session, options=options,
                          names=names).wait()

    async def _ended(self, spec: RunSpec,
                     body: Coroutine[Any, Any, AgentResponse]) -> AgentResponse:
        """A run's (or a resumed run's) body, always ending in a stored terminal state,
        then its bookkeeping."""
        try:
            return await body
        except Exception as exc:  # the run must end in a stored terminal state
            return self._fail(spec, _internal(exc))
        finally:
            self._settle(spec)

    def _settle(self, spec: RunSpec) -> None:
        """Bookkeeping after a run ended or paused; a store outage must not hide the response."""
        try:
            self.graphs.save(spec.session)
        except sqlite3.Error:
            return
        self._after_run(spec)

    def _fail(self, spec: RunSpec, error: AgentError) -> AgentResponse:
        resp = AgentResponse(status="error", model=spec.model, run_id=spec.run_id,
                             session_id=spec.session_id,
                             error=ErrorInfo.of(error))
        persist_final(spec, {"status": RunPhase.ERROR, "response": resp.model_dump(mode="json"),
                             "finished_at": time.time()})
        spec.events.emit(RunErrored(status="error", error=ErrorInfo.of(error).model_dump()))
        return resp

    # -- skills and memory ------------------------------------------------------------
    @property
    def skills(self):
        """Skill management: ``agent.skills.list()``, ``.create(...)``, ``.approve(name)`` …"""
        from igraph_agent.skills import SkillManager

        return SkillManager(self.home, self.store, known_tools=self.registry.names())

    @property
    def memory(self):
        """This user's memory in this project: ``agent.memory.remember(...)``, ``.search(q)`` …"""
        from igraph_agent.memory import Memory

        return Memory(self.store, self.home)

    def _after_run(self, spec: RunSpec) -> None:
        from igraph_agent.runtime.afterrun import after_run

        try:
            after_run(spec.store, self.home, spec.run_id)
        except Exception:  # bookkeeping must not change the run's outcome
            import logging

            logging.getLogger(__name__).exception("after-run bookkeeping failed for %s",
                                                  spec.run_id)

    def pending(self, run_id: str) -> list[PendingApproval]:
        """The approvals a paused run waits for."""
        return pending(self.store, run_id)

    def continue_run(self, run_id: str, tool_call_id: str, decision: str = "approve",
                     patched_args: dict[str, Any] | None = None, *,
                     generation: int | None = None, tool: str | None = None) -> AgentResponse:
        """Decide one pending approval; once all are decided the run continues to its end.

        ``decision``: approve (runs the persisted args), reject, or modify (runs
        ``patched_args``, validated first). Returns ``awaiting_approval`` while others are
        pending, and an ``error`` response with APPROVAL_CONFLICT / INVALID_ARGUMENTS when the
        decision does not match the stored request (nothing runs then).
        """
        return self.start_continue(run_id, tool_call_id, decision, patched_args,
                                   generation=generation, tool=tool).wait()

    def start_continue(self, run_id: str, tool_call_id: str, decision: str = "approve",
                       patched_args: dict[str, Any] | None = None, *,
                       generation: int | None = None, tool: str | None = None) -> RunHandle:
        """Like :meth:`continue_run` but returns at once with a handle."""
        run = self.durable.runs.get(run_id)
        try:
            decided = decide(self.store, self.registry, run_id, tool_call_id, decision,
                             patched_args, generation=generation, tool=tool)
        except AgentError as exc:
            return self._settled(run_id, run, exc)
        record = decided.record
        EventLog(self.store, run_id, record.generation).emit(ApprovalResolved(
            call_id=tool_call_id, tool=record.tool, decision=record.status,
            args=record.decided_args or record.args))
        if decided.remaining:
            return self._settled(run_id, self.durable.runs.get(run_id), None)
        new_gen = self.durable.runs.resume(run_id, record.generation, owner=self.owner)
        if new_gen is None:
            return self._settled(run_id, decided.run, AgentError(
                ErrorCode.APPROVAL_CONFLICT, f"run {run_id} was continued already",
                hint="read the run's current state"))
        spec = self.requests.resumed_run(decided.run, new_gen)
        return self._launch(spec, self._resume(spec))

    async def _resume(self, spec: RunSpec) -> AgentResponse:
        return await self._ended(spec, resume_loop(spec))

    def _settled(self, run_id: str, run: RunRecord | None,
                 error: AgentError | None) -> RunHandle:
        """A handle whose response is already known (a refused or partial decision)."""
        sid = run.session_id if run is not None else ""
        if error is None and run is not None and run.response:
            resp = AgentResponse.model_validate(run.response)
        else:
            resp = AgentResponse(status="error", model=run.model if run is not None else "",
                                 run_id=run_id, session_id=sid)
        if error is not None:
            resp.status = ResponseStatus.ERROR
            resp.error = ErrorInfo.of(error)
        resp.pending = pending(self.store, run_id) if run is not None else []
        if error is None:
            resp.answer = "Waiting for approval: " + ", ".join(
                f"{p.tool} ({p.tool_call_id})" for p in resp.pending) + "."
        events = EventLog(self.store, run_id, run.generation if run is not None else 1)
        return RunHandle.settled(run_id, sid, events, resp, canceller=self.cancel)

    # -- records ----------------------------------------------------------------------
    def runs(self, session: str | None = None, limit: int = 50) -> list[dict[str, Any]]:
        """The newest runs (of one session, or of the project), as JSON dicts."""
        return [r.row() for r in self.durable.runs.latest(session, limit)]

    def run_record(self, run_id: str) -> dict[str, Any]:
        run = self.durable.runs.get(run_id)
        if run is None:
            raise AgentError(ErrorCode.RUN_NOT_FOUND, f"no run {run_id!r} in this project",
                             hint="list runs with `igraph-agent runs list`")
        calls = self.store.tool_calls(run_id)
        return {"run": run.row(), "status": self.run_status(run_id).model_dump(),
                "messages": self.store.messages(run_id),
                "tool_calls": calls,
                "tool_cards": [_card(c) for c in calls],
                "pending": [p.model_dump() for p in pending(self.store, run_id)],
                "partial_text": run.partial_text,
                "events": typed_stored(self.store, run_id),
                "last_event_index": self.store.last_event_index(run_id),
                "skills": self._skills_opened(run_id)}

    def _skills_opened(self, run_id: str) -> list[dict[str, Any]]:
        """The skills the run opened, each with its tool trace."""
        from igraph_agent.store.skills import SkillRecords

        return SkillRecords(self.store).opened(run_id)

    def close(self) -> None:
        from igraph_agent.sandbox import zones

        self.workers.close()
        for sid in self.graphs.ids():  # Ephemeral scratch ends with the session's agent
            zones.clear(self.home, sid)
        self.store.close()


def _internal(exc: Exception) -> AgentError:
    """An unexpected exception of the engine itself: the run ends with INTERNAL_ERROR."""
    return AgentError(ErrorCode.INTERNAL_ERROR, f"internal error: {type(exc).__name__}: {exc}",
                      hint="this is a bug in igraph-agent; the run record keeps what was done")


def _card(call: dict[str, Any]) -> dict[str, Any]:
    """What a tool card shows: the call, its state and its outcome (no full payload)."""
    stored = call.get("envelope")
    env: dict[str, Any] = stored if isinstance(stored, dict) else {}
    return {"call_id": call["call_id"], "tool": call["tool"], "args": call["args"],
            "status": call["status"], "success": env.get("success"),
            "summary": env.get("summary", ""), "error": env.get("error"),
            "job_id": env.get("job_id"), "elapsed_ms": env.get("elapsed_ms")}
