"""SQL sources: a ``.sql`` dump, a SQLite file, or a SQLite file plus a query.

* A ``.sql`` dump is executed statement by statement in an in-memory SQLite database,
  in a child process with memory and time limits (``graph/sqldump.py``); every table
  with rows becomes a table of the source. A failing statement is reported with the line
  it starts on. ``ATTACH`` is refused, so a dump can't touch other files.
* A SQLite file (``.sqlite``, ``.sqlite3``, ``.db``) is opened read-only; every table
  becomes a table of the source.
* :class:`SQLSource` is a SQLite file plus one ``SELECT``; its result is the source's
  single table. The query stops at ``timeout_s`` and at ``max_rows`` rows. Attach it
  like a file::

      from igraph_agent.graph.sql import SQLSource
      agent.ask("Which customers connect communities?",
                attach=[SQLSource("shop.sqlite", "SELECT customer_id, product_id FROM orders")])
"""

from __future__ import annotations

import re
import sqlite3
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

import pandas as pd

from igraph_agent.graph.sources import (
    MAX_COLUMNS,
    MAX_ROWS,
    SourceData,
    arrow_safe,
    check_edge_columns,
    check_size,
    file_digest,
    invalid,
    text_lines,
)
from igraph_agent.graph.sqldump import _deny_attach, run_dump

SQLITE_MAGIC = b"SQLite format 3\x00"
#: default limits of a SQLSource query (docs/limits.md)
QUERY_TIMEOUT_S = 60.0
_SAFE_NAME = re.compile(r"[^\w-]")


@dataclass(frozen=True)
class SQLSource:
    """A SQLite file and one query whose result is the source's table.

    ``Workspace.attach`` (and so ``Agent.ask(attach=[...])``) accepts it. The file is
    opened read-only; the query must be a single statement that returns rows.
    """

    path: str | Path
    query: str
    name: str | None = None
    timeout_s: float = QUERY_TIMEOUT_S
    max_rows: int = MAX_ROWS

    def read(self) -> SourceData:
        """Run the query; ``SOURCE_INVALID`` for a non-SQLite file, a failing or empty query,
        one that runs past ``timeout_s`` or returns more than ``max_rows`` rows."""
        p = Path(self.path)
        check_size(p)
        _require_sqlite(p)
        query = self.query.strip().rstrip(";").strip()
        if not query:
            raise invalid("the SQL query is empty", hint="give a SELECT statement")
        with _open_readonly(p) as conn:
            deadline = time.monotonic() + self.timeout_s
            conn.set_progress_handler(lambda: int(time.monotonic() > deadline), 10_000)
            cur = self._execute(conn, query, p.name)
            if cur.description is None:
                raise invalid("the SQL query returns no result set", hint="give a SELECT statement")
            columns = [d[0] for d in cur.description]
            if len(columns) > MAX_COLUMNS:
                raise invalid(f"the SQL query returns {len(columns)} columns; the limit is "
                              f"{MAX_COLUMNS}", hint="select the columns the graph needs")
            rows = self._fetch(cur, p.name)
        if not rows:
            raise invalid(f"the SQL query returned no rows from {p.name}",
                          hint="check the WHERE clause", query=query[:200])
        dupes = sorted({c for c in columns if columns.count(c) > 1})
        if dupes:
            raise invalid(f"the SQL query returns duplicate column names: {', '.join(dupes)}",
                          hint="give the columns distinct aliases (AS ...)", column=dupes[0])
        df = arrow_safe(pd.DataFrame(rows, columns=columns))
        check_edge_columns(df, "the query result", lambda i: f"row {i + 1}")
        meta = {"file": p.name, "query": query, "rows": len(df),
                "sha256": file_digest("sqlite_query", p, query.encode())}
        return SourceData(self.name or p.stem, "sqlite_query", {"table": df}, meta)

    def _execute(self, conn: sqlite3.Connection, query: str, name: str) -> sqlite3.Cursor:
        try:
            return conn.execute(query)
        except (sqlite3.Warning, sqlite3.ProgrammingError) as exc:
            if "one statement" not in str(exc):
                raise invalid(f"the SQL query failed on {name}: {exc}") from None
            raise invalid("the SQL query has more than one statement",
                          hint="give one SELECT statement") from None
        except sqlite3.Error as exc:
            self._raise_failed(exc, name, conn)
            raise  # unreachable

    def _fetch(self, cur: sqlite3.Cursor, name: str) -> list[tuple]:
        rows: list[tuple] = []
        try:
            while batch := cur.fetchmany(10_000):
                rows.extend(batch)
                if len(rows) > self.max_rows:
                    raise invalid(f"the SQL query returns more than {self.max_rows} rows",
                                  hint="add a WHERE clause or a LIMIT (see docs/limits.md)")
        except sqlite3.Error as exc:
            self._raise_failed(exc, name, None)
        return rows

    def _raise_failed(self, exc: sqlite3.Error, name: str,
                      conn: sqlite3.Connection | None) -> None:
        if "interrupted" in str(exc):
            raise invalid(f"the SQL query on {name} ran longer than {self.timeout_s} s and was "
                          "stopped", hint="narrow the query, or pass a larger timeout_s "
                          "to SQLSource") from None
        tables = ""
        if conn is not None:
            try:
                tables = f"; tables: {', '.join(_tables(conn)) or '(none)'}"
            except sqlite3.Error:
                tables = ""
        raise invalid(f"the SQL query failed on {name}: {exc}",
                      hint=f"check table and column names{tables}") from None


