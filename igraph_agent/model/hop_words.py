"""A route's length asked as a count of its edges, in the data's own words, for the offline
planner.

"How many roads at minimum from A to B", "the fewest passes it takes to get the ball from
A to B": the edges along the route are counted (hops), whatever a length column holds; a
count column (``passes``, ``visits``) is never added up along a route. "Whatever the
distance", "regardless of the km", "no matter how far" say the edge values are not wanted.
A unit ("the fewest minutes", "the least km") or a length column named is a measured route
and stays as it is.

Example::

    >>> m = {"weights": {"km": "distance"}}
    >>> as_hops("how many roads at minimum from t3 to t31, whatever the distance?", m)
    'how many hops from t3 to t31?'
    >>> as_hops("the fewest passes it takes to get from Ana to Bo", {"weights": {"passes": "strength"}})
    'the fewest hops it takes to get from Ana to Bo'
    >>> as_hops("the fewest km from Ana to Bo", {"weights": {"km": "distance"}})
    'the fewest km from Ana to Bo'
    >>> as_hops("how many pipes between Alder and Gum at least?", {"weights": {"capacity": "strength"}})
    'how many hops between Alder and Gum?'
"""

from __future__ import annotations

import re
from typing import Any

#: "whatever the distance", "regardless of the length", "no matter how far", "ignoring the km"
_IGNORED = re.compile(
    r"\s*,?\s*(?:(?:whatever|regardless\s+of|irrespective\s+of|never\s*mind)\s+(?:the\s+|how\s+)?"
    r"|no\s+matter\s+(?:the\s+|how\s+)?|ignoring\s+(?:the\s+)?|without\s+(?:counting|"
    r"regard\s+to)\s+(?:the\s+)?)(?:distances?|lengths?|far|long|km|kms|kilomet(?:er|re)s|"
    r"miles?|mileage|weights?|edge\s+values?|time|times|duration|minutes|hours|costs?|prices?)(?:\s+(?:is|are|it\s+is))?\b", re.IGNORECASE)
#: units and measures a route is added up in: never a count of its edges
MEASURES = frozenset({
    "minutes", "mins", "hours", "hrs", "seconds", "secs", "days", "weeks", "months", "years",
    "kms", "km", "kilometers", "kilometres", "miles", "meters", "metres", "feet", "yards",
    "dollars", "euros", "pounds", "cents", "costs", "prices", "fares", "fees", "tolls",
    "credits", "points", "calories", "litres", "liters", "gallons", "tonnes", "tons"})
#: the fewest edges named by a plural: "the fewest passes", "the minimum number of roads",
#: "how many roads at minimum" (not "at least 3 roads")
_COUNTED = re.compile(
    r"\bhow\s+many\s+(?:different\s+)?(?P<a>[a-z]+s)\s+(?:at\s+(?:the\s+)?(?:minimum|least|"
    r"fewest|very\s+least)|minimum|as\s+a\s+minimum)\b"
    r"|(?<!\bat\s)\b(?:the\s+)?(?:smallest|fewest|minimum|minimal|least|lowest)\s+(?:possible\s+)?"
    r"(?:number\s+of\s+)?(?P<b>[a-z]+s)\b", re.IGNORECASE)
#: a route between two ends: "from A to B", "between A and B"
_ROUTE = re.compile(r"\bfrom\b.+\b(?:to|reach|into)\b|\bbetween\b.+\band\b", re.IGNORECASE)


#: "how many pipes between Alder and Gum at least": the bound said last, moved beside its noun
_TRAILING = re.compile(r"^(?P<lead>.*\bhow\s+many\s+(?:different\s+)?[a-z]+s)(?P<mid>\s+(?:from|between)"
                       r"\b.+?)\s*,?\s+(?:at\s+(?:the\s+)?(?:minimum|least|fewest|very\s+least)|minimum)"
                       r"(?P<end>\s*[?.!]*\s*)$", re.IGNORECASE)


