"""The SQLite schema as an ordered list of migrations. Append, never edit a shipped one.

:func:`migrate` applies the missing ones. Several processes may open a new project at
once: each migration runs in one ``BEGIN IMMEDIATE`` transaction that reads the schema
version *inside* the transaction, so a process that waited for a concurrent winner finds
the work done and applies nothing twice; a process killed mid-migration leaves the
previous version (the transaction rolls back).
"""

from __future__ import annotations

import sqlite3

from igraph_agent.testhooks import crash_point

MIGRATIONS: list[str] = [
    # 1: the foundation
    """
    CREATE TABLE sessions (
        id TEXT PRIMARY KEY,
        title TEXT NOT NULL DEFAULT '',
        created_at REAL NOT NULL,
        state TEXT NOT NULL DEFAULT '{}'
    );
    CREATE TABLE runs (
        id TEXT PRIMARY KEY,
        session_id TEXT NOT NULL REFERENCES sessions(id),
        question TEXT NOT NULL,
        status TEXT NOT NULL,
        model TEXT NOT NULL DEFAULT '',
        options TEXT NOT NULL DEFAULT '{}',
        usage TEXT NOT NULL DEFAULT '{}',
        response TEXT,
        partial_text TEXT NOT NULL DEFAULT '',
        generation INTEGER NOT NULL DEFAULT 1,
        created_at REAL NOT NULL,
        finished_at REAL
    );
    CREATE INDEX runs_by_session ON runs(session_id, created_at);
    CREATE TABLE messages (
        run_id TEXT NOT NULL REFERENCES runs(id),
        seq INTEGER NOT NULL,
        role TEXT NOT NULL,
        content TEXT NOT NULL,
        PRIMARY KEY (run_id, seq)
    );
    CREATE TABLE tool_calls (
        run_id TEXT NOT NULL REFERENCES runs(id),
        call_id TEXT NOT NULL,
        seq INTEGER NOT NULL,
        tool TEXT NOT NULL,
        args TEXT NOT NULL,
        status TEXT NOT NULL,
        envelope TEXT,
        started_at REAL NOT NULL,
        finished_at REAL,
        PRIMARY KEY (run_id, call_id)
    );
    CREATE TABLE events (
        run_id TEXT NOT NULL REFERENCES runs(id),
        idx INTEGER NOT NULL,
        generation INTEGER NOT NULL,
        type TEXT NOT NULL,
        ts REAL NOT NULL,
        data TEXT NOT NULL,
        PRIMARY KEY (run_id, idx)
    );
    CREATE TABLE sources (
        id TEXT PRIMARY KEY,
        name TEXT NOT NULL,
        kind TEXT NOT NULL,
        meta TEXT NOT NULL DEFAULT '{}',
        created_at REAL NOT NULL
    );
    CREATE TABLE datasets (
        id TEXT PRIMARY KEY,
        name TEXT NOT NULL,
        source_ids TEXT NOT NULL,
        spec TEXT NOT NULL,
        status TEXT NOT NULL,
        revision INTEGER NOT NULL DEFAULT 0,
        meta TEXT NOT NULL DEFAULT '{}',
        error TEXT,
        created_at REAL NOT NULL,
        updated_at REAL NOT NULL
    );
    CREATE TABLE config (
        key TEXT PRIMARY KEY,
        value TEXT NOT NULL
    );
    """,
    # 2: approval pauses (runtime/approvals.py): one record per gated tool call, and the
    #    run's pause point (which turn's calls are waiting, the step count, notices).
    """
    CREATE TABLE approvals (
        run_id TEXT NOT NULL REFERENCES runs(id),
        tool_call_id TEXT NOT NULL,
        tool TEXT NOT NULL,
        args TEXT NOT NULL,
        generation INTEGER NOT NULL,
        status TEXT NOT NULL,
        decided_args TEXT,
        created_at REAL NOT NULL,
        decided_at REAL,
        PRIMARY KEY (run_id, tool_call_id)
    );
    CREATE INDEX approvals_pending ON approvals(run_id, status);
    ALTER TABLE runs ADD COLUMN pause TEXT;
    """,
    # 3: skills and memory (SQL in store/skills.py and store/memory.py): review state
    #    of skills, the skills each run opened with their tool trace, memory records.
    """
    CREATE TABLE skill_state (
        name TEXT NOT NULL,
        location TEXT NOT NULL,
        status TEXT NOT NULL,
        approved_at REAL,
        playbook_id TEXT,
        rejected_at REAL,
        reason TEXT NOT NULL DEFAULT '',
        updated_at REAL NOT NULL,
        PRIMARY KEY (location, name)
    );
    CREATE TABLE skill_runs (
        run_id TEXT NOT NULL,
        skill TEXT NOT NULL,
        opened_at REAL NOT NULL,
        call_id TEXT NOT NULL DEFAULT '',
        trace TEXT NOT NULL DEFAULT '[]',
        PRIMARY KEY (run_id, skill)
    );
    CREATE TABLE memories (
        id TEXT PRIMARY KEY,
        user_id TEXT NOT NULL,
        project TEXT NOT NULL,
        kind TEXT NOT NULL,
        key TEXT NOT NULL DEFAULT '',
        content TEXT NOT NULL,
        source TEXT NOT NULL DEFAULT '',
        status TEXT NOT NULL,
        run_id TEXT,
        session_id TEXT,
        embedding TEXT,
        created_at REAL NOT NULL,
        updated_at REAL NOT NULL
    );
    CREATE INDEX memories_by_user ON memories(user_id, project, status, kind);
    CREATE INDEX memories_by_run ON memories(run_id, status);
    """,
    # background jobs and graph learning (SQL in store/jobs.py): jobs with
    #    parent/child links and hand-off, their progress log (seq strictly increasing per job),
    #    trained models and the experiments that produced them.
    """
    CREATE TABLE jobs (
        id TEXT PRIMARY KEY,
        kind TEXT NOT NULL,
        state TEXT NOT NULL,
        parent_id TEXT REFERENCES jobs(id),
        child_id TEXT,
        run_id TEXT NOT NULL DEFAULT '',
        call_id TEXT NOT NULL DEFAULT '',
        params TEXT NOT NULL DEFAULT '{}',
        result TEXT,
        error TEXT,
        created_at REAL NOT NULL,
        started_at REAL,
        finished_at REAL
    );
    CREATE INDEX jobs_by_parent ON jobs(parent_id);
    CREATE INDEX jobs_by_run ON jobs(run_id, created_at);
    CREATE TABLE job_progress (
        job_id TEXT NOT NULL REFERENCES jobs(id),
        seq INTEGER NOT NULL,
        ts REAL NOT NULL,
        fraction REAL NOT NULL,
        message TEXT NOT NULL DEFAULT '',
        data TEXT NOT NULL DEFAULT '{}',
        PRIMARY KEY (job_id, seq)
    );
    CREATE TABLE models (
        id TEXT PRIMARY KEY,
        job_id TEXT NOT NULL,
        task TEXT NOT NULL,
        arch TEXT NOT NULL,
        target TEXT,
        dataset_id TEXT,
        revision INTEGER,
        status TEXT NOT NULL,
        path TEXT NOT NULL,
        config TEXT NOT NULL DEFAULT '{}',
        metrics TEXT NOT NULL DEFAULT '{}',
        created_at REAL NOT NULL,
        updated_at REAL NOT NULL
    );
    CREATE TABLE experiments (
        id TEXT PRIMARY KEY,
        model_id TEXT NOT NULL REFERENCES models(id),
        job_id TEXT NOT NULL,
        task TEXT NOT NULL,
        arch TEXT NOT NULL,
        target TEXT,
        dataset_id TEXT,
        revision INTEGER,
        config TEXT NOT NULL DEFAULT '{}',
        split TEXT NOT NULL DEFAULT '{}',
        metrics TEXT NOT NULL DEFAULT '{}',
        state TEXT NOT NULL,
        created_at REAL NOT NULL
    );
    """,
    # 5: durable runs (SQL in store/runctl.py): the client-visible control fields of
    #    each run, the process that owns a run or job (pid:start time, for recovery), start
    #    requests with their content fingerprint, and cancel requests bound to one target.
    """
    ALTER TABLE runs ADD COLUMN start_request_id TEXT;
    ALTER TABLE runs ADD COLUMN owner TEXT;
    ALTER TABLE runs ADD COLUMN cancel_status TEXT NOT NULL DEFAULT 'none';
    ALTER TABLE runs ADD COLUMN execution_stopped INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE runs ADD COLUMN terminal_persisted INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE runs ADD COLUMN cancel TEXT;
    UPDATE runs SET execution_stopped=1, terminal_persisted=1
        WHERE status IN ('completed', 'cancelled', 'error', 'interrupted', 'paused');
    CREATE INDEX runs_active ON runs(session_id, status, terminal_persisted);
    ALTER TABLE jobs ADD COLUMN owner TEXT;
    CREATE TABLE start_requests (
        id TEXT PRIMARY KEY,
        session_id TEXT,
        fingerprint TEXT,
        run_id TEXT,
        cancelled INTEGER NOT NULL DEFAULT 0,
        created_at REAL NOT NULL
    );
    CREATE TABLE cancel_requests (
        id TEXT PRIMARY KEY,
        target_kind TEXT NOT NULL,
        target TEXT NOT NULL,
        created_at REAL NOT NULL
    );
    """,
]


def migrate(conn: sqlite3.Connection) -> int:
    """Apply the migrations this database lacks (``conn`` in autocommit mode); the version."""
    while True:
        conn.execute("BEGIN IMMEDIATE")  # waits (busy timeout) for a concurrent migrator
        try:
            current = conn.execute("PRAGMA user_version").fetchone()[0]
            if current >= len(MIGRATIONS):
                conn.execute("COMMIT")
                return current
            for statement in _statements(MIGRATIONS[current]):
                conn.execute(statement)
            crash_point("migration")
            conn.execute(f"PRAGMA user_version={current + 1}")
            conn.execute("COMMIT")
        except BaseException:
            conn.execute("ROLLBACK")
            raise


def _statements(script: str) -> list[str]:
    """A migration script split into complete statements (comments and blanks dropped)."""
    out, buf = [], ""
    for line in script.splitlines(keepends=True):
        if not buf and not line.strip():
            continue
        buf += line
        if sqlite3.complete_statement(buf):
            out.append(buf.strip())
            buf = ""
    if buf.strip():
        raise ValueError(f"incomplete statement in a migration: {buf.strip()[:80]}")
    return out
