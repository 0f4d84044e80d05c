"""Numeric columns of a CSV are recognised the same on the vectorized path as on the general one."""

from __future__ import annotations

import math

import pandas as pd

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
