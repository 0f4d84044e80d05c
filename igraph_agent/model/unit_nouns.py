"""A unit's noun of amount ("tonnage", "mileage", "wattage") read as the one edge column
that holds the unit: "the total tonnage moved" on a ``tonnes`` column is the total of
``tonnes``; where no column, or more than one, holds the unit, the question is left as
asked.

    >>> in_columns("what's the total tonnage moved across all lanes?", {"tonnes": "strength"})
    "what's the total tonnes moved across all lanes?"
    >>> in_columns("which road has the highest mileage?", {"miles": "distance", "toll": "distance"})
    'which road has the highest miles?'
    >>> in_columns("what's the total tonnage?", {"line_km": "distance"})
    "what's the total tonnage?"
    >>> in_columns("how many appearances did Celtic players make?", {"apps": "strength"})
    'how many apps did Celtic players make?'
"""

from __future__ import annotations

import re
from typing import Any

#: the noun of amount and the column-name words (whole, or a ``_``-separated part) of its unit
_NOUNS: dict[str, frozenset[str]] = {
    "tonnage": frozenset({"tonnes", "tonne", "tons", "ton", "t"}),
    "mileage": frozenset({"miles", "mile", "mi"}),
    "wattage": frozenset({"watts", "watt", "w", "kw", "mw", "gw"}),
    "voltage": frozenset({"volts", "volt", "v", "kv"}),
    "footage": frozenset({"feet", "foot", "ft"}),
    "acreage": frozenset({"acres", "acre"}),
    # "how much energy moves between A and B" on an ``mwh`` column
    "energy": frozenset({"mwh", "kwh", "gwh", "twh", "wh", "joules", "gj", "mj"}),
}
_SAID = re.compile(rf"\b({'|'.join(_NOUNS)})\b", re.IGNORECASE)


def in_columns(question: str, weights: dict[str, Any]) -> str:
    """``question`` with a unit's noun of amount replaced by the one column of ``weights``
    (get_graph_info's numeric edge columns) whose name holds that unit."""
    def column(m: re.Match[str]) -> str:
        units = _NOUNS[m.group(1).lower()]
        holders = [c for c in weights if set(re.split(r"[^a-z]+", str(c).lower())) & units]
        return str(holders[0]) if len(holders) == 1 else m.group(0)

    question = _SAID.sub(column, question)

    def long_form(m: re.Match[str]) -> str:
        shorts = _SHORT.get(m.group(0).lower(), ())
        found = [str(c) for c in weights if str(c).lower() in shorts]
        return found[0] if len(found) == 1 else m.group(0)

    return _LONG.sub(long_form, question)


#: a word and the short column names that hold it ("appearances" in an ``apps`` column)
_SHORT: dict[str, tuple[str, ...]] = {
    "appearances": ("apps", "app"), "messages": ("msgs", "msg"), "passengers": ("pax",),
    "quantity": ("qty",), "quantities": ("qty",), "transactions": ("txns", "txn", "tx"),
    "amount": ("amt",), "points": ("pts",), "goals": ("gls",), "games": ("gms", "gp"),
}
_LONG = re.compile(rf"\b(?:{'|'.join(_SHORT)})\b", re.IGNORECASE)
