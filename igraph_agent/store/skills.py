"""SQL for skills (migration 3): review state per skill and the skills each run opened.

Example::

    >>> records = SkillRecords(store)
    >>> records.mark_opened("run_1", "graph-state-check", "c1")
    >>> [(r["skill"], r["call_id"], r["trace"]) for r in records.opened("run_1")]
    [('graph-state-check', 'c1', [])]
"""

from __future__ import annotations

import json
import time
from typing import Any

from igraph_agent.store.db import Store


class SkillRecords:
    def __init__(self, store: Store) -> None:
        self.store = store

    # -- review state -----------------------------------------------------------------
    def set_state(self, location: str, name: str, status: str, *, approved_at: float | None = None,
                  playbook_id: str | None = None, rejected_at: float | None = None,
                  reason: str = "") -> None:
        with self.store.tx() as c:
            c.execute(
                "INSERT INTO skill_state(name, location, status, approved_at, playbook_id, "
                "rejected_at, reason, updated_at) VALUES(?, ?, ?, ?, ?, ?, ?, ?) "
                "ON CONFLICT(location, name) DO UPDATE SET status=excluded.status, "
                "approved_at=excluded.approved_at, playbook_id=excluded.playbook_id, "
                "rejected_at=excluded.rejected_at, reason=excluded.reason, "
                "updated_at=excluded.updated_at",
                (name, location, status, approved_at, playbook_id, rejected_at, reason, time.time()))

    def state(self, location: str, name: str) -> dict[str, Any] | None:
        return self.store._one("SELECT * FROM skill_state WHERE location=? AND name=?",
                               (location, name))

    def forget(self, location: str, name: str) -> None:
        with self.store.tx() as c:
            c.execute("DELETE FROM skill_state WHERE location=? AND name=?", (location, name))

    # -- runs -------------------------------------------------------------------------
    def mark_opened(self, run_id: str, skill: str, call_id: str) -> None:
        """Record that a run opened a skill (the first opening wins)."""
        with self.store.tx() as c:
            c.execute("INSERT OR IGNORE INTO skill_runs(run_id, skill, opened_at, call_id) "
                      "VALUES(?, ?, ?, ?)", (run_id, skill, time.time(), call_id))

    def set_trace(self, run_id: str, skill: str, trace: list[dict[str, Any]]) -> None:
        with self.store.tx() as c:
            c.execute("UPDATE skill_runs SET trace=? WHERE run_id=? AND skill=?",
                      (json.dumps(trace, default=str), run_id, skill))

    def opened(self, run_id: str) -> list[dict[str, Any]]:
        rows = self.store._query("SELECT * FROM skill_runs WHERE run_id=? ORDER BY opened_at, rowid",
                                 (run_id,))
        for r in rows:
            r["trace"] = json.loads(r["trace"]) if isinstance(r["trace"], str) else r["trace"]
        return rows
