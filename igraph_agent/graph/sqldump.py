"""Reads SQLite sources in a child process with memory, CPU, time and size limits.

A 150-byte dump can ask SQLite for gigabytes (a recursive CTE without an end, a
``zeroblob`` of any size), and so can an 8 KB ``.db`` with a generated column or a query:
no SQLite source is read in the caller's process. The caller (:func:`run_reader`) starts
``python -m igraph_agent.graph.sqldump``, sends one JSON request on its stdin and waits at
most the timeout; the child limits its own address space (``RLIMIT_AS``), CPU time
(``RLIMIT_CPU``) and file size (``RLIMIT_FSIZE``), caps SQLite's heap
(``hard_heap_limit``) and each value's length (``SQLITE_LIMIT_LENGTH``), interrupts a
statement at its deadline (progress handler) and counts the bytes it reads. It then
writes what it read — plain values, no generated column, no virtual table, no view — to
``out``, a SQLite file the caller reads as it is. Requests:

* ``{"mode": "dump", "path": DUMP, "out": OUT}`` -- the dump runs statement by statement in
  an in-memory database; every table with rows is copied.
* ``{"mode": "file", "path": DB, "out": OUT}`` -- a database file opened read-only; every
  table with rows is copied (virtual tables through their module, their shadow tables
  left out).
* ``{"mode": "query", "path": DB, "out": OUT, "query": SQL, "max_rows": N}`` -- one query's
  result.

The child prints one JSON line: ``{"ok": true, "tables": [{"name", "key", "columns",
"rows"}]}`` (table ``key`` of ``out`` holds table ``name``; its columns are ``c0``, ``c1``
... in the order of ``columns``) or ``{"error": ..., "hint": ..., "line": ...}``. It imports
nothing heavy (no pandas).

Example::

    >>> _ = (home / "shop.sql").write_text("CREATE TABLE t(a, b); INSERT INTO t VALUES (1, 2);")
    >>> run_dump(home / "shop.sql", home / "shop.sqlite")["tables"][0]["columns"]
    ['a', 'b']
    >>> sqlite3.connect(home / "shop.sqlite").execute("SELECT c0, c1 FROM t0").fetchall()
    [(1, 2)]
"""

from __future__ import annotations

import json
import re
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

#: limits of the child that reads a SQLite source (docs/limits.md)
SQL_DUMP_TIMEOUT_S = 45
SQL_DUMP_MEMORY_BYTES = 1024 * 1024 * 1024
SQL_DUMP_HEAP_BYTES = 640 * 1024 * 1024
SQL_DUMP_DB_BYTES = 512 * 1024 * 1024
#: the longest single value (text or blob) SQLite may make or read
SQL_MAX_VALUE_BYTES = 16 * 1024 * 1024
#: all values read from one source together (text counted by characters, numbers as 8)
SQL_READ_BYTES = 256 * 1024 * 1024

_BATCH_BYTES = 8 * 1024 * 1024
_TRANSACTION = re.compile(r"^\s*(BEGIN|COMMIT|END|ROLLBACK)\b", re.IGNORECASE)
_HEAP_PRAGMAS = {"hard_heap_limit", "soft_heap_limit"}


