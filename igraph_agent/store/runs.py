"""SQL of runs (migration 1, extended by 2 and 5), read back as typed :class:`RunRecord`s.

Kept apart from ``store/db.py`` like ``store/approvals.py``: :class:`Runs` wraps the
project's :class:`Store` (same connection, lock and transactions). Admission, cancel
state and generation-guarded terminal writes are in ``store/runctl.py``.

Example::

    >>> runs = Runs(store)
    >>> run_id = runs.create(store.create_session(), "How many nodes?", "offline/planner", {})
    >>> runs.get(run_id).status
    <RunPhase.PREPARING: 'preparing'>
    >>> runs.update(run_id, status=RunPhase.RUNNING)
    >>> runs.get(run_id).status == "running"
    True
"""

from __future__ import annotations

import json
import time
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from igraph_agent.status import CancelPhase, RunPhase
from igraph_agent.store.db import JSON_COLUMNS, Store, new_id


class RunRecord(BaseModel):
    """One stored run. Columns added by later migrations are kept as extra fields."""

    model_config = ConfigDict(extra="allow")

    id: str
    session_id: str
    question: str
    status: RunPhase
    model: str = ""
    options: dict[str, Any] = Field(default_factory=dict)
    usage: dict[str, Any] = Field(default_factory=dict)
    response: dict[str, Any] | None = None
    partial_text: str = ""
    generation: int = 1
    created_at: float = 0.0
    finished_at: float | None = None
    pause: dict[str, Any] | None = None  # the paused turn: step, call ids, notices
    start_request_id: str | None = None
    owner: str | None = None  # "pid:start-time" of the process executing it
    cancel_status: CancelPhase = CancelPhase.NONE
    execution_stopped: int = 0
    terminal_persisted: int = 0
    cancel: dict[str, Any] | None = None  # who asked to cancel, when, with which id

    def row(self) -> dict[str, Any]:
        """The record as the JSON a client sees (``Agent.runs``, ``run_record``)."""
        return self.model_dump(mode="json")


class Runs:
    def __init__(self, store: Store) -> None:
        self.store = store

    def create(self, session_id: str, question: str, model: str, options: dict) -> str:
        rid = new_id("run")
        with self.store.tx() as c:
            c.execute("INSERT INTO runs(id, session_id, question, status, model, options, "
                      "created_at) VALUES(?, ?, ?, ?, ?, ?, ?)",
                      (rid, session_id, question, RunPhase.PREPARING.value, model,
                       json.dumps(options), time.time()))
        return rid

    def update(self, run_id: str, **fields: Any) -> None:
        if not fields:
            return
        cols = ", ".join(f"{k}=?" for k in fields)
        values = [json.dumps(v) if k in JSON_COLUMNS else v for k, v in fields.items()]
        with self.store.tx() as c:
            c.execute(f"UPDATE runs SET {cols} WHERE id=?", (*values, run_id))

    def get(self, run_id: str) -> RunRecord | None:
        row = self.store._one("SELECT * FROM runs WHERE id=?", (run_id,))
        return RunRecord.model_validate(row) if row is not None else None

    def latest(self, session_id: str | None = None, limit: int = 50) -> list[RunRecord]:
        """The newest runs first (of one session, or of the project)."""
        if session_id:
            rows = self.store._query("SELECT * FROM runs WHERE session_id=? ORDER BY "
                                     "created_at DESC LIMIT ?", (session_id, limit))
        else:
            rows = self.store._query("SELECT * FROM runs ORDER BY created_at DESC LIMIT ?",
                                     (limit,))
        return [RunRecord.model_validate(r) for r in rows]

    def recent(self, session_id: str, limit: int = 20) -> list[tuple[str, str]]:
        """``(question, answer)`` of the last ``limit`` finished runs of a session, oldest
        first (the history window); the answer is read out of the stored response by SQLite,
        without decoding every response."""
        rows = self.store._query(
            "SELECT question, json_extract(response, '$.answer') AS answer FROM runs WHERE "
            "session_id=? AND response IS NOT NULL ORDER BY created_at DESC LIMIT ?",
            (session_id, limit))
        return [(r["question"], r["answer"] or "") for r in rows[::-1]]

    def resume(self, run_id: str, generation: int, owner: str | None = None) -> int | None:
        """paused -> running with the next generation, once; None if not paused at ``generation``.

        The continuing process becomes the run's owner; its final state is unsaved again."""
        with self.store.tx() as c:
            cur = c.execute("UPDATE runs SET status=?, generation=generation+1, "
                            "owner=COALESCE(?, owner), terminal_persisted=0, execution_stopped=0 "
                            "WHERE id=? AND status=? AND generation=?",
                            (RunPhase.RUNNING.value, owner, run_id, RunPhase.PAUSED.value,
                             generation))
            return generation + 1 if cur.rowcount == 1 else None
