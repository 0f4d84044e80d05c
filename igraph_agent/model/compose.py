"""A question in two steps whose second runs on the first one's answer, read as two
questions the offline planner answers one after the other (``offline.py``):

* a chain: "find the most cited paper, then tell me which papers it cites", "take the host
  with the most links and list every host within 2 ms of it": the first part asked as a
  ranking ("Which paper is the most cited?"), the second with its pronoun replaced by the
  ranking's top node ("which papers does P3 cite");
* a what-if on a ranking's top: "if the most cited doc were removed, how many components
  would there be": "Which is the most cited doc?", then the question with that node named.

This module reads the two steps from the wording (:func:`steps`), the first step's top node
from its ranking results (:func:`top_node`) and joins the two answers (:func:`joined`). A
top shared by several nodes, or rankings that disagree, name no single node: the planner
asks which one.

Example::

    >>> s = steps("Find the most cited paper, then tell me which papers it cites.")
    >>> s.first, s.then("P3")
    ('Which is the most cited paper?', 'which papers does P3 cite?')
    >>> steps("If the busiest airport closed, how many pieces would the network fall into?").first
    'Which is the busiest airport?'
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from typing import Any

from igraph_agent.model import slots
from igraph_agent.model.planstate import Observed
from igraph_agent.results.centrality import DegreeAnalysisResult, NodeCentralityResult
from igraph_agent.results.counting import (
    EdgeAttributeTotalsResult,
    HopCountsResult,
    NodesByMeasureResult,
)

SLOT = "\x00node\x00"  # where the first step's node goes in the second question

#: the first step ranks: "the most cited", "the busiest", "the highest betweenness"
_RANKED = re.compile(r"\b(?:most|least|highest|lowest|largest|biggest|greatest|fewest|smallest|"
                     r"best|top|busiest|[a-z]{2,}iest|longest|strongest|weakest|widest|oldest|"
                     r"newest|closest|nearest|farthest|furthest)\b", re.IGNORECASE)
#: the pronouns that stand for the first step's node, and what each becomes
_PRONOUN = re.compile(r"\b(?:(?:that|this|the\s+same)\s+(?:one|person|node|individual|account|user|"
                      r"member|employee|character|family|paper|city|town|airport|station|"
                      r"extension|ext|number|woman|man|page|hut|event|depot|caller|sender)\b|"
                      # "who does that note cite": that <noun> before the second step's verb
                      r"(?<=\bdoes\s)that\s+[a-z]{2,12}\b|(?<=\bdid\s)that\s+[a-z]{2,12}\b|they'?ve|they\s+have|they'?re|they\s+are|it'?s|its|it|they|them|"
                      r"their|he|him|his|she|her|(?<=\bfrom\s)there|(?<=\bto\s)there|"
                      # "how many pipes meet there": the node as a place, "at" it
                      r"(?<=\bmeet\s)there|(?<=\bmeets\s)there|(?<=\bjoin\s)there|"
                      r"(?<=\bconnect\s)there|(?<=\bend\s)there|(?<=\bstop\s)there|"
                      # "which crew went there the most times": to that node
                      r"(?<=\bwent\s)there|(?<=\bgo\s)there|(?<=\bgoes\s)there)\b(?!-)",
                      re.IGNORECASE)  # "the fastest trip from there to Mallaig": the node
#: words that refer to a set or to another thing than the top node ("those reports", "their
#: own deps"): no single node to put in their place
_NOT_ONE = re.compile(r"\b(?:those|these|each(?!\s+other)|every one of them|(?:their|its|his|her) own)\b",
                      re.IGNORECASE)
_CHAIN = [re.compile(p, re.IGNORECASE | re.DOTALL) for p in (
    # "most-cited paper -> list the papers citing it": an arrow between the steps
    r"^(?P<first>[^.?!]+?)\s*(?:->|→|=>|\s--\s)\s*(?P<second>.+)$",
    r"^(?P<first>.+?)(?:\s*[,;:.]\s*|\s+)(?:and\s+)?then\s*,?\s+(?P<second>.+)$",
    r"^(?P<first>.+?)(?:\s*,\s*|\s+)and\s+(?P<second>(?:tell|list|show|give|name|count|say|find|"
    r"what|which|who|whom|how|is|are|does|do|if)\b.+)$",
    r"^(?P<first>[^.?!]+?)(?:\s*[.:;?]|\s+[-–—])\s+(?P<second>(?:(?:and\s+)?(?:then\s+)?from\s+there\s*,?\s*)?"
    r"(?:what|which|who|whom|where|how|is|are|does|do|list|name|tell)\b.+)$",
    # "Take the event with the most women attending. Of the women at it, who went to …"
    r"^(?P<first>[^.?!]+?)\s*(?:[.:;?]|,\s*and)\s+(?P<second>(?:of|among|out of)\s+the\s+[a-z][\w-]*\s+"
    r"[^,]*\b(?:it|them|him|her|there|that one)\b[^,]*,\s*(?:which|who|what)\b.+)$",
    # "family w/ highest betweenness, list its marriage ties"
    r"^(?P<first>[^,.?!]+?)\s*,\s*(?P<second>(?:list|name|show|give)\b.+)$")]
_LEAD = re.compile(r"^\s*(?:first\s*,?\s*|ok(?:ay)?\s*,?\s*|so\s*,?\s*)?(?:please\s+)?"
                   r"(?:find|take|get|identify|pick|locate|determine|look up|work out|figure out)"
                   r"(?:\s+(?:me|out))?\s+", re.IGNORECASE)
_ASK_LEAD = re.compile(r"^\s*(?:please\s+)?(?:tell me|say|show me|give me|let me know)\s+",
                       re.IGNORECASE)
#: a ranking's top named as the thing removed: "if the busiest airport closed", "without the
#: most cited doc", "removing the node with the highest betweenness"
_REF = (r"the\s+(?:(?:most|least)\s+[\w-]+|[a-z]+est|best[- ]connected|highest[- ][\w-]+|"
        r"top(?:[- ]ranked)?)\s+[a-z][\w-]*|the\s+[a-z][\w-]*\s+(?:with|having|that has|who has)"
        r"\s+the\s+(?:most|highest|largest|biggest|fewest|lowest)\s+[\w-]+(?:\s+[\w-]+)?")
_REMOVED_REF = [re.compile(p, re.IGNORECASE) for p in (
    rf"\b(?:if|suppose|imagine|assume|what if)\s+(?:that\s+)?(?P<ref>{_REF})\s+{slots._GONE}",
    rf"\b(?:remov\w*|delet\w*|drop\w*|without|losing|lose|lost|clos(?:e|ed|ing)|"
    rf"knock\w* out|tak(?:e|ing) out|took out|shut(?:ting)? down)\s+(?P<ref>{_REF})\b")]


#: a count of the top node's partners asked after its ranking with no pronoun: "who has the
#: most joint papers in total, and with how many different people?", "which paper is mentioned
#: the most, and by how many different papers?", "…, and over how many sessions are they spread?"
_PARTNERS_AFTER = re.compile(r",?\s+and\s+(?P<prep>with|by|over|across|from|among|in)\s+how\s+many\s+"
                             r"(?P<kind>(?:different|distinct|separate|unique)\s+)?(?P<noun>[a-z]+)"
                             r"(?:\s+(?:are|is|was|were)\s+(?:they|it|he|she)\s+(?:spread|split|"
                             r"shared|divided))?\s*\?\s*$", re.IGNORECASE)


def _partners_asked(m: re.Match[str]) -> str:
    """The second ask put with the pronoun the chain takes: "… and how many different people
    is it linked to?" ("by how many …": the ones linked to it)."""
    kind = m.group("kind") or "different "
    if m.group("prep").lower() == "by":
        return f", and how many {kind}{m.group('noun')} point to it?"
    return f", and how many {kind}{m.group('noun')} is it linked to?"


