"""The verbs a directed edge table's endpoint columns name, for the offline planner.

A column names its edge's verb in two ways: by the verb's own stem (``caller``/``callee``:
call; ``mentor``/``mentee``: mentor; ``citing``/``cited``: cit) or by a role noun whose
verbs are known (``predator``/``prey``: eat, hunt, prey on, feed on; ``sender``/``receiver``
and ``payer``/``payee``: send, pay, transfer, wire). The subject of such a verb is the
column that names the role: "predator eats prey" reads the edge from the source when the
source column is ``predator``, and against it when the target column is (``prey,predator``).
A target column named as an agent (``receiver``, ``importer``) names what the target does.

:func:`column_verbs` gives the two lists of stems, :func:`forms` the regex of every form
of them (with the irregular ones: eat, ate, eaten; pay, paid; send, sent).

Example::

    >>> column_verbs({"attached_sources": [{"tables": {"t": ["mentor", "mentee"]}}]})
    (['mentor', 'ment'], [])
    >>> column_verbs({"attached_sources": [{"tables": {"t": ["prey", "predator"]}}]})[1][:2]
    ['eat', 'hunt']
"""

from __future__ import annotations

import re
from typing import Any

#: role nouns that say what their node does to the other end, and those verbs
_EAT = ("eat", "hunt", "prey", "feed", "consume")
_PAY = ("pay", "send", "transfer", "wire", "remit")
_CALL = ("call", "ring", "phone", "dial")
_ROLE_VERBS: dict[str, tuple[str, ...]] = {
    "predator": _EAT, "eater": _EAT, "consumer": _EAT, "hunter": _EAT,
    "sender": (*_PAY, "write", "message", "email", "mail", "text"), "payer": _PAY,
    "remitter": _PAY, "transferor": _PAY,
    "donor": ("donate", "give", "fund"), "giver": ("give",), "funder": ("fund",),
    "lender": ("lend", "loan"), "creditor": ("lend", "loan"),
    "seller": ("sell", "supply", "ship", "deliver"), "vendor": ("sell", "supply", "ship", "deliver"),
    "supplier": ("supply", "sell", "ship", "deliver"),
    "exporter": ("export",), "mentor": ("mentor",), "tutor": ("tutor", "teach"),
    "teacher": ("teach",), "coach": ("coach", "train"), "trainer": ("train", "coach"),
    "advisor": ("advise",), "adviser": ("advise",), "follower": ("follow",), "attacker": ("attack",),
    "inviter": ("invite",), "referrer": ("refer",), "instructor": ("instruct", "teach", "train"),
    "recommender": ("recommend", "nominate", "propose", "sponsor"), "nominator": ("nominate",),
    "supervisor": ("supervise", "manage"), "manager": ("manage", "supervise"),
    "caller": _CALL, "dialler": _CALL, "dialer": _CALL,
}
#: the role nouns whose verbs are known ("coach", "predator")
ROLE_NOUNS = frozenset(_ROLE_VERBS)
#: role nouns whose node undergoes the other end's verbs ("prey" is eaten by its predator)
_PATIENTS: dict[str, tuple[str, ...]] = {"prey": _EAT, "victim": ("attack",),
                                         "payee": _PAY, "recipient": _PAY, "receiver": _PAY,
                                         "callee": _CALL,
                                         # "who did Fay teach" on instructor,student
                                         "student": ("teach", "instruct", "train", "coach"),
                                         "pupil": ("teach", "instruct", "train", "coach"),
                                         "trainee": ("train", "teach", "coach"),
                                         "learner": ("teach", "instruct", "train"),
                                         # "which papers does paper20 build on"
                                         "cited": ("cit", "build", "referenc")}
#: the forms no suffix makes
_IRREGULAR: dict[str, tuple[str, ...]] = {
    "eat": ("ate", "eaten"), "pay": ("paid",), "send": ("sent",), "give": ("gave", "given"),
    "lend": ("lent",), "sell": ("sold",), "buy": ("bought",), "feed": ("fed",),
    "teach": ("taught",), "get": ("got", "gotten"), "take": ("took", "taken"),
    "hear": ("heard",), "learn": ("learnt",), "ring": ("rang", "rung"),
    "write": ("wrote", "written"), "build": ("built",)}
