"""Which edge value a question asks a route to be measured in.

The offline planner reads the question's words against the graph's numeric edge columns
(get_graph_info's ``meaning``): a column the question names ("by fare", "in minutes")
wins; then the kind of cost it asks for — money ("cheapest", "price"), time ("fastest",
"how long", "minutes") or length ("how far", "km") — picks the column of that kind; then
the graph's default weight; then the only distance-like column. Hops ("fewest stops",
"how many steps") count no value. Two columns of the asked kind, or a cost asked of a
graph with several distance columns and no default, are ambiguous: the planner asks which.

Example::

    >>> m = {"weights": {"fare_eur": "distance", "duration_min": "distance"}, "default_weight": None}
    >>> asked_weight("What is the cheapest way from LIS to VIE?", m)
    Choice(column='fare_eur', why='money')
    >>> asked_weight("How long does it take to fly from OPO to MUC?", m).column
    'duration_min'
    >>> asked_weight("Fewest stops from OPO to MUC?", m)
    Choice(column=None, why='hops')
    >>> asked_weight("What is the shortest route from OPO to MUC?", m).why
    'ambiguous'
    >>> asked_weight("How far apart are Napoleon and Javert?", {"weights": {"weight": "strength"}})
    Choice(column=None, why='none')
"""

from __future__ import annotations

import re
from typing import Any, NamedTuple

_WORDS = re.compile(r"[^a-z0-9]+")

#: a kind of cost: the question's words that ask for it, and column-name words that hold it
_KINDS: dict[str, tuple[re.Pattern[str], frozenset[str]]] = {
    "money": (re.compile(r"\bcheap(?:est|er|ly)?\b|\bcost(?:s|ly|liest)?\b|\bexpensive\b|"
                         r"\bprices?\b|\bfares?\b|\bpay\b|\bspend\b|\bbudget\b|\btolls?\b|"
                         r"\bfees?\b|€|\$|\beuros?\b|\bdollars?\b|\bpounds\b", re.IGNORECASE),
              frozenset({"cost", "costs", "price", "prices", "fare", "fares", "toll", "tolls",
                         "fee", "fees", "eur", "euro", "euros", "usd", "dollar", "dollars",
                         "gbp", "money", "spend", "tariff", "charge"})),
    "time": (re.compile(r"\bfast(?:est|er)?\b|\bquick(?:est|er|ly)?\b|\bhow long\b|"
                        r"\btravel time\b|\btime\b|\bminutes?\b|\bmins?\b|\bhours?\b|\bhrs?\b|"
                        r"\bseconds?\b|\bsecs?\b|\bduration\b|\bdelay\b|\blatency\b|\bsoonest\b|"
                        r"\bdays?\b", re.IGNORECASE),
             frozenset({"time", "duration", "minutes", "minute", "mins", "min", "hours", "hour",
                        "hrs", "hr", "h", "seconds", "second", "secs", "sec", "s", "ms", "delay",
                        "latency", "eta", "days", "day", "travel"})),
    "length": (re.compile(r"\bhow far\b|\bdistance\b|\bkms?\b|\bkilomet(?:er|re)s?\b|"
                          r"\bmiles?\b|\bmeters?\b|\bmetres?\b|\blength\b|\bclosest\b|"
                          r"\bnearest\b|\bfar apart\b", re.IGNORECASE),
               frozenset({"km", "kms", "kilometer", "kilometers", "kilometre", "kilometres",
                          "mi", "mile", "miles", "meter", "meters", "metre", "metres", "m",
                          "distance", "dist", "length", "len"})),
}
_HOPS = re.compile(r"\bhops?\b|\bsteps?\b|\bfewest\b|\bleast number of\b|\bhow many "
                   r"(?:links|edges|stops|changes|transfers|legs|connections|intermediar)|"
                   r"\bstops\b|\btransfers\b|\bchanges\b|\blayovers?\b|\bdirectly\b|"
                   # "the diameter in number of legs", "measured in links": edges counted (a
                   # unit, "in number of minutes", is a kind asked_weight reads first)
                   r"\b(?:in|by)\s+(?:the\s+)?(?:number|count) of\s+(?:\w+\s+)?[a-z]+s\b|"
                   r"\b(?:in|by)\s+(?:legs|links|edges|jumps)\b|"
                   # "how many flights does it take": a count of edges
                   r"\bhow many \w+ (?:does it|would it|will it|do you|do i) (?:take|need)\b",
                   re.IGNORECASE)
