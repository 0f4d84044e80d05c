"""Whether something starting at one node can end up at another, asked in the data's own
words ("can a shipment that starts at Lisburn ever end up in Aldgate", "can a pallet leaving
Dalby ever make it to Ashwell", "could goods from Fore ever end up at Ennis"): a path from
the first to the second, following the edges' direction on a directed graph, whatever the
table's columns are called.

    >>> as_path("Can a shipment that starts at Lisburn ever end up in Aldgate?")
    'Is there a path from Lisburn to Aldgate?'
    >>> as_path("can a pallet leaving Dalby ever make it to Ashwell?")
    'Is there a path from Dalby to Ashwell?'
    >>> as_path("If I start at v7 and follow the links, can I get to v3?")
    'Is there a path from v7 to v3 following the edges?'
    >>> as_path("can Dalby reach Ashwell if Corfe closes?")
    'can Dalby reach Ashwell if Corfe closes?'
"""

from __future__ import annotations

import re

#: a node: capitalised words, an id with a digit, or a lower-case word
_NODE = r"((?-i:[A-Z][\w.-]*(?: [A-Z][\w.-]*)*)|[a-z][\w.-]*\d[\w.-]*|[a-z]{2,}|\d+)"
#: where the thing starts: "that starts at", "leaving", "shipped from", "from"
_START = (r"(?:(?:that|which)\s+(?:starts?|leaves?|departs?|begins?|originates?|sets?\s+off)\s+"
          r"(?:at|from|in)\s+|(?:starting|leaving|departing|originating|shipped|sent|coming|"
          r"dispatched|setting\s+off)\s+(?:(?:at|from|in|out\s+of|with)\s+)?|(?:from|out\s+of|in|at)\s+|"
          # "a patient first seen at Ashby", "a case registered in Leeds"
          r"(?:first\s+)?(?:seen|treated|registered|admitted|booked|based|logged|opened|raised)\s+"
          r"(?:at|in|by)\s+)")
#: how it travels, in lower-case words only ("through onward referrals (one clinic referring
#: on to the next)"); a node named there ("through Corfe") is a constraint, never dropped
_ALONG = (r"(?:\s+(?:through|via|by|along|following|using)\s+(?:(?-i:[a-z][a-z'-]*)\s*){1,5}"
          r"(?:\((?-i:[^()A-Z0-9]*)\))?)?")
#: where it ends: "ever end up in", "make it to", "reach", "get to"
_ARRIVE = (r"(?:ever\s+|still\s+|eventually\s+|possibly\s+|somehow\s+)*(?:end\s+up\s+(?:at|in|with)|"
           r"reach|get\s+to|make\s+it\s+to|arrive\s+(?:at|in)|find\s+its\s+way\s+to|"
           r"wind\s+up\s+(?:at|in)|be\s+delivered\s+to|turn\s+up\s+(?:at|in)|"
           # "get forwarded along until it reaches emp00"
           r"get\s+(?:forwarded|passed|sent|handed|relayed)\s+(?:along\s+|on\s+)?(?:until\s+it\s+"
           r"reaches|all\s+the\s+way\s+to|to))")
_REACH = re.compile(
    rf"^\s*(?:can|could|does|do|did|will|would|might)\s+(?:a|an|the|any|some)?\s*"
    rf"(?:[a-z-]+\s+){{0,2}}?{_START}(?:the\s+)?{_NODE}\s+{_ARRIVE}\s+(?:the\s+)?{_NODE}"
    r"(?:\s+(?:at all|eventually|somehow|in the end|in the end at all))?" + _ALONG +
    r"\s*[?.!]*\s*$", re.IGNORECASE)
#: words in a node's place that name none
_NOT_NODES = frozenset({"it", "there", "here", "anywhere", "everywhere", "them", "us", "one"})


#: the asker starting out: "if I start at v7 and follow the links, can I get to v3", "starting
#: from A and following the edges, could you reach B"
_SET_OUT = re.compile(
    rf"^\s*(?:if|when|say|suppose)?\s*(?:i|you|we|one)?\s*(?:start|starting|begin|beginning|set "
    rf"off|setting off)\s+(?:at|from|in|on)\s+(?:the\s+)?{_NODE}\s*,?\s*(?:and\s+)?"
    rf"(?:(?:only\s+)?(?:follow|following|go|going|move|moving|walk|walking|click|clicking)\s+"
    rf"(?:along\s+)?(?:the\s+)?(?:[a-z-]+\s+){{0,2}}?(?:links?|edges?|arrows?|ties|connections|"
    rf"directions?|way|hyperlinks?)\s*,?\s*)?(?:then\s+)?(?:can|could|will|would|do|does)\s+"
    rf"(?:i|you|we|one)\s+{_ARRIVE}\s+(?:the\s+)?{_NODE}\s*[?.!]*\s*$", re.IGNORECASE)


