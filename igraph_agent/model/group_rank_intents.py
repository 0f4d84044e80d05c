"""Offline-planner intent: groups of a node attribute ranked by their own edges
("which division has the most internal ties", "which party is the most isolated", "average
degree per country", "which team has the highest average degree").

All from one ``group_analysis`` call: per group its edges within (``within_edges``), its
edges to other groups (``edges_to_other_groups``) and its members' mean degree. "Most
isolated" is the group with the fewest edges to others; when the fewest by count and the
smallest share of the group's edges disagree, the planner asks which is meant rather than
pick one. ``intents.py`` registers it.

Example::

    >>> _kind("which division has the most internal ties?"), _kind("average degree per nation")
    ('within', 'mean_degree')
    >>> _kind("which party is the most isolated"), _kind("who is the most isolated?")
    ('isolated', 'isolated')
"""

from __future__ import annotations

import re
from typing import Any

from igraph_agent.figures import shown
from igraph_agent.model.group_intents import cut_short, rows_only
from igraph_agent.model.planstate import Call, Observed, PlanState
from igraph_agent.model.registry import Intent, t
from igraph_agent.model.vocabulary import groupings, values_named_in_order
from igraph_agent.model.weights import named_weight

_TIES = (r"(?:ties|edges|links|connections|friendships|relationships|contacts|interactions|"
         r"collaborations|pairs)")
#: a group's edges among its own members: "the most internal ties", "ties within itself"
_WITHIN = re.compile(
    rf"\b(?:internal|in-?group|intra-?\w*)\s+(?:\w+\s+)?(?:{_TIES}|[a-z]+s)\b|"
    rf"\b{_TIES}\s+(?:(?:that|which)\s+(?:\w+\s+)?(?:stay|stays|remain|remains|are|lie|fall|"
    r"sit|run|go)\s+)?(?:with)?in(?:side)?\s+(?:itself|themselves|it|them|the\s+(?:same\s+)?\w+|"
    r"its\s+own|their\s+own|one\s+\w+)\b|"
    # "shares the most shifts among its own members": the data's noun among its own
    r"\b[a-z]{3,}s\s+(?:among|amongst|between|with)\s+(?:its|their)\s+own\s+(?:members|"
    r"people|\w+s)\b|"
    # "keeps the most referrals inside its own region": the data's own noun for an edge
    r"\b[a-z]{3,}s\s+(?:with)?in(?:side)?\s+(?:itself|themselves|its\s+own|their\s+own)\b|"
    # "sends the most messages internally, i.e. within itself", "to its own members"
    r"\b[a-z]{3,}s\s+internally\b|\b(?:with)?in(?:side)?\s+(?:itself|themselves)\b|"
    r"\b[a-z]{3,}s\s+to\s+(?:its|their)\s+own\s+(?:members|people|\w+s)\b|"
    # "which department emails itself the most", "messages kept inside the same department"
    r"^\s*(?:which|what)\s+\w+\s+[a-z]+s\s+(?:itself|themselves)\b|"
    r"\b(?:with)?in(?:side)?\s+the\s+same\s+[a-z]+\b|"
    # "the most links where both people are on that same team", "both ends in the same one"
    r"\b(?:where|with|when|whose)\s+both\s+(?:[a-z]+\s+)?(?:are|is|sit|belong|lie)\s+(?:on|in|to|from)\s+"
    r"(?:the\s+|that\s+|this\s+)?same\s+[a-z]+\b",
    re.IGNORECASE)
#: "connected internally", "internally linked": the edges within
_INTERNALLY = re.compile(r"\b(?:connected|linked|tied|knit)\s+internally\b|\binternally\s+"
                         r"(?:connected|linked|tied)\b", re.IGNORECASE)
#: how dense a group is inside: its edges within over the pairs it could have
_DENSITY = re.compile(r"\bdens(?:er|est|ity)\b|\btight(?:er|est|ly)?[- ]knit\b|\bmost cohesive\b|"
                      r"\bmore cohesive\b", re.IGNORECASE)
#: two named groups compared by size: "is Finance bigger than Tech", "more people than"
_BIGGER = re.compile(r"\b(?:bigger|larger|smaller)\b|\b(?:more|fewer|less)\s+(?:people|members|"
                     r"nodes|staff|employees|persons|entries)\b", re.IGNORECASE)
