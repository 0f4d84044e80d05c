"""SQL for durable run control (migration 5): admission, start and cancel requests,
generation-guarded terminal writes, and the rows recovery looks at.

Kept apart from ``store/db.py`` like ``store/jobs.py``: :class:`RunControlStore` wraps the
project's :class:`Store` (same connection, lock and ``BEGIN IMMEDIATE`` transactions, so
admission is serialized across every process that opens the same home).

Example::

    >>> ctl = RunControlStore(store)
    >>> sid = store.create_session()
    >>> run_id, created = ctl.admit(sid, "how many nodes?", "offline/planner", {},
    ...                             start_request_id="req-1", fingerprint="ab12", owner="42:7")
    >>> created, ctl.admit(sid, "how many nodes?", "offline/planner", {}, start_request_id="req-1",
    ...                    fingerprint="ab12", owner="42:7") == (run_id, False)
    (True, True)
"""

from __future__ import annotations

import json
import sqlite3
import time
from typing import Any

from igraph_agent.errors import AgentError, ErrorCode
from igraph_agent.status import FINAL_PHASES, CancelPhase, RunPhase
from igraph_agent.store.db import Store, new_id
from igraph_agent.store.runs import RunRecord

_P, _C = RunPhase, CancelPhase
_BUSY_SQL = ("SELECT id, status, terminal_persisted FROM runs WHERE session_id=? AND "
             f"(status IN ('{_P.PREPARING}', '{_P.RUNNING}', '{_P.PAUSED}') "
             "OR terminal_persisted=0) ORDER BY created_at DESC LIMIT 1")


