"""How a question asks about single failures of the whole graph (the offline planner's
``connectivity`` intent answers them from its cut points and bridges):

* :data:`ONE_LOST_SPLITS` -- which one node (or edge) would split the graph on its own: "which
  huts are cut points", "which quay, if it shut, would split the canal network", "lose one
  and some huts get cut off";
* :data:`SOME_ONE_SPLITS` -- whether some single one would split it, Yes or No: "is there any
  single port whose closure would cut the ferry network into pieces";
* :data:`ANY_ONE_FAILS` -- whether the graph survives the loss of any single one, Yes or No:
  "is the network still connected if any one station fails", "would it stay connected if
  any single link went down".

The noun each names (``noun``: "quay", "link") says whether nodes or edges fail.

Example::

    >>> ANY_ONE_FAILS.search("Is it still connected if any one quay fails?").group("noun")
    'quay'
    >>> ONE_LOST_SPLITS.search("which pump, if it failed, would cut some pumps off?").group("noun")
    'pump'
    >>> ONE_LOST_SPLITS.search("Which species, if removed, would split the web?").group("noun")
    'specie'
    >>> bool(ONE_LOST_SPLITS.search("which huts are cut points?"))
    True
"""

from __future__ import annotations

import re

#: a node or an edge going out of service
_LOST = (r"(?:vanish(?:es|ed)?|fail(?:s|ed)?|shut(?:s)?(?: down)?|clos(?:es|ed|e)|(?:went|goes|go) (?:down|offline)|"
         r"broke(?: down)?|breaks?(?: down)?|left|leaves?|quit(?:s)?|dropped|drops? out|removed|"
         r"deleted|lost|cut|severed|cancell?ed|collapsed?|collapses|died|dies|disappeared|"
         r"disappears|tripped|trips|stopped(?: \w+ing)?|stops(?: \w+ing)?)")
#: the graph coming apart
_SPLIT = (r"(?:split|splits|disconnect\w*|break\w*(?: \w+){0,3}? apart|fragment\w*|cut\b[^?]*?\boff|"
          # "would leave some other family with no marriage link to the rest"
          r"leav\w*\s+(?:\w+\s+){0,4}?(?:with\s+no|without\s+(?:a|any))\s+(?:[\w-]+\s+){0,2}?"
          r"(?:links?|ties?|connections?|routes?|paths?)\b|"
          r"isolat\w*|strand\w*|separat\w*|fall\w* apart|in (?:two|several|more) pieces|"
          # "leaves some site unable to reach sites it could reach before"
          r"(?:unable|no\s+longer\s+able)\s+to\s+(?:reach|get\s+to)|can(?:no|')t\s+(?:reach|get\s+to)|"
          # "would leave some other sites unreachable", "could no longer reach each other"
          r"unreachable|(?:could|would|can)(?:n't|\s+not|\s+no\s+longer)\s+(?:be\s+)?(?:reach\w*|"
          r"get\s+to)|no\s+longer\s+(?:be\s+)?(?:reach\w*|connected|linked|joined)|"
          r"in(?:to)? (?:\w+ )?(?:pieces|parts|bits|halves|two))")

#: nodes a removal leaves apart from the rest: "cut off", "stranded", "lose their link to the
#: rest" (the what-if intent's trigger and its render read the same words)
LEFT_APART = (r"(?:cut off|cut\s+(?:any|some|a|an|one|anyone|anybody|anything|somebody|someone)\s+"
              r"(?:[a-z-]+\s+)?off\b|stranded|lose (?:their|its|his|her|the|every|all|any) (?:only )?"
              r"(?:links?|connections?|ties?) to the (?:rest|main)|lose touch with the rest|"
              # "would end up separated from the main cast"
              r"(?:end up |be |are |get )?(?:separated|disconnected|isolated) from the (?:rest|"
              r"main)\b)")

