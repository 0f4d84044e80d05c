"""A category value asked as a count of its own nodes: "how many comedies are there", "how
many films are thrillers", "how many thriller films" (``genre = thriller``), never the
sides' sizes or the node total. The value is named as stored or as its plural ("dramas",
"comedies"), a value of several words or a hyphen ("sci-fi") as stored. Any other question
naming a value beside a side of a two-mode graph ("how many actors appeared in a comedy",
"which actor was in the most dramas") asks about the *other* side's nodes linked to the
value's nodes: :func:`linked_value` says so, and the planner asks rather than count the
value's own nodes or rank every partner.

    >>> meaning = {"node_attributes": {"genre": {"kind": "categorical",
    ...     "top_values": ["drama", "thriller", "comedy"]}},
    ...     "modes": {"by": "endpoints", "sides": {"actors": 9, "films": 8}}}
    >>> info = {"meaning": meaning}
    >>> value_count("How many comedies are there?", info)
    'How many nodes have genre = comedy?'
    >>> value_count("How many films are thrillers?", info)
    'How many nodes have genre = thriller?'
    >>> value_count("How many actors appeared in a comedy?", info) is None
    True
    >>> linked_value("How many actors appeared in a comedy?", info)
    True
    >>> linked_value("Which actor appeared in the most dramas?", info)
    True
"""

from __future__ import annotations

import re
from typing import Any

#: how a count ends after its noun: "are there", "exist", "in the data", "in total"
_TAIL = (r"(?:\s+(?:are|is)\s+there|\s+exist|\s+(?:are\s+)?in\s+(?:the|this)\s+(?:data|graph|"
         r"table|network)|\s+(?:are\s+)?in\s+total|\s+do\s+(?:we|you|i)\s+have|\s+(?:have|has)\s+"
         r"(?:we|you|i)\s+got|\s+are\s+listed)?(?:\s+(?:in\s+total|in\s+all|overall|altogether))?"
         r"\s*[?.!]*\s*")
_HOW_MANY = r"\s*(?:how\s+many|(?:what\s+is\s+|what's\s+)?(?:the\s+)?number\s+of|count(?:\s+the)?)\s+"


def forms(value: str) -> list[str]:
    """The words a question names a value by: itself and, for one plain word, its plural
    ("drama" -> "dramas", "comedy" -> "comedies", "match" -> "matches")."""
    v = value.lower()
    if not re.fullmatch(r"[a-z]{3,}", v):
        return [v]
    if v.endswith("y") and v[-2:-1] not in "aeiou":
        return [v, v[:-1] + "ies"]
    if re.search(r"(?:ch|sh)$", v):  # "matches", "lochs"
        return [v, v + "es", v + "s"]
    if re.search(r"(?:s|x|z)$", v):
        return [v, v + "es"]
    return [v, v + "s"]


def named(info: dict[str, Any], question: str) -> list[tuple[str, str, str]]:
    """(attribute, value, pattern) of each category value the question names."""
    from igraph_agent.model.slots import STOP_WORDS
    from igraph_agent.model.vocabulary import groupings

    modes = (info.get("meaning") or {}).get("modes") or {}
    sided = modes.get("attribute") if modes.get("by") == "attribute" else None
    sides = {w for s in _sides(info) for w in (s, s.rstrip("s"))}
    hits = []
    for attr, values in groupings(info.get("meaning") or {}).items():
        if attr == sided:  # ``kind`` splitting artisans from guilds: a side, not a value
            continue
        for v in values:
            if len(v) < 3 or v.lower() in STOP_WORDS or sides & set(forms(v)):
                continue
            rx = "(?:" + "|".join(re.escape(f) for f in forms(v)) + ")"
            if re.search(rf"(?<![\w-]){rx}(?![\w-])", question, re.IGNORECASE):
                hits.append((attr, v, rx))
    return hits


def _sides(info: dict[str, Any]) -> list[str]:
    modes = (info.get("meaning") or {}).get("modes") or {}
    return [str(s).lower() for s in (modes.get("sides") or {})]


