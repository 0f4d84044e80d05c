"""Offline-planner intent: the nodes ranked by a numeric node attribute, over the whole graph
or within one group ("who's the best paid person in Sales", "which North site has the most
households", "smallest town in the South by households"): ``nodes_by_measure`` with
``measure="attribute"`` and the group as ``where``; every node tied at the top is named.

The attribute is the numeric node attribute whose name the question says ("households",
"h-index" for ``h_index``, a one-letter slip such as "housholds"), or a pay word ("paid",
"earns", "salary", "wage") for the one attribute named like pay. A question asking which
group ("which department has the largest total payroll") is the group totals' intent, and a
threshold or a rank ("the second best paid") is not read here: the precision guard asks.
``intents.py`` registers it.
"""

from __future__ import annotations

import difflib
import re

from igraph_agent.model import slots
from igraph_agent.model.planstate import Call, Observed, PlanState
from igraph_agent.model.registry import Intent, t
from igraph_agent.results.counting import NodesByMeasureResult

_TOP = r"most|highest|largest|biggest|greatest|best|top|max(?:imum)?|richest|oldest|heaviest|longest"
_LOW = r"least|lowest|smallest|fewest|min(?:imum)?|worst|poorest|youngest|lightest|shortest"
_RANK = re.compile(rf"\b(?:{_TOP}|{_LOW})\b", re.IGNORECASE)
_LOWEST = re.compile(rf"\b(?:{_LOW})\b", re.IGNORECASE)
#: the node asked for: "who", "which town", "what site", "name the person"
_WHO = re.compile(rf"\b(?:who(?:'s|se)?|which|what|where(?:'s)?|name|list|rank|top\s+\d+)\b|"
                  rf"^\s*(?:the\s+)?(?:{_TOP}|{_LOW})\s+[a-z]", re.IGNORECASE)
#: a threshold's question: which, how many, or whether any
_ASKS = re.compile(r"\b(?:who|which|what|how many|list|name|count|any(?:one|body)?|does|do|"
                   r"is|are)\b", re.IGNORECASE)
_WORDS = {"gt": "more than", "ge": "at least", "lt": "less than", "le": "at most",
          "eq": "exactly"}
_PAY_WORDS = re.compile(r"\b(?:paid|pay|earns?|earning|salar(?:y|ies)|wages?|income)\b",
                        re.IGNORECASE)
_PAY_COLUMNS = re.compile(r"salar|pay|wage|income|earn", re.IGNORECASE)
#: time in the job, and the one column holding it ("years", ``tenure_years``, ``experience_yrs``)
_TIME_WORDS = re.compile(r"\b(?:experience|experienced|tenure|seniority|longest[- ]serving|"
                         r"most senior)\b", re.IGNORECASE)
_TIME_COLUMNS = re.compile(r"^(?:years?|yrs|months?)$|tenure|experience|seniority|service",
                           re.IGNORECASE)
#: age, and the one column holding it ("oldest", "younger than 30"; ``age``, ``age_years``)
_AGE_WORDS = re.compile(r"\b(?:old|older|oldest|young|younger|youngest|aged?)\b", re.IGNORECASE)
_AGE_COLUMNS = re.compile(r"^(?:age|aged|age_?years|years_?old|age_?yrs)$", re.IGNORECASE)


def by_meaning(words: str, attrs: list[str]) -> list[str]:
    """The one column a pay word ("paid", "salary"), a time-in-the-job word ("experience",
    "tenure", "seniority") or an age word ("oldest", "younger") stands for, among ``attrs``;
    none when none or several hold it.

        >>> by_meaning("who is the oldest resident?", ["street", "age"])
        ['age']
    """
    for asked, holds in ((_PAY_WORDS, _PAY_COLUMNS), (_TIME_WORDS, _TIME_COLUMNS),
                         (_AGE_WORDS, _AGE_COLUMNS)):
        if asked.search(words):
            found = [a for a in attrs if holds.search(a)]
            return found if len(found) == 1 else []
    return []
#: a total, an average or a share per group is the group totals' intent
_AGGREGATE = re.compile(r"\b(?:total|sum|average|mean|altogether|combined|payroll|per|each)\b",
                        re.IGNORECASE)


def numeric_attributes(st: PlanState) -> list[str]:
    kinds = st.meaning().get("node_attributes") or {}
    return [str(a) for a, k in kinds.items() if k.get("kind") == "numeric"]


