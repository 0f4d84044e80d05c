"""Sources: tables or graphs a user brings, validated and stored in the project.

A source is stored whole or not at all: every reader validates first and raises
``SOURCE_INVALID`` naming the line or column, before anything is written.

Readers (one per format) return :class:`SourceData`; ``sha256`` in its meta is the
content hash the workspace uses to reuse the source id of identical content.

Example::

    >>> from igraph_agent.data import path
    >>> data = read_path(path("orders.csv"))
    >>> list(data.tables["table"].columns)[:3]
    ['order_id', 'customer_id', 'customer_name']
"""

from __future__ import annotations

import csv
import hashlib
import itertools
import math
import os
import re
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import networkx as nx
import numpy as np
import pandas as pd

from igraph_agent.errors import ErrorCode, ToolError
from igraph_agent.graph.progress import step
from igraph_agent.graph.semantics import DIRECTED_PAIRS

#: limits on every file source (docs/limits.md lists them all)
MAX_SOURCE_BYTES = 512 * 1024 * 1024
#: files up to this size are checked and split whole (about 3x its size in memory at once)
WHOLE_READ_BYTES = 128 * 1024 * 1024
MAX_LINE_BYTES = 1024 * 1024
MAX_ROWS = 5_000_000
MAX_COLUMNS = 1_000
#: the longest path, and the longest name in it, a file system takes (Linux)
MAX_PATH_BYTES = 4096
MAX_NAME_BYTES = 255
#: rows pandas reads between two progress steps (graph/progress.py) of a delimited file
CHUNK_ROWS = 100_000
CSV_SUFFIXES = {".csv": ",", ".tsv": "\t"}
TXT_SUFFIXES = {".txt", ".edges", ".edgelist"}
SQL_SUFFIXES = {".sql"}
SQLITE_SUFFIXES = {".sqlite", ".sqlite3", ".db"}

#: column pairs recognised as edge endpoints, in order of preference (case-insensitive)
ENDPOINT_NAMES = [("source", "target"), ("src", "dst"), ("from", "to"), ("u", "v"),
                  ("node1", "node2"), ("head", "tail")]
# endpoint names that also say the edges have a direction (graph/semantics.py)
ENDPOINT_NAMES += [p for p in DIRECTED_PAIRS if p not in ENDPOINT_NAMES]

_LEADING_ZERO = re.compile(r"^[+-]?0\d")
_OTHER_SEPARATORS = {";": "semicolon", "\t": "tab", "|": "pipe", ",": "comma"}


@dataclass
class SourceData:
    """What a reader produced: named tables (``edges``/``nodes`` for graphs, else ``table``)."""

    name: str
    #: csv | txt | sql | sqlite | sqlite_query | dataframe | networkx, or (graph/graphfiles.py)
    #: graphml | gexf | gml | pajek | node_link | parquet | feather
    kind: str
    tables: dict[str, pd.DataFrame]
    meta: dict[str, Any]


def invalid(message: str, hint: str | None = None, **details: Any) -> ToolError:
    """A ``SOURCE_INVALID`` error; ``details`` carries ``line`` / ``column`` when known."""
    return ToolError(ErrorCode.SOURCE_INVALID, message,
                     hint=hint or "fix the file and attach it again",
                     details={k: v for k, v in details.items() if v is not None})


def digest(kind: str, *parts: bytes) -> str:
    """The content hash stored in a source's meta (``sha256``)."""
    h = hashlib.sha256(kind.encode())
    for p in parts:
        h.update(len(p).to_bytes(8, "little"))
        h.update(p)
    return h.hexdigest()


# -- files ------------------------------------------------------------------------------
def check_path(path: str | Path) -> Path:
    """A path a file system can look up: no NUL byte, at most ``MAX_PATH_BYTES`` long, each
    name at most ``MAX_NAME_BYTES``; else ``SOURCE_INVALID`` (never ``OSError`` errno 36)."""
    text = os.fspath(path)
    shown = f"{text[:60]!r}{'…' if len(text) > 60 else ''}"
    if "\x00" in text:
        raise invalid(f"the path {shown} contains a NUL byte", hint="check the file name")
    size = len(os.fsencode(text))
    if size > MAX_PATH_BYTES:
        raise invalid(f"the path {shown} is {size} bytes long; the limit is {MAX_PATH_BYTES}",
                      hint="move the file to a shorter path")
    longest = max((len(os.fsencode(part)) for part in Path(text).parts), default=0)
    if longest > MAX_NAME_BYTES:
        raise invalid(f"a name in the path {shown} is {longest} bytes long; the limit is "
                      f"{MAX_NAME_BYTES}", hint="rename the file (or folder) to a shorter name")
    return Path(text)


