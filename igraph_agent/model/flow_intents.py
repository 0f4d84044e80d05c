"""Offline-planner intents about what a directed graph's edges carry from node to node, in
the data's own words.

- ``flow_rank``: the nodes the most (or fewest) of an edge value ends at or starts from,
  worded by the edge's ends ("which station do most rides end at", "top 5 stations by
  number of trips starting there", "the least used destination"), those whose sum passes a
  value ("stations with more than 500 trips starting there") and one node's sum ("how many
  trips end at Central"). A ``start_station,end_station,trips`` table sums ``trips`` over
  the incoming (end) or outgoing (start) edges: ``nodes_by_measure`` with ``in_strength`` /
  ``out_strength`` (``in_degree`` / ``out_degree`` on a table with no count column).
- ``reach_set``: everything one node leads to, or that leads to it, following the edges
  (``hop_counts`` with a large radius): "what do I need to take before Deep Learning" and
  "how many courses does ML depend on, directly or indirectly" on a
  ``course,prerequisite`` table (the column that names what is needed says which way),
  "which courses can't be reached from Calculus".

Both apply only on a directed graph; ``intents.py`` registers them.
"""

from __future__ import annotations

import re

from igraph_agent.figures import shown
from igraph_agent.model import slots, vocabulary
from igraph_agent.model.graph_intents import _who, found_reply, resolve_names, unresolved_names
from igraph_agent.model.planstate import Call, Observed, PlanState
from igraph_agent.results.counting import (
    EdgeAttributeTotalsResult,
    HopCountsResult,
    NodesByMeasureResult,
)

#: an edge's arriving end and its leaving end, in the words trips, rides and shipments use
#: ("incoming", "departing" and the like are the degree and edge-total intents' words)
#: (never the noun: "stations at the end of the line", "dead ends", "at either end")
_ENDS = (r"(?<!\bthe )(?<!\bdead )(?<!\beither )(?<!\bboth )end(?:s|ed|ing)?(?![- ]of\b)|finish(?:es|ed|ing)?|arrive[sd]?|arriving(?= (?:at|there|in)\b)|"
         r"terminat\w*|drop(?:ped)?[- ]?offs?|"
         r"destinations?")
_STARTS = (r"start(?:s|ed|ing)?|begin(?:s|ning)?|began|depart(?:s|ed)?|"
           r"departing(?= (?:from|there)\b)|leav(?:e|es|ing)|"
           r"left from|origins?|pick(?:ed)?[- ]?ups?")
_RANK = re.compile(r"\b(?:most|least|fewest|top\s+\d+|highest|lowest|busiest|quietest|rank\w*|"
                   r"by (?:the )?(?:number|total|count|amount|sum)|order(?:ed)? by|"
                   r"biggest|largest|smallest)\b", re.IGNORECASE)
#: the ends a node has (its destinations are where its edges go, its origins where its
#: incoming ones start): "which airport has the most destinations", "how many destinations
#: does OSL have"
_HELD = re.compile(r"\b(?:has|have|had|with|serves?|offers?)\s+(?:the\s+)?(?:most|fewest|least|more|"
                   r"fewer|many|\d+)\s+(?:\w+\s+)?(destinations|origins)\b|\bhow many (?:\w+\s+)?"
                   r"(destinations|origins) (?:does|do|did)\b", re.IGNORECASE)
_TOP_N = re.compile(r"\btop\s+(\d+)\b", re.IGNORECASE)
_LISTED = 500  # nodes_by_measure lists at most this many


def _meaning(st: PlanState) -> dict:
    return st.meaning()


def _info(st: PlanState) -> dict:
    ob = st.last_ok("get_graph_info")
    return ob.data if ob else {}


def _ends(st: PlanState) -> tuple[str, str]:
    """The source and target columns' words (``start_station`` -> start), added to the
    generic leaving / arriving words."""
    cols = [re.split(r"[_\s-]+", str(c).lower()) for c in (_meaning(st).get("direction")
                                                         or [])][:2]
    own: list[list[str]] = [[], []]
    if len(cols) == 2 and set(cols[0]) & set(cols[1]):  # the role beside a shared noun
        own = [[w for w in c if w not in o and re.fullmatch(r"[a-z]{3,15}", w)
                and w not in {"from", "source", "target", "src", "dst"}]
               for c, o in ((cols[0], cols[1]), (cols[1], cols[0]))]
    starts = "|".join([_STARTS, *map(re.escape, own[0])])
    ends = "|".join([_ENDS, *map(re.escape, own[1])])
    return starts, ends