ONE_LOST_SPLITS = re.compile(
    r"\bcut[- ]points?\b|\bcut[- ]vertex\b|"
    rf"^\s*(?:[\w-]+\s*:\s*)?(?:so\s+|and\s+)?(?:which|what)\s+(?:single\s+|one\s+|individual\s+)?(?P<noun>[a-z]+?)s?\b"
    rf"(?:\s+[\w-]+){{0,2}}?\s*,?\s*(?:i\.?e\.?,?\s+|that\s+is,?\s+)?(?:if|when|once|should)\s+"
    rf"(?:(?:it|they|he|she|one|that|just one|only one)\s+"
    rf"(?:\w+\s+)?)?(?:were\s+|was\s+|is\s+|got\s+|gets\s+|had\s+|went\s+)?{_LOST}\b[^?]*?\b{_SPLIT}|"
    rf"^\s*(?:so\s+|and\s+)?(?:which|what|how\s+many)\s+(?:[\w-]+\s+){{0,2}}?(?P<noun3>[a-z]+?)s?\b"
    rf"[^?]*?\b(?:removing|losing|dropping|deleting|taking\s+out|closing|cutting|shutting|"
    rf"blocking)\s+(?:any\s+|just\s+|only\s+)?one\s+of\s+them\b[^?]*?\b{_SPLIT}|"
    # "how many co-appearance links are the ONLY thing tying some characters to the rest"
    rf"^\s*(?:so\s+|and\s+)?(?:which|what|how\s+many)\s+(?:[\w-]+\s+){{0,2}}?(?P<noun7>[a-z]+?)s?(?=\s)"
    rf"[^?]*?\bthe\s+only\s+(?:thing|link|tie|connection|way|route)s?\s+(?:tying|linking|"
    rf"connecting|joining|holding)\b|"
    rf"\blos(?:e|ing) (?:any |just |only )?one\b[^?]*?\b(?:get|gets|are|is|become|becomes|end up)?\s*"
    rf"(?:cut off|disconnected|isolated|stranded|separated|split off)\b|"
    # "which families hold the marriage network together - take one out and it falls apart"
    rf"^\s*(?:so\s+|and\s+)?(?:which|what)\s+(?P<noun4>[a-z]+?)s?\s+(?:hold|holds|keep|keeps)\s+"
    rf"(?:the\s+)?(?:[\w-]+\s+){{0,3}}?together\b|"
    # "how many individual road segments are there where, if that one segment got closed,
    # the network would fall into two parts"
    rf"^\s*(?:so\s+|and\s+)?how\s+many\s+(?:individual\s+|single\s+|separate\s+)?(?:[a-z]+\s+)?"
    rf"(?P<noun6>[a-z]+?)s?\s+(?:are\s+there\s+)?(?:where|such\s+that|for\s+which|whose|that)\b"
    rf"[^?]*?\b(?:if|when|once)\b[^?]*?\b{_SPLIT}|"
    # "how many individual roads are critical, in the sense that closing just that one road
    # leaves some site unable to reach …"
    rf"^\s*(?:so\s+|and\s+)?how\s+many\s+(?:individual\s+|single\s+|separate\s+)?(?:[a-z]+\s+)?"
    rf"(?P<noun8>[a-z]+?)s?\s+(?:are|is)\s+(?:critical|essential|vital|crucial|indispensable)\b"
    rf"[^?]*?\b(?:clos|los|remov|cut|drop|delet|block|shut|tak)\w*\s+(?:out\s+)?(?:just\s+|only\s+)?"
    rf"(?:that|this|one|a\s+single)\b[^?]*?\b{_SPLIT}|"
    # "how many crossings would split the network if that one crossing were cancelled"
    rf"^\s*(?:so\s+|and\s+)?how\s+many\s+(?:individual\s+|single\s+|separate\s+)?(?:[a-z]+\s+)?"
    rf"(?P<noun9>[a-z]+?)s?\s+(?:would|could|will|might)\s+(?:\w+\s+)?{_SPLIT}[^?]*?\b(?:if|when|once)\s+"
    rf"(?:that|this|it|one|a\s+single|just\s+one|only\s+one)\b|"
    # "which roads would split the network if closed"
    rf"^\s*(?:so\s+|and\s+)?(?:which|what)\s+(?:individual\s+|single\s+)?(?:[a-z-]+\s+)?"
    rf"(?P<noun10>[a-z]+?)s?\s+(?:would|could|will|might)\s+(?:each\s+|on\s+(?:its|their)\s+own\s+)?"
    rf"{_SPLIT}[^?]*?\b(?:if|when|once)\s+(?:(?:it|they)\s+(?:were|was|is|are|got|get)\s+)?{_LOST}\b|"
    # "how many road links have no backup route", "which roads have no alternative"
    rf"^\s*(?:so\s+|and\s+)?(?:which|what|how\s+many)\s+(?:individual\s+|single\s+)?(?:[a-z-]+\s+)?"
    rf"(?P<noun11>[a-z]+?)s?\s+(?:have|has|had)\s+no\s+(?:backup|back-up|alternative|alternate|"
    rf"spare|redundant|fallback|second|other)(?:\s+(?:routes?|paths?|ways?(?:\s+round)?|links?|"
    rf"connections?|options?))?\b|"
    # "which co-star pairings are the single thread between two parts of the network"
    rf"^\s*(?:so\s+|and\s+)?(?:which|what|how\s+many)\s+(?:[a-z-]+\s+)?(?P<noun12>[a-z]+?)s?\s+"
    rf"(?:are|is)\s+(?:the\s+)?(?:single|only|lone|one|sole|last)\s+(?:threads?|links?|ties?|"
    rf"connections?|bridges?|routes?|paths?|lifelines?)\s+(?:between|holding|joining|linking|"
    rf"connecting|tying)\b|"
    # "how many lines are there where a single trip on its own splits the grid"
    rf"^\s*(?:so\s+|and\s+)?how\s+many\s+(?:individual\s+|single\s+)?(?:[a-z-]+\s+)?"
    rf"(?P<noun13>[a-z]+?)s?\s+(?:are\s+there\s+)?(?:where|such\s+that|for\s+which|whose)\s+"
    rf"(?:a|one|its|the)\s+(?:single\s+|lone\s+)?(?:trip|failure|outage|break|fault|loss|closure|"
    rf"cut|removal|shutdown)\b[^?]*?\b{_SPLIT}|"
    # "which cable segments are single points of failure", "what stations are critical points
    # of failure"
    rf"^\s*(?:so\s+|and\s+)?(?:which|what)\s+(?:[a-z]+\s+)?(?P<noun5>[a-z]+?)s?\s+(?:is|are|"
    rf"would\s+be)\s+(?:the\s+|a\s+)?(?:single|critical|lone)\s+points?\s+of\s+failure\b",
    re.IGNORECASE)