@dataclass(frozen=True)
class Steps:
    """``first``: a ranking question whose top node the second step takes; ``second``: the
    rest of the question, :data:`SLOT` where that node stands."""

    first: str
    second: str
    #: the ranked node is named inside another ask ("the neighbours of the most cited doc"):
    #: a top several nodes share is left to the question planned whole
    embedded: bool = False
    #: the ranked node is named by a clause ("the account that received the most money"):
    #: the question planned whole would answer only that clause, so the planner asks where
    #: the first step names no single node
    clause: bool = False
    #: how many of the ranking's top nodes the second step takes ("the two best-connected
    #: stations": 2, put in as "A and B")
    count: int = 1
    #: the nodes the ranking leaves out ("the character with the most connections other
    #: than himself": the node the second step names)
    without: tuple[str, ...] = ()

    def then(self, node: str) -> str:
        return self.second.replace(SLOT, node)


#: a ranked node as another ask's argument: "how many docs does the most cited doc cite",
#: "which docs cite the most cited doc", "which community is the highest-degree depot in";
#: not a part of the graph ("of the largest component") nor a route ("the shortest path")
_PART = (r"(?!(?:component|community|cluster|group|piece|part|island|path|route|way|distance|"
         r"chain|edge|link|road|cable|connection|tie|value|number|one|ones)s?\b)")
#: a ranked node named by a clause that ends the question or its part: "the account that
#: received the most money", "the person who has the most mentors", "the country with the
#: highest total trade volume" (every word of the ranking kept for the first step)
_CLAUSE_REF = (rf"the\s+{_PART}[a-z][\w-]*\s+(?:with|having|that|who|which)\s+"
               rf"(?:(?!the\b)[\w'-]+\s+){{0,3}}the\s+(?:most|least|highest|lowest|largest|"
               rf"biggest|greatest|fewest|smallest)\b(?:\s+[\w-]+){{0,4}}?(?=\s*(?:[?.!,;]|$)|\s+(?:belongs?\s+"
               rf"to|falls?\s+in|in)\s*[?.!]*\s*$)")
#: words in -est that rank nothing ("the rest", "the forest")
_EST = (r"(?!(?:rest|interest|forest|contest|request|protest|test|guest|nest|west|chest|quest|"
        r"harvest|crest|arrest|conquest|pest|vest|zest|inquest|digest|suggest)\b)")
_SHORT_REF = (rf"the\s+(?:(?:most|least)\s+(?!(?:distinct|different|other|separate|unique|"
              rf"individual)\b)[\w-]+|{_EST}[a-z]+est|best[- ]connected|highest[- ][\w-]+)"
              rf"\s+{_PART}[a-z][\w-]*|the\s+{_PART}[a-z][\w-]*\s+(?:with|having|that has|who has)"
              rf"\s+the\s+(?:most|highest|largest|biggest|fewest|lowest)\s+[\w-]+")
#: a node named by its distance from another: "the stall closest to Bakery", "the town
#: farthest from Avon by road" (the first step's nearest or farthest node; a tie asks)
_NEAR_REF = (rf"the\s+{_PART}[a-z][\w-]*\s+(?:(?:that|which|who)\s+(?:is|lies)\s+)?"
             r"(?:closest|nearest|farthest|furthest)\s+(?:to|from)\s+(?:the\s+)?"
             r"(?:(?-i:[A-Z][\w'.-]*(?:\s+[A-Z0-9][\w'.-]*)*)|[a-z][\w'.-]*\d[\w'.-]*|[a-z][\w'.-]*)"
             r"(?:\s+(?:by|in)\s+(?:the\s+)?[a-z][\w-]*(?:\s+(?:distance|length|time))?)?")
