"""A phrase that names the whole data set rather than a part of it: "in this food web",
"in the southern women data", "does the association have". The planner reads it as "the
data", so the rest of the question is answered on the loaded graph; a phrase that names a
group value or a column of the graph is a part, and is kept. A note that a node counts too
("(count Cobbler too)", "(including Cobbler)") widens nothing and restricts nothing: it is
dropped, so it is never read as a question about that node alone.

    >>> drop_scope("how many species are in this food web", {})
    'how many species are in the data'
    >>> drop_scope("How many residents does the association have?", {})
    'How many residents does the data have?'
    >>> drop_scope("how many members are in the Officer club", {})
    'how many members are in the Officer club'
    >>> drop_scope("of all brewer-taproom pairs (count Cobbler too), what share have deliveries", {})
    'of all brewer-taproom pairs, what share have deliveries'
    >>> drop_scope("number of characters in les mis", {})
    'number of characters in the data'
    >>> drop_scope("is everyone in staff reachable from everyone else?", {})
    'is everyone reachable from everyone else?'
    >>> drop_scope("how far is Ana from Bo in km?", {})
    'how far is Ana from Bo in km?'
    >>> drop_scope("How many substations are in the grid?", {})
    'How many substations are in the data?'
    >>> drop_scope("how many flights in economy?", {})
    'how many flights in economy?'
    >>> drop_scope("how many users are in u5's component?", {})
    "how many users are in u5's component?"
    >>> drop_scope("how many nodes are in the center of the graph?", {})
    'how many nodes are in the center of the graph?'
    >>> drop_scope("average clustering coefficient for les mis characters", {})
    'average clustering coefficient for the characters'
    >>> drop_scope("average clustering for isolated characters", {})
    'average clustering for isolated characters'
"""

from __future__ import annotations

import re
from typing import Any

#: the last word of a phrase naming a whole data set or the body it records
_WHOLE = (r"(?:data|dataset|data ?set|graph|network|web|survey|study|sample|records?|table|file|"
          r"grid|system|database|ledger|log|register|map|"
          r"club|association|squad|society|organi[sz]ation|league|neighbou?rhood|colony|hive|"
          r"village|guild|team|crew|union|cooperative|company|firm|school)")
#: "in this food web", "in the southern women data" closing the question (or a clause)
_IN_SCOPE = re.compile(rf"\b(?:in|within|across)\s+(?:the|this|our|these|that)\s+"
                       rf"((?:(?!same\b|other\b|one\b|each\b|main\b|giant\b|[a-z]+est\b)[a-z][\w'-]*\s+){{0,3}}?){_WHOLE}"
                       rf"(?=\s*(?:(?:altogether|overall|in\s+total|in\s+all|all\s+told)\s*)?(?:[?.!,;]|$))")
#: "how many residents does the association have"
_HAS_SCOPE = re.compile(rf"\b(does|do)\s+(?:the|this|our|that)\s+((?:[a-z][\w'-]*\s+){{0,2}}?)"
                        rf"{_WHOLE}\s+(have|contain|include|hold|count|record|list)\b")


#: a note that a node counts as well: "(count Cobbler too)", "(counting Cobbler as well)",
#: "(including Cobbler)", "(Cobbler included)", "(Cobbler counts too)"; never one that
#: leaves a node out ("(Cobbler not included)")
_INCLUDED = re.compile(
    r"\s*\((?![^()]*\b(?:not|no|never|except|excluding|exclude|without|only)\b|[^()]*n't\b)"
    r"(?:\s*(?:count|counting|include|including|incl\.?)\s+[^()]{1,60}?"
    r"(?:\s+(?:too|as well|also))?|[^()]{1,60}?\s+(?:included|counted|too|as well|counts too|"
    r"count too|counts as well))\s*\)", re.IGNORECASE)
