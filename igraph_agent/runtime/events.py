"""Per-run events: one typed union, and the log that numbers, persists and replays them.

An event on the wire (store rows, live readers, the widget) is
``{"run_id", "index", "generation", "type", "ts", "data"}``; ``data`` is one of the
payload models below, picked by ``type`` (a pydantic discriminated union). Emitters pass
a payload (``events.emit(ToolStarted(call_id=..., tool=..., args=...))``); readers parse
with :func:`parse_event` and match on the payload class. Only the fields an emitter set
go on the wire, so the JSON stays exactly what readers have always seen.

The log has contiguous indexes from 0 and keeps the last :data:`WINDOW` events in memory;
older ones are read back from the store. An event from a generation older than the run's
is not stored (the run moved on). :func:`replay_stored` is the reconnect path: a cursor
outside what can be replayed raises REPLAY_UNAVAILABLE, and the client rebuilds from
``Agent.run_record`` instead.

Example::

    >>> event = parse_event({"type": "tool.started", "data": {"call_id": "c1", "tool": "search_node"}})
    >>> type(event.data).__name__, event.data.tool
    ('ToolStarted', 'search_node')
    >>> parse_event({"type": "some.future.event", "data": {}}) is None
    True
"""

from __future__ import annotations

import sqlite3
import threading
import time
from collections import deque
from collections.abc import Callable
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from igraph_agent.errors import AgentError, ErrorCode
from igraph_agent.status import RunPhase
from igraph_agent.store import Store

WINDOW = 512  # events of a live run kept in memory for replay


class Payload(BaseModel):
    """The ``data`` of one event; ``type`` names it and is not part of ``data`` itself."""

    model_config = ConfigDict(extra="allow")

    type: str = Field(exclude=True)

    @model_validator(mode="before")
    @classmethod
    def _nulls(cls, raw: Any) -> Any:
        """A null where the field has a non-null default reads as that default."""
        if not isinstance(raw, dict):
            return raw
        fields = cls.model_fields
        return {k: v for k, v in raw.items()
                if v is not None or k not in fields or fields[k].default is None}

    def wire(self) -> dict[str, Any]:
        """The ``data`` dict as stored: only the fields the emitter set (and any extras)."""
        return self.model_dump(exclude_unset=True)


class RunStarted(Payload):
    type: Literal["run.started"] = Field("run.started", exclude=True)
    question: str = ""
    model: str = ""
    session_id: str = ""
    resumed: bool = False


class ModelDelta(Payload):
    type: Literal["model.delta"] = Field("model.delta", exclude=True)
    text: str = ""


class ModelCompleted(Payload):
    type: Literal["model.completed"] = Field("model.completed", exclude=True)
    text: str = ""
    tool_calls: list[dict[str, Any]] = Field(default_factory=list)  # [{id, name}]


class ToolStarted(Payload):
    type: Literal["tool.started"] = Field("tool.started", exclude=True)
    call_id: str = ""
    tool: str = ""
    args: dict[str, Any] = Field(default_factory=dict)


class ToolCompleted(Payload):
    type: Literal["tool.completed"] = Field("tool.completed", exclude=True)
    call_id: str = ""
    tool: str = ""
    success: bool = False
    summary: str = ""
    elapsed_ms: int | None = None
    error: dict[str, Any] | None = None


class ToolBlocked(Payload):
    type: Literal["tool.blocked"] = Field("tool.blocked", exclude=True)
    call_id: str = ""
    tool: str = ""
    blocked_by: str = ""
    blocked_by_tool: str = ""
    reason: str = ""


class ApprovalRequested(Payload):
    type: Literal["approval.requested"] = Field("approval.requested", exclude=True)
    call_id: str = ""
    tool: str = ""
    args: dict[str, Any] = Field(default_factory=dict)
    generation: int | None = None


class ApprovalResolved(Payload):
    type: Literal["approval.resolved"] = Field("approval.resolved", exclude=True)
    call_id: str = ""
    tool: str = ""
    decision: str = ""
    args: dict[str, Any] = Field(default_factory=dict)


class JobProgress(Payload):
    type: Literal["job.progress"] = Field("job.progress", exclude=True)
    job_id: str = ""
    seq: int = 0
    fraction: float | None = None
    message: str = ""


class DataProgress(Payload):
    """The run's first phase on attached data (``runtime/attaching.py``): which attachment
    is being read, checked or stored (``phase``), how many rows so far of how many, then
    the graph built from them; ``done`` once the data is bound. ``line`` is the words a
    panel shows ("reading roads.csv · 400,000 of 1,000,000 rows")."""

    type: Literal["data.progress"] = Field("data.progress", exclude=True)
    name: str = ""
    phase: str = ""  # reading | checking | storing | building | done
    rows: int | None = None
    total: int | None = None
    line: str = ""


class RunPaused(Payload):
    type: Literal["run.paused"] = Field("run.paused", exclude=True)
    status: str = ""
    pending: list[dict[str, Any]] = Field(default_factory=list)