def run_reader(request: dict[str, Any], label: str,
               timeout_s: float | None = None) -> dict[str, Any]:
    """Run one request in a limited child; its reply, or SOURCE_INVALID naming ``label``."""
    from igraph_agent.graph.sources import MAX_COLUMNS, MAX_ROWS, invalid

    timeout_s = timeout_s or SQL_DUMP_TIMEOUT_S
    request = {"max_rows": MAX_ROWS, **request, "max_columns": MAX_COLUMNS}
    what = "the SQL dump" if request["mode"] == "dump" else "reading the SQLite source"
    try:
        proc = subprocess.run(
            [sys.executable, "-m", "igraph_agent.graph.sqldump"],
            input=json.dumps({**request, "timeout_s": timeout_s}), capture_output=True,
            text=True, timeout=timeout_s + 5)
    except subprocess.TimeoutExpired:
        raise invalid(f"{label}: {what} ran longer than {timeout_s} s and was stopped",
                      hint="a source should hold tables of plain rows; see docs/limits.md"
                      ) from None
    reply = _last_json(proc.stdout)
    if reply.get("ok"):
        return reply
    if "error" in reply:
        details = {k: reply.get(k) for k in ("line", "statement", "table", "column")}
        raise invalid(f"{label}: {reply['error']}", hint=reply.get("hint"), **details)
    raise invalid(f"{label}: {what} exceeded the memory or CPU limit of its process "
                  f"(exit code {proc.returncode})",
                  hint=f"reading SQLite may use at most {SQL_DUMP_MEMORY_BYTES >> 20} MiB and "
                  f"{timeout_s} s; see docs/limits.md")


def run_dump(dump: Path, out: Path, timeout_s: float | None = None) -> dict[str, Any]:
    """Execute ``dump`` and copy its tables into the SQLite file ``out`` (see module doc)."""
    return run_reader({"mode": "dump", "path": str(dump), "out": str(out)}, dump.name,
                      timeout_s)


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
                 hint: str | None = None, **details: Any) -> None:
        super().__init__(message)
        self.reply = {"error": message, "line": line, "statement": statement, "hint": hint,
                      **details}


def _limit_self(timeout_s: float) -> None:
    import resource

    resource.setrlimit(resource.RLIMIT_AS, (SQL_DUMP_MEMORY_BYTES, SQL_DUMP_MEMORY_BYTES))
    cpu = int(timeout_s) + 1
    resource.setrlimit(resource.RLIMIT_CPU, (cpu, cpu + 1))
    resource.setrlimit(resource.RLIMIT_FSIZE, (SQL_DUMP_DB_BYTES, SQL_DUMP_DB_BYTES))
    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # a write past the limit fails, no kill


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
    """No other database file, and no PRAGMA that lifts the heap limit."""
    if action in (sqlite3.SQLITE_ATTACH, sqlite3.SQLITE_DETACH):
        return sqlite3.SQLITE_DENY
    if action == sqlite3.SQLITE_PRAGMA and str(args[0]).lower() in _HEAP_PRAGMAS:
        return sqlite3.SQLITE_DENY
    return sqlite3.SQLITE_OK


def _quote(name: str) -> str:
    return '"' + name.replace('"', '""') + '"'


class _Copier:
    """Copies row sets into ``out`` as plain tables, counting rows and bytes."""

    def __init__(self, out: Path) -> None:
        self.out = sqlite3.connect(out, isolation_level=None)
        self.out.execute("PRAGMA journal_mode=OFF")
        self.out.execute("PRAGMA synchronous=OFF")
        self.read_bytes = 0
        self.tables: list[dict[str, Any]] = []

    def copy(self, name: str, columns: list[str], cursor: sqlite3.Cursor, max_rows: int,
             what: str | None = None) -> None:
        what = what or f"table {name!r}"
        key = f"t{len(self.tables)}"
        rows = 0
        self.out.execute("BEGIN")
        self.out.execute(f"CREATE TABLE {key} ({', '.join(f'c{i}' for i in range(len(columns)))})")
        insert = f"INSERT INTO {key} VALUES ({', '.join('?' * len(columns))})"
        batch: list[tuple] = []
        pending = 0
        for row in cursor:  # one row at a time: a row's values are counted as it arrives
            size = 0
            for i, v in enumerate(row):
                if isinstance(v, bytes):
                    raise DumpError(
                        f"{what}, column {columns[i]!r} holds binary values (BLOB); "
                        "a source holds text and numbers",
                        hint="select the columns the graph needs with "
                        "SQLSource(path, query), leaving the binary column out",
                        table=name, column=columns[i])
                size += len(v) if isinstance(v, str) else 8
            rows += 1
            self.read_bytes += size
            if rows > max_rows:
                raise DumpError(f"{what} has more than {max_rows} rows",
                                hint="filter the table first, or add a WHERE clause or a "
                                "LIMIT (see docs/limits.md)", table=name)
            if self.read_bytes > SQL_READ_BYTES:
                raise DumpError(f"{what}: the values read pass {SQL_READ_BYTES >> 20} "
                                "MiB (the limit for one SQLite source)",
                                hint="select fewer rows or columns (see docs/limits.md)",
                                table=name)
            batch.append(row)
            pending += size
            if len(batch) >= 2_000 or pending > _BATCH_BYTES:
                self.out.executemany(insert, batch)
                batch, pending = [], 0
        if batch:
            self.out.executemany(insert, batch)
        self.out.execute("COMMIT")
        if rows:
            self.tables.append({"name": name, "key": key, "columns": columns, "rows": rows})
        else:
            self.out.execute(f"DROP TABLE {key}")


