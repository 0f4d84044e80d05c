"""An edge column's word that names the data, not a value to weigh by: "connected by
approvals", "volunteers who all shared shifts with each other", "has Honora shared a shift
with", "run community detection on the approvals". Where every analysis the question matched
reads no edge value (triangles, pieces, what-if components, a node's partners) and no amount
of the column is asked ("the most approvals", "more than 3 shifts", "approvals in total"),
naming the column is not asking to weight by it: the planner answers instead of asking "but
not with the edge values you name". A partition (communities) reads the default weight, so
naming that column is naming the data too.

    >>> amount_asked("who got the most approvals in total", ["approvals"])
    True
    >>> amount_asked("would everyone else still be connected by approvals", ["approvals"])
    False
    >>> amount_asked("how many different people has Honora shared a shift with", ["shared_shifts"])
    False
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

#: intents whose analysis reads no edge value: the count, list or yes/no is the same
#: whatever the edges carry (tests/test_planner_edge_nouns_name_the_data.py checks the names)
VALUE_BLIND = frozenset({
    "triangles", "clique", "clique_count", "girth", "bipartite", "cycles", "connectivity",
    "node_component", "component_members", "node_piece", "piece_rank", "what_if", "local",
    "hop_count", "node_direction", "node_side", "mutual_pairs", "node_mutual", "edge_ends",
    "strong_size", "common_neighbours", "degree", "reach_set"})
#: partitions: they read the graph's default weight whatever the question says
DEFAULT_WEIGHTED = frozenset({"communities", "node_community"})

#: words asking for an amount of what they come before: "the most approvals", "how many
#: shifts", "more than 3 passes", "total kegs", "ranked by approvals"
_AMOUNT_BEFORE = (r"(?:most|fewest|least|more|less|fewer|many|much|total|sum|number|amount|"
                  r"average|mean|median|heaviest|lightest|highest|lowest|largest|biggest|"
                  r"smallest|greatest|max\w*|min\w*|overall|combined|\d+(?:\.\d+)?|"
                  r"(?:weighted|ranked|sorted|ordered|measured|counted|scored)\s+by|per|in|"
                  # "counting all their joint papers", "adding up the hours"
                  r"(?:counting|adding\s+up|summing(?:\s+up)?|totalling|totaling|tallying)"
                  r"(?:\s+all)?)")
#: "approvals in total", "shifts each", "approvals or more"
_AMOUNT_AFTER = (r"(?:in\s+total|altogether|combined|overall|each|apiece|or\s+more|or\s+fewer|or\s+less|"
                 r"(?:the\s+)?(?:most|least|fewest)(?!\s+(?:different|distinct|other|separate|unique)"
                 r"\b)|more\s+than|fewer\s+than|less\s+than)")
#: intents that add up the column: matched by its word alone when no amount is asked
_TOTALS = frozenset({"edge_totals"})


def _words(columns: Sequence[str]) -> list[str]:
    """A column's name and its parts of three letters or more ("shared_shifts": shared,
    shifts, shift)."""
    out: set[str] = set()
    for c in columns:
        for p in {c, *re.split(r"[_\s-]+", c)}:
            if len(p) >= 3:
                out.add(p.lower())
                if p.lower().endswith("s") and len(p) > 3:
                    out.add(p.lower()[:-1])
    return sorted(out, key=len, reverse=True)


def amount_asked(question: str, columns: Sequence[str]) -> bool:
    """Whether the question asks an amount of one of ``columns`` (see the module)."""
    words = "|".join(re.escape(w) for w in _words(columns))
    if not words:
        return False
    before = re.compile(rf"\b{_AMOUNT_BEFORE}\s+(?:of\s+)?(?:the\s+|their\s+|his\s+|her\s+|its\s+)?"
                        rf"(?:[a-z]+\s+)?(?:{words})(?:s|es)?\b", re.IGNORECASE)
    after = re.compile(rf"\b(?:{words})(?:s|es)?\s+{_AMOUNT_AFTER}\b", re.IGNORECASE)
    return bool(before.search(question) or after.search(question))


def without_totals(question: str, info: dict[str, Any], matched: list[Any]) -> list[Any]:
    """``matched`` without an edge column's totals that its word alone brought in, where a
    value-blind analysis answers the question and no amount is asked ("who has shared shifts
    with the most different people": degree, not the summed shifts)."""
    columns = [str(c) for c in (info.get("meaning") or {}).get("weights") or {}]
    if not any(i.name in VALUE_BLIND for i in matched) or amount_asked(question, columns):
        return matched
    return [i for i in matched if i.name not in _TOTALS]


def names_the_data(question: str, info: dict[str, Any], matched: Sequence[Any]) -> bool:
    """Whether the edge column the question names is the data's noun, not a value asked:
    every matched analysis reads no edge value (or, for a partition, the column is the
    default weight) and no amount of a numeric edge column is asked."""
    analyses = [i for i in matched if i.phase == 0]
    if not analyses:
        return False
    meaning = info.get("meaning") or {}
    columns = [str(c) for c in meaning.get("weights") or {}]
    default = meaning.get("default_weight")
    blind = all(i.name in VALUE_BLIND or (i.name in DEFAULT_WEIGHTED and default is not None
                                          and (len(columns) == 1 or default in columns[:1]))
                for i in analyses)
    return blind and not amount_asked(question, columns)


#: the planner's form of one edge asked yes or no ("do any pallets go from A to B")
_ONE_EDGE = re.compile(r"^Is .+ directly connected to .+\?$")


def one_edge_names_the_data(question: str, asked: str, info: dict[str, Any],
                            matched: Sequence[Any]) -> bool:
    """Whether ``question`` (the planner's form of ``asked``) is one edge asked yes or no,
    whose route is read in hops, and the column named in ``asked`` only names the data ("do
    any pallets go from Brampton to Ashwell" on a ``pallets`` column)."""
    columns = [str(c) for c in (info.get("meaning") or {}).get("weights") or {}]
    return bool(_ONE_EDGE.match(question)) and not amount_asked(asked, columns) and all(
        i.name in VALUE_BLIND | {"path", "local"} for i in matched if i.phase == 0)