def read_sql_dump(path: Path) -> SourceData:
    """A ``.sql`` dump run in a limited child process; every table is a source table."""
    check_size(path)
    for _ in text_lines(path):  # UTF-8, no NUL, bounded lines: checked here, with the line
        pass
    with tempfile.TemporaryDirectory(prefix="igraph-agent-sql-") as tmp:
        out = Path(tmp) / "dump.sqlite"
        run_dump(path, out)
        with _open_readonly(out) as conn:
            tables = _read_tables(conn, path.name)
    meta = {"file": path.name, "rows": {k: len(v) for k, v in tables.items()},
            "sha256": file_digest("sql", path)}
    return SourceData(path.stem, "sql", tables, meta)


def read_sqlite_file(path: Path) -> SourceData:
    """A SQLite database file, opened read-only; every table is a source table."""
    check_size(path)
    _require_sqlite(path)
    with _open_readonly(path) as conn:
        tables = _read_tables(conn, path.name)
    meta = {"file": path.name, "rows": {k: len(v) for k, v in tables.items()},
            "sha256": file_digest("sqlite", path)}
    return SourceData(path.stem, "sqlite", tables, meta)


def _read_tables(conn: sqlite3.Connection, name: str) -> dict[str, pd.DataFrame]:
    try:
        names = _tables(conn)
    except sqlite3.DatabaseError as exc:
        raise invalid(f"{name} could not be read as a SQLite database: {exc}") from None
    if not names:
        raise invalid(f"{name} defines no tables", hint="the source needs at least one table")
    tables: dict[str, pd.DataFrame] = {}
    for table in names:
        key = _SAFE_NAME.sub("_", table)
        if key in tables:
            raise invalid(f"{name}: tables {table!r} and another map to the same name {key!r}")
        quoted = table.replace(chr(34), chr(34) * 2)
        try:
            count = conn.execute(f'SELECT COUNT(*) FROM "{quoted}"').fetchone()[0]
            if count > MAX_ROWS:
                raise invalid(f"{name}: table {table!r} has {count} rows; the limit is {MAX_ROWS}",
                              hint="filter the table first (see docs/limits.md)")
            df = pd.read_sql_query(f'SELECT * FROM "{quoted}"', conn)
        except (sqlite3.Error, pd.errors.DatabaseError) as exc:
            raise invalid(f"{name}: table {table!r} could not be read: {exc}") from None
        if df.empty:
            continue
        if len(df.columns) > MAX_COLUMNS:
            raise invalid(f"{name}: table {table!r} has {len(df.columns)} columns; the limit is "
                          f"{MAX_COLUMNS}", hint="keep the columns the graph needs")
        df = arrow_safe(df)
        check_edge_columns(df, f"{name}: table {table!r}", lambda i: f"row {i + 1}")
        tables[key] = df
    if not tables:
        raise invalid(f"{name}: every table is empty ({', '.join(names)})",
                      hint="insert rows into at least one table")
    return tables


def _tables(conn: sqlite3.Connection) -> list[str]:
    rows = conn.execute("SELECT name FROM sqlite_master WHERE type='table' "
                        "AND name NOT LIKE 'sqlite_%' ORDER BY name").fetchall()
    return [r[0] for r in rows]


def _require_sqlite(path: Path) -> None:
    with open(path, "rb") as fh:
        head = fh.read(len(SQLITE_MAGIC))
    if head != SQLITE_MAGIC:
        raise invalid(f"{path.name} is not a SQLite database (no SQLite header)",
                      hint="attach a SQLite file, or a .sql text dump with the .sql suffix")


class _open_readonly:
    """``with _open_readonly(path) as conn``: read-only, ATTACH refused, always closed."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def __enter__(self) -> sqlite3.Connection:
        try:
            self.conn = sqlite3.connect(f"{self.path.resolve().as_uri()}?mode=ro", uri=True)
        except sqlite3.Error as exc:
            raise invalid(f"{self.path.name} could not be opened: {exc}") from None
        self.conn.set_authorizer(_deny_attach)
        return self.conn

    def __exit__(self, *exc: object) -> None:
        self.conn.close()