def flow_side(st: PlanState) -> str | None:
    """``in`` when the question counts what ends at a node, ``out`` what starts there, on a
    directed graph; None otherwise or when it names both ends."""
    if not _meaning(st).get("directed"):
        return None
    starts, ends = _ends(st)
    q = str(st.context.get("asked") or st.question)
    held = _HELD.search(q)
    if held:  # "the airport with the most destinations": where its edges go, not end there
        return "out" if (held.group(1) or held.group(2)).lower().startswith("destination") else "in"
    # "all destinations added up": every edge of the node, no end named
    # ("whatever the destination", "no matter the origin": any end at all)
    q = re.sub(r"\b(?:all|every|each|any|across(?:\s+all)?|over(?:\s+all)?|whatever|whichever|"
               r"no\s+matter(?:\s+(?:what|which))?)\s+(?:the\s+|its\s+|their\s+)?"
               r"(?:destinations?|origins?)\b", " ", q, flags=re.IGNORECASE)
    # "gets patients from the most different referring clinics": the senders are the
    # partners counted, so the node is the receiving end (and "to … receiving" the sending)
    if re.search(rf"\bfrom\s+(?:[\w-]+\s+){{0,5}}?(?:{starts})\b", q, re.IGNORECASE):
        return "in"
    if re.search(rf"\bto\s+(?:[\w-]+\s+){{0,5}}?(?:{ends})\b", q, re.IGNORECASE):
        return "out"
    s = re.search(rf"\b(?:{starts})\b", q, re.IGNORECASE)
    e = re.search(rf"\b(?:{ends})\b", q, re.IGNORECASE)
    if bool(s) == bool(e):
        return None
    return "out" if s else "in"


def _side(st: PlanState) -> str | None:
    """The side summed: :func:`flow_side`'s, or for a threshold or a bottom ranking on an
    edge value the question names ("items bought together more than 100 times in total",
    "firms that shipped more than 50 tonnes", "which firm receives the least tonnes"),
    ``both`` on an undirected graph and the sending or receiving side on a directed one."""
    side = flow_side(st)
    form = _form(st)
    if side is not None or form not in ("threshold", "rank", "node") or (
            form == "rank" and not slots.BOTTOM.search(st.question)):
        return side  # the top of a ranking is the edge-total intent's; its bottom is here
    from igraph_agent.model.edge_intents import _nodes_total
    from igraph_agent.model.query_intents import _edge_side, edge_attr

    named = edge_attr(st)
    if not named or (_meaning(st).get("weights") or {}).get(named) == "distance" \
            or (slots.EDGE_THRESHOLD.search(st.question) and not _nodes_total(st)):
        return None  # "roads longer than 40": single edges, not sums (but "how many
        # volunteers have done at least 30 hours": each one's hours added up)
    if not _meaning(st).get("directed"):
        return "both"  # "how many MW of line capacity connect to Eastfield"
    way = _edge_side(st)
    return way if way != "both" else None


def _weight(st: PlanState) -> str | None:
    """The edge value summed: a column the question names, else the graph's one strength
    (``trips`` for "rides"), else None (edges are counted)."""
    from igraph_agent.model.query_intents import _attr_pattern, edge_attr

    named = edge_attr(st)
    roles = _meaning(st).get("weights") or {}
    distinct = vocabulary.DISTINCT_PARTNERS.search(str(st.context.get("asked") or st.question))
    if distinct and not (named and re.search(_attr_pattern(named), distinct.group(0),
                                             re.IGNORECASE)):
        return None  # "send to more than 5 different colleagues": partners, never a sum
    if _partners_bound(str(st.context.get("asked") or st.question), _info(st), named):
        return None  # "contributors who commit to 3 or more repos": repos, never commits
    other = re.search(r"\b(?:most|fewest|least)\s+other\s+([a-z]+)", str(st.context.get("asked")
                                                                        or st.question), re.I)
    if other and not named and vocabulary.one_of(other.group(1).lower()) in set(
            vocabulary.data_nouns(_info(st))) | set(vocabulary.NODE_NOUNS):
        return None  # "cited by the most other papers": papers counted, never mentions
    if named and roles.get(named) != "distance":
        return named
    default = _meaning(st).get("default_weight")
    if default and roles.get(default) == "strength":
        return str(default)
    strengths = [a for a, r in roles.items() if r == "strength"]
    return strengths[0] if len(strengths) == 1 else None


#: a bound and the word it counts: "3 or more repos", "more than 2 clubs", "at least 4 wards"
_BOUND_NOUN = re.compile(r"(?<![\w.])(?<!top )(?<!bottom )(?<!first )(?<!best )(?<!worst )(?<!last )\d+\s+(?:or\s+(?:more|fewer|less|over|under)\s+)?(?:other\s+|"
                         r"different\s+|distinct\s+|separate\s+|unique\s+)?([a-z]+)\b(?![-'])", re.IGNORECASE)


def _partners_bound(question: str, info: dict, named: str | None) -> bool:
    """Whether the question's bound counts nodes at the other end ("commit to 3 or more
    repos" on ``contributor,repo,commits``): a word for the nodes, not the summed column."""
    m = _BOUND_NOUN.search(question)
    if not m:
        return False
    word = m.group(1).lower()
    one = vocabulary.one_of(word)
    if named and (word.startswith(named.lower().rstrip("s")) or one == named.lower()):
        return False
    from igraph_agent.model.size_nouns import EDGE_WORDS

    if not named and one in EDGE_WORDS and not any(
            one in str(c).lower() for c in (info.get("edge_attributes") or [])):
        return True  # "exactly 2 legs leaving them" on a crates column: the legs counted
    return one in set(vocabulary.data_nouns(info)) | set(vocabulary.NODE_NOUNS)


def _names_distance(st: PlanState) -> bool:
    from igraph_agent.model.query_intents import edge_attr

    named = edge_attr(st)
    return bool(named) and (_meaning(st).get("weights") or {}).get(named) == "distance"


