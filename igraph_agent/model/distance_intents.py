"""Offline-planner intents about distances from one named node measured in an edge value:

* ``within_distance``: the nodes within a distance of a named node by an edge column ("which
  hosts are within 5 ms of Hub", "how many other places are within 250 m of pipe from J4"):
  ``hop_counts(weight=…, max_distance=…)``, counted and listed nearest first;
* ``nearest_by_value``: the node(s) nearest to a named node by an edge column ("which host is
  closest to Edge, latency-wise", "the nearest box to Mill by cable"): ``hop_counts``'
  ``farthest.nearest``.

* ``spanning_total``: the least total of an edge value that keeps the graph (or one named
  node's component) connected ("the minimum pipe needed so every place on the Tower's
  network stays connected", "the minimum spanning tree's length"): ``connectivity(weight=…)``'
  ``spanning``.

All need the column the question asks (``model/weights.py``: a named column or a kind of
cost); hops ("within 2 hops of") stay with the hop counts, and two columns that fit are asked.

``intents.py`` registers them.
"""

from __future__ import annotations

import re

from igraph_agent.figures import shown
from igraph_agent.model import slots
from igraph_agent.model.planstate import Call, Observed, PlanState
from igraph_agent.model.registry import Intent, t
from igraph_agent.model.weights import (
    as_length_args,
    ask_which,
    asked_weight,
    length_note,
    unknown_as_length,
)
from igraph_agent.results.counting import Farthest, HopCountsResult
from igraph_agent.results.paths import ConnectivityResult

_HOP_UNITS = r"(?:hops?|steps?|jumps?|links?|edges?|degrees?|connections?|handshakes?|moves?)"
#: a distance, its unit after it where one is said ("within 5 of city0 by road length": none)
_NUM = (rf"(?P<num>\d+(?:\.\d+)?)(?:\s*(?!{_HOP_UNITS}\b|(?:of|from|or|away)\b)(?P<unit>[a-z]+)\b)?"
        rf"(?!\s*{_HOP_UNITS}\b)")
#: how far a distance reaches, inclusive: "within 30 km", "within a radius of 5 ms",
#: "at most 200 m", "no more than 3 km away"
_UP_TO = (r"(?:within(?:\s+a\s+(?:(?:road|driving|travel|walking|total)\s+)?(?:distance|radius|length|"
          r"route\s+length|path\s+length)\s+of)?|"
          r"at\s+most|no\s+more\s+than|"
          r"not\s+more\s+than|up\s+to|no\s+further\s+than|no\s+farther\s+than)")
#: "within 250 m of pipe from J4", "within 5 ms of Hub", "at most 3km away from the Mill";
#: the named node after the distance
_WITHIN = re.compile(rf"\b{_UP_TO}\s+{_NUM}"
                     rf"(?:\s+(?:of|by|along(?:\s+the)?)\s+[a-z]+)?\s+(?:away\s+)?(?:of|from)\s+"
                     rf"(?:the\s+)?(?P<node>.+?)\s*[?.!]*\s*$", re.IGNORECASE)
#: the named node before the distance: "reached from town3 within 30 km", "from Hub in at
#: most 5 ms", "starting from Elm, how many are within 7 km"
_FROM_WITHIN = re.compile(rf"\bfrom\s+(?:the\s+)?(?P<node>\S+(?:\s+\S+)?)\s+(?:in\s+)?"
                          rf"{_UP_TO}\s+{_NUM}", re.IGNORECASE)
_FROM_THEN = re.compile(rf"\bfrom\s+(?:the\s+)?(?P<node>[^,;]+?)\s*[,;].*?\b{_UP_TO}\s+{_NUM}",
                        re.IGNORECASE)

