"""Plain-text edge lists: ``u v [weight]`` per line, whitespace or comma, ``#`` comments.

Example::

    >>> _ = (home / "karate.txt").write_text("# karate\\n0 1 4\\n0 2 5\\n")
    >>> read_edge_list_txt(home / "karate.txt").tables["table"]
      source target  weight
    0      0      1     4.0
    1      0      2     5.0
"""

from __future__ import annotations

import math
import re
from pathlib import Path

import pandas as pd

from igraph_agent.graph.sources import (
    MAX_ROWS,
    SourceData,
    check_size,
    file_digest,
    invalid,
    text_lines,
)

_SPLIT = re.compile(r"[,\s]+")


def read_edge_list_txt(path: Path) -> SourceData:
    """Read a TXT edge list; every line is checked (and the limits enforced) as it streams."""
    check_size(path)
    rows: list[tuple[str, str, float | None]] = []
    width = None
    for lineno, line_text in enumerate(text_lines(path), start=1):
        line = line_text.split("#", 1)[0].strip()
        if not line:
            continue
        parts = [p for p in _SPLIT.split(line) if p]
        if len(parts) not in (2, 3):
            raise invalid(f"{path.name}: line {lineno} has {len(parts)} fields; expected "
                          "'source target' or 'source target weight'",
                          hint="one edge per line: two node ids and an optional numeric weight",
                          line=lineno)
        if width is None:
            width = len(parts)
        elif len(parts) != width:
            raise invalid(f"{path.name}: line {lineno} has {len(parts)} fields, earlier lines "
                          f"have {width}", hint="give every line a weight, or none",
                          line=lineno)
        weight = None
        if len(parts) == 3:
            try:
                weight = float(parts[2])
            except ValueError:
                weight = math.nan
            if not math.isfinite(weight):
                raise invalid(f"{path.name}: line {lineno}, column 3: the weight {parts[2]!r} is "
                              "not a finite number", hint="weights must be finite numbers",
                              line=lineno, column=3)
        rows.append((parts[0], parts[1], weight))
        if len(rows) > MAX_ROWS:
            raise invalid(f"{path.name} has more than {MAX_ROWS} edges", line=lineno,
                          hint="filter or sample the edge list first (see docs/limits.md)")
    if not rows:
        raise invalid(f"{path.name} has no edges (only comments or blank lines)",
                      hint="add lines like 'a b' or 'a b 2.5'")
    df = pd.DataFrame(rows, columns=["source", "target", "weight"])
    if width == 2:
        df = df.drop(columns=["weight"])
    meta = {"file": path.name, "rows": len(df), "sha256": file_digest("txt", path)}
    return SourceData(path.stem, "txt", {"table": df}, meta)