def _form(st: PlanState) -> str | None:
    """``node`` (one named node's sum), ``threshold`` or ``rank``."""
    q = st.question
    names = slots.named(q)
    if len(names) > 1 or slots.features(q) & {"removal", "hops", "negation", "future",
                                              "ordinal"}:
        return None
    if names and vocabulary.group_values_named(q, _info(st)):
        return None  # "how many pallets does the South region receive": a group's total
    if names and _counts_nodes(st):
        return None  # "how many people owe Otto money": a count of people, not a sum of amounts
    if names:
        return "node" if re.match(r"\s*(?:how many|how much|what(?: is| was)? the (?:total|"
                                  r"number|sum))\b", q, re.IGNORECASE) else None
    if slots.threshold(q):  # "who has the most coauthors with more than 3 joint papers":
        if _counts_edge_rows(q):  # "how many tastings got a score of 90 or more": the edges
            return None
        if re.search(r"\b(?:fraction|proportion|percent(?:age)?|ratio)\b|\bshare\s+of\b|%|"
                     r"\b(?:combos?|combinations?)\b|\bhow many (?:\w+ )?(?:pairs|pairings)\b", q,
                     re.IGNORECASE):
            return None  # "what fraction of species x camera combos have at least one
            # sighting", "how many neighbour pairs share more than 2 tools": pairs or a
            # share, never nodes past a total
        # neither a ranking nor a threshold ("at least 30 hours" on an edge value the question
        # names is no ranking; "cited at least once" is the degree intents')
        from igraph_agent.model.query_intents import edge_attr

        bare = re.sub(r"\bat (?:least|most)\b", "", q) if edge_attr(st) else q
        return None if _RANK.search(bare) else "threshold"
    return "rank" if _RANK.search(q) else None


#: "how many people ...", "how many other borrowers ...": the word counted
_HOW_MANY_OF = re.compile(r"^\s*how many\s+(?:other\s+|different\s+|distinct\s+|unique\s+|"
                          r"separate\s+)?([a-z]+)\b", re.IGNORECASE)


#: words for the edges' own rows, counted: "how many tastings", "how many sign-ups"
_ROW_WORDS = re.compile(r"(?:edges|links|ties|rows|pairs|pairings|records|entries|tastings|ratings|"
                        r"sign-?ups|registrations|enrol(?:l)?ments|bookings|shipments|transfers|loans|"
                        r"calls|messages|emails|trips|flights|games|matches|bouts|sessions|visits|"
                        r"orders|deliveries|payments|reviews|transactions|connections|interactions)",
                        re.IGNORECASE)


def _counts_edge_rows(q: str) -> bool:
    """Whether "how many X" counts the edges themselves (X is a word for a row of the edge
    table: "how many tastings got a score of 90 or more"), not nodes by their totals."""
    m = _HOW_MANY_OF.match(q) or _HOW_MANY_OF.match(re.sub(r"^[^?]*?[:;—–]\s*(?=how many\b)", "", q,
                                                            flags=re.IGNORECASE))
    return bool(m and _ROW_WORDS.fullmatch(m.group(1)))  # (after a preamble: "Before I
    # filter the network: how many interactions have …")


def _counts_nodes(st: PlanState) -> bool:
    """Whether "how many X" counts nodes: X is a common word for a node or one of the
    direction columns' words (``lender,borrower``: "how many borrowers")."""
    m = _HOW_MANY_OF.match(st.question)
    if not m:
        return False
    word = m.group(1).lower()
    one = vocabulary.one_of(word)  # "borrowers"
    cols = {part for c in (_meaning(st).get("direction") or [])
            for part in re.split(r"[_\s-]+", str(c).lower())}
    from igraph_agent.model.semantic_intents import sides_named

    if any(at == m.start(1) for at, _ in sides_named(st)):
        return True  # "how many repos does alice commit to": a side's nodes
    return bool({word, one} & (set(vocabulary.NODE_NOUNS) | cols | set(vocabulary.data_nouns(_info(st)))))


def flow_bonus(st: PlanState) -> float:
    if _side(st) is None or _names_distance(st) or _form(st) is None:
        return 0.0
    if re.search(r"\bneither\b.*\bnor\b", str(st.context.get("asked") or st.question), re.IGNORECASE):
        return 0.0  # "how many patents neither cite anything nor get cited": no edge at all
    if re.search(r"\b(?:paths?|routes?|shortest|cycles?|reach\w*)\b", st.question,
                 re.IGNORECASE):
        return 0.0
    return 4.0


def _measure(st: PlanState, side: str) -> dict:
    w = _weight(st)
    pre = "" if side == "both" else f"{side}_"
    return ({"measure": f"{pre}strength", "weight": w} if w else {"measure": f"{pre}degree"})


