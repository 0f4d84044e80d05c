"""Two independent asks in one question: "How many distinct countries do the sites span, and
how many sites are in Westmark?", "Is the grid connected? And which substation has the most
lines?". Neither part builds on the other's answer (a pronoun or "such" that points back is
the chain of ``compose.py``), so the offline planner answers each part as a question of its
own and joins the two answers; where it can answer only the first, it says so and asks about
the rest, never answering one part as if it were the whole.

    >>> split("How many distinct countries do the sites span, and how many sites are in Westmark?")
    ('How many distinct countries do the sites span?', 'how many sites are in Westmark?')
    >>> split("Is the grid connected? And which substation has the most lines?")
    ('Is the grid connected?', 'which substation has the most lines?')
    >>> split("Which member has the most ties to the other club, and how many such ties?") is None
    True
    >>> split("how many papers does paper28 cite, and how many cite it?") is None
    True
    >>> split("who did Bea pay, and who paid Bea?") is None
    True
    >>> split("Is the grid one network? If not, which substations are cut off from the rest?")
    ('Is the grid one network?', 'which substations are cut off from the rest?')
    >>> split("Can everyone reach everyone? If not, who breaks it?") is None
    True
    >>> split("lesmis: transitivity, and separately the avg clustering coefficient?")
    ('lesmis: transitivity?', 'lesmis: the avg clustering coefficient?')
"""

from __future__ import annotations

import re

#: how a part opens when it asks on its own
_ASKS = r"(?:how|what|which|who|whom|is|are|does|do|did|can|could|list|name|give)\b"
_SPLIT = re.compile(rf"^(?P<a>\s*{_ASKS}[^?]{{8,}}?)(?:(?:\s*[,;]\s*|\s*\?\s+)(?:and|also|plus|then)\s+|"
                    # "is the grid one network? if not, which substations are cut off?": both
                    # answered, the second as itself
                    rf"\s*\?\s+(?:and\s+)?if\s+(?:not|so)\s*,?\s+)"
                    rf"(?:also\s+)?(?P<b>{_ASKS}[^?]{{6,}}\??)\s*$", re.IGNORECASE)
#: two terse asks after the data's name: "lesmis: transitivity, and separately the average
#: clustering?", "tree: longest shortest path in hops, and which node sits at the centre?"
_TOPIC_SPLIT = re.compile(r"^(?:(?P<pre>[\w-]+\s*:\s*)(?P<a>[^?,:]{4,}?)\s*,\s*(?:and|plus)\s+"
                          r"(?:separately\s+|also\s+)?|(?P<pre2>)(?P<a2>[^?,:]{4,}?)\s*,\s*(?:and|plus)\s+"
                          r"(?:separately|also)\s+)(?P<b>[^?,]{4,}\??)\s*$", re.IGNORECASE)
#: a word of the second part that points back at the first one's answer
_BACK = re.compile(r"\b(?:it|its|it's|they|them|their|those|these|this|that|such|he|him|his|she|"
                   r"her|there|each|one|ones|same|former|latter)\b", re.IGNORECASE)
#: a second part that only completes the first ("and how many", "and which ones"): one ask
_COMPLETES = re.compile(r"^\s*(?:how many|how much|which ones?|who|what)\s*\??\s*$|"
                        # "…, and which way do you go?": the route the first ask finds
                        r"^\s*(?:which|what)\s+(?:way|route)\s+(?:do|does|would|should|did)\s+"
                        r"(?:you|i|we|one|it|they)\s+(?:go|take|walk|drive|follow)\b", re.IGNORECASE)


def split(question: str) -> tuple[str, str] | None:
    """(first ask, second ask) of a question asking two independent things, each ended with
    a question mark; None when it asks one thing or the second builds on the first."""
    m = _SPLIT.match(question.strip())
    topic = _TOPIC_SPLIT.match(question.strip()) if m is None else None
    if m is None and topic is None:
        return None
    if topic is not None:  # "lesmis: transitivity, and separately the avg clustering?"
        pre = topic.group("pre") or ""
        a = pre + (topic.group("a") or topic.group("a2")).strip()
        b = pre + topic.group("b").strip()
    else:
        a, b = m.group("a").strip(), m.group("b").strip()
    # ("is there a course nobody has taken": "there" opens it, pointing back at nothing)
    if _BACK.search(re.sub(r"^\s*(?:is|are|was|were)\s+there\b", "", b, flags=re.IGNORECASE)) \
            or _COMPLETES.match(b) or len(b.split()) < 3:
        return None
    from igraph_agent.model import slots

    named = {n.lower() for n in slots.named(a)}
    if named and named == {n.lower() for n in slots.named(b)}:
        return None  # "who did Bea pay, and who paid Bea?": one node's two sides, asked whole
    return a.rstrip("?.!, ") + "?", b if b.endswith("?") else b + "?"


#: a second ask said on the first one's answer: "…? if not, which …"
_CONDITIONAL = re.compile(r"\?\s+(?:and\s+)?if\s+(?:not|so)\b", re.IGNORECASE)


def conditional(question: str) -> bool:
    """Whether the second ask is said "if not" / "if so" after the first.

        >>> conditional("Is the grid one network? If not, which substations are cut off?")
        True
    """
    return bool(_CONDITIONAL.search(question))