_NODE_REF = rf"{_NEAR_REF}|{_CLAUSE_REF}|{_SHORT_REF}"
#: a verb's particle ("who tipped off the agent …", "who reports to the person …")
_PARTICLE = r"(?:\s+(?:off|up|out|on|to|with|from|for|at|about|by|into))?"
_EMBEDDED = [re.compile(p, re.IGNORECASE) for p in (
    # "which community is the highest-degree depot in", "which unit is the most tipped-off
    # agent in", "which aisle does the stall closest to Bakery belong to"
    rf"^\s*(?:which|what)\s+(?!(?:one|ones|node|nodes)\b)[a-z][\w-]*(?:\s+[a-z][\w-]*)?\s+"
    rf"(?:is|does|did|was)\s+"
    rf"(?P<ref>{_NODE_REF})\s+(?:in|on|belongs?\s+to|falls?\s+in|come\s+from|sit\s+in|part\s+of)"
    rf"\s*[?.!]*\s*$",
    rf"\b(?:of|from|to|for|around|near|about)\s+(?P<ref>{_NODE_REF})(?=\s|[?.!,]|$)",
    # "how many docs does the most cited doc cite" (not "do the most trips start")
    rf"\b(?:does|do|did)\s+(?P<ref>{_NEAR_REF}|the\s+(?:most|least)\s+[a-z]+ed\s+{_PART}[a-z][\w-]*|the\s+"
    rf"{_PART}[a-z][\w-]*\s+(?:with|having)\s+the\s+(?:most|highest|largest|biggest|fewest|"
    rf"lowest)\s+[\w-]+)\s+[a-z]+",
    # "which docs cite the most cited doc": the ranked thing is one of those asked about
    rf"^\s*(?:which|what)\s+(?P<noun>[a-z]+?)s?\s+(?!(?:is|are|was|were|has|have|had)\b)[a-z]+"
    rf"\s+(?P<ref>{_NODE_REF})\s*[?.!]*\s*$",
    # "who paid the account that received the most money": the asked ones act on it
    rf"^\s*(?:who|whom)\s+(?!(?:is|are|was|were|has|have|had|do|does|did)\b)[a-z]+{_PARTICLE}"
    rf"\s+(?P<ref>{_CLAUSE_REF})\s*[?.!]*\s*$")]


def steps(question: str, own: bool = False) -> Steps | None:
    """The two steps of ``question``, or None when it asks one thing (or its second step
    refers to a set, "those reports", not to the first step's node). With ``own``, the
    best-connected or most central node inside another ask is a first step too (the
    planner takes it when the question planned whole would answer the ranking alone:
    "which stall is farthest from the most central stall")."""
    start = _STARTING_AT.match(question)
    if start and _PRONOUN.search(start.group("rest")):  # "Starting at town5: find its closest
        #  neighbouring town by km, then that town's longest road": the node in its pronoun
        rest = _slotted_once(start.group("rest"), start.group("node"))
        found = steps(rest, own)
        return found if found is not None else None
    lead = _leading_ranked(question)
    if lead:  # "At the event with the biggest turnout, which woman there went to the most
        #       events": the ranking's node, then the nodes at it ranked
        there = re.match(r"(?:which|what)\s+(?:of\s+the\s+)?([a-z]+)\s+(?:there|at it|in it)\s+(.+)$",
                         lead.group("second").strip(), re.IGNORECASE)
        first = re.sub(r"^(?:at|in|on|for|from|among|amongst|of|within|inside)\s+", "",
                       lead.group("first").strip(), flags=re.IGNORECASE)
        if there:
            return _chain(f"Take {first}. Of the {_plural(there.group(1))} at it, which "
                          f"{there.group(2)}")
    if _FIGURE_ASKED.search(question):  # "which pair went most together, and how many was
        return None  # it?": the first answer's own figure, no second step
    question = _PARTNERS_AFTER.sub(_partners_asked, question)  # "…, and with how many people?"
    found = _chain(question) or _removed_top(question) or _top_two(question) or \
        (None if lead and not _PRONOUN.search(lead.group("second")) else
         _embedded(question, own))  # a leading clause's ranking, then no pronoun of its node:
    #                                 no node inside the second part ("… which woman there")
    if found is not None:
        found = _who_as_kind(found)
    return _left_out(_route_end(found)) if found is not None else None


def _who_as_kind(found: Steps) -> Steps:
    """"Take whoever has logged the most hours. Which other volunteers …": the first step
    ranks the kind of node the second names ("which volunteer has logged …"), never every
    node (on a two-mode graph a shift would top the hours)."""
    who = re.match(r"\s*who\s+(.+)$", found.first, re.IGNORECASE)
    other = re.search(r"\b(?:which|what|how\s+many)\s+other\s+([a-z]+?)s\b", found.second,
                      re.IGNORECASE)
    if who is None or other is None:
        return found
    return replace(found, first=f"Which {other.group(1).lower()} {who.group(1)}")


#: a node set before the question, which its pronoun then stands for: "Starting at town5:
#: find its closest neighbouring town, then …", "For Medici - list its ties, then …"
_STARTING_AT = re.compile(r"^\s*(?:starting|start|beginning|begin)\s+(?:at|from|with)\s+"
                          r"(?P<node>(?-i:[A-Z][\w'.-]*)|[a-z]+\d+|\d+)(?:\s*[:;—–]|\s+-+)\s*"
                          r"(?P<rest>.+)$",
                          re.IGNORECASE | re.DOTALL)


