"""Per-run event log: contiguous indexes from 0, persisted, with live waiters.

Events are ``{"run_id", "index", "generation", "type", "ts", "data"}`` (DESIGN.md §3).
"""

from __future__ import annotations

import threading
import time
from typing import Any

from igraph_agent.store import Store

TERMINAL = {"run.completed", "run.cancelled", "run.error", "run.interrupted", "run.paused"}


class EventLog:
    def __init__(self, store: Store, run_id: str, generation: int = 1) -> None:
        self.store = store
        self.run_id = run_id
        self.generation = generation
        self._events: list[dict[str, Any]] = []
        self._next = store.last_event_index(run_id) + 1
        self._cond = threading.Condition()

    def emit(self, type_: str, **data: Any) -> dict[str, Any]:
        with self._cond:
            event = {"run_id": self.run_id, "index": self._next, "generation": self.generation,
                     "type": type_, "ts": time.time(), "data": data}
            self.store.add_event(self.run_id, event["index"], self.generation, type_,
                                 event["ts"], data)
            self._events.append(event)
            self._next += 1
            self._cond.notify_all()
        return event

    def since(self, after: int = -1, timeout: float | None = None) -> list[dict[str, Any]]:
        """Events with index > ``after``; waits up to ``timeout`` for one if there is none."""
        with self._cond:
            if timeout and not self._after(after) and not self.finished:
                self._cond.wait(timeout)
            return self._after(after)

    def _after(self, after: int) -> list[dict[str, Any]]:
        if self._events and after >= self._events[0]["index"] - 1:
            return [e for e in self._events if e["index"] > after]
        return stored_events(self.store, self.run_id, after)

    @property
    def finished(self) -> bool:
        return bool(self._events) and self._events[-1]["type"] in TERMINAL


def _row(r: dict[str, Any]) -> dict[str, Any]:
    return {"run_id": r["run_id"], "index": r["idx"], "generation": r["generation"],
            "type": r["type"], "ts": r["ts"], "data": r["data"]}


def stored_events(store: Store, run_id: str, after: int = -1) -> list[dict[str, Any]]:
    """Events of a finished (or earlier) run, read back from the store."""
    return [_row(r) for r in store.events(run_id, after)]
