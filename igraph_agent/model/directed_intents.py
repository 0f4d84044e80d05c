"""Offline-planner intents about a directed graph's cycles, strong components and ends: how
many simple directed cycles there are ("how many circular supply loops"), which nodes lie on
one ("which modules are involved in circular calls"), how large the largest strongly
connected component is, and which nodes no edge enters or leaves, in the data's own verbs
("which modules are never called", "which firms never buy anything": the ``caller,callee``
and ``supplier,buyer`` columns name them). All read ``direction_analysis`` (its ``cycles``,
``on_cycles``, ``largest_strong_component``, ``sources`` and ``sinks``); ``intents.py``
registers them.

Each applies only on a directed graph: an undirected graph's cycles are the ``cycles``
intent's (a forest or not), and a question about one node's cycles or a removal is left to
the precision guard, which asks.
"""

from __future__ import annotations

import re

from igraph_agent.model import slots
from igraph_agent.model.cycle_lengths import CYCLE_LENGTH, length_asked
from igraph_agent.model.planstate import Call, Observed, PlanState
from igraph_agent.model.vocabulary import INCLUDING
from igraph_agent.results.semantics import DirectionAnalysisResult

_LOOPS = r"(?:cycles?|loops?|circular(?:ity)?|circles?|round[- ]trips?|(?<=closed )rings?)"

#: "how many cycles", "the number of circular supply loops", "count the loops"
_HOW_MANY = re.compile(rf"\bhow many (?:\w+[ -]){{0,3}}{_LOOPS}|\bnumber of (?:\w+[ -]){{0,3}}"
                       rf"{_LOOPS}|\bcount (?:the |all )?(?:\w+[ -]){{0,2}}{_LOOPS}", re.IGNORECASE)
#: "which modules are involved in circular calls", "list the firms on a loop"
_ON_ONE = re.compile(rf"(?:^|[.?!;]\s*)(?:(?:so|and)\s+)?(?:which|what|who|list|name|show)\b.*\b(?:involved in|"
                     rf"part of|caught in|trapped in|in|on|belong to|take part in)\s+(?:a |any |"
                     rf"some |the |one of the )?(?:\w+[ -]){{0,2}}{_LOOPS}", re.IGNORECASE)
#: "how many modules are in the largest strongly connected component"
_LARGEST_STRONG = re.compile(r"\b(?:largest|biggest|main|giant)\s+(?:strongly[- ]connected|strong)"
                             r"\s+(?:component|part|cluster)"
                             # in the data's words: "the biggest set of accounts where money can
                             # get from any one of them to any other"
                             r"|\b(?:largest|biggest)\s+(?:set|group|cluster|bunch|circle|clique)\s+of"
                             r"\s+(?:\w+\s+){1,2}(?:where|in which|that|whose)\b.*\b(?:reach|get|go|"
                             r"travel|flow|pass)\w*\b.*\b(?:any|every|each)\s+(?:one\s+|of them\s+)*"
                             r"(?:\w+\s+)?(?:to|from)\s+(?:any|every|each)\s+(?:other|one)\b"
                             # "the biggest group of depots that can all ship to each other,
                             # directly or through others": each other, not only directly
                             r"|\b(?:largest|biggest)\s+(?:set|group|cluster|bunch|circle)\s+of"
                             r"\s+(?:\w+\s+){1,2}(?:where|in which|that|who|whose)\b(?=.*\b(?:reach\w*|"
                             r"indirectly|through|via|eventually|somehow|in some way)\b)"
                             r".*\b(?:each other|one another)\b",
                             re.IGNORECASE)
#: cycles in the data's words: "is any money going round in circles", "do parcels ever come
#: back to where they started"
_ROUND = re.compile(r"\b(?:go|goes|going|gone|went|come|comes|coming|came|flow|flows|flowing|"
                    r"move|moves|moving|pass|passes|passing|travel\w*|circulat\w*|run|runs|"
                    r"running)\s+(?:back\s+)?(?:a)?round\s+in\s+(?:a\s+)?circles?\b|"
                    r"\bround\s+in\s+circles\b|\bfull\s+circle\b|"
                    # "a chain of messages that comes back round to whoever started it"
                    r"\b(?:comes?|coming|came|goes|gets|got)\s+back\s+(?:a)?round\b|"
                    r"\b(?:come|comes|coming|came|get|gets|go|goes|end up|ends up|flow|flows)\s+"
                    r"(?:all the way\s+)?back\s+to\s+(?:where\s+(?:it|they|the \w+)\s+(?:started|"
                    r"began|came from)|(?:its|their)\s+(?:start|origin|sender|source))\b",
                    re.IGNORECASE)
