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
