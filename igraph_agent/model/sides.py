"""Which end of an edge a question asks about, read from what the data means.

Two readings the offline planner must not guess:

* **debt**: on a lending table (``lender,borrower``, ``creditor,debtor``) "who owes the
  most" sums what each node borrowed (the borrower's end) and "who is owed the most" what
  each node lent (the lender's end). On a table whose columns name no debt ("payer,payee"),
  owing says nothing of which end, and the planner asks.
* **one-way verbs on an undirected graph**: "who does Dov report to", "who owes the most",
  "who received the most", "who does eli follow", "how many admirers does ana have" name
  one end of an edge; an undirected table has none, so every answer would be about both
  ends (a node's degree, its total or all its neighbours), another question. A two-mode
  graph's modes give the side ("which bands does wes follow"), and a verb of a two-way tie
  ("who does maya know") names no end.

Example::

    >>> info = {"directed": True, "meaning": {"direction": ["lender", "borrower"]}}
    >>> debt_side("who owes the most?", info), debt_side("who is owed the most?", info)
    ('in', 'out')
    >>> debt_side("who lends the most?", info) is None
    True
    >>> one_way_ask("how many people report to Cai", {"directed": False}) is not None
    True
    >>> one_way_ask("who is the most central?", {"directed": False}) is None
    True
    >>> one_way_ask("who does eli follow?", {"directed": False}) is not None
    True
    >>> one_way_ask("who does maya know?", {"directed": False}) is None
    True
"""

from __future__ import annotations

import re
from typing import Any

#: column words for the end that lent (the creditor) and the end that borrowed (the debtor)
_CREDITORS = {"lender", "lenders", "creditor", "creditors", "lends", "lent", "loaner"}
_DEBTORS = {"borrower", "borrowers", "debtor", "debtors", "borrows", "borrowed", "owes",
            "owing", "owed_by"}

#: "X is owed", "who are owed the most", "owed to": the creditor's end
_IS_OWED = re.compile(r"\b(?:is|are|was|were|be|been|being|gets?|got)\s+(?:\w+\s+){0,2}?owed\b|"
                      r"\bowed\s+to\b|\bowed\s+the\s+most\b(?!\s+by)", re.IGNORECASE)
#: "X owes", "who owes the most", "owing", "in debt", "indebted": the debtor's end
_OWES = re.compile(r"\bowes?\b|\bowing\b|\bindebted\b|\bin\s+debt\b|\bowed\s+by\b|"
                   r"\bdid\s+\S+\s+owe\b", re.IGNORECASE)


def _words(column: Any) -> set[str]:
    low = re.sub(r"([a-z])([A-Z])", r"\1 \2", str(column)).lower()
    parts = [p for p in re.split(r"[^a-z]+", low) if p]
    return set(parts) | {"_".join(parts)}


def _lending_way(info: dict[str, Any]) -> str | None:
    """``out`` when the edges point from the lender to the borrower, ``in`` the other way
    round, None when the endpoint columns name no debt."""
    cols = [str(c) for c in ((info.get("meaning") or {}).get("direction") or [])][:2]
    if len(cols) != 2:
        return None
    src, tgt = _words(cols[0]), _words(cols[1])
    if src & _CREDITORS or tgt & _DEBTORS:
        return None if src & _DEBTORS or tgt & _CREDITORS else "out"
    if src & _DEBTORS or tgt & _CREDITORS:
        return "in"
    return None


def asks_owing(question: str) -> bool:
    """Whether the question is about owing ("who owes the most", "how much is Ana owed")."""
    return bool(_IS_OWED.search(question) or _OWES.search(question))


def debt_side(question: str, info: dict[str, Any]) -> str | None:
    """The end of a directed lending table's edges a question about owing asks about:
    ``in`` / ``out`` (see the module's example), None when it asks no owing or the table's
    columns name no debt (then :func:`one_way_ask` asks)."""
    if not info.get("directed") or not asks_owing(question):
        return None
    way = _lending_way(info)
    if way is None:
        return None
    creditor = bool(_IS_OWED.search(question))
    lender_end = "out" if way == "out" else "in"
    borrower_end = "in" if way == "out" else "out"
    return lender_end if creditor else borrower_end