def flow_calls(st: PlanState) -> list[Call]:
    side, form = _side(st), _form(st)
    if side is None or form is None:
        return []
    if form == "node":
        searches, ids = resolve_names(st, slots.named(st.question)[:1])
        if ids is None:
            return searches
        w = _weight(st)
        if w:
            return [*searches, Call("edge_attribute_totals", {"attribute": w, "node": ids[0],
                                                              **({"direction": side} if side
                                                                 != "both" else {})})]
        return [*searches, Call("hop_counts", {"node": ids[0], "hops": 1, "direction": side})]
    from igraph_agent.model.query_intents import _side as side_named

    if form == "threshold":  # "which volunteers logged more than 25 hours": that side only
        op, value = slots.threshold(st.question) or ("gt", 0)
        return [Call("nodes_by_measure", {**_measure(st, side), "op": op, "value": value,
                                          "limit": 50, **side_named(st)})]
    return [Call("nodes_by_measure", {**_measure(st, side), "op": "ge", "value": 0,
                                      "limit": _LISTED, **side_named(st)})]


def _what(st: PlanState, side: str, weight: str | None) -> str:
    """"trips summed over the edges ending there (incoming, start_station → end_station)"."""
    cols = _meaning(st).get("direction") or []
    what = f"{weight} summed" if weight else "edges counted"
    if side == "both":
        return f"{what} over all its edges"
    way = f", {cols[0]} → {cols[1]}" if len(cols) == 2 else ""
    end = "ending there: incoming" if side == "in" else "starting there: outgoing"
    return f"{what} over the edges {end}{way}"


def flow_render(st: PlanState, obs: list[Observed]) -> str:
    side = _side(st) or "in"
    ob = next((o for o in obs if o.tool in ("nodes_by_measure", "edge_attribute_totals",
                                            "hop_counts") and o.ok), None)
    if ob is None:
        return unresolved_names(st, slots.named(st.question)[:1])
    w = _weight(st)
    if ob.tool == "edge_attribute_totals":
        t = ob.typed(EdgeAttributeTotalsResult)
        return (found_reply(st, slots.named(st.question)[:1]) + f"**{shown(t.total)}** {w} at "
                f"{ob.args['node']}: {_what(st, side, w)}, {t.edges} edge(s).")
    if ob.tool == "hop_counts":
        h = ob.typed(HopCountsResult)
        return (found_reply(st, slots.named(st.question)[:1]) + f"**{h.within}** edge(s) "
                f"{'end at' if side == 'in' else 'start from'} {_who(h)} ({_what(st, side, w)}).")
    d = ob.typed(NodesByMeasureResult)
    nouns = vocabulary.noun(st.question, _info(st))[1]
    rows = list(d.nodes)
    if ob.args.get("op") != "ge" or ob.args.get("value") != 0:  # a threshold
        listed = ", ".join(f"**{_who(r)}** ({shown(r.value)})" for r in rows)
        more = " …" if d.truncated else ""
        cols = _meaning(st).get("direction") or []
        way = f", {cols[0]} → {cols[1]}" if len(cols) == 2 else ""
        there = {"in": " ending there", "out": " starting there"}.get(side, "")
        edges = {"in": "incoming ", "out": "outgoing "}.get(side, "")
        if w:
            measured = f"{w}{there} (summed over their {edges}edges{way if edges else ''})"
        else:  # "3 or more repos": the ties counted, in the question's word
            bound = _BOUND_NOUN.search(str(st.context.get("asked") or st.question))
            measured = (f"{bound.group(1) if bound else 'edges'}{there} (their {edges}edges "
                        f"counted{way if edges else ''})")
        return (f"**{d.count}** of {d.of} {nouns} have {_words(d.op)} {shown(d.value)} "
                f"{measured}" + (f": {listed}{more}." if rows else "."))
    if not rows:
        return "No node has such edges."
    bottom = bool(slots.BOTTOM.search(st.question))
    if bottom and d.truncated:
        return (f"The graph has more than {_LISTED} {nouns}; name a threshold instead "
                f"(e.g. {nouns} with fewer than 10 {w or 'edges'}).")
    order = rows[::-1] if bottom else rows
    n = int(m.group(1)) if (m := _TOP_N.search(st.question)) else 1
    best = order[0].value
    tied = [r for r in order if r.value == best]
    if n > 1:
        shown_rows = order[:n]
        cut = shown_rows[-1].value  # ties at the cut are named too
        shown_rows += [r for r in order[n:] if r.value == cut]
        listed = "; ".join(f"{i}. **{_who(r)}** ({shown(r.value)})"
                           for i, r in enumerate(shown_rows, 1))
        return f"{'Bottom' if bottom else 'Top'} {n} {nouns} ({_what(st, side, w)}): {listed}."
    who = (f"**{_who(tied[0])}**" if len(tied) == 1 else
           ", ".join(f"**{_who(r)}**" for r in tied[:-1]) + f" and **{_who(tied[-1])}** tie")
    nxt = ", ".join(f"{_who(r)} ({shown(r.value)})" for r in order[len(tied):len(tied) + 3])
    return (f"{who} with the {'fewest' if bottom else 'most'}: **{shown(best)}** "
            f"({_what(st, side, w)})" + (f"; next {nxt}" if nxt else "") + ".")


def _words(op: str) -> str:
    return {"gt": "more than", "ge": "at least", "lt": "fewer than", "le": "at most",
            "eq": "exactly"}.get(op, op)