#: a distance's bound said after it: "driving 30 km or less from town6", "in 5 ms or under",
#: "30 km or less away from Elm"
_OR_LESS = r"(?:\s+[a-z_]+)?\s+or\s+(?:less|under|fewer|below|lower|closer|nearer)\b"
_FROM_OR_LESS = re.compile(rf"\bfrom\s+(?:the\s+)?(?P<node>[^,;\s]+(?:\s+[^,;\s]+)?)"
                           rf"(?:\s+|\s*[,;]\s*)(?:(?!from\b)[\w-]+[,;]?\s+){{0,8}}{_NUM}{_OR_LESS}",
                           re.IGNORECASE)
_OR_LESS_FROM = re.compile(rf"\b{_NUM}{_OR_LESS}\s+(?:away\s+)?(?:of|from)\s+(?:the\s+)?"
                           rf"(?P<node>.+?)\s*[?.!]*\s*$", re.IGNORECASE)


#: "closest to Edge, latency-wise", "which box is nearest to Mill by cable", "which city is
#: the shortest drive from city26", "the closest town from Elm"
_NEAREST = re.compile(r"(?:\b(?:closest|nearest)\s+(?:\w+\s+)?(?:to|from)|\bshortest\s+(?:road\s+)?(?:drive|ride|"
                      r"walk|hike|journey|trip|cycle)\s+(?:away\s+)?from)\s+(?:the\s+)?"
                      r"(?P<node>[^,?!]+?)"
                      r"(?:\s*,|\s+(?:by|in|along|if|measured|when|latency|distance|other|except|"
                      r"besides|apart|excluding|not)\b|\s*[?!]+(?=\s|$)|\s*[?.!]*\s*$)",
                      re.IGNORECASE)
#: the named node first: "from town2, what's the closest town", "starting at Elm, which hut is
#: nearest"
_FROM_NEAREST = re.compile(r"^\s*(?:(?:and\s+)?(?:then\s+)?(?:from|starting\s+(?:at|from))\s+)"
                           r"(?:the\s+)?(?P<node>[^,]+?)\s*,\s*(?:what|which|who)(?:'s|\s+is|\s+are)?\s+"
                           r"(?:\w+\s+){0,2}?(?:the\s+)?(?:closest|nearest)\b", re.IGNORECASE)
#: the named node's neighbours, then the nearest: "which city next to city26 is the shortest
#: drive away", "which hut beside Elm is closest"
_NEXT_TO_NEAREST = re.compile(r"\b(?:next to|adjacent to|neighbou?ring|beside|linked to|connected to)"
                              r"\s+(?:the\s+)?(?P<node>[^,?!]+?)\s+(?:is|lies|sits)\s+(?:the\s+)?"
                              r"(?:closest|nearest|shortest\s+(?:drive|ride|walk|hike|trip|journey))\b",
                              re.IGNORECASE)
#: a node the nearest or farthest leaves out: "the closest town other than town0"
_LEFT_OUT = re.compile(r"\b(?:other than|apart from|besides|except(?:\s+for)?|excluding|not counting)"
                       r"\s+(?:the\s+)?(?P<who>(?-i:[A-Z][\w'.-]*)|[a-z]+\d+|\d+)\b", re.IGNORECASE)


def _within(question: str) -> tuple[float, str, str] | None:
    """The asked distance, its unit and the text naming its node, in either order."""
    m = _WITHIN.search(question) or _FROM_WITHIN.search(question) or \
        _FROM_THEN.search(question) or _OR_LESS_FROM.search(question) or \
        _FROM_OR_LESS.search(question)
    return (float(m.group("num")), m.group("unit"), m.group("node")) if m else None


def _column(st: PlanState) -> str | None:
    """The edge column the distance is asked in, never a strength ("at most 20 tonnes from
    Leeds" is no distance)."""
    column = _asked_column(st)
    roles = st.meaning().get("weights") or {}
    if column is not None and roles.get(column) == "strength" and \
            unknown_as_length(st.question, st.meaning()) != column:
        return None
    return column