#: column words that name no relation of their own
#: verbs whose subject sends along an edge: a group as their subject sends to the others
SENDS = re.compile(r"\b(?:send\w*|sent|writes?|wrote|written|writing|emails?|emailed|"
                   r"messages?|messaged|calls?|called|pays?|paid|lends?|lent|gives?|gave|"
                   r"ship\w*|exports?|exported|sells?|sold|refers?|referred|feed\w*|supply|"
                   r"supplies|supplied|flows?|talks?|talked|forwards?|forwarded|reports?|reported|"
                   r"cites?|cited|follows?|followed|mentions?|mentioned|contacts?|contacted|"
                   r"reach(?:es)?\s+out)\b", re.IGNORECASE)
#: verbs whose subject receives along an edge: a group as their subject receives
RECEIVES = re.compile(r"\b(?:receiv\w*|gets?|got|hears?|heard|takes?|took|borrow\w*|"
                      r"import\w*|buys?|bought|draws?|drew)\b", re.IGNORECASE)


_PLAIN = {"sourc", "targ", "from", "node", "src", "dst", "tail", "head", "target", "get"}


def _clean(column: Any) -> str:
    w = re.sub(r"[ _-]?(?:id|key|name)$|[ _-](?:no|nr|num|number)$", "", str(column).lower())
    w = re.sub(r"(?:[ _-](?:\d|[ab])|\d)$", "", w)  # item_1, hut_a, node2
    return re.sub(r"[ _-](?:to|on|of|by|for|into|onto|towards?)$", "", w)  # reports_to, flows_into


def _endpoints(info: dict[str, Any]) -> list[str]:
    """The edge table's two endpoint columns, where the graph's info names them."""
    ends = (info.get("meaning") or {}).get("direction") or []
    if not ends:
        for d in info.get("available_datasets") or []:
            if d.get("dataset_id") == info.get("dataset_id"):
                ends = (d.get("choices") or {}).get("endpoints") or []
    return [str(c) for c in ends][:2] if len(ends) >= 2 else []


#: nouns of a thing, not of an act, that end like one ("totals", "segments", "ratings")
_NOT_ACTS = {"total", "interval", "signal", "animal", "capital", "journal", "rival", "final",
             "festival", "original", "arrival", "moment", "segment", "element", "document",
             "department", "apartment", "instrument", "sentiment", "comment", "earning",
             "saving", "holding", "setting", "rating", "building", "thing", "evening",
             "morning", "feeling", "ceiling", "string", "wing", "king", "ring", "spring",
             "being", "ending", "heading", "listing", "series", "category", "gallery",
             "battery", "mystery", "history", "memory", "theory", "query", "country"}
#: the act a noun names, by its suffix: "approvals" approve, "shipments" ship, "deliveries"
#: deliver, "sailings" sail (the stem, as :func:`forms` takes it)
_ACT_NOUN = re.compile(r"^([a-z]{3,}?)(?:als?|ments?|ings?)$|^([a-z]{3,}er)(?:ies|y)$")
#: words of a reporting table: there the one who approves may be either end
_REPORTING = {"manager", "mgr", "boss", "supervisor", "superior", "report", "reports"}


def value_verbs(info: dict[str, Any]) -> list[str]:
    """The acts a directed table's edge value columns name, done by the source to the
    target: ``reviewer,author`` with ``approvals`` -> approv ("who approves Tarquin's
    code"), ``shipments`` -> ship, ``deliveries`` -> deliver; nothing on a reporting table,
    where the value's act may go either way.

    Example::

        >>> value_verbs({"directed": True, "edge_attributes": ["approvals", "total", "kegs"]})
        ['approv']
    """
    if not info.get("directed"):
        return []
    ends = {w for c in _endpoints(info) for w in re.split(r"[^a-z]+", c.lower())}
    if ends & _REPORTING:
        return []
    out = []
    for col in info.get("edge_attributes") or []:
        word = str(col).lower()
        m = _ACT_NOUN.fullmatch(word)
        noun = re.sub(r"s$", "", word) if not word.endswith("ies") else word[:-3] + "y"
        if m and noun not in _NOT_ACTS:
            out.append(m.group(1) or m.group(2))
    return out


