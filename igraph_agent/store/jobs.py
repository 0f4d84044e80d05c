r"""SQL for background jobs, their progress log, trained models and experiments.

Kept apart from ``store/db.py``: :class:`JobStore` wraps the project's :class:`Store`
(same connection, same lock, same transactions). Jobs come back as typed
:class:`JobRecord`\ s; progress, models and experiments as dicts with JSON columns decoded.

Example::

    >>> jobs = JobStore(store)
    >>> jobs.add_job("job_1", "train", params={"epochs": 5})
    >>> jobs.add_progress("job_1", 0.2, "epoch 1/5")["seq"]
    0
    >>> [(p["seq"], p["message"]) for p in jobs.progress("job_1", after_seq=-1, limit=10)]
    [(0, 'epoch 1/5')]
    >>> jobs.get_job("job_1").state, jobs.get_job("job_1").params
    (<JobState.QUEUED: 'queued'>, {'epochs': 5})
"""

from __future__ import annotations

import json
import time
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from igraph_agent.status import JOB_ENDED, JobState
from igraph_agent.store.db import Store

_JSON = {"params", "result", "error", "data", "config", "metrics", "split"}
class JobRecord(BaseModel):
    """One background job. Columns added by later migrations are kept as extra fields."""

    model_config = ConfigDict(extra="allow")

    id: str
    kind: str
    state: JobState
    parent_id: str | None = None
    child_id: str | None = None  # the job it handed off to
    run_id: str = ""
    call_id: str = ""
    params: dict[str, Any] = Field(default_factory=dict)
    result: Any = None
    error: Any = None
    created_at: float = 0.0
    started_at: float | None = None
    finished_at: float | None = None
    owner: str | None = None  # "pid:start-time" of the process running it

    @property
    def finished(self) -> bool:
        return self.state in JOB_ENDED


def _dump(value: Any) -> str | None:
    return None if value is None else json.dumps(value, default=str)


def _decode(row: dict[str, Any]) -> dict[str, Any]:
    for key in _JSON & row.keys():
        if isinstance(row[key], str):
            try:
                row[key] = json.loads(row[key])
            except json.JSONDecodeError:
                pass
    return row