#: words after "in" that are no data set's name: units, analyses, idioms ("in total", "in hops")
_NOT_A_NAME = frozenset({
    "the", "this", "that", "these", "those", "our", "my", "your", "a", "an", "its", "their", "his",
    "her", "each", "every", "all", "any", "some", "both", "either", "one", "total", "common",
    "general", "particular", "order", "turn", "short", "fact", "theory", "practice", "terms",
    "hops", "hop", "steps", "step", "degree", "degrees", "betweenness", "closeness", "centrality",
    "pagerank", "size", "number", "value", "values", "weight", "weights", "strength", "distance",
    "length", "time", "cost", "direction", "directions", "reverse", "return", "use", "parallel",
    "sequence", "series", "line", "front", "charge", "place", "between", "and", "or", "it", "them",
    "there", "here", "which", "what", "who", "whom", "how", "where", "percent", "percentage",
    "detail", "sum", "question", "mind", "case", "person", "reality", "addition", "component",
    "components", "community", "communities", "cluster", "clusters", "group", "groups", "piece",
    "pieces", "part", "parts", "neighbourhood", "neighborhood", "core", "clique", "cycle",
    "triangle", "triangles", "path", "paths", "route", "routes", "chain"})
#: "number of characters in les mis", "the highest centrality in les miserables": a lower-case
#: name with no article closing the question or a clause
_IN_NAMED = re.compile(r"\b([a-z]+)(\s+(?:(?:are|is|are\s+there|there\s+are)\s+)?)(?:in|within|across)\s+"
                       r"((?:[a-z][\w'-]*\s+){0,2}[a-z][\w'-]*)(?=\s*(?:[?.!,;(]|$))")
#: the word before such a name that asks about the nodes or a measure of them ("characters in
#: les mis", "centrality in les miserables"); "flights in economy" or "published in nature" may
#: name a value of the data, and are kept
_OF_NODES = frozenset({"centrality", "degree", "betweenness", "closeness", "pagerank", "central",
                       "connected", "important", "influential", "reachable", "nodes", "vertices",
                       "everyone", "everybody", "anyone", "ties", "links", "connections"})
#: "is everyone in staff reachable", "can every member in the club reach": the whole data's
#: people before what is asked of them
_EVERYONE_IN = re.compile(r"\b((?:everyone|everybody|anyone|anybody|every\s+\w+|each\s+\w+|"
                          r"all(?:\s+the)?\s+\w+)\s+)in\s+((?:[a-z][\w'-]*\s+){0,2}?[a-z][\w'-]*)"
                          r"(?=\s+(?:is|are|be|can|could|still|really|actually|reachable|connected|"
                          r"linked|tied|joined)\b)")


#: a place inside the graph ("in the center of the graph", "on the periphery of the network")
_A_PLACE_IN_IT = frozenset({"center", "centre", "periphery", "middle", "heart", "fringe", "fringes",
                            "edge", "edges", "outskirts", "rest", "core", "top", "bottom", "hub",
                            "part", "parts", "piece", "pieces", "component", "components"})
#: "the average clustering for les mis characters", "the density among karate club members":
#: a lower-case name before the data's word for its nodes, closing the question
_NAMED_NODES = re.compile(r"\b(for|of|among|across|in)\s+((?:[a-z][\w'-]*\s+){1,3}?)([a-z]+)"
                          r"(?=\s*(?:[?.!,;]|$))")
#: words that pick some of the nodes out ("isolated characters", "the main members"), never a
#: data set's name
_PICKING = re.compile(r"(?:al|ive|ed|est|ing|ous|ic|ant|ent|ful|less|ary|ory|ier|er)$|^(?:main|"
                      r"minor|major|key|top|new|old|young|female|male|big|small|other|same|few|"
                      r"many|most|more|less|only|all|some|any|every|each|no|both|rich|poor|"
                      r"lone|solo|core|hub|leaf)$")