def column_verbs(info: dict[str, Any]) -> tuple[list[str], list[str]]:
    """The verb stems an edge table's endpoint columns name, (the source's, the target's):
    ``caller``/``callee`` -> call, ``module``/``imports`` -> import, ``citing``/``cited`` ->
    cit, ``mentor``/``mentee`` -> mentor; a target column named as an agent (``importer``,
    ``receiver``) names what the target does: ``exporter``/``importer`` -> ([export],
    [import]); a role noun gives its known verbs on its side (``predator``: eat, hunt …),
    a patient's noun its partner's on the other side (``prey,predator``: the target eats)."""
    fwd: list[str] = []
    back: list[str] = []
    ends = _endpoints(info)
    for src in info.get("attached_sources") or []:
        for table, cols in (src.get("tables") or {}).items():
            if table == "nodes" or (ends and {str(c) for c in list(cols)[:2]} != set(ends)):
                continue  # a node table's id and attributes ("agent,unit") name no verb
            if len({re.sub(r"[ _-](?:from|src|source|start|origin)$", "", _clean(c))
                    for c in list(cols)[:2]}) == 1:
                continue  # "town_from,town_to": the nodes' noun at both ends, no verb
            # the ends in the graph's direction, which the construction may have turned
            # (``receiver,sender`` is built sender → receiver): the source's verbs are fwd
            for i, c in enumerate(ends or list(cols)[:2]):
                w = _clean(c)
                doing = re.fullmatch(r"([a-z]{2,}ing)[ _-][a-z]+", w)  # "selling_club": sells
                if doing:
                    stem = re.sub(r"ing$", "", doing.group(1))
                    if re.fullmatch(r"[a-z]{3,15}", stem) and stem not in _PLAIN:
                        (back if i == 1 else fwd).extend(
                            [stem, stem[:-1]] if re.search(r"([bdgmnlprt])\1$", stem) else [stem])
                    continue
                single = re.sub(r"(?<!s)s$", "", w)
                stem = re.sub(r"(?:er|or|ee|ing|ed|e)$", "", single)
                if re.fullmatch(r"[a-z]{3,}(?<!e)ster", single):  # not "requester": request
                    stem = single[:-4]  # "tipster" tips, "prankster" pranks
                if not re.fullmatch(r"[a-z]{3,15}", stem) or stem in _PLAIN:
                    continue
                if single in _ROLE_VERBS:  # "predator": its known verbs, on its side
                    (back if i == 1 else fwd).extend(_ROLE_VERBS[single])
                    continue
                if single in _PATIENTS:  # "prey": its partner's verbs, on the other side
                    (fwd if i == 1 else back).extend(_PATIENTS[single])
                    continue
                agent = i == 1 and re.search(r"(?:er|or|ient|ent|ant)$", w)  # not "callee"
                side = back if agent else fwd
                if single.endswith("or"):
                    side.append(single)  # "sponsor": the verb is the whole word
                side.append(stem)
                if re.search(r"([bdgmnpt])\1$", stem) and stem != single:
                    side.append(stem[:-1])  # "shipper": ship (forms() doubles it again)
    fwd = list(dict.fromkeys([*fwd, *(value_verbs(info) if fwd or back else [])]))
    return fwd, [b for b in dict.fromkeys(back) if b not in fwd]


#: a one-syllable stem whose last consonant doubles before -ed and -ing ("tip", "ship")
_DOUBLED = re.compile(r"[^aeiou]*[aeiou][bdgmnpt]")


def forms(stems: list[str]) -> str:
    """One regex alternation of the stems and their irregular forms (a regular suffix is
    the caller's: ``(?:e?s|ies|ed|d|ing|e)?``)."""
    every = [*stems, *(f for s in stems for f in _IRREGULAR.get(s, ()))]
    every += [s[:-1] + "y" for s in stems if s.endswith("i")]  # suppli -> supply
    every += [s[:-1] + "i" for s in stems if re.search(r"[^aeiou]y$", s)]  # supply -> supplies
    every += [s + s[-1] for s in stems if _DOUBLED.fullmatch(s)]  # tip -> tipped
    return "(?:" + "|".join(map(re.escape, sorted(set(every), key=len, reverse=True))) + ")"


