"""Two named nodes set against each other on one measure, the verdict first.

"who has more marriage ties, Medici or Strozzi?" and "which is more central, Guadagni or
Strozzi?" ask which of the two (the answer starts with its name); "is Eastleigh better
connected than Greystone?" and "does Javert have a higher betweenness than Marius?" ask Yes
or No (the answer starts with it). The values come from the tools that score the nodes
(``compare_nodes`` for degree, PageRank, clustering and core; ``node_centrality`` for a
named measure); this module only reads the question and words the verdict.

Example::

    >>> two_names("who has more marriage ties, Medici or Strozzi?")
    ('Medici', 'Strozzi')
    >>> two_names("does Javert have a higher betweenness than Marius?")
    ('Javert', 'Marius')
    >>> verdict("is Eastleigh better connected than Greystone?", "Eastleigh", 3,
    ...         "Greystone", 2, "degree")
    "**Yes**: Eastleigh's degree (3) is higher than Greystone's (2)."
"""

from __future__ import annotations

import re

_MORE = (r"more|higher|greater|bigger|larger|better|busier|stronger|further|farther|"
         r"most|highest|best")
_LESS = r"fewer|less|lower|smaller|worse|weaker|quieter|least|lowest|fewest"
_COMPARED = re.compile(rf"\b(?:{_MORE}|{_LESS})\b", re.IGNORECASE)
_LOWER_WINS = re.compile(rf"\b(?:{_LESS})\b", re.IGNORECASE)
#: a node's name: capitalised words, or an id with a digit ("emp03", "33")
_NAME = r"(?:[A-Z][\w'.-]*(?:\s+[A-Z][\w'.-]*){0,2}|[A-Za-z_]*\d[\w-]*)"
#: "…, Medici or Strozzi?" / "…: Medici or Strozzi" after a comparative ask
_EITHER = re.compile(rf"^\s*(?:who|which|what)\b(?P<ask>[^,:]*?)[,:]\s*(?:is it\s+)?"
                     rf"(?P<a>{_NAME})\s+or\s+(?P<b>{_NAME})\s*[?.!]*\s*$")
#: "is Eastleigh better connected than Greystone?" / "does Javert have a higher … than Marius"
_THAN = re.compile(rf"^\s*(?:is|does|did|has|was)\s+(?P<a>{_NAME})\s+(?P<ask>.*?)\bthan\s+"
                   rf"(?P<b>{_NAME})(?:'s)?(?:\s+(?:is|does|has|did|do))?\s*[?.!]*\s*$")


#: "Oakwood vs Harbor, which shelter gets more shifts?": the two named first
_VERSUS = re.compile(rf"^\s*(?P<a>{_NAME})\s+(?:vs\.?|versus|or)\s+(?P<b>{_NAME})\s*[,:?-]+\s*"
                     r"(?P<ask>(?:who|which|what)\b.*)$")


#: the two forms as one trigger pattern (the intent tables' regexes)
ASKED = (rf"^\s*(?:who|which|what)\b[^,:]*\b(?:{_MORE}|{_LESS})\b[^,:]*[,:]\s*\S[^,]*\s+or\s+\S+"
         rf"\s*[?.!]*\s*$|^\s*(?:is|does|did|has|was)\s+\S.*\b(?:{_MORE}|{_LESS})\b.*\bthan\s+"
         r"\S+\s*[?.!]*\s*$")


def two_names(question: str) -> tuple[str, str] | None:
    """The two nodes a head-to-head question sets against each other, or None."""
    for rx in (_EITHER, _THAN, _VERSUS):
        m = rx.match(question)
        if m and _COMPARED.search(m.group("ask")) and m.group("a") != m.group("b"):
            return m.group("a"), m.group("b")
    return None


def yes_no(question: str) -> bool:
    """Whether the head-to-head question asks Yes or No ("is A … than B")."""
    return bool(_THAN.match(question))


def verdict(question: str, a: str, va: float, b: str, vb: float, what: str,
            shown: tuple[str, str] | None = None) -> str:
    """The answer's first sentence: the winner's name, or Yes / No, then both values
    (``shown``: the values as the answer prints them, default ``str``)."""
    sa, sb = shown or (str(va), str(vb))
    lower = bool(_LOWER_WINS.search(question))
    if va == vb:
        lead = "**No**: " if yes_no(question) else "**Neither**: "
        return f"{lead}{a} and {b} have the same {what} ({sa})."
    a_wins = (va < vb) if lower else (va > vb)
    word = "lower" if va < vb else "higher"
    if yes_no(question):
        return f"**{'Yes' if a_wins else 'No'}**: {a}'s {what} ({sa}) is {word} than {b}'s ({sb})."
    win, lose, sw, sl = (a, b, sa, sb) if a_wins else (b, a, sb, sa)
    more = "lower" if lower else "higher"
    return f"**{win}** has the {more} {what}: {sw}, against {lose}'s {sl}."
