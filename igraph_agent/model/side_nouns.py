"""The nouns a question gives the two sides of a two-mode graph whose sides carry no words.

A graph object with two modes (networkx's Davis women and events) has sides named
``sources``/``targets`` or by attribute values ``0``/``1``: nothing says which side the
"women" of "which woman went to the most events?" are. get_graph_info's ``meaning.modes.ids``
says how each side's ids are written (``graph/semantics.py`` ``id_form``): the letters every
id shares before a number (``E`` for "E1".."E14") or proper names ("Evelyn Jefferson"). A
noun names the side

* whose ids start with letters the noun starts with ("events" and "E1"; "ports" and "P7"),
* whose ids are proper names, when the noun is a word for people ("woman", "member"),
* or, when the question's other noun names one side, the other side ("which shipper used the
  most ports": ports are "P1".., so shippers are the rest).

:func:`renamed` gives the planner a view in which the sides carry those nouns (so "which
woman" ranks the women's side as on a table ``woman,event``), and :func:`restored` writes
the tool calls back in the sides' own names. Where the question names a kind of node none
of these tells, :func:`renamed` leaves a clarifying question (``side_ask``) naming both
sides with two ids each: ranking both sides at once would answer another question.

Example::

    >>> ids = {"sources": {"examples": ["Evelyn Jefferson", "Laura Mandeville"],
    ...                    "names": True}, "targets": {"examples": ["E1", "E2"], "prefix": "E"}}
    >>> nouns_of_sides("which woman went to the most events?", ids)
    {'sources': 'women', 'targets': 'events'}
    >>> nouns_of_sides("which shipper used the most ports?",
    ...                {"0": {"examples": ["acme", "bolt"]}, "1": {"prefix": "P"}})
    {'1': 'ports', '0': 'shippers'}
    >>> nouns_of_sides("which singer is the most central?", {"0": {"prefix": "a"},
    ...                                                     "1": {"prefix": "b"}})
    {}
"""

from __future__ import annotations

import copy
import json
import re
from dataclasses import replace
from typing import Any

from igraph_agent.model.planstate import Observed, PlanState

#: words for people: they name the side whose ids are proper names
_PEOPLE = {"woman", "man", "person", "member", "student", "attendee", "participant", "player",
           "actor", "author", "employee", "worker", "user", "customer", "reader", "writer",
           "guest", "visitor", "volunteer", "patient", "teacher", "child", "girl", "boy", "lady",
           "individual", "resident", "citizen", "delegate", "artist", "musician", "scientist",
           "researcher", "athlete", "staffer", "client", "patron", "subscriber", "donor",
           "voter", "candidate", "senator", "director", "partner", "friend", "socialite"}
#: every word for a person, the roles people hold at work too
PEOPLE = frozenset(_PEOPLE | {"engineer", "pilot", "nurse", "doctor", "driver", "skipper",
                              "manager", "coach", "singer", "scholar", "expert", "analyst",
                              "developer", "contributor", "employee", "colleague", "staff",
                              "supervisor", "mentor", "officer", "agent", "courier",
                              "physician", "surgeon", "lawyer", "farmer", "trader", "sender",
                              "caller", "passer", "sampler", "follower", "pupil", "professor",
                              "lecturer", "tutor", "coauthor", "inventor", "buyer", "seller"})
_IRREGULAR = {"women": "woman", "men": "man", "people": "person", "children": "child",
              "ladies": "lady"}
#: words after which a question names a kind of node ("which woman", "the most events")
_LEADS = re.compile(r"\b(?:which|what|whose|how\s+many|many|other|two|three|both|every|each|"
                    r"most|fewest|least|one|any|some|no|pairs?\s+of|number\s+of|same|among|"
                    r"all|these|those|more|fewer|onto|shared|common|(?:network|graph|projection)\s+of)\s+"
                    r"(?:of\s+)?(?:the\s+)?(?:different\s+|distinct\s+|"
                    r"unique\s+|separate\s+|single\s+)?(?=([A-Za-z]+)\b)", re.IGNORECASE)
