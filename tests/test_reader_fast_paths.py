"""The fast paths of the CSV reader (whole-file checks, Arrow-typed numbers) give what the
line-by-line reader and the general typing give: the same tables, the same coded errors."""

from __future__ import annotations

import math
from pathlib import Path

import pandas as pd
import pytest

from igraph_agent.errors import ToolError
from igraph_agent.graph import sources
from igraph_agent.graph.sources import typed

COLUMNS = {
    "ints with a gap": (["1", "2", None, "+3"], [1.0, 2.0, math.nan, 3.0], "float64"),
    "floats in several spellings": (["1.5", "2e3", ".5", "7"], [1.5, 2000.0, 0.5, 7.0], "float64"),
    "leading zero ids": (["007", "1", "2", "3"], ["007", "1", "2", "3"], "str"),
    "a word among numbers": (["1", "x", "2", "3"], ["1", "x", "2", "3"], "str"),
    "beyond 64 bits": (["99999999999999999999", "1", "2", "3"],
                       ["99999999999999999999", "1", "2", "3"], "str"),
    "2**63 next to a negative": (["-1", "2", "3", "9223372036854775808"],
                                 ["-1", "2", "3", "9223372036854775808"], "str"),
    "padded ints": ([" 4", "5 ", "6", "7"], [4, 5, 6, 7], "int64"),
    "exponents and trailing dots": (["1.", "2", "-.5e-3", "1E2"], [1.0, 2.0, -0.0005, 100.0],
                                    "float64"),
    "infinity stays text": (["1", "inf", "2", "3"], ["1", "inf", "2", "3"], "str"),
}


def _same(got: list, want: list) -> bool:
    return all((isinstance(w, float) and math.isnan(w) and math.isnan(g)) or g == w
               for g, w in zip(got, want, strict=True))


def test_columns_are_typed_as_the_general_path_types_them(monkeypatch):
    frame = pd.DataFrame({k: v[0] for k, v in COLUMNS.items()}, dtype="str")
    fast = typed(frame)
    monkeypatch.setattr(sources, "_plain_numbers", lambda values: None)
    general = typed(frame)
    for name, (_, want, kind) in COLUMNS.items():
        assert _same(fast[name].tolist(), want), name
        assert _same(general[name].tolist(), want), name
        assert str(fast[name].dtype) == str(general[name].dtype), name
        assert (kind == "str") == pd.api.types.is_string_dtype(fast[name]), name


MALFORMED = Path(__file__).parent / "data" / "malformed"


def _outcome(path: Path) -> tuple:
    try:
        data = sources.read_path(path)
    except ToolError as exc:
        return ("error", str(exc.code), exc.message, exc.details.get("line"),
                exc.details.get("column"))
    return ("ok", {k: t.to_dict("list") for k, t in data.tables.items()})


@pytest.mark.parametrize("name", sorted(p.name for p in MALFORMED.iterdir()
                                        if p.suffix in (".csv", ".txt", ".tsv")))
def test_whole_file_reading_reports_what_line_by_line_reading_reports(name, monkeypatch):
    path = MALFORMED / name
    whole = _outcome(path)
    monkeypatch.setattr(sources, "WHOLE_READ_BYTES", 0)  # force the line-by-line reader
    streamed = _outcome(path)
    assert whole == streamed
    assert whole[0] == "error" and whole[1] == "SOURCE_INVALID"


def test_whole_file_reading_keeps_lines_exactly(tmp_path, monkeypatch):
    path = tmp_path / "edges.csv"
    path.write_bytes("\ufeffsource,target\r\na,b\n\n\"c\nd\",e\nf,g".encode())
    whole = list(sources.text_lines(path))
    monkeypatch.setattr(sources, "WHOLE_READ_BYTES", 0)
    assert whole == list(sources.text_lines(path))
    assert whole[0] == "source,target\r\n" and whole[-1] == "f,g"