def participles(stems: list[str]) -> str:
    """The regex of the stems' past participles: mentored, cited, eaten, paid."""
    odd = [f for s in stems for f in _IRREGULAR.get(s, ())]
    odd += [s[:-1] + "ied" for s in stems if re.search(r"[^aeiou]y$", s)]  # supplied, carried
    stems = [*stems, *(s + s[-1] for s in stems if _DOUBLED.fullmatch(s))]  # tipped
    reg = "|".join(map(re.escape, stems))
    return rf"(?:(?:{reg})(?:ed|d|ied)" + (f"|{'|'.join(map(re.escape, odd))}" if odd else "") \
        + ")"


#: a chain of the edge's verb, worded as a line: "his mentoring line", "the sponsoring chain"
_LINE = r"(?:line|chain|tree|lineage|hierarchy|ladder)"
_WHO = r"[A-Za-z][\w'.-]*|\d+"
#: a name at a question's end: one word, or capitalised words ("Payroll Co")
_END = r"(?-i:[A-Z][\w'.-]*(?: [A-Z0-9][\w'.-]*)*)|[A-Za-z][\w'.-]*|\d+"
_ASKS_LIST = r"^\s*(?:list|name|show(?: me)?|give me|who|which|what|find)\b"
_ANCESTORS = "Which nodes flow into {0}, directly or indirectly?"
_DESCENDANTS = "Which nodes does {0} {1}, directly or indirectly?"
_PATH = "Is there a path from {0} to {1}?"


def chains(question: str, stems: list[str], agent: str | None, verb: str) -> str:
    """A chain of the columns' verb as a reach: on ``mentor,mentee`` "everyone above Tobias
    in his mentoring line" / "Tobias's mentors, their mentors, and so on" are everything
    reaching Tobias, "everyone below Greta in the mentoring line" everything Greta reaches;
    "is Amara somewhere up Farah's mentoring line" asks whether Amara reaches Farah, and
    "can money sent by hana ever reach Payroll Co" whether hana does (``verb``: the stem
    the source does, for the question the reach is asked in)."""
    if not stems:
        return question
    v = forms(stems) + r"[a-z]*"
    line = rf"(?:{v}\s+{_LINE}|{_LINE}\s+of\s+{v}[a-z]*)"
    q = question
    m = re.match(rf"^\s*(?:is|was|are)\s+({_WHO})\s+(?:somewhere\s+|anywhere\s+|ever\s+)?"
                 rf"(up|above|down|below|under|in)\s+(?:in\s+)?({_WHO})'s?\s+{line}\b", q,
                 re.IGNORECASE)
    if m:
        a, b = m.group(1), m.group(3)
        if m.group(2).lower() == "in":
            return question  # no side: "in her line" may be either way
        return _PATH.format(a, b) if m.group(2).lower() in ("up", "above") \
            else _PATH.format(b, a)
    if re.match(_ASKS_LIST, q, re.IGNORECASE):
        m = re.search(rf"\b(above|up|below|under|down)\s+(?:in\s+)?({_WHO})(?:'s)?\s+(?:in\s+|on\s+)?"
                      rf"(?:(?:his|her|their|its|the)\s+)?{line}", q, re.IGNORECASE)
        if m:
            up = m.group(1).lower() in ("above", "up")
            return (_ANCESTORS.format(m.group(2)) if up
                    else _DESCENDANTS.format(m.group(2), verb))
        if agent:
            a = rf"(?:{re.escape(agent)}(?:e?s)?)"
            m = re.search(rf"\b({_WHO})'s\s+{a},?\s+(?:and\s+)?(?:their|those)\s+{a}\b|"
                          rf"\b{a}\s+of\s+(?:the\s+)?{a}\s+of\s+({_WHO})\b", q, re.IGNORECASE)
            if m:
                return _ANCESTORS.format(m.group(1) or m.group(2))
    m = re.match(rf"^\s*(?:(?:list|name|show(?:\s+me)?|find)\s+)?(?:everything|everyone|everybody|"
                 rf"all(?:\s+the)?\s+\w+|(?:which|what)\s+\w+|who|what)(?:\s+(?:that|who|which))?\s+"
                 rf"{v}\s+({_END}),?\s+(?:directly\s+or\s+(?:indirectly|through\s+\w+)|even\s+"
                 rf"indirectly|indirectly|at\s+any\s+(?:level|distance|remove))\b", q, re.IGNORECASE)
    if m:  # "list everything that cites lee2015, directly or indirectly"
        return _ANCESTORS.format(m.group(1))
    m = re.match(rf"^\s*(?:can|could|does|do|did|will|would)\s+(?:the\s+)?(?:[a-z]+\s+)?"
                 rf"(?:{participles(stems)}\s+by|from)\s+({_END})\s+(?:ever\s+|still\s+|"
                 rf"eventually\s+)?(?:find\s+its\s+way\s+to|reach|get\s+to|end\s+up\s+(?:at|with|"
                 rf"in))\s+({_END})(?=\s*(?:[,?.!]|$|\s+(?:through|via|by|in|along|over)\b))",
                 q, re.IGNORECASE)
    if m:
        return _PATH.format(m.group(1), m.group(2))
    return question


