"""The SQLite store: WAL, versioned schema, transactions that leave nothing half-written."""

from __future__ import annotations

import sqlite3

import pytest

from igraph_agent.store import Store
from igraph_agent.store.runs import Runs
from igraph_agent.store.schema import MIGRATIONS


def test_store_uses_wal_and_the_latest_schema_version(tmp_path):
    store = Store(tmp_path / "agent.db")
    assert store.schema_version() == len(MIGRATIONS)
    mode = sqlite3.connect(tmp_path / "agent.db").execute("PRAGMA journal_mode").fetchone()[0]
    assert mode == "wal"


def test_reopening_a_store_keeps_data_and_does_not_migrate_twice(tmp_path):
    store = Store(tmp_path / "agent.db")
    sid = store.create_session("t")
    store.close()
    again = Store(tmp_path / "agent.db")
    assert again.get_session(sid)["title"] == "t"
    assert again.schema_version() == len(MIGRATIONS)


def test_a_failed_transaction_writes_nothing(tmp_path):
    store = Store(tmp_path / "agent.db")
    sid = store.create_session()
    with pytest.raises(RuntimeError), store.tx() as c:
        c.execute("INSERT INTO runs(id, session_id, question, status, created_at) "
                  "VALUES('run_x', ?, 'q', 'running', 0)", (sid,))
        raise RuntimeError("crash mid-write")
    assert Runs(store).get("run_x") is None


def test_tool_call_envelope_is_readable_by_another_connection_once_finished(tmp_path):
    store = Store(tmp_path / "agent.db")
    sid = store.create_session()
    rid = Runs(store).create(sid, "q", "offline/planner", {})
    store.start_tool_call(rid, "c1", "get_graph_info", {})
    store.finish_tool_call(rid, "c1", {"success": True, "tool": "get_graph_info", "data": {"n": 3}})
    other = Store(tmp_path / "agent.db")
    row = other.tool_calls(rid)[0]
    assert row["status"] == "succeeded" and row["envelope"]["data"] == {"n": 3}
