"""The project's SQLite store: one file, WAL, every write a transaction.

All SQL lives here. Callers get plain dicts back; JSON columns are decoded.
"""

from __future__ import annotations

import json
import sqlite3
import threading
import time
import uuid
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from igraph_agent.store.schema import migrate

JSON_COLUMNS = {"state", "options", "usage", "response", "content", "args", "envelope",
                 "data", "meta", "source_ids", "spec", "value", "pause", "decided_args",
                 "cancel"}


# a write carrying a generation only lands while the run is at that generation (docs/durability.md)
_GEN_GUARD = " AND (? IS NULL OR (SELECT generation FROM runs WHERE id=?)=?)"


def new_id(prefix: str) -> str:
    return f"{prefix}_{uuid.uuid4().hex[:12]}"


class Store:
    """Thread-safe access to ``agent.db`` (one connection, one lock)."""

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._lock = threading.RLock()
        self._conn = sqlite3.connect(self.path, check_same_thread=False, timeout=30,
                                     isolation_level=None)
        self._conn.row_factory = sqlite3.Row
        self._conn.execute("PRAGMA journal_mode=WAL")
        self._conn.execute("PRAGMA synchronous=NORMAL")
        self._conn.execute("PRAGMA foreign_keys=ON")
        self._migrate()

    # -- plumbing ---------------------------------------------------------------------
    @contextmanager
    def tx(self) -> Iterator[sqlite3.Connection]:
        with self._lock:
            self._conn.execute("BEGIN IMMEDIATE")
            try:
                yield self._conn
            except BaseException:
                self._conn.execute("ROLLBACK")
                raise
            self._conn.execute("COMMIT")

    @contextmanager
    def _within(self, conn: sqlite3.Connection | None) -> Iterator[sqlite3.Connection]:
        """``conn`` when the caller already holds a transaction (``add_event(also=...)``),
        else a transaction of its own."""
        if conn is not None:
            yield conn
        else:
            with self.tx() as c:
                yield c

    def _query(self, sql: str, params: tuple = ()) -> list[dict[str, Any]]:
        with self._lock:
            rows = self._conn.execute(sql, params).fetchall()
        return [_decode(r) for r in rows]

    def _one(self, sql: str, params: tuple = ()) -> dict[str, Any] | None:
        rows = self._query(sql, params)
        return rows[0] if rows else None

    def schema_version(self) -> int:
        with self._lock:
            return self._conn.execute("PRAGMA user_version").fetchone()[0]

    def _migrate(self) -> None:
        with self._lock:
            migrate(self._conn)  # safe against a concurrent first open (store/schema.py)

    def close(self) -> None:
        with self._lock:
            self._conn.close()

    # -- config -----------------------------------------------------------------------
    def get_config(self, key: str, default: Any = None) -> Any:
        row = self._one("SELECT value FROM config WHERE key=?", (key,))
        return row["value"] if row else default

    def set_config(self, key: str, value: Any) -> None:
        with self.tx() as c:
            c.execute("INSERT INTO config(key, value) VALUES(?, ?) "
                      "ON CONFLICT(key) DO UPDATE SET value=excluded.value", (key, json.dumps(value)))

    # -- sessions ---------------------------------------------------------------------
    def create_session(self, title: str = "") -> str:
        sid = new_id("ses")
        with self.tx() as c:
            c.execute("INSERT INTO sessions(id, title, created_at) VALUES(?, ?, ?)",
                      (sid, title, time.time()))
        return sid

    def get_session(self, session_id: str) -> dict[str, Any] | None:
        return self._one("SELECT * FROM sessions WHERE id=?", (session_id,))

    def list_sessions(self) -> list[dict[str, Any]]:
        return self._query(
            "SELECT s.id, s.title, s.created_at, COUNT(r.id) AS runs FROM sessions s "
            "LEFT JOIN runs r ON r.session_id = s.id GROUP BY s.id ORDER BY s.created_at")

    def update_session_state(self, session_id: str, state: dict[str, Any]) -> None:
        with self.tx() as c:
            c.execute("UPDATE sessions SET state=? WHERE id=?", (json.dumps(state), session_id))

    # -- runs: store/runs.py ------------------------------------------------------------

    # -- messages ---------------------------------------------------------------------
    def add_message(self, run_id: str, role: str, content: dict[str, Any]) -> int:
        return self.add_messages(run_id, [(role, content)])[0]

    def add_messages(self, run_id: str, rows: list[tuple[str, dict[str, Any]]]) -> list[int]:
        """Append messages ``(role, content)`` in one transaction; their seqs."""
        with self.tx() as c:
            first = c.execute("SELECT COALESCE(MAX(seq), -1) + 1 FROM messages WHERE run_id=?",
                              (run_id,)).fetchone()[0]
            seqs = list(range(first, first + len(rows)))
            c.executemany("INSERT INTO messages(run_id, seq, role, content) VALUES(?, ?, ?, ?)",
                          [(run_id, seq, role, json.dumps(content))
                           for seq, (role, content) in zip(seqs, rows, strict=True)])
        return seqs

    def messages(self, run_id: str) -> list[dict[str, Any]]:
        return self._query("SELECT * FROM messages WHERE run_id=? ORDER BY seq", (run_id,))

    # -- tool calls -------------------------------------------------------------------
    def start_tool_call(self, run_id: str, call_id: str, tool: str, args: Any) -> None:
        self.start_tool_calls(run_id, [(call_id, tool, args)])

    def start_tool_calls(self, run_id: str, calls: list[tuple[str, str, Any]]) -> None:
        """Rows for a turn's calls ``(call_id, tool, args)``, in that order, in one transaction."""
        now = time.time()
        with self.tx() as c:
            seq = c.execute("SELECT COUNT(*) FROM tool_calls WHERE run_id=?", (run_id,)).fetchone()[0]
            c.executemany("INSERT OR REPLACE INTO tool_calls(run_id, call_id, seq, tool, args, "
                          "status, started_at) VALUES(?, ?, ?, ?, ?, 'running', ?)",
                          [(run_id, call_id, seq + i, tool, json.dumps(args), now)
                           for i, (call_id, tool, args) in enumerate(calls)])

    def finish_tool_call(self, run_id: str, call_id: str, envelope: dict[str, Any],
                         generation: int | None = None,
                         conn: sqlite3.Connection | None = None) -> bool:
        """Store a call's result; ignored (False) when ``generation`` is not the run's.
        ``conn``: inside a transaction the caller holds (the call's ``tool.completed`` event)."""
        status = "succeeded" if envelope.get("success") else "failed"
        with self._within(conn) as c:
            cur = c.execute("UPDATE tool_calls SET status=?, envelope=?, finished_at=? "
                            "WHERE run_id=? AND call_id=?" + _GEN_GUARD,
                            (status, json.dumps(envelope), time.time(), run_id, call_id,
                             generation, run_id, generation))
            return cur.rowcount == 1

    def tool_calls(self, run_id: str) -> list[dict[str, Any]]:
        return self._query("SELECT * FROM tool_calls WHERE run_id=? ORDER BY seq", (run_id,))

    # -- events -----------------------------------------------------------------------
    def add_event(self, run_id: str, idx: int, generation: int, type_: str, ts: float,
                  data: dict[str, Any],
                  also: Callable[[sqlite3.Connection], Any] | None = None) -> bool:
        """Append an event; ignored (False) when ``generation`` is older than the run's.
        ``also`` writes what goes with it (a call's row, its result) in the same transaction."""
        with self.tx() as c:
            if also is not None:
                also(c)
            cur = c.execute("INSERT INTO events(run_id, idx, generation, type, ts, data) "
                            "SELECT ?, ?, ?, ?, ?, ? WHERE COALESCE((SELECT generation FROM "
                            "runs WHERE id=?), ?) <= ?",
                            (run_id, idx, generation, type_, ts, json.dumps(data, default=str),
                             run_id, generation, generation))
            return cur.rowcount == 1

    def events(self, run_id: str, after: int = -1) -> list[dict[str, Any]]:
        return self._query("SELECT * FROM events WHERE run_id=? AND idx>? ORDER BY idx",
                           (run_id, after))

    def last_event_index(self, run_id: str) -> int:
        with self._lock:
            return self._conn.execute("SELECT COALESCE(MAX(idx), -1) FROM events WHERE run_id=?",
                                      (run_id,)).fetchone()[0]

    # -- sources and datasets ---------------------------------------------------------
    def add_source(self, source_id: str, name: str, kind: str, meta: dict[str, Any]) -> None:
        with self.tx() as c:
            c.execute("INSERT INTO sources(id, name, kind, meta, created_at) VALUES(?, ?, ?, ?, ?)",
                      (source_id, name, kind, json.dumps(meta), time.time()))

    def get_source(self, source_id: str) -> dict[str, Any] | None:
        return self._one("SELECT * FROM sources WHERE id=?", (source_id,))

    def list_sources(self) -> list[dict[str, Any]]:
        return self._query("SELECT * FROM sources ORDER BY created_at")

    def count(self, table: str) -> int:
        assert table in {"sources", "datasets", "runs", "sessions", "tool_calls", "events"}
        with self._lock:
            return self._conn.execute(f"SELECT COUNT(*) FROM {table}").fetchone()[0]

    def add_dataset(self, dataset_id: str, name: str, source_ids: list[str], spec: dict,
                    status: str = "pending") -> None:
        now = time.time()
        with self.tx() as c:
            c.execute("INSERT INTO datasets(id, name, source_ids, spec, status, revision, "
                      "created_at, updated_at) VALUES(?, ?, ?, ?, ?, 0, ?, ?)",
                      (dataset_id, name, json.dumps(source_ids), json.dumps(spec), status, now, now))

    def update_dataset(self, dataset_id: str, **fields: Any) -> None:
        fields["updated_at"] = time.time()
        cols = ", ".join(f"{k}=?" for k in fields)
        values = [json.dumps(v) if k in JSON_COLUMNS else v for k, v in fields.items()]
        with self.tx() as c:
            c.execute(f"UPDATE datasets SET {cols} WHERE id=?", (*values, dataset_id))

    def get_dataset(self, dataset_id: str) -> dict[str, Any] | None:
        return self._one("SELECT * FROM datasets WHERE id=?", (dataset_id,))

    def list_datasets(self) -> list[dict[str, Any]]:
        return self._query("SELECT * FROM datasets ORDER BY created_at")


    # -- approval pauses (records: store/approvals.py) -----------------------------------
    def mark_tool_call(self, run_id: str, call_id: str, status: str,
                       envelope: dict[str, Any] | None = None,
                       args: dict[str, Any] | None = None,
                       conn: sqlite3.Connection | None = None) -> None:
        """Set a stored call's status (``running``, ``awaiting_approval``, ``blocked``), keeping
        its place; an envelope finishes it, ``args`` replaces approved-modified arguments.
        ``conn``: inside a transaction the caller holds (the call's event)."""
        with self._within(conn) as c:
            c.execute("UPDATE tool_calls SET status=?, envelope=COALESCE(?, envelope), "
                      "args=COALESCE(?, args), finished_at=CASE WHEN ? IS NULL THEN finished_at "
                      "ELSE ? END WHERE run_id=? AND call_id=?",
                      (status, json.dumps(envelope) if envelope is not None else None,
                       json.dumps(args) if args is not None else None,
                       None if envelope is None else 1, time.time(), run_id, call_id))


def _decode(row: sqlite3.Row) -> dict[str, Any]:
    out = dict(row)
    for key in JSON_COLUMNS & out.keys():
        if isinstance(out[key], str):
            try:
                out[key] = json.loads(out[key])
            except json.JSONDecodeError:
                pass
    return out
