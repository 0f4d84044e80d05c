"""Per-run event log: contiguous indexes from 0, persisted, with live waiters.

Events are ``{"run_id", "index", "generation", "type", "ts", "data"}`` (DESIGN.md §3).
The log keeps the last :data:`WINDOW` events in memory; older ones are read back from the
store. An event from a generation older than the run's is not stored (the run moved on).
:func:`replay` is the reconnect path: a cursor outside what can be replayed raises
REPLAY_UNAVAILABLE, and the client rebuilds from ``Agent.run_record`` instead.
"""

from __future__ import annotations

import sqlite3
import threading
import time
from collections import deque
from typing import Any

from igraph_agent.errors import AgentError, ErrorCode
from igraph_agent.store import Store

WINDOW = 512  # events of a live run kept in memory for replay

TERMINAL = {"run.completed", "run.cancelled", "run.error", "run.interrupted", "run.paused"}


class EventLog:
    def __init__(self, store: Store, run_id: str, generation: int = 1) -> None:
        self.store = store
        self.run_id = run_id
        self.generation = generation
        self._events: deque[dict[str, Any]] = deque(maxlen=WINDOW)
        self._next = store.last_event_index(run_id) + 1
        self._cond = threading.Condition()

    def emit(self, type_: str, **data: Any) -> dict[str, Any]:
        with self._cond:
            event = {"run_id": self.run_id, "index": self._next, "generation": self.generation,
                     "type": type_, "ts": time.time(), "data": data}
            try:
                stored = self.store.add_event(self.run_id, event["index"], self.generation,
                                              type_, event["ts"], data)
            except sqlite3.Error:
                stored = None  # the store is unavailable: live readers still see it
                event["unsaved"] = True
            if stored is False:
                event["ignored"] = True  # a stale generation: the run moved on without it
                return event
            self._events.append(event)
            self._next += 1
            self._cond.notify_all()
        return event

    @property
    def last_index(self) -> int:
        return self._next - 1

    def since(self, after: int = -1, timeout: float | None = None) -> list[dict[str, Any]]:
        """Events with index > ``after``; waits up to ``timeout`` for one if there is none.

        A cursor past the last event (or below -1) is REPLAY_UNAVAILABLE.
        """
        with self._cond:
            if after < -1 or after > self._next - 1:
                raise _unavailable(self.run_id, after, self._next - 1)
            if timeout and not self._after(after) and not self.finished:
                self._cond.wait(timeout)
            return self._after(after)

    def _after(self, after: int) -> list[dict[str, Any]]:
        if self._events and after >= self._events[0]["index"] - 1:
            return [e for e in self._events if e["index"] > after]
        return replay_stored(self.store, self.run_id, after)

    @property
    def finished(self) -> bool:
        return bool(self._events) and self._events[-1]["type"] in TERMINAL


def _row(r: dict[str, Any]) -> dict[str, Any]:
    return {"run_id": r["run_id"], "index": r["idx"], "generation": r["generation"],
            "type": r["type"], "ts": r["ts"], "data": r["data"]}


def stored_events(store: Store, run_id: str, after: int = -1) -> list[dict[str, Any]]:
    """Events of a finished (or earlier) run, read back from the store."""
    return [_row(r) for r in store.events(run_id, after)]


def replay_stored(store: Store, run_id: str, after: int = -1) -> list[dict[str, Any]]:
    """Stored events after ``after``; REPLAY_UNAVAILABLE when the cursor is outside them
    or the stored indexes are not contiguous from it (never renumbered)."""
    last = store.last_event_index(run_id)
    if after < -1 or after > last:
        raise _unavailable(run_id, after, last)
    events = stored_events(store, run_id, after)
    if [e["index"] for e in events] != list(range(after + 1, last + 1)):
        raise _unavailable(run_id, after, last)
    return events


def _unavailable(run_id: str, after: int, last: int) -> AgentError:
    return AgentError(ErrorCode.REPLAY_UNAVAILABLE,
                      f"cannot replay run {run_id} after event {after}: the log holds events "
                      f"0..{last}",
                      hint="rebuild the view from agent.run_record(run_id) (messages, tool "
                           "cards, pending approvals), then follow from its last_event_index",
                      details={"run_id": run_id, "after": after, "last_index": last})
