"""A node's exact number of partners asked in the data's own verb: "how many families
married into only one other family", "which junctions are piped to just one other junction",
"which of the women only turned up to two events" are the nodes (of that side, on a two-mode
graph) with degree exactly that number. Only where "only", "just", "exactly" or "a single"
says the number is exact, on an undirected or two-mode graph (a directed one has two ends
to count), and never where the counted word is an edge value, a unit or a group ("only two
years", "just one tonne", "only one zone").

    >>> exactly("how many families married into only one other family?", {})
    'How many families have degree exactly 1?'
    >>> exactly("Which of the women only turned up to two events?", {})
    'Which women have degree exactly 2?'
    >>> exactly("how many depots ship to only one other depot?", {"directed": True})
    'How many depots have out-degree exactly 1?'
    >>> exactly("which members stayed only two years?", {})
    'which members stayed only two years?'
"""

from __future__ import annotations

import re
from typing import Any

_NUMBERS = {"one": 1, "a single": 1, "a": 1, "two": 2, "three": 3, "four": 4, "five": 5,
            "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10}
#: words that say the number is exact
_EXACT = re.compile(r"\b(?:only|just|exactly|a single)\b", re.IGNORECASE)
#: lower-case words of the verb phrase between the nodes and the number (no comparison, no
#: negation, no condition: "more than two", "not in one", "if ...")
_WORD = (r"(?-i:(?!(?:than|more|less|fewer|least|most|within|not|no|never|if|without|each|"
         r"every|per|at|over|under|above|below|between)\b)[a-z-]+)")
_ASK = re.compile(
    r"^\s*(?P<q>how many|which|what|who)\s+(?:of\s+(?:the\s+|these\s+|those\s+|our\s+)?)?"
    r"(?:(?P<x>(?-i:[a-z]+))\s+)?"
    rf"(?P<verb>(?:{_WORD}\s+){{1,5}}?)"
    r"(?P<n>one|two|three|four|five|six|seven|eight|nine|ten|a single|\d+)\s+"
    r"(?:other\s+|different\s+|distinct\s+|separate\s+)?(?P<y>(?-i:[a-z-]+))\s*[?.!]*\s*$",
    re.IGNORECASE)
#: counted words that are no partner: a measure, a unit, a structure or a group
_NOT_PARTNERS = re.compile(
    r"^(?:times?|years?|months?|weeks?|days?|hours?|minutes?|seconds?|hops?|steps?|stops?|"
    r"km|kms|miles?|metres?|meters?|tonnes?|tons?|kg|units?|percent|points?|goals?|"
    r"communit(?:y|ies)|clusters?|components?|groups?|pieces?|parts?|triangles?|cliques?|"
    r"paths?|routes?|cycles?|loops?|cores?|degrees?|categor(?:y|ies)|types?|kinds?)$",
    re.IGNORECASE)


def _own_words(info: dict[str, Any]) -> set[str]:
    """The words of the graph's edge columns and node attributes, and their values (not a
    column's noun for the edges themselves, the ``line`` of ``line_km``)."""
    from igraph_agent.model.vocabulary import groupings

    meaning = info.get("meaning") or {}
    names = [*(meaning.get("weights") or {}), *(info.get("edge_attributes") or []),
             *(info.get("node_attributes") or [])]
    from igraph_agent.model.weights import edge_nouns

    words = {w for c in names for w in re.split(r"[^a-z]+", str(c).lower()) if len(w) > 2
             and w not in edge_nouns(str(c))}  # "just two lines" on ``line_km``: the edges
    words |= {str(v).lower() for vs in groupings(meaning).values() for v in vs}
    return words


def exactly(question: str, info: dict[str, Any], two_mode: bool = False) -> str:
    """``question`` as "<Which|How many> <nodes> have degree exactly N?" where it asks the
    nodes with exactly N partners in the data's words (see the module); else unchanged.
    On a ``two_mode`` graph "are in just one club" is a membership, an edge."""
    m = _ASK.match(question)
    if m is None or not _EXACT.search(m.group(0)):
        return question
    x, y = (m.group("x") or "").lower(), m.group("y").lower()
    q = m.group("q").lower()
    if q == "who" and x:  # "who married into only one family": the verb is "x"'s words
        verb = f"{x} {m.group('verb')}"
        x = ""
    else:
        verb = m.group("verb")
    if (not x and (q != "who" or two_mode)) or _NOT_PARTNERS.match(y) or x in {"of", "the"}:
        return question  # "who is in only one choir" (two-mode): the side is the members' words
    own = _own_words(info)
    if {y, y.rstrip("s"), y[:-3] + "y" if y.endswith("ies") else y} & own:
        return question  # "only one zone", "just two years": a group or an edge value
    if not two_mode and re.search(r"\b(?:is|are|was|were)\s+(?:in|on|at)\b", verb, re.IGNORECASE):
        return question  # "are in only one group": a membership no edge may hold
    n = _NUMBERS.get(m.group("n").lower())
    number = n if n is not None else int(m.group("n"))
    head = "How many" if q == "how many" else "Which"
    degree = "degree"
    if info.get("directed") and not two_mode:
        side = _side(verb, info)
        if side is None:
            return question  # a directed graph's count needs the end the verb names
        degree = f"{side}-degree"
    return f"{head} {x or 'nodes'} have {degree} exactly {number}?"


def _side(verb: str, info: dict[str, Any]) -> str | None:
    """The end of a directed edge a verb phrase counts from: "ship to" the out-degree,
    "receive from" (or "are supplied by") the in-degree; a verb the table gives its target
    (``receiver,sender``: the target sends) the other way; None where it says neither."""
    from igraph_agent.model.direct_hops import GETS, SENDS
    from igraph_agent.model.verbs import column_verbs, forms

    fwd, back = column_verbs(info)
    said = verb.lower().split()

    def done(stems: list[str]) -> bool:
        every = rf"(?:{forms(stems)})(?:e?s|ied|ed|d|ing|e)?" if stems else r"(?!)"
        return any(re.fullmatch(every, w) for w in said)

    out = done([*fwd, *([] if back else SENDS)])  # where the target has verbs, "send" may be one
    into = done([*GETS, *back])
    if out == into:
        return None
    passive = "by" in said
    return "out" if out != passive else "in"