#: words of one end of an edge: to whom one reports, who manages, owes, lends, pays, sends
_ONE_WAY = re.compile(
    r"\breport(?:s|ed|ing)?\s+(?:up\s+|directly\s+)?to\b|\bdirect\s+reports?\b|"
    r"\b(?:manager|boss|supervisor|superior)\s+of\b|'s\s+(?:manager|boss|supervisor|superior)\b|"
    r"\bowes?\b|\bowed\b|\bowing\b|\bindebted\b|\blends?\b|\blent\b|\bborrow(?:s|ed)?\b|"
    r"\bpa(?:ys?|id)\b|\bsen(?:ds?|t)\b|\breceiv(?:es?|ed)\b|\bincoming\b|\boutgoing\b",
    re.IGNORECASE)


def one_way_ask(question: str, info: dict[str, Any]) -> str | None:
    """A clarifying question when the question names one end of an edge the data cannot
    tell: any such verb on an undirected graph of one kind of node, or owing on a directed
    table whose columns name no debt; else None."""
    directed = bool(info.get("directed"))
    if directed:
        if asks_owing(question) and _lending_way(info) is None:
            cols = (info.get("meaning") or {}).get("direction") or ["source", "target"]
            return (f"The edges point {cols[0]} → {cols[1]}, and nothing in the table says "
                    "which end owes the other. Which column is the one that owes (the "
                    "borrower)?")
        return None
    if (info.get("meaning") or {}).get("modes"):
        # two kinds of node ("which game was borrowed the most"): the kind says
        return _one_side_verb(question, info)
    m = _ONE_WAY.search(question)
    if not m:
        return _one_side_verb(question, info)
    return (f"The graph is undirected, so its edges have no direction: nothing in it says "
            f"which end of an edge \"{m.group(0).strip()}\" the other. Rebuild the graph "
            f"directed (construct_graph with directed=true, naming the source column), or ask "
            f"about all of a node's ties (its degree or its total) instead.")


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


def _one_side_verb(question: str, info: dict[str, Any]) -> str | None:
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
    roles = _role_partners(question, info)
    if not (_ONE_SIDE.search(question) or noun or roles):
        return None
    if roles and not (_ONE_SIDE.search(question) or noun):
        from igraph_agent.model.vocabulary import data_nouns

        one, other = data_nouns(info)
        return (f"The graph is undirected, so its edges have no direction: nothing in it says "
                f"which end of a tie is the {one} and which the {other}, only who is tied to "
                "whom. I can list a node's neighbours (all its ties) instead, or you can rebuild "
                f"the graph directed (construct_graph with directed=true, {one} as the source).")
    return ("The graph is undirected, so its edges have no direction: nothing in it says "
            "who follows, cites or pays whom, only who is tied to whom. I can list a node's "
            "neighbours (all its ties) instead, or you can rebuild the graph directed "
            "(construct_graph with directed=true).")


#: column nouns that name no role of one end, or a role both ends play ("person,friend")
_NO_SIDE = re.compile(r"(?:person|people|user|member|node|name|account|individual|entity|item|"
                      r"friend|partner|colleague|neighbou?r|contact|peer|sibling|spouse|ally|"
                      r"co[a-z]+|[a-z]*mate|connection|link|tie|relative|associate|collaborator|"
                      r"acquaintance|counterpart|pair|match|rival|opponent|budd(?:y|ies)|pal|companion|"
                      r"comrade|fellow|cousin|twin)", re.IGNORECASE)


def _role_partners(question: str, info: dict[str, Any]) -> bool:
    """Whether ``question`` asks for a node's partners in the noun of one end of an
    undirected table whose two columns name different roles ("how many recruits does
    Juno have", "Hale's scouts", "who has the most recruits" on ``scout,recruit``): the
    graph keeps no end, so every answer would count both."""
    from igraph_agent.model.vocabulary import _plural, data_nouns

    nouns = data_nouns(info)
    if len(nouns) != 2 or any(_NO_SIDE.fullmatch(n) for n in nouns):
        return False
    n = "|".join(sorted({re.escape(f) for w in nouns for f in (w, _plural(w))}, key=len,
                        reverse=True))
    return bool(re.search(
        rf"\bhow\s+many\s+(?:different\s+|distinct\s+)?(?:{n})\s+(?:does|do|did|has|have|had)\s+"
        rf"(?:[\w'.-]+\s+){{1,3}}(?:have|had|got|get)\b|[\w.-](?:'s|’s|')\s+(?:{n})\b|"
        rf"\b(?:{n})\s+of\s+(?:the\s+)?(?-i:[A-Z0-9])|\b(?:most|fewest|least)\s+(?:{n})\b",
        question, re.IGNORECASE))