# -- everything one node leads to, or that leads to it ------------------------------------
_ALL_HOPS = 50  # hop_counts' largest radius
_NAME = r"((?-i:[A-Z][\w'.-]*(?:\s+(?:[A-Z][\w'.-]*|\d+))*|[a-z]+\d+|\d+))"
#: "what do I need before X", "X's prerequisites", "how many courses does X depend on"
_NEEDS_OF = re.compile(
    rf"\b(?:before|prior to|ahead of)\s+(?:taking\s+|doing\s+|starting\s+)?{_NAME}|"
    rf"\b(?:prerequisites?|prereqs?|requirements|dependencies|ancestors)\s+(?:of|for)\s+"
    rf"(?:the\s+)?{_NAME}|{_NAME}'s\s+(?:prerequisites?|prereqs?|requirements|dependencies|"
    rf"ancestors)|\b(?:does|do|did|would|will)\s+{_NAME}\s+(?:depend|rely|build|draw)\s+on\b|"
    rf"\b(?:does|do|did|would|will)\s+{_NAME}\s+(?:need|require)\b|"
    rf"\b(?:needed|required)\s+(?:for|by)\s+{_NAME}|"
    # "if I want to take ENGR401, how many courses do I have to have done before it"
    rf"\b(?:take|taking|do|doing|enrol\s+in|start|install|build)\s+{_NAME}\b[^?]*\b(?:before|prior\s+to)\s+"
    r"(?:it|that|that\s+one)\b", re.IGNORECASE)
#: "which courses need X", "what depends on X", "what can I take after X"
_NEEDING = re.compile(
    rf"\b(?:after|once i(?:'ve| have)? (?:taken|done|passed|finished))\s+{_NAME}|"
    rf"\b(?:depends?|depending|relies|rely|builds?)\s+on\s+{_NAME}|"
    rf"\b(?:needs?|requires?|requiring|needing)\s+{_NAME}|"
    # "how many courses does MATH101 eventually open up": only with a word for every step
    # ("what does triage lead to" asks its direct successors)
    rf"\b(?:does|do|did|would|will)\s+{_NAME}\s+(?:eventually|ultimately|in\s+turn)\s+"
    r"(?:unlock|open up|opens up|lead to|enable)\b|"
    rf"\b(?:does|do|did|would|will)\s+{_NAME}\s+(?:unlock|open up|opens up|lead to|enable)\b"
    r"(?=.*\b(?:directly\s+or|indirectly|down\s+the\s+line|all\s+the\s+way|in\s+total|transitiv))",
    re.IGNORECASE)
#: "reachable from X", "X can reach"; the negation: "can't be reached from X"
_FROM = re.compile(rf"\b(?:reach(?:ed|able)?|get to|accessible)\s+from\s+{_NAME}|"
                   rf"\b{_NAME}\s+(?:can(?:not|'t)?|could(?:n't)?)\s+(?:\w+\s+)?reach\b|"
                   # "who can't Ines reach", "which locks can Dunn not reach"
                   rf"\b(?:can(?:not|'t)?|could(?:n't)?)\s+{_NAME}\s+(?:not\s+|never\s+)?reach\b",
                   re.IGNORECASE)
_UNREACHED = re.compile(r"\b(?:can(?:not|'t| ?not)|could(?:n't| not)|never|not)\s+(?:be\s+)?"
                        r"(?:reached|reachable|got(?:ten)? to|reach\w*)|\bunreachable\b|"
                        r"\b(?:can(?:not|'t)|couldn't)\s+(?-i:[A-Z][\w'.-]*|[a-z]+\d+|\d+)\s+"
                        r"reach\b", re.IGNORECASE)
#: whether one node reaches every other, asked Yes or No: "is every depot reachable from
#: Kelso", "can Kelso reach all the other depots", "can Ashby get to every substation"
_EVERY_REACH = re.compile(
    rf"^\s*(?:so\s+|and\s+)?(?:is|are|can|could)\s+(?:every|each|all)\b.*\b(?:reach(?:ed|able)?|"
    rf"get to|accessible)\s+from\s+{_NAME}|^\s*(?:so\s+|and\s+)?(?:can|could|does|do)\s+{_NAME}\s+"
    rf"(?:\w+\s+)?(?:reach|get to)\s+(?:every|each|all|everyone|everything|everybody)\b",
    re.IGNORECASE)
#: a directed graph's reach from one node, asked as a list: "who can Eve reach", "which
#: servers can atlas reach along the arrows", "what is reachable from Eve"
_CAN_REACH = re.compile(rf"\b(?:can|could)\s+(?:you|i|we|one|someone|anyone|they)\s+(?:ever\s+|still\s+)?"
                        rf"(?:reach|get to)\s+(?:starting\s+|going\s+)?from\s+{_NAME}|"
                        rf"\b(?:can|could|does|do|will|would)\s+{_NAME}\s+(?:ever\s+|eventually\s+|"
                        rf"possibly\s+|still\s+)?(?:reach|get to)\b(?!\s+(?:the\s+)?(?-i:[A-Z])\w*)|"
                        rf"\b(?:reachable|be reached|get to)\s+from\s+{_NAME}", re.IGNORECASE)
