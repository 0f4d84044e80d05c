"""A node's name said with its kind right after it: "how many sites does Highmoor reservoir
feed", "is Riverside station a cut point". The kind is a value of a grouping the data holds
(``site_type`` = reservoir); said once, singular, right after a capitalised name, it
describes that node and is no filter to every node of that kind, so the planner reads the
name alone. A plural ("Highmoor reservoirs") or a kind said elsewhere in the question stays.

    >>> info = {"meaning": {"node_attributes": {"site_type": {"kind": "categorical",
    ...         "top_values": ["reservoir", "district"]}}}}
    >>> dropped_kind("how many sites does Highmoor reservoir feed?", info)
    'how many sites does Highmoor feed?'
    >>> dropped_kind("Highmoor reservoir feeds how many sites?", info)
    'Highmoor feeds how many sites?'
    >>> dropped_kind("Which reservoir feeds the most sites?", info)
    'Which reservoir feeds the most sites?'
    >>> dropped_kind("how many reservoirs does Highmoor feed?", info)
    'how many reservoirs does Highmoor feed?'
    >>> dropped_kind("does Highmoor reservoir feed more than any other reservoir?", info)
    'does Highmoor reservoir feed more than any other reservoir?'
    >>> dropped_kind("Suppose District fails", info)
    'Suppose District fails'
    >>> dropped_kind("Among district sites, who feeds the most?", info)
    'Among district sites, who feeds the most?'
"""

from __future__ import annotations

import re
from typing import Any

#: capitalised words that open a question, never a node's name
_NOT_NAMES = frozenset("""which what who whom whose how is are was were does do did has have
had can could will would should the a an any each every all list name show count rank find
give tell and so ok our my their its this that these those suppose imagine if say assume
when once after before among amongst in on at for from of with within without between across
by to into over under near around about both other only just also please hey hi not no
""".split())


def dropped_kind(question: str, info: dict[str, Any]) -> str:
    """``question`` without a grouping value said right after one node's name."""
    from igraph_agent.model.vocabulary import groupings

    for values in groupings(info.get("meaning") or {}).values():
        for value in values:
            v = str(value)
            if not re.fullmatch(r"[a-z][a-z_-]{2,}", v):
                continue  # a value written as a name ("North") may be the name's own word
            said = list(re.finditer(rf"(?<![\w-]){re.escape(v)}(?![\w-])", question))  # as
            # written: "Central substation" names the node Central, no value central after it
            if len(said) != 1:
                continue
            m = said[0]
            before = re.search(r"(?<![\w-])(?-i:[A-Z][\w'-]+)\s+$", question[:m.start()])
            if before and before.group(0).strip().lower() not in _NOT_NAMES and not re.search(rf"(?<![\w-]){re.escape(v)}s\b",
                                                               question, re.IGNORECASE):
                question = question[:m.start()].rstrip() + question[m.end():]
    return question