def _words(attr: str) -> list[str]:
    """The words of an attribute's name a question may use: ``h_index`` → "h index",
    "h-index", "hindex"; ``salary_k`` → "salary" (a one-letter unit part dropped)."""
    parts = [p for p in re.split(r"[_\W]+", attr.lower()) if p]
    long = [p for p in parts if len(p) > 1] or parts
    out = {" ".join(parts), "-".join(parts), "".join(parts), " ".join(long)}
    return sorted(out, key=len, reverse=True)


#: words of a column name that say how it is measured, not what (``crew_count``, ``age_years``)
_FILLER = frozenset("per of the num number count total avg mean sum value score level rate "
                    "year years month months week weeks day days hour hours min max".split())


def _parts(attr: str) -> list[str]:
    """The content words of an attribute's name, each read singular or plural: ``depth_m``
    → "depth", ``seasons_played`` → "seasons", "played" (units and counts left out)."""
    return [p for p in re.split(r"[_\W]+|(?<=[a-z])(?=[A-Z])", attr.lower())
            if len(p) >= 4 and p not in _FILLER]


def _unit_after_threshold(question: str) -> str | None:
    """The noun right after a threshold's number: "more than 5 years" → "years", "over 3
    seasons played" → "seasons"."""
    m = re.search(rf"(?:{slots.THRESHOLD_AT.pattern})\s+(?:full\s+|whole\s+)?([a-z]+)", question,
                  re.IGNORECASE)
    return m.group(1).lower() if m else None


def _same_word(a: str, b: str) -> bool:
    """One word, singular or plural ("season" / "seasons")."""
    return a == b or (a.rstrip("s") == b.rstrip("s") and abs(len(a) - len(b)) <= 1)


def _by_part(attrs: list[str], question: str, nouns: set[str] = frozenset()) -> list[str]:  # type: ignore[assignment]
    """The attributes the question names by a content word of their name, or whose name's
    word (a unit too: ``tenure_years``) is the noun after its threshold's number; never by
    the word the question or the data uses for a node (``nouns``: "which city has the most
    links" does not name ``city_population``)."""
    words = [w for w in re.findall(r"[a-z]+", question.lower())
             if w not in nouns and w.rstrip("s") not in nouns]
    unit = _unit_after_threshold(question)
    return [a for a in attrs
            if any(_same_word(p, w) for p in _parts(a) for w in words)
            or (unit and any(_same_word(p, unit) for p in re.split(r"[_\W]+", a.lower())
                             if len(p) >= 3))]


def asked_attribute(st: PlanState) -> str | None:
    """The numeric node attribute the question ranks by, or None (none, or several)."""
    q = st.question.lower()
    attrs = numeric_attributes(st)
    hits = [a for a in attrs if any(re.search(rf"(?<![\w]){re.escape(w)}", q) for w in _words(a))]
    if not hits:  # a word of its name: "where is the pressure lowest" (``pressure_bar``)
        hits = _by_part(attrs, st.question, _node_nouns(st))
    if not hits:  # a slip of one letter: "housholds"
        tokens = re.findall(r"[a-z][a-z_-]{4,}", q)
        hits = [a for a in attrs if any(
            difflib.SequenceMatcher(None, w, tok).ratio() >= 0.88
            for w in _words(a) if len(w) >= 5 for tok in tokens)]
    if not hits:  # "the best paid" (``salary_k``), "the most experience" (``years``)
        hits = by_meaning(q, attrs)
    return hits[0] if len(hits) == 1 else None


def names_attribute(st: PlanState) -> bool:
    """Whether a numeric node attribute's own name is in the question (not a pay word or a
    one-letter slip): then a degree or centrality would answer another question."""
    q = st.question.lower()
    attrs = numeric_attributes(st)
    return any(re.search(rf"(?<![\w]){re.escape(w)}", q) for a in attrs for w in _words(a)) \
        or bool(_by_part(attrs, st.question, _node_nouns(st)))


def _node_nouns(st: PlanState) -> set[str]:
    """The words this question and this data use for a node (``vocabulary.noun``,
    ``vocabulary.data_nouns``)."""
    from igraph_agent.model.vocabulary import data_nouns, noun

    info = st.last_ok("get_graph_info")
    data = info.data if info else {}
    return {*noun(st.question, data), *data_nouns(data)}