def _copy_tables(conn: sqlite3.Connection, copier: _Copier, max_rows: int,
                 max_columns: int) -> None:
    """Every table and virtual table of ``main`` (not views, shadow or internal tables)."""
    listed = conn.execute("PRAGMA main.table_list").fetchall()
    names = sorted(r[1] for r in listed
                   if r[2] in ("table", "virtual") and not r[1].startswith("sqlite_"))
    if not names:
        raise DumpError("defines no tables", hint="the source needs at least one table")
    for table in names:
        try:
            info = conn.execute(f"PRAGMA main.table_xinfo({_quote(table)})").fetchall()
            columns = [r[1] for r in info if r[6] != 1]  # 1: a virtual table's hidden column
            if len(columns) > max_columns:
                raise DumpError(f"table {table!r} has {len(columns)} columns; the limit is "
                                f"{max_columns}", hint="keep the columns the graph needs",
                                table=table)
            if not columns:
                continue
            cur = conn.execute(f"SELECT {', '.join(map(_quote, columns))} FROM {_quote(table)}")
            copier.copy(table, columns, cur, max_rows)
        except (sqlite3.Error, OverflowError, MemoryError, UnicodeDecodeError) as exc:
            raise _read_failed(exc, f"table {table!r} could not be read", table) from None
    if not copier.tables:
        raise DumpError(f"every table is empty ({', '.join(names)})",
                        hint="insert rows into at least one table")


def _read_failed(exc: BaseException, what: str, table: str | None = None) -> DumpError:
    text = str(exc) or type(exc).__name__
    if "interrupted" in text:
        return DumpError(f"{what}: it ran out of its time limit",
                         hint="read less (see docs/limits.md)", table=table)
    if "too big" in text:
        return DumpError(f"{what}: a value is longer than {SQL_MAX_VALUE_BYTES >> 20} MiB "
                         "(the limit for one text or blob)",
                         hint="leave that column out (see docs/limits.md)", table=table)
    if isinstance(exc, MemoryError) or "out of memory" in text:
        return DumpError(f"{what}: it needs more memory than a SQLite source may use",
                         hint="read less (see docs/limits.md)", table=table)
    if "no such module" in text:
        return DumpError(f"{what}: {text} (a virtual table whose module is not available here)",
                         hint="select from the other tables with SQLSource(path, query)",
                         table=table)
    return DumpError(f"{what}: {text}", table=table)