def _slotted_once(text: str, node: str) -> str:
    """``text`` with its first pronoun of a node replaced by ``node``."""
    m = _PRONOUN.search(text)
    if m is None:
        return text
    return _slotted(text[:m.end()]).replace(SLOT, node) + text[m.end():]


#: the second part asking only the first answer's figure: "…, and how many was it?", "…, and
#: what is it?", "… - how many?"
_FIGURE_ASKED = re.compile(r"[,;?-]\s*(?:and\s+|also\s+)?(?:how\s+many|how\s+much|what)\s+(?:was|is|were|"
                           r"are|'s)\s+(?:it|that|they|those|the\s+(?:count|number|total|figure|"
                           r"value))\s*[?.!]*\s*$|"
                           # "…: who's in it?", "… - who are they?", "…, names?": its members
                           # ("…, who are they?" after a count of partners: those partners)
                           r"[,;:?-]\s*(?:and\s+)?(?:who(?:'s|\s+is|\s+are)\s+in\s+(?:it|that|"
                           r"them|there)|names?(?:\s+(?:pls|please))?|"
                           # "… - how many in it?": the first answer's size
                           r"how\s+many\s+(?:are\s+|is\s+)?in\s+(?:it|that|them|there)|"
                           # "which 2 crews have the most assets in common? how many do they
                           # share": the pair's own count
                           r"how\s+many\s+(?:\w+\s+)?(?:do|did|does)\s+(?:they|the\s+two|both)\s+(?:share|"
                           r"have\s+in\s+common|have))\s*[?.!]*\s*$",
                           re.IGNORECASE)


#: a ranking's sentence, then one over a set it leaves ("… Of those it ships to, which …")
_OF_SENTENCE = re.compile(r"^(?P<first>[^.?!]+?)\s*[.:;?]\s+(?P<second>(?:of|among|amongst|out of)"
                          r"\b.+)$", re.IGNORECASE | re.DOTALL)


#: a ranking's node named in a leading clause, then a question about things at it: "At the
#: event with the biggest turnout, which woman there went to the most events overall?"
_LEADING_RANKED = re.compile(r"^(?P<first>(?:at|in|on|for|from|among|amongst|of|within|inside)\s+the\s+"
                             r"(?:[a-z][\w-]*\s+(?:with|having|that\s+has|that\s+had|which\s+has)\s+"
                             r"the\s+[^,?]+?|"
                             # "at the best-attended event", "in the busiest club"
                             r"(?:(?:most|least)\s+[\w-]+|best-[\w-]+|worst-[\w-]+|[a-z]+iest|"
                             # (not "in the largest component": a part of the graph, a scope;
                             # nor "of the busiest stations": a set, not one node)
                             rf"biggest|largest|smallest)\s+{_PART}[a-z][\w-]*(?<!s)))"
                             r"\s*,\s*(?P<second>(?:which|who|whom|what|how)\b.+)$",
                             re.IGNORECASE | re.DOTALL)


def _plural(noun: str) -> str:
    irregular = {"woman": "women", "man": "men", "person": "people", "child": "children"}
    low = noun.lower()
    if low in irregular.values() or (low.endswith("s") and not low.endswith("ss")):
        return noun  # "of the women there": already many
    if low in irregular:
        return irregular[low]
    if low.endswith("s"):
        return low
    return low[:-1] + "ies" if re.search(r"[^aeiou]y$", low) else low + "s"


def _leading_ranked(question: str) -> re.Match[str] | None:
    m = _LEADING_RANKED.match(question.strip())
    if m and not re.search(r"\b(?:with|having|that|which)\b", m.group("first")) and not re.match(
            r"\s*(?:at|in|on|for)\b", m.group("first"), re.IGNORECASE):
        return None  # "From the most central vertex, how far …": a place only at, in or on it
    return m if m and _RANKED.search(m.group("first")) else None


def unfollowed(question: str) -> tuple[str, str] | None:
    """(first, second) where the question chains a ranking and a second step about its
    answer ("Pick the port shipping to the most ports. Of those it ships to, which receives
    the most?") that :func:`steps` cannot read (a set, "those", not its one node): planned
    whole, it would answer the ranking alone, so the planner asks; else None."""
    if steps(question) is not None or _FIGURE_ASKED.search(question):
        return None
    m = _leading_ranked(question)
    if m:  # "At the event with the biggest turnout, how old is the youngest woman there"
        return m.group("first").strip(), m.group("second").strip()
    for rx in (*_CHAIN, _OF_SENTENCE):
        m = rx.match(question.strip())
        if m and _RANKED.search(m.group("first")) and not _PRONOUN.search(m.group("first")) \
                and not _ITS_SCORE.match(_ASK_LEAD.sub("", m.group("second").strip())) \
                and (_PRONOUN.search(m.group("second")) or _NOT_ONE.search(m.group("second"))):
            return m.group("first").strip(), m.group("second").strip()
    return None


#: a route's other end read into the ranking clause: "the shortest route from the depot that
#: ships the most tonnes to Hull" (the route goes to Hull; the depot ships the most overall)
_END_IN_FIRST = re.compile(r"\s+(?P<word>to|and)\s+(?P<end>(?:the\s+)?(?:(?-i:[A-Z][\w'.-]*"
                           r"(?:\s+[A-Z][\w'.-]*)*)|[a-z]+\d+))\s*[?.!]*\s*$", re.IGNORECASE)
_ROUTE_FROM = re.compile(rf"\b(?:path|route|way|distance|far|hops?|steps?|trip|journey)\b.*"
                         rf"\b(?P<word>from|between)\s+{SLOT}\s*[?.!]*\s*$", re.IGNORECASE)