class RunControlStore:
    def __init__(self, store: Store) -> None:
        self.store = store

    # -- admission --------------------------------------------------------------------
    def start_request(self, start_request_id: str) -> dict[str, Any] | None:
        return self.store._one("SELECT * FROM start_requests WHERE id=?", (start_request_id,))

    def busy_run(self, session_id: str) -> dict[str, Any] | None:
        """The run that keeps the session from admitting another (active, paused, unsaved)."""
        return self.store._one(_BUSY_SQL, (session_id,))

    def admit(self, session_id: str, question: str, model: str, options: dict, *,
              start_request_id: str | None, fingerprint: str, owner: str) -> tuple[str, bool]:
        """Create a ``preparing`` run, or return the run the same start request made.

        Returns ``(run_id, created)``. Raises START_IDEMPOTENCY_CONFLICT (same id, other
        content), RUN_CANCELLED (the request was cancelled before it started) or
        SESSION_BUSY — all decided in one transaction.
        """
        with self.store.tx() as c:
            if start_request_id:
                row = c.execute("SELECT * FROM start_requests WHERE id=?",
                                (start_request_id,)).fetchone()
                if row is not None:
                    if row["fingerprint"] and row["fingerprint"] != fingerprint:
                        raise AgentError(
                            ErrorCode.START_IDEMPOTENCY_CONFLICT,
                            f"start request {start_request_id!r} was already used for other "
                            "content (question, attachments, options or session differ)",
                            hint="use a new start_request_id for a new question",
                            details={"start_request_id": start_request_id,
                                     "run_id": row["run_id"]})
                    if row["run_id"]:
                        return row["run_id"], False
                    if row["cancelled"]:
                        raise AgentError(
                            ErrorCode.RUN_CANCELLED,
                            f"start request {start_request_id!r} was cancelled before it started",
                            hint="send the question again with a new start_request_id",
                            details={"start_request_id": start_request_id})
            busy = c.execute(_BUSY_SQL, (session_id,)).fetchone()
            if busy is not None:
                why = ("has an unconfirmed final save" if busy["status"] in FINAL_PHASES
                       else "is waiting for an approval" if busy["status"] == RunPhase.PAUSED
                       else "is still running")
                raise AgentError(ErrorCode.SESSION_BUSY,
                                 f"session {session_id}: run {busy['id']} {why}",
                                 hint="wait for it, decide or cancel it "
                                      f"(`igraph-agent cancel {busy['id']}`), or use another "
                                      "session",
                                 details={"active_run": busy["id"], "run_status": busy["status"]})
            run_id = new_id("run")
            now = time.time()
            c.execute("INSERT INTO runs(id, session_id, question, status, model, options, "
                      "created_at, start_request_id, owner) "
                      "VALUES(?, ?, ?, ?, ?, ?, ?, ?, ?)",
                      (run_id, session_id, question, RunPhase.PREPARING.value, model, json.dumps(options), now,
                       start_request_id, owner))
            if start_request_id:
                c.execute("INSERT INTO start_requests(id, session_id, fingerprint, run_id, "
                          "created_at) VALUES(?, ?, ?, ?, ?) ON CONFLICT(id) DO UPDATE SET "
                          "session_id=excluded.session_id, fingerprint=excluded.fingerprint, "
                          "run_id=excluded.run_id", (start_request_id, session_id, fingerprint,
                                                     run_id, now))
        return run_id, True

    # -- cancellation -----------------------------------------------------------------
    def bind_cancel(self, cancel_request_id: str, kind: str, target: str) -> None:
        """Bind a cancel id to one target; the same id for another target is a conflict."""
        with self.store.tx() as c:
            row = c.execute("SELECT * FROM cancel_requests WHERE id=?",
                            (cancel_request_id,)).fetchone()
            if row is None:
                c.execute("INSERT INTO cancel_requests(id, target_kind, target, created_at) "
                          "VALUES(?, ?, ?, ?)", (cancel_request_id, kind, target, time.time()))
            elif (row["target_kind"], row["target"]) != (kind, target):
                raise AgentError(
                    ErrorCode.CANCEL_REQUEST_CONFLICT,
                    f"cancel request {cancel_request_id!r} already targets "
                    f"{row['target_kind']} {row['target']}",
                    hint="use a new cancel_request_id for another run or start request",
                    details={"target_kind": row["target_kind"], "target": row["target"]})

    def cancel_start_request(self, start_request_id: str) -> str | None:
        """The run the request started, else record the intent (a late start is refused)."""
        with self.store.tx() as c:
            row = c.execute("SELECT run_id FROM start_requests WHERE id=?",
                            (start_request_id,)).fetchone()
            if row is not None and row["run_id"]:
                return row["run_id"]
            c.execute("INSERT INTO start_requests(id, cancelled, created_at) VALUES(?, 1, ?) "
                      "ON CONFLICT(id) DO UPDATE SET cancelled=1", (start_request_id, time.time()))
        return None

    def request_cancel(self, run_id: str, meta: dict[str, Any]) -> bool:
        """Record the intent on an executing run (once); False when it is not executing."""
        with self.store.tx() as c:
            cur = c.execute(f"UPDATE runs SET cancel_status='{_C.REQUESTED}', cancel=? WHERE "
                            f"id=? AND status IN ('{_P.PREPARING}', '{_P.RUNNING}') AND "
                            f"cancel_status='{_C.NONE}'", (json.dumps(meta), run_id))
            return cur.rowcount == 1

    def set_cancel_status(self, run_id: str, status: CancelPhase) -> None:
        with self.store.tx() as c:
            c.execute("UPDATE runs SET cancel_status=? WHERE id=? AND cancel_status IN "
                      f"('{_C.REQUESTED}', '{_C.STOPPING}')", (status.value, run_id))

    def cancel_status(self, run_id: str) -> CancelPhase:
        row = self.store._one("SELECT cancel_status FROM runs WHERE id=?", (run_id,))
        return CancelPhase(row["cancel_status"]) if row else CancelPhase.NONE

    # -- terminal writes --------------------------------------------------------------
    def write_terminal(self, run_id: str, generation: int, fields: dict[str, Any],
                       results: list[dict[str, Any]] | None = None,
                       persisted: bool = False) -> bool:
        """Write the final (or stable paused) fields if the run is still at ``generation``,
        with the envelopes of ``results`` whose rows lack one (from the spool), in one
        transaction; ``persisted`` marks them persisted in it too (:meth:`mark_persisted`)."""
        cols = ", ".join(f"{k}=?" for k in fields)
        values = [json.dumps(v) if isinstance(v, dict | list) else v for v in fields.values()]
        with self.store.tx() as c:
            for env in results or []:  # completed tools, never re-run
                self.save_missing_result(run_id, env.get("call_id", ""), env, generation, c)
            cur = c.execute(f"UPDATE runs SET {cols}, terminal_persisted=0 WHERE id=? AND "
                            "generation=?", (*values, run_id, generation))
            if cur.rowcount != 1:
                return False
            return self.mark_persisted(run_id, generation, c) if persisted else True

    def save_missing_result(self, run_id: str, call_id: str, envelope: dict[str, Any],
                            generation: int, conn: sqlite3.Connection | None = None) -> None:
        """Store a completed call's envelope from the spool if the row lacks it."""
        status = "succeeded" if envelope.get("success") else "failed"
        with self.store._within(conn) as c:
            c.execute("UPDATE tool_calls SET status=?, envelope=?, finished_at=? WHERE run_id=? "
                      "AND call_id=? AND envelope IS NULL AND (SELECT generation FROM runs "
                      "WHERE id=?)=?", (status, json.dumps(envelope, default=str), time.time(),
                                        run_id, call_id, run_id, generation))

    def mark_persisted(self, run_id: str, generation: int,
                       conn: sqlite3.Connection | None = None) -> bool:
        with self.store._within(conn) as c:
            cur = c.execute("UPDATE runs SET terminal_persisted=1, cancel_status=CASE WHEN "
                            f"cancel_status IN ('{_C.REQUESTED}', '{_C.STOPPING}') AND "
                            f"execution_stopped=1 THEN '{_C.CONFIRMED}' ELSE cancel_status END "
                            "WHERE id=? AND generation=?", (run_id, generation))
            return cur.rowcount == 1

    def set_partial_text(self, run_id: str, generation: int, text: str) -> None:
        with self.store.tx() as c:
            c.execute("UPDATE runs SET partial_text=? WHERE id=? AND generation=?",
                      (text, run_id, generation))

    # -- recovery ---------------------------------------------------------------------
    def unfinished_runs(self) -> list[RunRecord]:
        """Runs still executing, or whose final state was not confirmed as persisted."""
        return [RunRecord.model_validate(r) for r in self.store._query(f"SELECT * FROM runs WHERE status IN ('{_P.PREPARING}', "
                                 f"'{_P.RUNNING}') OR terminal_persisted=0 ORDER BY created_at")]

    def open_tool_calls(self, run_id: str) -> list[dict[str, Any]]:
        return self.store._query("SELECT * FROM tool_calls WHERE run_id=? AND status IN "
                                 "('running', 'planned') ORDER BY seq", (run_id,))

    def integrity_check(self) -> str:
        rows = self.store._query("PRAGMA integrity_check")
        return str(next(iter(rows[0].values()))) if rows else "no answer"


def new_cancel_id() -> str:
    return new_id("cnl")