def _asked_column(st: PlanState) -> str | None:
    """The edge column the distance is asked in: named, or the one of the asked kind (the
    word "closest" alone asks no kind); None: hops, none or several."""
    q = re.sub(r"\b(?:closest|nearest)\b", "", st.question, flags=re.IGNORECASE)
    choice = asked_weight(q, st.meaning())
    if choice.why in ("named", "money", "time", "length"):
        return choice.column
    meaning = st.meaning()
    default = meaning.get("default_weight")
    if choice.why == "default" and default and (meaning.get("weights") or {}).get(default) == \
            "distance" and len(meaning.get("weights") or {}) == 1 and \
            re.search(r"\b(?:closest|nearest)\b|\bshortest\s+(?:drive|ride|walk|hike|journey|"
                      r"trip|cycle)\b", st.question, re.IGNORECASE):
        return str(default)  # "which hamlet is closest to Cley" on road_miles: its one distance
    if choice.why != "ambiguous" and unknown_as_length(st.question, meaning):
        return unknown_as_length(st.question, meaning)  # "closest to city26 by road" on a
        #                                                  plain ``weight``: its length
    m = _within(st.question)  # "within 200 m of": the unit a column's name ends with
    units = [c for c in st.meaning().get("weights") or {}
             if m and m[1] and m[1].lower() in re.split(r"[^a-z0-9]+", str(c).lower())[1:]]
    return units[0] if len(units) == 1 and choice.why != "ambiguous" else None


def _ambiguous(st: PlanState) -> bool:
    q = re.sub(r"\b(?:closest|nearest)\b", "", st.question, flags=re.IGNORECASE)
    return asked_weight(q, st.meaning()).why == "ambiguous"


def _node(st: PlanState, rx: re.Pattern[str]) -> str | None:
    if rx is _WITHIN:
        found = _within(st.question)
        text = found[2] if found else None
    else:
        m = rx.search(st.question) or (_FROM_NEAREST.search(st.question) if rx is _NEAREST
                                       else None) or (_NEXT_TO_NEAREST.search(st.question)
                                                      if rx is _NEAREST else None)
        text = m.group("node") if m else None
    if not text:
        return None
    names = slots.named(st.question)
    inside = [n for n in names if n.lower() in text.lower()]
    if len(inside) == 1:
        return inside[0]
    words = text.strip().split()
    return text.strip() if not names and len(words) == 1 else None


def _limit(st: PlanState) -> float | None:
    m = _within(st.question)
    return m[0] if m else None


def _calls(st: PlanState, rx: re.Pattern[str]) -> list[Call]:
    from igraph_agent.model.graph_intents import resolve_names

    name, column = _node(st, rx), _column(st)
    if name is None or column is None:
        return []
    searches, ids = resolve_names(st, [name])
    if ids is None:
        return searches
    args: dict = {"node": ids[0], "hops": 1, "limit": 50, "weight": column,
                  "direction": "out" if st.meaning().get("directed") else "both",
                  **as_length_args(st.question, st.meaning(), column)}
    if rx is _WITHIN:
        args["max_distance"] = _limit(st)
    else:
        args |= among(st)  # "which north substation is closest to Greystone"
    gone = _left_out(st)
    if gone:  # "the closest town other than town0"
        found, gone_ids = resolve_names(st, gone)
        if gone_ids is None:
            return [*searches, *found]
        searches, args["leave_out"] = [*searches, *found], gone_ids
    return [*searches, Call("hop_counts", args)]


def leaves_out(st: PlanState, matched: list) -> bool:
    """Whether the question's exclusion ("the closest town other than town0") is a node the
    nearest intent leaves out of its answer, not a node removed from the graph."""
    return any(i.name == "nearest_by_value" for i in matched) and _node(st, _NEAREST) is not \
        None and bool(_left_out(st))


def _left_out(st: PlanState) -> list[str]:
    """The nodes the question leaves out of the nearest ("other than town0")."""
    return [m.group("who") for m in _LEFT_OUT.finditer(st.question)]


def among(st: PlanState) -> dict:
    """``among=`` the attribute value the question names ("the north substations", "in the
    north zone"): the farthest or nearest taken only among those nodes."""
    from igraph_agent.model.structure_intents import where_of

    found = where_of(st)
    return {"among": {found[0]: found[1]}} if found else {}