# -- a named node's partners in its table's own role nouns --------------------------------
_NAME = r"(@[A-Za-z0-9_][\w.-]*|(?-i:[A-Z][\w'.-]*)|[a-z]+\d+|\d+)"
_IRREGULAR = {"child": "children", "person": "people", "man": "men", "woman": "women",
              "mouse": "mice", "wife": "wives", "leaf": "leaves", "analysis": "analyses"}
#: column words that name no role ("node_a", "from", "src_id")
_NO_ROLE = {"source", "target", "node", "from", "to", "src", "dst", "id", "no", "nr", "num",
            "number", "name", "key", "code", "origin", "dest", "destination", "vertex", "end",
            "start", "head", "tail", "a", "b", "x", "y", "u", "v", "line", "direct", "reports"}
_BOSS_WORDS = ["manager", "boss", "supervisor", "superior", "line manager"]
_REPORT_WORDS = ["report", "direct report", "subordinate"]


def _role(column: str) -> str | None:
    words = [w for w in re.split(r"[^a-z]+", re.sub(r"([a-z])([A-Z])", r"\1 \2",
                                                    str(column)).lower()) if w]
    words = [w for w in words if w not in _NO_ROLE and len(w) >= 3]
    return words[-1] if words else None


def nouns_pattern(words: list[str]) -> str:
    forms = set()
    for w in words:
        forms |= {w, _IRREGULAR.get(w, w + "es" if re.search(r"(?:ch|sh|x|ss)$", w) else w + "s")}
    return "(?:" + "|".join(re.escape(f).replace(r"\ ", r"\s+") for f in
                            sorted(forms, key=len, reverse=True)) + ")"


def role_sides(info: dict[str, Any]) -> tuple[list[str], list[str]]:
    """The nouns for a node's partners at an edge's start and at its end: ``parent,child``
    -> ([parent], [child]); a reporting table adds the boss words on the boss's side and
    the report words on the other (``staffer,line_manager``: bosses are at the end)."""
    cols = [str(c) for c in ((info.get("meaning") or {}).get("direction") or [])][:2]
    if not info.get("directed") or len(cols) != 2:
        return [], []
    from igraph_agent.model.vocabulary import boss_way

    # a noun both columns share ("from_site,to_site") names the nodes, neither end
    shared = _role(cols[0]) if _role(cols[0]) == _role(cols[1]) else None
    starts = [r for r in [_role(cols[0])] if r and r != shared]
    ends = [r for r in [_role(cols[1])] if r and r not in starts and r != shared]
    way = boss_way(info.get("meaning") or {})
    if way == "in":
        starts, ends = starts + _REPORT_WORDS, ends + _BOSS_WORDS
    elif way == "out":
        starts, ends = starts + _BOSS_WORDS, ends + _REPORT_WORDS
    return list(dict.fromkeys(starts)), [e for e in dict.fromkeys(ends) if e not in starts]


_WHO = r"^\s*(?:to\s+)?(?:who|whom|which\s+\w+)\s+"
_END_Q = r"\s*[?.!]*\s*$"
_WHAT = r"(?:\s+(?:money|anything|cash|funds|something))?"
#: a named debtor's lenders: "who does Seth owe money to", "who is Seth in debt to"
_LENDERS_OF = re.compile(
    rf"{_WHO}(?:does|do|did)\s+{_NAME}\s+(?:still\s+)?owe{_WHAT}(?:\s+to)?{_END_Q}|"
    rf"{_WHO}(?:is|are|was|were)\s+{_NAME}\s+(?:in\s+debt|indebted)(?:\s+to)?{_END_Q}",
    re.IGNORECASE)
#: a named creditor's debtors: "who owes Rana money", "who is Rana owed money by"
_DEBTORS_OF = re.compile(
    rf"{_WHO}(?:owes?|owed)(?:\s+money|\s+anything)?(?:\s+to)?\s+{_NAME}{_WHAT}{_END_Q}|"
    rf"{_WHO}(?:is|are|was|were)\s+{_NAME}\s+owed{_WHAT}\s+by{_END_Q}|"
    rf"{_WHO}(?:is|are|was|were)\s+(?:in\s+debt|indebted)\s+to\s+{_NAME}{_END_Q}",
    re.IGNORECASE)