#: words that ask for a measured route without naming its kind
_ROUTE = re.compile(r"\bshortest\b|\bbest (?:route|way|path)\b|\bminimum\b|\blowest total\b|"
                    r"\bweighted\b|\bstrongest\b", re.IGNORECASE)


#: a route asked by its strength ("the strongest path", "the weighted shortest path"): a
#: strength column is its measure (as 1/x); "the shortest route" alone adds up no capacity,
#: count or trust
_AS_WEIGHT = re.compile(r"\bstrongest\b|\bweighted\b|\bweights?\b|\bwidest\b", re.IGNORECASE)
#: a measure the route is asked in that is no word of a kind: "the least climbing route",
#: "the route with the lowest elevation gain" (not "at least", "the least number of hops")
_MEASURE = re.compile(r"(?<!\bat )\b(?:least|lowest|minimum|minimal|smallest|less|min)\s+(?:total\s+)?"
                      r"(?!(?:number|amount|possible|total|route|path|way|hops?|steps?|stops?|"
                      r"changes|transfers|legs?|links?|edges?|connections?|of|the|a|an|one|"
                      r"time|distance|cost|length)\b)([a-z]{3,})", re.IGNORECASE)


#: a column name that says nothing of what it holds
_GENERIC = frozenset({"weight", "weights", "w", "value", "val"})


def _unnamed_measure(question: str) -> bool:
    """Whether a route question asks its least of a measure no kind names."""
    return bool(_MEASURE.search(question))


class Choice(NamedTuple):
    """The column to measure a route in (None: count hops), and why: ``named``, ``money``,
    ``time``, ``length``, ``default``, ``only``, ``hops``, ``none`` (the graph has no edge
    values, or the question asks no cost) or ``ambiguous`` (then ``column`` is None and the
    planner asks)."""

    column: str | None
    why: str


def _tokens(name: str) -> set[str]:
    spaced = re.sub(r"([a-z])([A-Z])", r"\1 \2", str(name)).lower()
    return {t for t in _WORDS.split(spaced) if t}


#: a kind of value named by its noun ("the most capacity", "the total cost", "how much
#: time"), and the column-name words that hold it
_VALUE_NOUNS: list[tuple[re.Pattern[str], frozenset[str]]] = [
    (re.compile(r"\b(?:bandwidth|capacity|capacities|throughput)\b", re.IGNORECASE),
     frozenset({"bandwidth", "capacity", "cap", "throughput", "mbit", "mbits", "gbit", "gbits",
                "kbit", "mbps", "gbps", "kbps", "tbps", "width", "diameter", "bore", "lanes",
                "flow", "max"})),
    (re.compile(r"\b(?:cost|costs|price|prices|fares?|tolls?|fees?)\b", re.IGNORECASE),
     _KINDS["money"][1] | {"amount", "value", "paid"}),
]


def kind_mismatch(question: str, column: str) -> bool:
    """Whether the question names a kind of value ("the most capacity", "the total cost")
    that ``column``'s name does not hold: "which trail has the most capacity" on
    ``trail_hrs`` is no question about hours.

        >>> kind_mismatch("which trail has the most capacity?", "trail_hrs")
        True
        >>> kind_mismatch("which link has the most bandwidth?", "uplink_mbit")
        False
    """
    words = _tokens(column)
    return any(said.search(question) and not words & held for said, held in _VALUE_NOUNS)


#: a unit a column's name carries beside its noun (``line_km``, ``pipe_length_m``)
_UNITS = _KINDS["length"][1] | _KINDS["time"][1] | _KINDS["money"][1] | frozenset({
    "t", "tonnes", "tons", "kg", "kw", "mw", "gw", "kv", "kwh", "mwh", "mbps", "gbps", "mbit"})


