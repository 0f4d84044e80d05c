"""One hop along a directed graph asked in travel words: "where can I sail to directly from
Tidesend" (Tidesend's out-neighbours), "which stops have a direct bus to Cole" or "from which
piers can you sail straight to Crane" (Cole's, Crane's in-neighbours). Only a question that
says the move is direct ("directly", "straight", "nonstop", "in one hop", "a direct route") is
one hop; "where can I get to from X" may take several and is left to the reach intents.
``vocabulary.normalise`` applies :func:`one_hop` on a directed graph before the table's verbs.

Example::

    >>> one_hop("where can I sail to directly from Tidesend")
    'Who are the out-neighbours of Tidesend?'
    >>> one_hop("which stops have a direct bus to Cole?")
    'Who are the in-neighbours of Cole?'
    >>> one_hop("where can I get to from Tidesend?")
    'where can I get to from Tidesend?'
"""

from __future__ import annotations

import re

#: a node: a capitalised name (one or more words), a lower-case word or an id
_NODE = r"(?-i:[A-Z][\w.-]*(?: [A-Z][\w.-]*)*|[a-z][\w.-]*\d[\w.-]*|[a-z]{2,}|\d+)"
_THE = r"(?:the )?"
_WHO = r"(?:i|you|we|one|they|people|a (?:\w+ )?(?:traveller|passenger|visitor|person))"
#: a move, in any travel verb ("sail", "fly", "take a ferry", "catch a train")
_MOVE = (r"(?:go|get|sail|fly|travel|ride|drive|walk|cycle|head|ship|send (?:\w+ )?|move|"
         r"(?:take|catch|board|get) (?:a |the )?\w+(?: \w+)?|reach)")
_DIRECT = r"(?:directly|direct|straight|non-?stop|without (?:a |any )?(?:change|changing|stop\w*|transfer\w*)|in (?:one|a single) (?:hop|step|go|leg|crossing|trip|ride|flight))"
_END = r"(?:\s+(?:directly|direct|straight|non-?stop))?\s*[?.!]*\s*$"
_OUT = [
    # "where can I sail to directly from Tidesend", "where can you go from X directly"
    rf"^\s*where (?:can|could|do|does|may) {_WHO} {_MOVE}(?: to)?(?: {_DIRECT})? from {_THE}({_NODE})"
    rf"(?: {_DIRECT})\s*[?.!]*\s*$",
    rf"^\s*where (?:can|could|do|does|may) {_WHO} {_MOVE}(?: to)? {_DIRECT} from {_THE}({_NODE})"
    rf"{_END}",
    # "which piers can I reach directly from Tidesend", "what stops can you get to in one hop
    # from Cole"
    rf"^\s*(?:which|what) [a-z]+ (?:can|could) {_WHO} {_MOVE}(?: to)?(?: {_DIRECT}) from "
    rf"{_THE}({_NODE}){_END}",
    rf"^\s*(?:which|what) [a-z]+ (?:can|could) {_WHO} {_MOVE}(?: to)? from {_THE}({_NODE})"
    rf" {_DIRECT}\s*[?.!]*\s*$",
    # "what are the direct routes from Cole", "list the direct connections out of X"
    rf"^\s*(?:what|which|list|name|show(?: me)?)(?: are)? (?:the |all (?:the )?)?direct [a-z]+ "
    rf"(?:from|out of|leaving) {_THE}({_NODE})\s*[?.!]*\s*$",
]
_IN = [
    # "which stops have a direct bus to Cole", "which piers run a direct ferry into Crane"
    rf"^\s*(?:which|what) [a-z]+ (?:have|has|run|runs|offer|offers) (?:a |any )?direct "
    rf"(?:\w+ )?(?:\w+ )?(?:to|into) {_THE}({_NODE})\s*[?.!]*\s*$",
    # "from which piers can you sail straight to Crane", "from where can I get directly to X"
    rf"^\s*from (?:which [a-z]+|where) (?:can|could|do|does) {_WHO} {_MOVE}(?: {_DIRECT})? "
    rf"(?:to|into) {_THE}({_NODE})(?: {_DIRECT})?\s*[?.!]*\s*$",
    # "what are the direct routes into Crane", "list the direct connections to X"
    rf"^\s*(?:what|which|list|name|show(?: me)?)(?: are)? (?:the |all (?:the )?)?direct [a-z]+ "
    rf"(?:to|into|arriving (?:at|in)) {_THE}({_NODE})\s*[?.!]*\s*$",
]
_COMPILED = [(re.compile(p, re.IGNORECASE), "out") for p in _OUT] + \
    [(re.compile(p, re.IGNORECASE), "in") for p in _IN]


def one_hop(question: str) -> str:
    """A direct move from or to one named node, as that node's out- or in-neighbours;
    anything else unchanged."""
    for pattern, side in _COMPILED:
        m = pattern.match(question)
        if m and "from" not in m.group(1).lower().split():
            return f"Who are the {side}-neighbours of {m.group(1)}?"
    return question
