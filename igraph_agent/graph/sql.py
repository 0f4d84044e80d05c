"""SQL sources: a ``.sql`` dump, a SQLite file, or a SQLite file plus a query.

* A ``.sql`` dump is executed statement by statement in an in-memory SQLite database;
  every table with rows becomes a table of the source. A failing statement is reported
  with the line it starts on. ``ATTACH`` is refused, so a dump can't touch other files.
* A SQLite file (``.sqlite``, ``.sqlite3``, ``.db``) is opened read-only; every table
  becomes a table of the source.
* :class:`SQLSource` is a SQLite file plus one ``SELECT``; its result is the source's
  single table. Attach it like a file::

      from igraph_agent.graph.sql import SQLSource
      agent.ask("Which customers connect communities?",
                attach=[SQLSource("shop.sqlite", "SELECT customer_id, product_id FROM orders")])
"""

from __future__ import annotations

import re
import sqlite3
from dataclasses import dataclass
from pathlib import Path

import pandas as pd

from igraph_agent.graph.sources import (
    SourceData,
    arrow_safe,
    check_edge_columns,
    decode_text,
    digest,
    invalid,
    read_bytes,
)

SQLITE_MAGIC = b"SQLite format 3\x00"
_TRANSACTION = re.compile(r"^\s*(BEGIN|COMMIT|END|ROLLBACK)\b", re.IGNORECASE)
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

    def read(self) -> SourceData:
        """Run the query; ``SOURCE_INVALID`` for a non-SQLite file, a failing or empty query."""
        p = Path(self.path)
        raw = read_bytes(p)
        _require_sqlite(raw, p.name)
        query = self.query.strip().rstrip(";").strip()
        if not query:
            raise invalid("the SQL query is empty", hint="give a SELECT statement")
        with _open_readonly(p) as conn:
            try:
                cur = conn.execute(query)
            except (sqlite3.Warning, sqlite3.ProgrammingError) as exc:
                if "one statement" not in str(exc):
                    raise invalid(f"the SQL query failed on {p.name}: {exc}") from None
                raise invalid("the SQL query has more than one statement",
                              hint="give one SELECT statement") from None
            except sqlite3.Error as exc:
                raise invalid(f"the SQL query failed on {p.name}: {exc}",
                              hint=f"check table and column names; tables: "
                              f"{', '.join(_tables(conn)) or '(none)'}",
                              query=query[:200]) from None
            if cur.description is None:
                raise invalid("the SQL query returns no result set", hint="give a SELECT statement")
            columns = [d[0] for d in cur.description]
            try:
                rows = cur.fetchall()
            except sqlite3.Error as exc:
                raise invalid(f"the SQL query failed on {p.name}: {exc}") from None
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
                "sha256": digest("sqlite_query", raw, query.encode())}
        return SourceData(self.name or p.stem, "sqlite_query", {"table": df}, meta)


def read_sql_dump(path: Path) -> SourceData:
    """A ``.sql`` dump loaded into an in-memory SQLite database; every table is a source table."""
    raw = read_bytes(path)
    text = decode_text(raw, path.name)
    conn = sqlite3.connect(":memory:", isolation_level=None)
    try:
        conn.set_authorizer(_deny_attach)
        _execute_dump(conn, text, path.name)
        tables = _read_tables(conn, path.name)
    finally:
        conn.close()
    meta = {"file": path.name, "rows": {k: len(v) for k, v in tables.items()},
            "sha256": digest("sql", raw)}
    return SourceData(path.stem, "sql", tables, meta)


def read_sqlite_file(path: Path) -> SourceData:
    """A SQLite database file, opened read-only; every table is a source table."""
    raw = read_bytes(path)
    _require_sqlite(raw, path.name)
    with _open_readonly(path) as conn:
        tables = _read_tables(conn, path.name)
    meta = {"file": path.name, "rows": {k: len(v) for k, v in tables.items()},
            "sha256": digest("sqlite", raw)}
    return SourceData(path.stem, "sqlite", tables, meta)


def _execute_dump(conn: sqlite3.Connection, text: str, name: str) -> None:
    buf: list[str] = []
    start = 0
    for lineno, line in enumerate(text.splitlines(keepends=True), start=1):
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
        except sqlite3.Error as exc:
            raise invalid(f"{name}: line {start}: the SQL statement starting there failed: {exc}",
                          hint="fix the statement (SQLite syntax) and attach the dump again",
                          line=start, statement=stmt.strip()[:200]) from None
    if "".join(buf).strip():
        raise invalid(f"{name}: line {start}: the SQL statement starting there never ends "
                      "(missing ';'?)", hint="end every statement with ';'", line=start)


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
        try:
            df = pd.read_sql_query(f'SELECT * FROM "{table.replace(chr(34), chr(34) * 2)}"', conn)
        except (sqlite3.Error, pd.errors.DatabaseError) as exc:
            raise invalid(f"{name}: table {table!r} could not be read: {exc}") from None
        if df.empty:
            continue
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


def _require_sqlite(raw: bytes, name: str) -> None:
    if not raw.startswith(SQLITE_MAGIC):
        raise invalid(f"{name} is not a SQLite database (no SQLite header)",
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


def _deny_attach(action: int, *args: object) -> int:
    if action in (sqlite3.SQLITE_ATTACH, sqlite3.SQLITE_DETACH):
        return sqlite3.SQLITE_DENY
    return sqlite3.SQLITE_OK
