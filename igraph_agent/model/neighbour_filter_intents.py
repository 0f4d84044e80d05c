"""Offline-planner intent about one node's neighbours that meet a condition on their own
ties (a two-step question: the neighbours first, then each one's degree):

* ``neighbour_filter``: "which of Dag's crewmates have no other crewmates", "which of Jams's
  neighbouring stalls have only one neighbour", "how many of Greta's neighbours have more
  than 3 neighbours", "which of Ana's friends have degree 1":
  ``nodes_by_measure(neighbours_of=X, measure=degree, op, value)``. "No other" counts the
  named node among a neighbour's ties (degree exactly 1), "more than 2 other" too (degree
  above 3).

* ``neighbour_pairs``: "which of member 0's friends are also friends with each other", "how
  many of Ada's contacts know each other": the pairs of its neighbours linked to each other,
  one per triangle through the node (``count_triangles(nodes=[X])``).

* ``neighbour_group``: "how many of member 0's friends belong to the Officer club", "which
  of Ana's colleagues are in Sales": the neighbours holding a value of a grouping attribute,
  out of all the node's neighbours (``nodes_by_measure(neighbours_of=X, where={attr: value})``
  beside the same count with no ``where``).

On a directed graph a node's neighbours and their ties can be read either way ("Oriole's
recipients who tip nobody else"), so the planner asks which way instead of counting both.

``intents.py`` registers it.

Example::

    >>> condition("which of Dag's crewmates have no other crewmates?")
    ('eq', 1.0)
    >>> condition("how many of Greta's neighbours have more than 3 neighbours?")
    ('gt', 3.0)
    >>> condition("which of Greta's neighbours have more than 2 other neighbours?")
    ('gt', 3.0)
"""

from __future__ import annotations

import re

from igraph_agent.model import slots
from igraph_agent.model.planstate import Call, Observed, PlanState
from igraph_agent.model.registry import Intent, t
from igraph_agent.results.counting import NodesByMeasureResult

#: a node's ties in a user's words: "neighbours", "contacts", "crewmates", "links"
_TIES = (r"(?:neighbou?rs?|contacts?|friends?|colleagues?|co-?workers?|connections?|co-?authors?|partners?|"
         r"collaborators?|links?|ties?|edges?|peers?|[a-z]{2,}mates?)")
#: "which of Dag's crewmates", "how many of Jams's neighbouring stalls", "among the
#: neighbours of Ana, which …" (the node whose neighbours are filtered)
_OF = [re.compile(p, re.IGNORECASE) for p in (
    rf"^\s*(?:which|who|how many|list|name|count)\s+(?:ones?\s+)?(?:of|among)\s+(?P<x>[\w .'-]+?)"
    rf"(?:'s|’s|')\s+(?:(?:direct|immediate|own)\s+)?(?:{_TIES}|neighbou?ring\s+[a-z]+|"
    r"[a-z]{3,}s)\b",  # "which of ivo's courses": the partners in the data's own noun
    rf"^\s*(?:which|who|how many)\s+(?:of|among)\s+(?:the\s+)?(?:{_TIES})\s+of\s+"
    rf"(?P<x>[\w.'-]+(?:\s+[A-Z][\w.'-]*)*)\b",
    # "which of the families married to the Medici", "how many of the stalls linked with Jams"
    r"^\s*(?:which|who|how many)\s+(?:ones?\s+)?(?:of|among)\s+the\s+[a-z]+\s+(?:(?:that|who|"
    r"which)\s+(?:are|were|is|was)\s+)?(?:[a-z]+ed|wed|tied)\s+(?:to|into|with)\s+(?:the\s+)?"
    r"(?P<x>(?-i:[A-Z][\w.'-]*|[a-z]+\d+)(?:\s+(?-i:[A-Z][\w.'-]*))*)")]
_WORDS = {"gt": "more than", "ge": "at least", "lt": "fewer than", "le": "at most",
          "eq": "exactly"}
_NUM = r"(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten|a single|no|zero)"
_NUMBERS = {"one": 1, "a single": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6,
            "seven": 7, "eight": 8, "nine": 9, "ten": 10, "no": 0, "zero": 0}


def _centre(question: str) -> tuple[str, int] | None:
    """The node whose neighbours are asked about, and where the condition starts."""
    for rx in _OF:
        m = rx.search(question)
        if m:
            name = m.group("x").strip()
            if name.lower() in {"their", "its", "his", "her", "my", "your", "our", "the"}:
                return None
            return name, m.end()
    return None


