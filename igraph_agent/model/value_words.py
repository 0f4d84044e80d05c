"""A group value stored as an abbreviation and asked in full: "defenders" for a ``position``
value ``DEF``, "midfielders" for ``MID``. The planner reads the word as that value, so
"how many defenders are there" counts the nodes with ``position = DEF`` (never the node
total); a word that could spell two values is left as it is.

    >>> meaning = {"groups": {"position": 4}, "node_attributes": {"position": {
    ...     "kind": "categorical", "values": 4, "top_values": ["DEF", "MID", "FWD", "GK"]}}}
    >>> spelled_values("How many defenders are in the squad?", {"meaning": meaning})
    'How many DEF nodes are in the squad?'
    >>> spelled_values("how many midfielders are there", {"meaning": meaning})
    'how many MID nodes are there'

A value of several words said short ("div two", "div 2" for ``Division Two``) is written as
the value, when it shortens exactly one.
"""

from __future__ import annotations

import re
from typing import Any

#: an abbreviation as a table stores it: three to five capitals
_ABBREVIATION = re.compile(r"[A-Z]{3,5}")
_COUNT = re.compile(r"\bhow many\b|\bnumber of\b|\bcount\b|\bheadcount\b", re.IGNORECASE)


def spelled_values(question: str, info: dict[str, Any]) -> str:
    """``question`` with each lower-case word that spells out exactly one abbreviated group
    value ("defenders": ``DEF``) written as that value's nodes ("DEF nodes"), in a count
    ("how many", "the number of"): a ranking within the value is left to the words' owners."""
    from igraph_agent.model.vocabulary import data_nouns, groupings

    abbreviated = [v for vs in groupings(info.get("meaning") or {}).values() for v in vs
                   if _ABBREVIATION.fullmatch(v)]
    if not abbreviated or not _COUNT.search(question):
        return question
    own = set(data_nouns(info))

    def repl(m: re.Match[str]) -> str:
        word = m.group(0)
        hits = [v for v in abbreviated if word.startswith(v.lower())]
        if len(hits) != 1 or word.rstrip("s") in own:
            return word
        return f"{hits[0]} {'nodes' if word.endswith('s') else 'node'}"

    return re.sub(r"(?<![\w'-])[a-z]{6,}(?![\w'-])", repl, question)


_NUMBERS = {"1": "one", "2": "two", "3": "three", "4": "four", "5": "five", "6": "six",
            "7": "seven", "8": "eight", "9": "nine", "10": "ten", "i": "one", "ii": "two",
            "iii": "three", "iv": "four"}


def shortened_values(question: str, info: dict[str, Any]) -> str:
    """``question`` with a group value of several words said short written in full: each
    word the start of the value's word (three letters at least) or its number in figures
    ("div two", "div 2", "division 2" for ``Division Two``), where exactly one value fits.

        >>> m = {"node_attributes": {"division": {"kind": "categorical", "top_values": [
        ...     "Division One", "Division Two", "Premier"]}}}
        >>> shortened_values("how many teams in div two?", {"meaning": m})
        'how many teams in Division Two?'
        >>> shortened_values("teams in division 1 vs div. 2", {"meaning": m})
        'teams in Division One vs Division Two'
    """
    from igraph_agent.model.vocabulary import groupings

    values = [v for vs in groupings(info.get("meaning") or {}).values() for v in vs
              if len(v.split()) > 1]
    if not values:
        return question

    def same(said: str, word: str) -> bool:
        said, word = said.lower().rstrip("."), word.lower()
        one = said[:-1] if len(said) > 3 and said.endswith("s") and not word.endswith("s") \
            else said  # "full professors", "associate profs": the value's people, many
        return said == word or _NUMBERS.get(said) == word or _NUMBERS.get(word) == said or \
            (len(said) >= 3 and word.startswith(said)) or one == word or \
            (len(one) >= 3 and word.startswith(one))

    for size in sorted({len(v.split()) for v in values}, reverse=True):
        words = r"[\w'.]+"
        rx = re.compile(r"(?<![\w'-])" + r"\s+".join([rf"({words})"] * size) + r"(?![\w'-])")

        def repl(m: re.Match[str], size: int = size) -> str:
            said = m.group(0)
            if said in values:
                return said
            fits = [v for v in values if len(v.split()) == size and
                    all(same(a, b) for a, b in zip(m.groups(), v.split(), strict=True))]
            return fits[0] if len(fits) == 1 else said

        question = _overlapping(rx, repl, question)
    return question


def _overlapping(rx: re.Pattern[str], repl: Any, text: str) -> str:
    """``rx.sub(repl, text)`` trying every word start, not only after the last match."""
    out, at = [], 0
    while at < len(text):
        m = rx.search(text, at)
        if not m:
            break
        new = repl(m)
        if new != m.group(0):
            out.append(text[at:m.start()] + new)
            at = m.end()
            continue
        nxt = re.search(r"\s+", text[m.start():])  # next word start
        step = m.start() + (nxt.end() if nxt else len(text) - m.start())
        out.append(text[at:step])
        at = step
    out.append(text[at:])
    return "".join(out)