#: the nodes that reach one node, asked as a list: "who can reach Fin", "which hosts can get
#: to boreas"
_REACH_TO = re.compile(rf"^\s*(?:so\s+|and\s+)?(?:who|which\s+[a-z]+|what\s+[a-z]+|how\s+many"
                       rf"(?:\s+[a-z]+)?)\s+(?:can|could)\s+(?:ever\s+|eventually\s+|still\s+)?"
                       rf"(?:reach|get\s+to)\s+(?:the\s+)?({_NAME[1:-1]}|[a-z][\w.'-]*)"
                       # "… by a chain of calls", "… directly or through others"
                       rf"(?:\s*,?\s*(?:(?:either\s+)?(?:directly\s+or\s+(?:indirectly\s+)?)?(?:by|through|via|along|using)\s+"
                       rf"(?:a\s+chain|chains|others|other|the|any|some|intermediar)[^?]*))?"
                       rf"\s*[?.!]*\s*$", re.IGNORECASE)
#: a reach through some of the node's partners ("through the people it follows", "via its
#: suppliers"): which steps count is not said
_THROUGH_SOME = re.compile(r"\b(?:through|via)\s+(?:(?:the|those)\s+(?:\w+\s+)?(?:it|he|she|they|"
                           r"who|whom|that|which)\b|(?:its|his|her|their|those)\b)", re.IGNORECASE)
_TRANSITIVE = re.compile(r"\bindirect\w*|\btransitiv\w*|\ball\b|\bin total\b|\beventually\b|"
                         r"\bultimately\b|\bchains?\b|\bbefore\b|\bprior to\b|\bwhole\b|"
                         r"\beverything\b|\bdownstream\b|\bupstream\b", re.IGNORECASE)


def _needed_way(st: PlanState) -> str | None:
    """``out`` when the edge points at what is needed (``course,prerequisite``), ``in`` when
    from it (``prerequisite,unlocks``), else None."""
    cols = [str(c) for c in (_meaning(st).get("direction") or [])][:2]
    if len(cols) != 2:
        return None
    end = vocabulary.needed_end(cols)
    return "out" if end == "target" else "in" if end == "source" else None


def reach_of(st: PlanState) -> tuple[str, str, str] | None:
    """(node name, direction, kind) of a reach question: kind ``needs`` (what the node
    needs), ``needed`` (what needs it), ``reach`` or ``unreached`` (from the node)."""
    info = st.last_ok("get_graph_info")
    # the user's words, lower-case names capitalised ("what depends on lib_ui"); else the
    # planner's ("which clubs can a player starting at X end up at": which can X reach)
    asked = str(st.context.get("asked") or st.question)
    for said in dict.fromkeys((asked, st.question)):
        q = vocabulary.lower_names(said, dict(info.data) if info else {},
                                   st.context.get("found_names", ()))
        if said != asked and slots.features(asked) & {"removal", "hops", "threshold", "future",
                                                      "ordinal", "bottom"}:
            return None  # "in at most two road hops": the user's bound holds for the rewording
        found = _reach_in(st, q)
        if found is not None:
            return found
    return _chain(st, st.question)  # lower-case names capitalised ("main")


def _reach_in(st: PlanState, q: str) -> tuple[str, str, str] | None:
    """:func:`reach_of` on one wording ``q`` of the question, without the chain."""
    directed = bool(_meaning(st).get("directed"))
    if directed and (n := _broken(q)) and (way := _needed_way(st)):
        return n, "in" if way == "out" else "out", "breaks"
    if slots.features(q) & {"removal", "hops", "threshold", "future", "ordinal", "bottom"}:
        return None
    if (n := _name(_FROM, q)) and _UNREACHED.search(q):
        return n, "out" if directed else "both", "unreached"
    if n := _name(_EVERY_REACH, q):
        return n, "out" if directed else "both", "reaches_all"
    if not directed:  # "which huts can you reach from hut7": its connected component
        n = _name(_CAN_REACH, q)
        return (n, "both", "reach") if n and not _UNREACHED.search(q) and re.match(
            r"\s*(?:which|what|who|whom|how many|list|name|show)\b", q, re.IGNORECASE) else None
    way = _needed_way(st)
    if way is not None:
        back = "in" if way == "out" else "out"
        if n := _name(_NEEDS_OF, q):
            return n, way, "needs"
        if (n := _name(_NEEDING, q)) and re.match(
                r"\s*(?:which|what|how many|list|name|show)\b", q, re.IGNORECASE):
            return n, back, "needed"
        if _ALL_STEPS.search(q):  # "how many packages does seaborn pull in, all the way down"
            for m in _OUT_OF.finditer(st.question):
                n = slots.clean(m.group(1))
                if n.lower() not in slots.STOP_WORDS and _NEEDS_VERB.match(m.group("v")):
                    return n, way, "needs"
    if n := _name(_REACH_TO, q):
        return n, "in", "reached_by"  # "who can reach Fin": every node with a path to it
    if (n := _name(_CAN_REACH, q)) and not _UNREACHED.search(q) and not _THROUGH_SOME.search(q) \
            and re.match(  # ("where can dunmore's patients end up? every clinic reachable from …")
            r"\s*(?:which|what|who|whom|how many|list|name|show|where)\b", q, re.IGNORECASE):
        return n, "out", "reach"
    return None


#: what stops working when a node goes: "what breaks if zlib is removed"
_BREAKS = re.compile(r"\b(?:break|breaks|broken|fail|fails|affected|impacted|stops? working|"
                     r"(?:would|will|could) (?:no longer|not) (?:work|build|run))\b", re.IGNORECASE)