def edge_nouns(column: str) -> set[str]:
    """The words naming the edges in a column's name that carries a unit beside them:
    ``line_km`` -> {"line"}; none where no unit is named (``tonnes``, ``shared_shifts``)."""
    words = _tokens(column)
    units = words & _UNITS
    return {w for w in words - units if len(w) >= 3 and w not in _GENERIC} if units else set()


def counts_the_edges(question: str, column: str) -> bool:
    """Whether the question counts the edges by the noun a unit-bearing column's name gives
    them: "how many power lines" on ``line_km`` is a count of lines, not kilometres (no
    word of the column's unit or kind is said).

        >>> counts_the_edges("On average, how many power lines does a substation have?", "line_km")
        True
        >>> counts_the_edges("how many km of line are there?", "line_km")
        False
        >>> counts_the_edges("how many tonnes in total?", "tonnes")
        False
    """
    units = _tokens(column) & _UNITS
    nouns = sorted(edge_nouns(column))
    if not nouns:
        return False
    kinds = [said for said, held in _KINDS.values() if held & units]
    if any(said.search(question) for said in kinds) or any(
            re.search(rf"\b{re.escape(u)}\b", question, re.IGNORECASE) for u in units):
        return False
    noun = "|".join(re.escape(n[:-1] if n.endswith("s") else n) for n in nouns)
    return bool(re.search(rf"\b(?:how many|number of|count(?: the| all)?)\s+(?:[a-z-]+\s+)?"
                          rf"(?:{noun})s\b",
                          question, re.IGNORECASE))


def value_noun_column(question: str, columns: list[str]) -> str | None:
    """The one column holding the kind of value the question names by its noun ("the
    biggest capacity" on ``flow_cap``), else None.

        >>> value_noun_column("which pipe has the biggest capacity?", ["flow_cap", "len_km"])
        'flow_cap'
    """
    for said, held in _VALUE_NOUNS:
        if said.search(question):
            holders = [c for c in columns if _tokens(c) & held]
            return holders[0] if len(holders) == 1 else None
    return None


#: a word naming the graph itself or its table: "the trade network", "the main freight graph",
#: "the trade data", "the latency table" (a column's word there names the whole graph, not
#: that column); and the relation's own name for a node's neighbours: "Germany's trade
#: partners", "the shipping partners of Kiel"
_GRAPH_NAME = re.compile(r"\b[a-z][\w-]*\s+(?=(?:network|graph|web|grid|data|dataset|table|"
                         r"map|system|sheet|records|file|partner|neighbou?r)s?\b)", re.IGNORECASE)


def without_graph_name(question: str) -> str:
    """``question`` without the words that name the graph: "the diameter of the trade network
    in hops" -> "the diameter of the network in hops" (its words still ask for hops)."""
    return _GRAPH_NAME.sub("", question)


#: two-letter units a column's name holds and a question says ("total km", "in kt")
_SHORT_UNITS = frozenset({"km", "mi", "ms", "kg", "kt", "mw", "kw", "gb", "mb", "hr", "ft"})


#: a unit a column's name abbreviates, as a question spells it out
_UNIT_WORDS = {"kt": r"kilo-?tonnes?|kilo-?tons?", "km": r"kilomet(?:re|er)s?", "mi": r"miles?",
               "mw": r"mega-?watts?", "kw": r"kilo-?watts?", "kg": r"kilo(?:gram)?s?",
               "ms": r"milli-?seconds?", "hr": r"hours?", "hrs": r"hours?", "min": r"minutes?",
               "mins": r"minutes?", "sec": r"seconds?", "secs": r"seconds?", "eur": r"euros?",
               "usd": r"dollars?", "gbp": r"pounds?", "ft": r"feet|foot", "gb": r"gigabytes?",
               "mb": r"megabytes?", "pct": r"percent(?:age)?", "ml": r"mega-?lit(?:re|er)s?",
               "mwh": r"megawatt[- ]?hours?", "kwh": r"kilowatt[- ]?hours?", "gal": r"gallons?",
               "m": r"met(?:re|er)s?", "l": r"lit(?:re|er)s?"}
