"""Bounded inputs and coded attach errors: files are sized before they are read, limits
hold while they stream, SQL dumps run in a limited child process, SQLSource queries stop,
and every failure at attach is SOURCE_INVALID and leaves the session free."""

from __future__ import annotations

import json
import sqlite3
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from igraph_agent import Agent
from igraph_agent.errors import ErrorCode, ToolError
from igraph_agent.graph import sources, sqldump
from igraph_agent.graph.sql import SQLSource
from igraph_agent.graph.workspace import Workspace
from igraph_agent.store import Store
from igraph_agent.store.runs import Runs

ONE_GB = 1024 * 1024 * 1024

BOMBS = {  # each a few hundred bytes that ask SQLite for unbounded memory or time
    "endless_insert.sql": "CREATE TABLE t(x);\nWITH RECURSIVE c(x) AS (SELECT 1 UNION ALL "
                          "SELECT x + 1 FROM c) INSERT INTO t SELECT x FROM c;\n",
    "big_blobs.sql": "CREATE TABLE t(x);\nWITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT "
                     "x + 1 FROM c WHERE x < 100000) INSERT INTO t SELECT zeroblob(100000000) "
                     "FROM c;\n",
    "endless_count.sql": "CREATE TABLE t(x);\nINSERT INTO t WITH RECURSIVE c(x) AS (SELECT 1 "
                         "UNION ALL SELECT x + 1 FROM c) SELECT count(*) FROM c;\n",
}

# attaches one file in a fresh process and reports the code and the peak memory (KiB)
_MEASURE = textwrap.dedent("""
    import json, resource, sys
    from igraph_agent import Agent
    from igraph_agent.graph import sqldump
    sqldump.SQL_DUMP_TIMEOUT_S = float(sys.argv[3])
    agent = Agent(home=sys.argv[1])
    resp = agent.ask("how many nodes?", attach=[sys.argv[2]])
    again = agent.ask("how many nodes?")
    print(json.dumps({
        "status": resp.status, "code": resp.error.code if resp.error else None,
        "message": resp.error.message if resp.error else None,
        "next_code": again.error.code if again.error else None,
        # VmHWM: this program's own peak. ru_maxrss of RUSAGE_SELF is not: Linux carries a
        # vfork()ing parent's high-water mark into the child at exec, so it can report the
        # pytest process's peak (1036 MiB in a full run) instead of this one's.
        "self_kib": int(next(line.split()[1] for line in open("/proc/self/status")
                             if line.startswith("VmHWM:"))),
        "children_kib": resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss}))
    agent.close()
""")