def check_size(path: Path) -> int:
    """The checks every file source shares, from the file system before any read: the path
    is one a file system takes (:func:`check_path`), the file exists, is not empty and is at
    most ``MAX_SOURCE_BYTES``. Returns its size."""
    check_path(path)
    if not path.is_file():
        raise invalid(f"{path} does not exist or is not a file", hint="check the path")
    size = path.stat().st_size
    if size == 0:
        raise invalid(f"{path.name} is empty", hint="attach a file with a header and rows")
    if size > MAX_SOURCE_BYTES:
        raise invalid(f"{path.name} is {size} bytes; the limit is {MAX_SOURCE_BYTES}",
                      hint="filter or sample the file first (see docs/limits.md)")
    return size


def file_digest(kind: str, path: Path, *extra: bytes) -> str:
    """``digest(kind, path.read_bytes(), *extra)`` computed in 1 MiB chunks."""
    h = hashlib.sha256(kind.encode())
    h.update(path.stat().st_size.to_bytes(8, "little"))
    with open(path, "rb") as fh:
        for chunk in iter(lambda: fh.read(1 << 20), b""):
            h.update(chunk)
    for p in extra:
        h.update(len(p).to_bytes(8, "little"))
        h.update(p)
    return h.hexdigest()


def text_lines(path: Path) -> Iterator[str]:
    """The file's lines as UTF-8 text, checked while they stream (a BOM is dropped).

    ``SOURCE_INVALID`` with the line (and column) for UTF-16 or binary content, a byte
    that is not UTF-8, or a line longer than ``MAX_LINE_BYTES``. A file that passes every
    check as a whole (one decode, vectorized line lengths) is split without a per-line
    read; any other goes line by line, which finds the first offence.
    """
    whole = _checked_text(path)
    if whole is not None:
        yield from _split_lines(whole)
        return
    yield from _streamed_lines(path)


def _checked_text(path: Path, data: bytes | None = None) -> str | None:
    """The whole file as text when it passes every check of :func:`text_lines`, else None
    (also for files above ``WHOLE_READ_BYTES``, which stream to bound memory). ``data``: the
    file's bytes when the caller has read them already."""
    import numpy as np

    if path.stat().st_size > WHOLE_READ_BYTES:
        return None
    if data is None:
        data = path.read_bytes()
    step("reading")
    if data.startswith((b"\xff\xfe", b"\xfe\xff")) or b"\x00" in data:
        return None
    ends = np.flatnonzero(np.frombuffer(data, dtype=np.uint8) == 10)
    step("reading")
    bounds = np.concatenate([[-1], ends, [len(data) - 1]])
    if len(data) and int(np.diff(bounds).max()) > MAX_LINE_BYTES:
        return None
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        return None


def _split_lines(text: str) -> Iterator[str]:
    """Lines ending at ``\\n`` only, each with its newline, as a binary ``readline`` gives them."""
    lines = text.split("\n")
    last = lines.pop()
    for line in lines:
        yield line + "\n"
    if last:
        yield last


def _streamed_lines(path: Path) -> Iterator[str]:
    name = path.name
    with open(path, "rb") as fh:
        head = fh.read(65536)
        if head.startswith((b"\xff\xfe", b"\xfe\xff")):
            raise invalid(f"{name} is UTF-16 text, not UTF-8", hint="save the file as UTF-8",
                          line=1)
        if b"\x00" in head:
            _binary(name, head.find(b"\x00"), head[: head.find(b"\x00")].count(b"\n") + 1)
        fh.seek(0)
        offset = 0
        for lineno in itertools.count(1):
            raw = fh.readline(MAX_LINE_BYTES + 1)
            if not raw:
                return
            if len(raw) > MAX_LINE_BYTES:
                raise invalid(f"{name}: line {lineno} is longer than {MAX_LINE_BYTES} bytes",
                              hint="is this a table with one row per line?", line=lineno)
            if b"\x00" in raw:
                _binary(name, offset + raw.find(b"\x00"), lineno)
            offset += len(raw)
            try:
                yield raw.decode("utf-8-sig" if lineno == 1 else "utf-8")
            except UnicodeDecodeError as exc:
                raise invalid(f"{name} is not UTF-8 (byte 0x{raw[exc.start]:02x} at line "
                              f"{lineno}, column {exc.start + 1})", hint="save the file as UTF-8",
                              line=lineno, column=exc.start + 1) from None


def _binary(name: str, offset: int, line: int) -> None:
    raise invalid(f"{name} looks like a binary file (a NUL byte at offset {offset}, line {line}), "
                  "not text", hint="attach a text table (CSV, TSV, TXT) or a SQL dump", line=line)