#: the leads after which the word surely names the kind asked about ("which actor")
_STRONG = re.compile(r"(?:which|what|how\s+many|most|fewest|two|other|every|each|"
                     r"pairs?\s+of)\s", re.IGNORECASE)
#: words that follow those but name no kind of node
_NOT_KINDS = {"node", "nodes", "vertex", "vertices", "one", "ones", "other", "others", "way",
              "ways", "time", "times", "number", "side", "sides", "mode", "modes", "kind",
              "kinds", "type", "types", "thing", "things", "graph", "network", "data", "table",
              "most", "fewest", "least", "same", "more", "fewer", "highest", "lowest",
              "biggest", "largest", "smallest", "best", "worst", "top", "total", "average",
              "mean", "whole", "entire", "rest", "first", "last", "following", "two", "three",
              "both", "all", "each", "every", "any", "many", "much", "different", "distinct",
              "answer", "result", "results", "list", "name", "names", "id", "ids", "value",
              "values", "count", "amount", "size", "share", "shared", "common", "together",
              "set", "lot", "end", "ends", "question", "projection", "bipartite", "greatest",
              "turnout", "attendance", "popular", "busiest", "central", "important",
              "influential", "connected", "single", "entries", "rows", "fraction",
              "proportion", "percentage", "percent", "ratio", "portion", "part", "parts",
              "pair", "pairs", "possible", "observed", "actual", "density", "row", "entry",
              "record", "records", "these", "those", "this", "that",
              "who", "whom", "what", "which", "did", "does", "do", "is", "are", "was", "were",
              "has", "have", "had", "with", "and", "the", "they", "them", "their", "there"}


def singular(word: str) -> str:
    """A noun's singular: "women" -> "woman", "events" -> "event", "classes" -> "class"."""
    w = word.lower()
    if w in _IRREGULAR:
        return _IRREGULAR[w]
    if re.search(r"[^aeiou]ies$", w):
        return w[:-3] + "y"
    if re.search(r"(?:ch|sh|x|ss|z)es$", w):
        return w[:-2]
    return w[:-1] if w.endswith("s") and not w.endswith("ss") else w


def _plural(word: str) -> str:
    from igraph_agent.model.vocabulary import _plural as plural

    return {"woman": "women", "man": "men", "person": "people", "child": "children"}.get(
        word, plural(word))


def candidates(question: str, strong: bool = False) -> list[str]:
    """The singular nouns the question names kinds of node with, in order ("which woman went
    to the most events" -> woman, event): words after "which", "how many", "the most" …,
    but a node's name (capitalised mid-sentence), an analysis word or a word of no kind."""
    from igraph_agent.model.offline import _analysis_word

    out: list[str] = []
    for m in _LEADS.finditer(question):
        if strong and not _STRONG.match(m.group(0)):
            continue
        word = m.group(1)
        low = word.lower()
        if (low in _NOT_KINDS or len(low) < 3 or (word[:1].isupper() and m.start(1) > 0) or _analysis_word(low)):
            continue
        one = singular(low)
        if one not in out and one not in _NOT_KINDS:
            out.append(one)
    for m in [] if strong else _OWN_NETWORK.finditer(question):  # "the women's network"
        one = singular(m.group(1).lower())
        if one not in out and one not in _NOT_KINDS and not _analysis_word(one):
            out.append(one)
    for m in [] if strong else _SAME_KIND.finditer(question):  # "the women-to-women network"
        one = singular(m.group(1).lower())
        if one not in out and one not in _NOT_KINDS and not _analysis_word(one):
            out.append(one)
    for m in [] if strong else _PAIRED.finditer(question):  # "woman-event pairs": both kinds
        out += [w for w in map(singular, m.groups()) if w not in out and w not in _NOT_KINDS]
    return out


#: one side's own network by its possessive: "the women's co-attendance network"
_OWN_NETWORK = re.compile(r"\b([A-Za-z]{3,}?)(?:'s|s')\s+(?:[\w-]+\s+)?(?:network|graph|"
                          r"projection)\b", re.IGNORECASE)
