"""A question in two steps whose first picks one group of a grouping attribute by a
ranking and whose second asks about the nodes in that group, read as two questions the
offline planner answers one after the other (``offline.py``):

* "Within the largest team, who has the most connections?": "Which is the largest team?",
  then "who has the most connections in the sales team?";
* "In the region with the highest total load_mw, which substation has the most lines?":
  "Which region has the highest total load_mw?", then "which substation has the most lines
  in the north region?".

The group word must be one of the graph's grouping attributes (``vocabulary.groupings``).
The first step's group is the value its answer names first, in bold (the planner's answers
lead with it); a tie or a value the attribute does not take names no group, and the
planner asks.

Example::

    >>> s = steps("Within the largest team, who has the most connections?", ["team"])
    >>> s.first, s.then("sales")
    ('Which is the largest team?', 'who has the most connections in the sales team?')
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from igraph_agent.model.compose import _as_ranking

_RANK = r"(?:most|least|highest|lowest|largest|biggest|greatest|fewest|smallest)"
#: a ranking adjective ("the busiest region", "the oldest club"), not a value ("the west zone")
_EST = (r"(?:[a-z]+iest|(?:long|short|old|new|strong|weak|wid|dens|rich|poor|tall|high|low|"
        r"larg|small|bigg|great)est)")
#: a group named by its rank: "the largest team", "the busiest region", "the region with the
#: highest total load_mw", "the department that sends the most email (by count)"
_REF = (r"the\s+(?:{rank}|{est}|(?:most|least)\s+[a-z][\w-]*)\s+{noun}(?=\s|[?.!,;:]|$)|"
        r"the\s+{noun}\s+(?:with|having|that|which|whose)\s+[^,?;!]*?\b{rank}\b[^,?;!]*?"
        r"(?=\s*(?:[,?;!]|\.\s|\.?$))")
_INTRO = r"\b(?:in|within|inside|of|among|from|for|across)\s+"


@dataclass(frozen=True)
class GroupSteps:
    """``first``: the ranking of the groups; ``attribute``: the grouping attribute;
    ``rest``: the second step, the group phrase taken out (``then`` puts the group back)."""

    first: str
    attribute: str
    rest: str
    #: the first step asks one node's group ("what team is the best-connected employee
    #: on"): its value is the one its answer names last, in bold (``named_value``)
    by_node: bool = False

    def then(self, value: str) -> str:
        text = self.rest.rstrip(" ?.!")
        counted = re.search(r"\b(?:most|fewest|least)\s+([a-z]+s)\b", self.first, re.IGNORECASE)
        if counted and re.search(r"\b(?:the\s+)?(?:most|fewest|least)\s*$", text, re.IGNORECASE):
            text = f"{text} {counted.group(1)}"  # "… and which hub in it receives the most":
            #                                       the parcels the first step counted
        return f"{text} in the {value} {self.attribute}?"


def steps(question: str, attributes: list[str]) -> GroupSteps | None:
    """The two steps of ``question`` when it names a group of one of ``attributes`` by a
    ranking ("the largest team") as where its second part looks; else None."""
    for attr in sorted(attributes, key=len, reverse=True):
        noun = rf"{re.escape(attr)}(?:s|es)?"
        ref = _REF.format(rank=_RANK, est=_EST, noun=noun)
        m = re.search(rf"{_INTRO}(?P<ref>{ref})", question, re.IGNORECASE)
        if m is None or re.match(r"the\s+(?:same|other|next)\b", m.group("ref"), re.IGNORECASE):
            continue
        rest = (question[:m.start()] + question[m.end():]).strip()
        rest = re.sub(r"^[\s,;:-]+", "", rest)
        rest = re.sub(r"\s+([?.!,])", r"\1", re.sub(r"\s{2,}", " ", rest))
        if not re.search(r"\b(?:who|whom|which|what|how|list|name|show|rank)\b", rest,
                         re.IGNORECASE):
            continue
        return GroupSteps(_as_ranking(m.group("ref")), attr, rest)
    return _of_node(question, attributes) or _taken(question, attributes)


#: the group taken first, then asked about by a pronoun: "Take the smallest team. Who in it
#: has the most colleagues?", "Consider the biggest club: who there has the most friends?"
_TAKE = r"^\s*(?:take|consider|look at|pick|start with|find|go to|choose)\s+(?P<ref>{ref})\s*[.;:,]\s*"
_IT = (r"\s*\b(?:in|within|inside|among|amongst|of|from|on)\s+(?:it|them|that(?:\s+one|\s+{noun})?|"
       r"this(?:\s+one|\s+{noun})?)\b|\s+there\b|(?<=\s)its(?=\s)")


#: the group asked for first, as a question of its own: "Which department sends the most
#: messages? And who's the biggest sender in that department?"
_ASKED = (# "Which team has the most people, and who in that team knows the most colleagues?"
          r"^\s*(?P<ref2>(?:which|what)\s+{noun}\s+[^?,]*?\b{rank}\b[^?,]*?)\s*,\s*(?:and|then)\b\s*,?\s*|"
          r"^\s*(?P<ref>(?:which|what)\s+{noun}\s+(?:[\w'-]+\s+)*?[^?]*?\b{rank}\b[^?]*\?)\s*"
          r"(?:(?:and|then|so|now)\b\s*,?\s*)?")


#: one node's group asked first, then that group: "What team is the best-connected employee
#: on, and how many people are on that team?", "Which basin is Moss in? Who in it ships most?"
_NODES = (r"^\s*(?P<ref>(?:what|which)\s+{noun}\s+(?:is|was|does)\s+(?!the\s+(?:most|least|"
          r"largest|biggest|smallest)\b)[^,?;]+?\s+(?:on|in|part\s+of|belongs?\s+to|from))"
          r"\s*(?:\?|,|;)\s*(?:(?:and|then|so|now)\b\s*,?\s*)?")


def _of_node(question: str, attributes: list[str]) -> GroupSteps | None:
    """The two steps of a question that asks one node's group and then about that group."""
    for attr in sorted(attributes, key=len, reverse=True):
        noun = rf"{re.escape(attr)}(?:s|es)?"
        m = re.search(_NODES.format(noun=noun), question, re.IGNORECASE)
        if m is None:
            continue
        rest, n = re.subn(_IT.format(noun=noun), "", question[m.end():].strip(), count=1,
                          flags=re.IGNORECASE)
        rest = re.sub(r"\s+([?.!,])", r"\1", rest.strip())
        if n and re.search(r"\b(?:who|whom|which|what|how|list|name|show|rank)\b", rest,
                           re.IGNORECASE):
            return GroupSteps(m.group("ref").strip() + "?", attr, rest[:1].upper() + rest[1:],
                              by_node=True)
    return None


