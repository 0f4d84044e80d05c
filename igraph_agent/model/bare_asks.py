"""A question said as a bare noun phrase, or a none said as zero: "stops with no outgoing
leg? (where a van would be stuck)" asks which stops have none; "who has zero incoming
invitations" asks who has no incoming ones. Both are put in the words the planner's
intents read ("which stops have no outgoing leg?").

    >>> plain("stops with no outgoing leg? (where a van would just be stuck)")
    'which stops have no outgoing leg? (where a van would just be stuck)'
    >>> plain("Who has zero incoming invitations? list them all")
    'Who has no incoming invitations? list them all'
    >>> plain("stops with more than two legs?")
    'stops with more than two legs?'

A ranking said by its participle is put by the column the participle or the question names
(:func:`most_done`): "most visited site?" on a ``visits`` column is "which site has the most
visits?".
"""

from __future__ import annotations

import re
from typing import Any

_ZERO = re.compile(r"\b(?:zero|0)\s+(?=(?:incoming|outgoing|inbound|outbound|in-?coming|"
                   r"out-?going)\b)", re.IGNORECASE)
#: "stops with no outgoing leg?", "members without any incoming invites?"
_BARE = re.compile(r"^\s*(?:and\s+|so\s+|any\s+)?(?P<noun>[a-z]+s)\s+(?:with\s+no|without\s+(?:any\s+)?|"
                   r"that\s+have\s+no|having\s+no)\s+(?P<rest>(?:incoming|outgoing|inbound|outbound|"
                   r"in-?coming|out-?going)\b[^?]*\?)", re.IGNORECASE)


#: filler around a reach: "can't be reached at all starting from Bakehouse"
_REACH_FILLER = re.compile(r"(\breached)\s+at\s+all\s+(?:starting\s+(?:out\s+)?)?(from|at)\b|"
                           r"(\breached)\s+starting\s+(?:out\s+)?(from|at)\b", re.IGNORECASE)


#: one node's closest partner in everyday words: "kai's go-to belay partner (most sessions
#: together)?", "who is Ana's usual buddy"
_GO_TO = re.compile(r"^\s*(?:(?:who(?:'s|\s+is)|which\s+is)\s+)?(?P<name>[\w.-]+)(?:'s|’s)\s+(?:go-?to|main|usual|"
                    r"regular|favou?rite|closest|most\s+frequent)\s+(?:[a-z]+\s+)?(?:partner|buddy|mate|"
                    r"pal|contact|collaborator)\b[^?]*\??\s*$", re.IGNORECASE)


#: a node's things said alone: "kai's regattas?", "Fay's students"
_THEIR_THINGS = re.compile(r"^\s*(?:and\s+|so\s+)?(?P<name>[\w.-]+)(?:'s|’s)\s+(?P<noun>[a-z]{3,}s)\s*\??\s*$",
                           re.IGNORECASE)


def plain(question: str) -> str:
    """``question`` with a bare "Xs with no outgoing Y?" asked as which, and zero as no.

        >>> plain("which stops cant be reached at all starting from Bakehouse?")
        'which stops cant be reached from Bakehouse?'
        >>> plain("kai's go-to belay partner (most sessions together)?")
        "who is kai's strongest tie?"
    """
    question = _REACH_FILLER.sub(lambda m: f"{m.group(1) or m.group(3)} from", question)
    go_to = _GO_TO.match(question)
    if go_to:  # the partner with the strongest tie
        return f"who is {go_to.group('name')}'s strongest tie?"
    question = _ZERO.sub("no ", question)
    m = _BARE.match(question)
    if m is None:
        return question
    return f"which {m.group('noun')} have no {m.group('rest')}" + question[m.end():]


#: "most visited site?", "the most-inspected site by number of visits", "which site is
#: visited the most"
_MOST_DONE = re.compile(r"^\s*(?:so\s+|and\s+)?(?:the\s+|which\s+(?:is\s+the\s+)?)?(?P<m>most|least)[- ]"
                        r"(?P<verb>[a-z]{3,}ed)\s+(?P<noun>[a-z]+)(?P<by>\s+by\s+(?:the\s+)?(?:number|"
                        r"count|total|amount)\s+of\s+(?P<col>[a-z_]+))?\s*(?P<end>[?.!]*)\s*$",
                        re.IGNORECASE)