#: two named groups side by side on every figure: "compare Finance and Tech"
_COMPARE = re.compile(r"\bcompar|\bcontrast|\bdiffer|\bvs\.?\b|\bversus\b|\bside by side\b",
                      re.IGNORECASE)
#: "the average number of coworkers": a neighbour count when the word names the nodes
_MEAN_OF = re.compile(r"\b(?:average|mean|typical)\s+(?:number|count)\s+of\s+([a-z]+)",
                      re.IGNORECASE)
_NEIGHBOURS = {"neighbours", "neighbors", "friends", "partners", "contacts", "peers",
               "connections", "ties", "links", "edges", "colleagues", "coworkers", "co-workers"}
#: the least tied to the other groups
_ISOLATED = re.compile(r"\b(?:most|least)\s+(?:isolated|insular|cut off|self-contained|"
                       r"closed off|connected to (?:the )?other)", re.IGNORECASE)
#: each group's mean degree: "average degree per country", "mean number of ties by team"
_MEAN = re.compile(rf"\b(?:average|mean)\s+(?:degree|number of\s+{_TIES}|{_TIES}(?:\s+count)?|"
                   r"connectedness)\b|"
                   # "which type of site averages the most pipe connections", "the most
                   # links on average"
                   rf"\baverages?\s+(?:the\s+)?(?:most|fewest|least|highest|lowest)\s+(?:[a-z]+\s+)?"
                   rf"{_TIES}\b|\b(?:most|fewest|least)\s+(?:[a-z]+\s+)?{_TIES}\s+on\s+average\b",
                   re.IGNORECASE)
_MOST = re.compile(r"\b(?:most|highest|largest|biggest|greatest|best)\b", re.IGNORECASE)
_LEAST = re.compile(r"\b(?:fewest|least|lowest|smallest)\b", re.IGNORECASE)


#: the density in plain words: "of all the pairs within a row, what share actually border
#: each other"
_PAIRS_SHARE = re.compile(r"\b(?:share|fraction|proportion|percentage|percent)\b[^?.]*\bpairs\b|"
                          r"\bpairs\b[^?.]*\b(?:share|fraction|proportion|percentage|percent)\b",
                          re.IGNORECASE)


def _kind(q: str) -> str | None:
    if _PAIRS_SHARE.search(q):
        return "density"
    across = re.search(r"\b(?:across|cross(?:es|ing)?)\b", q, re.IGNORECASE) and not re.search(
        r"\b(?:within|inside|internal\w*|in-?group|intra\w*|own)\b", q, re.IGNORECASE)
    if (_WITHIN.search(q) or _INTERNALLY.search(q)) and not across:
        # ("friendships in the karate club that go across the two factions": between them)
        return "within"
    if _DENSITY.search(q):
        return "density"
    if _ISOLATED.search(q) and not re.search(r"\bleast isolated\b|\bmost connected to\b", q,
                                             re.IGNORECASE):
        return "isolated"
    if _MEAN.search(q):
        return "mean_degree"
    return None


def _asked(st: PlanState) -> str:
    return str(st.context.get("asked") or st.question)


def _meaning(st: PlanState) -> dict[str, Any]:
    info = st.last_ok("get_graph_info")
    return dict((info.data.get("meaning") or {}) if info else {})


def _attr(st: PlanState) -> str | None:
    """The grouping the question names by its column (a group word after which/per/by/each
    …), never one of its values: "who in Legal" is a filter, not a ranking of groups."""
    q = _asked(st)
    for attr in groupings(_meaning(st)):
        stem = re.escape(attr.lower().replace("_", " ")).replace(r"\ ", "[ _]")  # (site_type)
        plural = rf"{stem}(?:s|es)?" if not stem.endswith("y") else rf"(?:{stem}|{stem[:-1]}ies)"
        parts = attr.lower().split("_")
        if len(parts) == 2 and parts[1] in ("type", "kind", "category", "class"):
            # "which type of site" on ``site_type``
            plural = rf"(?:{plural}|(?:{parts[1]}s?|sorts?)\s+of\s+{re.escape(parts[0])}s?)"
        if re.search(rf"\b(?:which|what|each|every|per|by|across|among|between)\s+(?:\w+\s+)?"
                     rf"{plural}\b|^\s*{plural}\b", q, re.IGNORECASE):
            return attr
    return None