def debt_partners(question: str, info: dict[str, Any]) -> str:
    """A named node's partners in debt as in-/out-neighbour words on a lending table: on
    ``lender,borrower`` "who does Seth owe money to" is Seth's in-neighbours (his lenders)
    and "who owes Rana money" Rana's out-neighbours (her borrowers).

    Example::

        >>> info = {"directed": True, "meaning": {"direction": ["creditor", "debtor"]}}
        >>> debt_partners("Who does Seth owe money to?", info)
        'Who are the in-neighbours of Seth?'
        >>> debt_partners("who owes Rana money?", info)
        'Who are the out-neighbours of Rana?'
    """
    way = _lending_way(info) if info.get("directed") else None
    if way is None:
        return question
    for rx, lenders in ((_LENDERS_OF, True), (_DEBTORS_OF, False)):
        m = rx.match(question)
        if m:
            side = "in" if (way == "out") == lenders else "out"
            return f"Who are the {side}-neighbours of {next(g for g in m.groups() if g)}?"
    return question


def role_questions(question: str, info: dict[str, Any]) -> str:
    """A named node's partners asked in the table's role nouns, as in-/out-neighbour and
    degree words: on ``parent,child`` "who are Mum's children" is Mum's out-neighbours,
    "who is the parent of Cousin" Cousin's in-neighbours, "how many children does Gran
    have" Gran's out-degree; on ``staffer,line_manager`` "who is Ana's manager" Ana's
    out-neighbours and "who has the most direct reports" the highest in-degree.

    Example::

        >>> info = {"directed": True, "meaning": {"direction": ["parent", "child"]}}
        >>> role_questions("who are Mum's children?", info)
        'Who are the out-neighbours of Mum?'
        >>> role_questions("How many parents does Kid1 have", info)
        'What is the in-degree of Kid1?'
    """
    starts, ends = role_sides(info)
    if not starts and not ends:
        return question
    for nouns, side in ((starts, "in"), (ends, "out")):
        if not nouns:
            continue
        n = nouns_pattern(nouns)
        det = r"(?:the\s+|his\s+|her\s+|their\s+|its\s+)?(?:direct\s+|immediate\s+)?"
        m = re.match(rf"^\s*(?:who|what|which)\s+(?:is|are|was|were)\s+{det}{n}\s+of\s+{_NAME}"
                     rf"\s*[?.!]*\s*$|^\s*(?:who|what|which)\s+(?:is|are|was|were)\s+{_NAME}'s?\s+"
                     rf"(?:direct\s+|immediate\s+)?{n}\s*[?.!]*\s*$|^\s*(?:list|name|show)\s+"
                     rf"(?:me\s+)?(?:all\s+)?{det}{n}\s+of\s+{_NAME}\s*[?.!]*\s*$", question,
                     re.IGNORECASE)
        if m:
            name = next(g for g in m.groups() if g)
            return f"Who are the {side}-neighbours of {name}?"
        m = re.match(rf"^\s*how\s+many\s+(?:direct\s+|immediate\s+)?{n}\s+(?:does|do|did)\s+"
                     rf"{_NAME}\s+have\s*[?.!]*\s*$", question, re.IGNORECASE)
        if m:
            return f"What is the {side}-degree of {m.group(1)}?"
        m = re.match(rf"^\s*(?:who|which\s+\w+)\s+(?:has|have)\s+the\s+(most|fewest)\s+"
                     rf"(?:direct\s+)?{n}\s*[?.!]*\s*$", question, re.IGNORECASE)
        if m:
            top = "highest" if m.group(1).lower() == "most" else "lowest"
            return f"Which node has the {top} {side}-degree?"
    return question


#: words for the edges leaving a node and the edges entering it
_OUT_WORDS = re.compile(r"\b(?:departures?|departing|depart|leav(?:e|es|ing)|outgoing|outbound|"
                        r"out of|sends?|sent|sending|made|makes?|gives?|gave|lends?|lent|pays?|"
                        r"paid|out\s+to)\b", re.IGNORECASE)
_IN_WORDS = re.compile(r"\b(?:arrivals?|arriving|arrive|into|incoming|inbound|receives?|"
                       r"received|receiving|gets?|got|in\s+from)\b", re.IGNORECASE)


def _end_noun(column: Any) -> str:
    w = re.sub(r"[ _-]?(?:id|key|name|code)$", "", str(column).lower())
    return re.sub(r"(?:[ _-]?(?:\d|[ab]))$", "", w)


