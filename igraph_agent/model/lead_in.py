"""A yes/no question after a preamble that asks nothing of its own: "Sanity check on the
citations: no loops anywhere, right? Is it acyclic?", "Quick check before I plot it: is it
bipartite?". The renders answer Yes or No where the question starts with its verb, so the
planner reads the last sentence alone (:func:`asked`). A preamble that sets something up, a
name, a number, a ranking ("take the member with the most ties: is he a cut point?"), a
restriction or a what-if ("ignoring the weights: …", "if Medici left: …"), is kept whole.

    >>> asked("Sanity check on the citations: no loops anywhere, right? Is it acyclic?")
    'Is it acyclic?'
    >>> asked("Take the member with the most ties: is he a cut point?") is None
    True
    >>> asked("Is it acyclic?") is None
    True
    >>> asked("detect communities in the food web - does the heron land in the same one?") is None
    True
"""

from __future__ import annotations

import re

#: the last sentence or clause of a question: after a colon, a question mark or a full stop
_LAST = re.compile(r"(?:^|[:?.!;]\s+|\s+[-–—]\s+)((?:(?!\s[-–—]\s)[^:?.!;])+\?)\s*$")
#: what makes a preamble part of the question: a ranking, a restriction, a what-if, a
#: weighing, a node or an edge, a pointer the last sentence would lean on
_SETS_UP = re.compile(r"\b(?:most|least|fewest|highest|lowest|top|best|worst|largest|smallest|"
                      r"biggest|among|within|only|ignor\w*|weigh\w*|unweighted|without|except\w*|"
                      r"exclud\w*|if|after|remov\w*|delet\w*|drop\w*|suppos\w*|imagine|assum\w*|"
                      r"when|once|take|pick|consider|node|nodes|edge|edges|between|from|"
                      r"sides?|groups?|teams?|communit\w*|components?|clusters?|modul\w*|"
                      r"partition\w*|detect\w*|find\w*|comput\w*|calculat\w*|run|count\w*|"
                      r"rank\w*|list\w*|central\w*|betweenness|pagerank|"
                      r"degrees?|paths?|distances?|routes?|link\w*|connect\w*|join\w*|tie|tied|"
                      r"shar\w*|same|together|common|project\w*|treat\w*|as)\b|\w+est\b|\d",
                      re.IGNORECASE)
#: a pronoun for a person or people, pointing back at the preamble
_PERSON = re.compile(r"\b(?:he|she|they|them|his|her|their|its|those|these)\b", re.IGNORECASE)


def asked(question: str) -> str | None:
    """The last sentence, a yes/no question, when what comes before it asks nothing of its
    own; else None."""
    from igraph_agent.model import slots

    m = _LAST.search(question)
    if m is None or m.start(1) == 0 or slots.asked_kind(question) == "yesno":
        return None
    last, lead = m.group(1).strip(), question[:m.start(1)]
    if slots.asked_kind(last) != "yesno" or _PERSON.search(last):
        return None
    if slots.named(lead) or _SETS_UP.search(lead) or re.search(
            r"\b(?:which|what|who|whom|whose|how|where|why|i\.e|e\.g)\b", lead, re.IGNORECASE):
        return None  # "which towns are on the periphery, i.e. have …": one question
    return last
