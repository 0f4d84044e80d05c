"""Sources: tables or graphs a user brings, validated and stored in the project.

A source is stored whole or not at all: every reader validates first and raises
``SOURCE_INVALID`` naming the line or column, before anything is written.
"""

from __future__ import annotations

import io
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import networkx as nx
import pandas as pd

from igraph_agent.errors import ErrorCode, ToolError

MAX_SOURCE_BYTES = 512 * 1024 * 1024


@dataclass
class SourceData:
    """What a reader produced: named tables (``edges``/``nodes`` for graphs, else ``table``)."""

    name: str
    kind: str  # csv | txt | sql | dataframe | networkx
    tables: dict[str, pd.DataFrame]
    meta: dict[str, Any]


def invalid(message: str, hint: str | None = None, **details: Any) -> ToolError:
    return ToolError(ErrorCode.SOURCE_INVALID, message,
                     hint=hint or "fix the file and attach it again", details=details)


def read_text(path: Path) -> str:
    if not path.is_file():
        raise invalid(f"{path} does not exist or is not a file", hint="check the path")
    size = path.stat().st_size
    if size == 0:
        raise invalid(f"{path.name} is empty", hint="attach a file with a header and rows")
    if size > MAX_SOURCE_BYTES:
        raise invalid(f"{path.name} is {size} bytes; the limit is {MAX_SOURCE_BYTES}")
    raw = path.read_bytes()
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = raw[: exc.start].count(b"\n") + 1
        raise invalid(f"{path.name} is not UTF-8 (byte {exc.start}, line {line})",
                      hint="save the file as UTF-8", line=line) from None


def read_csv(path: Path) -> SourceData:
    """A CSV (or TSV) table with a header row."""
    text = read_text(path)
    sep = "\t" if path.suffix.lower() == ".tsv" else ","
    df = _parse_delimited(text, path.name, sep)
    return SourceData(path.stem, "csv", {"table": df}, {"file": path.name, "rows": len(df)})


def _parse_delimited(text: str, name: str, sep: str) -> pd.DataFrame:
    lines = [ln for ln in text.splitlines() if ln.strip()]
    if not lines:
        raise invalid(f"{name} has no rows")
    header = lines[0].split(sep)
    if len(header) < 2:
        other = "tab" if sep == "," else "comma"
        raise invalid(f"{name}: the header has one column ({lines[0][:60]!r}); a {('comma' if sep == ',' else 'tab')}-separated table needs at least two",
                      hint=f"is the file {other}- or semicolon-separated? save it with '{sep}'",
                      line=1)
    names = [h.strip() for h in header]
    if any(not h for h in names):
        col = names.index("") + 1
        raise invalid(f"{name}: column {col} of the header has no name", line=1, column=col)
    dupes = sorted({h for h in names if names.count(h) > 1})
    if dupes:
        raise invalid(f"{name}: duplicate column names in the header: {', '.join(dupes)}", line=1)
    for lineno, ln in enumerate(text.splitlines(), start=1):
        if lineno == 1 or not ln.strip():
            continue
        n = len(ln.split(sep))
        if n != len(names) and '"' not in ln:
            raise invalid(f"{name}: line {lineno} has {n} fields, the header has {len(names)}",
                          hint="every row needs one value per header column",
                          line=lineno)
    if len(lines) < 2:
        raise invalid(f"{name} has a header but no rows", line=1)
    try:
        df = pd.read_csv(io.StringIO(text), sep=sep, skipinitialspace=True)
    except (pd.errors.ParserError, ValueError) as exc:
        raise invalid(f"{name}: {exc}") from None
    df.columns = [str(c).strip() for c in df.columns]
    return df


def from_dataframe(df: pd.DataFrame, name: str) -> SourceData:
    if not isinstance(df, pd.DataFrame):
        raise invalid(f"{name} is a {type(df).__name__}, not a pandas DataFrame")
    if df.empty:
        raise invalid(f"DataFrame {name} has no rows")
    out = df.copy()
    out.columns = [str(c) for c in out.columns]
    return SourceData(name, "dataframe", {"table": out.reset_index(drop=True)}, {"rows": len(out)})


def from_networkx(g: nx.Graph, name: str) -> SourceData:
    if g.number_of_nodes() == 0:
        raise invalid(f"graph {name} has no nodes")
    nodes = pd.DataFrame([{"id": str(n), **_scalars(d)} for n, d in g.nodes(data=True)])
    edges = pd.DataFrame([{"source": str(u), "target": str(v), **_scalars(d)}
                          for u, v, d in g.edges(data=True)], columns=None)
    if edges.empty:
        edges = pd.DataFrame(columns=["source", "target"])
    meta = {"directed": g.is_directed(), "nodes": len(nodes), "edges": len(edges)}
    return SourceData(name, "networkx", {"nodes": nodes, "edges": edges}, meta)


def _scalars(d: dict) -> dict:
    return {str(k): v for k, v in d.items() if isinstance(v, str | int | float | bool)}


def read_path(path: str | Path) -> SourceData:
    """Read any supported file by its suffix."""
    p = Path(path)
    suffix = p.suffix.lower()
    if suffix in {".csv", ".tsv"}:
        return read_csv(p)
    if suffix in {".txt", ".edges", ".edgelist"}:
        from igraph_agent.graph.edgelist import read_edge_list_txt

        return read_edge_list_txt(p)
    raise invalid(f"{p.name}: unsupported file type {suffix or '(none)'}",
                  hint="attach .csv, .tsv, .txt edge lists, .sql dumps or SQLite files")