#: nothing after the counted nodes that narrows them ("the most people who never vouch
#: back", "the most people outside his team"): a plain count of partners
_NO_CLAUSE = (r"(?!\s+(?:than|to|from|who|whom|whose|that|which|with|without|in|on|at|outside|"
              r"inside|not|but|except|among|within|whom)\b)(?!\s*,?\s*(?:who|that|which)\b)")
#: a count of distinct partners as a range: "the widest range of prey", "the greatest variety
#: of plants" (``{0}``: the superlatives)
_RANGE = r"(?:{0})\s+(?:range|variety|diversity|array|spread|mix)\s+of\s+(?:different\s+)?[a-z]+"
#: the preposition a verb takes before its object: "vouch for", "reply to", "rely on"
PREPOSITION = r"(?:for|to|on|at|with|of|about|into|onto|after|over)"


def most_in_verb(question: str, stems: list[str], nodes: list[str], valued: bool) -> str:
    """A ranking by the count of partners in the column's verb, with the verb's preposition:
    "who vouches for the most people" (out-degree), "who is vouched for by the most
    others" (in-degree) and, with no edge value that "the most" could sum, "who is vouched
    for most" (in-degree). ``nodes`` are the words for a node ("people", the data's own)."""
    v = forms(stems) + "[a-z]*"
    done = participles(stems)
    whom = "|".join(sorted({re.escape(w) for w in nodes}, key=len, reverse=True))
    counted = (rf"(?:(?:most|largest number of|greatest number of|highest number of)\s+"
               rf"(?:other\s+|different\s+|distinct\s+)?(?:{whom}|others)\b"
               rf"|(?:most|largest number of)\s+(?:different|distinct)\s+[a-z]+"
               rf"|{_RANGE.format('widest|broadest|greatest|largest|biggest|most')}){_NO_CLAUSE}")
    fewest = (rf"(?:(?:fewest|smallest number of|least)\s+(?:other\s+|different\s+|distinct\s+)?"
              rf"(?:{whom}|others)\b|(?:fewest|smallest number of)\s+(?:different|distinct)\s+"
              rf"[a-z]+|{_RANGE.format('narrowest|smallest|least')}){_NO_CLAUSE}")
    for most, side in ((counted, "highest"), (fewest, "lowest")):
        # "approves the work of the most different people": the verb done to their work
        question = re.sub(rf"\b{v}\s+(?:{PREPOSITION}\s+)?(?:the\s+(?!most\b|fewest\b|least\b)[a-z]+"
                          rf"(?:\s+[a-z]+)?\s+of\s+)?the\s+{most}", f"has the {side} out-degree",
                          question, flags=re.IGNORECASE)
        question = re.sub(rf"\b(?:is|are|was|were|gets?|got)\s+{done}\s+(?:{PREPOSITION}\s+)?by\s+"
                          rf"the\s+{most}", f"has the {side} in-degree", question,
                          flags=re.IGNORECASE)
    for most, side in (("most|largest number of|greatest number of", "highest"),
                       ("fewest|smallest number of", "lowest")):  # "which package do the
        # most other packages depend on": the verb's object counted by its subjects
        question = re.sub(rf"^(\s*(?:which|what)\s+[a-z]+)\s+(?:do|does|did)\s+(?:the\s+)?"
                          rf"(?:{most})\s+(?:other\s+|different\s+|distinct\s+)?[a-z]+\s+{v}"
                          rf"(?:\s+{PREPOSITION})?(?:\s+(?:directly|themselves|at all))?"
                          r"(?=\s*[?.!]*\s*$)", rf"\1 has the {side} in-degree", question,
                          flags=re.IGNORECASE)
    if not valued:  # "is vouched for most": no edge value whose sum "the most" could mean
        # "cited at least 5 times" is a threshold, not "the least"
        question = re.sub(rf"\b(?:is|are|was|were|gets?|got)\s+{done}\s+(?!at\s+(?:most|least)\b)"
                          rf"{PREPOSITION}\s+"
                          r"(?:the\s+)?most\b(?!\s+[a-z])", "has the highest in-degree", question,
                          flags=re.IGNORECASE)
        question = re.sub(rf"\b(?:is|are|was|were|gets?|got)\s+{done}\s+(?!at\s+(?:most|least)\b)"
                          rf"{PREPOSITION}\s+(?:the\s+)?(?:least|fewest times)\b(?!\s+[a-z])",
                          "has the lowest in-degree", question, flags=re.IGNORECASE)
    return question


