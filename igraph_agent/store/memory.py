"""SQL for memory records (migration 3). Every query is scoped to one user and project.

Example::

    >>> records = MemoryRecords(store)
    >>> mid = records.add("alice", "/work/proj", "preference", "Lead reports with conclusions")
    >>> [r["content"] for r in records.list("alice", "/work/proj", kinds=("preference",))]
    ['Lead reports with conclusions']
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterable
from typing import Any

from igraph_agent.store.db import Store, new_id


class MemoryRecords:
    def __init__(self, store: Store) -> None:
        self.store = store

    def add(self, user_id: str, project: str, kind: str, content: str, *, key: str = "",
            source: str = "", status: str = "kept", run_id: str | None = None,
            session_id: str | None = None, embedding: list[float] | None = None) -> str:
        mid = new_id("mem")
        now = time.time()
        with self.store.tx() as c:
            c.execute(
                "INSERT INTO memories(id, user_id, project, kind, key, content, source, status, "
                "run_id, session_id, embedding, created_at, updated_at) "
                "VALUES(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (mid, user_id, project, kind, key, content, source, status, run_id, session_id,
                 json.dumps(embedding) if embedding is not None else None, now, now))
        return mid

    def get(self, user_id: str, project: str, memory_id: str) -> dict[str, Any] | None:
        return _decoded(self.store._one(
            "SELECT * FROM memories WHERE id=? AND user_id=? AND project=?",
            (memory_id, user_id, project)))

    def list(self, user_id: str, project: str, *, kinds: Iterable[str] | None = None,
             status: str = "kept") -> list[dict[str, Any]]:
        sql = "SELECT * FROM memories WHERE user_id=? AND project=? AND status=?"
        params: list[Any] = [user_id, project, status]
        kinds = list(kinds or [])
        if kinds:
            sql += f" AND kind IN ({','.join('?' * len(kinds))})"
            params += kinds
        rows = self.store._query(sql + " ORDER BY created_at, rowid", tuple(params))
        return [_decoded(r) for r in rows]  # type: ignore[misc]

    def find_key(self, user_id: str, project: str, kind: str, key: str) -> dict[str, Any] | None:
        return _decoded(self.store._one(
            "SELECT * FROM memories WHERE user_id=? AND project=? AND kind=? AND key=? "
            "AND status='kept'", (user_id, project, kind, key)))

    def update(self, memory_id: str, **fields: Any) -> None:
        if "embedding" in fields and fields["embedding"] is not None:
            fields["embedding"] = json.dumps(fields["embedding"])
        fields["updated_at"] = time.time()
        cols = ", ".join(f"{k}=?" for k in fields)
        with self.store.tx() as c:
            c.execute(f"UPDATE memories SET {cols} WHERE id=?", (*fields.values(), memory_id))

    def delete(self, user_id: str, project: str, memory_id: str) -> bool:
        with self.store.tx() as c:
            cur = c.execute("DELETE FROM memories WHERE id=? AND user_id=? AND project=?",
                            (memory_id, user_id, project))
            return cur.rowcount == 1

    def pending(self, run_id: str) -> list[dict[str, Any]]:
        return [_decoded(r) for r in self.store._query(  # type: ignore[misc]
            "SELECT * FROM memories WHERE run_id=? AND status='pending' ORDER BY rowid", (run_id,))]

    def settle(self, run_id: str, keep: bool) -> int:
        """Offer (``keep``: they become candidates a person confirms) or drop a run's pending
        records; returns how many."""
        with self.store.tx() as c:
            if keep:
                cur = c.execute("UPDATE memories SET status='candidate', updated_at=? WHERE "
                                "run_id=? AND status='pending'", (time.time(), run_id))
            else:
                cur = c.execute("DELETE FROM memories WHERE run_id=? AND status='pending'",
                                (run_id,))
            return cur.rowcount

    def drop_unfinished(self) -> int:
        """Delete pending records of runs that ended without completing (cancelled, error,
        interrupted -- e.g. marked interrupted by recovery after a crash)."""
        with self.store.tx() as c:
            cur = c.execute("DELETE FROM memories WHERE status='pending' AND run_id IN (SELECT id "
                            "FROM runs WHERE status IN ('cancelled', 'error', 'interrupted'))")
            return cur.rowcount


def _decoded(row: dict[str, Any] | None) -> dict[str, Any] | None:
    if row is not None and isinstance(row.get("embedding"), str):
        row["embedding"] = json.loads(row["embedding"])
    return row