_WHICH = re.compile(r"\b(?:which|who|list|name|show)\b", re.IGNORECASE)


def _directed(st: PlanState) -> bool:
    return bool(st.meaning().get("directed"))


def _asked(st: PlanState) -> str:
    return str(st.context.get("asked") or st.question)


def _plain(q: str) -> bool:
    """No node named and no removal or threshold: a question about the whole graph."""
    return not slots.named(q) and not slots.features(q) & {"removal", "threshold", "hops",
                                                           "negation", "bottom", "future"}


#: "are there any circular dependencies", "does the graph have loops": whether any, then how many
_ANY_LOOPS = re.compile(rf"^\s*(?:so\s+|and\s+)?(?:are|is|does|do|has|have)\s+(?:there|it|"
                        rf"(?:the|this)(?:\s+\w+){{1,2}}?)\s+(?:have\s+|contain\s+)?(?:any|an?|some)\s+"
                        rf"(?:\w+[ -]){{0,2}}{_LOOPS}", re.IGNORECASE)


#: no cycle asked for, Yes meaning none: "is the loan network free of loops", "is the chain
#: strictly one-way", "loop-free", "acyclic"
_FREE = re.compile(rf"\bfree\s+(?:of|from)\s+(?:any\s+)?(?:\w+[ -]){{0,2}}?{_LOOPS}|\b(?:loop|cycle)-?free\b|"
                   rf"\bacyclic\b|\bstrictly\s+one[- ]way\b|\b(?:a\s+)?DAG\b", re.IGNORECASE)


def count_bonus(st: PlanState) -> float:
    q = CYCLE_LENGTH.sub("cycles", _asked(st))  # (a cycle's length is no threshold on nodes)
    round_ = _ROUND.search(q) and not _WHICH.search(q)  # "does money go round in circles?"
    free = _FREE.search(q) and _YES_NO.match(q)  # "is it free of loops?"
    if _ON_ONE_COUNT.search(q):
        return 0.0  # "how many stops sit on some loop": its nodes counted, not its cycles
    return 4.0 if _directed(st) and (_HOW_MANY.search(q) or _ANY_LOOPS.search(q) or round_
                                     or free) and _plain(q) else 0.0


#: the cycle asked first, its members after: "any circular dependencies? y/n, and name the
#: services involved"
_THEN_INVOLVED = re.compile(rf"{_LOOPS}.*\b(?:name|list|which|who|show)\b[^.?!]*\b(?:involved|"
                            r"in (?:it|them|those|these)|on (?:it|them)|taking part|concerned|"
                            r"affected)\b", re.IGNORECASE)


#: the nodes on no cycle asked: "which stations are never part of a loop", "not on any cycle"
_OFF_ONE = re.compile(rf"\b(?:never|not|n't)\s+(?:\w+\s+)?(?:part\s+of|involved\s+in|caught\s+in|in|on)\s+"
                      rf"(?:a |any |some |one )?(?:\w+[ -]){{0,2}}{_LOOPS}", re.IGNORECASE)


def _off_cycles(st: PlanState) -> bool:
    q = _asked(st)
    return bool(_OFF_ONE.search(q)) and not slots.named(q) and not slots.features(q) & {
        "removal", "threshold", "hops", "bottom", "future"}


#: "how many branches sit on some lending loop": the nodes on a cycle, counted
_ON_ONE_COUNT = re.compile(rf"\bhow many\s+[a-z]+\s+(?:\w+\s+)?(?:sit|sits|lie|lies|are|is|belong|"
                           rf"take part)\s+(?:on|in|part of|to|in part of)\s+(?:a |any |some |the |one of "
                           rf"the )?(?:\w+[ -]){{0,2}}{_LOOPS}", re.IGNORECASE)