def among_said(f: Farthest) -> str:
    """" among zone = north" when the farthest and nearest were taken among those nodes."""
    return (" among " + ", ".join(f"{k} = {v}" for k, v in f.among.items())) if f.among else ""


def _clarify(rx: re.Pattern[str]):
    def ask(st: PlanState) -> str | None:
        if _node(st, rx) is None:
            return None
        if _ambiguous(st):
            return ask_which(st.meaning())
        if _column(st) is None:
            return ("Measured how? Say an edge value (e.g. 'within 5 ms') or ask in hops "
                    "('within 2 hops of …').")
        return None
    return ask


def _result(st: PlanState, obs: list[Observed], rx: re.Pattern[str]):
    from igraph_agent.model.graph_intents import unresolved_names

    o = next((o for o in obs if o.tool == "hop_counts" and o.ok), None)
    if o is None:
        return None, unresolved_names(st, [_node(st, rx) or ""])
    d = o.typed(HopCountsResult)
    if d.farthest is None:
        return None, unresolved_names(st, [_node(st, rx) or ""])
    return d, ""


def _way(d: HopCountsResult) -> str:
    return " following the edges' direction" if d.direction == "out" else ""


def _within_render(st: PlanState, obs: list[Observed]) -> str:
    d, said = _result(st, obs, _WITHIN)
    if d is None or d.farthest is None:
        return said
    f = d.farthest
    unit = f.weight_used.get("attribute")
    rows = f.within_nodes or []
    listed = ", ".join(f"{r.node} ({shown(r.distance)})" for r in rows)
    more = ", …" if f.within and f.within > len(rows) else ""  # only figures the tool gave
    head = (f"**{f.within}** node(s) other than {d.node} lie within **{shown(f.max_distance)} "
            f"{unit}** of it by the shortest route in {unit}{_way(d)}")
    return head + (f": {listed}{more}." if rows else ".") + _note(st, f)


def _nearest_render(st: PlanState, obs: list[Observed]) -> str:
    d, said = _result(st, obs, _NEAREST)
    if d is None or d.farthest is None:
        return said
    f = d.farthest
    unit = f.weight_used.get("attribute")
    if not f.nearest:
        return f"{d.node} reaches no other node{among_said(f)}{_way(d)}."
    ends = ", ".join(f"**{n}**" for n in f.nearest)
    cut = (f" ({f.among_unreached} of them it cannot reach)" if f.among_unreached else "")
    other = (f" other than {', '.join(map(str, f.left_out))} (not going through "
             f"{'it' if len(f.left_out) == 1 else 'them'})" if f.left_out else "")
    return (f"The nearest to {d.node}{other}{among_said(f)} by the shortest route in {unit}{_way(d)}: "
            f"{ends} at **{shown(f.nearest_distance)} {unit}**{cut}.{_note(st, f)}")


def _note(st: PlanState, f: Farthest) -> str:
    """"Taking `weight` as the road length." where a column of unknown role was read so."""
    attr = f.weight_used.get("attribute")
    return length_note(st.question, st.meaning(), attr) if attr else ""


def _bonus(rx: re.Pattern[str]):
    return lambda st: 4.0 if _node(st, rx) is not None and (_column(st) or _ambiguous(st)) \
        else -10.0


