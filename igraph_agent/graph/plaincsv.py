"""The common delimited file read straight from its bytes by Arrow, with no text pass.

Most tables people attach are plain: no quotes, no blank lines, no empty fields, no
spaces after a separator, ASCII only. Such a file is checked with a handful of byte
searches (each one C pass over the file, no decode, no per-line arrays) and parsed once by
Arrow; every other file -- and any file one of these checks or Arrow's own parse finds
anything unusual in -- returns None, and the vectorised text pass and the row pass of
``graph/sources.py`` decide exactly as before, so a malformed file keeps its coded error.

What the plain read gives is what the other readers give: the header checked by the same
rules, the rows' line numbers (a range: no blank line lies among them), integer columns as
int64 where typing the strings would make them integers, every other column as strings
typed by :func:`igraph_agent.graph.sources.typed`.

Example::

    >>> df, lines = plain_table(b"source,target\\n1,2\\n2,3\\n", "e.csv", ",")
    >>> df.dtypes.tolist(), list(lines)
    ([dtype('int64'), dtype('int64')], [2, 3])
    >>> plain_table(b'a,b\\n"x",y\\n', "q.csv", ",") is None   # quoted: the text pass reads it
    True
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pandas as pd

from igraph_agent.graph import sources
from igraph_agent.graph.progress import step
from igraph_agent.graph.sources import _check_header, typed

#: how a file may not begin: a byte order mark (the text pass drops it), a blank line
_BAD_START = (b"\xef\xbb\xbf", b"\xff\xfe", b"\xfe\xff", b"\n", b"\r")


def plain_table(data: bytes, name: str, sep: str) -> tuple[pd.DataFrame, range] | None:
    """``(table, data line numbers)`` of a plain delimited file, or None when the file is
    not plain (see the module docstring) and the text pass must read it.

    Checked on the bytes (single-byte searches, each a ``memchr`` over the file): ASCII, no
    quote, no NUL, carriage returns only before a newline. Checked on Arrow's parse: every
    row as wide as the header (a blank line is a row of one field), no empty field, no field
    that starts with white space, no line longer than ``MAX_LINE_BYTES``, at most
    ``MAX_ROWS`` rows. With no blank line, the rows' line numbers are a range.
    """
    if (not data or data.startswith(_BAD_START) or not data.isascii() or b'"' in data
            or b"\x00" in data):
        return None
    if b"\r" in data and data.count(b"\r") != data.count(b"\r\n"):
        return None  # a lone carriage return ends a line for Arrow, not for the row pass
    step("reading")
    end = data.find(b"\n")
    if end < 0:
        return None
    header = _check_header(data[:end].decode("ascii").rstrip("\r").split(sep), name, sep, 1)
    rows = data.count(b"\n") - data.endswith(b"\n")  # lines after the header
    if not 0 < rows <= sources.MAX_ROWS:  # (the limits read when called: tests lower them)
        return None
    table = _arrow_read(data[end + 1:], sep, len(header), rows)
    if table is None or table.num_rows != rows:
        return None
    spaced = [w for w in (" ", "\t") if w != sep and w.encode() in data]
    if not _plain_fields(table, spaced, len(sep)):
        return None
    return _typed_columns(table, header, data), range(2, table.num_rows + 2)


def _plain_fields(table: Any, spaced: list[str], sep_bytes: int) -> bool:
    """No empty field (missing, or a row of separators only), no field that starts with
    white space in ``spaced`` (pandas drops leading spaces), and no line that could be
    longer than ``MAX_LINE_BYTES`` (bounded by the sum of each column's longest field)."""
    import pyarrow.compute as pc

    longest = 2 + sep_bytes * (table.num_columns - 1)  # separators and the line end
    for col in table.columns:
        lengths = pc.min_max(pc.binary_length(col)).as_py()
        if not lengths["min"]:
            return False
        longest += lengths["max"]
        if any(pc.any(pc.starts_with(col, w)).as_py() for w in spaced):
            return False
    return longest <= sources.MAX_LINE_BYTES


def _arrow_read(body: bytes, sep: str, width: int, rows: int) -> Any:
    """The rows as Arrow string columns, streamed in about 8 blocks (a progress step, and a
    stop point, after each); None when Arrow finds a row of another width (a blank line is
    one: a row of one field)."""
    import pyarrow as pa
    import pyarrow.csv as pacsv

    names = [f"c{i}" for i in range(width)]
    try:
        reader = pacsv.open_csv(
            pa.BufferReader(body),
            read_options=pacsv.ReadOptions(column_names=names,
                                           block_size=max(1 << 20, len(body) // 8 + 1)),
            parse_options=pacsv.ParseOptions(delimiter=sep, quote_char=False,
                                             ignore_empty_lines=False),
            convert_options=pacsv.ConvertOptions(
                column_types={c: pa.string() for c in names}, null_values=[],
                strings_can_be_null=False))
        batches, done = [], 0
        for batch in reader:
            batches.append(batch)
            done += batch.num_rows
            step("reading", rows=min(done, rows), total=rows)
        return pa.Table.from_batches(batches, schema=reader.schema)
    except (pa.ArrowInvalid, pa.ArrowNotImplementedError):
        return None


def _typed_columns(table: Any, header: list[str], data: bytes) -> pd.DataFrame:
    """Integer columns cast by Arrow; the others as strings, typed as every reader types."""
    str_dtype = pd.Series([""]).astype(str).dtype
    hexes = [x for x in ("x", "X") if x.encode() in data]
    signed = b"+" in data or b"-" in data
    columns: dict[str, Any] = {}
    for name, col in zip(header, table.columns, strict=True):
        ints = _plain_ints(col, hexes, signed)
        columns[name] = ints if ints is not None else pd.Series(col, dtype=str_dtype)
    # each column its own block: no copy of the integer arrays into one 2-D block (at 2M
    # rows 0.07 s and 32 MB more at the read's peak)
    df = pd.DataFrame(columns, copy=False)
    return df if all(pd.api.types.is_integer_dtype(t) for t in df.dtypes) else typed(df)


def _plain_ints(col: Any, hexes: list[str], signed: bool) -> np.ndarray | None:
    """The column as int64 when every value is an integer that typing would make one: no
    leading zero (``007`` stays text), no hex (Arrow's cast reads ``0x1F``); None for any
    other column (typing decides it; ``-0`` is flagged here and made 0 there). ``hexes``:
    the letters x the file holds at all; ``signed``: whether it holds a sign at all."""
    import pyarrow as pa
    import pyarrow.compute as pc

    try:
        ints = pc.cast(col, pa.int64())
    except (pa.ArrowInvalid, pa.ArrowTypeError, pa.ArrowNotImplementedError):
        return None
    starts = ("0", "+0", "-0") if signed else ("0",)
    padded = pc.starts_with(col, starts[0])
    for p in starts[1:]:
        padded = pc.or_(padded, pc.starts_with(col, p))
    if pc.any(pc.and_(padded, pc.greater(pc.binary_length(col), 1))).as_py():
        return None
    if any(pc.any(pc.match_substring(col, x)).as_py() for x in hexes):
        return None
    return ints.to_numpy()