def members_bonus(st: PlanState) -> float:
    q = _asked(st)
    if _directed(st) and _ON_ONE_COUNT.search(q) and _plain(re.sub(r"\([^)]*\)", " ", q)):
        return 4.0  # ("(two or more different branches)" says what a loop is, no threshold)
    round_ = _ROUND.search(q) and _WHICH.search(q)  # "... in circles? which accounts?"
    if _directed(st) and _off_cycles(st) and (_WHICH.search(q) or re.search(
            r"\b(?:how many|list|name|show)\b", q, re.IGNORECASE)):
        return 4.0  # the nodes on none, from all the nodes less those on one
    return 4.0 if (_directed(st) and (_ON_ONE.search(q) or round_ or _THEN_INVOLVED.search(q))
                   and not _HOW_MANY.search(q)
                   and _plain(q)) else 0.0


def members_calls(st: PlanState) -> list[Call]:
    if not members_bonus(st):
        return []
    calls = [Call("direction_analysis", {})]
    if _off_cycles(st):  # every node, to say which are on no cycle
        calls.append(Call("nodes_by_measure", {"measure": "degree", "op": "ge", "value": 0,
                                               "limit": 500}))
    return calls


def strong_bonus(st: PlanState) -> float:
    return 4.0 if _directed(st) and any(_LARGEST_STRONG.search(q) and _plain(q)
                                        for q in (_asked(st), st.question)) else 0.0


def _verb_forms(st: PlanState) -> tuple[str, str, str]:
    """Regexes of the edge's verb as the source does it, as the target does it
    (``caller,callee``: call / -; ``supplier,buyer``: suppl(y|i) / buy) and of the source's
    verb's past participle (called, eaten); a table whose columns name no verb reads the
    usual edge verbs."""
    from igraph_agent.model.verbs import column_verbs, forms, participles
    from igraph_agent.model.vocabulary import _BACK_VERBS, _EDGE_VERBS

    info = st.last_ok("get_graph_info")
    fwd, back = column_verbs(info.data if info else {})
    stems = [*fwd, "link", "point"] if fwd or back else list(_EDGE_VERBS)
    return forms(stems), forms([*back, *_BACK_VERBS]), participles(stems)


#: the preposition a verb takes before its object: "vouch for", "reply to", "rely on"
_PREPOSITION = r"(?:for|to|on|at|with|from|of|about|into|onto|after|over)"
_NEVER = r"(?:\b(?:never|not|no longer|nobody|no one|nothing)|n't)"
#: what follows the verb of a "never": "anyone", or nothing at all ("who only receives and
#: never grants?", "which wallets only send, never receive")
_ANY_ONE = (rf"(?:\s+(?:{_PREPOSITION}\s+)?(?:anything|anyone|anybody|any\b|other|nothing|no one|nobody|"
            # "never received a payment", "never got a single call"
            r"(?:a|an|one)\s+(?:single\s+)?[a-z]+(?=\s*(?:[?.!;]|$|,|\s+(?:at all|ever|either)\b)))|"
            r"(?=\s*(?:[?.!;]|$)))")
#: giving the edge's noun, whatever the table's verb: "never give any", "never offer it"
_GIVE = r"(?:give|gives|gave|given|provide[sd]?|offer(?:s|ed)?)(?:\s+(?:it|them|back|out))?"
#: one end of an edge taken part in, then the other refused ("who only receive help", "which
#: wallets get paid but never pay"): nodes with no edge at all are not meant
_ONE_WAY_ONLY = re.compile(r"\bonly\b|^(?:(?!\b(?:never|not|no|nobody|nothing)\b).)*\b(?:but|yet|and)\s+"
                           r"(?:still\s+)?(?:never|not|no longer)\b", re.IGNORECASE)
#: the ends named as such: "which wallets are sinks", "list the source nodes"
_SINKS = re.compile(r"\b(?:are|as|the|any)\s+(?:\w+\s+)?sinks\b|\bsink (?:nodes|vertices)\b|"
                    r"\bdead[- ]ends\b", re.IGNORECASE)
_SOURCES = re.compile(r"\b(?:are|as|any)\s+(?:\w+\s+)?sources\b|\bsource (?:nodes|vertices)\b",
                      re.IGNORECASE)


#: whether there are any, asked of the ends: "is there a pier you can get to but never
#: leave", "any piers with departures but no arrivals", "are there stops nobody reaches"
_ANY_ASKED = re.compile(r"^\s*(?:(?:so|and)\s+)?(?:is there|are there|was there|were there|"
                        r"(?:does|do|did|has|have) any|any)\b", re.IGNORECASE)