#: a unit a column's name spells out, as a question abbreviates it ("ML" on ``megalitres``;
#: never "min" for ``minutes``: that is a minimum)
_UNIT_SHORT = {"megalitres": "ml", "megaliters": "ml", "kilometres": "km", "kilometers": "km",
               "kilograms": "kg", "minutes": "mins", "hours": "hrs", "seconds": "secs",
               "miles": "mi", "megawatts": "mw", "kilowatts": "kw", "gallons": "gal",
               "milliseconds": "ms", "gigabytes": "gb", "megabytes": "mb"}


def unit_spellings(word: str, last: bool = False) -> list[str]:
    """The other spellings of a unit word of a column's name, as regexes: "megalitres" ->
    "ml"; "km" -> "kilometres"; a one-letter unit only as the name's last word (the ``m`` of
    ``length_m``, never a stray letter).

        >>> unit_spellings("megalitres"), unit_spellings("km"), unit_spellings("m", last=True)
        (['ml'], ['kilomet(?:re|er)s?'], ['met(?:re|er)s?'])
    """
    word = word.lower()
    out = [_UNIT_SHORT[w] for w in (word, word + "s") if w in _UNIT_SHORT][:1]
    if word in _UNIT_WORDS and (len(word) > 1 or last):
        out.append(_UNIT_WORDS[word])
    return out


def _named(question: str, columns: list[str]) -> list[str]:
    """Columns the question names: the whole name ('fare_eur') or a word of it of three
    letters or more that no other column shares ('fare', 'duration'); a word naming the graph
    ("the trade network") names no column."""
    low = without_graph_name(question).lower()
    words = set(_WORDS.split(low))
    # a column's name at a word's start ("weighted" names ``weight``), a short one whole:
    # never inside a word ("n" in "many", "weight" in "unweighted")
    joined = low.replace(" ", "_")
    found = [c for c in columns if c.lower() in words or re.search(
        rf"(?<![a-z0-9]){re.escape(c.lower())}{'(?![a-z0-9])' if len(c) < 4 else ''}", joined)]
    if found:
        return found
    out = []
    for c in columns:
        own = {t for t in _tokens(c) if len(t) >= 3 or t in _SHORT_UNITS} - set().union(
            *(_tokens(o) for o in columns if o != c))
        toks = [t for t in _WORDS.split(re.sub(r"([a-z])([A-Z])", r"\1 \2", c).lower()) if t]
        spelled = [a for i, t in enumerate(toks) if t in own or len(t) == 1
                   for a in unit_spellings(t, last=i == len(toks) - 1)]
        if own & words or any(re.search(rf"\b(?:{a})\b", low) for a in spelled):
            out.append(c)  # "how many kilotonnes" names ``kt``
    return out


def named_weight(question: str, meaning: dict[str, Any]) -> str | None:
    """The one numeric edge column the question names ("miles of trail", "by tonnes"),
    else None."""
    named = _named(question, list(meaning.get("weights") or {}))
    return named[0] if len(named) == 1 else None


#: an explicit request to weight an analysis, and the words that follow it: "weighted by
#: amount", "using the volumes", "with trade as the weight", "taking the tonnage into account"
_WEIGHTING = re.compile(
    r"\b(?:weighted|weighting|weigh(?:t|ts)?(?: it| them)?)\s+(?:by|on|with|using|according to)\s+"
    r"(?:the\s+|their\s+|its\s+|edge\s+)?(\w+(?:\s+\w+)?)|"
    r"\b(?:using|with|by|taking)\s+(?:the\s+|their\s+|its\s+|edge\s+)?(\w+(?:\s+\w+)?)"
    r"(?:\s+(?:values?|columns?))?\s+(?:as\s+(?:the\s+|edge\s+)?weights?|into account)\b|"
    r"\busing\s+(?:the\s+|their\s+|its\s+)(\w+)\b|\bby\s+(\w+)\s*(?:[)?.!,;-]|$)|"
    # "community detection on the approvals": a partition of the column's edges, by their values
    r"\b(?:detection|communit(?:y|ies)|clusters?|clustering|partition(?:ing)?)\s+(?:on|of|over|"
    r"from)\s+(?:the\s+|their\s+)?(\w+)\b",
    re.IGNORECASE)