def named_value(answer: str, values: list[str]) -> str | None:
    """The group value a node's answer names last, in bold; None where its bold words name
    two different values."""
    said = {v for b in re.findall(r"\*\*([^*]+)\*\*", answer) for v in values
            if v.lower() == b.strip().lower()}
    return said.pop() if len(said) == 1 else None


def _taken(question: str, attributes: list[str]) -> GroupSteps | None:
    """The two steps of a question that takes a ranked group first and then asks about it
    by a pronoun ("in it", "of that team", "there")."""
    for attr in sorted(attributes, key=len, reverse=True):
        noun = rf"{re.escape(attr)}(?:s|es)?"
        m = re.search(_TAKE.format(ref=_REF.format(rank=_RANK, est=_EST, noun=noun)), question,
                      re.IGNORECASE) or re.search(_ASKED.format(noun=noun, rank=_RANK), question,
                                                  re.IGNORECASE)
        if m is None:
            continue
        ref = m.group("ref") if "ref" in m.groupdict() and m.group("ref") else None
        asked = m.groupdict().get("ref2")
        first = (asked.strip() + "?") if asked else ref if ref.endswith("?") else _as_ranking(ref)
        rest = question[m.end():].strip()
        rest, n = re.subn(_IT.format(noun=noun), "", rest, count=1, flags=re.IGNORECASE)
        rest = re.sub(r"^(?:then|and)\s+", "", rest.strip(), flags=re.IGNORECASE)
        if n and re.search(r"\b(?:who|whom|which|what|how|list|name|show|rank)\b", rest,
                           re.IGNORECASE):
            return GroupSteps(first, attr, rest[:1].upper() + rest[1:])
    return None


def top_value(answer: str, values: list[str]) -> str | None:
    """The group the first step's answer names first, in bold, when it is one of ``values``
    and the answer's first sentence names no tie; else None."""
    m = re.match(r"\s*\*\*([^*]+)\*\*", answer)
    if m is None:
        return None
    first = re.split(r"(?<=[.;])\s", answer, maxsplit=1)[0]
    if re.search(r"\btie[sd]?\b|\bshare\b|\*\*[^*]+\*\*\s*(?:and|,)\s*\*\*", first, re.IGNORECASE):
        return None
    found = [v for v in values if v.lower() == m.group(1).strip().lower()]
    return found[0] if len(found) == 1 else None


def joined(first: str, value: str, attribute: str, second: str) -> str:
    """The second step's answer first (it is what was asked), then the group it ran in."""
    return f"{second}\n\nThe {attribute} taken: **{value}**. {first}"