def _route_end(two: Steps) -> Steps:
    """The route's end given back to the second step when the ranking clause took it."""
    end, route = _END_IN_FIRST.search(two.first), _ROUTE_FROM.search(two.second)
    if end is None or route is None or \
            (end.group("word").lower() == "and") != (route.group("word").lower() == "between"):
        return two
    first = two.first[:end.start()].rstrip() + "?"
    second = two.second[:route.end()].replace(
        SLOT, f"{SLOT} {end.group('word')} {end.group('end')}") + two.second[route.end():]
    return replace(two, first=first, second=second)


#: a ranking that leaves a node out: "other than himself", "except Valjean", "besides her"
_OTHER_THAN = re.compile(r"\s*,?\s*\b(?:other than|apart from|besides|except(?:\s+for)?|excluding|"
                         r"not counting|leaving out)\s+(?P<who>himself|herself|itself|themselves|"
                         r"him|her|them|(?-i:[A-Z][\w'.-]*)|[a-z]+\d+)\b", re.IGNORECASE)


def _left_out(two: Steps) -> Steps:
    """The first step with its exclusion taken out of the wording and kept as nodes: a
    reflexive ("other than himself") is the node the second step names, else the name."""
    first, second = two.first, two.second
    m = _OTHER_THAN.search(first)
    after = re.compile(re.escape(SLOT) + _OTHER_THAN.pattern, re.IGNORECASE).search(second)
    if m is not None:
        first = (first[:m.start()] + first[m.end():]).strip()
    elif after is not None:  # "… from the sailor with the most shipmates, other than himself"
        m = after
        second = second[:m.start()] + SLOT + second[m.end():]
    else:
        return two
    who = m.group("who")
    if who.lower() in ("himself", "herself", "itself", "themselves", "him", "her", "them"):
        names = [n for n in slots.named(second.replace(SLOT, " ")) if n]
        if len(names) != 1:
            return two
        who = names[0]
    return replace(two, first=first if first.endswith("?") else first + "?", second=second,
                   without=(who,))


#: the top two of a ranking: "the two best-connected stations", "the two members with the
#: most ties", "the top 2 most central nodes"
_TWO = re.compile(r"\bthe\s+(?:top\s+)?(?:two|2)\s+(?!(?:most|least)\s+(?:distant|remote|far|separated)\b|"
                  r"(?:farthest|furthest|closest|nearest)\b)"
                  r"(?P<rest>(?:(?:most|least)\s+[\w-]+|[a-z]+est|"
                  r"best[- ]connected|highest[- ][\w-]+)\s+(?P<n1>[a-z][\w-]*)|(?P<n2>[a-z][\w-]*)\s+"
                  r"(?:with|having|that have|who have)\s+the\s+(?:most|highest|largest|biggest|"
                  r"greatest)\s+[\w-]+)", re.IGNORECASE)
#: what two nodes are asked about together: a route between them, whether they are linked
_PAIRED = re.compile(r"\b(?:path|route|distance|far|hops?|apart|between|connected|linked|"
                     r"adjacent|common|share|neighbou?rs in common)\b", re.IGNORECASE)


def _top_two(question: str) -> Steps | None:
    """"What's the shortest path between the two best-connected rowers": the ranking, then
    the question on its top two nodes ("… between Greta and Amara")."""
    m = _TWO.search(question)
    if not m or not _PAIRED.search(question[:m.start()] + question[m.end():]):
        return None
    noun = m.group("n1") or m.group("n2")
    one = re.sub(r"ies$", "y", noun) if noun.endswith("ies") else re.sub(r"(?<!s)s$", "", noun)
    ref = "the " + m.group("rest").replace(noun, one, 1) if m.group("n2") else \
        "the " + m.group("rest")[: -len(noun)] + one
    rest = question[:m.start()] + SLOT + question[m.end():]
    return Steps(_as_ranking(ref), rest, embedded=True, clause=True, count=2)


def _embedded(question: str, own: bool = False) -> Steps | None:
    """A ranked node inside another ask; the best-connected or most central node the
    planner's own referents take (``slots.HUB``, ``slots.CENTRAL``) only as a group's
    member ("which community is the highest-degree depot in")."""
    for n, rx in enumerate(_EMBEDDED):
        m = rx.search(question)
        if not m:
            continue
        ref = m.group("ref")
        if n == 3 and not re.search(rf"\b{re.escape(m.group('noun'))}s?\b", ref, re.IGNORECASE):
            continue
        mine = bool(n) and slots.node(f"of {ref}") in (slots.HUB, slots.CENTRAL)
        if mine and not own:
            return None  # "the neighbours of the best-connected node": the planner's own slot
        rest = question[:m.start("ref")] + SLOT + question[m.end("ref"):]
        # "the colleagues of the person with the most colleagues" planned whole takes the
        # planner's own ranked node; "who calls the phone with the most callers" does not
        clause = n == 4 or (re.fullmatch(_CLAUSE_REF, ref, re.IGNORECASE) is not None
                            and re.fullmatch(_SHORT_REF, ref, re.IGNORECASE) is None) or \
            re.fullmatch(_NEAR_REF, ref, re.IGNORECASE) is not None or mine
        return Steps(_as_ranking(ref), _the_counted(rest, ref), embedded=True, clause=clause)
    return None


#: "who are they" after a ranking by a count of partners ("the grant with the fewest
#: researchers, who are they?"): the partners counted, not the ranked node
_THEY_ARE = re.compile(rf"^\s*(?:for\s+{SLOT}\s*,\s*|{SLOT}\s*[,:-]\s*)?(?:who|what|which)\s+"
                       rf"(?:are|were)\s+(?:they|them|{SLOT})\s*[?.!]*\s*$", re.IGNORECASE)
