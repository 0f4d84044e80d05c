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
_ROLE_VERBS: dict[str, tuple[str, ...]] = {
    "predator": _EAT, "eater": _EAT, "consumer": _EAT, "hunter": _EAT,
    "sender": _PAY, "payer": _PAY, "remitter": _PAY, "transferor": _PAY,
    "donor": ("donate", "give", "fund"), "giver": ("give",), "funder": ("fund",),
    "lender": ("lend", "loan"), "creditor": ("lend", "loan"),
    "seller": ("sell", "supply"), "vendor": ("sell", "supply"), "supplier": ("supply", "sell"),
    "exporter": ("export",), "mentor": ("mentor",), "tutor": ("tutor", "teach"),
    "teacher": ("teach",), "follower": ("follow",), "attacker": ("attack",),
    "inviter": ("invite",), "referrer": ("refer",),
}
#: role nouns whose node undergoes the other end's verbs ("prey" is eaten by its predator)
_PATIENTS: dict[str, tuple[str, ...]] = {"prey": _EAT, "victim": ("attack",),
                                         "payee": _PAY, "recipient": _PAY, "receiver": _PAY}
#: the forms no suffix makes
_IRREGULAR: dict[str, tuple[str, ...]] = {
    "eat": ("ate", "eaten"), "pay": ("paid",), "send": ("sent",), "give": ("gave", "given"),
    "lend": ("lent",), "sell": ("sold",), "buy": ("bought",), "feed": ("fed",),
    "teach": ("taught",), "get": ("got", "gotten"), "take": ("took", "taken"),
    "hear": ("heard",), "learn": ("learnt",)}
#: column words that name no relation of their own
_PLAIN = {"sourc", "targ", "from", "node", "src", "dst", "tail", "head", "target", "get"}


def _clean(column: Any) -> str:
    w = re.sub(r"[ _-]?(?:id|key|name)$", "", str(column).lower())
    w = re.sub(r"(?:[ _-](?:\d|[ab])|\d)$", "", w)  # item_1, hut_a, node2
    return re.sub(r"[ _-](?:to|on|of|by|for)$", "", w)  # reports_to, depends_on


def column_verbs(info: dict[str, Any]) -> tuple[list[str], list[str]]:
    """The verb stems an edge table's endpoint columns name, (the source's, the target's):
    ``caller``/``callee`` -> call, ``module``/``imports`` -> import, ``citing``/``cited`` ->
    cit, ``mentor``/``mentee`` -> mentor; a target column named as an agent (``importer``,
    ``receiver``) names what the target does: ``exporter``/``importer`` -> ([export],
    [import]); a role noun gives its known verbs on its side (``predator``: eat, hunt …),
    a patient's noun its partner's on the other side (``prey,predator``: the target eats)."""
    fwd: list[str] = []
    back: list[str] = []
    for src in info.get("attached_sources") or []:
        for table, cols in (src.get("tables") or {}).items():
            if table == "nodes":
                continue
            for i, c in enumerate(list(cols)[:2]):
                w = _clean(c)
                single = re.sub(r"(?<!s)s$", "", w)
                stem = re.sub(r"(?:er|or|ee|ing|ed|e)$", "", single)
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
    fwd = list(dict.fromkeys(fwd))
    return fwd, [b for b in dict.fromkeys(back) if b not in fwd]


def forms(stems: list[str]) -> str:
    """One regex alternation of the stems and their irregular forms (a regular suffix is
    the caller's: ``(?:e?s|ies|ed|d|ing|e)?``)."""
    every = [*stems, *(f for s in stems for f in _IRREGULAR.get(s, ()))]
    every += [s[:-1] + "y" for s in stems if s.endswith("i")]  # suppli -> supply
    return "(?:" + "|".join(map(re.escape, sorted(set(every), key=len, reverse=True))) + ")"


def participles(stems: list[str]) -> str:
    """The regex of the stems' past participles: mentored, cited, eaten, paid."""
    odd = [f for s in stems for f in _IRREGULAR.get(s, ())]
    reg = "|".join(map(re.escape, stems))
    return rf"(?:(?:{reg})(?:ed|d|ied)" + (f"|{'|'.join(map(re.escape, odd))}" if odd else "") \
        + ")"
