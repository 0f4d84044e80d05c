"""One-way verbs on an undirected graph: "who does eli follow", "who cites Smith", "how many
admirers does ana have" ask for one side of a node's edges, and an undirected graph keeps
no side (its table's columns named no direction the loader knows). Listing every neighbour
would answer another question, so the planner asks instead, naming what it can do.

A two-mode graph is left alone (its modes give the side: "which bands does wes follow"
lists wes's bands), and so is a verb of a two-way tie ("who does maya know", "who does Ann
email": the undirected rewrites in ``vocabulary`` read those as the neighbours).

Example::

    >>> info = {"directed": False}
    >>> one_way("who does eli follow?", info) is not None
    True
    >>> one_way("who does maya know?", info), one_way("who does eli follow?", {"directed": True})
    (None, None)
"""

from __future__ import annotations

import re
from typing import Any

#: verbs that say which end of a tie acts: the one that follows, cites, pays
_FORMS = (r"(?:(?:follow|cite|pay|owe|lend|admire|idoli[sz]e|retweet|endorse|fund|sponsor|"
          r"mentor|supervise)(?:s|es|ed|d)?|paid|lent|(?:subscribe|report)(?:s|d|ed)?\s+to|"
          r"invest(?:s|ed)?\s+in)")
_NODE = r"(?:the\s+)?[\w'.-]+"
#: a node's neighbours on one side in a one-way verb: "who does eli follow", "which accounts
#: did bo pay", "how many people does eli follow", "who follows cy", "how many people cite x"
_ONE_SIDE = re.compile(
    rf"^\s*(?:(?:so|and|now|ok|okay)\s*,?\s+)?(?:"
    rf"(?:who|whom|what|which(?:\s+\w+)?|how\s+many(?:\s+\w+)?)\s+(?:does|do|did|has|have)\s+"
    rf"{_NODE}\s+(?:ever\s+|actually\s+|directly\s+)?{_FORMS}\b"
    rf"|(?:who|which\s+\w+|what\s+\w+|how\s+many(?:\s+\w+)?)\s+(?:ever\s+|actually\s+|"
    rf"directly\s+)?{_FORMS}\s+(?!the\s+most\b|the\s+fewest\b|the\s+least\b|more\b|fewer\b|"
    rf"(?:no\s*one|nobody|nothing|anyone|anybody|everyone|everybody)\b){_NODE}"
    rf"|(?:list|name|show(?:\s+me)?)\s+(?:all\s+|every\s*one\s+|everybody\s+|the\s+\w+\s+)?"
    rf"(?:who|that|whom)?\s*{_NODE}\s+{_FORMS}\b)",
    re.IGNORECASE)
#: nouns for the nodes at one end of a one-way tie: "ana's admirers", "how many followers"
_SIDE_NOUNS = re.compile(r"\b(?:followers?|followees?|admirers?|subscribers?|mentees?|"
                         r"payers?|payees?|creditors?|debtors?)\b", re.IGNORECASE)


def one_way(question: str, info: dict[str, Any]) -> str | None:
    """A clarifying question when ``question`` asks one side of a node's edges in a one-way
    verb (or a noun for one end) on an undirected, one-mode graph, else None (``info`` is
    get_graph_info's data)."""
    if not info or info.get("directed"):
        return None
    modes = (info.get("meaning") or {}).get("modes") or {}
    if len(modes.get("sides") or {}) == 2:
        return None
    attrs = {str(a).lower() for a in [*(info.get("edge_attributes") or []),
                                      *(info.get("node_attributes") or [])]}
    noun = _SIDE_NOUNS.search(question)
    if noun and noun.group(0).lower() in attrs | {a + "s" for a in attrs}:
        noun = None  # a column of that name holds values, not an end of the edges
    if not (_ONE_SIDE.search(question) or noun):
        return None
    return ("The graph is undirected, so its edges have no direction: nothing in it says "
            "who follows, cites or pays whom, only who is tied to whom. I can list a node's "
            "neighbours (all its ties) instead, or you can rebuild the graph directed "
            "(construct_graph with directed=true).")