def read_csv(path: Path) -> SourceData:
    """A CSV (or TSV, by suffix) table with a header row.

    Values stay strings unless a whole column is numeric (ids with leading zeros stay
    strings); only an empty field counts as missing. Size, line length, columns and rows
    are checked before and while the file streams (docs/limits.md).
    """
    check_size(path)
    step("reading")
    sep = CSV_SUFFIXES.get(path.suffix.lower(), ",")
    df, lines = parse_delimited(path, sep)
    check_edge_columns(df, path.name, lambda i: f"line {lines[i]}", lines)
    meta = {"file": path.name, "rows": len(df), "sha256": file_digest("csv", path)}
    return SourceData(path.stem, "csv", {"table": df}, meta)


def parse_delimited(path: Path, sep: str) -> tuple[pd.DataFrame, Sequence[int]]:
    """Validate a delimited table; return it and each data row's line number.

    A plain file (``graph/plaincsv.py``: no quotes, blank lines, empty fields or leading
    spaces; ASCII) is checked by byte searches and parsed by Arrow. Any other that passes
    the whole-file text checks and has no quotes is validated by columns
    (:func:`_columnar_lines`: field counts, blank lines, the row limit, vectorised over its
    bytes); any other, or one a vectorised check finds fault with, goes row by row, which
    finds the first offence and names it exactly as before.
    """
    from igraph_agent.graph.plaincsv import plain_table

    data = path.read_bytes() if path.stat().st_size <= WHOLE_READ_BYTES else None
    plain = plain_table(data, path.name, sep) if data is not None else None
    if plain is not None:
        return plain
    whole = _checked_text(path, data)
    del data
    found = _columnar_lines(whole, path.name, sep) if whole is not None else None
    if found is not None:
        columns, rows = found
        assert whole is not None
        table = _arrow_table(whole, sep, columns, rows)
        if table is None:
            table = _read_table(path, sep, columns, rows)
        return table, rows
    name = path.name
    reader = csv.reader(text_lines(path), delimiter=sep, skipinitialspace=True, strict=True)
    header: list[str] | None = None
    lines: list[int] = []
    try:
        for row in reader:
            if not row or not "".join(row).strip():  # blank, or separators only
                continue
            if header is None:
                header = _check_header(row, name, sep, reader.line_num)
                continue
            if len(row) != len(header):
                raise invalid(f"{name}: line {reader.line_num} has {len(row)} fields, the header "
                              f"has {len(header)}",
                              hint="every row needs one value per header column (quote values "
                              "that contain the separator)", line=reader.line_num)
            lines.append(reader.line_num)
            if len(lines) % CHUNK_ROWS == 0:
                step("scanning", rows=len(lines))
            if len(lines) > MAX_ROWS:
                raise invalid(f"{name} has more than {MAX_ROWS} rows", line=reader.line_num,
                              hint="filter or sample the table first (see docs/limits.md)")
    except csv.Error as exc:
        raise invalid(f"{name}: line {reader.line_num}: {exc}", line=reader.line_num) from None
    if header is None:
        raise invalid(f"{name} has no rows (only blank lines)")
    if not lines:
        raise invalid(f"{name} has a header but no rows", hint="add data rows below the header",
                      line=1)
    return _read_table(path, sep, header, lines), lines


#: bytes ``str.strip`` removes from ASCII text, and the record ends
_ASCII_SPACE = b" \t\n\r\x0b\x0c\x1c\x1d\x1e\x1f"


def _columnar_lines(text: str, name: str, sep: str) -> tuple[list[str], Sequence[int]] | None:
    """``(header, data line numbers)`` of an unquoted delimited text found without a row
    pass, or None when the row pass must decide (quotes, a lone carriage return, a line
    of nothing but non-ASCII characters, a row whose field count differs from the
    header's, too many rows, no rows). The header is checked as the row pass checks it."""
    import numpy as np

    if '"' in text or text.count("\r") != text.count("\r\n"):
        return None
    data = np.frombuffer(text.encode("utf-8"), dtype=np.uint8)
    if not len(data):
        return None
    ends = np.flatnonzero(data == 10)
    starts = np.concatenate([[0], ends + 1])  # each line with its newline, as _split_lines
    if data[-1] == 10:
        starts = starts[:-1]

    def per_line(mask: np.ndarray) -> np.ndarray:
        return np.add.reduceat(mask, starts, dtype=np.int64)

    step("reading")
    is_sep = data == ord(sep)
    seps = per_line(is_sep)
    step("reading")
    kind = np.zeros(256, dtype=np.uint8)  # 0 content, 1 white space or separator, 2 non-ASCII
    kind[128:] = 2
    kind[np.frombuffer(_ASCII_SPACE + sep.encode(), dtype=np.uint8)] = 1
    of = kind[data]
    ascii_content = per_line(of == 0)
    step("reading")
    blank = ascii_content == 0
    if blank.any() and (of == 2).any() and (blank & (per_line(of == 2) > 0)).any():
        return None  # perhaps only non-ASCII white space: the row pass decides
    rows = np.flatnonzero(ascii_content > 0)
    if not len(rows):
        return None
    first = int(rows[0])
    start = int(ends[first - 1]) + 1 if first else 0
    stop = int(ends[first]) if first < len(ends) else len(data)
    line = bytes(data[start:stop]).decode("utf-8").rstrip("\r\n")
    header = _check_header([f.lstrip(" ") for f in line.split(sep)], name, sep, first + 1)
    body = rows[1:]
    if not len(body) or len(body) > MAX_ROWS or (seps[body] != len(header) - 1).any():
        return None
    if int(body[-1]) - int(body[0]) == len(body) - 1:  # no blank line among the rows: a range,
        return header, range(int(body[0]) + 1, int(body[-1]) + 2)  # not a list of 500k ints
    return header, (body + 1).tolist()


