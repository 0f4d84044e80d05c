"""Runs that execute in this process: the runtime thread, their handles, the registry.

Every run executes on one thread that owns an asyncio loop (:class:`RuntimeThread`, one
per process, shared by every Agent and never stopped: litellm keeps background tasks on
the loop it first ran on). A started run is a :class:`RunHandle`; while it executes, the
registry :data:`LIVE_RUNS` maps ``(home, run_id)`` to its handle and its
:class:`~igraph_agent.runtime.control.RunControl` — what a cancel in this process reaches.

Example::

    >>> from igraph_agent.data import path
    >>> handle = agent.start("Which nodes are most central?", attach=[path("karate.csv")])
    >>> handle.wait().status
    'answered'
    >>> LIVE_RUNS.get(agent.home, handle.run_id) is None   # only while it executes
    True
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import threading
from pathlib import Path
from typing import Any, NamedTuple

from igraph_agent.response import AgentResponse
from igraph_agent.runtime.control import RunControl
from igraph_agent.runtime.events import EventLog


class RuntimeThread:
    """One thread that owns an asyncio loop; runs execute there, never on the caller's thread."""

    _instance: RuntimeThread | None = None
    _lock = threading.Lock()

    @classmethod
    def shared(cls) -> RuntimeThread:
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
                 future: concurrent.futures.Future, cancel: threading.Event,
                 canceller: Any = None) -> None:
        self.run_id = run_id
        self.session_id = session_id
        self._events = events
        self._future = future
        self._cancel = cancel
        self._canceller = canceller  # Agent.cancel: the durable path (store + every branch)

    @classmethod
    def settled(cls, run_id: str, session_id: str, events: EventLog, response: AgentResponse,
                canceller: Any = None) -> RunHandle:
        """A handle whose response is already known."""
        future: concurrent.futures.Future = concurrent.futures.Future()
        future.set_result(response)
        return cls(run_id, session_id, events, future, threading.Event(), canceller=canceller)

    def events(self, after: int = -1, timeout: float | None = None) -> list[dict[str, Any]]:
        return self._events.since(after, timeout)

    def wait(self, timeout: float | None = None) -> AgentResponse:
        return self._future.result(timeout)

    @property
    def done(self) -> bool:
        return self._future.done()

    def cancel(self, wait: float = 0.0) -> Any:
        """Cancel the run (``Agent.cancel``); returns its RunStatus."""
        if self._canceller is None:
            self._cancel.set()
            return None
        return self._canceller(run_id=self.run_id, wait=wait)


class LiveRun(NamedTuple):
    handle: RunHandle
    control: RunControl


class LiveRuns:
    """The runs executing in this process, by ``(home, run_id)``."""

    def __init__(self) -> None:
        self._runs: dict[tuple[str, str], LiveRun] = {}
        self._lock = threading.Lock()

    @staticmethod
    def _key(home: Path, run_id: str) -> tuple[str, str]:
        return str(Path(home).resolve()), run_id

    def add(self, home: Path, run_id: str, handle: RunHandle, control: RunControl) -> None:
        with self._lock:
            self._runs[self._key(home, run_id)] = LiveRun(handle, control)

    def get(self, home: Path, run_id: str) -> LiveRun | None:
        with self._lock:
            return self._runs.get(self._key(home, run_id))

    def remove(self, home: Path, run_id: str) -> None:
        with self._lock:
            self._runs.pop(self._key(home, run_id), None)


LIVE_RUNS = LiveRuns()  # one per process, like the runtime thread