#: a fault in a node that everything needing it inherits: "if logkit had a bug", "if zlib is
#: compromised"
_FAULTY = re.compile(rf"\b(?:if|suppose|say)\s+(?:the\s+)?{_NAME}\s+(?:had|has|gets|got|"
                     r"developed|contained|ships? with|shipped with)\s+(?:a\s+|an\s+)?(?:\w+\s+)?"
                     r"(?:bug|vulnerability|flaw|defect|security hole|regression|fault)\b|"
                     rf"\b(?:if|suppose|say)\s+(?:the\s+)?{_NAME}\s+(?:is|was|were|became|becomes)\s+"
                     r"(?:buggy|broken|compromised|vulnerable|faulty|corrupted)\b", re.IGNORECASE)
#: the question asked after the condition: "if X breaks, how many packages are affected"
_ASKED_AFTER_IF = re.compile(r"^\s*if\b[^,?]*,\s*(?:then\s+)?(?:what|which|who|how many|list|"
                             r"name|show)\b", re.IGNORECASE)


def _broken(q: str) -> str | None:
    """The node whose removal (or fault) the question asks the breakage of, on the words
    alone."""
    faulty = _FAULTY.search(q)
    name = slots.clean(next(g for g in faulty.groups() if g)) if faulty else slots.removal(q)
    if not name or name in (slots.HUB, slots.CENTRAL) or not _BREAKS.search(q):
        return None
    return name if re.match(r"\s*(?:what|which|who|how many|list|name|show)\b", q,
                            re.IGNORECASE) or _ASKED_AFTER_IF.match(q) else None


#: every step, not only the first: "directly or indirectly", "transitively"
_ALL_STEPS = re.compile(r"directly or (?:indirectly|through)|\bindirectly\b|\btransitive(?:ly)?\b|"
                        r"\beventually\b|\bthrough other\b|\bdown the line\b|\ball the way\b|"
                        r"\ball levels\b|\bat any level\b|\bin any way\b", re.IGNORECASE)
#: a verb of needing, on a table whose column names what is needed ("pull in", "depend on")
_NEEDS_VERB = re.compile(r"depend|rel[yi]|need|requir|pull|use|import|bring|build|install",
                         re.IGNORECASE)
#: "how many people sit under Aisha Bello, counting all levels"
_UNDER = re.compile(rf"\b(?:under|below|beneath|report(?:s|ing)?\s+(?:up\s+)?to)\s+{_NAME}",
                    re.IGNORECASE)
#: "which points feed into Kessel", "what flows into Lake Mora"
_INTO = re.compile(rf"\b(?:feeds?|flows?|drains?|leads?|runs?|goes|go|pass(?:es)?)\s+(?:down\s+)?"
                   rf"(?:in)?to\s+(?:the\s+)?{_NAME}", re.IGNORECASE)
#: "how many modules does main depend on", "which modules does main call"
_OUT_OF = re.compile(rf"(?:\b(?:does|do|did|can|could|will|would)|^\s*(?:(?:full|complete|whole|"
                     rf"entire)\s+)?(?:list\s+(?:of\s+)?)?what)\s+{_NAME}\s+(?:\w+ly\s+)?"
                     r"(?P<v>[a-z]+)\b", re.IGNORECASE)
#: an edge verb of using something: the source depends on the target ("caller,callee")
_USES = ("call", "import", "use", "requir", "includ", "invok", "load", "referenc", "extend",
         "inherit", "cit", "eat", "feed", "consum", "prey", "hunt")
#: "which species depend directly or indirectly on krill": those whose chains reach it
_DEPEND_ON = re.compile(rf"\b(?:depends?|depending|relies|rely|relying)\s+(?:(?:directly\s+or\s+)?"
                        rf"(?:in)?directly\s+|transitively\s+|ultimately\s+|eventually\s+)?(?:up)?on\s+"
                        rf"(?:the\s+)?{_NAME}", re.IGNORECASE)
_DEPENDS = re.compile(r"depend|rel[yi]|need|requir", re.IGNORECASE)


def _chain(st: PlanState, q: str) -> tuple[str, str, str] | None:
    """A reach worded as a chain on a table with no needed column: "which points feed into
    Kessel junction, directly or through other channels" (``in``), "how many modules does
    main depend on, transitively" on a ``caller,callee`` table (``out``: a caller depends
    on what it calls)."""
    if not _ALL_STEPS.search(q) or not re.match(
            r"\s*(?:which|what|who|how many|list|name|show)\b", q, re.IGNORECASE):
        return None
    if n := _name(_INTO, q):
        return n, "in", "reached_by"
    if (n := _name(_UNDER, q)) and (way := vocabulary.boss_way(_meaning(st))):
        return n, way, "under"
    from igraph_agent.model.verbs import column_verbs

    info = st.last_ok("get_graph_info")
    fwd, _back = column_verbs(info.data if info else {})
    if (n := _name(_DEPEND_ON, q)) and any(f.startswith(u) for f in fwd for u in _USES):
        return n, "in", "reached_by"  # a predator depends on its prey: who reaches krill
    for m in _OUT_OF.finditer(q):
        n, v = slots.clean(m.group(1)), m.group("v").lower()
        if n.lower() in slots.STOP_WORDS:
            continue
        own = any(v.startswith(f) for f in fwd)
        uses = any(f.startswith(u) for f in fwd for u in _USES)
        if own or (uses and _DEPENDS.match(v)):
            return n, "out", "reach"
    return None