def _number(word: str) -> float:
    w = word.lower()
    return float(_NUMBERS[w]) if w in _NUMBERS else float(w)


def condition(question: str) -> tuple[str, float] | None:
    """(op, value) on a neighbour's degree the question's condition says, None when it
    says none this intent reads (an attribute, a ranking, a direction)."""
    found = _centre(question)
    if found is None:
        return None
    rest = question[found[1]:]
    if re.search(r"\b(?:most|least|fewest|highest|lowest|largest|smallest|best|top)\b", rest,
                 re.IGNORECASE):
        return None  # a ranking of the neighbours (``neighbour_rank``)
    if re.search(r"\b(?:nobody|no\s*one|nothing)\s+else\b|\bno\s+(?:other|more)\s+(?:[a-z]+\s+)?"
                 + _TIES
                 + r"|\bnot\s+(?:linked|connected|tied)\s+to\s+any(?:one|body|thing)?\s+else\b",
                 rest, re.IGNORECASE):
        return "eq", 1.0
    if re.search(rf"\b(?:only|just|exactly)\s+(?:one|1|a single)\s+{_TIES}|\bexactly one ties\b|"
                 r"\bdead[- ]ends?\b|\bleaf\b|\bleaves\b", rest, re.IGNORECASE):
        return "eq", 1.0
    m = re.search(rf"\bdegree\s+(?:of\s+)?(?:(?P<op>above|over|below|under|at least|at most|"
                  rf"more than|less than|fewer than|exactly|of)\s+)?(?P<n>{_NUM})\b", rest,
                  re.IGNORECASE)
    if m:
        op = slots.threshold(f"{m.group('op')} {m.group('n')}") if m.group("op") else None
        return (op[0], op[1]) if op else ("eq", _number(m.group("n")))
    m = re.search(rf"(?P<all>.*?)\b(?P<other>other\s+|more\s+)?(?:{_TIES})\b", rest, re.IGNORECASE)
    if not m:
        return None
    said = m.group("all")
    op = slots.threshold(said)
    if op is None:
        n = re.search(rf"\b(?:have|has|with)\s+(?P<n>{_NUM})\s*$", said, re.IGNORECASE)
        if not n:
            return None
        op = ("eq", _number(n.group("n")))
    elif not re.search(r"\d|\b(?:one|two|three|four|five|six|seven|eight|nine|ten|zero|no)\s*$",
                       said.strip(), re.IGNORECASE):
        return None
    extra = 1.0 if m.group("other") else 0.0  # "more than 2 other neighbours": the node too
    return op[0], op[1] + extra


def _applies(st: PlanState) -> bool:
    return condition(st.question) is not None


def _calls(st: PlanState) -> list[Call]:
    from igraph_agent.model.graph_intents import resolve_names

    found, cond = _centre(st.question), condition(st.question)
    if found is None or cond is None or st.meaning().get("directed"):
        return []
    searches, ids = resolve_names(st, [found[0]])
    if ids is None:
        return searches
    op, value = cond
    return [*searches, Call("nodes_by_measure", {"measure": "degree", "op": op, "value": value,
                                                 "neighbours_of": ids[0], "limit": 50})]


def _clarify(st: PlanState) -> str | None:
    if _applies(st) and st.meaning().get("directed"):
        return ("On this directed graph a node's neighbours, and their own ties, can be read "
                "either way: do you mean the nodes it points to or those pointing to it, and "
                "their outgoing or incoming edges?")
    return None


def _render(st: PlanState, obs: list[Observed]) -> str:
    from igraph_agent.model.graph_intents import unresolved_names

    o = next((o for o in obs if o.tool == "nodes_by_measure" and o.ok), None)
    found = _centre(st.question)
    if o is None:
        return unresolved_names(st, [found[0] if found else ""])
    d = o.typed(NodesByMeasureResult)
    value = int(d.value) if d.value is not None and float(d.value).is_integer() else d.value
    said = f"degree {_WORDS[d.op]} {value}"
    if d.op == "eq" and value == 1:
        said += f" (no tie but the one to {d.neighbours_of})"
    if not d.count:
        return f"**None** of {d.neighbours_of}'s {d.of} neighbours has {said}."
    listed = ", ".join(f"**{r.node}**" for r in d.nodes)
    return (f"**{d.count}** of {d.neighbours_of}'s {d.of} neighbours have {said}: {listed}"
            + (" …" if d.truncated else "") + ".")