def _mean_of_nodes(st: PlanState) -> bool:
    """"The average number of coworkers per division" where coworkers are the nodes (an
    endpoint column's word) or a word for neighbours: each group's mean degree."""
    from igraph_agent.model.vocabulary import data_nouns, singular

    m = _MEAN_OF.search(_asked(st))
    if not m:
        return False
    word = m.group(1).lower()
    info = st.last_ok("get_graph_info")
    nouns = set(data_nouns(dict(info.data) if info else {}))
    return word in _NEIGHBOURS or singular(word) in nouns


def _inside_the_group(st: PlanState) -> str | None:
    """"which crew has the most shared_shifts inside the crew": the data's noun inside the
    grouping the question ranks (its own word, never any place: "inside the city")."""
    attr = _attr(st)
    if attr is None:
        return None
    stem = re.escape(attr.lower().replace("_", " "))
    return "within" if re.search(rf"\b[a-z_]{{2,}}s\s+(?:with)?in(?:side)?\s+(?:the|its|their)\s+"
                                 rf"(?:same\s+|own\s+)?{stem}\b", _asked(st), re.IGNORECASE) else None


def _two_named(st: PlanState) -> tuple[str, list[str]] | None:
    """The grouping exactly two of whose values the question names, and those values in order."""
    if re.search(r"\b(?:vs\.?|versus)\s[^?]*\b(?:vs\.?|versus)\s", _asked(st), re.IGNORECASE):
        return None  # "Station vs reservoir vs district": three, never the two that resolve
    modes = _meaning(st).get("modes") or {}
    sided = modes.get("attribute") if modes.get("by") == "attribute" else None
    attr, values = values_named_in_order(_asked(st), {a: v for a, v in groupings(
        _meaning(st)).items() if a != sided})  # ("which sailor … at a regatta": the sides)
    return (attr, values) if attr and len(values) == 2 else None


#: one named group's own edges: "how many ties between members of the legal team", "links
#: among Sales staff", "edges inside Finance"
_AMONG = re.compile(rf"\b{_TIES}\b.*\b(?:between|among|amongst|within|inside)\b|\binternal\s+"
                    rf"(?:\w+\s+)?{_TIES}|\b(?:among|amongst|between) (?:them|themselves)\b|"
                    # "how many passes did the midfielders play to each other"
                    r"\b(?:to|with)\s+(?:each\s+other|one\s+another)\b",
                    re.IGNORECASE)


def within_one_group(st: PlanState) -> bool:
    """Whether the question counts one named group's edges (or their value) within it:
    "how many passes did the midfielders play to each other" (no pair linked both ways)."""
    found = _found(st)
    return bool(found) and found[0] in {"one", "one_sum"}


def _one_group(st: PlanState) -> tuple[str, str] | None:
    """(attribute, value) of a count of one named group's edges within."""
    from igraph_agent.model import slots
    from igraph_agent.model.structure_intents import where_of

    q = _asked(st)
    if slots.asked_kind(q) != "count" or not _AMONG.search(q) or _two_named(st):
        return None
    from igraph_agent.model.vocabulary import abbreviated_value

    groups = groupings(_meaning(st))
    found = where_of(st) or abbreviated_value(q, groups)  # "the midfielders": MID
    return found if found and found[0] in groups else None


#: the grouping's one mixing figure asked: "something between -1 and 1", "a coefficient"
_ONE_FIGURE = re.compile(r"(?:between|from)\s+(?:minus\s+|-|−)1\s+(?:and|to)\s+\+?1\b|"
                         r"\bassortativ|\bhomophil", re.IGNORECASE)