_COUNTED = re.compile(r"\b(?:most|fewest|least|largest number of|smallest number of)\s+"
                      r"(?:[a-z]+-)?(?:[a-z]+s|people)\b", re.IGNORECASE)


def _the_counted(rest: str, ranking: str) -> str:
    """The second step "who are they" as the ranked node's partners the ranking counts
    ("who are the backers of Gale"); else ``rest`` as it is."""
    counted = _COUNTED.search(ranking)
    if _THEY_ARE.match(rest) and counted:  # in the ranking's noun, which says the side
        return f"Who are the {counted.group(0).split()[-1]} of {SLOT}?"
    return rest


#: a second part asking only the ranked node's own score ("... and what is it", "and what's its
#: score"): the ranking answers it, with the score beside the node
_ITS_SCORE = re.compile(r"^(?:what|how (?:high|much|big|large))\s*(?:is|'s|was)?\s*(?:it|that|that score|"
                        r"the (?:score|value|figure|number)|its (?:score|value|figure))\s*[?.!]*$|"
                        r"^what (?:score|value) (?:is|was|does) it(?: have| get)?\s*[?.!]*$",
                        re.IGNORECASE)


#: the ranked node itself as a pronoun inside its own clause: "which town has the most km of
#: road touching it" (no earlier node it could stand for)
_OWN_IT = re.compile(r"(?<=\w)\s+(?:touching|attached\s+to|around|at|into|out\s+of|leaving|"
                     r"entering|on)\s+(?:it|them)\b", re.IGNORECASE)


#: the first step's node as a place the others were at: "list the women who were there"
_THERE = re.compile(r"\b(?:who|that|which)\s+(?:were|was|are|is)\s+there\b", re.IGNORECASE)
#: the first step's node's partners asked as "who were they" ("Which event had the most women
#: attend, and who were they?")
_WHO_THEY = re.compile(r"^\s*(?:who|what)\s+(?:were|are)\s+they\s*[?.!]*\s*$", re.IGNORECASE)


def _chain(question: str) -> Steps | None:
    for rx in _CHAIN:
        m = rx.match(question.strip())
        if not m:
            continue
        first, second = m.group("first").strip(), _THERE.sub("linked to it", m.group("second").strip())
        second = _WHO_THEY.sub("who is linked to it?", second)
        if not _RANKED.search(first) or _PRONOUN.search(_OWN_IT.sub(" ", first)) or \
                _NOT_ONE.search(second):
            continue
        second = _ASK_LEAD.sub("", second)
        if _ITS_SCORE.match(second):
            return None
        named = _named_again(first, second)
        if named is not None:  # "how many trails meet at that hut": the hut found first
            second = named
        elif not _PRONOUN.search(second):
            continue
        # a chain's second step builds on the first's node: planned whole, the question
        # would answer the first part alone, so a first step that names no node asks
        return Steps(_as_ranking(first), _the_counted(_question_form(_slotted(second)), first),
                     clause=True)
    return None


def _named_again(first: str, second: str) -> str | None:
    """``second`` with the first step's node named again by its noun ("that hut", "this
    one", "the same station") put as :data:`SLOT`; None when it names none so."""
    nouns = {"one", "node"}
    for m in (_RANKED.search(first), re.search(r"\b(?:which|what)\s+([a-z][\w-]*)", first,
                                                 re.IGNORECASE)):
        if m is None:
            continue
        word = re.match(r"\s*([a-z][\w-]*)", first[m.end():], re.IGNORECASE) if m.re is _RANKED \
            else re.match(r"([a-z][\w-]*)", m.group(1), re.IGNORECASE)
        if word:
            nouns.add(word.group(1).lower())
    said = re.compile(rf"\b(?:that|this|the same)\s+(?:{'|'.join(map(re.escape, sorted(nouns)))})"
                      r"\b(?!\s+(?:of|with|who|which|that)\b)", re.IGNORECASE)
    if not said.search(second) or _PRONOUN.search(second):
        return None
    return said.sub(SLOT, second)


def _removed_top(question: str) -> Steps | None:
    for rx in _REMOVED_REF:
        m = rx.search(question)
        if m:
            ref = m.group("ref")
            rest = question[:m.start("ref")] + SLOT + question[m.end("ref"):]
            return Steps(_as_ranking(ref), rest)
    return None


#: a walk's first leg to a ranked node: "start at town0 and go to the closest town by km",
#: "starting from Elm, head to the nearest hut"
_GO_TO = re.compile(r"(?:start(?:ing)?|begin(?:ning)?)\s+(?:at|from|in)\s+(?:the\s+)?(?P<node>\S+?)"
                    r"\s*,?\s+(?:and\s+)?(?:then\s+)?(?:go|move|drive|walk|head|travel|sail|fly|ride|"
                    r"step|hop|hike)\s+(?:on\s+)?to\s+(?:the\s+)?(?P<end>closest|nearest|farthest|"
                    r"furthest)\s+(?P<noun>[a-z][\w-]*)(?P<rest>(?:\s+(?:by|in)\s+[\w\s-]+)?)$",
                    re.IGNORECASE)