#: the edges' magnitude without a column's name: "using the volumes", "weighted by value"
_MAGNITUDE = re.compile(r"\b(?:volumes?|amounts?|values?|weights?|strengths?|quantit(?:y|ies))\b",
                        re.IGNORECASE)


def weighting_asked(question: str, meaning: dict[str, Any]) -> str | None:
    """The numeric edge column a question explicitly asks an analysis to be weighted by
    ("run pagerank weighted by amount", "communities using the volumes", "betweenness by
    tonnes"): the column its words name, else — for the edges' magnitude ("the volumes") or
    "weighted" alone — the default weight or the only numeric edge column; None when the
    question asks for no weighting, or its words name no one column."""
    columns = list(meaning.get("weights") or {})
    if not columns:
        return None
    for m in _WEIGHTING.finditer(question):
        said = next(g for g in m.groups() if g)
        named = _named(said, columns)
        if len(named) == 1:
            return named[0]
        if not named and m.lastindex != 4 and _MAGNITUDE.search(said):  # not "by size"
            return _the_weight(meaning, columns)
    if re.search(r"\bweighted\b(?!\s+(?:by|on|with|using))", question, re.IGNORECASE):
        return _the_weight(meaning, columns)  # "run a weighted pagerank"
    return None


def _the_weight(meaning: dict[str, Any], columns: list[str]) -> str | None:
    default = meaning.get("default_weight")
    if default in columns:
        return str(default)
    return columns[0] if len(columns) == 1 else None


#: how long a trip is ("how long is the shortest trip from A to B"): its length, not a time
#: ("how long does it take") nor a path's hop count ("how long is the shortest path")
_HOW_LONG_TRIP = (r"\bhow long (?:is|would be|will be)\s+(?:the\s+|a\s+|that\s+)?(?:\w+est\s+)?"
                  r"(?:trip|route|journey|drive|ride|walk|hike|way|road)\b|"
                  # "… with the least total length, how long would that be": a length (not
                  # "how long would it take")
                  r"\bhow long (?:would|will|is) (?:that|it|this|they|those) (?:be|all be|come to)\b")
#: a trip measured by its extreme ("the shortest drive from city26", "the longest hike"): the
#: length of the roads it takes (not a "walk" or "trip", a path's words too)
_SHORTEST_TRIP = (r"\b(?:shortest|longest)\s+(?:drive|ride|hike|cycle|drives|rides|hikes|road\s+trips?|"
                  r"road\s+journeys?)\b|"
                  # "which city is closest to city26 by road": the roads' lengths
                  r"\b(?:closest|nearest|farthest|furthest)\b.{0,40}\bby\s+(?:road|car|driving)\b")
#: a length said of the edges themselves: "the road length", "by actual road lengths", "the
#: length of every road", "a length of 3 or less", "the road distance", "in km"; never a
#: path's length in hops ("the path length", "the length of the shortest path", "the
#: distance between A and B", "the average distance")
_EDGE_LENGTH = re.compile(
    r"(?<!\bpath )(?<!\bchain )\blengths?\b(?!\s+of\s+(?:the\s+|a\s+)?(?:(?:shortest|longest)\s+)?"
    r"(?:path|chain|route)\b)|"
    r"\b(?!(?:the|a|an|its|their|his|her|shortest|average|mean|typical|greatest|largest|"
    r"longest|smallest|biggest|maximum|minimum|max|min|graph|network|hop|geodesic|pairwise|"
    r"what|which|same|of|in|by|and|is|any|median|expected|social|whose|this|that)\b)"
    r"[a-z]+\s+distances?\b|"
    r"\bkms?\b|\bkilomet(?:er|re)s?\b|\bmiles?\b|\bmet(?:er|re)s\b|" + _SHORTEST_TRIP + "|" +
    _HOW_LONG_TRIP + "|"
    # "how far is it from city0 by road": a way of travelling measures the ground covered
    r"\bhow\s+far\b[^?.;]*\bby\s+(?:road|rail|car|train|bike|foot|cable|pipe|sea|trail|"
    r"track|boat|ferry)\b",
    re.IGNORECASE)
