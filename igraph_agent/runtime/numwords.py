"""Numbers written in words ("thirty-four", "two hundred and forty", "1.2 million").

The answer guard checks these like digits, so "the graph has thirty-four nodes" must be
grounded as much as "34 nodes". :func:`word_numbers` finds each run of number words and
returns it with its value; a lone word up to ten ("one of", "two communities") is left to
the same small-number rule as the digits.

Example::

    >>> word_numbers("It has thirty-four nodes and two hundred and forty edges.")
    [('thirty-four', 34.0), ('two hundred and forty', 240.0)]
"""

from __future__ import annotations

import re

UNITS = {w: i for i, w in enumerate(
    "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen "
    "fifteen sixteen seventeen eighteen nineteen".split())}
TENS = {w: 10 * (i + 2) for i, w in enumerate(
    "twenty thirty forty fifty sixty seventy eighty ninety".split())}
SCALES = {"hundred": 100, "thousand": 1_000, "million": 1_000_000, "billion": 1_000_000_000}
_WORD = "|".join(sorted([*UNITS, *TENS, *SCALES], key=len, reverse=True))
_RUN = re.compile(rf"\b(?:{_WORD})(?:(?:[\s-]+|\s+and\s+)(?:{_WORD}))*\b", re.IGNORECASE)


def word_numbers(text: str) -> list[tuple[str, float]]:
    """(words as written, value) for every number written in words in ``text``."""
    found = []
    for m in _RUN.finditer(text):
        words = [w for w in re.split(r"[\s-]+", m.group(0).lower()) if w != "and"]
        value = _value(words)
        if value is not None:
            found.append((m.group(0), float(value)))
    return found


def _value(words: list[str]) -> int | None:
    if words[0] in SCALES:  # "1.2 million": the digits carry the number
        return None
    total, current = 0, 0
    for w in words:
        if w in UNITS:
            current += UNITS[w]
        elif w in TENS:
            current += TENS[w]
        elif w == "hundred":
            current = max(current, 1) * 100
        else:
            total += max(current, 1) * SCALES[w]
            current = 0
    return total + current