_DONE_MOST = re.compile(r"^\s*(?:so\s+|and\s+)?which\s+(?P<noun>[a-z]+)\s+(?:is|was|gets|got|has\s+been)\s+"
                        r"(?P<verb>[a-z]{3,}ed)\s+the\s+(?P<m>most|least)(?:\s+often)?\s*(?P<end>[?.!]*)\s*$",
                        re.IGNORECASE)


def most_done(question: str, info: dict[str, Any]) -> str:
    """A ranking said by its participle, put by the edge column it names ("most visited
    site?" on ``visits``: "which site has the most visits?"); unchanged where no column
    matches.

        >>> most_done("most visited site?", {"edge_attributes": ["visits"]})
        'which site has the most visits?'
        >>> most_done("most-inspected site by number of visits?", {"edge_attributes": ["visits"]})
        'which site has the most visits?'
        >>> most_done("most visited site?", {"edge_attributes": ["km"]})
        'most visited site?'
    """
    m = _MOST_DONE.match(question) or _DONE_MOST.match(question)
    if m is None:
        return question
    cols = [str(c) for c in info.get("edge_attributes") or []]
    said = m.groupdict().get("col")
    stem = m.group("verb").lower()[:-2].rstrip("e")
    col = next((c for c in cols if said and c.lower().startswith(said.lower().rstrip("s"))), None) \
        or next((c for c in cols if len(stem) >= 4 and c.lower().startswith(stem)), None)
    if col is None:
        return question
    word = "fewest" if m.group("m").lower() == "least" else "most"
    return f"which {m.group('noun')} has the {word} {col}{m.group('end') or '?'}"


#: "top two recommenders", "who are the top 3 senders?", "biggest exporters": a role ranked
_TOP_ROLE = re.compile(r"^\s*(?:(?:who\s+are|which\s+are|list|name|show)\s+)?(?:the\s+)?(?:top|biggest|"
                       r"leading|most\s+active)\s+(?P<n>\d+|two|three|four|five|ten)?\s*(?P<role>[a-z_]+?)s"
                       r"(?P<rest>\s*\([^)]*\))?\s*[?.!]*\s*$", re.IGNORECASE)


def top_role(question: str, info: dict[str, Any]) -> str:
    """A directed table's role ranked by its own end ("top two recommenders" on
    recommender,candidate: the most recommendations made, out-degree), else unchanged.

        >>> info = {"directed": True, "meaning": {"direction": ["recommender", "candidate"]}}
        >>> top_role("top two recommenders (the ones who brought in the most people)", info)
        'which 2 nodes have the highest out-degree?'
        >>> top_role("top candidates?", info)
        'which nodes have the highest in-degree?'
        >>> top_role("top two partners", info)
        'top two partners'
    """
    m = _TOP_ROLE.match(question)
    cols = [str(c).lower() for c in ((info.get("meaning") or {}).get("direction") or [])][:2]
    if m is None or not info.get("directed") or len(cols) != 2 or cols[0] == cols[1]:
        return question
    role = m.group("role").lower()
    if role not in cols:
        return question
    way = "out" if role == cols[0] else "in"
    words = {"two": "2", "three": "3", "four": "4", "five": "5", "ten": "10"}  # ("which two":
    n = f"{words.get(m.group('n').lower(), m.group('n'))} " if m.group("n") else ""  # a pair)
    return f"which {n}nodes have the highest {way}-degree?"


def their_things(question: str, info: dict[str, Any]) -> str:
    """A node's things said alone on an undirected graph ("kai's regattas?") as the nodes
    linked to it; a directed graph's ("Fay's students") is left to the direction words.

        >>> their_things("kai's regattas?", {"directed": False})
        'which regattas is kai linked to?'
        >>> their_things("Fay's students?", {"directed": True})
        "Fay's students?"
    """
    own = _THEIR_THINGS.match(question)
    if own is None or info.get("directed"):
        return question
    return f"which {own.group('noun')} is {own.group('name')} linked to?"


def read_first(question: str, info: dict[str, Any]) -> str:
    """Every reading of this module, and of a name said with its kind (``name_kinds``) and
    a count asked after its verb (``count_after``), in the order the planner applies them
    before the question is normalised."""
    from igraph_agent.model.count_after import in_order
    from igraph_agent.model.name_kinds import dropped_kind

    question = plain(in_order(dropped_kind(question, info)))
    return their_things(top_role(most_done(question, info), info), info)