class RunGraph(Payload):
    """The graph the run is about, once bound (``runtime/binding.py``): label, dataset,
    revision, sources, nodes, edges — what a run panel's header shows."""

    type: Literal["run.graph"] = Field("run.graph", exclude=True)
    graph: dict[str, Any] = Field(default_factory=dict)


class _RunEnded(Payload):
    status: str = ""
    error: dict[str, Any] | None = None


class RunCompleted(_RunEnded):
    type: Literal["run.completed"] = Field("run.completed", exclude=True)


class RunCancelled(_RunEnded):
    type: Literal["run.cancelled"] = Field("run.cancelled", exclude=True)


class RunErrored(_RunEnded):
    type: Literal["run.error"] = Field("run.error", exclude=True)


class RunInterrupted(_RunEnded):
    type: Literal["run.interrupted"] = Field("run.interrupted", exclude=True)


RunEnded = RunCompleted | RunCancelled | RunErrored | RunInterrupted
AnyPayload = Annotated[
    RunStarted | ModelDelta | ModelCompleted | ToolStarted | ToolCompleted | ToolBlocked
    | ApprovalRequested | ApprovalResolved | JobProgress | DataProgress | RunPaused | RunGraph
    | RunEnded,
    Field(discriminator="type"),
]
# event types: the run ended; the run stopped executing, for now (ended or paused)
ENDED_EVENTS = frozenset({"run.completed", "run.cancelled", "run.error", "run.interrupted"})
STOPPED_EVENTS = ENDED_EVENTS | {"run.paused"}
_ENDED_BY_STATE: dict[str, type[RunCompleted] | type[RunCancelled] | type[RunErrored]
                      | type[RunInterrupted]] = {
    RunPhase.COMPLETED: RunCompleted, RunPhase.CANCELLED: RunCancelled,
    RunPhase.ERROR: RunErrored, RunPhase.INTERRUPTED: RunInterrupted}


def run_ended(run_state: str, status: str, error: dict[str, Any] | None) -> RunEnded:
    """The event a run that reached ``run_state`` ends with (``error`` for any other state)."""
    return _ENDED_BY_STATE.get(run_state, RunErrored)(status=status, error=error)


class Event(BaseModel):
    """One event as readers see it: the envelope and its typed payload."""

    run_id: str = ""
    index: int = -1
    generation: int = 1
    type: str
    ts: float | None = None
    data: AnyPayload

    @model_validator(mode="before")
    @classmethod
    def _tag(cls, raw: Any) -> Any:
        if isinstance(raw, dict) and "type" in raw:
            return {**raw, "data": {**(raw.get("data") or {}), "type": raw["type"]}}
        return raw


def parse_event(raw: dict[str, Any]) -> Event | None:
    """The typed event of a wire dict; None for a type this version does not know."""
    try:
        return Event.model_validate(raw)
    except ValidationError:
        return None


class EventLog:
    def __init__(self, store: Store, run_id: str, generation: int = 1) -> None:
        self.store = store
        self.run_id = run_id
        self.generation = generation
        self._events: deque[dict[str, Any]] = deque(maxlen=WINDOW)
        self._next = store.last_event_index(run_id) + 1
        self._cond = threading.Condition()

    def emit(self, payload: Payload,
             also: Callable[[sqlite3.Connection], Any] | None = None) -> dict[str, Any]:
        """Number, persist and publish one event; returns its wire dict.

        ``also`` writes what belongs with the event (a call's status, its result) in the
        event's transaction; if that transaction fails the error is raised and the event is
        not published (without ``also`` an unsaved event is still published)."""
        type_, data = payload.type, payload.wire()
        with self._cond:
            event: dict[str, Any] = {"run_id": self.run_id, "index": self._next, "generation": self.generation,
                     "type": type_, "ts": time.time(), "data": data}
            try:
                stored = self.store.add_event(self.run_id, event["index"], self.generation,
                                              type_, event["ts"], data, also=also)
            except sqlite3.Error:
                if also is not None:
                    raise
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
        return bool(self._events) and self._events[-1]["type"] in STOPPED_EVENTS


def _row(r: dict[str, Any]) -> dict[str, Any]:
    return {"run_id": r["run_id"], "index": r["idx"], "generation": r["generation"],
            "type": r["type"], "ts": r["ts"], "data": r["data"]}


def stored_events(store: Store, run_id: str, after: int = -1) -> list[dict[str, Any]]:
    """Events of a finished (or earlier) run, read back from the store."""
    return [_row(r) for r in store.events(run_id, after)]


def typed_stored(store: Store, run_id: str) -> list[dict[str, Any]]:
    """Stored events read through the typed union (as ``runs show`` prints them); an event
    of a type this version does not know is kept as stored and marked ``unrecognized``."""
    out = []
    for raw in stored_events(store, run_id):
        ev = parse_event(raw)
        out.append({**raw, "unrecognized": True} if ev is None
                   else {**raw, "data": ev.data.wire()})
    return out


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
