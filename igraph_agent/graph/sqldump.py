"""Runs a ``.sql`` dump in a child process with memory, CPU, time and size limits.

A 150-byte dump can ask SQLite for gigabytes (a recursive CTE without an end, a
``zeroblob`` of any size), so a dump never runs in the caller's process. The caller
(:func:`run_dump`) starts ``python -m igraph_agent.graph.sqldump DUMP OUT`` and waits at
most ``SQL_DUMP_TIMEOUT_S``; the child limits its own address space (``RLIMIT_AS``), CPU
time (``RLIMIT_CPU``) and file size (``RLIMIT_FSIZE``), caps SQLite's heap
(``hard_heap_limit``) and interrupts a statement at its deadline, executes the dump
statement by statement into an in-memory database and copies it to ``OUT``, a SQLite
file the caller then reads. The child prints one JSON line: ``{"ok": true}`` or
``{"error": ..., "line": ...}``. It imports nothing heavy (no pandas).

Example::

    >>> _ = (home / "shop.sql").write_text("CREATE TABLE t(a, b); INSERT INTO t VALUES (1, 2);")
    >>> run_dump(home / "shop.sql", home / "shop.sqlite")   # SOURCE_INVALID on failure
    >>> sqlite3.connect(home / "shop.sqlite").execute("SELECT a, b FROM t").fetchall()
    [(1, 2)]
"""

from __future__ import annotations

import json
import re
import sqlite3
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

#: limits of the child that runs a dump (docs/limits.md)
SQL_DUMP_TIMEOUT_S = 60
SQL_DUMP_MEMORY_BYTES = 1024 * 1024 * 1024
SQL_DUMP_HEAP_BYTES = 640 * 1024 * 1024
SQL_DUMP_DB_BYTES = 512 * 1024 * 1024

_TRANSACTION = re.compile(r"^\s*(BEGIN|COMMIT|END|ROLLBACK)\b", re.IGNORECASE)


def run_dump(dump: Path, out: Path, timeout_s: float | None = None) -> None:
    """Execute ``dump`` into the SQLite file ``out`` in a limited child; SOURCE_INVALID on failure."""
    from igraph_agent.graph.sources import invalid

    timeout_s = timeout_s or SQL_DUMP_TIMEOUT_S
    name = dump.name
    try:
        proc = subprocess.run(
            [sys.executable, "-m", "igraph_agent.graph.sqldump", str(dump), str(out),
             str(timeout_s)], capture_output=True, text=True, timeout=timeout_s + 5)
    except subprocess.TimeoutExpired:
        raise invalid(f"{name}: the SQL dump ran longer than {timeout_s} s and was stopped",
                      hint="a dump should create tables and insert rows; see docs/limits.md"
                      ) from None
    reply = _last_json(proc.stdout)
    if reply.get("ok"):
        return
    if "error" in reply:
        raise invalid(f"{name}: {reply['error']}", hint=reply.get("hint"),
                      line=reply.get("line"), statement=reply.get("statement"))
    raise invalid(f"{name}: the SQL dump exceeded the memory or CPU limit of its process "
                  f"(exit code {proc.returncode})",
                  hint=f"a dump may use at most {SQL_DUMP_MEMORY_BYTES >> 20} MiB and "
                  f"{timeout_s} s; see docs/limits.md")


def _last_json(stdout: str) -> dict[str, Any]:
    for line in reversed(stdout.strip().splitlines()):
        try:
            return json.loads(line)
        except ValueError:
            continue
    return {}


# -- the child --------------------------------------------------------------------------
class DumpError(Exception):
    def __init__(self, message: str, line: int | None = None, statement: str | None = None,
                 hint: str | None = None) -> None:
        super().__init__(message)
        self.reply = {"error": message, "line": line, "statement": statement, "hint": hint}


def _limit_self(timeout_s: float) -> None:
    import resource

    resource.setrlimit(resource.RLIMIT_AS, (SQL_DUMP_MEMORY_BYTES, SQL_DUMP_MEMORY_BYTES))
    cpu = int(timeout_s) + 1
    resource.setrlimit(resource.RLIMIT_CPU, (cpu, cpu + 1))
    resource.setrlimit(resource.RLIMIT_FSIZE, (SQL_DUMP_DB_BYTES, SQL_DUMP_DB_BYTES))


def execute_dump(conn: sqlite3.Connection, lines: Any) -> None:
    """Run the dump's statements one by one; DumpError names the line a statement starts on."""
    buf: list[str] = []
    start = 0
    for lineno, line in enumerate(lines, start=1):
        if not buf and (not line.strip() or line.lstrip().startswith("--")):
            continue
        if not buf:
            start = lineno
        buf.append(line)
        if not line.rstrip().endswith(";"):
            continue
        stmt = "".join(buf)
        if not sqlite3.complete_statement(stmt):
            continue
        buf = []
        if _TRANSACTION.match(stmt):
            continue  # run as one unit anyway; the dump's own BEGIN/COMMIT would interfere
        try:
            conn.executescript(stmt)
        except (sqlite3.Error, ValueError, MemoryError, OverflowError) as exc:
            why = ("ran out of its time limit" if "interrupted" in str(exc)
                   else f"failed: {str(exc) or 'out of memory'} ({type(exc).__name__})")
            raise DumpError(f"line {start}: the SQL statement starting there {why}", start,
                            stmt.strip()[:200], "fix the statement (SQLite syntax) and attach "
                            "the dump again") from None
    if "".join(buf).strip():
        raise DumpError(f"line {start}: the SQL statement starting there never ends "
                        "(missing ';'?)", start, hint="end every statement with ';'")


def _deny_attach(action: int, *args: object) -> int:
    if action in (sqlite3.SQLITE_ATTACH, sqlite3.SQLITE_DETACH):
        return sqlite3.SQLITE_DENY
    return sqlite3.SQLITE_OK


def main(argv: list[str]) -> int:
    dump, out, timeout_s = Path(argv[0]), Path(argv[1]), float(argv[2])
    _limit_self(timeout_s)
    deadline = time.monotonic() + timeout_s
    conn = sqlite3.connect(":memory:", isolation_level=None)
    try:
        conn.execute(f"PRAGMA hard_heap_limit={SQL_DUMP_HEAP_BYTES}")
        conn.set_authorizer(_deny_attach)
        conn.set_progress_handler(lambda: int(time.monotonic() > deadline), 10_000)
        with open(dump, encoding="utf-8-sig") as fh:
            execute_dump(conn, fh)
        conn.set_progress_handler(None, 0)
        target = sqlite3.connect(out)
        conn.backup(target)
        target.close()
        reply: dict[str, Any] = {"ok": True}
    except DumpError as exc:
        reply = exc.reply
    except (sqlite3.Error, MemoryError, OSError) as exc:
        reply = {"error": f"the SQL dump could not be loaded: {type(exc).__name__}: {exc}"}
    finally:
        conn.close()
    print(json.dumps(reply), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
