"""A question that points at nodes it never names: "so which of the two is more important?",
"compare them", "which of those matters most?" asked with nothing before it that says which
two. The planner reads the last question alone, so a ranking of every node would answer
another question; it asks which nodes are meant (:func:`ask`), before any intent runs. "The
two clubs", "which of the two best-connected members", "Valjean and Javert: which of them …"
say what they point at and are read as before.

    >>> pointed("so which of the two is more important?")
    'the two'
    >>> pointed("compare them") is not None
    True
    >>> pointed("which of the two clubs is bigger?") is None
    True
    >>> pointed("Is Valjean or Javert more central, and which of them has more ties?") is None
    True
    >>> pointed("How many separate clusters of huts are there, with no path between them?") is None
    True
"""

from __future__ import annotations

import re
from typing import Any

#: a pointer at nodes with no noun after it: "which of the two is", "compare them", "those
#: two?", "which one of these matters"
_POINTER = re.compile(
    r"\b(?:(?:which|who|what)(?: one)? of|compare|between|rank|of|about)\s+"
    r"(?P<ref>the (?:two|three|pair)|th(?:ose|ese)(?: (?:two|three))?|them|both(?: of them)?|"
    r"either(?: of them)?)(?=\s*(?:[?.!,]|$|(?:is|are|was|were|has|have|had|does|do|did|can|"
    r"could|would|should|will|matters?|ranks?|scores?|comes?|sits?|plays?|seems?|looks?|more|"
    r"less|better|worse|most|least|first|higher|lower|again)\b))", re.IGNORECASE)
#: the words that make something for a pointer to point at inside the question: a ranking
#: ("the two best-connected"), a count ("top 3"), a grouping or an "and" of names
_ANTECEDENT = re.compile(r"\b(?:most|least|top|highest|lowest|best|worst|largest|smallest|"
                         r"biggest|first|two|three|four|five|pairs?|\d+)\b|-est\b|\w+est\b",
                         re.IGNORECASE)


#: a comparison between the nodes pointed at: "which of them is more central", "compare them"
_COMPARES = re.compile(r"\b(?:more|less|better|worse|higher|lower|bigger|smaller|larger|compare\w*|"
                       r"rank\w*|versus|vs|between|most|least)\b", re.IGNORECASE)


def pointed(question: str) -> str | None:
    """The pointer ("the two", "them") at nodes the question never names; else None."""
    from igraph_agent.model import slots

    m = _POINTER.search(question)
    if m is None or slots.names(question):
        return None
    before = question[:m.start()]
    if _ANTECEDENT.search(before) or len(re.findall(r"[A-Za-z']+", before)) > 4:
        return None  # "the three most central nodes, and which of them …", "separate
        # clusters of huts, with no path between them": the pointer has something before it
    ref = m.group("ref").lower()
    if ref in ("them", "those", "these", "both") and not _COMPARES.search(question):
        return None  # "which of them are cut off from the rest?": every node, asked casually
    return ref


#: a subset named by a noun: "which of the depots", "which one of our warehouses"
_SUBSET = re.compile(r"\bwhich\s+(?:one\s+)?of\s+(?:the|our|my|your|these|those)\s+([a-z]{3,20}s)\b",
                     re.IGNORECASE)


def unnamed_subset(question: str, info: dict[str, Any]) -> str | None:
    """The plural noun of "which of the depots" where nothing in the data says which nodes
    are depots: not the nodes' own word (the id prefix ``city`` of city12, an endpoint
    column's noun), nor a group value, an attribute, a side or a word the planner reads as
    the nodes; else None."""
    from igraph_agent.model import vocabulary
    from igraph_agent.model.unknown_quantity import _id_prefixes, _stem

    m = _SUBSET.search(question)
    if m is None:
        return None
    nodes_said = set(vocabulary.data_nouns(info)) | _id_prefixes(info)
    if not nodes_said:
        return None  # what the nodes are called is not known: nothing to set it against
    noun = _stem(m.group(1))
    meaning = info.get("meaning") or {}
    known = nodes_said | set(vocabulary._NOUNS) | {_stem(w) for w in vocabulary.own_words(info)} \
        | {_stem(str(s)) for s in ((meaning.get("modes") or {}).get("sides") or {})} \
        | {"node", "vertex", "vertice", "one", "other", "edge", "link", "pair", "group", "community",
           "component", "neighbour", "neighbor", "result", "answer", "option", "choice"}
    return None if noun in known or any(noun.startswith(k) or k.startswith(noun) for k in known
                                        if len(k) >= 4) else m.group(1).lower()


def ask(question: str, info: dict[str, Any]) -> str | None:
    """A clarifying question naming example nodes, when the question points at nodes it
    does not name; else None."""
    subset = unnamed_subset(question, info)
    if subset is not None:  # "which of the depots is closest to city12"
        return (f"Which nodes are the {subset}? Nothing in the data marks any node as one of "
                f"the {subset}: name them (or attach a node table with a column that says "
                f"so) and I will answer for them.")
    ref = pointed(question)
    if ref is None:
        return None
    ids = [str(s.get("id")) for s in info.get("sample_nodes") or [] if isinstance(s, dict)][:2]
    example = f" (for example {' and '.join(ids)})" if len(ids) == 2 else ""
    return (f"Which nodes do you mean by \"{ref}\"? This question names none, and I read each "
            f"question on its own: name them{example} and I will compare them.")