#: the edges counted said beside a unit refused: "counting legs (not hours)", "in hops, not km"
_COUNTED_NOT = re.compile(
    r"\b(?:counting|count|in|by)\s+(?:the\s+)?(?:hops|steps|legs|edges|links|stops|jumps)\b"
    r"(?=.{0,12}\bnot\b)|"
    # "(counting hops)", "by hop count": hops are unambiguous, the edges counted
    r"\b(?:counting|in|by)\s+(?:the\s+)?(?:number\s+of\s+)?hops\b|\bby\s+hop\s+count\b|\(\s*not\s+(?:in\s+|by\s+)?(?:the\s+)?(?:distances?|lengths?|km|kms|"
    r"kilomet(?:er|re)s|miles?|weights?|time|times|minutes|mins|hours|hrs|seconds|costs?|"
    r"prices?)\s*\)", re.IGNORECASE)


def ignores_values(question: str) -> bool:
    """Whether the question says the edge values are not wanted ("whatever the distance",
    "counting legs (not hours)")."""
    return bool(_IGNORED.search(question) or _COUNTED_NOT.search(question))


def counted_edges(question: str, meaning: dict[str, Any]) -> re.Match[str] | None:
    """The phrase asking for the fewest edges of a route, in the data's words, or None."""
    if not _ROUTE.search(question):
        return None
    roles = {str(c).lower(): r for c, r in (meaning.get("weights") or {}).items()}
    for m in _COUNTED.finditer(question):
        noun = (m.group("a") or m.group("b")).lower()
        if noun in MEASURES or roles.get(noun) == "distance" or roles.get(noun[:-1]) == \
                "distance":
            continue  # "the fewest minutes", "the least km": a measured route
        return m
    return None


#: a relation's edges as steps: "two marriages away from the Pazzi", "within 2 handshakes of
#: Ana" (group 2: the noun, checked against the measures and the edge columns)
_RELATION_STEPS = re.compile(
    r"\b(\d+|one|two|three|four|five|six)\s+(?!steps?\b|hops?\b)([a-z]+?)s?\s+"
    r"(?=away\s+from\b|from\s+(?:the\s+)?(?-i:[A-Z])|of\s+(?:the\s+)?(?-i:[A-Z]))", re.IGNORECASE)
#: nouns for one edge of a relation, counted as steps
_RELATIONS = frozenset({"marriage", "friendship", "tie", "link", "connection", "edge", "handshake",
                        "introduction", "road", "flight", "hop", "jump", "degree", "step",
                        "acquaintance", "contact", "relationship", "citation", "follow", "leg",
                        "street", "trail", "line", "transfer", "collaboration", "alliance"})


def relation_steps(question: str, meaning: dict[str, Any]) -> str:
    """"how many families are two marriages away from the Pazzi" -> "… two steps away …":
    a relation's edges counted as steps, never an edge column's value.

        >>> relation_steps("how many families are two marriages away from the Pazzi?", {})
        'how many families are two steps away from the Pazzi?'
        >>> relation_steps("which towns are within 30 km of Ely?", {})
        'which towns are within 30 km of Ely?'
    """
    columns = {str(c).lower() for c in (meaning.get("weights") or {})}

    def steps(m: re.Match[str]) -> str:
        noun = m.group(2).lower()
        if noun not in _RELATIONS or {noun, f"{noun}s"} & columns or f"{noun}s" in MEASURES:
            return m.group(0)
        return f"{m.group(1)} steps "

    return _RELATION_STEPS.sub(steps, question)


def as_hops(question: str, meaning: dict[str, Any]) -> str:
    """``question`` with a route's edge count in hop words and "whatever the distance" left
    out (see the module docstring)."""
    question = relation_steps(question, meaning)
    ignored = ignores_values(question)
    out = _IGNORED.sub("", question) if ignored else question
    out = _TRAILING.sub(r"\g<lead> at minimum\g<mid>\g<end>", out)
    m = counted_edges(out, meaning)
    if m is not None:
        new = "how many hops" if m.group("a") else "the fewest hops"
        lead = out[m.start():m.start() + 4].lower() == "the "
        out = out[:m.start()] + (new if m.group("a") or lead else "fewest hops") + out[m.end():]
    elif ignored:  # "the shortest route from A to B, whatever the distance": in hops
        # (not "on the most shortest routes between other junctions": betweenness, in hops)
        out = re.sub(r"(?<!\bmost\s)(?<!\blongest\s)\bshortest\b(?!\s+(?:routes?|paths?)\s+(?:between|among)\s+"
                     r"(?:other|all|every|any|each|pairs|the\s+other))", "fewest-hops", out, count=1,
                     flags=re.IGNORECASE)
    return out