#: a node one cannot leave, in travel words: "you can get to but never leave", "no way to
#: depart from", "can't get out of"
_NEVER_LEFT = (r"(?:\b(?:never|not|no longer)|\bcan(?:no|')t|\bcan not|n't)\s+(?:ever\s+)?"
               r"(?:be\s+)?(?:leave|left|depart(?:ed)?|get\s+out|get\s+away|sail\s+out|go\s+on)\b")
#: a node one cannot get to: "you can never get to", "no way to arrive at", "never reached"
_NEVER_REACHED = (r"(?:\b(?:never|not|no longer)|\bcan(?:no|')t|\bcan not|n't)\s+(?:ever\s+)?"
                  r"(?:be\s+)?(?:arrive[sd]?|get\s+to|reach(?:ed)?|come\s+in(?:to)?)\b")


def end_of(st: PlanState) -> str | None:
    """"sources" (no edge enters) or "sinks" (no edge leaves) when the question asks for the
    nodes at one end of every edge, in the edge's own verbs."""
    q = _asked(st)
    if re.search(r"-degree exactly 0\b", st.question):
        return None  # the vocabulary made it a degree threshold, which threshold_count takes
    if INCLUDING.match(q):
        return None  # "how many accounts, including anyone nobody follows": every node
    if not _directed(st) or slots.named(q) or slots.features(q) & {"removal", "threshold",
                                                                    "hops", "future"}:
        return None
    if not re.search(r"(?:^|[.?!;]\s*)(?:(?:so|and)\s+)?(?:which|what|who|list|name|show|"
                     r"how many)\b", q, re.IGNORECASE) and not _ANY_ASKED.match(q):
        return None
    if re.search(r"\b(?:most|fewest|least|more|fewer|highest|lowest)\b", q, re.IGNORECASE):
        return None  # "who vouches for the most people who never vouch": a ranking, no list
    if _SINKS.search(q) and not _SOURCES.search(q):
        return "sinks"
    if _SOURCES.search(q) and not _SINKS.search(q):
        return "sources"
    v, b, done = _verb_forms(st)
    for col in (st.meaning().get("weights") or {}):  # "… but never gets notes": any
        q = re.sub(rf"\b(?:any\s+)?{re.escape(str(col))}(?=\s*[?.!]*\s*$)", "any", q, flags=re.IGNORECASE)
    passive = rf"{done}\b"
    active = rf"{v}(?:e?s|ies|e)?\b"  # "cit": cite, cites
    sources = re.search(
        rf"\bno (?:incoming|inbound|arriving|arrivals?|in-?coming|in-?flows?|in-?links|"
        rf"predecessors)\b|{_NEVER_REACHED}|\b(?:nothing|nobody|no one) (?:\w+ )?(?:flows?|flowing|"
        rf"comes?|coming|goes|going|runs?|running|leads?|leading|points?|pointing) "
        rf"(?:in)?to (?:them|it)\b"
        # passive only with its auxiliary: "were never paid", "never got paid"; a
        # bare "never sent" is the active past (what the source did not do)
        rf"|{_NEVER}\s+(?:been|being|gets?|got)\s+{passive}"
        # "never have anyone referred in to them", "never had a single patient sent to them"
        rf"|{_NEVER}\s+(?:ever\s+)?(?:have|has|had|get|gets|got)\s+(?:anyone|anybody|anything|any\s+\w+|"
        rf"a\s+(?:single\s+)?\w+)\s+{passive}(?:\s+(?:in|on|over|back))?\s+(?:in)?to\s+(?:them|it|him|her)\b"
        rf"|\b(?:is|are|was|were|be|been|being|gets?|got|has|have)\s+{_NEVER}\s+"
        rf"(?:been\s+|being\s+)?{passive}"
        # "vouched for by nobody": the verb's own preposition before the agent
        rf"|{passive}\s+(?:{_PREPOSITION}\s+)?by\s+(?:nothing|nobody|no one|no other \w+)\b"
        rf"|\b(?:nobody|no one|nothing|no other \w+)(?:\s+else)?(?:\s+in\s+the\s+\w+)?"
        rf"\s+(?:ever\s+)?{active}"
        rf"|{_NEVER}\s+(?:ever\s+)?(?:{b}(?:e?s|e?d)?|gets?|got|gotten){_ANY_ONE}", q, re.IGNORECASE)
    sinks = re.search(
        rf"\bno (?:outgoing|outbound|out-?going|out-?flows?|out-?links|successors|"
        rf"way out|exit|departures?|departing)\b|{_NEVER_LEFT}|\b(?:nothing|no \w+) (?:flows?|flowing|comes?|coming|goes|"
        rf"going|runs?|running|leads?|leading) (?:on )?(?:out|away|onward)\b"
        rf"|{_NEVER}\s+(?:ever\s+)?{active}{_ANY_ONE}"
        # "which numbers never make a call": the verb's own noun made
        rf"|{_NEVER}\s+(?:ever\s+)?(?:make|makes|made|place|places|placed)\s+(?:a\s+|an\s+|any\s+|"
        rf"one\s+|a\s+single\s+)?(?:phone\s+)?{v}s?\b"
        # "who vouches for no one", "which hosts ping nobody"
        rf"|\b{active}\s+(?:{_PREPOSITION}\s+)?(?:nothing|no one|nobody|no other [a-z]+)\b"
        # "get called but never dial out themselves": any verb said with "out", "on"
        rf"|{_NEVER}\s+(?:ever\s+)?[a-z]+\s+(?:out|on(?:ward)?|onwards)\b(?!\s+(?:of|to|from)\b)"
        # "the ones that don't pass anything on to anyone": the thing passed between
        rf"|{_NEVER}\s+(?:ever\s+)?[a-z]+\s+(?:anything|any\s+of\s+it|it|them)\s+on(?:ward|wards)?\b"
        # "which residents receive help and never give any": the edge's noun given, where
        # the target's verbs are no giving
        + ("" if re.search(r"\bgiv", b) else rf"|{_NEVER}\s+(?:ever\s+)?{_GIVE}{_ANY_ONE}"),
        q, re.IGNORECASE)
    cols = [str(c).lower() for c in (st.meaning().get("direction") or [])[:2]]
    role = {w for w in re.split(r"[_\W]+", cols[0]) if len(w) >= 4 and w.endswith(("ed", "nt", "en"))} \
        if len(cols) == 2 else set()
    if role and re.search(rf"{_NEVER}\s+(?:ever\s+)?(?:been\s+|being\s+|gets?\s+|got\s+)?"
                          rf"(?:{'|'.join(map(re.escape, role))})\b", q, re.IGNORECASE):
        return "sinks"  # "teams that have never been sent out" on sent_team,helped_team: the
        # source column's own participle, so never at the source end
    if sources and sinks and (sinks.start() >= sources.end() or sources.start() >= sinks.end()):
        return "both"  # "who does nobody vouch for, and who vouches for no one": both ends
    return "sources" if sources else "sinks" if sinks else None  # "were never paid": passive