def _named_nodes(m: re.Match[str], own: set[str], nodes: set[str]) -> str:
    """"for les mis characters" -> "for the characters" when the words before the node
    noun can only name the data set."""
    words = m.group(2).split()
    if (m.group(3).lower() not in nodes or not m.group(3).endswith("s") or not _a_name(m.group(2), own)
            or any(_PICKING.search(w) for w in words)):
        return m.group(0)
    return f"{m.group(1)} the {m.group(3)}"


def drop_scope(question: str, info: dict[str, Any]) -> str:
    """``question`` with a phrase naming the whole data set read as "the data" (see the
    module); a phrase with a word that is a group value or a column name is kept."""
    own = _own(info)
    question = _INCLUDED.sub("", question)

    def whole(words: str) -> bool:  # "in the center of the graph" is a place in it, kept
        return not any(w.lower() in own or w.lower() in _A_PLACE_IN_IT for w in words.split())

    data = "the graph" if "data" in own else "the data"  # "Data" a team's name: not the data
    out = _IN_SCOPE.sub(lambda m: f"in {data}" if whole(m.group(1)) else m.group(0), question)
    if not _lower_ids(info):  # on a graph of lower-case names, "in elm" may be a node
        nodes = _OF_NODES | _node_words(info)
        out = _IN_NAMED.sub(lambda m: f"{m.group(1)}{m.group(2)}in {data}"
                            if m.group(1).lower() in nodes and _a_name(m.group(3), own)
                            else m.group(0), out)
        out = _EVERYONE_IN.sub(lambda m: m.group(1).rstrip() if _a_name(m.group(2), own)
                               else m.group(0), out)  # everyone in the data is everyone
        out = _NAMED_NODES.sub(lambda m: _named_nodes(m, own, _node_words(info)), out)
    return _HAS_SCOPE.sub(lambda m: f"{m.group(1)} {data} {m.group(3)}" if whole(m.group(2))
                          else m.group(0), out)


def _a_name(words: str, own: set[str]) -> bool:
    """Whether lower-case ``words`` after "in" can name the data set: no unit, analysis or
    idiom word ("in total", "in hops", "in km"), nothing of the graph's own (a group value,
    an attribute)."""
    from igraph_agent.model.hop_words import MEASURES

    said = words.lower().split()
    if any(re.search(r"\d|'s?$|’s$", w) for w in said):
        return False  # "in u5's component": a node's part, not the data's name
    return not any(w in _NOT_A_NAME or w in MEASURES or w in own or w.rstrip("s") in own
                   or re.sub(r"ies$", "y", re.sub(r"(?<=[sxh])es$", "", w)) in own  # parishes
                   or w in ("other", "another", "different", "outside", "neighbouring")
                   or w in _NUMBER_WORDS or (len(w) >= 3 and any(o.startswith(w) for o in own))
                   for w in said)  # "in div three": a part of a ``division`` column


_NUMBER_WORDS = {"one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"}


def _node_words(info: dict[str, Any]) -> set[str]:
    """The common words for a node and the data's own (endpoint columns), with plurals."""
    from igraph_agent.model.vocabulary import NODE_NOUNS, _plural, data_nouns

    words = {*NODE_NOUNS, *data_nouns(info)}
    return words | {_plural(w) for w in words}


def _lower_ids(info: dict[str, Any]) -> bool:
    from igraph_agent.model.vocabulary import _lower_ids as lower

    return bool(lower(info))


def _own(info: dict[str, Any]) -> set[str]:
    """The graph's group values and attribute names (lower-case words): a part, not the
    whole."""
    from igraph_agent.model.vocabulary import groupings

    meaning = info.get("meaning") or {}
    words = {w.lower() for vs in groupings(meaning).values() for v in vs for w in str(v).split()}
    words |= {str(a).lower() for a in info.get("node_attributes") or []}
    return words


#: a ranking or a whole-graph measure asked before "in <Name>": "who is closest to everyone
#: else in Les Mis", "the most central character in Les Miserables"
_WHOLE_ASK = re.compile(r"\b(?:everyone|everybody|else|others?|most|highest|lowest|best|top|closest|"
                        r"central\w*|closeness|betweenness|pagerank|influential|important|"
                        r"connected|reachable)\b", re.IGNORECASE)