#: "the minimum spanning tree", "the minimum pipe needed so every place stays connected",
#: "the least cable that keeps all the boxes linked"
_SPANNING = re.compile(r"\bspanning (?:tree|forest)\b|"
                       # "with as few km of line as possible while keeping everything connected"
                       r"\bas\s+(?:few|little|short)\b.{0,40}\bas\s+possible\b.{0,60}\b(?:keep\w*|still|"
                       r"so)\b.{0,60}\b(?:connected|linked|joined|reachable)\b|"
                       # "keep every town reachable while maintaining as little road as possible"
                       r"\bkeep\w*\s+(?:every|all|each)\b.{0,40}\b(?:connected|linked|joined|reachable)\b"
                       r".{0,50}\bas\s+(?:few|little|short)\b.{0,30}\bas\s+possible\b|\b(?:minimum|min|least|smallest|minimal|"
                       r"cheapest|shortest|fewest|lowest)\b.{0,60}\b(?:needed|required|necessary|keeps?|"
                       r"keeping|so)\b.{0,60}\b(?:every|all|everything|everyone|each)\b.{0,60}"
                       r"\b(?:connected|linked|joined|reachable)\b|"
                       # "kept only enough roads to connect every town, with the least total km"
                       r"\b(?:just |only )?enough\b.{0,40}\bto (?:still |just |then )?(?:connect|link|join|reach)\b.{0,40}"
                       r"\b(?:every|all|each)\b(?=.*\b(?:least|minimum|smallest|minimal|cheapest|"
                       r"lowest|shortest|fewest)\b)|"
                       # "only enough roads to keep all cities linked, with the least total
                       # length"
                       r"\b(?:just |only )?enough\b.{0,60}\b(?:every|all|each)\b.{0,40}\b(?:connected|"
                       r"linked|joined|reachable)\b(?=.*\b(?:least|minimum|smallest|minimal|"
                       r"cheapest|lowest|shortest|fewest|minimi[sz]\w*)\b)|"
                       # "the cheapest way to connect every substation", "the least cable to
                       # link all the boxes"
                       r"\b(?:cheapest|least|minimum|minimal|smallest|shortest)\s+(?:total\s+)?"
                       r"(?:way|cost|[\w-]+(?:\s+of\s+[\w-]+)?)\s+(?:needed\s+|required\s+)?(?:to\s+(?:connect|link|"
                       r"join)|that\s+(?:still\s+)?(?:connects?|links?|joins?))\s+(?:up\s+)?(?:every|all|"
                       r"each)\b|"
                       # "the roads needed so every town is still reachable, … the least total km"
                       r"\b(?:needed|required|necessary)\s+(?:so|for|to\s+keep)\b.{0,40}\b(?:every|all|each)\b"
                       r".{0,40}\b(?:connected|linked|joined|reachable)\b(?=.*\b(?:least|minimum|"
                       r"smallest|minimal|cheapest|lowest|shortest|fewest)\b)|"
                       # "the cheapest set of roads that still connects every town"
                       r"\b(?:cheapest|least|minimum|minimal|smallest|shortest)\s+(?:total\s+)?set\s+of\s+"
                       r"[\w-]+\s+(?:that|which)\s+(?:still\s+)?(?:connects?|links?|joins?|keeps?)\s+"
                       r"(?:up\s+)?(?:every|all|each)\b|"
                       # "only kept enough roads to keep all cities linked with the least total
                       # length": the least said after the nodes kept linked
                       r"\b(?:just |only )?enough\b.{0,40}\bto (?:still )?keep\b.{0,20}\b(?:every|all|each)\b.{0,40}"
                       r"\b(?:connected|linked|joined|reachable)\b(?=.*\b(?:least|minimum|smallest|"
                       r"minimal|cheapest|lowest|shortest|fewest)\b)",
                       re.IGNORECASE)


def _spanning_column(st: PlanState) -> str | None:
    choice = asked_weight(st.question, st.meaning())
    return choice.column if choice.why not in ("hops", "none", "ambiguous") else None


_CYCLES = re.compile(r"\bcycles?\b|\bloops?\b|\bacyclic\b|\bcycle-?free\b", re.IGNORECASE)


def _spanning_of(st: PlanState) -> str | None:
    """The node whose component is kept connected ("every place on the Tower's network")."""
    names = slots.named(st.question)
    return names[0] if len(names) == 1 else None


