"""A count asked after its verb: "Highmoor feeds how many sites?", "Kofi sends how
many invites?". The planner reads counts in their usual order ("how many sites does Highmoor
feed?"), so the question is put that way round first; the subject must be a name.

    >>> in_order("Highmoor feeds how many sites?")
    'how many sites does Highmoor feed?'
    >>> in_order("so Kofi has how many partners")
    'so Kofi has how many partners'
    >>> in_order("the depot supplies how many stores?")
    'the depot supplies how many stores?'
"""

from __future__ import annotations

import re

_AFTER = re.compile(r"^\s*(?:so\s+|and\s+|ok\s+)?(?P<subj>(?-i:[A-Z][\w'.-]*)(?:\s+(?-i:[A-Z0-9][\w'.-]*))*)"
                    r"\s+(?P<verb>[a-z]+s)\s+how\s+many\s+(?P<rest>[^?.!]+?)\s*(?P<end>[?.!]*)\s*$")


def _base(verb: str) -> str:
    """The verb's plain form: "feeds" feed, "supplies" supply, "pushes" push, "has" have."""
    if verb == "has":
        return "have"
    if verb == "does":
        return "do"
    if verb.endswith("ies"):
        return verb[:-3] + "y"
    if re.search(r"(?:ss|sh|ch|x|z|o)es$", verb):
        return verb[:-2]
    return verb[:-1]


#: "how many students has Tomas had": the count in the present ("does Tomas have")
_HAS_HAD = re.compile(r"\b(how\s+many\s+(?:[a-z]+\s+){1,2})has\s+((?-i:[A-Z][\w'.-]*)(?:\s+(?-i:[A-Z0-9][\w'.-]*))*)"
                      r"\s+(?:had|got)\b(?=\s*(?:[?.!]|$|\s+(?:so\s+far|in\s+total|altogether|overall)\b))",
                      re.IGNORECASE)


def in_order(question: str) -> str:
    """``question`` with a count asked after a named subject's verb put first.

        >>> in_order("how many students has Tomas had?")
        'how many students does Tomas have?'
    """
    question = _HAS_HAD.sub(r"\1does \2 have", question)
    m = _AFTER.match(question)
    if m is None or m.group("verb") in {"is", "was", "has", "does"}:
        return question  # ("Vance has how many co-authors": read as it is)
    return (f"how many {m.group('rest')} does {m.group('subj')} {_base(m.group('verb'))}"
            f"{m.group('end')}")