def named_data(question: str, info: dict[str, Any], is_node: Any = lambda name: False) -> str:
    """``question`` with "the <Name> data / network / graph" read as "the data" where no word
    of ``Name`` is a group value or attribute of the data and ``is_node(Name)`` is false: the
    data set's own name ("How many women are in the Davis data?"), never a node ("the Medici
    network" around a node named Medici is kept).

        >>> named_data("How many women are in the Davis data?", {})
        'How many women are in the data?'
        >>> named_data("how dense is the Les Mis co-appearance network?", {})
        'how dense is the co-appearance network?'
    """
    own = _own(info)

    def kept(m: re.Match[str]) -> str:
        if any(w.lower() in own for w in m.group(2).split()) or is_node(m.group(2)) or \
                re.search(r"(?:'s|’s|s')$", m.group(2)):
            return m.group(0)  # "the Sales network": a group's; "the Tower's network": a node's
        return f"{m.group(1)}{m.group(3)}"

    return re.sub(r"\b(the\s+)((?-i:[A-Z][\w'.-]*)(?:\s+(?-i:[A-Z][\w'.-]*))*)\s+((?:[a-z-]+\s+)?"
                  r"(?:data(?:\s*set)?|dataset|network|graph|table|file|sample))\b", kept, question)


def drop_unfound(question: str, info: dict[str, Any], unfound: list[str]) -> str:
    """``question`` with "in <Name>" read as "in the data" where ``Name`` is no node
    (search_node found nothing for it), no group value or attribute, closes a clause and
    follows a ranking or a whole-graph measure: the data set's own name ("who is closest to
    everyone else in Les Mis, by closeness centrality").

        >>> drop_unfound("Who is closest to everyone else in Les Mis, by closeness?", {}, ["Les Mis"])
        'Who is closest to everyone else in the data, by closeness?'
        >>> drop_unfound("In Les Miserables, who has the highest closeness?", {}, ["Les Miserables"])
        'in the data, who has the highest closeness?'
        >>> drop_unfound("How many roads are in Dalbey?", {}, ["Dalbey"])
        'How many roads are in Dalbey?'
        >>> drop_unfound("the average clustering of the Les Mis characters?", {}, ["Les Mis"])
        'the average clustering of the characters?'
    """
    own = _own(info)
    nodes = _node_words(info)
    for name in unfound:
        if any(w.lower() in own for w in name.split()):
            continue  # "in Sales": a group, kept
        # "of the Les Mis characters": the data set's name before its word for the nodes
        question = re.sub(rf"\b(of|for|among|across|in)\s+(?:the\s+|all\s+(?:the\s+)?)?"
                          rf"{re.escape(name)}\s+([a-z]+s)(?=\s*(?:[?.!,;]|$))",
                          lambda m: f"{m.group(1)} the {m.group(2)}" if m.group(2).lower() in nodes
                          else m.group(0), question)
        # "how many characters in Les Mis only ever appear …": the nodes, in the data set
        question = re.sub(rf"\b([a-z]+s)\s+in\s+(?:the\s+)?{re.escape(name)}\b(?!')",
                          lambda m: m.group(1) if m.group(1).lower() in nodes else m.group(0),
                          question)
        m = re.search(rf"\b(?:in|within|across)\s+(?:the\s+)?{re.escape(name)}(?=\s*(?:[?.!,;]|$)|"
                      rf"\s+(?:by|using|according to|on|in terms of)\s+[a-z])", question, re.IGNORECASE)
        before = re.split(r"[,;]", question[:m.start()])[-1] if m else ""
        after = re.split(r"[,;?.!]", question[m.end():].lstrip(",; "))[0] if m else ""
        if m and (_WHOLE_ASK.search(before) or (not before.strip() and _WHOLE_ASK.search(after))):
            question = question[:m.start()] + "in the data" + question[m.end():]
    return question

