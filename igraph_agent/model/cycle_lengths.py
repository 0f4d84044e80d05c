"""A cycle's length asked in words: "rings of three or more apiaries", "invite loops of three",
"3-way loops", "cycles of length at least 4" (its length in nodes, and whether that length or
more). Read by the directed cycle count, and by the normalisation, which takes the length out
of the question so that it is never read as a threshold on the nodes' degree.
"""

from __future__ import annotations

import re

#: the words for a cycle ("closed rings": a ring alone may be a road)
LOOPS = r"(?:cycles?|loops?|circular(?:ity)?|circles?|round[- ]trips?|(?<=closed )rings?)"
_SIZES = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6}
#: a cycle with its length in nodes: "rings of three or more apiaries", "invite loops of
#: three", "3-way loops", "cycles of length at least 4"
CYCLE_LENGTH = re.compile(
    rf"\b{LOOPS}\s+(?:of|with|through|among|involving)\s+(?:length\s+)?(?P<least>at\s+least\s+)?"
    rf"(?P<n>\d+|one|two|three|four|five|six)\b(?P<more>\+|\s+or\s+(?:more|longer|bigger))?"
    rf"(?:\s+(?-i:[a-z]+s)\b(?<!\bwas)(?<!\bis))?"
    rf"|\b(?P<m>\d+|two|three|four|five|six)[- ](?-i:[a-z]+)(?:\s+(?-i:[a-z]+))?\s+{LOOPS}",
    re.IGNORECASE)


def length_asked(q: str) -> tuple[int, bool] | None:
    """(a cycle length in nodes, whether that length or more) the question asks, else None.

        >>> length_asked("any closed rings of three or more apiaries?")
        (3, True)
        >>> length_asked("invite loops of three, where A invited B")
        (3, False)
        >>> length_asked("is there a three-show promo loop anywhere?")
        (3, False)
    """
    m = CYCLE_LENGTH.search(q)
    if m is None:
        return None
    said = (m.group("n") or m.group("m")).lower()
    n = int(said) if said.isdigit() else _SIZES[said]
    return n, bool(m.group("least") or m.group("more"))