#: an edge's length by its extreme: "which road is the longest", "the shortest single trail"
_LONGEST = re.compile(r"\b(?:longest|shortest|longer|shorter)\b(?!\s+(?:paths?|routes?|ways?|"
                      r"trips?|chains?|journeys?)\b)", re.IGNORECASE)
#: hops said outright (not "how many hours does it take", which _HOPS reads as a count)
_HOP_WORDS = re.compile(r"\bhops?\b|\bsteps?\b|\bstops\b|\bfewest\b", re.IGNORECASE)
#: a unit of time or money named: a route asked in it needs a column holding it
_UNIT_SAID = re.compile(r"\b(?:hours?|hrs?|minutes?|mins?|seconds?|secs?|days?|euros?|"
                        r"dollars?|pounds)\b|[€$]", re.IGNORECASE)


def unknown_as_length(question: str, meaning: dict[str, Any]) -> str | None:
    """The graph's one numeric edge column, read as a length where the question says a length
    of the edges ("the shortest road distance", "by road length") and nothing records what
    the column holds (a plain ``weight``, of a graph object or a table: its role is only
    guessed from the name); else None.

        >>> m = {"weights": {"weight": "strength"}, "default_weight": None}
        >>> unknown_as_length("Shortest road distance between a and b?", m)
        'weight'
        >>> unknown_as_length("What is the distance between a and b?", m) is None
        True
        >>> unknown_as_length("How far is it from city0 by road?", m)
        'weight'
        >>> unknown_as_length("the average shortest path length", m) is None
        True
    """
    column = plain_weight(meaning)
    return column if column and _EDGE_LENGTH.search(question) else None


def plain_weight(meaning: dict[str, Any]) -> str | None:
    """The graph's one numeric edge column when its name says nothing of what it holds (a
    plain ``weight``, not read as a distance), else None."""
    roles = meaning.get("weights") or {}
    if len(roles) != 1:
        return None
    column = next(iter(roles))
    if roles[column] == "distance" or not _tokens(column) <= _GENERIC or \
            meaning.get("default_weight") not in (None, column):
        return None
    return column


def length_note(question: str, meaning: dict[str, Any], column: str) -> str:
    """"Taking `weight` as the road length." where the route or measure reads a column of
    unknown role as the length the question says, else ""."""
    if unknown_as_length(question, meaning) != column and not (
            plain_weight(meaning) == column and _LONGEST.search(question)):
        return ""
    m = (re.search(r"\b(?!(?:the|a|an|total|actual|shortest|real|of|by|in|its|their|ignore)\b)"
                   r"([a-z]+)\s+(?:lengths?|distances?)\b", question, re.IGNORECASE)
         # "the length of every road", "roads that have a length of 3"
         or re.search(r"\blengths?\s+of\s+(?:every|each|all|the|a)\s+(?:the\s+)?([a-z]+?)s?\b|"
                      r"\b([a-z]+?)s?\s+(?:that\s+|which\s+)?(?:have|has|with)\s+(?:a\s+)?"
                      r"lengths?\b", question, re.IGNORECASE))
    word = next((g for g in m.groups() if g), "") if m else ""
    noun = f"{word.lower()} length" if word else "length of each edge"
    return (f" Taking `{column}` as the {noun} (the data does not record what `{column}` "
            f"holds).")


def as_length_args(question: str, meaning: dict[str, Any], column: str | None) -> dict[str, Any]:
    """``{"weight_means": "distance"}`` where ``column`` is read as a length the question says
    but the graph guesses a strength from its name (else it would be taken as 1/x)."""
    if column and unknown_as_length(question, meaning) == column:
        return {"weight_means": "distance"}
    return {}


#: a measure set aside: "ignoring travel times", "regardless of the km", "never mind distance"
_IGNORING = re.compile(r"\b(?:ignor(?:e|ing)|disregard(?:ing)?|regardless\s+of|irrespective\s+of|"
                       r"never\s+mind|forget(?:ting)?(?:\s+about)?|not\s+(?:counting|by|in)|"
                       r"without\s+(?:regard\s+to|considering|counting|looking\s+at))\s+"
                       r"((?:the\s+|any\s+|all\s+|their\s+|its\s+)?(?:[\w-]+\s+){0,2}[\w-]+)",
                       re.IGNORECASE)