def _arrow_table(text: str, sep: str, header: list[str], lines: Sequence[int]) -> pd.DataFrame | None:
    """What :func:`_read_table` reads, parsed by Arrow from the text :func:`_columnar_lines`
    accepted (no quotes, field counts checked): strings made in C, not one Python object per
    field. Fields lose their leading spaces and an empty field is missing, as pandas'
    ``skipinitialspace`` and ``na_values=[""]`` make them; a row of separators only is
    dropped. None when Arrow reads it otherwise (a line of white space only, say): then
    pandas reads it."""
    import re

    import pyarrow as pa
    import pyarrow.compute as pc
    import pyarrow.csv as pacsv

    content = re.search("[^" + re.escape(_ASCII_SPACE.decode() + sep) + "]", text)
    if content is None:
        return None
    end = text.find("\n", content.start())
    if end < 0:
        return None
    names = [f"c{i}" for i in range(len(header))]
    data = text[end + 1:].encode("utf-8")
    total = len(lines)
    try:  # streamed in about 8 blocks: a progress step (and a stop point) after each
        reader = pacsv.open_csv(
            pa.BufferReader(data),
            read_options=pacsv.ReadOptions(column_names=names,
                                           block_size=max(1 << 20, len(data) // 8 + 1)),
            parse_options=pacsv.ParseOptions(delimiter=sep, quote_char=False,
                                             ignore_empty_lines=True),
            convert_options=pacsv.ConvertOptions(
                column_types={c: pa.string() for c in names}, null_values=[],
                strings_can_be_null=False))
        batches, done = [], 0
        for batch in reader:
            batches.append(batch)
            done += batch.num_rows
            step("reading", rows=min(done, total), total=total)
        table = pa.Table.from_batches(batches, schema=reader.schema)
    except (pa.ArrowInvalid, pa.ArrowNotImplementedError):
        return None
    columns: dict[str, Any] = {}
    filled = None
    str_dtype = pd.Series([""]).astype(str).dtype
    for name, col in zip(header, table.columns, strict=True):
        values = pc.utf8_ltrim(col, " ")
        present = pc.greater(pc.binary_length(values), 0)  # not_equal: 0.5 s to set up
        ints = _arrow_ints(values) if pc.all(present).as_py() else None
        columns[name] = (pd.Series(ints) if ints is not None else pd.Series(
            pc.if_else(present, values, pa.scalar(None, pa.string())), dtype=str_dtype))
        filled = present if filled is None else pc.or_(filled, present)
    df = pd.DataFrame(columns)
    if filled is not None and not pc.all(filled).as_py():  # rows of separators only
        df = df[np.asarray(filled)].reset_index(drop=True)
    if len(df) != len(lines):
        return None
    return typed(df)


def _arrow_ints(values: Any) -> np.ndarray | None:
    """What :func:`typed` makes of a text column with no empty field when every value is a
    plain integer (``12``, ``-3``; no leading zero, no hex, no white space), parsed by
    Arrow without a Python string per value; None for any other column, which
    :func:`typed` then decides."""
    import pyarrow as pa
    import pyarrow.compute as pc

    try:
        ints = pc.cast(values, pa.int64())
    except (pa.ArrowInvalid, pa.ArrowTypeError, pa.ArrowNotImplementedError):
        return None
    odd = _LEADING_ZERO.pattern + "|[xX]"  # a leading zero, or hex (Arrow reads 0x1F)
    if len(values) == 0 or pc.any(pc.match_substring_regex(values, odd)).as_py():
        return None
    return ints.to_numpy()


def _read_table(path: Path, sep: str, header: list[str], lines: Sequence[int]) -> pd.DataFrame:
    """The validated table read by pandas in one pass (a progress step after each chunk of
    :data:`CHUNK_ROWS` rows), typed."""
    name = path.name
    total = len(lines)
    step("reading", rows=0, total=total)
    chunks = []
    with pd.read_csv(path, sep=sep, dtype=str, keep_default_na=False, encoding="utf-8-sig",
                     na_values=[""], skipinitialspace=True, skip_blank_lines=True,
                     chunksize=CHUNK_ROWS) as reader:
        for chunk in reader:
            chunks.append(chunk)
            step("reading", rows=min(total, sum(len(c) for c in chunks)), total=total)
    df = chunks[0] if len(chunks) == 1 else pd.concat(chunks, ignore_index=True)
    if len(df) != len(lines):  # a row of separators only: pandas keeps it, we skipped it
        df = df.dropna(how="all").reset_index(drop=True)
    if len(df) != len(lines):
        raise invalid(f"{name}: the rows could not be read consistently (quoting?)",
                      hint="check quotes: a value with the separator or a newline needs quotes")
    df.columns = header
    step("checking", rows=total, total=total)
    return typed(df)


def _check_header(row: list[str], name: str, sep: str, line: int) -> list[str]:
    names = [h.strip() for h in row]
    if len(names) > MAX_COLUMNS:
        raise invalid(f"{name}: line {line}: the header has {len(names)} columns; the limit is "
                      f"{MAX_COLUMNS}", hint="keep the columns the graph needs", line=line)
    if len(names) < 2:
        seen = [word for ch, word in _OTHER_SEPARATORS.items() if ch != sep and ch in row[0]]
        sep_word = _OTHER_SEPARATORS[sep]
        if seen:
            raise invalid(f"{name}: line {line}: the header is one column ({row[0][:60]!r}); "
                          f"the file looks {seen[0]}-separated, a {sep_word}-separated table "
                          "was expected", hint=f"save the file with {sep_word}s as separators",
                          line=line)
        raise invalid(f"{name}: line {line}: the header has one column ({row[0][:60]!r}); a table "
                      "needs at least two (e.g. source,target)",
                      hint="add the missing columns", line=line)
    if "" in names:
        col = names.index("") + 1
        raise invalid(f"{name}: line {line}, column {col}: the header has an empty column name",
                      hint="name every column", line=line, column=col)
    dupes = sorted(h for h, n in Counter(names).items() if n > 1)
    if dupes:
        cols = [i + 1 for i, h in enumerate(names) if h == dupes[0]]
        raise invalid(f"{name}: line {line}: duplicate column name(s) in the header: "
                      f"{', '.join(dupes)} (columns {', '.join(map(str, cols))})",
                      hint="give every column a distinct name", line=line, column=cols[-1])
    return names


def typed(df: pd.DataFrame) -> pd.DataFrame:
    """String columns -> numbers where every value is numeric; leading-zero ids stay text."""
    out = df.copy()
    for col in out.columns:
        step("checking", rows=len(out), total=len(out))
        s = out[col]
        if not pd.api.types.is_string_dtype(s):
            continue
        s = s.str.strip()
        values = s.dropna()
        if values.empty or values.str.match(_LEADING_ZERO).any():
            out[col] = s
            continue
        fast = _plain_numbers(values)
        if fast is not None:
            out[col] = fast.reindex(s.index)  # missing values make it float, as to_numeric
            continue
        num = pd.to_numeric(values, errors="coerce")
        if (num.isna().any() or values.str.lower().isin(["inf", "-inf", "infinity"]).any()
                or _too_big_for_integers(values, num)):
            out[col] = s
        else:
            out[col] = pd.to_numeric(s)
    return out


_INT_TEXT = r"[+-]?\d+"
_FLOAT_TEXT = r"[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?"


def _plain_numbers(values: pd.Series) -> pd.Series | None:
    """``pd.to_numeric(values)`` for columns of plain decimal numbers, parsed by Arrow in
    one vectorized pass (several times faster at 1M rows); None for anything else (other
    spellings, values beyond 64-bit integers), which the general path then decides."""
    import pyarrow as pa
    import pyarrow.compute as pc

    array = pa.array(values)
    try:  # Arrow parses [+-]?digits within int64, and hex (0x1F): no regex pass first
        ints = pc.cast(array, pa.int64())
        if not pc.any(pc.match_substring(array, "x", ignore_case=True)).as_py():
            return pd.Series(ints.to_numpy(zero_copy_only=False), index=values.index)
    except (pa.ArrowInvalid, pa.ArrowTypeError, pa.ArrowNotImplementedError):
        pass
    for pattern, kind in ((_INT_TEXT, pa.int64()), (_FLOAT_TEXT, pa.float64())):
        if values.str.fullmatch(pattern).all():
            try:
                parsed = pc.cast(pa.array(values), kind)
            except (pa.ArrowInvalid, pa.ArrowTypeError, pa.ArrowNotImplementedError):
                return None
            return pd.Series(parsed.to_numpy(zero_copy_only=False), index=values.index)
    return None


def _too_big_for_integers(values: pd.Series, num: pd.Series) -> bool:
    """Whole numbers that fit no 64-bit integer type (ids of 2**64 and more, or 2**63 and
    more next to negative ones) would become floats and merge: they stay text."""
    return (not pd.api.types.is_integer_dtype(num)
            and bool(values.str.fullmatch(r"[+-]?\d+").all()))


def check_edge_columns(df: pd.DataFrame, name: str, where: Callable[[int], str],
                       lines: Sequence[int] | None = None) -> None:
    """Reject an edge-list-like table with empty endpoints or a non-numeric ``weight``.

    Only tables whose columns follow a known endpoint convention (``ENDPOINT_NAMES``) or
    have a ``weight`` column are checked; other tables are validated at construction.
    """
    cols = list(df.columns)
    lower = {str(c).lower(): c for c in cols}
    for a, b in ENDPOINT_NAMES:
        if a in lower and b in lower:
            for col in (lower[a], lower[b]):
                empty = df[col].isna()
                if empty.any():
                    i = int(empty.to_numpy().argmax())
                    raise invalid(f"{name}: {where(i)}, column {col!r} (column "
                                  f"{cols.index(col) + 1}): the edge endpoint is empty",
                                  hint="fill or drop rows with a missing endpoint",
                                  line=lines[i] if lines else None, row=i + 1, column=col)
            break
    if "weight" in lower:
        col = lower["weight"]
        w = pd.to_numeric(df[col], errors="coerce")
        bad = w.isna() | w.isin([float("inf"), float("-inf")])
        if bad.any():
            i = int(bad.to_numpy().argmax())
            value = df[col].iloc[i]
            what = ("is empty" if _missing(value) else f"{value!r} is not a number"
                    if _unparsable(value) else f"{value!r} is not a finite number")
            raise invalid(f"{name}: {where(i)}, column {col!r} (column {cols.index(col) + 1}): "
                          f"the weight {what}", hint="weights must be finite numbers",
                          line=lines[i] if lines else None, row=i + 1, column=col)


_SHAPED = (list, dict, set, frozenset, tuple, np.ndarray, pd.Series, pd.DataFrame, pd.Index)


def arrow_safe(df: pd.DataFrame) -> pd.DataFrame:
    """Text columns that mix types (SQLite, user DataFrames) become text, so parquet can store them.

    ``SOURCE_INVALID`` (naming the column and row) for a cell that holds a container (list,
    dict, set, tuple, a DataFrame, Series or array) or a value that cannot be printed, and
    for two different values that would print alike (``1`` and ``'1'``, ``True`` and
    ``'True'``): they would become one id."""
    out = df.copy()
    out.columns = [str(c) for c in out.columns]
    for col in out.columns:
        s = out[col]
        if s.dtype == object:
            kinds = {type(v) for v in s.dropna()}
            # an all-int object column holds ints beyond 64 bits: text, like other ids
            if len(kinds) > 1 or kinds == {int} or not kinds <= {str, bytes, bool, int, float}:
                out[col] = _as_text(s, col)
    return out


def _as_text(s: pd.Series, col: str) -> pd.Series:
    texts: list[str | None] = []
    first: dict[str, Any] = {}
    for i, v in enumerate(s.tolist()):
        if isinstance(v, _SHAPED):
            raise invalid(f"column {col!r}, row {i + 1}: the cell holds a {type(v).__name__}; "
                          "a cell holds one text or number", column=col, row=i + 1,
                          hint="flatten the column first (one value per cell, e.g. "
                          "df.explode(column))")
        if _missing(v):
            texts.append(None)
            continue
        try:
            text = str(v)
        except Exception as exc:
            raise invalid(f"column {col!r}, row {i + 1}: a {type(v).__name__} that cannot be "
                          f"printed ({type(exc).__name__})", column=col, row=i + 1,
                          hint="convert the column to text or numbers first") from None
        seen = first.setdefault(text, v)
        if seen is not v and type(seen) is not type(v):
            raise invalid(f"column {col!r}: {seen!r} ({type(seen).__name__}) and {v!r} "
                          f"({type(v).__name__}, row {i + 1}) read alike; as ids they would "
                          "become one", column=col, row=i + 1,
                          hint="give the column one type: df[column].astype(str) if they are "
                          "the same, else rename one of them")
        texts.append(text)
    return pd.Series(texts, index=s.index, dtype=object)


def _unparsable(value: Any) -> bool:
    try:
        float(value)
        return False
    except (TypeError, ValueError):
        return True


def _missing(value: Any) -> bool:
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return True
    try:
        return bool(pd.isna(value)) if not isinstance(value, str) else False
    except Exception:  # an array, or an object whose comparison raises
        return False


# -- in-kernel objects ------------------------------------------------------------------
def from_dataframe(df: pd.DataFrame, name: str) -> SourceData:
    """A pandas DataFrame from the kernel; its index is dropped."""
    if not isinstance(df, pd.DataFrame):
        raise invalid(f"{name} is a {type(df).__name__}, not a pandas DataFrame")
    if df.empty:
        raise invalid(f"DataFrame {name} has no rows")
    step("checking", rows=len(df), total=len(df))
    names = [str(c) for c in df.columns]
    if len(names) > MAX_COLUMNS or len(df) > MAX_ROWS:
        raise invalid(f"DataFrame {name} has {len(df)} rows and {len(names)} columns; the limits "
                      f"are {MAX_ROWS} rows and {MAX_COLUMNS} columns",
                      hint="keep the rows and columns the graph needs (see docs/limits.md)")
    if "" in names:
        col = names.index("") + 1
        raise invalid(f"DataFrame {name}: column {col} has an empty name",
                      hint="name every column (df.rename(columns=...))", column=col)
    dupes = sorted(c for c, n in Counter(names).items() if n > 1)
    if dupes:
        raise invalid(f"DataFrame {name} has duplicate column names: {', '.join(dupes)}",
                      hint="rename the columns so each is distinct", column=dupes[0])
    out = arrow_safe(df.reset_index(drop=True))
    check_edge_columns(out, f"DataFrame {name}", lambda i: f"row {i + 1}")
    hashed = pd.util.hash_pandas_object(out, index=False).to_numpy().tobytes()
    meta = {"rows": len(out), "sha256": digest("dataframe", "\x1f".join(out.columns).encode(),
                                               hashed)}
    return SourceData(name, "dataframe", {"table": out}, meta)


#: attribute names the stored tables use for themselves: an attribute of that name is
#: kept as ``<name>_attribute`` (and the rename stated in the source's ``notes``)
RESERVED_NODE_ATTRS = ("id",)
RESERVED_EDGE_ATTRS = ("source", "target")


def from_networkx(g: nx.Graph, name: str) -> SourceData:
    """A networkx graph from the kernel; scalar node/edge attributes are kept.

    Direction is kept (``meta["directed"]``; a directed graph is constructed directed).
    A multigraph's parallel edges become one edge with ``multiplicity`` (how many) and
    ``weight`` their sum (networkx counts a missing weight as 1). Node ids must print
    apart (``1`` and ``'1'``, or two NaN nodes, are ``SOURCE_INVALID``); attributes named
    like the tables' own columns are renamed. Every change is listed in ``meta["notes"]``.
    """
    if g.number_of_nodes() == 0:
        raise invalid(f"graph {name} has no nodes")
    step("reading", rows=0, total=g.number_of_edges())
    notes: list[str] = []
    ids = _node_texts(g, name)
    node_rows = [{"id": ids[n], **_scalars(d, RESERVED_NODE_ATTRS, notes, "node")}
                 for n, d in g.nodes(data=True)]
    nodes = arrow_safe(pd.DataFrame(node_rows))
    rows = [{"source": ids[u], "target": ids[v], **_scalars(d, RESERVED_EDGE_ATTRS, notes, "edge")}
            for u, v, d in g.edges(data=True)]
    weighted = any("weight" in d for _, _, d in g.edges(data=True))
    if weighted:  # networkx reads an edge without a weight as weight 1
        for row in rows:
            row.setdefault("weight", 1.0)  # a weight set to nan stays, and is refused below
    step("checking", rows=len(rows), total=len(rows))
    edges = pd.DataFrame(rows)
    edges = arrow_safe(edges) if not edges.empty else pd.DataFrame(columns=["source", "target"])
    check_edge_columns(edges, f"graph {name}", lambda i: f"edge {i + 1}")
    if g.is_multigraph() and not edges.empty:
        edges = _merge_parallel(edges, g.is_directed(), name, notes)
    meta = {"directed": g.is_directed(), "nodes": len(nodes), "edges": len(edges),
            "sha256": digest("networkx", str(g.is_directed()).encode(),
                             nodes.to_csv(index=False).encode(),
                             edges.to_csv(index=False).encode())}
    if notes:
        meta["notes"] = list(dict.fromkeys(notes))
    return SourceData(name, "networkx", {"nodes": nodes, "edges": edges}, meta)


def _node_texts(g: nx.Graph, name: str) -> dict[Any, str]:
    """Each node's id as text; SOURCE_INVALID when one can't be printed or two print alike."""
    texts: dict[Any, str] = {}
    seen: dict[str, Any] = {}
    for n in g.nodes:
        try:
            text = str(n)
        except Exception as exc:
            raise invalid(f"graph {name}: a node of type {type(n).__name__} cannot be printed "
                          f"({type(exc).__name__})", hint="relabel the nodes to text or "
                          "numbers first (nx.relabel_nodes)") from None
        if text in seen:
            raise invalid(f"graph {name}: the nodes {seen[text]!r} ({type(seen[text]).__name__}) "
                          f"and {n!r} ({type(n).__name__}) read alike; stored as ids they would "
                          "become one node", hint="relabel the nodes so each prints apart "
                          "(nx.relabel_nodes, or nx.convert_node_labels_to_integers)")
        seen[text] = n
        texts[n] = text
    return texts


def _merge_parallel(edges: pd.DataFrame, directed: bool, name: str,
                    notes: list[str]) -> pd.DataFrame:
    a, b = edges["source"], edges["target"]
    if not directed:
        a, b = a.where(a <= b, b), b.where(a <= b, a)
    key = pd.DataFrame({"a": a, "b": b})
    if not key.duplicated().any():
        return edges
    grouped = edges.groupby([key["a"], key["b"]], sort=False)
    agg: dict[str, Any] = {c: ("first" if c in ("source", "target") else "last")
                           for c in edges.columns}
    if "weight" in edges.columns:
        agg["weight"] = "sum"
    with np.errstate(over="ignore"):  # an overflowing sum is refused below, not warned about
        out = grouped.agg(agg).reset_index(drop=True)
    out["multiplicity"] = grouped.size().to_numpy()
    if "weight" in out.columns:
        check_weight_sums(out, f"graph {name}")
    notes.append(f"{len(edges)} edges of the multigraph, {len(edges) - len(out)} of them "
                 f"parallel, are stored as {len(out)} edges: multiplicity counts the parallel "
                 "edges" + (", weight is their sum" if "weight" in out.columns else ""))
    return out


def check_weight_sums(edges: pd.DataFrame, name: str) -> None:
    """SOURCE_INVALID when summing one edge's weights left the finite numbers (1e308 twice)."""
    w = pd.to_numeric(edges["weight"], errors="coerce")
    bad = w.isin([float("inf"), float("-inf")])
    if bad.any():
        i = int(bad.to_numpy().argmax())
        raise invalid(f"{name}: the weights given for the edge {edges['source'].iloc[i]!r} - "
                      f"{edges['target'].iloc[i]!r} add up beyond the largest number "
                      f"({np.finfo(float).max:.3g})", hint="scale the weights down (divide "
                      "them by a constant) before attaching", row=i + 1)


def _scalars(d: dict, reserved: tuple[str, ...] = (), notes: list[str] | None = None,
             what: str = "") -> dict:
    out = {}
    for k, v in d.items():
        if not isinstance(v, str | int | float | bool):
            continue
        key = str(k)
        if key in reserved:
            if notes is not None:
                notes.append(f"the {what} attribute {key!r} is stored as {key + '_attribute'!r} "
                             f"({key!r} names the {what}'s own column)")
            key += "_attribute"
        out[key] = v
    return out


def read_path(path: str | Path) -> SourceData:
    """Read any supported file by its suffix."""
    p = check_path(path)
    suffix = p.suffix.lower()
    if suffix in CSV_SUFFIXES:
        return read_csv(p)
    if suffix in TXT_SUFFIXES:
        from igraph_agent.graph.edgelist import read_edge_list_txt

        return read_edge_list_txt(p)
    if suffix in SQL_SUFFIXES:
        from igraph_agent.graph.sql import read_sql_dump

        return read_sql_dump(p)
    if suffix in SQLITE_SUFFIXES:
        from igraph_agent.graph.sql import read_sqlite_file

        return read_sqlite_file(p)
    from igraph_agent.graph.graphfiles import (
        ARROW_SUFFIXES,
        GRAPH_SUFFIXES,
        read_arrow_table,
        read_graph_file,
    )

    if suffix in GRAPH_SUFFIXES:
        return read_graph_file(p)
    if suffix in ARROW_SUFFIXES:
        return read_arrow_table(p)
    known = ", ".join(sorted([*CSV_SUFFIXES, *TXT_SUFFIXES, *SQL_SUFFIXES, *SQLITE_SUFFIXES,
                              *GRAPH_SUFFIXES, *ARROW_SUFFIXES]))
    raise invalid(f"{p.name}: unsupported file type {suffix or '(no suffix)'}",
                  hint=f"attach one of {known}, a SQLSource(path, query), a pandas DataFrame "
                  "or a networkx graph")