#: what one node says or sends, passed on: "if people pass notes along, could something Bea
#: writes end up with Tomas", "can a rumour Ana starts reach Bo"
_PASSED_ON = re.compile(
    rf"^\s*(?:if\b[^,?]*,\s*)?(?:can|could|would|might|will|does|do)\s+(?:something|anything|a\s+[a-z]+|"
    rf"an\s+[a-z]+|the\s+[a-z]+|what)\s+(?:that\s+)?{_NODE}\s+(?:writes|sends|says|posts|passes\s+on|"
    rf"tells|shares|starts|spreads|knows|hears|mentions|forwards)\s+(?:ever\s+|eventually\s+|somehow\s+)?"
    rf"(?:end\s+up\s+(?:with|at|in)|reach|get\s+to|make\s+it\s+to|find\s+its\s+way\s+to)\s+(?:the\s+)?"
    rf"{_NODE}(?:\s+(?:at all|eventually|in the end))?\s*[?.!]*(?:\s*,?\s*(?:y/n|yes or no))?\s*[?.!]*\s*$",
    re.IGNORECASE)


def as_path(question: str) -> str:
    """``question`` as "Is there a path from X to Y?" when it asks whether what starts at X
    can end up at Y; anything else unchanged."""
    m = _PASSED_ON.match(question)
    if m and not {m.group(1).lower(), m.group(2).lower()} & _NOT_NODES:
        return f"Is there a path from {m.group(1)} to {m.group(2)}?"
    m = _SET_OUT.match(question)
    if m and not {m.group(1).lower(), m.group(2).lower()} & _NOT_NODES:
        return f"Is there a path from {m.group(1)} to {m.group(2)} following the edges?"
    m = _REACH.match(question)
    if m is None or {m.group(1).lower(), m.group(2).lower()} & _NOT_NODES:
        return question
    return f"Is there a path from {m.group(1)} to {m.group(2)}?"


#: "can every node reach every other one following the arrows?", "does each desk get to every
#: other desk?": whether the directed graph is strongly connected
_EVERY_REACHES_EVERY = re.compile(
    r"^(?P<pre>.*?)\b(?:can|could|does|do)\s+(?:every|each|any)(?:one|body|\s+[a-z]+)\s+"
    r"(?:still\s+)?(?:reach|get\s+to)(?:es)?\s+(?:every|each|all|any)(?:one|body)?(?:\s+(?:other|else))?"
    r"(?:\s+(?:one|[a-z]+))??(?:\s+(?:(?:by\s+)?following|along|via|through)\s+(?:the\s+)?"
    r"(?:arrows?|links?|edges?|directions?|edges'?\s+direction|links'?\s+direction|"
    r"[a-z]+'?\s+direction))?\s*\?", re.IGNORECASE)
#: "if not, which ones are the odd ones out": the nodes outside the largest such piece
_ODD_ONES_OUT = re.compile(
    r"\b(?:if\s+not|otherwise)\s*,?\s*(?:which|what|who)\s+(?:ones?|[a-z]+)?\s*(?:are|is)\s+"
    r"(?:the\s+)?(?:odd\s+ones?\s+out|exceptions?|outliers?|left\s+out|stuck|cut\s+off)\b[^?]*\?",
    re.IGNORECASE)


def every_reaches_every(question: str) -> str:
    """On a directed graph, "can every node reach every other one" as whether the graph is
    strongly connected, and "if not, which are the odd ones out" after it as the nodes outside
    its largest strongly connected component.

    >>> every_reaches_every("Can every node reach every other one following the arrows? "
    ...                     "If not, which nodes are the odd ones out?")
    'Is the graph strongly connected? If not, which nodes are outside the largest strongly connected component?'
    >>> every_reaches_every("can Ashby reach every other station?")
    'can Ashby reach every other station?'
    """
    m = _EVERY_REACHES_EVERY.search(question)
    if m is None:
        return question
    rest = question[m.end():]
    rest = _ODD_ONES_OUT.sub("If not, which nodes are outside the largest strongly connected "
                             "component?", rest)
    pre = m.group("pre").strip()
    if pre and not re.fullmatch(r"[\w\s]+\s+is\s+directed\.?", pre, re.IGNORECASE):
        return question  # "if Vex leaves, can every trainee still reach every other": a what-if
    return f"Is the graph strongly connected?{rest}"
