"""The SQLite schema as an ordered list of migrations. Append, never edit a shipped one."""

from __future__ import annotations

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
]
