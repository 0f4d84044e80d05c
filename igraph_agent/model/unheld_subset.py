"""A share of the edges by a quality no column records: "how many of the yoga visits were
first timers", "how many of Costa's passes were into the final third". The edges' count or
total answers how many there were, not how many had the quality, so the planner asks, naming
what the data holds, before an intent counts them all.

    >>> info = {"edge_attributes": ["visits"], "node_attributes": ["age_band"],
    ...         "meaning": {"weights": {"visits": "strength"}}}
    >>> ask("how many of the yoga visits were first timers?", info) is not None
    True
    >>> ask("how many of the yoga visits were by 65+ members?", info) is None
    True
    >>> ask("how many of Costa's passes went to Diaz?", {"edge_attributes": ["passes"]}) is None
    True
    >>> ask("how many of the patients sent to Hospice were over 80?",
    ...     {"edge_attributes": ["patients"]}) is not None
    True
    >>> ask("how many of the transfers were over 80 patients?",
    ...     {"edge_attributes": ["patients"]}) is None
    True
"""

from __future__ import annotations

import re
from typing import Any

#: "how many of the yoga visits were …", "how many of Costa's passes went …"
_SHARE = re.compile(
    r"^\s*(?:so\s+|and\s+)?how\s+many\s+of\s+(?:the\s+|these\s+|those\s+|our\s+|their\s+|his\s+|"
    r"her\s+|[\w.-]+(?:'s|’s)\s+)(?P<noun>(?:[\w+-]+\s+){0,2}?[a-z]+)(?P<moved>\s+(?:sent|moved|"
    r"transferred|referred|shipped|delivered|passed|admitted|discharged)\s+(?:to|from|into|out\s+of|by)\s+"
    r"(?:the\s+)?\S+)?\s+(?:were|are|was|is|went|came|got|ended\s+up)\s+(?P<rest>[^?]+?)\s*[?.!]*\s*$",
    re.IGNORECASE)
#: a bare age or size said of the counted items ("were over 80", "aged under 5"): no unit
#: after the number, so a quality of each item, never a bound on the edges' column
_BARE_BOUND = re.compile(r"^(?:aged\s+)?(?:over|under|above|below|older\s+than|younger\s+than|"
                         r"at\s+least|more\s+than|less\s+than)\s+\d+(?:\.\d+)?\s*(?:years?(?:\s+old)?|"
                         r"yrs?|y/?o)?$", re.IGNORECASE)
#: a quality the graph itself can tell: a place in it, a direction, a tie to another node, a
#: number (a threshold), a repeat
_TOLD = re.compile(r"\d|\b(?:to|from|with|by|at|between|within|inside|outside|among|in|on|"
                   r"connected|linked|tied|isolated|reach\w*|direct\w*|same|different|other|"
                   r"own|both|back|mutual\w*|return\w*|recipro\w*|repeat\w*|cross\w*|"
                   r"heav\w*|light\w*|long\w*|short\w*|big\w*|small\w*|above|below|over|"
                   r"under|more|less|fewer|most|least|bridg\w*|disconnect\w*|split\w*|break\w*|"
                   r"cut\w*|cycl\w*|loops?|triangl\w*|parts?|pieces?|central\w*|self\w*|"
                   r"two-way|one-way|duplicat\w*|parallel|redundant|critical|essential)\b")
#: the words for an edge, whatever the data
_EDGES = frozenset("""edges links ties connections relationships interactions""".split())


def _things(info: dict[str, Any]) -> set[str]:
    """The edges' own words: their columns' words and the generic words for an edge."""
    from igraph_agent.model.size_nouns import EDGE_WORDS

    cols = [str(c) for c in info.get("edge_attributes") or []]
    words = {w for c in cols for w in re.split(r"[_\W]+", c.lower()) if len(w) > 2}
    return words | {w + "s" for w in EDGE_WORDS} | _EDGES


def _people_columns(info: dict[str, Any]) -> set[str]:
    """Edge columns that count people or animals ("patients", "passengers"): an age or a
    size said of them is each one's, which a count cannot hold."""
    people = {"patients", "passengers", "people", "persons", "students", "visitors", "members",
              "customers", "clients", "residents", "children", "kids", "players", "fans",
              "spectators", "animals", "pts", "pax", "staff", "workers", "employees"}
    return {str(c).lower() for c in info.get("edge_attributes") or []} & people


def ask(question: str, info: dict[str, Any]) -> str | None:
    """A clarifying question when the question counts the edges that have a quality no
    column, group or node records; else None."""
    m = _SHARE.match(question)
    if m is None:
        return None
    noun = m.group("noun").lower().split()[-1]
    if noun not in _things(info):
        return None  # "how many of these women were married": the nodes' own, elsewhere
    rest = m.group("rest")
    aged = bool(_BARE_BOUND.match(rest.strip())) and noun in _people_columns(info)
    if not aged and (re.search(r"[A-Z]", rest) or _TOLD.search(rest.lower())):
        return None
    from igraph_agent.model.vocabulary import group_values_named

    columns = [str(c).lower() for c in (info.get("edge_attributes") or []) +
               (info.get("node_attributes") or [])]
    words = set(re.findall(r"[a-z]+", rest.lower()))
    if group_values_named(rest, info) or any(w in c for w in words if len(w) > 2
                                             for c in columns):
        return None
    cols = ", ".join(str(c) for c in info.get("edge_attributes") or []) or "no values"
    nodes = ", ".join(str(c) for c in info.get("node_attributes") or [])
    holds = f"its edges carry {cols}" + (f" and its nodes carry {nodes}" if nodes else "")
    said = " ".join(rest.split())
    return (f"Nothing in the data says which {m.group('noun').lower()} were {said}: {holds}. "
            f"I can count or add up all of them — or can you attach a table that records "
            f"it?")
