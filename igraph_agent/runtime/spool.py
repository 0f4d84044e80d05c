"""The spool of final states and the terminal write that empties it.

Before a run's terminal (or stable paused) write, its payload — the final fields, the
completed tool results, partial text, approval requirement, cancellation metadata — goes
to ``<home>/spool/<run_id>.json`` (temporary file + atomic replace). Then the store is
written (only if the run is still at the writer's generation) and ``terminal_persisted``
set, in one transaction: committed, the spool file is removed; failed, nothing of it is
written and the spool file stays: :func:`resave` (``Agent.retry_save``, and recovery at
start-up) writes it again — it never re-runs the model or a tool.

Example::

    >>> _ = write_spool(home, "run_1", {"run_id": "run_1", "status": "completed"})
    >>> [s["run_id"] for s in spooled(home)]
    ['run_1']
    >>> drop_spool(home, "run_1")
    >>> spooled(home)
    []
"""

from __future__ import annotations

import json
import os
import sqlite3
import time
from pathlib import Path
from typing import Any

from igraph_agent.store import Store
from igraph_agent.store.runctl import RunControlStore
from igraph_agent.testhooks import crash_point

SPOOL_DIR = "spool"


# -- the spool ----------------------------------------------------------------------------
def spool_path(home: Path, run_id: str) -> Path:
    return Path(home) / SPOOL_DIR / f"{run_id}.json"


def write_spool(home: Path, run_id: str, payload: dict[str, Any]) -> Path:
    path = spool_path(home, run_id)
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(f".{os.getpid()}.tmp")
    with open(tmp, "w", encoding="utf-8") as fh:
        fh.write(json.dumps(payload, default=str))  # json.dump encodes in Python, piece by piece
        fh.flush()
        os.fsync(fh.fileno())
    os.replace(tmp, path)
    return path


def spooled(home: Path) -> list[dict[str, Any]]:
    """Payloads waiting to be saved (unreadable half-written temp files are skipped)."""
    out = []
    for path in sorted((Path(home) / SPOOL_DIR).glob("run_*.json")):
        try:
            out.append(json.loads(path.read_text(encoding="utf-8")))
        except (OSError, json.JSONDecodeError):
            continue
    return out


def drop_spool(home: Path, run_id: str) -> None:
    try:
        spool_path(home, run_id).unlink()
    except FileNotFoundError:
        pass


# -- terminal writes ----------------------------------------------------------------------
def persist_terminal(store: Store, home: Path, run_id: str, generation: int,
                     fields: dict[str, Any], tool_results: list[dict[str, Any]] | None = None,
                     ) -> bool:
    """Spool, then write and mark ``terminal_persisted`` in one transaction.

    False when the write was ignored (an older generation) or could not be confirmed (the
    spool file stays for :func:`resave`).
    """
    payload = {"run_id": run_id, "generation": generation, "fields": fields,
               "tool_results": tool_results or [], "spooled_at": time.time()}
    try:
        write_spool(home, run_id, payload)
    except OSError:
        pass  # the store write below is still attempted; only the retry path is lost
    crash_point("terminal.spooled")  # inert unless the crash test asks (igraph_agent/testhooks.py)
    return _save(store, home, payload)


def _save(store: Store, home: Path, payload: dict[str, Any]) -> bool:
    run_id, generation, fields = payload["run_id"], payload["generation"], payload["fields"]
    ctl = RunControlStore(store)
    try:  # one transaction: it commits whole (persisted) or not at all (the spool stays)
        if not ctl.write_terminal(run_id, generation, fields, payload.get("tool_results"),
                                  persisted=True):
            drop_spool(home, run_id)  # a newer generation owns the run now
            return False
    except sqlite3.Error:  # not written: the spool file stays
        return False
    drop_spool(home, run_id)
    return True


def resave(store: Store, home: Path, run_id: str | None = None) -> list[str]:
    """Write spooled payloads again (all, or one run's); returns the runs now persisted."""
    done = []
    for payload in spooled(home):
        if run_id is not None and payload.get("run_id") != run_id:
            continue
        if _save(store, home, payload):
            done.append(payload["run_id"])
    return done