#: one side's own network by its kind twice: "the women-to-women network", "event-event links"
_SAME_KIND = re.compile(r"\b([A-Za-z]{3,})(?:-to-|-|\s+to\s+)\1\s+(?:network|graph|projection|"
                        r"links?|ties|edges|pairs?|connections?)\b", re.IGNORECASE)
#: the two kinds of a pair written together: "woman-event pairs", "shipper–port links"
_PAIRED = re.compile(r"\b([A-Za-z]{3,})[-–]([A-Za-z]{3,})\s+(?:pairs?|links?|ties|edges|"
                     r"combinations?|connections?)\b", re.IGNORECASE)


def _side_of(noun: str, ids: dict[str, dict[str, Any]]) -> str | None:
    """The one side ``noun`` names by its ids' letters or as people, else None."""
    by_prefix = [s for s, f in ids.items() if f.get("prefix")
                 and noun.startswith(str(f["prefix"]).lower()) and len(noun) > len(f["prefix"])]
    people = [s for s, f in ids.items() if f.get("names")] if noun in _PEOPLE else []
    if not by_prefix and not people and _AGENT.fullmatch(noun) and \
            sorted(bool(f.get("names")) for f in ids.values()) == [False, True] and \
            all(f.get("prefix") for f in ids.values() if not f.get("names")):
        # "shipper" beside ids "P1".. it does not start with and proper names: the names
        people = [s for s, f in ids.items() if f.get("names")]
    found = set(by_prefix) | set(people)
    if len(found) == 1:
        return found.pop()
    return None  # none, or both ("employee" and ids "E1")


#: a noun for one who does something ("shipper", "donor", "novelist"): a person or a firm
_AGENT = re.compile(r"[a-z]{3,}(?:er|or|ist|ian|ant|ent)")


def nouns_of_sides(question: str, ids: dict[str, dict[str, Any]]) -> dict[str, str]:
    """``{side: plural noun}`` for the sides the question's nouns name (see the module's
    example); {} when no noun names a side or two readings clash."""
    if len(ids) != 2:
        return {}
    nouns = candidates(question)
    named: dict[str, str] = {}
    for n in nouns:
        side = _side_of(n, ids)
        if side is None:
            continue
        if named.get(side, n) != n or n in named.values():
            return {}  # two nouns for one side, or one noun for both
        named[side] = n
    if len(named) == 1:
        left = [n for n in nouns if n not in named.values() and _side_of(n, ids) is None]
        other = next(s for s in ids if s not in named)
        if left:
            named[other] = left[0]
        elif ids[other].get("names") and _WHO.search(question):
            named[other] = "person"  # "who went to the most events": the people's side
    return {s: _plural(n) for s, n in named.items()}


_WHO = re.compile(r"^\s*(?:\w+\s*,\s*)?(?:who|whom)\b", re.IGNORECASE)


def who_as_side(question: str, meaning: dict[str, Any]) -> str:
    """"who went to the most events" on a two-mode graph as "which woman went to the most
    events": the side the question counts is one, so "who" asks for the other side's node
    (the plain "who has the most ties" would rank both sides)."""
    from igraph_agent.model.semantic_intents import _one_of

    sides = [str(s) for s in (meaning.get("modes") or {}).get("sides") or {}]
    m = _WHO.match(question)
    if len(sides) != 2 or m is None:
        return question
    counted = [s for s in sides if re.search(
        rf"\b(?:most|fewest|least)\s+(?:different\s+|distinct\s+)?(?:"
        rf"(?:{re.escape(s)}|{re.escape(_one_of(s))})(?:s|es)?|"
        # a side named in the singular ("club") counted in the plural after a modifier
        # ("reading clubs"; not "the most reliable volunteer": one of that side itself)
        rf"[a-z]+\s+(?:{re.escape(_one_of(s))}s|{re.escape(_one_of(s))}es|"
        rf"{re.escape(s) if s.endswith('s') else re.escape(s) + 's'}))\b", question, re.IGNORECASE)]
    people = [s for s in sides if _one_of(s).lower() in PEOPLE]
    if not counted and len(people) == 1 and re.search(
            r"\b(?:most|fewest|least|highest|lowest)\b", question, re.IGNORECASE) and not re.search(
            r"\b(?:together|with|alongside|and)\b", question, re.IGNORECASE):
        # "who made the most appearances": a person, where one side is people and the other
        # not (clubs, events)
        counted = [s for s in sides if s != people[0]]
    other = [s for s in sides if s not in counted]
    if len(counted) != 1 or any(re.search(rf"(?<![\w]){re.escape(w)}(?![\w])", question,
                                          re.IGNORECASE) for w in (other[0], _one_of(other[0]))):
        return question
    if other[0].lower() in ("sources", "targets") or not re.search(r"[a-z]{2}", other[0], re.I):
        return question  # a side with no word: "which source" is no user's word
    return question[:m.start(0)] + re.sub(r"(?i)\b(?:who|whom)\b", f"which {_one_of(other[0])}",
                                          question[m.start(0):], count=1)