def end_bonus(st: PlanState) -> float:
    return 4.0 if end_of(st) else 0.0


def end_render(st: PlanState, obs: list[Observed]) -> str:
    d = _result(obs)
    which = end_of(st)
    if d is None or which is None:
        return "The graph's sources and sinks could not be read."
    if which == "both":  # each end its own sentence: neither list stands for the other
        return " ".join(_end_line(d, end) for end in ("sources", "sinks"))
    others = d.sources_from_others if which == "sources" else d.sinks_to_others
    if others is not None and _ANOTHER.search(str(st.context.get("typed") or _asked(st))):
        # "never promoted by a different show": a node's edge to itself is not counted
        how = ("no edge from another node enters them" if which == "sources"
               else "no edge to another node leaves them")
        names = ", ".join(f"**{r.node}**" for r in others.nodes)
        more = "" if len(others.nodes) == others.count else " …"
        return (f"**{others.count}** of {d.nodes} nodes — {how} (an edge from a node to "
                f"itself not counted): {names or 'none'}{more}.")
    return _end_line(d, which, bool(_ONE_WAY_ONLY.search(_asked(st))),
                     asked_any=bool(_ANY_ASKED.match(_asked(st))))


#: another node than itself said: "never promoted by a different show", "by anyone else"
_ANOTHER = re.compile(r"\b(?:by|from|to)\s+(?:a|an|any)\s+(?:different|other)\b|\b(?:by|from|to)\s+"
                      r"another\b|\b(?:anyone|anybody|someone|somebody)\s+else\b|\bother\s+than\s+"
                      r"(?:itself|themselves|its\s+own)\b", re.IGNORECASE)


