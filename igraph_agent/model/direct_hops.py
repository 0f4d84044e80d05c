"""One hop along a directed graph asked in travel words: "where can I sail to directly from
Tidesend" (Tidesend's out-neighbours), "which stops have a direct bus to Cole" or "from which
piers can you sail straight to Crane" (Cole's, Crane's in-neighbours). Only a question that
says the move is direct ("directly", "straight", "nonstop", "in one hop", "a direct route") is
one hop; "where can I get to from X" may take several and is left to the reach intents.
``vocabulary.normalise`` applies :func:`one_hop` on a directed graph before the table's verbs.

"Is there a lane from A to B" (an edge's noun, or "a direct ..."; not a route) is the one
edge, in :func:`one_edge`. Where goods go is one hop too: "where does Glenrock ship to", "where does Norbury send its
goods", "where do Wexham's pallets go" (the out-neighbours), "where does Dunlo get goods from"
(the in-neighbours), in :func:`where_to`.

Example::

    >>> one_hop("where can I sail to directly from Tidesend")
    'Who are the out-neighbours of Tidesend?'
    >>> one_hop("which stops have a direct bus to Cole?")
    'Who are the in-neighbours of Cole?'
    >>> one_hop("where can I get to from Tidesend?")
    'where can I get to from Tidesend?'
    >>> one_edge("Is there a lane from Inchcape to Harlow?")
    'Is Inchcape directly connected to Harlow?'
    >>> one_edge("is there a route from Inchcape to Harlow?")
    'is there a route from Inchcape to Harlow?'
    >>> where_to("where does Glenrock ship to?")
    'Who are the out-neighbours of Glenrock?'
    >>> where_to("Where is Ardee shipping to?")
    'Who are the out-neighbours of Ardee?'
    >>> where_to("Where does Dunlo get its goods from?")
    'Who are the in-neighbours of Dunlo?'
    >>> where_to("where does Ardee send money to?", backs=["pay", "send"])
    'Who are the in-neighbours of Ardee?'
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


#: words in a node's place that name none: "where do we ship to", "where does it go"
_NOT_NODES = frozenset({"it", "they", "we", "you", "i", "he", "she", "this", "that", "one",
                        "each", "everyone", "everything", "anyone", "anything", "most", "all"})
#: the verbs of goods moving out of a node, after "where does X ..." ("ship", "send its goods")
SENDS = ("ship", "send", "deliver", "supply", "export", "sell", "go", "route", "haul", "move",
          "transfer", "dispatch", "carry", "truck", "forward", "flow", "feed", "drain", "lead",
          "post", "mail", "fly", "sail")
#: the verbs of goods coming into a node, with "from": "where does X get its goods from"
GETS = ("get", "receive", "buy", "import", "source", "obtain", "order", "take in", "draw",
         "collect", "pick up", "purchase")
#: what is moved, between the verb and its preposition: "its goods", "freight", "the pallets"
_GOODS = r"(?: (?:its|their|his|her|the|any|all|all of its|most of its))?(?: [a-z]+)?"
#: "where does X", "where is X" (then the verb's -ing form: "where is Ardee shipping to")
_WHERE_DOES = (rf"^\s*where (?:does|do|did|is|are|was|were|has|have(?: been)?|will) {_THE}({_NODE}) "
               r"(?:usually |mostly |normally |actually |directly |been )?")


def _any_form(verbs: tuple[str, ...]) -> str:
    """Every form of ``verbs`` (ship, ships, shipped, shipping; move, moving)."""
    from igraph_agent.model.verbs import forms

    stems = [*verbs, *(v[:-1] for v in verbs if v.endswith("e"))]
    return rf"(?P<verb>{forms(stems)}(?:e?s|ied|ed|d|ing|e)?)"
_WHERE: list[tuple[re.Pattern[str], str]] = [(re.compile(p, re.IGNORECASE), side) for p, side in (
    # "where does Glenrock ship to", "where does Norbury send its goods", "where did ac2 send
    # the money"
    (rf"{_WHERE_DOES}{_any_form(SENDS)}{_GOODS}(?: (?:off |out |over )?to)?(?: directly)?"
     r"\s*[?.!]*\s*$", "out"),
    # "where do Wexham's pallets go", "where does the freight from Ardee go to"
    (rf"^\s*where (?:does|do|did) {_THE}({_NODE})'s? (?:[a-z]+ ){{1,2}}(?P<verb>go|end up|head)"
     r"(?: to)?\s*[?.!]*\s*$", "out"),
    (rf"^\s*where (?:does|do|did) (?:the |its |their )?[a-z]+ (?:from|out of) {_THE}({_NODE}) "
     r"(?P<verb>go|end up|head)(?: to)?\s*[?.!]*\s*$", "out"),
    # "where does Dunlo get goods from", "where does Rudston get its units from"
    (rf"{_WHERE_DOES}{_any_form(GETS)}{_GOODS} from\s*[?.!]*\s*$", "in"),
    (rf"^\s*where (?:does|do|did) {_THE}({_NODE})'s? (?:[a-z]+ ){{1,2}}(?P<verb>come) from\s*[?.!]*\s*$",
     "in"),
)]


def where_to(question: str, backs: list[str] = ()) -> str:  # type: ignore[assignment]
    """"where does X ship to" as X's out-neighbours, "where does X get goods from" as its
    in-neighbours, on a directed table; a verb the table gives its target (``backs``: a
    ``receiver,sender`` table, where the target sends) reads the edge the other way."""
    for pattern, side in _WHERE:
        m = pattern.match(question)
        if m is None or m.group(1).lower() in _NOT_NODES:
            continue
        if any(m.group("verb").lower().startswith(b) for b in backs):
            side = "in" if side == "out" else "out"
        return f"Who are the {side}-neighbours of {m.group(1)}?"
    return question


#: the nouns of one edge ("a lane", "a supply link", "a shipment"): not a route or a path,
#: which may take several
_EDGE_NOUNS = (r"(?:lanes?|links?|edges?|ties?|arcs?|shipments?|deliver(?:y|ies)|flights?|"
               r"connections?|transfers?|payments?|calls?|messages?|emails?|pipes?|pipelines?|"
               r"lines?|cables?|roads?|streets?|ferr(?:y|ies)|services?|trains?|bus(?:es)?|"
               r"legs?|hops?|loads?|consignments?)")
_ONE_EDGE = [re.compile(p, re.IGNORECASE) for p in (
    # "is there a lane from Inchcape to Harlow", "is there a direct route from A to B"
    rf"^\s*(?:is|are|was|were) there (?:a |an |any |ever a )?(?:(?:direct|single) (?:[a-z-]+ )?[a-z-]+|"
    rf"(?:[a-z-]+ )?{_EDGE_NOUNS}) (?:that )?(?:running |going |leading |heading )?(?:directly )?"
    rf"from {_THE}({_NODE}) (?:to|into) {_THE}({_NODE})(?: directly)?\s*[?.!]*\s*$",
    # "do any pallets go from Brampton to Ashwell", "does freight move from A to B"
    rf"^\s*(?:do|does|did) (?:any |the )?(?:[a-z-]+ ){{0,2}}(?:go|move|ship|flow|run|travel|get sent)"
    rf" (?:directly )?from {_THE}({_NODE}) (?:to|into) {_THE}({_NODE})(?: directly)?\s*[?.!]*\s*$",
)]


def one_edge(question: str) -> str:
    """"is there a lane from A to B" as the one edge from A to B (a route or a path is
    asked elsewhere: it may take several hops)."""
    for pattern in _ONE_EDGE:
        m = pattern.match(question)
        if m and not {m.group(1).lower(), m.group(2).lower()} & _NOT_NODES:
            return f"Is {m.group(1)} directly connected to {m.group(2)}?"
    return question