def _found(st: PlanState) -> tuple[str, str, list[str]] | None:
    """(kind, attribute, the two values compared or none; for ``one``, the one value)."""
    q = _asked(st)
    if _ONE_FIGURE.search(q) or _ONE_FIGURE.search(str(st.context.get("typed") or "")):
        return None  # "a single number for that (between -1 and 1)": the mixing coefficient
    one = _one_group(st)
    if one and not named_weight(q, _meaning(st)):
        return "one", one[0], [one[1]]
    if one:  # "how many passes did the midfielders play to each other": the value's sum
        return "one_sum", one[0], [one[1]]
    kind = _kind(q) or ("mean_degree" if _mean_of_nodes(st) else None) or _inside_the_group(st)
    two = _two_named(st)
    if two and not kind and _BIGGER.search(q):
        kind = "size"
    if two and not kind and _COMPARE.search(q):
        kind = "profile"
    attr = two[0] if two and kind else (_attr(st) if kind else None)
    if kind == "within" and not two and attr and _summed_within(st):
        kind = "within_sum"  # "shares the most shifts among its own members": the value's sum
    elif not kind or not attr or named_weight(q, _meaning(st)):
        return None  # "the most internal meetings" on a meetings column: a sum, not a count
    if kind in {"size", "profile"} and not two:
        return None
    if not two and kind in {"within", "density"} and not re.search(
            r"\b(?:which|what)\b|\bper\b|\beach\b", q, re.IGNORECASE):
        return None
    return kind, attr, two[1] if two else []


def _summed_within(st: PlanState) -> str | None:
    """The edge column summed over each group's own edges, when the question names it ("the
    most shared_shifts inside the crew", "the most peals among its own members") or counts
    the things a ``count`` column counts; None for the edges themselves."""
    from igraph_agent.model.query_intents import count_column

    q = _asked(st)
    named = named_weight(q, _meaning(st))
    if named:
        return named
    m = re.search(r"\b(?:most|fewest|least)\s+(?:\w+\s+)?([a-z]{3,}s)\b", q, re.IGNORECASE) or \
        re.search(r"^\s*(?:which|what)\s+\w+\s+([a-z]{3,}s)\s+(?:itself|themselves)\b", q,
                  re.IGNORECASE)  # "which department emails itself the most": the emails
    if not m or re.fullmatch(_TIES, m.group(1), re.IGNORECASE):
        return None
    return count_column(st, m.group(1))


def _calls(st: PlanState) -> list[Call]:
    found = _found(st)
    if found and found[0] == "within_sum":
        return [Call("group_analysis", {"attribute": found[1], "top_k": 200,
                                        "weight": _summed_within(st)})]
    if found and found[0] == "one_sum":
        return [Call("group_analysis", {"attribute": found[1], "top_k": 50,
                                        "weight": named_weight(_asked(st), _meaning(st))})]
    return [Call("group_analysis", {"attribute": found[1], "top_k": 50})] if found else []


def _one_sum(d: dict, attr: str, value: str) -> str:
    """One named group's edge value summed over the edges between two of its members."""
    w = (d.get("weight_used") or {}).get("attribute") or "weight"
    row = next((r for r in d["groups"] if str(r.get("group")) == value), None)
    if row is None:
        return f"{attr} = {value} has no members in the loaded graph."
    within = next((r.get("weight", 0) for r in d["mixing"] if isinstance(r, dict)
                   and str(r["from"]) == value and str(r["to"]) == value), 0)
    return (f"**{shown(within)}** {w} on the edges within {attr} = {value} (between two of its "
            f"{row['size']} members; {row['within_edges']} such edges).")





def _within_sum(d: dict, attr: str, low: bool) -> str:
    """Each group ranked by its edge value summed over the edges between two of its members
    (every group, one with no such edge at 0)."""
    w = (d.get("weight_used") or {}).get("attribute") or "weight"
    if len(d["mixing"]) < (d.get("mixing_pairs") or 0):
        return (f"The {attr} mixing lists only its heaviest pairs here, so I cannot rank every "
                f"{attr} by the {w} within it.")
    inside = {str(r["from"]): r.get("weight", 0) for r in d["mixing"]
              if isinstance(r, dict) and r["from"] == r["to"]}
    rows = sorted(((str(r["group"]), inside.get(str(r["group"]), 0)) for r in d["groups"]
                   if r.get("group") is not None),
                  key=lambda gv: (gv[1] if low else -gv[1], gv[0]))
    if not rows:
        return "The graph has no grouping attribute I could use (see get_graph_info)."
    best = rows[0][1]
    top = [g for g, v in rows if v == best]
    listing = ", ".join(f"{g} ({shown(v)})" for g, v in rows[:10])
    lead = " and ".join(f"**{g}**" for g in top) + (" tie" if len(top) > 1 else
                                                     f" is the {attr}")
    return (f"{lead} with the {'least' if low else 'most'} {w} summed between its own members "
            f"(both ends in the {attr}): **{shown(best)}** (by {attr}: {listing}).")


