"""Agent: the public entry point. Builds each request (model, tools, instructions, options),
runs it on the runtime thread and returns a typed :class:`AgentResponse`.

Example::

    from igraph_agent import Agent
    agent = Agent(home=".igraph-agent")
    resp = agent.ask("Which nodes are most central?", attach=["karate.csv"])
    print(resp.answer, resp.evidence)
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import threading
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from igraph_agent.errors import AgentError, ErrorCode
from igraph_agent.graph.session import SessionGraph
from igraph_agent.graph.workspace import Workspace
from igraph_agent.model.gateway import ModelGateway
from igraph_agent.options import RunOptions, Settings, resolve_model
from igraph_agent.response import AgentResponse, ErrorInfo
from igraph_agent.runtime.events import EventLog, stored_events
from igraph_agent.runtime.loop import RunSpec, run_loop
from igraph_agent.store import Store
from igraph_agent.tools import ToolRegistry, default_registry

HISTORY_WINDOW = 20


class _Runtime:
    """One thread that owns an asyncio loop; runs execute there, never on the caller's thread.

    One per process (shared by every Agent), never stopped: litellm keeps background tasks
    on the loop it first ran on.
    """

    _instance: _Runtime | None = None
    _lock = threading.Lock()

    @classmethod
    def shared(cls) -> _Runtime:
        with cls._lock:
            if cls._instance is None:
                cls._instance = cls()
            return cls._instance

    def __init__(self) -> None:
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, name="igraph-agent-runtime",
                                       daemon=True)
        self.thread.start()

    def submit(self, coro) -> concurrent.futures.Future:
        return asyncio.run_coroutine_threadsafe(coro, self.loop)


class RunHandle:
    """A started run: read its events live, wait for its response, or cancel it."""

    def __init__(self, run_id: str, session_id: str, events: EventLog,
                 future: concurrent.futures.Future, cancel: threading.Event) -> None:
        self.run_id = run_id
        self.session_id = session_id
        self._events = events
        self._future = future
        self._cancel = cancel

    def events(self, after: int = -1, timeout: float | None = None) -> list[dict[str, Any]]:
        return self._events.since(after, timeout)

    def wait(self, timeout: float | None = None) -> AgentResponse:
        return self._future.result(timeout)

    @property
    def done(self) -> bool:
        return self._future.done()

    def cancel(self) -> None:
        self._cancel.set()


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
        self._sessions: dict[str, SessionGraph] = {}
        self._session_id: str | None = None
        self._active: dict[str, RunHandle] = {}
        self._lock = threading.Lock()

    # -- sessions ---------------------------------------------------------------------
    @property
    def session_id(self) -> str:
        if self._session_id is None:
            self._session_id = self.store.create_session()
        return self._session_id

    def new_session(self, title: str = "") -> str:
        self._session_id = self.store.create_session(title)
        return self._session_id

    def use_session(self, session_id: str) -> None:
        if self.store.get_session(session_id) is None:
            raise AgentError(ErrorCode.RUN_NOT_FOUND, f"no session {session_id!r} in this project",
                             hint="list sessions with `igraph-agent runs list` or %agent sessions")
        self._session_id = session_id

    def graph(self, session_id: str | None = None) -> SessionGraph:
        """The session's graph state (restored from the store as not-loaded after a restart)."""
        sid = session_id or self.session_id
        with self._lock:
            if sid not in self._sessions:
                row = self.store.get_session(sid) or {}
                state = (row.get("state") or {}).get("data_state") or {}
                self._sessions[sid] = SessionGraph(sid, dataset_id=state.get("active_dataset_id"))
            return self._sessions[sid]

    # -- configuration ----------------------------------------------------------------
    def default_model(self) -> str | None:
        return self.store.get_config("model")

    def resolve_model(self, options: RunOptions) -> str:
        return resolve_model(options, self.settings, self.model or self.default_model())

    # -- runs -------------------------------------------------------------------------
    def start(self, question: str, attach: Iterable[Any] = (), session: str | None = None,
              options: RunOptions | None = None, names: Iterable[str] | None = None) -> RunHandle:
        """Start a run on the runtime thread and return at once."""
        options = options or RunOptions()
        if self.settings.read_only and not options.read_only:
            options = options.model_copy(update={"read_only": True})
        sid = session or self.session_id
        with self._lock:
            busy = self._active.get(sid)
            if busy is not None and not busy.done:
                raise AgentError(ErrorCode.SESSION_BUSY,
                                 f"session {sid} is still running {busy.run_id}",
                                 hint="wait for it, cancel it, or start a new session")
        model = self.resolve_model(options)
        run_id = self.store.create_run(sid, question, model, options.model_dump())
        events = EventLog(self.store, run_id)
        graph = self.graph(sid)
        spec = RunSpec(
            run_id=run_id, session_id=sid, question=question, options=options, model=model,
            registry=self.registry, tools=self.registry.in_scope(options.tools),
            workspace=self.workspace, session=graph, store=self.store, gateway=self.gateway,
            events=events, history=self._history(sid), plan=self._plan(sid),
        )
        attach_error = self._attach_all(graph, attach, names)
        future = _Runtime.shared().submit(self._run(spec, attach_error))
        handle = RunHandle(run_id, sid, events, future, spec.cancel)
        with self._lock:
            self._active[sid] = handle
        return handle

    def ask(self, question: str, attach: Iterable[Any] = (), session: str | None = None,
            options: RunOptions | None = None, **option_fields: Any) -> AgentResponse:
        """Run a question to its end and return the typed response.

        ``option_fields`` are a shortcut for RunOptions fields (``output_format="report"``).
        """
        if option_fields:
            options = (options or RunOptions()).model_copy(update=option_fields)
        return self.start(question, attach=attach, session=session, options=options).wait()

    async def _run(self, spec: RunSpec, attach_error: AgentError | None) -> AgentResponse:
        try:
            if attach_error is not None:
                spec.events.emit("run.started", question=spec.question, model=spec.model,
                                 session_id=spec.session_id)
                return self._fail(spec, attach_error)
            return await run_loop(spec)
        except Exception as exc:  # the run must end in a stored terminal state
            return self._fail(spec, AgentError(ErrorCode.TOOL_FAILED,
                                               f"internal error: {type(exc).__name__}: {exc}"))
        finally:
            self._save_data_state(spec)

    def _fail(self, spec: RunSpec, error: AgentError) -> AgentResponse:
        resp = AgentResponse(status="error", model=spec.model, run_id=spec.run_id,
                             session_id=spec.session_id,
                             error=ErrorInfo(code=str(error.code), message=error.message,
                                             hint=error.hint))
        spec.store.update_run(spec.run_id, status="error", response=resp.model_dump(mode="json"),
                              finished_at=__import__("time").time())
        spec.events.emit("run.error", status="error", error=resp.error.model_dump())
        return resp

    def _attach_all(self, graph: SessionGraph, objs: Iterable[Any],
                    names: Iterable[str] | None) -> AgentError | None:
        objs = list(objs)
        labels = list(names or [])
        ids = []
        try:
            for i, obj in enumerate(objs):
                ids.append(self.workspace.attach(obj, labels[i] if i < len(labels) else None)["source_id"])
        except AgentError as exc:
            return exc
        graph.attached_sources = ids
        return None

    def _history(self, session_id: str) -> list[dict[str, Any]]:
        messages: list[dict[str, Any]] = []
        for run in self.store.recent_runs(session_id, HISTORY_WINDOW):
            answer = (run.get("response") or {}).get("answer") or ""
            if answer:
                messages.append({"role": "user", "content": run["question"]})
                messages.append({"role": "assistant", "content": answer})
        return messages

    def _plan(self, session_id: str) -> dict[str, Any] | None:
        row = self.store.get_session(session_id) or {}
        return (row.get("state") or {}).get("plan")

    def _save_data_state(self, spec: RunSpec) -> None:
        row = self.store.get_session(spec.session_id) or {}
        state = dict(row.get("state") or {})
        state["data_state"] = spec.session.data_state()
        self.store.update_session_state(spec.session_id, state)

    # -- records ----------------------------------------------------------------------
    def runs(self, session: str | None = None, limit: int = 50) -> list[dict[str, Any]]:
        return self.store.list_runs(session, limit)

    def run_record(self, run_id: str) -> dict[str, Any]:
        run = self.store.get_run(run_id)
        if run is None:
            raise AgentError(ErrorCode.RUN_NOT_FOUND, f"no run {run_id!r} in this project",
                             hint="list runs with `igraph-agent runs list`")
        return {"run": run, "messages": self.store.messages(run_id),
                "tool_calls": self.store.tool_calls(run_id),
                "events": stored_events(self.store, run_id)}

    def close(self) -> None:
        self.store.close()