def _spanning_calls(st: PlanState) -> list[Call]:
    from igraph_agent.model.graph_intents import resolve_names

    column = _spanning_column(st)
    if not _SPANNING.search(st.question) or column is None:
        return []
    name = _spanning_of(st)
    # the least total of the column's own values, whatever its role: a strength is never
    # taken as 1/x here ("the min total weight needed to keep every stop connected")
    read = {"weight_means": "distance"}
    if name is None:
        return [Call("connectivity", {"weight": column, "limit": 5, **read})]
    searches, ids = resolve_names(st, [name])
    if ids is None:
        return searches
    return [*searches, Call("connectivity", {"weight": column, "source": ids[0], "limit": 5,
                                             **read})]


def _spanning_clarify(st: PlanState) -> str | None:
    if not _SPANNING.search(st.question):
        return None
    if len(slots.named(st.question)) > 1:
        return ("Kept connected around which node? Name one (e.g. 'every place on Tower's "
                "network'), or none for the whole graph.")
    return ask_which(st.meaning()) if _spanning_column(st) is None else None


def _spanning_render(st: PlanState, obs: list[Observed]) -> str:
    from igraph_agent.model.graph_intents import unresolved_names

    o = next((o for o in obs if o.tool == "connectivity" and o.ok), None)
    d = o.typed(ConnectivityResult) if o is not None else None
    if d is None or d.spanning is None:
        return unresolved_names(st, [_spanning_of(st) or ""])
    sp = d.spanning
    unit = sp.weight_used.get("attribute")
    if sp.of is not None:
        return (f"**{shown(sp.of_total)} {unit}**: the least total {unit} that keeps the "
                f"{sp.of_nodes} nodes of {sp.of}'s component connected (its minimum spanning "
                f"tree, {sp.of_edges} edges)."
                + (length_note(st.question, st.meaning(), unit) if unit else ""))
    pieces = (f" — one tree per component ({d.components} components; nothing links them)"
              if d.components > 1 else "")
    return (f"**{shown(sp.total)} {unit}**: the least total {unit} that keeps every node "
            f"connected to all it reaches now (the minimum spanning "
            f"{'forest' if d.components > 1 else 'tree'}, {sp.edges} edges){pieces}."
            + (length_note(st.question, st.meaning(), unit) if unit else ""))


DISTANCE_INTENTS = [
    Intent("within_distance", t(0.5, rf"\b{_UP_TO}\b|\d(?:\s*[a-z]+)?{_OR_LESS}"), lambda st: _calls(st, _WITHIN),
           _within_render, "the nodes within a distance of a named node by an edge value "
           "(hop_counts)", bonus=_bonus(_WITHIN), clarify=_clarify(_WITHIN),
           hint="the nodes within a distance (in an edge value) of a node you name",
           answers=frozenset({"count", "list", "node", "value"}),
           covers=frozenset({"entity", "weight", "threshold", "direction"})),
    Intent("nearest_by_value", t(0.5, r"\bclosest\b|\bnearest\b|\bshortest\s+(?:road\s+)?(?:drive|"
                                      r"ride|walk|hike|journey|trip|cycle)\s+(?:away\s+)?from\b",
                                   _NEXT_TO_NEAREST.pattern),
           lambda st: _calls(st, _NEAREST), _nearest_render,
           "the node nearest to a named node by an edge value (hop_counts)",
           bonus=_bonus(_NEAREST), clarify=_clarify(_NEAREST),
           hint="the node nearest to a node you name, by an edge value",
           answers=frozenset({"node", "list", "value"}),
           covers=frozenset({"entity", "weight", "direction", "filter"})),
    Intent("spanning_total", t(0.5, r"spanning|connect(?:ed)?|link(?:ed)?|join(?:ed)?|"
                                    r"reach(?:able)?"),
           _spanning_calls, _spanning_render,
           "the minimum spanning tree's total by an edge value (connectivity)",
           # "the fewest ties to drop so that no cycles are left": the cycle rank's question
           bonus=lambda st: 5.0 if _SPANNING.search(st.question) and not _CYCLES.search(
               st.question) else -10.0,
           clarify=_spanning_clarify,
           hint="the least total edge value that keeps the graph connected",
           answers=frozenset({"value", "count"}),
           covers=frozenset({"entity", "weight", "bottom", "scope"})),
]