def _share(row: dict) -> float:
    ties = row["within_edges"] + row["edges_to_other_groups"]
    return row["edges_to_other_groups"] / ties if ties else 0.0


def _clarify(st: PlanState) -> str | None:
    """"Most isolated" by count and by share naming different groups: ask which."""
    found = _found(st)
    d = rows_only(next((o.data for o in st.results if o.tool == "group_analysis" and o.ok), None))
    if not found or found[0] != "isolated" or found[2] or d is None:
        return None
    rows = [r for r in d["groups"] if r.get("group") is not None]
    if not rows:
        return None
    by_count = min(r["edges_to_other_groups"] for r in rows)
    by_share = min(_share(r) for r in rows)
    few = {str(r["group"]) for r in rows if r["edges_to_other_groups"] == by_count}
    low = {str(r["group"]) for r in rows if _share(r) == by_share}
    if few == low:
        return None
    return (f"'Most isolated' can mean the {found[1]} with the fewest edges to other groups "
            f"({', '.join(sorted(few))}) or the one whose edges go to other groups the least "
            f"as a share of its own ({', '.join(sorted(low))}). Which do you mean?")


def _tied(rows: list[dict], key: Any, best: Any) -> list[str]:
    return [str(r["group"]) for r in rows if key(r) == best]


def _render(st: PlanState, obs: list[Observed]) -> str:
    found = _found(st)
    d = rows_only(next((o.data for o in obs if o.tool == "group_analysis" and o.ok), None))
    if not found or d is None:
        return "The graph has no grouping attribute I could use (see get_graph_info)."
    kind, attr, two = found
    if kind == "one_sum":
        return _one_sum(d, attr, two[0])
    if kind == "within_sum":
        return _within_sum(d, attr, bool(_LEAST.search(_asked(st))) and not _MOST.search(
            _asked(st)))
    if d.get("cut"):
        return cut_short(d, attr)
    rows = [r for r in d["groups"] if r.get("group") is not None]
    q = _asked(st)
    low = bool(_LEAST.search(q) or re.search(r"\b(?:smaller|fewer|less)\b", q, re.IGNORECASE)
               ) and not _MOST.search(q)
    field, word, what = {
        "within": ("within_edges", "fewest" if low else "most", "edges within the group"),
        "isolated": ("edges_to_other_groups", "fewest", "edges to other groups"),
        "mean_degree": ("mean_degree", "lowest" if low else "highest", "mean degree"),
        "density": ("density", "lowest" if low else "highest",
                    "density inside (edges within over the pairs of members)"),
        "size": ("size", "fewest" if low else "most", "members"),
        "profile": ("size", "most", "members"),
        "one": ("within_edges", "most", "edges within the group"),
    }[kind]
    low = low or kind == "isolated"

    def key(r: dict) -> float:
        return float(r.get(field) or 0)

    if kind == "one":
        row = next((r for r in rows if str(r["group"]) == two[0]), None)
        if row is None:
            return f"{attr} = {two[0]} has no members in the loaded graph."
        return (f"**{row['within_edges']}** edges lie within {attr} = {two[0]} (between two of "
                f"its {row['size']} members; density inside {shown(row.get('density') or 0)}).")
    if kind == "profile":
        return _profile(rows, two, attr)
    if two:
        return _compared(rows, two, key, attr, what, low, q)

    ordered = sorted(rows, key=lambda r: (key(r) if low else -key(r), str(r["group"])))
    listing = ", ".join(f"{r['group']} ({shown(key(r))})" for r in ordered[:10])
    if kind == "mean_degree" and not re.search(r"\b(?:which|what)\b", q, re.IGNORECASE):
        return f"Mean degree per {attr}: {listing}."
    best = key(ordered[0])
    top = _tied(ordered, key, best)
    lead = (" and ".join(f"**{g}**" for g in top) + (" tie" if len(top) > 1 else " is the "
            f"{attr}") + f" with the {word} {what}: **{shown(best)}**")
    return f"{lead} (by {attr}: {listing})."