def _as_ranking(part: str) -> str:
    """The first step as a question: "Find the host with the most links" -> "Which host has
    the most links?", "the most cited paper" -> "Which is the most cited paper?"."""
    text = _LEAD.sub("", part.strip()).rstrip(" ,;:.?!")
    m = re.match(r"(?:whoever|whichever)\s+(.+)$", text, re.IGNORECASE)
    if m:
        return f"Who {m.group(1)}?"
    m = _GO_TO.match(text)
    if m:  # "start at town0 and go to the closest town by km"
        to = "from" if m.group("end").lower() in ("farthest", "furthest") else "to"
        return f"Which {m.group('noun')} is {m.group('end')} {to} {m.group('node')}{m.group('rest')}?"
    m = re.match(r"(?:find\s+|get\s+)?(?P<node>(?-i:[A-Z][\w'.-]*)|[a-z]+\d+|\d+)(?:'s|’s)\s+"
                 r"(?P<end>closest|nearest|farthest|furthest)\s+(?:neighbou?ring\s+|adjacent\s+)?"
                 r"(?P<noun>[a-z][\w-]*?)s?(?P<rest>\s+(?:by|in)\s+.+)?$", text, re.IGNORECASE)
    if m:  # "find town5's closest neighbouring town by km"
        to = "from" if m.group("end").lower() in ("farthest", "furthest") else "to"
        node = m.group("node")
        node = node[:1].lower() + node[1:] if re.fullmatch(r"[A-Z][a-z]+\d+", node) else node
        return (f"Which {m.group('noun')} is {m.group('end')} {to} {node}"
                f"{m.group('rest') or ''}?")
    m = re.match(r"the\s+([a-z][\w-]*)\s+(?:with|having)\s+(.+)$", text, re.IGNORECASE)
    if m:
        return f"Which {m.group(1)} has {m.group(2)}?"
    m = re.match(r"the\s+([a-z][\w-]*)\s+(?:(?:who|that|which)\s+(?:is|lies)\s+)?((?:closest|"
                 r"nearest|farthest|furthest)\s.+)$", text, re.IGNORECASE)
    if m:  # "the stall closest to Bakery"
        return f"Which {m.group(1)} is {m.group(2)}?"
    m = re.match(r"the\s+([a-z][\w-]*)\s+(?:who|that|which)\s+(.+)$", text, re.IGNORECASE)
    if m:
        return f"Which {m.group(1)} {m.group(2)}?"
    if re.match(r"the\b", text, re.IGNORECASE):
        return f"Which is {text}?"
    if re.match(rf"(?:{_RANKED.pattern})[\w-]*\s+[a-z][\w-]*$", text, re.IGNORECASE):
        return f"Which is the {text}?"  # "most-called ext — who does it call": a noun phrase
    return text[:1].upper() + text[1:] + "?"


def _slotted(second: str) -> str:
    """``second`` with each pronoun of the first step's node replaced by :data:`SLOT`."""
    def one(m: re.Match[str]) -> str:
        word = re.sub(r"\s+", " ", m.group(0).lower())
        if word in ("they've", "theyve", "they have"):
            return f"{SLOT} has"
        if word in ("they're", "theyre", "they are", "it's", "its'"):
            return f"{SLOT} is"
        if word in ("its", "their", "his"):
            return f"{SLOT}'s"
        if word == "there" and re.search(r"\b(?:meet|meets|join|connect|end|stop)\s$",
                                         second[:m.start()]):
            return f"at {SLOT}"
        if word == "there" and re.search(r"\b(?:went|go|goes)\s$", second[:m.start()]):
            return f"to {SLOT}"
        if word == "her":  # "her team" is hers; "work with her" is she
            after = second[m.end():]
            return f"{SLOT}'s" if re.match(r"\s+[a-z]", after) and not re.match(
                r"\s+(?:and|or|in|on|at|to|from|with|by|for|of|is|was|has)\b", after) else SLOT
        return SLOT
    return _PRONOUN.sub(one, second)


_VERB_AFTER = re.compile(rf"^(?P<ask>which|what|who|whom)(?P<noun>(?:(?<=which)|(?<=what))\s+(?!(?:has|have|had|did|does|"
                         rf"do|is|are|was|were)\b)[a-z][\w-]*)?\s+{SLOT}"
                         rf"\s+(?P<verb>[a-z]+)\b", re.IGNORECASE)


def _question_form(second: str) -> str:
    """"which papers <node> cites" -> "which papers does <node> cite" (the planner reads the
    question form); "everyone <node> has worked with" -> "who has <node> worked with"."""
    text = second.strip().rstrip(" .!")
    text = re.sub(rf"^(?:list|name|show(?: me)?)\s+(?:everyone|everybody|all(?: the)? [a-z]+|"
                  rf"every [a-z]+)\s+(?:that |who |whom )?{SLOT}\s+(?:has\s+)?", f"who has {SLOT} ",
                  text, flags=re.IGNORECASE)
    text = re.sub(rf"^(?:list|name|show(?: me)?)\s+(?:all\s+)?(?:the\s+)?([a-z][\w-]*)\s+"
                  rf"(?:that\s+|which\s+)?(?={SLOT}\s+[a-z]+)", r"which \1 ", text,
                  flags=re.IGNORECASE)  # "list the docs <node> cites"
    text = re.sub(rf"^(which|what)(\s+[a-z][\w-]*)?\s+{SLOT}\s+(is|was)\b", rf"\1\2 \3 {SLOT}",
                  text, flags=re.IGNORECASE)  # "which community <node> is in"
    text = re.sub(rf"^(which|what)(\s+[a-z][\w-]*)?\s+(?:are|were)\s+{SLOT}", rf"\1\2 is {SLOT}",
                  text, flags=re.IGNORECASE)  # "which community are they in"
    m = _VERB_AFTER.match(text)
    if m and m.group("verb").lower() not in {"has", "is", "was", "have", "does", "did", "can",
                                             "could", "would", "will"}:
        verb = m.group("verb")
        if verb.endswith("ed"):
            head = f"{m.group('ask')}{m.group('noun') or ''} did {SLOT} {_stem_past(verb)}"
        else:
            head = f"{m.group('ask')}{m.group('noun') or ''} does {SLOT} {_stem(verb)}"
        text = head + text[m.end():]
    return text if text.endswith("?") else text + "?"