def _unresolved(question: str, ids: dict[str, dict[str, Any]]) -> str | None:
    """The question's first noun for a kind of node that names no side, when none does and
    no node is named (a named node's side is the one its noun means: "how many other lakes
    is Coniston linked to")."""
    from igraph_agent.model import slots

    nouns = candidates(question, strong=True)
    if nouns and slots.named(question):
        return None
    if not nouns or any(_side_of(n, ids) for n in candidates(question)):
        return None
    return nouns[0]


def _ask(noun: str, sizes: dict[str, Any], ids: dict[str, dict[str, Any]]) -> str:
    parts = [f"{sizes.get(s, '?')} nodes such as {', '.join(map(str, f.get('examples') or []))}"
             for s, f in ids.items()]
    return (f"This two-mode graph's sides carry no names: one side has {parts[0]}, the other "
            f"{parts[1]}. Which side are the {_plural(noun)}?")


def renamed(st: PlanState, question: str) -> PlanState:
    """The state with an unnamed two-mode graph's sides named by the question's nouns (in
    get_graph_info's meaning and in the ``side`` of the calls already made), the sides' own
    names kept in the context (``side_names``: noun -> side) for :func:`restored`; or, when
    the question names a kind of node no side can be told to be, a ``side_ask``."""
    info = st.last_ok("get_graph_info")
    modes = ((info.data.get("meaning") or {}).get("modes") or {}) if info else {}
    ids = modes.get("ids") or {}
    if info is None or len(ids) != 2:
        return st
    named = nouns_of_sides(question, ids)
    if not named:
        noun = _unresolved(question, ids)
        if noun is None:
            return st
        return replace(st, context={**st.context, "side_ask": _ask(noun, modes["sides"], ids)})
    data = copy.deepcopy(info.data)
    m = data["meaning"]["modes"]
    m["sides"] = {named.get(s, s): n for s, n in m["sides"].items()}
    m["ids"] = {named.get(s, s): f for s, f in m["ids"].items()}
    seen = Observed(info.call_id, info.tool, info.args, {**info.result, "data": data})
    results = [seen if r is info else _side_renamed(r, named) for r in st.results]
    back = {n: s for s, n in named.items()}
    return replace(st, results=results, context={**st.context, "side_names": back})


def _side_renamed(obs: Observed, named: dict[str, str]) -> Observed:
    side = obs.args.get("side")
    if not isinstance(side, str) or side not in named:
        return obs
    data = dict(obs.data)
    if data.get("side") == side:
        data["side"] = named[side]
    return Observed(obs.call_id, obs.tool, {**obs.args, "side": named[side]},
                    {**obs.result, "data": data})


def restored(message: dict[str, Any], st: PlanState) -> dict[str, Any]:
    """``message`` with each tool call's ``side`` written back in the graph's own side name."""
    back = st.context.get("side_names") or {}
    if not back or not message.get("tool_calls"):
        return message
    calls = []
    for tc in message["tool_calls"]:
        fn = tc.get("function") or {}
        try:
            args = json.loads(fn.get("arguments") or "{}")
        except json.JSONDecodeError:
            args = None
        if isinstance(args, dict) and args.get("side") in back:
            args["side"] = back[args["side"]]
            tc = {**tc, "function": {**fn, "arguments": json.dumps(args)}}
        calls.append(tc)
    return {**message, "tool_calls": calls}