def _measure(tmp_path: Path, path: Path, dump_timeout: float = 60) -> dict:
    script = tmp_path / "measure.py"
    script.write_text(_MEASURE)
    proc = subprocess.run([sys.executable, str(script), str(tmp_path / "home"), str(path),
                           str(dump_timeout)], capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert "Traceback" not in proc.stderr, proc.stderr[-2000:]
    return json.loads(proc.stdout.strip().splitlines()[-1])


@pytest.fixture
def ws(tmp_path):
    store = Store(tmp_path / "home" / "agent.db")
    yield Workspace(tmp_path / "home", store)
    store.close()


# -- sizes from the file system, before reading -----------------------------------------
@pytest.mark.slow  # a sparse 6 GB file on disk
def test_six_gigabyte_sparse_csv_is_refused_before_it_is_read(tmp_path):
    big = tmp_path / "huge.csv"
    with open(big, "wb") as fh:
        fh.write(b"source,target\na,b\n")
        fh.truncate(6 * ONE_GB)  # sparse: no real 6 GB on disk
    out = _measure(tmp_path, big)
    print(f"\nsparse 6 GB CSV: {out['code']}, peak memory {out['self_kib'] // 1024} MiB")
    assert out["code"] == "SOURCE_INVALID" and "the limit is" in out["message"]
    assert out["self_kib"] * 1024 < ONE_GB
    assert out["next_code"] != "SESSION_BUSY"


def test_csv_with_a_hundred_thousand_columns_is_refused_at_the_header(ws, tmp_path):
    wide = tmp_path / "wide.csv"
    wide.write_text(",".join(f"c{i}" for i in range(100_000)) + "\n"
                    + ",".join("1" for _ in range(100_000)) + "\n")
    with pytest.raises(ToolError) as err:
        ws.attach(wide)
    assert err.value.code == ErrorCode.SOURCE_INVALID
    assert "100000 columns" in err.value.message and err.value.details["line"] == 1


def test_a_line_longer_than_the_limit_is_refused_with_its_line(ws, tmp_path):
    p = tmp_path / "long.csv"
    p.write_text("source,target\na,b\nc," + "d" * (sources.MAX_LINE_BYTES + 10) + "\n")
    with pytest.raises(ToolError) as err:
        ws.attach(p)
    assert err.value.code == ErrorCode.SOURCE_INVALID and err.value.details["line"] == 3
    assert "longer than" in err.value.message


def test_rows_beyond_the_limit_are_refused_while_streaming(ws, tmp_path, monkeypatch):
    monkeypatch.setattr(sources, "MAX_ROWS", 100)
    p = tmp_path / "many.csv"
    p.write_text("source,target\n" + "".join(f"{i},{i + 1}\n" for i in range(500)))
    with pytest.raises(ToolError) as err:
        ws.attach(p)
    assert err.value.code == ErrorCode.SOURCE_INVALID and "more than 100 rows" in err.value.message
    assert err.value.details["line"] == 102


# -- SQL dumps in a limited child process ------------------------------------------------
@pytest.mark.slow  # a child process runs each dump to its memory limit
@pytest.mark.parametrize("name", sorted(BOMBS))
def test_sql_bomb_ends_in_source_invalid_within_the_memory_limit(tmp_path, name):
    bomb = tmp_path / name
    bomb.write_text(BOMBS[name])
    out = _measure(tmp_path, bomb, dump_timeout=3)
    peak = max(out["self_kib"], out["children_kib"]) * 1024
    print(f"\n{name} ({bomb.stat().st_size} bytes): {out['code']}: {out['message']}; "
          f"peak memory {peak >> 20} MiB")
    assert out["code"] == "SOURCE_INVALID" and name in out["message"]
    assert peak < ONE_GB
    assert out["next_code"] != "SESSION_BUSY"


def test_sql_dump_with_a_nul_byte_after_64_kib_names_the_line(ws, tmp_path):
    p = tmp_path / "late_nul.sql"
    rows = "".join(f"INSERT INTO e VALUES ('{i}', '{i + 1}');\n" for i in range(3000))
    p.write_bytes(b"CREATE TABLE e(source TEXT, target TEXT);\n" + rows.encode()
                  + b"INSERT INTO e VALUES ('x\x00', 'y');\n")
    with pytest.raises(ToolError) as err:
        ws.attach(p)
    assert err.value.code == ErrorCode.SOURCE_INVALID
    assert err.value.details["line"] == 3002 and "NUL byte" in err.value.message


def test_a_good_sql_dump_still_loads_through_the_child_process(ws, tmp_path):
    p = tmp_path / "shop.sql"
    p.write_text("CREATE TABLE e(source TEXT, target TEXT);\nBEGIN;\n"
                 "INSERT INTO e VALUES ('a', 'b');\nINSERT INTO e VALUES ('b', 'c');\nCOMMIT;\n")
    src = ws.attach(p)
    assert ws.source_tables(src["source_id"])["e"].shape == (2, 2)


# -- SQLSource: timeout and row limit ---------------------------------------------------
def _db(tmp_path: Path) -> Path:
    path = tmp_path / "db.sqlite"
    conn = sqlite3.connect(path)
    conn.executescript("CREATE TABLE e(source, target); INSERT INTO e VALUES (1, 2), (2, 3);")
    conn.close()
    return path


ENDLESS = ("WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) "
           "SELECT x AS source, x + 1 AS target FROM c")


def test_endless_sqlsource_query_stops_at_its_row_limit(ws, tmp_path):
    with pytest.raises(ToolError) as err:
        ws.attach(SQLSource(_db(tmp_path), ENDLESS, max_rows=50_000))
    assert err.value.code == ErrorCode.SOURCE_INVALID
    assert "more than 50000 rows" in err.value.message


def test_slow_sqlsource_query_stops_at_its_timeout(ws, tmp_path):
    slow = ("WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) "
            "SELECT count(*) AS source, 1 AS target FROM c")
    with pytest.raises(ToolError) as err:
        ws.attach(SQLSource(_db(tmp_path), slow, timeout_s=0.5))
    assert err.value.code == ErrorCode.SOURCE_INVALID and "ran longer than" in err.value.message


def test_sqlsource_on_a_corrupt_sqlite_file_is_source_invalid_and_frees_the_session(tmp_path):
    bad = tmp_path / "corrupt.sqlite"
    good = _db(tmp_path).read_bytes()
    bad.write_bytes(good[:100] + b"\xff" * (len(good) - 100))
    agent = Agent(home=tmp_path / "home")
    try:
        resp = agent.ask("how many nodes?", attach=[SQLSource(bad, "SELECT * FROM e")])
        assert resp.status == "error" and resp.error.code == "SOURCE_INVALID"
        again = agent.ask("how many nodes?", attach=[tmp_path / "db.sqlite"])
        assert again.error is None or again.error.code != "SESSION_BUSY"
        assert Runs(agent.store).get(resp.run_id).status == "error"
    finally:
        agent.close()


def test_reader_exception_of_any_type_becomes_source_invalid(ws, tmp_path, monkeypatch):
    def broken(path):
        raise ValueError("a reader bug")

    monkeypatch.setattr("igraph_agent.graph.workspace.read_path", broken)
    with pytest.raises(ToolError) as err:
        ws.attach(tmp_path / "x.csv")
    assert err.value.code == ErrorCode.SOURCE_INVALID and "a reader bug" in err.value.message


def test_cli_prints_the_coded_error_for_a_bad_sql_dump_not_a_traceback(tmp_path):
    p = tmp_path / "late_nul.sql"
    p.write_bytes(b"CREATE TABLE e(a, b);\n" + b"-- pad\n" * 12000 + b"SELECT '\x00';\n")
    from click.testing import CliRunner

    from igraph_agent.cli import main

    with CliRunner().isolation() as (out, err, _):  # the command's entry point, in-process
        code = main(["--home", str(tmp_path / "home"), "ask", "how many nodes?", "--data", str(p)])
        shown = out.getvalue().decode() + err.getvalue().decode()
    assert "SOURCE_INVALID" in shown
    assert "Traceback" not in shown
    assert code != 0


def test_dump_timeout_is_read_when_the_dump_runs(monkeypatch, tmp_path):
    monkeypatch.setattr(sqldump, "SQL_DUMP_TIMEOUT_S", 1)
    p = tmp_path / "spin.sql"
    p.write_text(BOMBS["endless_count.sql"])
    with pytest.raises(ToolError) as err:
        sqldump.run_dump(p, tmp_path / "out.sqlite")
    assert "line 2" in err.value.message and err.value.details["line"] == 2