def _ignored_measure(question: str, columns: list[str]) -> bool:
    """Whether the question sets the edges' measure aside, by its kind or its column:
    "ignoring travel times", "regardless of km" (not "ignoring direction")."""
    for m in _IGNORING.finditer(question):
        said = m.group(1)
        one = re.sub(r"(?<=[a-z]{3})s\b", "", said)  # "travel times" as "travel time"
        if any(rx.search(said) or rx.search(one) for rx, _ in _KINDS.values()) or \
                _named(said, columns) or _named(one, columns):
            return True
    return False


#: the graph's own figures a column's name may share: "diameter" of a pipe, "radius" of a cell
_GRAPH_FIGURES = frozenset({"diameter", "radius", "eccentricity"})


def asked_weight(question: str, meaning: dict[str, Any]) -> Choice:
    """The edge column a route question asks to be measured in (see the module docstring)."""
    roles: dict[str, Any] = dict(meaning.get("weights") or {})
    if not roles:
        return Choice(None, "none")
    columns = list(roles)
    if _ignored_measure(question, columns):  # "ignoring travel times, the most road legs"
        return Choice(None, "hops")
    named = _named(question, columns)
    if len(named) == 1 and roles.get(named[0]) == "strength" and _HOPS.search(question) and \
            not re.search(rf"\b{re.escape(named[0])}\b", question, re.IGNORECASE):
        # "fewest steps from lemons to basil through items bought together": the relation
        # named, counted in steps; a strength is no length to add up
        return Choice(None, "hops")
    if len(named) == 1 and _tokens(named[0]) & _GRAPH_FIGURES and not re.search(
            rf"\b{re.escape(named[0])}\b", question, re.IGNORECASE):
        # "what is the diameter" beside ``diameter_mm``: the graph's figure or the column's
        # values, never the pipes' widths added up as a path length
        return Choice(None, "ambiguous")
    if len(named) == 1:
        return Choice(named[0], "named")
    kinds = [k for k, (rx, _) in _KINDS.items() if rx.search(question)]
    for kind in kinds:
        holders = [c for c in columns if _tokens(c) & _KINDS[kind][1]]
        if len(holders) == 1:
            return Choice(holders[0], kind)
        if len(holders) > 1:
            return Choice(None, "ambiguous")
    default = meaning.get("default_weight")
    if "money" in kinds and default in roles and not _tokens(str(default)) & _GENERIC:
        return Choice(None, "ambiguous")  # "the cheapest ticket" where the edges carry minutes
    if _UNIT_SAID.search(question) and set(kinds) & {"money", "time"} and \
            not _HOP_WORDS.search(question):
        return Choice(None, "ambiguous")  # "how many hours does it take": no column holds a time
    if _HOPS.search(question):
        return Choice(None, "hops")
    said = set(kinds) - ({"time"} if (re.search(_HOW_LONG_TRIP, question, re.IGNORECASE) or
                                      "length" in kinds) and not  # "least total length, how long"
                         _KINDS["time"][0].search(re.sub(r"\bhow long\b", "", question, flags=re.IGNORECASE)) else set())
    if not said - {"length"} and (unknown := unknown_as_length(question, meaning)):
        return Choice(unknown, "length")  # "the road distance" on a graph object's `weight`
    if default in roles and len(columns) > 1 and not kinds and _unnamed_measure(question):
        return Choice(None, "ambiguous")  # "the least climbing route": which column is that?
    if default in roles and (roles[default] != "strength" or _AS_WEIGHT.search(question)
                             or (kinds and _tokens(default) & _GENERIC)):
        return Choice(default, "default")  # ("the cheapest way" on a plain `weight`: its cost)
    if default in roles:  # "the shortest route" on a capacity or a count: no length to add up
        return Choice(None, "none")
    if not (kinds or _ROUTE.search(question)):
        return Choice(None, "none")
    distances = [c for c, r in roles.items() if r == "distance"]
    if distances and set(kinds) - {"length"}:
        return Choice(None, "ambiguous")  # money or time asked, and no column holds it
    if len(distances) == 1:
        return Choice(distances[0], "only")
    # several distances: which? none (only strengths): a route in hops, which says so
    return Choice(None, "ambiguous" if distances else "none")


