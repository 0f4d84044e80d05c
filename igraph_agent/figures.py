"""Numbers as results keep them and as answers show them: significant digits, never a
fixed number of decimals (a PageRank of 2.4e-05 is not ``0.0000``).

Example::

    >>> figure(0.000024123456789), shown(0.000024123456789), shown(0.43761), shown(12.0)
    (2.41235e-05, '2.412e-05', '0.4376', '12')
    >>> shown(53666.6667), shown(1234.567), shown(1642.5)
    ('53667', '1235', '1642.5')
"""

from __future__ import annotations

import math
from typing import Any

#: significant digits a tool result keeps, and an answer shows
KEPT, SHOWN = 6, 4


def figure(x: float) -> float:
    """``x`` with 6 decimals, or :data:`KEPT` significant digits when that keeps more
    (what tool results store)."""
    x = float(x)
    if x == 0 or x != x or abs(x) == float("inf"):
        return x
    return round(x, max(KEPT, KEPT - 1 - math.floor(math.log10(abs(x)))))


def shown(x: Any) -> str:
    """``x`` for an answer: floats with :data:`SHOWN` significant digits (a number with more
    whole digits than that rounded to a whole number, never 5.367e+04; one with a single
    decimal and at most :data:`SHOWN` whole digits as it is), others as text."""
    if isinstance(x, bool) or not isinstance(x, float):
        return str(x)
    if x != int(x) and abs(x) < 10 ** SHOWN and round(x, 1) == x:
        return f"{x:.1f}"  # a mean of 1642.5 is no 1642: one decimal, whole, is kept
    if (x == int(x) or abs(x) >= 10 ** (SHOWN - 1)) and abs(x) < 1e15:
        return str(round(x))
    return f"{x:.{SHOWN}g}"
