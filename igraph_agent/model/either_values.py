"""Values of one grouping named as alternatives: "profs in Physics or Chemistry", "HR and
Legal staff", "north/east depots", "physics or maths" (a value's short form). A node filter
keeps nodes holding any of them (``where={"dept": ["Physics", "Chemistry"]}``); two groups
paired ("between A and B", "A vs B", "linking A and B") are the group pair's, never a filter.

    >>> joined_values("who is busiest in physics or maths?", ["Physics", "Mathematics", "Law"],
    ...               "Physics")
    ['Physics', 'Mathematics']
    >>> joined_values("edges between Physics and Law", ["Physics", "Law"], "Physics")
    ['Physics']
"""

from __future__ import annotations

import re

#: what joins two alternatives: "or", "and", ",", "+", "/", "&", "plus", "as well as"
_JOIN = (r"\s*(?:,\s*(?:or|and)?|\bor\b|\band\b|\+|/|&|\bplus\b|\bas well as\b|\band/or\b)\s*"
         r"(?:the\s+|in\s+|from\s+|an?\s+(?=[A-Z]))?")
#: a grouping's own noun after a value ("the Physics dept or Chemistry")
_NOUN = (r"(?:\s+(?:team|group|department|dept|unit|division|squad|crew|section|office|region|"
         r"district|zone|campus|cluster|category|class|league|tier|faculty|area|county|"
         r"state|province|city|ward|station|side|track|type|kind)s?\b)?")
#: words before the first value that pair the groups instead ("between A and B")
_PAIRS_BEFORE = re.compile(r"\b(?:between|betw|btwn|linking|link|links|connecting|connect|"
                           r"connects|joining|join|joins|bridging|bridge|bridges|both|"
                           r"compare|comparing|cross|crosses|crossing|across|spanning|span|"
                           r"spans)\s+(?:the\s+)?$", re.IGNORECASE)
#: a noun after the values that pairs them ("the Mr. Hi / Officer divide")
_PAIRS_AFTER = re.compile(r"^\s*(?:divide|split|boundary|border|line|gap|rivalry|pairs?|"
                          r"pairings?|axis)\b", re.IGNORECASE)
#: a join that sets the two against each other ("A vs B", "A compared with B")
_PAIRS_JOIN = re.compile(r"\b(?:vs\.?|versus|against|compared)\b", re.IGNORECASE)


def joined_values(question: str, values: list[str], first: str) -> list[str]:
    """``first`` and the other values of its grouping the question joins to it as
    alternatives, in the order said; ``[first]`` alone when none is joined or the values
    are paired (see the module's doc)."""
    spot = _find(question, first)
    if spot is None:
        return [first]
    start, end = spot
    found = [first]
    rest = question[end:]
    while True:  # rightwards: "A, B or C"
        m = re.match(_NOUN + _JOIN + r"([\w][\w&.'-]*(?:\s+[\w][\w&.'-]*){0,2})", rest,
                     re.IGNORECASE)
        hit = _value_at(m.group(1), values, found) if m else None
        if m is None or hit is None:
            break
        found.append(hit[0])
        rest = rest[m.start(1) + hit[1]:]
    before = question[:start]
    while True:  # leftwards: "chemistry or physics" found at physics
        m = re.search(r"([\w][\w&.'-]*(?:\s+[\w][\w&.'-]*){0,2})" + _NOUN + _JOIN + r"$", before,
                      re.IGNORECASE)
        hit = _value_before(m.group(1), values, found) if m else None
        if m is None or hit is None:
            break
        found.insert(0, hit[0])
        before = before[:m.end(1) - hit[1]]
    if len(found) > 1 and (_PAIRS_BEFORE.search(before) or _PAIRS_JOIN.search(question) or
                           _PAIRS_AFTER.match(rest)):
        return [first]
    return found


def _find(question: str, value: str) -> tuple[int, int] | None:
    m = re.search(rf"(?<![\w-]){re.escape(value)}(?:e?s)?(?![\w-])", question, re.IGNORECASE)
    return (m.start(), m.end()) if m else None


def _value_at(text: str, values: list[str], taken: list[str]) -> tuple[str, int] | None:
    """The value the words at the start of ``text`` name, and how many characters they
    take: the longest match of one to three words."""
    words = text.split()
    for n in range(len(words), 0, -1):
        said = " ".join(words[:n])
        v = _value_of(said, values, taken)
        if v is not None:
            return v, len(said)
    return None


def _value_before(text: str, values: list[str], taken: list[str]) -> tuple[str, int] | None:
    """As :func:`_value_at` for the words at the end of ``text``."""
    words = text.split()
    for n in range(len(words), 0, -1):
        said = " ".join(words[-n:])
        v = _value_of(said, values, taken)
        if v is not None:
            return v, len(said)
    return None


def _value_of(said: str, values: list[str], taken: list[str]) -> str | None:
    """The one value ``said`` names: whole, plural, a short form of at least four letters
    ("maths", "chem" -> Chemistry is too short: "chem" stays unread) or the initials of a
    value of several words typed in capitals ("CS")."""
    low = said.lower()
    left = [str(v) for v in values if str(v) not in taken]
    whole = [v for v in left if low in (v.lower(), v.lower() + "s", v.lower() + "es")]
    if whole:
        return whole[0]
    stem = re.sub(r"s$", "", low)
    if re.fullmatch(r"[a-z]{4,}", stem):
        short = [v for v in left if v.lower().startswith(stem) and len(v) > len(stem)]
        if len(short) == 1:
            return short[0]
    if re.fullmatch(r"[A-Z]{2,4}", said):
        initials = [v for v in left if len(v.split()) >= 2 and
                    "".join(w[0] for w in v.split()).upper() == said]
        if len(initials) == 1:
            return initials[0]
    return None


def or_joined(question: str, values: list[str]) -> bool:
    """Whether two of ``values`` are joined by "or" (or "/", "+", "and/or") in the question:
    one set of nodes holding either, never a pair of groups.

        >>> or_joined("tonnes from the North or the South", ["North", "South"])
        True
        >>> or_joined("tonnes from North to South", ["North", "South"])
        False
    """
    alts = "|".join(re.escape(v) for v in values)
    return re.search(rf"(?<![\w-])(?:{alts})(?:e?s)?{_NOUN}\s*(?:,\s*)?(?:\bor\b|/|\+|\band/or\b)\s*"
                     rf"(?:the\s+|in\s+|from\s+|an?\s+)?(?:{alts})(?![\w-])", question,
                     re.IGNORECASE) is not None


def where_said(where: dict) -> str:
    """A ``where=`` filter in words: ``dept = Physics or Mathematics and rank = Full``.

        >>> where_said({"dept": ["Physics", "Mathematics"], "rank": "Full"})
        'dept = Physics or Mathematics and rank = Full'
    """
    return " and ".join(f"{k} = {' or '.join(map(str, v)) if isinstance(v, list) else v}"
                        for k, v in where.items())
