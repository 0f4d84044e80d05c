"""A magnitude the data holds nowhere, asked as a quantity: "which department pays the
highest salaries" on a sender,receiver,count table, "who earns the most money" on one whose
only number counts messages, "which town has the biggest population" on a table of road
lengths. Money, pay, age and head-counts are magnitudes a column must hold; summing the one
number the edges carry (a count of messages) answers another question. Where no edge or node
column is named like the magnitude, or is a generic value that could hold it (``weight``,
``value``, ``amount``), the planner asks, naming what the data holds (:func:`ask`), before
any intent reads the column it has.

    >>> info = {"edge_attributes": ["count"], "node_attributes": ["department"],
    ...         "meaning": {"direction": ["sender", "receiver"]}}
    >>> asked("Which department pays the highest salaries?", info)
    'salaries'
    >>> asked("Which department sends the most messages?", info) is None
    True
    >>> asked("who received the most money", {"edge_attributes": ["amount"]}) is None
    True
"""

from __future__ import annotations

import re
from typing import Any

#: a magnitude's words, and the column-name words that hold it
_MAGNITUDES: tuple[tuple[str, str], ...] = (
    (r"salar(?:y|ies)|wages?|pay(?:roll)?|income|earnings|revenues?|profits?|budgets?|money|"
     r"cash|funding|prices?|fees?|spending|turnover|tax(?:es)?|debts?|wealth",
     r"salar|pay|wage|income|earn|revenue|profit|budget|money|cash|fund|price|cost|fee|spend|"
     r"turnover|tax|debt|wealth|amount|value|usd|eur|gbp|dollar|pound|euro|sum|total|paid|loan|"
     r"lent|sale|worth|fare|toll|charge"),
    (r"ages?", r"^age|_age|age_|born|birth"),
    (r"populations?|inhabitants|headcount|head count", r"pop|inhabit|resident|people|headcount"),
)
#: generic number columns that could hold any magnitude
_GENERIC = re.compile(r"^(?:weight|value|amount|score|number|num|n|x|val)$", re.IGNORECASE)
#: how a quantity is asked: "the highest salaries", "the most money", "how much revenue",
#: "the total budget", "average age"
_ASKED = (r"\b(?:most|highest|largest|biggest|greatest|lowest|least|smallest|fewest|total|"
          r"combined|average|mean|median|how much|sum of|amount of|the \w+est)\s+(?:\w+\s+)?")
#: a magnitude asked by its adjective: "the most profitable", "the best paid", "the richest"
_ADJECTIVES = ((r"\b(?:most|least|more|less) (?:profitable|lucrative|valuable)\b|"
                r"\b(?:richest|wealthiest|poorest|priciest)\b|"
                r"\b(?:best|highest|worst|lowest|better|worse)[- ]paid\b", 0),
               (r"\b(?:oldest|youngest|older|younger)\b", 1),
               (r"\b(?:most|least) populous\b", 2))

#: the noun a magnitude's adjective asks for
_NOUN_OF = (("profit", "profit"), ("lucrative", "profit"), ("valu", "value"), ("paid", "pay"),
            ("rich", "wealth"), ("wealth", "wealth"), ("poor", "wealth"), ("pric", "price"),
            ("old", "age"), ("young", "age"), ("popul", "population"))


def _noun_of(adjective: str) -> str:
    return next((n for stem, n in _NOUN_OF if stem in adjective.lower()), adjective.lower())


def asked(question: str, info: dict[str, Any]) -> str | None:
    """The magnitude the question asks for that no column of the data holds, else None."""
    columns = [str(c) for c in (info.get("edge_attributes") or []) + (info.get("node_attributes")
                                                                       or [])]
    if any(_GENERIC.match(c) for c in columns if c in (info.get("edge_attributes") or [])):
        return None  # ``weight``: it may hold it
    for n, (words, holders) in enumerate(_MAGNITUDES):
        m = re.search(rf"{_ASKED}({words})\b", question, re.IGNORECASE)
        said = m.group(1) if m else None
        if said is None:
            adj = next((re.search(p, question, re.IGNORECASE) for p, k in _ADJECTIVES
                        if k == n and re.search(p, question, re.IGNORECASE)), None)
            said = _noun_of(adj.group(0)) if adj else None
        if said is None:
            continue
        if any(re.search(holders, c, re.IGNORECASE) for c in columns):
            return None
        return said.lower()
    return None


def ask(question: str, info: dict[str, Any]) -> str | None:
    """A clarifying question naming what the data holds, when the question asks for a
    magnitude no column holds; else None."""
    said = asked(question, info)
    if said is None:
        return None
    edges = [str(c) for c in info.get("edge_attributes") or []]
    nodes = [str(c) for c in info.get("node_attributes") or []]
    way = (info.get("meaning") or {}).get("direction") or []
    held = []
    if edges:
        held.append(f"its edges{f' ({way[0]} → {way[1]})' if len(way) == 2 else ''} carry "
                    f"{', '.join(edges)}")
    if nodes:
        held.append(f"its nodes carry {', '.join(nodes)}")
    holds = " and ".join(held) if held else "it holds the edges alone, with no values"
    return (f"Nothing in the data holds {said}: {holds}. Which of these do you mean, or can "
            f"you attach a table that holds {said}?")