#: a reach said beside the verb: "directly or indirectly", "even indirectly", "(following
#: citation chains)", "through a chain of citations", "at any remove"
_INDIRECT = (r"(?:directly\s+or\s+(?:indirectly|through\s+\w+)|(?:even\s+|only\s+)?indirectly|"
             # "counting references of references", "and the citations of those citations"
             r"(?:counting|including|and)\s+(?:the\s+)?(?:references|citations|calls|links|"
             r"mentors|contacts|referrals)\s+of\s+(?:the\s+|their\s+|those\s+)?(?:references|"
             r"citations|calls|links|mentors|contacts|referrals)\b|"
             r"transitively|at\s+any\s+(?:level|distance|remove)|(?:by\s+)?(?:through|via|along|"
             r"following|by\s+following)\s+(?:a\s+|the\s+|any\s+)?(?:\w+\s+)?chains?\b"
             r"(?:\s+of\s+\w+)?)")


def indirect(question: str, stems: list[str], verb: str) -> str:
    """A count or a yes/no of the columns' verb followed along chains, in reach words: "how
    many papers does paper28 cite, directly or indirectly" (everything it reaches), "how
    many papers cite paper00, even indirectly" (everything reaching it), "does paper35 cite
    paper00, even indirectly through a chain of citations" (a path from one to the other).
    A question without the reach words is left as it is (one hop: the degree or one edge)."""
    if not stems or not re.search(_INDIRECT, question, re.IGNORECASE):
        return question
    v = forms(stems) + rf"(?:e?s|ies|ed|d|ing|e)?(?:\s+{PREPOSITION}\b)?"  # "ship to"
    tail = rf"\s*[,(]?\s*(?:\w+\s+){{0,4}}?{_INDIRECT}"
    m = re.match(rf"^\s*how\s+many\s+(?:([a-z]+)\s+)?(?:does|do|did|has|have)\s+({_WHO})\s+"
                 rf"(?:\w+\s+)?{v}\b{tail}", question, re.IGNORECASE)
    if m:  # "how many papers does paper28 cite, directly or indirectly": in the asked noun
        return _DESCENDANTS.format(m.group(2), verb).replace("nodes", m.group(1) or "nodes", 1)
    m = re.match(rf"^\s*how\s+many\s+(?:([a-z]+)\s+)?(?:\w+\s+)?{v}\s+({_END}){tail}",
                 question, re.IGNORECASE)
    if m:  # "how many papers cite paper00, directly or indirectly"
        return _ANCESTORS.format(m.group(2)).replace("nodes", m.group(1) or "nodes", 1)
    m = re.match(rf"^\s*(?:does|do|did)\s+({_WHO})\s+(?:ever\s+)?{v}\s+({_END}){tail}", question,
                 re.IGNORECASE)
    if m:  # "does paper35 cite paper00, even indirectly"
        return _PATH.format(m.group(1), m.group(2))
    m = re.match(rf"^\s*(?:is|was|are)\s+({_WHO})\s+(?:ever\s+)?{participles(stems)}\s+by\s+"
                 rf"({_END}){tail}", question, re.IGNORECASE)
    if m:  # "is paper00 cited by paper35, even indirectly"
        return _PATH.format(m.group(2), m.group(1))
    return question
