"""Plain-text edge lists: ``u v [weight]`` per line, whitespace or comma, ``#`` comments."""

from __future__ import annotations

import re
from pathlib import Path

import pandas as pd

from igraph_agent.graph.sources import SourceData, invalid, read_text

_SPLIT = re.compile(r"[,\s]+")


def read_edge_list_txt(path: Path) -> SourceData:
    text = read_text(path)
    rows: list[tuple[str, str, float | None]] = []
    width = None
    for lineno, raw in enumerate(text.splitlines(), start=1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        parts = [p for p in _SPLIT.split(line) if p]
        if len(parts) not in (2, 3):
            raise invalid(f"{path.name}: line {lineno} has {len(parts)} fields; expected "
                          "'source target' or 'source target weight'", line=lineno)
        if width is None:
            width = len(parts)
        elif len(parts) != width:
            raise invalid(f"{path.name}: line {lineno} has {len(parts)} fields, earlier lines "
                          f"have {width}", line=lineno)
        weight = None
        if len(parts) == 3:
            try:
                weight = float(parts[2])
            except ValueError:
                raise invalid(f"{path.name}: line {lineno}: weight {parts[2]!r} is not a number",
                              line=lineno, column=3) from None
        rows.append((parts[0], parts[1], weight))
    if not rows:
        raise invalid(f"{path.name} has no edges (only comments or blank lines)")
    df = pd.DataFrame(rows, columns=["source", "target", "weight"])
    if width == 2:
        df = df.drop(columns=["weight"])
    return SourceData(path.stem, "txt", {"table": df}, {"file": path.name, "rows": len(df)})