def _stem(verb: str) -> str:
    if re.search(r"(?:s|sh|ch|x|z)es$", verb):
        return verb[:-2]
    if verb.endswith("ies"):
        return verb[:-3] + "y"
    return verb[:-1] if verb.endswith("s") and not verb.endswith("ss") else verb


def _stem_past(verb: str) -> str:
    return verb[:-1] if verb.endswith("ed") and verb[-3:-2] in "aeiou" else verb[:-2]


#: a node's edge values summed is the ranking asked ("the most joint tickets in total"), not
#: one edge's value ("the depot with the longest road")
_TOTAL = re.compile(r"\b(?:in total|total|overall|in all|altogether|combined|summed|sum of)\b|"
                    r"\b(?:most|least)\s+(?![a-z]+(?:ive|ful|ous|able|ible|ent|ant|al)\b)"
                    r"(?:[a-z]+-)?[a-z]+(?:\s+[a-z]+s)?(?:\s+(?:at|in|on|for|across|over)\s+(?:the\s+|this\s+|"
                    r"our\s+)?[a-z-]+)?\s*[?.!]*$|"
                    r"\b(?:most|least)\s+[a-z_]+\s+of\s+(?:road|edge|link|line|track|trail|cable|"
                    r"pipe|route|street|tie)s?\b",  # "the most km of road touching it"
                    re.IGNORECASE)  # "received the most money", "the most co-written papers"


def top_node(results: list[Observed], question: str = "", count: int = 1,
             without: tuple[str, ...] = ()) -> list[str]:
    """The node the first step's rankings put on top: one id; every tied one when several
    share the top (or every top when its rankings disagree); none when nothing was ranked.
    With ``count`` 2, the top two, or every node tied with the second. ``without``: nodes
    left out of the ranking (by id or name, case-blind)."""
    tops: list[list[str]] = []
    out = {str(n).lower() for n in without}
    measured = [o for o in results if o.tool == "nodes_by_measure" and o.ok]
    for o in measured or results:  # the measure asked ("the fewest links") over a whole ranking
        if o.tool == "edge_attribute_totals" and not _TOTAL.search(question):
            return []
        rows = [r for r in _ranked(o, question) if str(r[0]).lower() not in out]
        if len(rows) >= count:
            best = rows[count - 1][1]
            if count > 1 and len(rows) == count and o.tool != "nodes_by_measure":
                tops.append([str(n) for n, _ in rows] + ["…"])  # a cut list: a tie unseen
                continue
            tops.append([str(n) for n, v in rows if v >= best] if count > 1
                        else [str(n) for n, v in rows if v == best])
    if any(t != tops[0] for t in tops):  # PageRank and betweenness name different nodes
        return sorted({n for t in tops for n in t})
    return tops[0] if tops else []


def rows(o: Observed, question: str = "") -> list[tuple[Any, Any]]:
    """A ranking result's (node, value) rows, best first; none for a result that ranks
    nothing."""
    return _ranked(o, question)


def _ranked(o: Observed, question: str = "") -> list[tuple[Any, Any]]:
    if not o.ok:
        return []
    if o.tool == "hop_counts":  # "the stall closest to Bakery": the nearest (or farthest)
        d = o.typed(HopCountsResult)
        f = d.farthest
        far = re.search(r"\b(?:farthest|furthest)\b", question, re.IGNORECASE)
        if f is None and far:  # in hops: the ring at the eccentricity, when it lists all
            ring = next((r for r in d.by_distance if r.distance == d.eccentricity), None)
            if ring is None or d.farther or len(ring.nodes) != ring.count:
                return []
            return [(r.node, ring.distance) for r in ring.nodes]
        if f is None:
            return []
        if far:
            return [(n, f.distance) for n in f.nodes]
        return [(n, f.nearest_distance) for n in f.nearest or []]
    if o.tool == "nodes_by_measure":
        return [(r.node, r.value) for r in o.typed(NodesByMeasureResult).nodes]
    if o.tool == "degree_analysis":
        return [(r.node, r.degree) for r in o.typed(DegreeAnalysisResult).top]
    if o.tool == "node_centrality":
        return [(r.node, r.score) for r in o.typed(NodeCentralityResult).top]
    if o.tool == "edge_attribute_totals":
        d = o.typed(EdgeAttributeTotalsResult)
        if d.node is not None and d.partner is None:  # "who does Valjean appear with most
            #  often, and …": the other end of the node's heaviest (lightest) edge
            low = re.search(r"\b(?:least|weakest|lightest|fewest|smallest|lowest)\b", question,
                            re.IGNORECASE)
            rows = (d.min_edges if low else d.max_edges) or []
            node = str(d.node)
            return [(str(e.target) if str(e.source) == node else str(e.source), e.value)
                    for e in rows]
        return [] if d.node is not None else [(r.node, r.total) for r in d.top_nodes]
    return []


def as_name(node: str) -> str:
    """``node`` written so the planner reads it as a name (search_node matches case-blind):
    "roach" -> "Roach"."""
    return node if node[:1].isupper() or node[:1].isdigit() else node[:1].upper() + node[1:]


def joined(first: str, node: str, second: str) -> str:
    """Both steps' answers: the ranking that names ``node``, then the second step on it."""
    return f"{first}\n\nThen, for **{node}**: {second}"