def _end_line(d: DirectionAnalysisResult, which: str, only: bool = False,
              asked_any: bool = False) -> str:
    listed = getattr(d, which)
    if listed is None:
        return "The graph's sources and sinks could not be read."
    how = "no edge enters them (sources)" if which == "sources" else \
        "no edge leaves them (sinks)"
    if only:  # "who only receive help": a node with no edge at all neither gives nor receives
        one_way = d.send_only if which == "sources" else d.receive_only
        if one_way is None:
            return "The graph's sources and sinks could not be read in full."
        alone = listed.count - one_way.count
        how += (" but some edge " + ("leaves" if which == "sources" else "enters") + " them"
                + ("; the node(s) with no edge at all left out" if alone else ""))
        listed = one_way
    if not listed.count and only:  # "who receives but never sends": none of those
        return ("**No** — " if asked_any else "") + "**None**: every node that " + (
            "sends an edge also receives one." if which == "sources" else
            "receives an edge also sends one.")
    if not listed.count:
        return ("**No** — " if asked_any else "") + \
            f"**None**: every one of the {d.nodes} nodes has " + (
            "an incoming edge." if which == "sources" else "an outgoing edge.")
    names = ", ".join(f"**{r.node}**" for r in listed.nodes)
    more = "" if len(listed.nodes) == listed.count else " …"
    return ("**Yes** — " if asked_any else "") + \
        f"**{listed.count}** of {d.nodes} nodes — {how}: {names}{more}."


def _calls(bonus):
    def calls(st: PlanState) -> list[Call]:
        return [Call("direction_analysis", {})] if bonus(st) else []
    return calls


def _result(obs: list[Observed]) -> DirectionAnalysisResult | None:
    o = next((o for o in obs if o.tool == "direction_analysis" and o.ok), None)
    return o.typed(DirectionAnalysisResult) if o is not None else None


def _example(d: DirectionAnalysisResult) -> str:
    return " → ".join(str(c.node) for c in (d.cycle or [])[:10])


_YES_NO = re.compile(r"\s*(?:is|are|does|do|did|has|have)\b", re.IGNORECASE)


def _whether(st: PlanState) -> bool:
    """Whether the question opens as a yes/no ("do goods go round in circles?", "any circular
    dependencies? y/n")."""
    q = _asked(st)
    return bool(_YES_NO.match(q) or re.search(rf"^\s*any\s+(?:\w+[ -]){{0,2}}{_LOOPS}|\by/n\b|"
                                              r"\byes or no\b", q, re.IGNORECASE))


def _yes(st: PlanState, yes: bool) -> str:
    """"**Yes** — " before the answer when the question also asks whether there are any
    (whether there are none, "is it free of loops": Yes when there are none)."""
    if _FREE.search(_asked(st)) and _YES_NO.match(_asked(st)):
        return "**No** — " if yes else "**Yes** — "
    if re.search(r"\b(?:is|are|does|do|has|have)\s+(?:there|it|the \w+)?\s*(?:any|an?|some)?\b.*"
                 rf"{_LOOPS}", _asked(st), re.IGNORECASE) or _whether(st):
        return "**Yes** — " if yes else "**No** — "
    return ""


def count_render(st: PlanState, obs: list[Observed]) -> str:
    d = _result(obs)
    if d is None or d.cycles is None:
        return "The directed cycles could not be counted."
    if not d.cycles:
        return _yes(st, False) + (f"There are **0** directed cycles: the graph is acyclic "
                                  f"({d.nodes} nodes, {d.edges} edges).")
    at_least = "" if d.cycles_exact else "at least "
    on = d.on_cycles.count if d.on_cycles else 0
    length = length_asked(str(st.context.get("typed") or _asked(st)))
    if length is not None and d.cycles_by_length is not None and d.cycles_at_least is not None:
        n, more = length  # "rings of three or more": those cycles alone, beside all of them
        table = d.cycles_at_least if more else d.cycles_by_length
        if str(n) not in table and d.longest_cycle is not None and n > d.longest_cycle:
            return (_yes(st, False) + f"No directed cycle has {n} or more nodes: the longest of "
                    f"the {at_least}{d.cycles} simple cycle(s) has {d.longest_cycle}.")
        if str(n) not in table:
            return (f"Cycles of {n} nodes are not counted apart here: there are {at_least}"
                    f"**{d.cycles}** simple directed cycles in all, the longest of "
                    f"{d.longest_cycle} nodes.")
        found = table[str(n)]
        listed = [c for size, cs in (d.cycles_listed or {}).items()
                  if (int(size) >= n if more else int(size) == n) for c in cs][:10]
        names = "; ".join(" → ".join(str(x) for x in [*c, c[0]]) for c in listed)
        return (_yes(st, found > 0) + f"{'there' if _yes(st, found > 0) else 'There'} are "
                f"{at_least}**{found}** simple directed cycle(s) of {n}{' or more' if more else ''} "
                f"nodes (following the edges' direction), of {d.cycles} in all"
                + (f": {names}{' …' if len(listed) < found else ''}." if names else "."))
    return (_yes(st, True) + f"{'there' if _yes(st, True) else 'There'} are {at_least}**{d.cycles}** simple directed cycles "
            f"(following the edges' direction; a self-loop counts as one), through {on} of "
            f"{d.nodes} nodes; for example {_example(d)}.")