class JobStore:
    """Jobs, progress records, models and experiments of one project."""

    def __init__(self, store: Store) -> None:
        self.store = store

    def _rows(self, sql: str, params: tuple = ()) -> list[dict[str, Any]]:
        return [_decode(r) for r in self.store._query(sql, params)]

    def _row(self, sql: str, params: tuple = ()) -> dict[str, Any] | None:
        rows = self._rows(sql, params)
        return rows[0] if rows else None

    # -- jobs -------------------------------------------------------------------------
    def add_job(self, job_id: str, kind: str, *, parent_id: str | None = None,
                run_id: str = "", call_id: str = "", params: dict | None = None,
                owner: str | None = None) -> None:
        with self.store.tx() as c:
            c.execute("INSERT INTO jobs(id, kind, state, parent_id, run_id, call_id, params, "
                      "created_at, owner) VALUES(?, ?, 'queued', ?, ?, ?, ?, ?, ?)",
                      (job_id, kind, parent_id, run_id, call_id, _dump(params or {}), time.time(),
                       owner))

    def get_job(self, job_id: str) -> JobRecord | None:
        row = self._row("SELECT * FROM jobs WHERE id=?", (job_id,))
        return JobRecord.model_validate(row) if row is not None else None

    def list_jobs(self, run_id: str | None = None, limit: int = 50) -> list[JobRecord]:
        if run_id:
            rows = self._rows("SELECT * FROM jobs WHERE run_id=? ORDER BY created_at DESC, "
                              "rowid DESC LIMIT ?", (run_id, limit))
        else:
            rows = self._rows("SELECT * FROM jobs ORDER BY created_at DESC, rowid DESC LIMIT ?",
                              (limit,))
        return [JobRecord.model_validate(r) for r in rows]

    def children(self, job_id: str) -> list[JobRecord]:
        rows = self._rows("SELECT * FROM jobs WHERE parent_id=? ORDER BY created_at, rowid",
                          (job_id,))
        return [JobRecord.model_validate(r) for r in rows]

    def set_state(self, job_id: str, state: str, *, result: Any = None, error: Any = None,
                  only_from: tuple[str, ...] = ("queued", "running")) -> bool:
        """Move a job to ``state`` if it is in one of ``only_from``; False if it was not."""
        now = time.time()
        marks = {"running": ", started_at=?", **{t: ", finished_at=?" for t in JOB_ENDED}}
        extra = marks.get(state, "")
        params: list[Any] = [state, _dump(result), _dump(error)]
        if extra:
            params.append(now)
        holes = ", ".join("?" for _ in only_from)
        with self.store.tx() as c:
            cur = c.execute(f"UPDATE jobs SET state=?, result=COALESCE(?, result), "
                            f"error=COALESCE(?, error){extra} WHERE id=? AND state IN ({holes})",
                            (*params, job_id, *only_from))
            return cur.rowcount == 1

    def claim(self, job_id: str, old_owner: str | None, new_owner: str) -> bool:
        """Take over an unfinished job from ``old_owner``; False if another process did."""
        with self.store.tx() as c:
            cur = c.execute("UPDATE jobs SET owner=? WHERE id=? AND owner IS ? AND state IN "
                            "('queued', 'running')", (new_owner, job_id, old_owner))
            return cur.rowcount == 1

    def progress_count(self, job_id: str) -> int:
        rows = self.store._query("SELECT COUNT(*) AS n FROM job_progress WHERE job_id=?", (job_id,))
        return int(rows[0]["n"]) if rows else 0

    def set_child(self, job_id: str, child_id: str) -> None:
        with self.store.tx() as c:
            c.execute("UPDATE jobs SET child_id=? WHERE id=?", (child_id, job_id))

    # -- progress ---------------------------------------------------------------------
    def add_progress(self, job_id: str, fraction: float, message: str,
                     data: dict | None = None) -> dict[str, Any]:
        """Append a record; ``seq`` is the job's next number, strictly increasing from 0."""
        ts = time.time()
        with self.store.tx() as c:
            seq = c.execute("SELECT COALESCE(MAX(seq), -1) + 1 FROM job_progress WHERE job_id=?",
                            (job_id,)).fetchone()[0]
            c.execute("INSERT INTO job_progress(job_id, seq, ts, fraction, message, data) "
                      "VALUES(?, ?, ?, ?, ?, ?)",
                      (job_id, seq, ts, fraction, message, _dump(data or {})))
        return {"job_id": job_id, "seq": seq, "ts": ts, "fraction": fraction, "message": message,
                "data": data or {}}

    def progress(self, job_id: str, after_seq: int = -1, limit: int = 50) -> list[dict[str, Any]]:
        return self._rows("SELECT * FROM job_progress WHERE job_id=? AND seq>? ORDER BY seq "
                          "LIMIT ?", (job_id, after_seq, limit))

    def has_progress_after(self, job_id: str, seq: int) -> bool:
        return self._row("SELECT 1 AS x FROM job_progress WHERE job_id=? AND seq>? LIMIT 1",
                         (job_id, seq)) is not None

    # -- models and experiments -------------------------------------------------------
    def add_model(self, model_id: str, *, job_id: str, task: str, arch: str, target: str | None,
                  dataset_id: str | None, revision: int | None, path: str,
                  config: dict) -> None:
        now = time.time()
        with self.store.tx() as c:
            c.execute("INSERT INTO models(id, job_id, task, arch, target, dataset_id, revision, "
                      "status, path, config, created_at, updated_at) "
                      "VALUES(?, ?, ?, ?, ?, ?, ?, 'training', ?, ?, ?, ?)",
                      (model_id, job_id, task, arch, target, dataset_id, revision, path,
                       _dump(config), now, now))

    def update_model(self, model_id: str, **fields: Any) -> None:
        fields["updated_at"] = time.time()
        cols = ", ".join(f"{k}=?" for k in fields)
        values = [_dump(v) if k in _JSON else v for k, v in fields.items()]
        with self.store.tx() as c:
            c.execute(f"UPDATE models SET {cols} WHERE id=?", (*values, model_id))

    def get_model(self, model_id: str) -> dict[str, Any] | None:
        return self._row("SELECT * FROM models WHERE id=?", (model_id,))

    def models(self, status: str | None = None) -> list[dict[str, Any]]:
        if status:
            return self._rows("SELECT * FROM models WHERE status=? ORDER BY created_at, rowid",
                              (status,))
        return self._rows("SELECT * FROM models ORDER BY created_at, rowid")

    def add_experiment(self, exp_id: str, *, model_id: str, job_id: str, task: str, arch: str,
                       target: str | None, dataset_id: str | None, revision: int | None,
                       config: dict, split: dict, metrics: dict, state: str) -> None:
        with self.store.tx() as c:
            c.execute("INSERT INTO experiments(id, model_id, job_id, task, arch, target, "
                      "dataset_id, revision, config, split, metrics, state, created_at) "
                      "VALUES(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                      (exp_id, model_id, job_id, task, arch, target, dataset_id, revision,
                       _dump(config), _dump(split), _dump(metrics), state, time.time()))

    def experiments(self, limit: int = 100) -> list[dict[str, Any]]:
        return self._rows("SELECT * FROM experiments ORDER BY created_at, rowid LIMIT ?",
                          (limit,))