def _compared(rows: list[dict], two: list[str], key: Any, attr: str, what: str, low: bool,
              q: str) -> str:
    """Two named groups side by side; "is A bigger than B" answered yes or no."""
    from igraph_agent.model import slots

    by = {str(r["group"]): r for r in rows}
    a, b = (by.get(v) for v in two)
    if a is None or b is None:
        missing = two[0] if a is None else two[1]
        return f"{attr} = {missing} has no members in the loaded graph."
    both = f"{two[0]} {shown(key(a))}, {two[1]} {shown(key(b))}"
    if slots.asked_kind(q) == "yesno":
        yes = key(a) < key(b) if low else key(a) > key(b)
        tie = " (a tie)" if key(a) == key(b) else ""
        return f"**{'Yes' if yes else 'No'}**{tie} — {what} by {attr}: {both}."
    if key(a) == key(b):
        return f"**{two[0]}** and **{two[1]}** tie on {what}: {both}."
    win = min if low else max
    top = win((a, b), key=key)
    return f"**{top['group']}** — {what} by {attr}: {both}."


def _profile(rows: list[dict], two: list[str], attr: str) -> str:
    """Two named groups on every figure group_analysis gives."""
    by = {str(r["group"]): r for r in rows}
    if any(v not in by for v in two):
        return f"{attr} = {next(v for v in two if v not in by)} has no members in the loaded graph."
    a, b = by[two[0]], by[two[1]]
    parts = [(label, a.get(k), b.get(k)) for label, k in (
        ("members", "size"), ("edges within", "within_edges"), ("density inside", "density"),
        ("mean degree", "mean_degree"), ("edges to other groups", "edges_to_other_groups"))
        if a.get(k) is not None]
    figures = "; ".join(f"{label} {shown(x)} vs {shown(y)}" for label, x, y in parts)
    return f"**{two[0]}** vs **{two[1]}** ({attr}): {figures}."


def _bonus(st: PlanState) -> float:
    found = _found(st)
    if not found:
        return -10.0
    if found[0] in ("one", "within"):  # "how many yellow cards did the DEF group pick up
        from igraph_agent.model.size_nouns import counts_edges  # between them": no edges
        from igraph_agent.model.value_partner_intents import asked

        info = st.last_ok("get_graph_info")
        if not counts_edges(_asked(st), info.data if info else {}) or \
                asked(_asked(st), {"meaning": st.meaning()}):
            return -10.0  # "how many dishes do the sous chefs cook between them": the dishes
    return 4.5 if found[0] == "within_sum" else 4.0  # within the group: before its total


GROUP_RANK_INTENTS = [
    Intent("group_rank", t(0.5, _WITHIN.pattern, _ISOLATED.pattern, _MEAN.pattern,
                           _INTERNALLY.pattern, _DENSITY.pattern, _BIGGER.pattern,
                           _MEAN_OF.pattern, _COMPARE.pattern, _AMONG.pattern,
                           r"\b[a-z_]{2,}s\s+(?:with)?in(?:side)?\s+(?:the|its|their)\s+"
                           r"(?:same\s+|own\s+)?(?!(?:data|dataset|graph|network|table|file)\b)"
                           r"[a-z]+\b"), _calls,
           _render, "group_analysis: groups ranked by their edges within, to others, or "
           "their mean degree", group="groups", bonus=_bonus, clarify=_clarify,
           hint="groups ranked by their own edges",
           # "the legal team and the ties among themselves: how many separate clusters": the
           # pieces the group falls into, never its edges
           negatives=(re.compile(r"\bhow many (?:\w+ )?(?:clusters|chunks|pieces|components|"
                                 r"islands|parts|blobs|bits|fragments)\b", re.IGNORECASE),
                      # "on a vessel whose base is different from their own base": each
                      # member's partners compared with it, no group's edges
                      re.compile(r"\bwhose\s+\w+\s+(?:is|are|was|were)\s+(?:different|not\s+the\s+"
                                 r"same)\b|\b(?:different|differs?)\s+from\s+(?:their|its|his|her)\s+"
                                 r"own\b", re.IGNORECASE)),
           answers=frozenset({"node", "group", "list", "value", "yesno", "count"}),
           # "weight": one named group's edge value summed within it (else no kind is found)
           covers=frozenset({"group", "bottom", "filter", "weight"})),
]