def _side_words(info: dict[str, Any]) -> str:
    words = {"nodes"} | {w for s in _sides(info) for w in (s, s.rstrip("s"), *forms(s))}
    return "(?:" + "|".join(re.escape(w) for w in sorted(words, key=len, reverse=True)) + ")"


def value_count(question: str, info: dict[str, Any]) -> str | None:
    """"How many nodes have ATTR = VALUE?" for a count of one named value's own nodes (see
    the module's examples), None for any other question."""
    hits = named(info, question)
    if len(hits) != 1:
        return None
    attr, value, rx = hits[0]
    # the sides' words, and a side named in the singular counted in the plural ("member":
    # "how many 65+ members are there")
    plural = "|".join(re.escape(s.rstrip("s") + "s") for s in _sides(info))
    noun = f"(?:{_side_words(info)}{'|' + plural if plural else ''})"
    shapes = (rf"{_HOW_MANY}(?:different\s+|distinct\s+)?{rx}(?:\s+{noun})?{_TAIL}",
              rf"{_HOW_MANY}{noun}\s+(?:are|is|were)\s+(?:an?\s+)?{rx}{_TAIL}")
    if any(re.fullmatch(s, question, re.IGNORECASE) for s in shapes):
        return f"How many nodes have {attr} = {value}{_on_side(question, info, attr)}?"
    return None


def _on_side(question: str, info: dict[str, Any], attr: str) -> str:
    """" and kind = curator" when the question counts one side of a two-mode graph whose
    sides an attribute tells ("how many photography curators": the curators, never the
    photography exhibitions), else ""."""
    found = side_named(question, info, attr)
    return f" and {found[0]} = {found[1]}" if found else ""


def side_named(question: str, info: dict[str, Any], attr: str) -> tuple[str, str] | None:
    """(the sides' attribute, the side) a question names on a two-mode graph whose sides an
    attribute other than ``attr`` tells, by the side's word or its stem ("the cupping
    panel": cupper), else None."""
    modes = (info.get("meaning") or {}).get("modes") or {}
    by = modes.get("attribute") if modes.get("by") == "attribute" else None
    if not by or by == attr:
        return None
    said = [s for s in _sides(info) if re.search(
        rf"(?<![\w-])(?:{re.escape(s)}|{re.escape(s.rstrip('s'))}s?)(?![\w-])", question, re.IGNORECASE)]
    if not said:  # "Colombians on the cupping panel": the side of the cuppers, by its stem
        stems = {s: re.sub(r"(?:er|or|ist|s)$", "", s.lower()) for s in _sides(info)}
        said = [s for s, st in stems.items() if len(st) >= 4 and re.search(
            rf"(?<![\w-]){re.escape(st)}[a-z]*(?![\w-])", question, re.IGNORECASE)]
    if len(said) == 2:  # "no matter which ranger worked them": the other side, set aside
        said = [s for s in said if not re.search(
            rf"\b(?:no matter|regardless of|irrespective of|whatever|whichever|any)\s+(?:which\s+)?"
            rf"(?:{re.escape(s)}|{re.escape(s.rstrip('s'))}s?)(?![\w-])", question, re.IGNORECASE)]
    return (str(by), said[0]) if len(said) == 1 else None


def linked_value(question: str, info: dict[str, Any]) -> bool:
    """Whether a two-mode question names a category value beside a side's noun in any way
    but a count of the value's own nodes: the other side's nodes linked to the value's
    ("how many actors appeared in a comedy", "which actor was in the most dramas")."""
    if len(_sides(info)) != 2 or not named(info, question) or value_count(question, info):
        return False
    noun = _side_words(info)
    # ("total commits made by the platform team, across all repos": every repo, no link)
    return re.search(rf"(?<!\ball )(?<!\bevery )(?<!\beach )(?<!\bacross )(?<!\bover )"
                     rf"(?<![\w-]){noun}(?![\w-])", question, re.IGNORECASE) is not None \
        and not re.search(r"\b(?:nodes\s+have|=)\b", question)