ANY_ONE_FAILS = re.compile(
    r"\b(?:connected|in one piece|one piece|linked(?: up)?|together|intact)\b[^?]*?\b(?:if|when|after)\s+"
    rf"(?:any|every|each)\s+(?:one\s+|single\s+|individual\s+)?(?P<noun>[a-z]+?)s?\s+(?:\w+\s+)?"
    rf"(?:were\s+|was\s+|is\s+|got\s+|gets\s+)?{_LOST}\b|"
    r"\b(?:survive|withstand|tolerate|robust to|resilient to)\s+(?:the\s+)?(?:loss|failure|closure|"
    r"removal)\s+of\s+(?:any|every|each)\s+(?:one\s+|single\s+)?(?P<noun2>[a-z]+?)s?\b|"
    r"\b(?:survive|withstand|tolerate|robust to|resilient to)\s+(?:any\s+)?(?:one|a single|single)\s+"
    r"(?P<noun3>[a-z]+?)s?\s+(?:failure|loss|closure|outage)s?\b",
    re.IGNORECASE)


SOME_ONE_SPLITS = re.compile(
    r"^\s*(?:[\w-]+\s*(?:--|[-–—:])\s*)?(?:so\s+|and\s+)?(?:is|are)\s+there\s+(?:any|a|one)\s+(?:single\s+|one\s+|individual\s+)?"
    rf"(?P<noun>[a-z]+?)s?\s+(?:whose|that|which|who)\b[^?]*?\b{_SPLIT}",
    re.IGNORECASE)

#: all three, without their named groups (to join with other patterns)
PLAIN = re.sub(r"\(\?P<\w+>", "(?:", f"{ANY_ONE_FAILS.pattern}|{ONE_LOST_SPLITS.pattern}|"
                                     f"{SOME_ONE_SPLITS.pattern}")


def asked_noun(question: str) -> str | None:
    """The noun a single-failure question names ("quay", "link"), or None."""
    for rx in (ANY_ONE_FAILS, ONE_LOST_SPLITS, SOME_ONE_SPLITS):
        m = rx.search(question)
        if m:
            noun = next((g for g in m.groups() if g), None)
            # "stretches", "branches": the stem of a plural in -es
            return noun[:-1] if noun and re.search(r"(?:ch|sh|x|ss)e$", noun) else noun
    return None


def asked(question: str) -> bool:
    """Whether the question asks about single failures of the whole graph."""
    return bool(ANY_ONE_FAILS.search(question) or ONE_LOST_SPLITS.search(question)
                or SOME_ONE_SPLITS.search(question))