#: a node's neighbours linked among themselves: "which of member 0's friends are also friends
#: with each other", "how many of Ada's contacts know one another"
_AMONG_THEM = re.compile(
    # "how many links are there among hut7's neighbours"
    r"\b(?:links|edges|ties|connections)\s+(?:are\s+there\s+)?(?:among|between)\s+(?P<whom>"
    r"(?-i:[A-Z][\w'.-]*(?:\s+[A-Z][\w'.-]*)*)|[a-z]*\d+)(?:'s|’s)\s+(?:own\s+)?(?:neighbou?rs|friends|"
    r"contacts|partners|colleagues|in-?laws)\b|"
    # "how many pairs of Marius's neighbours are linked"
    r"\bpairs\s+of\s+(?:the\s+)?(?P<pw>(?-i:[A-Z][\w'.-]*(?:\s+[A-Z][\w'.-]*)*)|[a-z]*\d+)(?:'s|’s)\s+"
    r"(?:neighbou?rs|friends|contacts|partners|connections|colleagues|in-?laws|[a-z]+mates)\s+"
    r"(?:are\s+)?(?:also\s+)?(?:linked|"
    r"connected|tied|friends|adjacent|joined|married)\b|"
    r"\b(?P<who>(?-i:[A-Z][\w'.-]*(?:\s+[A-Z][\w'.-]*)*)|[a-z]*\d+)(?:'s|’s)\s+(?:[a-z]+\s+)?"
    r"(?:friends|neighbou?rs|contacts|partners|connections|colleagues|teammates|crewmates|"
    r"[a-z]+mates|co-?workers|allies|in-?laws)\s+(?:are|who\s+are|that\s+are)?\s*(?:also\s+)?"
    r"(?:friends|linked|connected|tied|neighbou?rs|know|married|related)\s*(?:to|with)?\s+"
    r"(?:each\s+other|one\s+another)\b", re.IGNORECASE)


def _pairs_of(st: PlanState) -> str | None:
    asked = str(st.context.get("asked") or st.question)
    m = _AMONG_THEM.search(asked) or _AMONG_THEM.search(st.question)  # "marius's": Marius's
    if m is None or st.meaning().get("directed") or re.search(
            r"\b(?:share|fraction|proportion|percent\w*|ratio|clustering|how\s+(?:well\s+)?"
            r"connected|dens\w*)\b|%", asked, re.IGNORECASE):  # a share: the clustering's
        return None
    who = m.group("who") or m.group("whom") or m.group("pw")
    return re.sub(r"^(?:member|node|user|person)\s+", "", who, flags=re.IGNORECASE)


def _pairs_calls(st: PlanState) -> list[Call]:
    from igraph_agent.model.graph_intents import resolve_names

    who = _pairs_of(st)
    if who is None:
        return []
    searches, ids = resolve_names(st, [who])
    if ids is None:
        return searches
    return [*searches, Call("count_triangles", {"nodes": ids})]


def _pairs_render(st: PlanState, obs: list[Observed]) -> str:
    from igraph_agent.model.graph_intents import unresolved_names
    from igraph_agent.results.structure import CountTrianglesResult

    o = next((o for o in obs if o.tool == "count_triangles" and o.ok), None)
    if o is None:
        return unresolved_names(st, [_pairs_of(st) or ""])
    d = o.typed(CountTrianglesResult)
    if not d.requested:
        return unresolved_names(st, [_pairs_of(st) or ""])
    r = d.requested[0]
    asked = str(st.context.get("asked") or st.question)
    yes_no = slots.asked_kind(asked) == "yesno"  # "are any of p0's neighbours linked …"
    if not r.triangles:
        return (("**No** — " if yes_no else "") + f"**0** pair(s) — no two of {r.node}'s "
                f"neighbours are linked to each other (it is in no triangle).")
    return ("**Yes** — " if yes_no else "") + (f"**{r.triangles}** pair(s) of {r.node}'s neighbours are linked to each other: each "
            f"such pair closes a triangle with {r.node}, and {r.node} is in {r.triangles} "
            f"triangle(s). (The pairs themselves are not listed here; ask for {r.node}'s "
            f"neighbourhood drawn to see them.)")