def _name(rx: re.Pattern[str], q: str) -> str | None:
    """The first node name ``rx`` finds ("do I need": a pronoun, no name)."""
    for m in rx.finditer(q):
        n = slots.clean(next(g for g in m.groups() if g))
        if n.lower() not in slots.STOP_WORDS:
            return n
    return None


def reach_bonus(st: PlanState) -> float:
    # "reach from BER within 2 hops": the nodes within k steps (hop_count), not all it reaches
    return 4.0 if reach_of(st) and slots.hops(st.question) is None else 0.0


def reach_calls(st: PlanState) -> list[Call]:
    found = reach_of(st)
    if found is None:
        return []
    name, way, _kind = found
    searches, ids = resolve_names(st, [name])
    if ids is None:
        return searches
    return [*searches, Call("hop_counts", {"node": ids[0], "hops": _ALL_HOPS, "limit": _LISTED,
                                           **({"direction": way} if way != "both" else {})})]


def reach_render(st: PlanState, obs: list[Observed]) -> str:
    found = reach_of(st)
    ob = next((o for o in obs if o.tool == "hop_counts" and o.ok), None)
    if found is None or ob is None:
        return unresolved_names(st, [found[0]] if found else [])
    name, way, kind = found
    d = ob.typed(HopCountsResult)
    nouns = vocabulary.noun(st.question, _info(st))[1]
    cols = _meaning(st).get("direction") or ["source", "target"]
    arrow = f"{cols[0]} → {cols[1]}"
    head = found_reply(st, [name])
    if kind == "reaches_all":
        how = f"following the edges ({arrow})" if way != "both" else "by some path"
        if not d.unreachable:
            return head + (f"**Yes**: every other node is reachable from {_who(d)} {how}; it "
                           f"reaches {d.within + d.farther}.")
        gone = list(d.unreachable_nodes or [])
        listed = ", ".join(f"**{_who(r)}**" for r in gone) + \
            (" …" if len(gone) < d.unreachable else "")
        return head + (f"**No**: {d.unreachable} {nouns} cannot be reached from {_who(d)} {how}"
                       + (f": {listed}." if gone else ".") +
                       f" It reaches {d.within + d.farther}.")
    if kind == "unreached":
        gone = list(d.unreachable_nodes or [])
        listed = ", ".join(f"**{_who(r)}**" for r in gone)
        more = " …" if len(gone) < d.unreachable else ""
        how = f"following the edges ({arrow})" if way != "both" else "by any path"
        return (head + f"**{d.unreachable}** {nouns} cannot be reached from {_who(d)} "
                f"{how}" + (f": {listed}{more}." if gone else ".") +
                f" It reaches {d.within + d.farther}.")
    every = [r.node for ring in d.by_distance for r in ring.nodes]
    direct = d.by_distance[0].count if d.by_distance else 0
    total = d.within + d.farther
    names = ", ".join(f"**{n}**" for n in every[:40]) + (" …" if total > len(every[:40]) else "")
    what = {"needs": f"{_who(d)} needs", "needed": f"need {_who(d)}",
            "reach": f"{_who(d)} reaches", "reached_by": f"reach {_who(d)}",
            "under": f"are under {_who(d)}", "breaks": f"need {_who(d)}"}[kind]
    follow = (f"following {arrow} out of it" if way == "out" else "by any path" if way == "both"
              else f"following {arrow} into it")
    lead_all = bool(_TRANSITIVE.search(str(st.context.get("asked") or st.question))) or \
        kind in ("needs", "breaks", "reach", "reached_by")
    if not total and kind == "breaks":
        return head + f"**None**: nothing needs {_who(d)} ({follow}), so nothing breaks without it."
    if not total:
        return head + f"**None**: no {nouns[:-1] if nouns.endswith('s') else nouns} " \
                      f"{'is needed by' if kind == 'needs' else 'needs'} {_who(d)} ({follow})."
    if kind == "needs":
        first = (f"{_who(d)} needs **{total}** {nouns}, directly or through others ({follow}): "
                 f"{names}; **{direct}** of them directly")
    else:
        first = (f"**{total}** {nouns} {what}, directly or through others ({follow}): {names}; "
                 f"**{direct}** directly")
    if kind == "breaks":
        first = (f"Without {_who(d)}, **{total}** {nouns} break: those that need it, directly "
                 f"or through others ({follow}): {names}; **{direct}** directly")
    if not lead_all:
        near = d.by_distance[0].nodes if d.by_distance else []
        first = (f"**{direct}** {nouns} {what} directly ("
                 + ", ".join(f"**{_who(r)}**" for r in near[:40]) + (" …" if direct > len(near[:40])
                                                                  else "")
                 + f"), **{total}** directly or through others ({follow}): {names}")
    return head + first + "."


FLOW_INTENTS = [
    ("flow_rank", None, flow_calls, flow_render,
     "summed edge values by the end they arrive at or leave from (nodes_by_measure)"),
    ("reach_set", None, reach_calls, reach_render,
     "everything one node leads to or is reached from (hop_counts over every step)"),
]