def _query(conn: sqlite3.Connection, query: str, max_rows: int, max_columns: int,
           copier: _Copier) -> None:
    try:
        cur = conn.execute(query)
    except (sqlite3.Warning, sqlite3.ProgrammingError) as exc:
        if "one statement" not in str(exc):
            raise DumpError(f"the SQL query failed: {exc}") from None
        raise DumpError("the SQL query has more than one statement",
                        hint="give one SELECT statement") from None
    except (sqlite3.Error, OverflowError, MemoryError) as exc:
        raise _query_failed(exc, conn) from None
    if cur.description is None:
        raise DumpError("the SQL query returns no result set", hint="give a SELECT statement")
    columns = [str(d[0]) for d in cur.description]
    if len(columns) > max_columns:
        raise DumpError(f"the SQL query returns {len(columns)} columns; the limit is "
                        f"{max_columns}", hint="select the columns the graph needs")
    dupes = sorted({c for c in columns if columns.count(c) > 1})
    if dupes:
        raise DumpError(f"the SQL query returns duplicate column names: {', '.join(dupes)}",
                        hint="give the columns distinct aliases (AS ...)", column=dupes[0])
    try:
        copier.copy("the query result", columns, cur, max_rows, what="the SQL query")
    except (sqlite3.Error, OverflowError, MemoryError, UnicodeDecodeError) as exc:
        raise _query_failed(exc, conn) from None
    if not copier.tables:
        raise DumpError("the SQL query returned no rows", hint="check the WHERE clause",
                        query=query[:200])


def _query_failed(exc: BaseException, conn: sqlite3.Connection) -> DumpError:
    text = str(exc)
    if "interrupted" in text:
        return DumpError("the SQL query ran longer than its timeout and was stopped",
                         hint="narrow the query, or pass a larger timeout_s to SQLSource")
    if "too big" in text or isinstance(exc, MemoryError):
        return _read_failed(exc, "the SQL query")
    try:
        listed = conn.execute("SELECT name FROM sqlite_master WHERE type='table' AND name "
                              "NOT LIKE 'sqlite_%' ORDER BY name").fetchall()
        tables = f"; tables: {', '.join(r[0] for r in listed) or '(none)'}"
    except sqlite3.Error:
        tables = ""
    return DumpError(f"the SQL query failed: {text}", hint=f"check table and column names{tables}")


def _open(request: dict[str, Any]) -> sqlite3.Connection:
    if request["mode"] == "dump":
        return sqlite3.connect(":memory:", isolation_level=None)
    uri = f"{Path(request['path']).resolve().as_uri()}?mode=ro"
    try:
        return sqlite3.connect(uri, uri=True)
    except sqlite3.Error as exc:
        raise DumpError(f"could not be opened: {exc}") from None


def serve(request: dict[str, Any]) -> dict[str, Any]:
    """Carry out one request in this (already limited) process; the reply."""
    timeout_s = float(request["timeout_s"])
    max_rows, max_columns = int(request["max_rows"]), int(request["max_columns"])
    deadline = time.monotonic() + timeout_s
    conn = _open(request)
    copier = None
    try:
        conn.execute(f"PRAGMA hard_heap_limit={SQL_DUMP_HEAP_BYTES}")
        conn.setlimit(sqlite3.SQLITE_LIMIT_LENGTH, SQL_MAX_VALUE_BYTES)
        conn.set_authorizer(_deny_attach)
        conn.set_progress_handler(lambda: int(time.monotonic() > deadline), 1_000)
        if request["mode"] == "dump":
            with open(request["path"], encoding="utf-8-sig") as fh:
                execute_dump(conn, fh)
        copier = _Copier(Path(request["out"]))
        if request["mode"] == "query":
            _query(conn, request["query"], max_rows, max_columns, copier)
        else:
            try:
                _copy_tables(conn, copier, max_rows, max_columns)
            except sqlite3.DatabaseError as exc:  # not a database, or a damaged one
                raise DumpError(f"could not be read as a SQLite database: {exc}") from None
        return {"ok": True, "tables": copier.tables}
    except DumpError as exc:
        return exc.reply
    except (sqlite3.Error, MemoryError, OSError, UnicodeDecodeError) as exc:
        return {"error": f"the SQLite source could not be read: {type(exc).__name__}: {exc}"}
    finally:
        conn.close()
        if copier is not None:
            copier.out.close()


def main() -> int:
    request = json.loads(sys.stdin.read())
    _limit_self(float(request["timeout_s"]))
    print(json.dumps(serve(request)), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