#: both ends of a node's edges named: "make or receive a call", "in or out", "either way"
_BOTH_ENDS = re.compile(r"\b(?:make|send|give|place)\s+or\s+(?:receive|get|take)\b|\b(?:receive|get|"
                        r"take)\s+or\s+(?:make|send|give|place)\b|\bin\s+or\s+out\b|\beither\s+"
                        r"(?:way|direction)\b|"
                        # "either as caller or callee", "sending or receiving", "as a buyer or
                        # as a seller"
                        r"\b(?:either|whether)\s+as\s+(?:an?\s+)?[a-z]+\s+or\s+(?:as\s+)?(?:an?\s+)?"
                        r"[a-z]+\b|\b(?:sending|giving|making|selling|buying|calling)\s+or\s+"
                        r"(?:receiving|getting|taking|buying|selling|being\s+called)\b",
                        re.IGNORECASE)


def counted_side(question: str, info: dict[str, Any]) -> str | None:
    """``out`` / ``in`` when a degree threshold on a directed table counts one end's edges, in
    the data's own words, else None: the other end's noun counted ("eat exactly 2 prey" on
    ``predator,prey``: out-degree; "have exactly 1 predator": in-degree), a word for leaving
    or entering ("2 departures", "made exactly 2 loans"), or the source column's verb done
    ("eat at least 2 things").

        >>> info = {"directed": True, "meaning": {"direction": ["predator", "prey"]},
        ...         "attached_sources": [{"tables": {"t": ["predator", "prey"]}}]}
        >>> counted_side("which species eat exactly 2 prey?", info)
        'out'
        >>> counted_side("which species have exactly 1 predator?", info)
        'in'
        >>> counted_side("which species eat at least 2 things?", info)
        'out'
    """
    from igraph_agent.model import slots
    from igraph_agent.model.verbs import column_verbs, forms, participles

    if not info.get("directed") or _BOTH_ENDS.search(question):
        return None  # "never make or receive a call": both ends' edges
    cols = [_end_noun(c) for c in ((info.get("meaning") or {}).get("direction") or [])][:2]
    at = re.search(rf"(?:{slots.THRESHOLD_AT.pattern})\s+(?:other\s+|different\s+)?([a-z]+)",
                   question, re.IGNORECASE)
    if at and len(cols) == 2:
        word = at.group(at.lastindex or 0).lower()
        base = {"prey": "prey", "people": "person"}.get(word, re.sub(r"(?<!s)s$", "", word))
        if base == cols[1] and base != cols[0]:
            return "out"  # "eat exactly 2 prey": the targets counted
        if base == cols[0] and base != cols[1]:
            return "in"  # "have exactly 1 predator": the sources counted
    ends = [str(c).lower() for c in ((info.get("meaning") or {}).get("direction") or [])][:2]
    if len(ends) == 2:  # "(deals as buying_club)": the end named by its own column
        named = [i for i, c in enumerate(ends) if re.search(
            rf"\bas\s+(?:the\s+|an?\s+)?{re.escape(c)}\b", question, re.IGNORECASE)]
        if len(named) == 1:
            return "out" if named[0] == 0 else "in"
    fwd, back = column_verbs(info)
    # "made at least 2 purchases" on ``selling_club,buying_club``: the buyer's deals
    for noun, verb in (("purchase", "buy"), ("sale", "sell"), ("loan", "lend"),
                       ("borrowing", "borrow")):
        if re.search(rf"\b{noun}s?\b", question, re.IGNORECASE):
            at_end = [side for stems, side in ((fwd, "out"), (back, "in"))
                      if any(st.startswith(verb) for st in stems)] or \
                [side for c, side in zip(ends, ("out", "in"), strict=False) if verb in c]
            if len(at_end) == 1:
                return at_end[0]
    out, into = bool(_OUT_WORDS.search(question)), bool(_IN_WORDS.search(question))
    if out != into:
        return "out" if out else "in"
    if fwd and re.search(rf"\b{participles(fwd)}\b", question, re.IGNORECASE) and \
            re.search(r"\b(?:is|are|was|were|been|being|gets?|got)\b", question, re.IGNORECASE):
        return "in"  # "eaten by at least 2 species"
    if re.search(r"\b(?:was|were|been|being|gets?|got)\s+(?:[a-z]+\s+){1,2}?by\s+(?:two|three|four|"
                 r"five|\d+|at\s+least|more\s+than|over|fewer\s+than|less\s+than|exactly)\b",
                 question, re.IGNORECASE):
        return "in"  # "members put forward by two or more members": whatever the verb
    said = [side for stems, side in ((fwd, "out"), (back, "in"))
            if stems and re.search(rf"\b{forms(stems)}(?:e?s|ed|ing)?\b", question, re.IGNORECASE)]
    return said[0] if len(said) == 1 else None