def members_render(st: PlanState, obs: list[Observed]) -> str:
    d = _result(obs)
    if d is None or d.on_cycles is None:
        return "The directed cycles could not be read."
    every = next((o for o in obs if o.tool == "nodes_by_measure" and o.ok), None)
    if _off_cycles(st) and every is not None:
        from igraph_agent.results.counting import NodesByMeasureResult

        m = every.typed(NodesByMeasureResult)
        on = {str(r.node) for r in d.on_cycles.nodes}
        if len(d.on_cycles.nodes) < d.on_cycles.count or m.truncated:
            return "The nodes on no cycle could not all be listed here."
        off = [str(n.node) for n in m.nodes if str(n.node) not in on]
        return (f"**{len(off)}** of {d.nodes} nodes lie on no directed cycle (no path of edges, "
                f"followed in their direction, comes back to them): "
                + (", ".join(f"**{n}**" for n in off) or "none") + ".")
    if not d.on_cycles.count:
        return ("**No** — the" if _whether(st) else "**None**: the") + (
            f" graph has no directed cycle ({d.nodes} nodes, {d.edges} edges).")
    names = ", ".join(f"**{r.node}**" for r in d.on_cycles.nodes)
    more = "" if len(d.on_cycles.nodes) == d.on_cycles.count else " …"
    lead = "**Yes** — " if _whether(st) else ""  # "do goods go round in circles? which firms?"
    return (lead + f"**{d.on_cycles.count}** of {d.nodes} nodes lie on at least one directed cycle: "
            f"{names}{more} ({d.cycles} simple cycle(s); e.g. {_example(d)}).")


def strong_render(st: PlanState, obs: list[Observed]) -> str:
    d = _result(obs)
    if d is None:
        return "The strongly connected components could not be read."
    text = (f"The largest strongly connected component has **{d.largest_strong_component}** "
            f"nodes (of {d.nodes}); the graph has {d.strong_components} strongly connected "
            "component(s) — sets whose nodes all reach each other along the edges' direction.")
    members = d.largest_strong
    if d.largest_strong_component < 2:
        return text + " No two nodes reach each other both ways."
    if members is not None and members.nodes:
        more = "" if len(members.nodes) == members.count else " …"
        sized = slots.asked_kind(_asked(st)) == "count" or re.search(r"\bsize\b", _asked(st), re.I)
        b = "" if sized else "**"  # "how many", "the size of": the size is the answer
        listed = ", ".join(f"{b}{r.node}{b}" for r in members.nodes[:50]) + (
            more if len(members.nodes) <= 50 else " …")
        if not sized:  # "the biggest group of depots that can all ship to each other": names
            return (f"The largest strongly connected component (nodes that all reach each "
                    f"other along the edges' direction) is {listed}: "
                    f"{d.largest_strong_component} of {d.nodes} nodes; the graph has "
                    f"{d.strong_components} strongly connected component(s).")
        text += " Its members: " + listed + "."
    return text


DIRECTED_INTENTS = [
    ("cycle_count", None, _calls(count_bonus), count_render,
     "direction_analysis: how many simple directed cycles"),
    ("cycle_members", None, members_calls, members_render,
     "direction_analysis: the nodes on a directed cycle"),
    ("strong_size", None, _calls(strong_bonus), strong_render,
     "direction_analysis: the size of the largest strongly connected component"),
    ("edge_ends", None, _calls(end_bonus), end_render,
     "direction_analysis: the nodes no edge enters (sources) or leaves (sinks)"),
]