#: a column that says nothing of what it holds, and the words that make it a cost
_GENERIC = frozenset({"weight", "weights", "w", "value", "val"})
_AS_COST = re.compile(r"^(?!.*\bstrength)(?:.*\bcheap(?:est|er)?\b|.*\bcosts?\b|.*\b(?:using|by|over)\s+"
                      r"(?:the\s+)?(?:edge\s+)?weights?\b)",
                      re.IGNORECASE)


def plain_weight_as_cost(question: str, column: str) -> bool:
    """Whether a route question asks a column named only ``weight`` (read as a strength
    elsewhere) to be added up as a cost: "the cheapest path using the edge weights".

        >>> plain_weight_as_cost("cheapest path from a to b", "weight")
        True
        >>> plain_weight_as_cost("cheapest path from a to b", "trust"), plain_weight_as_cost(
        ...     "cheapest path by tie strength", "weight")
        (False, False)
    """
    return column.lower() in _GENERIC and _AS_COST.search(question) is not None


def ask_which(meaning: dict[str, Any], question: str = "") -> str:
    """The question the planner asks when a route's measure is ambiguous (or asked in a unit,
    "how many hours", that no column holds)."""
    cols = list(meaning.get("weights") or {})
    if not cols:
        return ("Measured in which edge value? This graph's edges carry no numeric value, so a "
                "route can only be counted in hops: ask for 'the fewest hops'.")
    listed = ", ".join(f"`{c}`" for c in cols)
    unit = _UNIT_SAID.search(question)
    if unit and not any(_tokens(c) & (_KINDS["time"][1] | _KINDS["money"][1]) for c in cols):
        return (f"No edge value here is in {unit.group(0).lower()}: this graph has {listed}. I "
                f"can find the route with the lowest total {cols[0]}, or the one with the "
                f"fewest hops — which do you want?")
    return (f"Measured in which edge value? This graph has {listed}; say e.g. "
            f"'the route with the lowest total {cols[0]}', or 'the fewest hops'.")


def fewest_hops_total(typed: str, meaning: dict[str, Any]) -> str | None:
    """The edge column to total along the fewest-hop route when the question asks both ("the
    route with the fewest segments. How many km is that route?"); "" when it asks a length
    along that route and no one column is it; None when it does not ask one (``typed``: the
    question as typed, whose route words may be in a sentence the planner reads past).

        >>> fewest_hops_total("fewest segments from A to B - how many km?",
        ...                   {"weights": {"km": "distance"}})
        'km'
    """
    roles = meaning.get("weights") or {}
    if not (_FEWEST_HOPS.search(typed) and roles and re.search(
            r"\bhow\s+(?:many|much|long|far)\s+(?!hops|segments|legs|stops|steps|changes)\w+|"
            r"(?<!the )(?<!ignore )(?<!ignoring )\b(?:km|miles?|minutes?|mins|hours?)\b", typed,
            re.IGNORECASE) and not re.search(r"\bhow\s+many\s+(?:hops|segments|legs|stops|steps|"
                                            r"changes)\b|\bignor\w*\s+(?:the\s+)?\w+", typed,
                                            re.IGNORECASE)):
        return None
    column = asked_weight(typed, meaning).column
    lengths = [c for c, role in roles.items() if role == "distance"]
    if column is None and len(lengths) == 1:
        column = lengths[0]
    return column if column and roles.get(column) == "distance" else ""


#: the route counted in its edges: "the route with the fewest segments", "fewest stops"
_FEWEST_HOPS = re.compile(r"\b(?:fewest|least|minimum|smallest\s+number\s+of)\s+(?:number\s+of\s+)?"
                          r"(?:hops|segments|legs|stops|steps|changes|junctions|transfers|edges)\b",
                          re.IGNORECASE)