def _which_group(st: PlanState) -> bool:
    """"Which department …": a group attribute is the answer, not a node."""
    from igraph_agent.model.intents import asks_for_a_group

    return asks_for_a_group(st.question, st)


def _ranked(st: PlanState) -> bool:
    """A superlative outside "at least / at most" (thresholds, not ranks)."""
    return bool(_RANK.search(re.sub(r"\bat (?:least|most)\b", " ", st.question,
                                    flags=re.IGNORECASE)))


def _bound(q: str) -> tuple[str, float] | None:
    """A threshold: "more than 3" (``slots.threshold``), or an age bound ("older than 50",
    "younger than 30"), read only here where an age column answers it."""
    found = slots.threshold(q)
    if found is not None:
        return found
    m = re.search(r"\b(older|younger)\s+than\s+(\d+(?:\.\d+)?)\b", q, re.IGNORECASE)
    return ("gt" if m.group(1).lower() == "older" else "lt", float(m.group(2))) if m else None


def _applies(st: PlanState) -> bool:
    q = st.question
    if asked_attribute(st) is None or _AGGREGATE.search(q) or _which_group(st):
        return False
    if _bound(q) is not None:  # "which towns have a population over 1000"
        return not _ranked(st) and bool(_ASKS.search(q))
    return _ranked(st) and bool(_WHO.search(q))


def _bonus(st: PlanState) -> float:
    return 4.0 if _applies(st) else -10.0  # above a degree threshold the same words score


def _calls(st: PlanState) -> list[Call]:
    if not _applies(st):
        return []
    from igraph_agent.model.structure_intents import where_of

    args: dict = {"measure": "attribute", "attribute": asked_attribute(st), "limit": 10,
                  "lowest_first": bool(_LOWEST.search(st.question))}
    passing = _bound(st.question)
    if passing is not None:
        value = slots.in_column_units(passing[1], st.question, args["attribute"])
        args.update(op=passing[0], value=value, limit=50, lowest_first=False)
    found = where_of(st)
    if found:
        args["where"] = {found[0]: found[1]}
    return [Call("nodes_by_measure", args)]


def _render(st: PlanState, obs: list[Observed]) -> str:
    from igraph_agent.figures import shown

    d = obs[0].typed(NodesByMeasureResult)
    low = bool(d.lowest_first)
    scope = ", ".join(f"{k} = {v}" for k, v in (d.where or {}).items())
    among = f"Among the {d.of} nodes with {scope}" if scope else f"Among all {d.of} nodes"
    if d.value is not None:  # a threshold: how many pass, and which
        yes = ("**Yes** — " if d.count else "**No** — ") \
            if slots.asked_kind(st.question) == "yesno" else ""
        names = ", ".join(f"{r.node} ({shown(r.value)})" for r in d.nodes) or "none"
        more = " …" if d.truncated else ""
        return (f"{yes}{among}, **{d.count}** have {d.attribute} {_WORDS[d.op]} "
                f"{shown(d.value)}: {names}{more}.")
    if not d.nodes:
        return f"{among}, none has a value of {d.attribute}."
    best = d.nodes[0].value
    tied = [str(r.node) for r in d.nodes if r.value == best]
    rest = ", ".join(f"{r.node} ({shown(r.value)})" for r in d.nodes[len(tied):5])
    who = " and ".join(f"**{n}**" for n in tied)
    then = f"; then {rest}" if rest else ""
    return (f"{among}, the {'lowest' if low else 'highest'} {d.attribute} is {who} "
            f"({shown(best)}){then}.")


ATTRIBUTE_INTENTS = [
    Intent("attribute_rank", t(0.5, rf"\b(?:{_TOP}|{_LOW})\b|\b(?:more|greater|higher|larger|"
                                    r"fewer|less|lower|smaller) than\b|\b(?:over|above|under|"
                                    r"below|exceeding)\b|\bat (?:least|most)\b|\bexactly\b|"
                                    r"\b(?:older|younger) than\b|"
                                    r"\bor (?:more|less|fewer)\b|\b\d+\+(?=\s|$)"), _calls, _render,
           "nodes ranked by a numeric node attribute (nodes_by_measure, measure=attribute)",
           group="ranking", bonus=_bonus,
           hint="the nodes ranked by a numeric attribute, within a group you name",
           answers=frozenset({"node", "list", "value", "count", "yesno"}),
           covers=frozenset({"filter", "bottom", "group", "threshold"}),
           suggest=None),
]
