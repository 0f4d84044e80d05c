"""How many leaders a ranking question asks for ("top 3", "the five most central", "first
10") and the ranking cut at that count, with the nodes tied at the cut said apart from it.

Example::

    >>> top_count("top 3 stations by betweenness")
    3
    >>> top_count("who are the five most central people?")
    5
    >>> top_count("who is the second most central?") is None
    True
    >>> listed("top 2 by degree", [("a", "4"), ("b", "3"), ("c", "3"), ("d", "1")])
    'a (4), b (3) (tied with b at 3: c)'
    >>> listed("which town has the most roads?", [(t, "3") for t in "abcdef"])
    'a (3), b (3), c (3), d (3), e (3) (tied with e at 3: f)'
"""

from __future__ import annotations

import re

_WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
          "eight": 8, "nine": 9, "ten": 10, "twelve": 12, "fifteen": 15, "twenty": 20}
_N = r"(\d{1,2}|" + "|".join(_WORDS) + r")"
#: "top 3", "top-5", "the first ten", "the 3 most central", "five highest-ranked", "3 best"
_COUNT = re.compile(
    rf"\b(?:top|first|leading)[- ]{_N}\b(?![.,]\d)(?!\s*(?:%|percent|per cent))|"
    rf"(?<![\d.])\b{_N}\s+(?:most|highest|best|biggest|largest|leading|greatest|top|strongest)"
    r"\b", re.IGNORECASE)


def top_count(question: str) -> int | None:
    """The number of leaders asked ("top 3" -> 3), None when no count is named."""
    m = _COUNT.search(question)
    if not m:
        return None
    word = (m.group(1) or m.group(2)).lower()
    n = int(word) if word.isdigit() else _WORDS[word]
    return n if 1 <= n <= 50 else None


def top_k(question: str, default: int) -> int:
    """A ranking call's ``top_k``: enough rows to show the count asked and the ties at it."""
    n = top_count(question)
    return max(default, n + 10) if n else default


def listed(question: str, rows: list[tuple[str, str]], default: int = 5) -> str:
    """``rows`` (node, shown value; best first) joined as "a (4), b (3)": exactly the count
    the question asks (else ``default``), with the nodes tied with the last one shown named
    after the list rather than cut off silently (also when no count is asked)."""
    n = top_count(question) or default
    shown = rows[:n]
    text = ", ".join(f"{node} ({value})" for node, value in shown)
    if len(rows) <= n or not shown:
        return text
    last_node, last = shown[-1]
    tied = [node for node, value in rows[n:] if value == last]
    if not tied:
        return text
    more = ", …" if len(tied) > 5 else ""
    return f"{text} (tied with {last_node} at {last}: {', '.join(tied[:5])}{more})"
