"""SQL sources: a ``.sql`` dump, a SQLite file, or a SQLite file plus a query.

Every SQLite source is read in a child process with memory, time and size limits
(``graph/sqldump.py``): a few bytes of SQL can ask for gigabytes or hours, and so can a
generated column of a small ``.db`` file. The child copies plain values into a SQLite file
this process then reads; nothing is stored for a source that fails.

* A ``.sql`` dump is executed statement by statement in an in-memory SQLite database;
  every table with rows becomes a table of the source. A failing statement is reported
  with the line it starts on. ``ATTACH`` is refused, so a dump can't touch other files.
* A SQLite file (``.sqlite``, ``.sqlite3``, ``.db``) is opened read-only; every table
  (and virtual table) with rows becomes a table of the source.
* :class:`SQLSource` is a SQLite file plus one ``SELECT``; its result is the source's
  single table. The query stops at ``timeout_s`` and at ``max_rows`` rows. Attach it
  like a file::

      from igraph_agent.graph.sql import SQLSource
      agent.ask("Which customers connect communities?",
                attach=[SQLSource("shop.sqlite", "SELECT customer_id, product_id FROM orders")])
"""

from __future__ import annotations

import math
import re
import sqlite3
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pandas as pd

from igraph_agent.graph.sources import (
    MAX_ROWS,
    SourceData,
    arrow_safe,
    check_edge_columns,
    check_size,
    file_digest,
    invalid,
    text_lines,
)
from igraph_agent.graph.sqldump import SQL_DUMP_TIMEOUT_S, run_reader

SQLITE_MAGIC = b"SQLite format 3\x00"
#: default and largest time of a SQLSource query (docs/limits.md)
QUERY_TIMEOUT_S = float(SQL_DUMP_TIMEOUT_S)
MAX_QUERY_TIMEOUT_S = 3600.0
_SAFE_NAME = re.compile(r"[^\w-]")


@dataclass(frozen=True)
class SQLSource:
    """A SQLite file and one query whose result is the source's table.

    ``Workspace.attach`` (and so ``Agent.ask(attach=[...])``) accepts it. The file is
    opened read-only; the query must be a single statement that returns rows.
    ``timeout_s`` (a number of seconds, above 0 and at most ``MAX_QUERY_TIMEOUT_S``) and
    ``max_rows`` (a whole number from 1 to ``MAX_ROWS``) are checked when it is made:
    ``SOURCE_INVALID`` otherwise.
    """

    path: str | Path
    query: str
    name: str | None = None
    timeout_s: float = QUERY_TIMEOUT_S
    max_rows: int = MAX_ROWS

    def __post_init__(self) -> None:
        t = self.timeout_s
        if (isinstance(t, bool) or not isinstance(t, int | float) or not math.isfinite(t)
                or not 0 < t <= MAX_QUERY_TIMEOUT_S):
            raise invalid(f"SQLSource timeout_s must be a number of seconds above 0 and at "
                          f"most {MAX_QUERY_TIMEOUT_S:g}, not {t!r}",
                          hint=f"leave it out for the default of {QUERY_TIMEOUT_S:g} s")
        m = self.max_rows
        if isinstance(m, bool) or not isinstance(m, int) or not 1 <= m <= MAX_ROWS:
            raise invalid(f"SQLSource max_rows must be a whole number from 1 to {MAX_ROWS}, "
                          f"not {m!r}", hint=f"leave it out for the limit of {MAX_ROWS} rows")
        if not isinstance(self.query, str):
            raise invalid(f"SQLSource query must be text, not a {type(self.query).__name__}",
                          hint="give one SELECT statement")

    def read(self) -> SourceData:
        """Run the query; ``SOURCE_INVALID`` for a non-SQLite file, a failing or empty query,
        one that runs past ``timeout_s`` or returns more than ``max_rows`` rows."""
        p = Path(self.path)
        check_size(p)
        _require_sqlite(p)
        query = self.query.strip().rstrip(";").strip()
        if not query:
            raise invalid("the SQL query is empty", hint="give a SELECT statement")
        request = {"mode": "query", "path": str(p), "query": query, "max_rows": self.max_rows}
        tables = _read_in_child(request, p.name, self.timeout_s)
        df = next(iter(tables.values()))
        check_edge_columns(df, "the query result", lambda i: f"row {i + 1}")
        meta = {"file": p.name, "query": query, "rows": len(df),
                "sha256": file_digest("sqlite_query", p, query.encode())}
        return SourceData(self.name or p.stem, "sqlite_query", {"table": df}, meta)


def read_sql_dump(path: Path) -> SourceData:
    """A ``.sql`` dump run in a limited child process; every table is a source table."""
    check_size(path)
    for _ in text_lines(path):  # UTF-8, no NUL, bounded lines: checked here, with the line
        pass
    tables = _source_tables(_read_in_child({"mode": "dump", "path": str(path)}, path.name),
                            path.name)
    meta = {"file": path.name, "rows": {k: len(v) for k, v in tables.items()},
            "sha256": file_digest("sql", path)}
    return SourceData(path.stem, "sql", tables, meta)


def read_sqlite_file(path: Path) -> SourceData:
    """A SQLite database file, read read-only in a limited child; every table is a source table."""
    check_size(path)
    _require_sqlite(path)
    tables = _source_tables(_read_in_child({"mode": "file", "path": str(path)}, path.name),
                            path.name)
    meta = {"file": path.name, "rows": {k: len(v) for k, v in tables.items()},
            "sha256": file_digest("sqlite", path)}
    return SourceData(path.stem, "sqlite", tables, meta)


def _read_in_child(request: dict[str, Any], label: str,
                   timeout_s: float | None = None) -> dict[str, pd.DataFrame]:
    """The child's tables by their SQLite names, read from the plain file it wrote."""
    with tempfile.TemporaryDirectory(prefix="igraph-agent-sql-") as tmp:
        out = Path(tmp) / "tables.sqlite"
        reply = run_reader({**request, "out": str(out)}, label, timeout_s)
        conn = sqlite3.connect(out)
        try:
            tables = {}
            for t in reply["tables"]:
                df = pd.read_sql_query(f"SELECT * FROM {t['key']}", conn)
                df.columns = t["columns"]
                tables[t["name"]] = arrow_safe(df)
        finally:
            conn.close()
    return tables


def _source_tables(read: dict[str, pd.DataFrame], name: str) -> dict[str, pd.DataFrame]:
    """Tables under safe names, each checked like any other table."""
    tables: dict[str, pd.DataFrame] = {}
    for table, df in read.items():
        key = _SAFE_NAME.sub("_", table)
        if key in tables:
            raise invalid(f"{name}: tables {table!r} and another map to the same name {key!r}")
        dupes = sorted({c for c in df.columns if list(df.columns).count(c) > 1})
        if dupes:
            raise invalid(f"{name}: table {table!r} has duplicate column names: "
                          f"{', '.join(dupes)}", hint="rename the columns", column=dupes[0])
        check_edge_columns(df, f"{name}: table {table!r}", lambda i: f"row {i + 1}")
        tables[key] = df
    return tables


def _require_sqlite(path: Path) -> None:
    with open(path, "rb") as fh:
        head = fh.read(len(SQLITE_MAGIC))
    if head != SQLITE_MAGIC:
        raise invalid(f"{path.name} is not a SQLite database (no SQLite header)",
                      hint="attach a SQLite file, or a .sql text dump with the .sql suffix")