#: a ranking, a comparison or an exclusion of the neighbours: another question
_NOT_A_GROUP = re.compile(r"\b(?:most|least|fewest|highest|lowest|largest|smallest|best|top|not|"
                          r"outside|other\s+than|except|besides)\b|n't\b", re.IGNORECASE)


def group_condition(st: PlanState) -> tuple[str, str, str] | None:
    """(node, attribute, value) of "how many of member 0's friends belong to the Officer
    club": one value of a grouping attribute named after a node's neighbours, no other
    condition on them."""
    from igraph_agent.model import vocabulary
    from igraph_agent.model.query_intents import _groups

    q = str(st.context.get("asked") or st.question)
    found = _centre(q)
    if found is None or condition(q) is not None or _NOT_A_GROUP.search(q[found[1]:]):
        return None
    rest = q[found[1]:]
    hits = [(a, v) for a, vs in _groups(st).items() for v in vs if vocabulary.value_named(v, rest)]
    if len(hits) != 1:
        return None
    node = re.sub(r"^(?:the\s+)?(?:member|node|user|person|employee)\s+", "", found[0],
                  flags=re.IGNORECASE)
    return node, hits[0][0], hits[0][1]


def _group_calls(st: PlanState) -> list[Call]:
    from igraph_agent.model.graph_intents import resolve_names

    found = group_condition(st)
    if found is None:
        return []
    node, attr, value = found
    searches, ids = resolve_names(st, [node])
    if ids is None:
        return searches
    around = {"measure": "degree", "op": "ge", "value": 0, "neighbours_of": ids[0]}
    return [*searches, Call("nodes_by_measure", {**around, "where": {attr: value}, "limit": 50}),
            Call("nodes_by_measure", {**around, "limit": 1})]


def _group_render(st: PlanState, obs: list[Observed]) -> str:
    from igraph_agent.model.graph_intents import unresolved_names

    found = group_condition(st)
    done = [o.typed(NodesByMeasureResult) for o in obs if o.tool == "nodes_by_measure" and o.ok]
    held = next((d for d in done if d.where), None)
    every = next((d for d in done if not d.where), None)
    if found is None or held is None or every is None:
        return unresolved_names(st, [found[0] if found else ""])
    _, attr, value = found
    way = " (edges either way)" if st.meaning().get("directed") else ""
    if not held.count:
        return (f"**0** of {held.neighbours_of}'s {every.of} neighbours{way} have {attr} = "
                f"{value}: none does.")
    listed = ", ".join(f"**{r.node}**" for r in held.nodes)
    verb = "has" if held.count == 1 else "have"
    return (f"**{held.count}** of {held.neighbours_of}'s {every.of} neighbours{way} {verb} {attr} "
            f"= {value}: {listed}" + (" …" if held.truncated else "") + ".")


NEIGHBOUR_FILTER_INTENTS = [
    Intent("neighbour_filter", t(0.5, _TIES, r"\bdegree\b"), _calls, _render,
           "one node's neighbours whose own degree passes a condition (nodes_by_measure "
           "neighbours_of)", group="ranking",
           bonus=lambda st: 5.0 if _applies(st) else -10.0, clarify=_clarify,
           hint="a node's neighbours with a number of ties you give",
           answers=frozenset({"count", "list", "node", "yesno"}),
           covers=frozenset({"entity", "threshold", "filter", "negation"})),
    Intent("neighbour_pairs", t(0.5, _AMONG_THEM.pattern), _pairs_calls, _pairs_render,
           "the pairs of one node's neighbours linked to each other (count_triangles nodes)",
           group="ranking", bonus=lambda st: 6.0 if _pairs_of(st) else -10.0,
           hint="how many of a node's neighbours are linked to each other",
           answers=frozenset({"count", "list", "yesno"}), covers=frozenset({"entity"})),
    Intent("neighbour_group", t(0.5, _TIES, _OF[0].pattern), _group_calls, _group_render,
           "one node's neighbours holding a value of a grouping attribute (nodes_by_measure "
           "neighbours_of and where)", group="ranking",
           bonus=lambda st: 6.0 if group_condition(st) else -10.0,
           hint="a node's neighbours in a group you name",
           answers=frozenset({"count", "list", "node"}),
           # "which of ivo's courses are run by Law": its partners holding the value
           covers=frozenset({"entity", "group", "filter", "linked"})),
]
