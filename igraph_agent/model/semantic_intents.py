"""Offline-planner intents that depend on what the data means (get_graph_info's
``meaning``): group questions (a department is a group, never one node), direction
questions (most cited, cycles, depth, reach) and two-mode questions (one side's ranking,
pairs that share neighbours). Registered in ``model/intents.py``.

A group intent only fires when the question names a grouping attribute or two of its
values that the loaded graph really has; a two-mode intent only when it names a side.

Example::

    >>> _values_in("Who bridges sales and HR?", {"department": ["Sales", "HR", "Ops"]})
    ('department', ['Sales', 'HR'])
"""

from __future__ import annotations

import re
from typing import Any

from igraph_agent.figures import shown
from igraph_agent.model import slots, structure_intents, topn
from igraph_agent.model.graph_intents import UNRESOLVED
from igraph_agent.model.group_intents import rows_only
from igraph_agent.model.planstate import Call, Observed, PlanState
from igraph_agent.model.registry import Intent, t
from igraph_agent.model.slots import BOTTOM, POSSIBLE_SHARE
from igraph_agent.model.vocabulary import (
    MEAN_ASKED,
    groupings,
    value_named,
    values_named_in_order,
)
from igraph_agent.model.weights import named_weight


def _meaning(st: PlanState) -> dict[str, Any]:
    info = st.last_ok("get_graph_info")
    return dict((info.data.get("meaning") or {}) if info else {})


def _word(text: str, q: str) -> bool:
    return re.search(rf"(?<![\w]){re.escape(text)}(?![\w])", q, re.IGNORECASE) is not None


def _attr_in(q: str, groups: dict[str, list[str]]) -> str | None:
    for attr in groups:
        for stem in dict.fromkeys((attr.lower().replace("_", " "), attr.lower())):
            # "pressure class" and the column as written, "pressure_class"
            if _word(stem, q) or _word(stem + "s", q) or (stem.endswith("y") and
                                                          _word(stem[:-1] + "ies", q)):
                return attr
    return None


def _values_in(q: str, groups: dict[str, list[str]]) -> tuple[str | None, list[str]]:
    """The attribute two of whose values the question names, and the first two in order."""
    attr, values = values_named_in_order(q, groups)
    return attr, values[:2]


# -- groups -----------------------------------------------------------------------------
_GROUPISH = re.compile(r"\bgroups?\b|categor|assortativ|mixing", re.IGNORECASE)


def _mix_bonus(st: PlanState) -> float:
    """Only on a graph with groups, and only when the question names the grouping
    attribute (or, with one grouping, speaks of groups)."""
    groups = groupings(_meaning(st))
    named = _attr_in(st.question, groups) or (len(groups) == 1 and _GROUPISH.search(st.question))
    return 2.5 if groups and named else 0.0


#: the degree's own assortativity, or the figure's other measures, asked beside the groups'
_DEGREE_MIX = re.compile(r"\bdegrees?\b|\bhubs?\b|(?:well|highly|best|most)[- ]connected|"
                         r"diameter|radius|density|path length", re.IGNORECASE)


def attribute_mixing(question: str, st: PlanState) -> bool:
    """Whether the question asks for a named grouping attribute's assortativity ("is the
    network assortative by faction", "the assortativity of crew"), not the degree's."""
    return bool(re.search(r"assortativ|homophil", question, re.IGNORECASE)) \
        and not _DEGREE_MIX.search(question) \
        and _attr_in(question, groupings(_meaning(st))) is not None


def _mix_calls(st: PlanState) -> list[Call]:
    groups = groupings(_meaning(st))
    attr = _attr_in(st.question, groups) or (next(iter(groups)) if len(groups) == 1 else None)
    value = named_weight(st.question, _meaning(st))  # "miles of trail between valleys"
    every = {"top_k": 200} if attr and _one_group(st.question, groups, attr) else {}
    pairs = {"pairs": True} if _GROUP_PAIR.search(st.question) else {}  # "which two teams …"
    calls = [Call("group_analysis", {"attribute": attr, **every, **pairs,
                                     **({"weight": value} if value else {})})] if attr else []
    named = [v for v in groups.get(attr or "", []) if value_named(str(v), st.question)]
    if calls and value and len(named) >= 2 and _INSIDE_ONE.search(st.question):
        # "km inside the Central or the South district": those nodes' edges with both ends
        # among them, summed by the tool (each group's own and any between the two)
        calls.append(Call("edge_attribute_totals", {"attribute": value, "within": attr,
                                                    "where": {attr: [str(v) for v in named]}}))
    return calls


#: both ends inside a group: "roads that run entirely inside", "stay within"
_INSIDE_ONE = re.compile(r"\b(?:within|inside|internal\w*|stay\w*|kept)\b", re.IGNORECASE)


#: one group's edges to the rest: "with other factions", "outside its own crew"
_TO_OTHERS = re.compile(r"\b(?:other|different|another|outside|rest)\b", re.IGNORECASE)


def _one_group(q: str, groups: dict[str, list[str]], attr: str) -> str | None:
    """The one value of ``attr`` a question about its edges to the other groups names
    ("how many ties does the Thistle faction have with other factions")."""
    named = [str(v) for v in groups.get(attr) or [] if value_named(str(v), q)]
    return named[0] if len(named) == 1 and _TO_OTHERS.search(q) else None


def one_group_to_others(question: str, st: PlanState) -> bool:
    """Whether the question asks one named group's edges to the other groups of its
    attribute ("how many links does Tern have to other crews"): a group, never a node."""
    groups = groupings(_meaning(st))
    attr = _attr_in(question, groups)
    return attr is not None and _one_group(question, groups, attr) is not None


def _one_way_asked(q: str, value: str) -> str | None:
    """Which of one group's edges a directed question counts: ``out`` ("how many links do
    the history pages send out to other topics", "from history to other topics"), ``in``
    ("how many links do they get from other topics"), None (both, or not said)."""
    from igraph_agent.model.query_intents import _RECEIVES, _SENDS

    v = re.escape(value)
    # ("… make to other teams": out; "… get from other teams": in)
    out = bool(_SENDS.search(q) or re.search(rf"\bfrom\s+(?:the\s+)?{v}\b|\b(?:go|goes|going|"
                                             r"point|points|pointing|lead|leads)\s+out\b|"
                                             r"\b(?:to|towards)\s+(?:the\s+|all\s+)?(?:other|"
                                             r"different)\b", q, re.IGNORECASE))
    into = bool(_RECEIVES.search(q) or re.search(rf"\b(?:to|into)\s+(?:the\s+)?{v}\b|\bfrom\s+"
                                                 r"(?:the\s+|all\s+)?(?:other|different)\b", q,
                                                 re.IGNORECASE))
    return "out" if out and not into else "in" if into and not out else None


def _one_group_render(d: dict, value: str, q: str = "", typed: str = "") -> str:
    """One group's edges to the other groups (out and in apart on a directed graph; the
    side a question asks, first)."""
    attr = d["attribute"]
    row = next((r for r in d["groups"] if str(r["group"]) == value), None)
    if row is None:
        return f"No {attr} is called {value}."
    way = _one_way_asked(q, value) if d.get("directed") else None
    if way and row.get("edges_out_to_other_groups") is not None and \
            "weight_to_other_groups" not in row:
        n_out, n_in = row["edges_out_to_other_groups"], row["edges_in_from_other_groups"]
        head = (f"**{n_out}** edge(s) go out from the {value} {attr} ({attr} = {value}) to "
                f"other {attr} groups" if way == "out" else
                f"**{n_in}** edge(s) come into the {value} {attr} ({attr} = {value}) from "
                f"other {attr} groups")
        other = (f"{n_in} coming in from them" if way == "out" else f"{n_out} going out to them")
        return f"{head}; {other}, {row['within_edges']} within itself."
    w = (d.get("weight_used") or {}).get("attribute") if "weight_to_other_groups" in row else None
    if way and w and row.get("weight_out_to_other_groups") is not None:
        # "the calls per minute coming into the payments team from other teams": that way's sum
        mine, back = ("out_to", "in_from") if way == "out" else ("in_from", "out_to")
        said = (f"going out from the {value} {attr} ({attr} = {value}) to other {attr} groups"
                if way == "out" else
                f"coming into the {value} {attr} ({attr} = {value}) from other {attr} groups")
        return (f"**{shown(row[f'weight_{mine}_other_groups'])}** {w} {said}, over "
                f"{row[f'edges_{mine}_other_groups']} edge(s); the other way "
                f"{shown(row[f'weight_{back}_other_groups'])}, both ways "
                f"{shown(row['weight_to_other_groups'])}.")
    inside = (f"{shown(row['within_weight'])} {w} over {row['within_edges']} edge(s) within itself"
              if w and row.get("within_weight") is not None else
              f"{row['within_edges']} edge(s) within itself")
    if _WITHIN_ASKED.search(typed or q):  # "where BOTH artists are electronic": its own edges first
        return (f"The {value} {attr} ({attr} = {value}) has **{inside.replace(' ', '** ', 1)}; "
                + (f"{shown(row['weight_to_other_groups'])} {w} over "
                   f"{row['edges_to_other_groups']} edge(s) to other {attr} groups." if w else
                   f"{row['edges_to_other_groups']} edge(s) to other {attr} groups."))
    total = (f"**{shown(row['weight_to_other_groups'])}** {w} over "
             f"{row['edges_to_other_groups']} edge(s) to other {attr} groups" if w else
             f"**{row['edges_to_other_groups']}** edge(s) to other {attr} groups")
    if d.get("directed") and row.get("edges_out_to_other_groups") is not None:
        total += (f": {row['edges_out_to_other_groups']} going out to them, "
                  f"{row['edges_in_from_other_groups']} coming in from them")
    return f"The {value} {attr} ({attr} = {value}) has {total}; {inside}."


#: a group's own edges asked: "where BOTH artists are electronic", "inside the group"
_WITHIN_ASKED = re.compile(r"\bboth\s+(?:\w+\s+){0,3}(?:are|were|is|in|from)\b|\bwithin\s+(?:the\s+)?"
                           r"(?:group|itself|themselves)\b|\binside\s+(?:the\s+)?(?:group|itself)\b|"
                           r"\bamong\s+themselves\b", re.IGNORECASE)


def _mix_render(st: PlanState, obs: list[Observed]) -> str:
    d = rows_only(next((o.data for o in obs if o.tool == "group_analysis" and o.ok), None))
    if d is None:
        return "The graph has no grouping attribute I could use (see get_graph_info)."
    q, attr = st.question, d["attribute"]
    w = d["weight_used"]
    one = _one_group(q, groupings(_meaning(st)), attr)
    from igraph_agent.model.intents import asks_for_a_group

    if one is not None and asks_for_a_group(str(st.context.get("asked") or q), st) and \
            re.match(rf"\s*(?:which|what)\s+{re.escape(attr)}", str(st.context.get("asked") or q),
                     re.IGNORECASE):
        one = None  # "which category gets the most … (not true crime plugging true crime)":
        # the categories ranked; the one named is an aside
    if one is not None and not re.search(r"assortativ|homophil|mix", q, re.IGNORECASE):
        return _one_group_render(d, one, q, str(st.context.get("typed") or q))
    if d.get("directed") and WHICH_TO_WHICH.search(q):  # "which region sends the most
        # tonnes to which other region": one ordered pair, from -> to
        return top_flow_render(d, bool(named_weight(q, _meaning(st))),
                                _meaning(st).get("direction") or [])
    if _GROUP_PAIR.search(q):
        from igraph_agent.model.query_intents import count_column

        items = re.search(r"\b(?:most|fewest|least)\s+([a-z]+s)\b", q, re.IGNORECASE)
        return _group_pair_render(d, q, bool(named_weight(q, _meaning(st))) or bool(
            items and d.get("weight_used") and not re.fullmatch(
                r"edges|ties|links|connections|pairs|relationships|arcs", items.group(1),
                re.IGNORECASE) and count_column(st, items.group(1))))
    total_asked = bool(named_weight(q, _meaning(st))) and re.search(
        r"\bhow\s+(?:many|much)\b|\btotal\b", q, re.IGNORECASE) and not re.search(
        r"assortativ|homophil", q, re.IGNORECASE)  # "how much the teams mix — how many blitz
    # games in total between members of different teams": the total, the mixing its context
    if re.search(r"(?:between|from)\s+(?:minus\s+|-|−)1\s+(?:and|to)\s+\+?1\b",
                 str(st.context.get("typed") or q)) or (not total_asked and re.search(
            r"assortativ|same .* (?:connect|link)|homophil|mix|"
                 # "how strongly do members stick to their own club"
                 r"\bstick\w*\s+(?:to|with|within)\s+(?:their|its|his|her)\s+own\b", q,
                 re.IGNORECASE)):
        r = float(d["assortativity"])
        # "is the network assortative by faction": the verdict from the attribute's own
        # coefficient (above 0: ties form within a group more than by chance)
        verdict = ("" if not re.match(r"\s*(?:is|are|does|do)\b", q, re.IGNORECASE)
                   or not re.search(r"assortativ|homophil", q, re.IGNORECASE)
                   else "**Yes** — " if (r > 0) != bool(re.search(r"disassortativ", q, re.I))
                   else "**No** — ")
        return (verdict + f"The {attr} assortativity is **{shown(d['assortativity'])}** "
                f"({d['within_edges']} of {d['edges']} edges lie within one {attr}, "
                f"**{d['between_edges']}** go between two different {attr} groups).")
    if re.search(r"connected to (?:the )?others?|most connected|links? to other|"
                 r"reach(?:es|ed|ing)? out|\b(?:most|more)\s+(?:cross|inter)-\w+|"
                 r"\b(?:which|what) \w+ \w+\b.*\b(?:most|more)\b"
                 r".*\b(?:to|with|from) (?:the |any )?(?:other|different)\b|"
                 # "counting only mail from other departments, which department receives the
                 # most?": the condition said first
                 r"\b(?:to|with|from) (?:the |any )?(?:other|different) \w+.*\b(?:which|what) "
                 r"\w+ \w+\b.*\b(?:most|more)\b", q, re.IGNORECASE):
        sent = _one_way(d, q)
        if sent:
            return sent
        top = next((r for r in d["groups"] if r["group"] == d["most_connected_to_others"][0]), None)
        if top is None:
            return "No group has edges to other groups."
        extra = (f", {shown(top['weight_to_other_groups'])} {w['attribute']} in all"
                 if "weight_to_other_groups" in top else "")
        key = "weight_to_other_groups" if "weight_to_other_groups" in top else \
            "edges_to_other_groups"
        tied = [str(r["group"]) for r in d["groups"] if r.get(key) == top[key]]
        if len(tied) > 1:  # every group at the top is named
            return (" and ".join(f"**{g}**" for g in tied) + f" are the {attr} groups most "
                    f"connected to others, tied: **{top['edges_to_other_groups']}** edges to "
                    f"other {attr} groups each{extra.replace(' in all', ' each')}.")
        return (f"**{top['group']}** is the {attr} most connected to others: "
                f"**{top['edges_to_other_groups']}** edges to other {attr} groups{extra}.")
    if re.search(r"\b(?:fraction|share(?!\s+(?:the\s+)?same\b)|percent(?:age)?|proportion|ratio)\b|%",
                 q, re.IGNORECASE):  # ("two ends share the same class": a verb, no share)
        from igraph_agent.model.query_intents import count_column

        items = re.search(r"\b(?:share|fraction|percent(?:age)?|proportion)\s+of\s+(?:(?:the|all)\s+)?"
                          r"([a-z]+s)\b", q, re.IGNORECASE)  # "the share of messages": counted
        return _mix_share(d, q, bool(named_weight(q, _meaning(st))) or bool(
            items and d.get("weight_used") and not re.fullmatch(
                r"edges|ties|links|connections|pairs|relationships|arcs", items.group(1),
                re.IGNORECASE) and count_column(st, items.group(1))))
    inside = re.search(r"\b(?:within|inside|internal\w*|stay\w*|kept)\b|\b(?:both|two|2)\s+ends\s+"
                       r"(?:share|sharing|have|having|with|in|of|are\s+in)\s+(?:the\s+)?same\b", q,
                       re.IGNORECASE) \
        and not re.search(r"\b(?:between|across|cross\w*|other|different)\b", q, re.IGNORECASE)
    tail = attr.split("_")[-1] if "_" in attr else attr  # "which class" for ``pressure_class``
    ranked = re.match(rf"\s*(?:so\s+|and\s+)?(?:.*?(?:[,:;]|\s[-–—]+\s)\s*)?(?:which|what)\s+"
                      rf"(?:{re.escape(attr)}|{re.escape(tail)})\b", q, re.IGNORECASE) or \
        re.search(rf"\b(?:(?:inside|within|for)\s+(?:each|every)|per)\s+(?:{re.escape(attr)}|"
                  rf"{re.escape(tail)})\b", q, re.IGNORECASE)  # "the km inside each region":
    # each one's, ranked (not "one end in each club": a pair across)
    rows = [r for r in d["groups"] if r.get("group") is not None]
    if inside and ranked and rows and (not named_weight(q, _meaning(st)) or
                                       all("within_weight" in r for r in rows)):
        key = "within_weight" if named_weight(q, _meaning(st)) else "within_edges"
        rows = sorted(rows, key=lambda r: -float(r[key]))  # "which zone has the most metres
        unit = f" {w['attribute']}" if key == "within_weight" else " edges"  # of main inside"
        nxt = ", ".join(f"{r['group']} ({shown(r[key])})" for r in rows[1:4])
        return (f"**{rows[0]['group']}** has the most{unit} within one {attr}: "
                f"**{shown(rows[0][key])}**" + (f"; next {nxt}" if nxt else "") + ".")
    from igraph_agent.model.vocabulary import group_values_named

    said = {v.lower() for v in group_values_named(q, {"meaning": _meaning(st)})}
    chosen = [r for r in rows if str(r["group"]).lower() in said]
    if inside and chosen and not ranked:  # "roads inside the Central or the South district":
        # those groups' own edges, each inside one of them, never every group's
        weighted = named_weight(q, _meaning(st)) and all("within_weight" in r for r in chosen)
        key = "within_weight" if weighted else "within_edges"
        unit = f" {w['attribute']}" if weighted else " edges"
        each = "; ".join(f"inside {r['group']}: {shown(r[key])}{unit}" +
                         (f" over {r['within_edges']} edges" if weighted else "") for r in chosen)
        names = [str(r["group"]) for r in chosen]
        from igraph_agent.results.counting import EdgeAttributeTotalsResult

        union = next((o.typed(EdgeAttributeTotalsResult) for o in obs
                      if o.tool == "edge_attribute_totals" and o.ok), None)
        inner = union.where_edges.inside if union and union.where_edges else None
        if weighted and inner is not None and inner.edges:  # summed by the tool: edges within
            # one district whose ends are both among the named ones
            return (f"**{shown(inner.total)}** {w['attribute']} on the {inner.edges} edges with "
                    f"both ends in the same {attr}, {' or '.join(names)} ({each}).")
        return f"Both ends in the same {attr}: " + "; ".join(
            f"inside **{r['group']}**: **{shown(r[key])}**{unit}" for r in chosen) + "."
    if inside and "within_weight" in d and named_weight(q, _meaning(st)):
        # "how many memos stay within a desk": the value within, first
        return (f"**{shown(d['within_weight'])}** {w['attribute']} stay within one {attr} "
                f"({d['within_edges']} edges); {shown(d['between_weight'])} go between "
                f"{attr} groups ({d['between_edges']} edges).")
    if inside:
        return (f"**{d['within_edges']}** edges lie within one {attr}; {d['between_edges']} go "
                f"between {attr} groups.")
    if "between_weight" in d and w.get("attribute") and _BETWEEN_ASKED.search(q) and (
            named_weight(q, _meaning(st)) or _counted_column(st) == w["attribute"]):
        # "how many calls were made between people on different streets" on a ``calls``
        # column: the column's total between, first
        return (f"**{shown(d['between_weight'])}** {w['attribute']} go between {attr} groups "
                f"({d['between_edges']} edges); {shown(d['within_weight'])} stay within one "
                f"({d['within_edges']} edges).")
    if ranked or re.match(rf"\s*(?:which|what)\s+(?:{re.escape(attr)}|group|team|department)s?\b", q,
                          re.IGNORECASE):
        named = [r for r in d["groups"] if r.get("group") is not None]
        if named and re.search(r"\b(?:biggest|largest|smallest|most\s+(?:members|people|nodes|"
                               r"staff|employees)|fewest\s+(?:members|people|nodes)|size|sized)\b",
                               q, re.IGNORECASE):
            # "which team is the biggest": the groups by their number of nodes
            low = bool(re.search(r"\b(?:smallest|fewest)\b", q, re.IGNORECASE))
            rows = sorted(named, key=lambda r: (r["size"] if low else -r["size"], str(r["group"])))
            tied = [str(r["group"]) for r in rows if r["size"] == rows[0]["size"]]
            sizes = ", ".join(f"{r['group']} ({r['size']})" for r in rows[:8])
            return (" and ".join(f"**{g}**" for g in tied) + f" {'is' if len(tied) == 1 else 'tie as'}"
                    f" the {'smallest' if low else 'largest'} {attr} group: **{rows[0]['size']}** "
                    f"node(s). The {d['group_count']} {attr} groups: {sizes}.")
        # "which alliance racks up the most weekly calls": a group asked, and the summary
        # below names none
        return f"{NO_GROUP_PICKED}: the {attr} mixing I can compute ranks no {attr} by that."
    between = (f"**{d['between_edges']}** edges go between {attr} groups and "
               f"{d['within_edges']} within one")
    if "between_weight" in d:
        between += (f" (total {w['attribute']} {shown(d['between_weight'])} between, "
                    f"{shown(d['within_weight'])} within)")
    sizes = ", ".join(f"{r['group']} ({r['size']})" for r in d["groups"][:8])
    return f"{between}. The {d['group_count']} {attr} groups: {sizes}."


#: two groups asked as a pair: "which two teams have the most links between them"
_GROUP_PAIR = re.compile(r"\b(?:which|what)\s+(?:two|2|pair\s+of|couple\s+of)\s+[a-z]+\b(?=.*\b(?:most|"
                         r"fewest|least|strongest|weakest|busiest|highest|lowest)\b)",
                         re.IGNORECASE)


#: one group to another asked in order: "which region sends the most tonnes to which other
#: region", "which district helps which the most"
WHICH_TO_WHICH = re.compile(r"\b(?:which|what)\s+[a-z]+\b[^?.;]*?\b(?:most|more)\b[^?.;]*?\b(?:to|"
                             r"from|for)\s+which\b|\b(?:which|what)\s+[a-z]+\s+(?:\w+\s+)?[a-z]+s\s+"
                             r"which(?:\s+other)?(?:\s+[a-z]+)?\s+(?:the\s+)?most\b", re.IGNORECASE)


def top_flow_render(d: dict, by_value: bool, direction: list) -> str:
    """The ordered pair of different groups with the most edges (or value) from one to the
    other, read from the tool's mixing rows."""
    attr, w = d["attribute"], d["weight_used"] or {}
    at = "weight" if by_value and w.get("attribute") else "edges"
    rows = [r for r in d.get("mixing") or [] if r["from"] != r["to"] and r.get(at) is not None]
    if not rows:
        return f"No edge goes from one {attr} group to another."
    rows.sort(key=lambda r: (-float(r[at]), str(r["from"]), str(r["to"])))
    best = rows[0]
    tied = [r for r in rows if r[at] == best[at]]
    unit = f" {w['attribute']}" if at == "weight" else " edges"
    ends = " → ".join(str(c) for c in direction[:2])
    lead = " and ".join(f"**{r['from']}** → **{r['to']}**" for r in tied[:4])
    rest = ", ".join(f"{r['from']} → {r['to']} ({shown(r[at])})" for r in rows[len(tied):len(tied) + 4])
    return (f"{lead} {'tie with' if len(tied) > 1 else 'has'} the most{unit} from one {attr} to "
            f"another: **{shown(best[at])}**" + (f" over {best['edges']} edge(s)" if at == "weight"
                                                  else "")
            + (f" ({ends})" if ends else "") + (f"; next {rest}" if rest else "") + ".")


def _group_pair_render(d: dict, q: str, by_value: bool) -> str:
    """The pair of different groups with the most (fewest) edges between them, both ways
    summed; an edge value the question names is summed instead."""
    attr, w = d["attribute"], d["weight_used"] or {}
    cells: dict[tuple[str, str], list[float]] = {}
    if d.get("directed"):  # both ways added up by the tool: "between them"
        for r in d.get("pair_totals") or []:
            a, b = (str(x) for x in r["groups"])
            cells[(a, b)] = [r["edges"], float(r.get("weight") or 0)]
    else:  # an undirected edge is in one cell of its pair
        for r in d["mixing"]:
            if r["from"] != r["to"]:
                cells[tuple(sorted((str(r["from"]), str(r["to"]))))] = [
                    r["edges"], float(r.get("weight") or 0)]
    low = bool(BOTTOM.search(q))
    if (d.get("directed") and d.get("pair_totals") is None) or (
            low and d.get("mixing_pairs") and len(d["mixing"]) < d["mixing_pairs"]):
        return (f"The {attr} groups are too many to list every pair here; ask for the edges "
                f"between two {attr} groups you name.")
    if not cells:
        return f"No edge goes between two different {attr} groups."
    at = 1 if by_value and w.get("attribute") else 0
    ranked = sorted(cells.items(), key=lambda kv: ((kv[1][at] if low else -kv[1][at]), kv[0]))
    best = ranked[0][1][at]
    tied = [k for k, v in ranked if v[at] == best]
    unit = f" {w['attribute']}" if at else " edges"
    pairs = " and ".join(f"**{a}**–**{b}**" for a, b in tied[:5])
    rest = ", ".join(f"{a}–{b} ({shown(v[at])})" for (a, b), v in ranked[len(tied):len(tied) + 4])
    word = "fewest" if low else "most"
    return (f"{pairs} {'tie with' if len(tied) > 1 else 'has'} the {word}{unit} between two "
            f"different {attr} groups: **{shown(best)}**" + ("" if not at else
                                                            f" over {ranked[0][1][0]} edge(s)")
            + (f"; next {rest}" if rest else "") + ".")


_SENDS = re.compile(r"\bsen(?:d|ds|t|ding)\b|\bout(?:going|bound)?\b|\bexport|\blen(?:d|ds|t)\b|"
                    r"\bpa(?:y|ys|id)\b|\bgives?\b|\bto (?:the |any )?(?:other|different)\b",
                    re.IGNORECASE)
_GETS = re.compile(r"\breceiv|\bget(?:s|ting)?\b|\bgot\b|\bin(?:coming|bound)\b|\bimport|"
                   r"\bborrow|\bfrom (?:the |any )?(?:other|different)\b", re.IGNORECASE)


def _one_way(d: dict, q: str) -> str:
    """On a directed graph, a question that asks which group sends (or receives) the most
    to (from) the others is answered with that direction's total, not both together: the
    group that sends most is not always the one most connected both ways."""
    said = re.sub(r"\([^()]*\)", " ", q)  # ("(books sent within the same borough don't count)")
    sends, gets = bool(_SENDS.search(said)), bool(_GETS.search(said))
    if not d.get("directed") or sends == gets:
        return ""
    key, verb, way = (("sends_most_to_others", "sends the most to", "out_to")
                      if sends else ("receives_most_from_others", "receives the most from", "in_from"))
    top = d.get(key)
    if not top:
        return ""
    attr, w = d["attribute"], d["weight_used"] or {}
    unit = f" {w['attribute']}" if w.get("attribute") else " edges"
    names = " and ".join(f"**{g}**" for g in str(top["group"]).split(" and "))
    rows = sorted(d["groups"], key=lambda r: -float(r.get(top["by"]) or 0))
    others = ", ".join(f"{r['group']} {shown(r.get(top['by']) or 0)}" for r in rows[:5])
    edges = f"edges_{way}_other_groups"
    return (f"{names} {'tie: each' if ' and ' in str(top['group']) else ''} {verb} other "
            f"{attr} groups: **{shown(top['value'])}**{unit}"
            f"{'' if unit == ' edges' else ' over ' + str(rows[0].get(edges)) + ' edge(s)'}"
            f" (by {attr}: {others}).").replace("  ", " ")


def _mix_share(d: dict, q: str, by_value: bool) -> str:
    """The share of the edges (and of their values, when one is used) within one group, or
    between groups when the question speaks of crossing (group_analysis states both); the
    values' share first when the question names them."""
    attr, w = d["attribute"], d["weight_used"]
    cross = re.search(r"\b(?:between|across|cross\w*|different|other|outside)\b", q, re.IGNORECASE)
    key, where = ("between", f"between {attr} groups") if cross else ("within", f"within one {attr}")
    by_edges = (d[f"{key}_share"], f"of the edges ({d[f'{key}_edges']} of {d['edges']}) lie {where}")
    values = (d.get(f"{key}_weight_share"), f"of the total {w['attribute']} "
              f"({shown(d.get(f'{key}_weight') or 0)} of {shown(d.get('total_weight') or 0)}) flows "
              f"{where}")
    order = [values, by_edges] if by_value else [by_edges, values]
    parts = [(x, said) for x, said in order if x is not None]
    if not parts:
        return "The graph has no edges."
    return "; ".join(f"{'**' if n == 0 else ''}{shown(x)}{'**' if n == 0 else ''} "
                     f"({shown(100 * x)}%) {said}" for n, (x, said) in enumerate(parts)) + "."


#: "which region has the most airports", "the largest department", "how many people are in
#: each team": the size of each group (group 1/3/4: the grouping word, 2: what is counted)
_SIZE = [re.compile(p, re.IGNORECASE) for p in (
    r"\b(?:which|what)\s+(?P<g>\w+)(?:\s+(?:level|group|band|tier|type|kind|category))?\s+"
    r"(?:has|have|contains?|holds?|owns?|runs?|includes?|counts?)\s+the\s+(?:most|"
    # ("the most library branches": the noun after its modifier)
    r"fewest|largest number of|smallest number of)\s+(?:[a-z]+\s+(?=[a-z]+s\b))?(?P<c>\w+)",
    # "which team is the biggest", "what club is largest"
    r"\b(?:which|what)\s+(?P<g>\w+)\s+(?:is|was)\s+(?:the\s+)?(?:largest|biggest|smallest)"
    r"(?:\s+one)?\s*[?.!]*\s*$",
    # "which club has more members", "which team is bigger": of two or more, compared
    r"\b(?:which|what)\s+(?P<g>\w+)\s+(?:has|have|contains?|holds?)\s+(?:more|fewer|less)\s+"
    r"(?P<c>\w+)\s*[?.!]*\s*$",
    r"\b(?:which|what)\s+(?P<g>\w+)\s+(?:is|was)\s+(?:bigger|larger|smaller)\s*[?.!]*\s*$",
    r"\b(?:largest|biggest|smallest)\s+(?P<g>\w+)\b",
    r"\bhow many (?P<c>\w+) (?:are )?(?:there )?(?:in (?:each|every)|per(?: each| every)?) (?P<g>\w+)",
    # "how many stations does each district have", "number of stations per district",
    # "station count by district", "how big is each team"
    r"\bhow many (?P<c>\w+) (?:does|do) (?:each|every) (?P<g>\w+) (?:have|contain|hold|include)",
    r"\bnumber of (?P<c>\w+) (?:in|per|by|for) (?:each |every )?(?P<g>\w+)",
    r"\b(?P<c>\w+?)s? count (?:per|by|for each|in each) (?P<g>\w+)",
    r"\bhow (?:big|large) is (?:each|every) (?P<g>\w+)",
)]
_MEMBERS = {"members", "nodes", "people", "persons", "vertices", "entries"}
#: "the average number of coworkers per division": a figure per member, not the group's size
_PER_MEMBER = re.compile(r"\b(?:average|mean|median|typical|avg)\b", re.IGNORECASE)


def _size_attr(st: PlanState) -> str | None:
    """The grouping attribute whose group sizes the question asks for, or None (what it
    counts must be the nodes: "the most airports", never "the most flights")."""
    from igraph_agent.model import vocabulary

    asked = str(st.context.get("asked") or st.question)  # "the most trails": a side, unrewritten
    groups = groupings(_meaning(st))
    hits = [found for q in (asked, st.question) for rx in _SIZE if (found := rx.search(q))]
    # "how many people are in each department, and which one is the biggest": the match
    # naming a grouping first
    m = next((h for h in hits if _attr_in(h.group("g"), groups)), hits[0] if hits else None)
    if not m or not groups or _PER_MEMBER.search(st.question):
        return None
    attr = _attr_in(m.group("g"), groups)
    counted = (m.groupdict().get("c") or "").lower()
    info = st.last_ok("get_graph_info")
    nouns = vocabulary.noun(counted, dict(info.data) if info else {})[1]
    if attr and counted and counted not in _MEMBERS and counted.rstrip("s") != nouns.rstrip("s") \
            and not _spelled_out(counted, info.data if info else {}) \
            and counted.rstrip("s") != _id_word(info.data if info else {}):
        return None
    return attr


def _id_word(info: Any) -> str | None:
    """The word the node ids are made of ("nurse" for nurse00, nurse01 …), else None."""
    ids = [str(s.get("id")) for s in (info or {}).get("sample_nodes") or []]
    stems = {re.sub(r"[\W\d_]+$", "", i).lower() for i in ids}
    return stems.pop() if len(ids) > 1 and len(stems) == 1 and len(next(iter(stems), "")) > 2 \
        else None


def _spelled_out(word: str, info: Any) -> bool:
    """Whether ``word`` spells out the data's shortened word for a node: "volunteers" for a
    ``vol_a`` column, "employees" for ``emp_id``."""
    from igraph_agent.model import vocabulary

    return any(3 <= len(n) <= 4 and word.startswith(n) and len(word) > len(n) + 2
               for n in vocabulary.data_nouns(dict(info)))


def _size_calls(st: PlanState) -> list[Call]:
    attr = _size_attr(st)
    return [Call("group_analysis", {"attribute": attr, "top_k": 50})] if attr else []


def _carried(st: PlanState) -> tuple[str | None, str | None]:
    """On a two-mode graph: (the side the question counts, the side whose nodes carry the
    grouping attribute: the one whose size its valued members make up), from the sizes
    group_analysis gives; (None, None) on a one-mode graph or before the call."""
    from igraph_agent.model.vocabulary import _names_side

    modes = _meaning(st).get("modes") or {}
    sides = {str(k): v for k, v in (modes.get("sides") or {}).items()}
    d = rows_only(next((o.data for o in st.results if o.tool == "group_analysis" and o.ok), None))
    if len(sides) != 2 or d is None:
        return None, None
    valued = sum(r["size"] for r in d["groups"] if r.get("group") is not None)
    carrier = [k for k, v in sides.items() if v == valued]
    counted = [k for k in sides if _names_side(k, st.question)]
    return (counted[0] if len(counted) == 1 else None,
            carrier[0] if len(carrier) == 1 else None)


def _size_clarify(st: PlanState) -> str | None:
    """"Which county has the most volunteers" where only the events carry a county: the
    volunteers are in no county (counting those at each county's events is another
    question), so ask."""
    counted, carrier = _carried(st)
    attr = _size_attr(st)
    if counted is None or attr is None or counted == carrier:
        return None
    if carrier is None:
        return (f"I cannot tell whether the {counted} carry the {attr} (the other side may). "
                f"I can rank the {attr} values by their members, or rank the {counted} by their "
                f"links — which do you mean?")
    return (f"The {counted} have no {attr} of their own (only the {carrier} carry a {attr}). "
            f"I can rank the {attr} values by their {carrier}, or rank the {counted} by their "
            f"links — which do you mean?")


def _size_render(st: PlanState, obs: list[Observed]) -> str:
    d = rows_only(next((o.data for o in obs if o.tool == "group_analysis" and o.ok), None))
    if d is None:
        return "The graph has no grouping attribute I could use (see get_graph_info)."
    few = re.search(r"\b(?:fewest|smallest|fewer|less|smaller)\b", st.question, re.IGNORECASE)
    # a node with no value is in no group: never a "None" group
    unvalued = sum(r["size"] for r in d["groups"] if r.get("group") is None)
    rows = sorted((r for r in d["groups"] if r.get("group") is not None),
                  key=lambda r: (r["size"] if few else -r["size"], str(r["group"])))
    if not rows:
        return f"No node has a value of {d['attribute']}."
    best = rows[0]["size"]
    tied = [f"**{r['group']}**" for r in rows if r["size"] == best]
    from igraph_agent.model import vocabulary

    info = st.last_ok("get_graph_info")
    nouns = vocabulary.noun(st.question, dict(info.data) if info else {})[1]
    counted = next((m.groupdict().get("c") for rx in _SIZE if (m := rx.search(st.question))), None)
    if counted and _spelled_out(counted.lower(), info.data if info else {}):
        nouns = counted.lower()  # "volunteers", not the column's "vols"
    if nouns == "nodes":
        nouns = "members"
    head = (f"{tied[0]} is the {d['attribute']} with the {'fewest' if few else 'most'} {nouns}"
            if len(tied) == 1 else
            ", ".join(tied[:-1]) + f" and {tied[-1]} tie for the {'fewest' if few else 'most'}")
    rest = ", ".join(f"{r['group']} ({r['size']})" for r in rows[len(tied):8])
    counted, carrier = _carried(st)
    if carrier:
        nouns = carrier
    apart = f"; {unvalued} nodes have no {d['attribute']}" if unvalued else ""
    return (f"{head}: **{best}**" + (f"; then {rest}" if rest else "") +
            f" ({len(rows)} {d['attribute']} groups, {d['nodes'] - unvalued} {nouns}{apart}).")


#: a node joining the two groups of a two-valued attribute, the attribute said in the
#: plural: "which member bridges the two clubs", "who connects the clubs", "the best bridge
#: between the clubs" ({word}: the attribute's name)
_BRIDGING = (r"\b(?:bridg\w*|connect\w*|link\w*|joins?|joining|spans?|spanning|brokers?|"
             r"go-betweens?)\s+(?:between\s+|across\s+)?(?:the\s+|both\s+)?(?:two\s+)?{word}s\b")


def _bridged(q: str, groups: dict[str, list[str]]) -> tuple[str | None, list[str]]:
    """The two groups a bridging node is asked between: the values named, or both values of
    an attribute with two said in the plural ("bridges the two clubs")."""
    attr, values = _values_in(q, groups)
    if attr:
        return attr, values
    if not re.match(r"\s*(?:who|whom|which|what)\b", q, re.IGNORECASE):
        return None, []
    for attr, vals in groups.items():
        word = re.escape(attr.lower().rstrip("s"))
        if len(vals) >= 2 and re.search(_BRIDGING.format(word=word), q, re.IGNORECASE):
            # two values: those two; more: which two is asked (see _bridge_clarify)
            return attr, [str(v) for v in vals] if len(vals) == 2 else []
    return None, []


def _bridge_bonus(st: PlanState) -> float:
    attr, _ = _bridged(st.question, groupings(_meaning(st)))
    if attr and not _values_in(st.question, groupings(_meaning(st)))[0]:
        return 6.0  # "which member bridges the two clubs": above the bridge edges' reading
    return 3.0 if attr else 0.0


def _bridge_clarify(st: PlanState) -> str | None:
    """"Who bridges the teams" on four teams: a bridging node is found between two groups,
    so ask which two (naming them), never answer with the graph's bridge edges."""
    groups = groupings(_meaning(st))
    attr, values = _bridged(st.question, groups)
    if not attr or values:
        return None
    vals = [str(v) for v in groups[attr]]
    return (f"Between which two {attr} values? I can find the nodes linking two of them "
            f"({', '.join(vals[:6])}), e.g. 'who links {vals[0]} and {vals[1]}?'.")


def _bridge_calls(st: PlanState) -> list[Call]:
    attr, values = _bridged(st.question, groupings(_meaning(st)))
    return [Call("group_analysis", {"attribute": attr, "between": values})] if attr else []


# -- edges between two named groups ---------------------------------------------------
_HOW_MANY = re.compile(r"\bhow (?:many|much)\b|\bnumber of\b|\bcount\b|\btotal\b|\bcombined\b|"
                       r"\bsum of\b|\badd(?:ed)? up\b", re.IGNORECASE)


#: "does Finance email Legal more than Legal emails Finance": one way against the other
_MORE_WAYS = re.compile(r"^\s*(?:does|do|did|is|are|was|were)\b.*\b(?P<c>more|less|fewer)\b.*"
                        r"\bthan\b", re.IGNORECASE)
_RECEIVES = re.compile(r"(?:receiv|get|got|hear)\w*$", re.IGNORECASE)


def _compared(st: PlanState) -> tuple[str, str, bool] | None:
    """(from, to, whether "more" is asked) of a yes/no comparing the two ways between two
    named groups of a directed graph, the first named group's verb read along the edges
    ("Finance emails Legal") or against them ("Finance receives … from Legal")."""
    q = st.question
    m = _MORE_WAYS.search(q)
    _, values = _values_in(q, groupings(_meaning(st)))
    if not m or len(values) < 2 or not _meaning(st).get("directed"):
        return None
    a, b = values
    than = q[m.end():]  # the other way named after "than": "than Legal emails Finance"
    if not re.search(rf"(?<![\w]){re.escape(b)}(?![\w]).*(?<![\w]){re.escape(a)}(?![\w])", than,
                     re.IGNORECASE) and not re.search(
            r"\bother way|\breverse|\bvice versa|\bin return|\bback\b", than, re.IGNORECASE):
        return None  # "… more with South firms than with each other": no second way
    verb = re.search(rf"(?<![\w]){re.escape(a)}(?:'s\s+\w+)?\s+(\w+)", q, re.IGNORECASE)
    if verb and _RECEIVES.match(verb.group(1)):
        a, b = b, a
    return a, b, m.group("c").lower() == "more"


#: a node's common names: "two club members" is any two nodes, not the two clubs
_NODE_WORDS = "member|person|people|node|vertex|vertice|individual|employee|user"


def _pair_values(q: str, groups: dict[str, list[str]]) -> tuple[str | None, list[str]]:
    """Two named groups in order (:func:`_values_in`), or one group's edges within it named
    once: "bio-bio collaborations", "within chem", "between chem authors" give [chem, chem]."""
    attr, values = _values_in(q, groups)
    if attr:
        return attr, values
    for attr, vals in groups.items():  # "ties between the two clubs": the only two values
        word = re.escape(attr.lower().rstrip("s"))
        if len(vals) == 2 and re.search(rf"\b(?:between|across|crossing|cross)\s+(?:the\s+)?"
                                        rf"(?:two|both)\s+{word}(?:e?s)?\b(?!\s+(?:{_NODE_WORDS})s?\b)", q,
                                        re.IGNORECASE):  # "two club members": any two nodes
            return attr, [str(v) for v in vals]
    for attr, vals in groups.items():
        for v in vals:
            e = re.escape(str(v))
            if re.search(rf"(?<![\w-]){e}[- ]{e}(?![\w-])|\b(?:within|inside|among|amongst)\s+(?:the\s+)?"
                         rf"{e}\b|\bbetween\s+(?:the\s+)?{e}\s+(?!and\b)[a-z]+s\b(?!\s+and\b)|"
                         rf"\bbetween\s+{e}\s+and\s+{e}\b",
                         q, re.IGNORECASE):
                return attr, [str(v), str(v)]
    return None, []


def _pair_bonus(st: PlanState) -> float:
    """"How many shipments go from Nordic firms to Iberia firms": two values of one
    grouping and a count, or the two ways compared."""
    from igraph_agent.model.either_values import or_joined
    from igraph_agent.model.size_nouns import counted_noun, counts_nodes
    from igraph_agent.model.structure_intents import where_any

    groups = groupings(_meaning(st))
    attr = _pair_values(st.question, groups)[0]
    info = st.last_ok("get_graph_info")
    asked = str(st.context.get("asked") or st.question)
    either = where_any(st)[1]
    # "how many cases did the Coast and Hill clinics receive between them, both regions
    # together": one side's edges of the two groups' nodes, added up — no pair of groups
    typed = str(st.context.get("typed") or "")  # ("… between them": the topic put in its place)
    pooled = bool(re.search(r"\bboth\s+(?:\w+\s+)?together\b|\bcombined\b|\bbetween\s+them(?:selves)?\b",
                            f"{asked} {typed}", re.IGNORECASE)) and bool(re.search(
        r"\b(?:receiv\w*|sen[dt]s?|got|gets?|gave|gives?|ship\w*|lent|lends?|borrow\w*)\b", asked,
        re.IGNORECASE))
    if (len(either) > 1 and (or_joined(asked, either) or pooled or (
            counted_noun(asked) is not None and counts_nodes(asked, info.data if info else {}))) \
            and not re.search(r"\bbetween\b(?!\s+them)|\bfrom\b.*\b(?:in)?to\b|\bwith\b",
                              st.question, re.IGNORECASE)) or (pooled and re.search(
                r"\bbetween\s+them(?:selves)?\b", typed, re.IGNORECASE)):
        return 0.0  # "how many profs are in Physics or Chemistry", "tonnes shipped from the
        # North or the South": either group's nodes, no pair of groups
    modes = _meaning(st).get("modes") or {}
    if attr and modes.get("by") == "attribute" and modes.get("attribute") == attr and \
            not re.search(r"\bbetween\b|\bfrom\b.*\b(?:in)?to\b|\b(?:go|went|gone|going|move[sd]?|"
                          r"moving|sent|send|flow(?:s|ed)?)\b", st.question, re.IGNORECASE):
        return 0.0  # "which student has the most years over all their clubs": the two sides,
        # every edge goes between them; a node of one side ranked, no pair of groups
    found = attr and (_HOW_MANY.search(st.question) or _compared(st) or (
        re.search(_FLOW_BETWEEN, st.question, re.IGNORECASE)
        and named_weight(st.question, _meaning(st))))  # "tonnes moving between A and B"
    if found and any(a != attr and re.search(rf"\b(?:same|one|single)\s+{re.escape(a)}\b",
                                              st.question, re.IGNORECASE) for a in groups):
        return 0.0  # "a volunteer and a project in the same city": the city's own edges
    return 3.5 if found else 0.0


def _pair_nodes_counted(st: PlanState) -> str | None:
    """"How many farms in Devon sell to farms in Kent" counts nodes, which the groups' edge
    totals do not give: asked, naming what can be counted."""
    from igraph_agent.model import vocabulary

    m = re.match(r"\s*(?:so\s+|and\s+)?how many\s+([a-z]+)\b", st.question, re.IGNORECASE)
    if m is None:
        return None
    word = m.group(1).lower()
    info = st.last_ok("get_graph_info")
    nouns = {*vocabulary.NODE_NOUNS, *vocabulary.data_nouns(info.data if info else {}),
             "people", "persons", "members", "nodes"}
    _, many = vocabulary.noun(st.question, info.data if info else {})
    values = "|".join(re.escape(str(v)) for v in vocabulary.group_values_named(
        st.question, info.data if info else {}))
    in_group = bool(values) and re.match(rf"\s*(?:so\s+|and\s+)?how many\s+{re.escape(word)}\s+"
                                         rf"(?:in|from|of)\s+(?:the\s+)?(?:{values})\b", st.question,
                                         re.IGNORECASE)  # "how many farms in Devon": nodes
    if word not in {many.lower(), *nouns, *(f"{n}s" for n in nouns)} and not in_group:
        return None
    one = vocabulary.one_of(word)
    return (f"Counted as what? The groups' totals count the edges (and the values on them) "
            f"from one group to the other, not the {word} at either end. Ask 'how many edges "
            f"go from … to …' or for one {one}'s partners.")


def _pair_calls(st: PlanState) -> list[Call]:
    attr, _ = _pair_values(st.question, groupings(_meaning(st)))
    if not attr or not _pair_bonus(st):
        return []
    meaning = _meaning(st)
    value = named_weight(st.question, meaning) or _counted_column(st) or _how_much(st)  # "how many tonnes go
    default = meaning.get("default_weight")  # from A to B", "total emails" on a ``count``
    if value is None and _compared(st) and (meaning.get("weights") or {}).get(default) == \
            "strength":
        value = default  # "email Legal more": more emails, not more sender-recipient pairs
    both = bool(meaning.get("directed") and _BOTH_WAYS_SUMMED.search(st.question))
    return [Call("group_analysis", {"attribute": attr, "top_k": 200,
                                    **({"weight": value} if value else {}),
                                    **({"pairs": True} if both else {})})]


def _how_much(st: PlanState) -> str | None:
    """"How much money flows from Spain to Morocco": a quantity, never a count of edges; the
    graph's one edge value that is no length (its default weight first), else None."""
    if not re.search(r"\bhow much\b|\bhow many times\b|\bhow often\b", st.question,
                     re.IGNORECASE):  # ("how many times did a midfielder pass to a defender":
        return None  # the passes counted, not the passing pairs)
    roles = _meaning(st).get("weights") or {}
    default = _meaning(st).get("default_weight")
    if default and roles.get(default) != "distance":
        return str(default)
    kept = [str(c) for c, r in roles.items() if r != "distance"]
    return kept[0] if len(kept) == 1 else None


#: what a total between two groups counts: "total emails", "how many calls", "number of kegs"
_COUNTED_NOUN = re.compile(r"\b(?:total|how many|number of|count of)\s+(?:(?:number|count) of\s+)?"
                           r"([a-z]+s)\b", re.IGNORECASE)


def _counted_column(st: PlanState) -> str | None:
    """The edge column that counts the things a total between two groups counts ("total
    emails from Sales to HR" on a ``count`` column sums it); None for the edges themselves
    ("how many ties", "how many shipments" on a ``tonnes`` column)."""
    from igraph_agent.model.query_intents import count_column

    m = _COUNTED_NOUN.search(st.question)
    if not m or re.fullmatch(r"edges|ties|links|connections|pairs|relationships|arcs",
                             m.group(1), re.IGNORECASE):
        return None
    return count_column(st, m.group(1)) or _moves_column(st, m)


#: things said to move: "how many patients went from Surgery to Critical"
_MOVED = re.compile(r"\s+(?:(?:were|got|have\s+been)\s+)?(?:went|go|goes|moved?|flow(?:ed|s)?|travel+ed|"
                    r"came|come|passed|transferred|sent|referred|shipped|migrated|switched)\s+"
                    r"(?:\w+\s+)?(?:from|between|out\s+of|into|to)\b", re.IGNORECASE)
#: an edge column that counts the moves themselves
_MOVES = re.compile(r"transfer|trip|shipment|move|movement|flow|journey|referral|visit|passenger|"
                    r"deliver|migra|commut|admission", re.IGNORECASE)


def _moves_column(st: PlanState, counted: re.Match) -> str | None:
    """The one strength column that counts moves (``transfers``, ``trips``) when the question
    counts the things that moved ("how many patients went from Surgery to Critical"): each
    move is one of them; None for the data's word for its nodes."""
    from igraph_agent.model import vocabulary
    from igraph_agent.model.query_intents import _raw_info

    noun = counted.group(1).lower()
    if vocabulary.singular(noun) in {*vocabulary.NODE_NOUNS, *vocabulary.data_nouns(_raw_info(st))} \
            or not _MOVED.match(st.question, counted.end()):
        return None
    roles = _meaning(st).get("weights") or {}
    found = [c for c, r in roles.items() if r == "strength" and _MOVES.search(c)]
    return found[0] if len(found) == 1 else None


def _pair_render(st: PlanState, obs: list[Observed]) -> str:
    o = next((o for o in obs if o.tool == "group_analysis" and o.ok), None)
    _, values = _pair_values(st.question, groupings(_meaning(st)))
    if o is None or len(values) < 2:
        return UNRESOLVED[1] + " (the two groups are not values of one node attribute)."
    d, (a, b) = o.data, values
    cells = {(str(r["from"]), str(r["to"])): r for r in d["mixing"] if isinstance(r, dict)}
    if len(d["mixing"]) < (d.get("mixing_pairs") or 0) and (a, b) not in cells:
        return (f"The {d['attribute']} mixing lists only its heaviest pairs here; {a} → {b} "
                "is not among them.")
    # the edge value only when the question asks for it ("how many tonnes"); a count of
    # shipments is a count of edges even where tonnes is the default weight
    w = d["weight_used"].get("attribute") if o.args.get("weight") else None
    noun = _COUNTED_NOUN.search(st.question) if w and w == _counted_column(st) and not \
        named_weight(st.question, _meaning(st)) else None  # "emails" on a ``count`` column
    unit = f"{noun.group(1).lower()}** ({w} summed)" if noun else f"{w}**"

    def said(frm: str, to: str) -> str:
        r = cells.get((frm, to)) or {"edges": 0, "weight": 0}
        if w:
            return f"**{shown(r.get('weight', 0))} {unit} over {r['edges']} edge(s)"
        return f"**{r['edges']}** edge(s)"

    if a == b:  # "bio-bio collaborations", "within chem": the group's own edges
        return f"Within {a} ({d['attribute']}, both ends): {said(a, a)}."
    if d["directed"] and (cmp := _compared(st)) is not None:
        a, b, more = cmp
        one, back = (cells.get(k) or {"edges": 0, "weight": 0} for k in ((a, b), (b, a)))
        key = "weight" if w else "edges"
        x, y = one.get(key, 0), back.get(key, 0)
        yes = x > y if more else x < y
        cols = _meaning(st).get("direction") or []
        way = f", {cols[0]} → {cols[1]}" if len(cols) == 2 else ""
        return (f"**{'Yes' if yes else 'No'}** — from {a} to {b} ({d['attribute']}{way}): "
                f"{said(a, b)}; from {b} to {a}: {said(b, a)}.")
    if d["directed"] and _BOTH_WAYS_SUMMED.search(st.question):  # "both directions together"
        row = next((r for r in d.get("pair_totals") or [] if {str(g) for g in r["groups"]}
                    == {a, b}), {"edges": 0, "weight": 0})
        total = (f"**{shown(row.get('weight', 0))} {unit} over {row['edges']} edge(s)" if w
                 else f"**{row['edges']}** edge(s)")
        return (f"Between {a} and {b} ({d['attribute']}), both directions together: {total}; "
                f"from {a} to {b}: {said(a, b)}; from {b} to {a}: {said(b, a)}.")
    asked = str(st.context.get("asked") or st.question)
    if d["directed"]:  # "do the Continental operators sell any energy to Nordic ones? y/n"
        there = (cells.get((a, b)) or {"edges": 0})["edges"]
        verdict = ("**Yes** — " if there else "**No** — ") if slots.opens_yes_no(asked) else ""
        return (f"{verdict}From {a} to {b} ({d['attribute']}): {said(a, b)}; the other way, "
                f"{b} to {a}: {said(b, a)}.")
    key = (a, b) if (a, b) in cells else (b, a)
    verdict = (("**Yes** — " if (cells.get(key) or {"edges": 0})["edges"] else "**No** — ")
               if slots.opens_yes_no(asked) else "")
    return f"{verdict}Between {a} and {b} ({d['attribute']}): {said(*key)}."


def _bridge_render(st: PlanState, obs: list[Observed]) -> str:
    d = rows_only(next((o.data for o in obs if o.tool == "group_analysis" and o.ok), None))
    if d is None or "bridges" not in d:
        return UNRESOLVED[1] + " (the two groups are not values of one node attribute)."
    b = d["bridges"]
    if not b["nodes"]:
        return f"No node has neighbours in both {b['a']} and {b['b']}."
    rows = []
    for r in b["nodes"][:5]:
        who = f"{r['node']}" + (f" ({r['label']})" if r.get("label") else "")
        score = (f", betweenness on {b['a']}→{b['b']} paths {shown(r['betweenness_between'])}"
                 if "betweenness_between" in r else "")
        rows.append(f"**{who}** ({r['group']}; {r['neighbours_in_a']} neighbour(s) in {b['a']}, "
                    f"{r['neighbours_in_b']} in {b['b']}{score})")
    return (f"**{b['total']}** node(s) link {b['a']} and {b['b']} (neighbours in both), "
            f"ranked by {b['ranked_by']}: " + "; ".join(rows) + ".")


# -- direction --------------------------------------------------------------------------
def _degree_calls(direction: str):
    def calls(st: PlanState) -> list[Call]:
        from igraph_agent.model.intents import where_values

        # "among the journal papers, which is cited most": ranked within the group named
        ways = ["in", "out"] if _each_way(st.question) else [direction]
        return [Call("degree_analysis", {"direction": w, "top_k": topn.top_k(st.question, 5),
                                         **where_values(st)}) for w in ways]
    return calls


def _each_way(question: str) -> bool:
    """"Who has the highest in-degree and who has the highest out-degree": both sides asked,
    each its own ranking (not "in and out together", which is one degree)."""
    from igraph_agent.model.intents import _BOTH_SIDES

    return bool(re.search(r"\bin-?degree|\bincoming", question, re.IGNORECASE)
                and re.search(r"\bout-?degree|\boutgoing", question, re.IGNORECASE)
                and not _BOTH_SIDES.search(question))


def _degree_render(what: str):
    def render(st: PlanState, obs: list[Observed]) -> str:
        ran = [o for o in obs if o.tool == "degree_analysis" and o.ok]
        if len(ran) > 1:  # in- and out-degree both asked
            return "\n\n".join(_degree_render("incoming" if o.args.get("direction") == "in"
                                               else "outgoing")(st, [o]) for o in ran)
        d = ran[0].data if ran else None
        if d is None:
            return "The degree analysis did not run."
        top = topn.listed(st.question, [(f"{r['node']}" + (f" ({r['label']})" if r.get("label")
                                                            else ""), str(r["degree"]))
                                         for r in d["top"]])
        if d.get("direction") == "all":
            return (f"The graph is undirected, so edges have no direction; by degree: {top}. "
                    "Rebuild it directed (construct_graph with directed=true) to count "
                    f"{what} edges.")
        among = "".join(f"Among nodes with {k} = {v}, b" for k, v in (d.get("where") or {}).items())
        asked = str(st.context.get("asked") or st.question)
        if MEAN_ASKED.search(asked) and not _RANKED_BY.search(asked):  # "on average, how many"
            return (f"{among[:-3] + ', t' if among else 'T'}he mean {d['direction']}-degree "
                    f"({what} edges per node) is **{d['mean_degree']}** over {d['nodes']} nodes "
                    f"(max {d['max_degree']}, min {d['min_degree']}); top: {top}.")
        return f"{among or 'B'}y {d['direction']}-degree ({what}): {_leaders(d)}; top: {top}."
    return render


#: a ranking by a mean ("which course has the highest average …"), which is no mean of the
#: graph (``vocabulary.MEAN_ASKED`` tells a mean asked)
_RANKED_BY = re.compile(r"\b(?:which|who|whom|rank|top|most|highest|lowest|largest|biggest|"
                        r"smallest|fewest|least)\b", re.IGNORECASE)


def _leaders(d: dict) -> str:
    """Who leads a degree ranking, naming every node tied at the top ("**ARN**, **DUB** and
    **LHR** tie with 4"), from the distribution when more tie than the top list shows."""
    best = d["top"][0]["degree"]
    shown = [r["node"] for r in d["top"] if r["degree"] == best]
    tied = next((r["count"] for r in d.get("distribution") or [] if r["degree"] == best),
                len(shown))
    if tied <= 1:
        return f"**{shown[0]}** leads"
    names = [f"**{n}**" for n in shown]
    listed = ", ".join(names[:-1]) + " and " + names[-1] if len(names) > 1 else names[0]
    if tied > len(shown):
        return f"{tied} nodes tie with {best}, among them {listed}"
    return f"{listed} tie with {best}"


def _structure_calls(st: PlanState) -> list[Call]:
    return [Call("direction_analysis", {})]


#: a yes/no question about cycles: "is there a cycle?", "does it have any loops?"
_ASKS_CYCLE = re.compile(r"^\s*(?:[\w-]+\s*[-–—:]+\s*)?(?:is|are|does|do|has|have|can|could|"
                         r"any)\b(?:(?!\bhow\b).)*\b(?:cycles?|cyclic|loops?|circular|circles?)\b",
                         re.IGNORECASE)


_ASKS_ACYCLIC = re.compile(r"^\s*(?:is|are|does|do|can|could)\b.*(?:\b(?:acyclic|dag|tree-?like|"
                           r"hierarch\w*)\b|\b(?:free of|without|no|never)\s+(?:any\s+)?"
                           r"(?:directed\s+)?(?:cycles?|loops?|circles?)\b|\b(?:cycle|loop)-?free\b|"
                           # "can we put all packages in a build order where each comes after
                           # everything it depends on": an order exists when nothing loops
                           r"\b(?:build|install|topological|valid|an?|one|single|some|any)\s+"
                           r"(?:order|sequence)\b.*\b(?:after|before|ahead of)\b)",
                           re.IGNORECASE)


#: "is the links graph strongly connected?": one strong component, Yes or No (its size is
#: the largest strong component's question)
_ASKS_STRONG = re.compile(r"^\s*(?:is|are)\s+(?:(?:the|this|that|our|my|it)\s+)?(?:[\w-]+\s+){0,3}"
                          r"strongly[- ]connected\b(?![- ]components?)", re.IGNORECASE)


_COUNTS_STRONG = re.compile(r"\b(?:how many|number of|count(?: of)?(?: the)?)\s+(?:\w+\s+)?"
                            r"strong(?:ly)?(?:[- ]connected)?\s+(?:components?|pieces?|parts?)\b",
                            re.IGNORECASE)


def _structure_render(st: PlanState, obs: list[Observed]) -> str:
    ob = next((o for o in obs if o.tool == "direction_analysis"), None)
    if ob is None or not ob.ok:
        return ("The graph is undirected: cycles, depth and reach need a directed graph "
                "(construct_graph with directed=true).")
    d, q = ob.data, st.question
    parts = ["It has **no directed cycle** (acyclic)" if d["acyclic"] else
             "It **has directed cycles**, e.g. "
             + " → ".join(str(c["node"]) for c in d["cycle"][:10] if isinstance(c, dict))]
    if _ASKS_ACYCLIC.search(q):  # "is the citation graph acyclic / a DAG / free of cycles?"
        parts[0] = ("**Yes** — it" if d["acyclic"] else "**No** — it") + parts[0][2:]
    elif _ASKS_CYCLE.search(q):  # "is there a cycle?": the yes or no first
        parts[0] = ("**No** — it" if d["acyclic"] else "**Yes** — it") + parts[0][2:]
    ranked = _reach_ranked(st, d)
    if ranked:  # "the top 3 courses by how many later courses depend on them"
        return ranked
    if d["acyclic"] and re.search(r"depth|deep|longest|chain|topolog|levels", q, re.IGNORECASE) \
            and not _ASKS_CYCLE.search(q) and not _ASKS_ACYCLIC.search(q) and \
            _CHAIN_NODES.search(q):  # "how many courses are in the longest chain": its nodes
        return (f"The longest directed chain has **{d['depth'] + 1}** nodes ({d['depth']} "
                f"edges, the topological depth); there is no directed cycle, and "
                f"{d['strong_components']} strongly connected component(s).")
    if d["acyclic"] and re.search(r"depth|deep|longest|chain|topolog|levels", q, re.IGNORECASE) \
            and not _ASKS_CYCLE.search(q) and not _ASKS_ACYCLIC.search(q):  # the depth first
        return (f"The longest directed chain is **{d['depth']}** edges long (the topological "
                f"depth); there is no directed cycle, and {d['strong_components']} strongly "
                "connected component(s).")
    if d["acyclic"] and re.search(r"depth|deep|longest|chain|topolog", q, re.IGNORECASE):
        parts.append(f"its topological depth is **{d['depth']}** edges on the longest directed "
                     "path")
    if re.search(r"reach|indirect|upstream|downstream|descendant|ancestor", q, re.IGNORECASE):
        how = "" if d["reach"]["exact"] else (
            f" (estimated from {d['reach']['sampled_sources']} sampled searches, standard "
            f"error up to {shown(d['reach']['standard_error_max'])})")
        a, b = d["most_reached_from"][0], d["most_reaching"][0]
        parts.append(f"**{a['node']}** is reached from the most nodes ({shown(a['reached_from'])}) "
                     f"and **{b['node']}** reaches the most ({shown(b['reaches'])}){how}")
    parts.append(f"{d['strong_components']} strongly connected component(s)")
    if _COUNTS_STRONG.search(q):  # "how many strongly connected components": that count first
        return (f"**{d['strong_components']} strongly connected** component(s) (sets of nodes "
                "that reach each other along the edges); " + "; ".join(parts[:-1]).replace(
                    "It ", "it ", 1) + ".")
    if _ASKS_STRONG.search(q):  # the yes or no first, from the strong components
        strong = d["strong_components"] == 1
        return (f"**{'Yes' if strong else 'No'}** — {'every' if strong else 'not every'} node "
                "reaches every other along the edges: "
                f"{d['strong_components']} strongly connected component(s). "
                + "; ".join(parts[:-1]) + ".")
    return "; ".join(parts) + "."


#: a chain's length in its nodes: "how many courses are in the longest chain", "counting the
#: first and last"
_CHAIN_NODES = re.compile(r"\bhow\s+many\s+(?!(?:edges|links|arcs|steps|hops|arrows|levels|"
                          r"moves|jumps)\b)[a-z]+\s+(?:are\s+|sit\s+|lie\s+)?(?:in|on|along)\b|"
                          r"\bcount(?:ing)?\s+(?:both\s+)?(?:the\s+)?(?:first|start|ends?)\b", re.IGNORECASE)
#: a ranking by how many nodes depend on each: "the top 3 courses by how many later courses
#: depend on them", "which package has the most packages depending on it, even indirectly"
_BY_DEPENDENTS = re.compile(r"\b(?:depend(?:s|ing)?|rel(?:y|ies|ying)|build(?:s|ing)?)\s+(?:up)?on\s+"
                            r"(?:it|them|each)\b|\bdependents\b|\b(?:need|require)s?\s+(?:it|them)\b",
                            re.IGNORECASE)
_BY_REACHED = re.compile(r"\b(?:reach(?:es)?|downstream|later|after|descendants?|unlocks?|opens?\s+up|"
                         r"leads?\s+to)\b", re.IGNORECASE)
_BY_REACHING = re.compile(r"\b(?:reached\s+(?:from|by)|upstream|before|ancestors?|prior|"
                          # "which paper do the most papers reach": the one reached
                          r"(?:do|does|did|can)\s+the\s+most\s+(?:\w+\s+)?(?:reach|get\s+to|lead\s+to))\b",
                          re.IGNORECASE)


def _reach_ranked(st: PlanState, d: dict) -> str:
    """Nodes ranked by how many others they reach or are reached from, when a ranking of
    that is asked ("top 3 … by how many later courses depend on them"), else ""."""
    from igraph_agent.model import vocabulary

    q = str(st.context.get("asked") or st.question)
    if not re.search(r"\b(?:top|rank\w*|most|which|who)\b", q, re.IGNORECASE) or \
            not re.search(r"\bindirect\w*|\btransitiv\w*|\ball\s+the\s+way|\beventually|"
                          r"\bdownstream|\bupstream|\bdescendants?|\bancestors?", q, re.IGNORECASE):
        return ""
    ends = [str(c) for c in (_meaning(st).get("direction") or [])][:2]
    if _BY_DEPENDENTS.search(q):  # what needs a node: downstream when the source is needed
        key = {"source": "most_reaching", "target": "most_reached_from"}.get(
            vocabulary.needed_end(ends) or "", "")
    elif _BY_REACHING.search(q):
        key = "most_reached_from" if not re.search(r"\b(?:downstream|later|after|descendants?|unlocks?|"
                                                   r"opens?\s+up)\b", q, re.IGNORECASE) else ""
    elif _BY_REACHED.search(q):
        key = "most_reaching"
    else:
        key = ""
    if not key or not d.get(key):
        return ""
    field = "reaches" if key == "most_reaching" else "reached_from"
    k = topn.top_count(q) or 1
    rows = d[key][:max(k, 1)]
    way = "reach" if key == "most_reaching" else "are reached from"
    listed = ", ".join(f"**{r['node']}** ({shown(r[field])})" for r in rows)
    return (f"By how many nodes each can {way.replace('are ', 'be ')} along the edges, directly or "
            f"through others: {listed}." if k > 1 else
            f"**{rows[0]['node']}** {'reaches' if field == 'reaches' else 'is reached from'} the "
            f"most nodes along the edges, directly or through others: **{shown(rows[0][field])}**.")


#: the words of a direction, on a directed graph: edges that arrive at a node, or leave it
_INCOMING = (r"\b(?:most|many|fewest|highest number of|largest number of) (?:\w+ )?(?:incoming|"
             r"arriving|inbound|arrivals|received|in-?links|in-?degree)\b|\bin-?degree\b|"
             r"\bmost (?:\w+ )?(?:arrive|come in|point to)")
_OUTGOING = (r"\b(?:most|many|fewest|highest number of|largest number of) (?:\w+ )?(?:outgoing|"
             r"departing|outbound|departures|sent|out-?links|out-?degree)\b|\bout-?degree\b|"
             r"\bmost (?:\w+ )?(?:depart|leave|go out)")


def _directed_bonus(st: PlanState) -> float:
    """Arriving / leaving words rank in- or out-degree only on a directed graph, and only when
    the question names no edge value: "who sends the most messages" on a
    ``sender,recipient,messages`` table sums the messages (edge_totals), it counts no edges."""
    from igraph_agent.model.query_intents import edge_attr

    if edge_attr(st):
        return -10.0
    return 3.0 if _meaning(st).get("directed") else 0.0


def _no_direction(st: PlanState) -> str | None:
    """On an undirected graph "most cited" has nothing to read: ask, naming what it can do."""
    info = st.last_ok("get_graph_info")
    if info is None or info.data.get("directed"):
        return None
    return ("The graph is undirected, so its edges have no direction: nothing in it says who "
            "cites or follows whom. I can rank nodes by degree (all their edges) instead, or "
            "you can rebuild the graph directed (construct_graph with directed=true).")


# -- two modes --------------------------------------------------------------------------
#: a question about one named pair, a count of pairs or everyone's reach: no top-pairs ranking
_ONE_PAIR = re.compile(r"\b(?:do|does|did)\s+\S+\s+and\s+\S+\s+(?:\w+\s+)?(?:have|share)\b|"
                       r"\bhow many\b[^?]*\bpairs\b|\bnumber of pairs\b|\beveryone\b|"
                       r"\bconnected to (?:every|all)", re.IGNORECASE)
#: a measure of the nodes of the projection ("who is most central in the actor-actor
#: network"): its top pairs would answer another question
_PROJECTED_MEASURE = re.compile(r"\bcentral\w*|\bbetweenness|\bpage ?rank|\bcloseness|"
                                r"\beigenvector|\binfluen\w*|\bimportan\w*|\bhubs?\b|"
                                r"\bbrokers?\b|\bcommunit\w*|\bclusters?\b|"
                                r"\bdegrees?\b|\bdensity\b|\bdiameter\b|\bbridges?\b",
                                re.IGNORECASE)
#: whether two nodes are joined through the other side: a path, not the top pairs
_CHAIN = re.compile(r"^\s*(?:is|are|can|could|does|do|was|were)\b.*\b(?:linked|connected|"
                    r"reach\w*|chains?|paths?|routes?)\b", re.IGNORECASE)
#: words before a side's noun that make it the thing counted ("the most projects", "exactly
#: three projects"), so the question ranks the other side
_COUNTED = re.compile(r"(?:\bmost|\bfewest|\bleast|\b(?:more|fewer|less) than \w+|\bexactly \w+|"
                      r"\b(?:\d+|two|three|four|five|six|seven|eight|nine|ten)\s*(?:\+|or\s+(?:more|fewer|less|"
                      r"over|under|above|below))|"
                      r"\bat (?:least|most) \w+|\bonly \w+|(?<!which )(?<!what )(?<!if )(?<!when )(?<!any )"
                      r"(?<!link )(?<!connect )(?<!top )(?<!bottom )(?<!first )(?<!the )\b(?:\d+|two|three|four|five|"
                      r"six|seven|eight|nine|ten|several))\s+(?:(?:other|different|distinct|separate)\s+)?$",
                      re.IGNORECASE)


#: a side named as what the asked nodes' values are summed over: "the most years across all
#: their clubs", "adding up all her courses", "over its members" (the other side is ranked)
_SUMMED_OVER = re.compile(r"(?:\b(?:their|his|her|its)\s+(?:own\s+|different\s+|various\s+)?|"
                          r"\b(?:across|over)\s+(?:all\s+)?(?:(?:of\s+)?the\s+)?)$",
                          re.IGNORECASE)


def _short_for(word: str, name: str) -> bool:
    """Whether ``word`` is a clipped form of ``name`` ("repo" of "repository", "org" no:
    four letters at least, and the name at least half again as long)."""
    return len(word) >= 4 and name.startswith(word) and len(name) >= 1.5 * len(word) and \
        word not in {"part", "form", "mess", "tran", "comp", "cont", "inte", "pers"}


def sides_named(st: PlanState) -> list[tuple[int, str]]:
    """The sides of a two-mode graph the question names, with where each is first named,
    in the singular or the plural ("divers", "guild" / "guilds")."""
    found = []
    for side in ((_meaning(st).get("modes") or {}).get("sides") or {}):
        s = str(side).lower()
        singular = {"women": "woman", "men": "man", "people": "person"}.get(s, s.rstrip("s"))
        # a side named by an attribute's singular value ("guild") is asked in the plural
        plural = {s + "s", s + "es", s[:-1] + "ies" if s.endswith("y") else s,
                  {"woman": "women", "man": "men", "person": "people"}.get(s, s)}
        if s.endswith("ies"):
            plural.add(s[:-3] + "y")  # "ladies": "which lady"
        if re.search(r"(?:ch|sh|x|z)es$", s):
            plural.add(s[:-2])  # "dishes": "which dish"
        at = [m.start() for w in (s, singular, *plural)
              for m in [re.search(rf"(?<![\w]){re.escape(w)}(?![\w])", st.question, re.IGNORECASE)]
              if m]
        at += [m.start() for m in re.finditer(r"(?<![\w'-])([a-z]{4,})s?(?![\w'-])", st.question,
                                              re.IGNORECASE)
               if _short_for(m.group(1).lower(), singular)]  # "repos" for ``repository``
        if at:
            found.append((min(at), str(side)))
    return found


def _side_in(st: PlanState) -> str | None:
    """The side the question asks about: the first side it names ("which course has the
    most students" ranks the courses)."""
    modes = _meaning(st).get("modes") or {}
    found = sides_named(st)
    counted = {s for at, s in found if _COUNTED.search(st.question[:at])
               or _SUMMED_OVER.search(st.question[:at])}
    plain = [f for f in found if f[1] not in counted]
    if plain:
        return min(plain)[1]
    sides = [str(s) for s in (modes.get("sides") or {})]
    if len(sides) == 2 and len(counted) == 1:  # "who is on exactly three projects"
        return next(s for s in sides if s not in counted)
    return min(found)[1] if found else None


def _side_bonus(st: PlanState) -> float:
    return 3.0 if _side_in(st) else 0.0


#: what a ranking of one side counts: the other side's nodes or links ("the most grants",
#: "the biggest team"); "the most brilliant researcher" counts nothing the graph holds
_LINK_WORDS = re.compile(r"\b(?:links?|ties|connections?|partners?|members?|memberships?|teams?|"
                         r"people|participants?|degree|sign-?ups?|enrol\w*|registrations?|"
                         r"collaborat\w*|busiest|popular|involved)\b", re.IGNORECASE)


#: "the most co-authors", "the most classmates": the nodes sharing a partner are counted
#: (the projection's degree), not the node's own partners
_CO_COUNTED = re.compile(r"\bco-(?!occur|ordinat|operat)[a-z]{3,}|\bco(?:author|star|worker|member|"
                         r"writer)s?\b|(?!esti|cli|pri|ulti|in)[a-z]{3,}mates\b|\bfellow",
                         re.IGNORECASE)


def _rank_bonus(st: PlanState) -> float:
    """One side ranked by its links, when the question counts the other side or links."""
    side = _side_in(st)
    if side is None or _CO_COUNTED.search(str(st.context.get("asked") or st.question)):
        return 0.0
    others = [str(s) for s in (_meaning(st).get("modes") or {}).get("sides") or {} if s != side]
    counted = any(re.search(rf"(?<![\w]){re.escape(o.lower().rstrip('s'))}", st.question,
                            re.IGNORECASE) for o in others)
    # the side's own word is no link word ("which participant has the highest betweenness")
    own = re.sub(rf"(?<![\w])(?:{re.escape(side)}|{re.escape(_one_of(side))})(?![\w])", " ",
                 st.question, flags=re.IGNORECASE)
    return 3.0 if counted or _LINK_WORDS.search(own) or _sized(st, side) else 0.0


#: a size adjective: "the biggest club" is the one with the most partners
_SIZED = re.compile(r"\b(?:biggest|largest)\s+$", re.IGNORECASE)


def _sized(st: PlanState, side: str) -> bool:
    """Whether the question asks for the biggest node of ``side`` ("what's the biggest
    club"): its size is its number of partners."""
    return any(s == side and _SIZED.search(st.question[:at]) for at, s in sides_named(st))


def _side_calls(st: PlanState) -> list[Call]:
    side = _side_in(st)
    return [Call("degree_analysis", {"side": side, "top_k": 5})] if side else []


def _side_render(st: PlanState, obs: list[Observed]) -> str:
    d = next((o.data for o in obs if o.tool == "degree_analysis" and o.ok), None)
    if d is None:
        return "The ranking did not run."
    top = ", ".join(f"{r['node']} ({r['degree']})" for r in d["top"][:5])
    lead = d["top"][0]
    ties = [r for r in d["top"] if r["degree"] == lead["degree"]]
    if len(ties) > 1:  # "s00 has the most" would hide six others with as many
        at_max = next((r["count"] for r in d.get("distribution") or []
                       if r["degree"] == lead["degree"]), None)
        count = f"{at_max}" if at_max else f"{len(ties)}" + (
            " or more" if len(ties) == len(d["top"]) else "")
        names = ", ".join(f"**{r['node']}**" for r in ties)
        shown_ = "" if at_max == len(ties) else ", among them"
        return (f"Among the {_many(d.get('side'))}, {count} tie for the most links "
                f"(**{lead['degree']}** each){shown_}: {names}.")
    return (f"Among the {_many(d.get('side'))}, **{lead['node']}** has the most links "
            f"(**{lead['degree']}**); top: {top}.")


def _many(side: Any) -> str:
    """A side's name in the plural, as a sentence says it ("Among the members")."""
    word = str(side or "")
    if not word or word.endswith(("s", "en")) or not word.isalpha():
        return word
    return word[:-1] + "ies" if word.endswith("y") and word[-2:-1] not in "aeiou" else word + "s"


# -- one node's partners on the other side ---------------------------------------------
def _member_name(st: PlanState) -> str | None:
    """The one node a two-mode question names ("which students take Drama", "how many
    courses does s05 take"), not a side's own word."""
    from igraph_agent.model import slots

    if not _side_in(st) and not _EVERYONE_IN.search(st.question):
        return None
    sides = {str(x).lower().rstrip("s") for x in (_meaning(st).get("modes") or {}).get("sides")
             or {}}
    if not sides:
        return None
    names = [n for n in slots.named(st.question) if n.lower().rstrip("s") not in sides]
    return names[0] if len(names) == 1 else None


#: the people of one named node, no side named: "list everyone in the Choir", "who all is at
#: Ridgeway" (its partners on the other side)
_EVERYONE_IN = re.compile(r"\b(?:every(?:one|body)|any(?:one|body)|all\s+(?:the\s+)?people|"
                          r"all\s+those|the\s+people|who(?:\s+all)?)\s+(?:(?:is|are|was|were|"
                          r"belongs?|signed\s+up|enrolled|registered)\s+)?(?:in|at|on|of|to|for|"
                          r"from|with)\s+(?:the\s+)?(?-i:[A-Z0-9])", re.IGNORECASE)


#: the projection defined in words: "link two events whenever a woman attended both"
_BOTH_DEFINED = (r"(?:when|whenever|if)\s+(?:an?|one|some|any|the same)\s+[\w-]+\s+(?:\w+\s+){0,2}"
                 r"both")


#: a question about the nodes sharing a partner with a named one ("who shares a grant with
#: kowalska", "okafor's collaborators"): two steps away, on the named node's own side
_CO = re.compile(r"\b(?:shares?|shared|sharing|together|in common|alongside|collaborat\w*|"
                 # the projection defined in words: "link two members whenever they've
                 # borrowed the same game"
                 r"\w+ the same|"
                 # "pollinators visiting a plant that the bumblebee also visits"
                 r"(?:that|which|whom?)\s+(?:the\s+)?[\w'.-]+\s+(?:also|too)\s+[a-z]+|"
                 rf"{_BOTH_DEFINED}|"
                 r"co-?workers?|co-?members?|colleagues|classmates|teammates|partners|"
                 # "J04's co-jurors", "how many co-anglers": any co- noun of a member's side
                 r"co-(?!occur|ordinat|operat)[a-z]{3,}|"
                 # "Tomas's fellow guild members", "Ines's dive buddies", "her lab-mates"
                 r"fellows?|buddy|buddies|peers|\w+[- ]mates?|"
                 r"(?!esti|cli|pri|ulti|in)[a-z]{3,}mates?|"
                 r"[a-z]+(?:s|ed)?\s+(?:\w+\s+)?(?:with|alongside)(?!\s+(?:the\s+)?most\b))\b",
                 re.IGNORECASE)


#: a condition on the partners ("only Biology", "both", "more than", "besides"): listing
#: them all would answer another question
_MEMBERS_NARROWED = re.compile(r"\b(?:only|just|exclusively|besides|other than|apart from|both|"
                               r"also|more|most|fewest|least|than|every|none|neither|either|"
                               r"average|same|no|not|without|never|lack\w*|missing|except|"
                               r"other|others|"
                               r"excluding)\b|n't\b", re.IGNORECASE)


#: "… that B didn't", "… which B never went to": the partners B lacks
_NOT_DONE = re.compile(r"^\s*(?:\w+\s+){0,2}?(?:didn'?t|did\s+not|never|hasn'?t|has\s+not|"
                       r"haven'?t|have\s+not|doesn'?t|does\s+not|don'?t|do\s+not|wasn'?t|"
                       r"was\s+not|weren'?t|were\s+not|skipped|missed|sat\s+out|stayed\s+away\s+from)\b",
                       re.IGNORECASE)
#: "A but not B", "A and not B", "A, not B", "A except B", "by A but not by B"
_BUT_NOT = re.compile(r"(?:\b(?:but|and)\s+not|,\s*not|\bexcept(?:\s+for)?|\bexcluding|"
                      r"\bminus)\s+(?:by\s+|with\s+|to\s+|for\s+|at\s+)?(?:those\s+of\s+)?$",
                      re.IGNORECASE)


def _difference(st: PlanState) -> list[str] | None:
    """[A, B] when a two-mode question asks for A's partners that B lacks ("which events did
    Nora go to that Evelyn didn't", "which courses does s01 take but not s02"), else None."""
    from igraph_agent.model import slots

    names = slots.named(st.question)
    if len(names) != 2 or not _side_in(st):
        return None
    q = st.question
    a_end = q.find(names[0]) + len(names[0])
    b_at = q.find(names[1], a_end)
    if b_at < 0:
        return None
    between, after = q[a_end:b_at], q[b_at + len(names[1]):]
    if (re.search(r"\b(?:that|which|where|who|whom|but)\b", between, re.IGNORECASE)
            and _NOT_DONE.match(after)) or _BUT_NOT.search(between):
        return names
    return None


def _member_names(st: PlanState) -> list[str]:
    """The nodes of a two-mode question naming two or three of one side joined by "or" /
    "and" ("which chefs cook tiramisu or mochi") or one's partners less another's
    (``_difference``), else the one of ``_member_name``."""
    from igraph_agent.model import slots

    one = _member_name(st)
    if one is not None or not _side_in(st):
        return [one] if one else []
    less = _difference(st)
    if less:
        return less
    names = slots.named(st.question)
    if not 2 <= len(names) <= 3 or not re.search(
            r"\s(?:or|and)\s+" + re.escape(names[-1]), st.question, re.IGNORECASE):
        return []
    between = st.question[st.question.find(names[0]) + len(names[0]):st.question.rfind(names[-1])]
    return names if re.fullmatch(r"(?:\s*,\s*[^,]+?)*\s*,?\s*(?:or|and)\s+", between,
                                 re.IGNORECASE) else []


def _members_bonus(st: PlanState) -> float:
    q = st.question
    names = _member_names(st)
    if len(names) >= 2 and not re.search(r"\bor\b", q, re.IGNORECASE):
        q = re.sub(r"\bboth\b", " ", q, flags=re.IGNORECASE)  # "did both A and B attend": all
    # "what fraction of hides has Tove visited": a share, which no count of partners is
    if re.search(r"\bnodes have [\w ]+ = ", q):
        return 0.0  # "How many nodes have department = Photography and kind = curator?"
    if _counts_a_stranger(st):
        return 0.0  # "how many meals did the sat_central shift serve": no partner counted
    return 3.6 if (names and not _difference(st) and not _CO.search(q)
                   and not _SHARE_ASKED.search(q) and not _MEMBERS_NARROWED.search(q)) else 0.0


def _counts_a_stranger(st: PlanState) -> bool:
    """Whether "how many <noun>" counts a noun that is no side, no node and no edge of this
    graph ("how many meals did the sat_central shift serve" on volunteers and shifts): the
    partners would answer another question."""
    from igraph_agent.model import size_nouns, vocabulary

    noun = size_nouns.counted_noun(str(st.context.get("asked") or st.question))
    if noun is None:
        return False
    info = st.last_ok("get_graph_info")
    data = info.data if info else {}
    one = vocabulary.one_of(noun)
    known = {vocabulary.one_of(w) for w in (*vocabulary.data_nouns(data), *vocabulary.NODE_NOUNS,
                                            *size_nouns.EDGE_WORDS, *vocabulary.own_words(data))}
    known |= vocabulary.side_words(_meaning(st))
    cols = {p for c in (_meaning(st).get("weights") or {}) for p in re.split(r"[_\s-]+", str(c).lower())}
    return one not in known and noun not in known and one not in cols and noun not in cols and \
        noun not in {"people", "persons", "others", "ones", "times", "partners", "members",
                     "neighbours", "neighbors", "contacts", "friends", "links", "ties", "nodes"}


def _difference_bonus(st: PlanState) -> float:
    q = st.question
    return 3.6 if (_difference(st) and not _CO.search(q) and not _SHARE_ASKED.search(q)) else 0.0


#: a ranking or a threshold among them ("who shares the most courses with s05", "at least
#: two"): no list of all of them answers it
_CO_RANKED = re.compile(r"\b(?:most|(?<!at )least|fewest|top|highest|lowest|strongest|best|more|fewer|"
                        r"often|average|mean)\b|\bat least (?!one\b|1\b|a\b)", re.IGNORECASE)


#: a distance between two nodes of one side ("how many hops separate nadia and ivo"), not
#: one node's co-members
_CO_DISTANCE = re.compile(r"\bhops?\b|\bsteps?\b|\bseparat\w*|\bhow far\b|\bdistance\b|"
                          r"\bpath\b|\bapart\b", re.IGNORECASE)


#: a condition that excludes ("never shared a film with Ava but worked with her co-stars"):
#: the nodes sharing a partner are not the answer
_CO_EXCLUDED = re.compile(r"\b(?:never|not|no|without|except|excluding|apart from|other than|"
                          r"besides|but|neither|nor)\b|n't\b", re.IGNORECASE)


#: working beside someone, said without a side's word: "who has Ava Stone worked with"
#: ("teammates" or "played with" in a tournament table may be opponents: not read)
_WORKED_WITH = re.compile(r"\b(?:worked|acted|starred|appeared|collaborated|performed|sung|"
                          r"sang|written|wrote|recorded|studied|served)\s+(?:\w+\s+)?with\b|"
                          # "how many other women did Evelyn co-attend with": a co- verb
                          r"\bco-?(?!occur|ordinat|operat)[a-z]{3,}\s+with\b|"
                          # "who has Ines fished with", "how many others did Ines fish with":
                          # any verb, its "with" stranded at the end
                          r"^\s*(?:who|whom|how many(?:\s+other)?\s+[a-z]+|which(?:\s+other)?\s+"
                          r"[a-z]+)\s+(?:has|have|had|did|does|do)\s+[\w'.-]+"
                          r"(?:\s+[\w'.-]+)?\s+(?:ever\s+)?[a-z-]+\s+with\s*[?.!]*\s*$",
                          re.IGNORECASE)


def _co_name(st: PlanState) -> str | None:
    """The one node whose co-members are asked: as ``_member_name``, or on a two-mode graph
    the one name of a question without a side's word ("who has Ava Stone worked with")."""
    from igraph_agent.model import slots

    name = _member_name(st)
    if name is not None or not (_meaning(st).get("modes") or {}).get("sides") or \
            not (_WORKED_WITH.search(st.question)
                 or re.search(rf"\b{_BOTH_DEFINED}\b", st.question, re.IGNORECASE)):
        return name
    names = slots.named(st.question)
    return names[0] if len(names) == 1 else None


#: the edges between groups asked: "between people on different streets", "across teams"
_BETWEEN_ASKED = re.compile(r"\bbetween\b|\b(?:on|in|of|from|at)\s+(?:two\s+)?(?:different|separate|"
                            r"distinct)\s+(?:\w+\s+)?\w+s\b|\bfrom one (?:\w+ )?\w+ to the other\b|"
                            r"\bone end in each\b", re.IGNORECASE)


#: a two-way flow asked as one figure: "both directions together", "in total, either way"
_BOTH_WAYS_SUMMED = re.compile(r"\bboth (?:directions|ways)\b|\b(?:together|combined|in total|"
                               r"altogether|either (?:way|direction)|in all|overall|summed)\b",
                               re.IGNORECASE)


def _co_bonus(st: PlanState) -> float:
    return 3.8 if (_co_name(st) and _CO.search(st.question)
                   and not _CO_RANKED.search(st.question)
                   and not _CO_EXCLUDED.search(st.question)
                   and not _CO_DISTANCE.search(st.question)) else 0.0


def _co_calls(st: PlanState) -> list[Call]:
    from igraph_agent.model.graph_intents import resolve_names

    name = _co_name(st)
    if name is None:
        return []
    searches, ids = resolve_names(st, [name])
    if ids is None:
        return searches
    return [*searches, Call("local_analysis", {"node": ids[0], "radius": 2, "limit": 200})]


def _co_render(st: PlanState, obs: list[Observed]) -> str:
    from igraph_agent.model.graph_intents import found_reply

    o = next((o for o in obs if o.tool == "local_analysis" and o.ok), None)
    name = _co_name(st)
    if o is None or name is None:
        from igraph_agent.model.graph_intents import unresolved_names
        return unresolved_names(st, [name]) if name else UNRESOLVED[1] + "."
    hops = {h["hop"]: h for h in o.data.get("neighbours_by_hop") or []}
    via, two = hops.get(1), hops.get(2)
    if two is None or not two["count"]:
        return found_reply(st, [name]) + f"**None**: no other node shares a partner with {o.data['node']}."
    listed = ", ".join(f"**{r['node']}**" for r in two["nodes"])
    more = "" if len(two["nodes"]) == two["count"] else f" (first {len(two['nodes'])})"
    through = f" through its {via['count']} link(s)" if via else ""
    from igraph_agent.graph.semantics import _plural

    noun = _co_side(st)
    side = f"{_plural(noun)} share" if two["count"] != 1 else f"{_one_of(noun)} shares"
    return (found_reply(st, [name]) + f"**{two['count']}** {side} at least one partner with "
            f"**{o.data['node']}**{through}: {listed}{more}.")


#: a side's noun as the shared thing ("shares a lake with", "the same trial", "lake-mates"):
#: the co-members are on the other side
_SHARED_SIDE = (r"(?:\b(?:a|an|the|any|one|some|same)\s+(?:same\s+)?{s}\b|"
                r"\b{s}[- ]?(?:mates?|members?|buddies|buddy|peers?)\b)")


def _co_side(st: PlanState) -> str:
    """The side the co-members of a named node are on, as the question names it: the side
    counted or listed ("co-jurors", "fellow anglers", "which anglers share a lake"), or the
    other side of the one shared ("who shares a lake with Lior": anglers); else "nodes"."""
    sides = [str(s) for s in (_meaning(st).get("modes") or {}).get("sides") or {}]
    named = [s for _, s in sorted(sides_named(st))]
    if len(sides) != 2 or not named:
        return "nodes"
    q = st.question
    members = set()
    for side in named:
        stem = re.escape(side.lower().rstrip("s"))
        if re.search(_SHARED_SIDE.format(s=stem + r"(?:e?s)?"), q, re.IGNORECASE):
            members.add(next(o for o in sides if o != side))
        else:
            members.add(side)
    return members.pop() if len(members) == 1 else "nodes"


def _one_of(side: str) -> str:
    """One of a side's nodes ("anglers": "angler", "people": "person")."""
    low = side.lower()
    irregular = {"people": "person", "women": "woman", "men": "man", "children": "child"}
    if low in irregular:
        return irregular[low]
    if low.endswith("ies"):
        return side[:-3] + "y"
    return side[:-1] if low.endswith("s") and not low.endswith("ss") else side


def _less(lists: list[list[str]], nodes: list[str], side: str) -> str:
    """The first node's partners that the second lacks, counted (a count past ten is no
    tool's figure: the nodes are listed alone) and listed, then each node's own."""
    less = sorted(set(lists[0]) - set(lists[1]),
                  key=lambda n: [int(p) if p.isdigit() else p for p in re.split(r"(\d+)", n)])
    a, b = nodes
    counted = f"**{len(less)}** {side}" if len(less) <= 10 else f"These {side}"
    each = "; ".join(f"{n}: {', '.join(ls) or 'none'}" for n, ls in zip(nodes, lists, strict=True))
    if not less:
        return (f"**None**: every one of the {side} linked to {a} is linked to {b} too. "
                f"Each: {each}.")
    # the second node's own list is left out: its partners the first lacks are no answer
    return (f"{counted} are linked to {a} but not to {b}: "
            f"{', '.join(f'**{n}**' for n in less)}. All of {a}'s: {', '.join(lists[0])}.")


def _members_calls(st: PlanState) -> list[Call]:
    from igraph_agent.model.graph_intents import resolve_names

    names = _member_names(st)
    if not names:
        return []
    searches, ids = resolve_names(st, names)
    if ids is None:
        return searches
    # a node's partners are on the other side whichever way a directed table's edges point
    way = {"direction": "all"} if _directed(st) else {}
    # two nodes: their shared and joint partners counted by compare_nodes, so the answer
    # states no count a tool did not show
    pair = [Call("compare_nodes", {"nodes": ids})] if len(set(ids)) == 2 else []
    return [*searches, *(Call("local_analysis", {"node": i, "limit": 200, **way}) for i in ids),
            *pair]


def _directed(st: PlanState) -> bool:
    info = st.last_ok("get_graph_info")
    return bool(info and info.data.get("directed"))


def _members_render(st: PlanState, obs: list[Observed]) -> str:
    from igraph_agent.model.graph_intents import found_reply

    names = _member_names(st)
    ran = [o for o in obs if o.tool == "local_analysis" and o.ok]
    if len(names) > 1 and len(ran) == len(names):  # "tiramisu or mochi": each, then together
        lists = []
        for o in ran:
            hop = next((h for h in o.data.get("neighbours_by_hop") or [] if h["hop"] == 1), None)
            lists.append([str(r["node"]) for r in (hop or {}).get("nodes") or []])
        each = "; ".join(f"**{o.data['node']}**: {', '.join(ls) or 'none'}"
                         for o, ls in zip(ran, lists, strict=True))
        either = sorted(set().union(*lists))
        both = sorted(set(lists[0]).intersection(*lists[1:]))
        side = _other_side(st, ran[0].data["node"])
        if _difference(st) and len(lists) == 2:  # "… that Evelyn didn't"
            return found_reply(st, names) + _less(lists, [str(o.data["node"]) for o in ran], side)
        lengths = {len(ls) for ls in lists}
        compared = next((o.data.get("pairs") or [] for o in obs
                         if o.tool == "compare_nodes" and o.ok), [])
        if compared:  # the tool's own counts of the shared and the joint partners
            lengths |= {compared[0].get("common_neighbours"), compared[0].get("neighbours_of_either")}
        from igraph_agent.model.vocabulary import _plural, singular

        one = singular(side) if side.endswith("s") else side
        many = side if side.endswith("s") else _plural(side)

        def count(names: list[str]) -> str:  # a count no result shows is left to the list
            n = len(names)
            if n in lengths:
                return f"**{n}** {one if n == 1 else many} {'is' if n == 1 else 'are'}"
            return f"These {many} are"

        if re.search(r"\bor\b", st.question, re.IGNORECASE):
            lead = f"{count(either)} linked to at least one of them: {', '.join(either)}."
        else:
            n = len(either)
            also = f"; **{n}** to at least one" if n in lengths else ""
            lead = (f"{count(both)} linked to all of them"
                    f"{': ' + ', '.join(both) if both else ''}{also}.")
        return found_reply(st, names) + lead + f" Each: {each}."
    o = ran[0] if ran else None
    name = names[0] if names else None
    if o is None or name is None:
        from igraph_agent.model.graph_intents import unresolved_names
        return unresolved_names(st, [name]) if name else UNRESOLVED[1] + "."
    hop = next((h for h in o.data.get("neighbours_by_hop") or [] if h["hop"] == 1), None)
    if hop is None or not hop["count"]:
        return found_reply(st, [name]) + f"{o.data['node']} has no links: **0** partners."
    counted = _side_in(st)
    if counted and node_side(_meaning(st), str(o.data["node"])) == counted:
        # "how many women did Dorothy meet": her own side counted, not her partners
        return (f"{SAME_SIDE} {o.data['node']} is on: its links go to the other side "
                f"({hop['count']} of them). Do you mean the {counted} who share one with it?")
    listed = ", ".join(str(r["node"]) for r in hop["nodes"])
    more = "" if len(hop["nodes"]) == hop["count"] else f" (first {len(hop['nodes'])})"
    side = _other_side(st, o.data["node"])
    if hop["count"] != 1 and not side.endswith("s"):  # "3 repositories", "1 repository"
        from igraph_agent.model.vocabulary import _plural
        side = _plural(side)
    return (found_reply(st, [name]) + f"**{o.data['node']}** is linked to **{hop['count']}** "
            f"{side}{more}: {listed}.")


#: a share asked, not a count: "what fraction of hides has Tove visited"
_SHARE_ASKED = re.compile(r"\b(?:fraction|share|proportion|percent(?:age)?|ratio|what part)\b|%",
                          re.IGNORECASE)


#: a count of a node's own side asked of its partners: the planner asks (``offline.py``)
SAME_SIDE = "The side you count is the one"
#: a group asked ("which alliance …") where the mixing summary names none: the planner asks
NO_GROUP_PICKED = "I could not tell which group ranking you mean"


def node_side(meaning: dict, node: str) -> str | None:
    """The two-mode side ``node`` is on, where the sides' id patterns tell (a prefix such as
    "E" for events), else None."""
    ids = (meaning.get("modes") or {}).get("ids") or {}
    prefixed = {s: v["prefix"] for s, v in ids.items() if isinstance(v, dict) and v.get("prefix")}
    for side, prefix in prefixed.items():
        if re.fullmatch(rf"{re.escape(prefix)}\d+", node):
            return side
    if len(ids) == 2 and len(prefixed) == 1:
        return next(s for s in ids if s not in prefixed)
    return None


def _other_side(st: PlanState, node: Any) -> str:
    """The side a node's partners are on, as the question or the graph names it."""
    return _side_in(st) or "nodes"


def _project_about_a_node(st: PlanState) -> str | None:
    """'Which students share the most courses with s00?' names one node: the projection's
    strongest pairs overall would answer another question, so ask."""
    from igraph_agent.model import slots

    sides = {str(s).lower() for s in (_meaning(st).get("modes") or {}).get("sides") or {}}
    tail = re.search(r"\b(?:with|as)\s+(?!each\b|one\b|them\b|others?\b|another\b|the\b|"
                     r"any\b|all\b)([\w.'-]+)\s*[?.!]*\s*$", st.question, re.IGNORECASE)
    names = [n for n in [*slots.named(st.question), *([tail.group(1)] if tail else [])]
             if n.lower() not in sides
             and n.lower().rstrip("s") not in {s.rstrip("s") for s in sides}]
    if not names:
        return None
    side = _side_in(st) or "nodes"
    return (f"I can list the pairs of {side} that share the most overall (project_bipartite), "
            f"but not only the pairs with {names[0]}. Do you want the overall pairs, or "
            f"{names[0]}'s own links (its neighbours)?")


def _project_calls(st: PlanState) -> list[Call]:
    side = _side_in(st)
    return [Call("project_bipartite", {"side": side, "top_k": 5})] if side else []


def _project_render(st: PlanState, obs: list[Observed]) -> str:
    d = next((o.data for o in obs if o.tool == "project_bipartite" and o.ok), None)
    if d is None or not d["top_pairs"]:
        return "No two nodes of that side share a neighbour."
    top = d["top_pairs"][0]
    rest = ", ".join(f"{p['a']}–{p['b']} ({shown(p['weight'])})" for p in d["top_pairs"][1:5])
    ties = [p for p in d["top_pairs"] if p["weight"] == top["weight"]]
    if len(ties) > 1:  # one pair named as "the most" would hide the others with as many
        more = " or more" if len(ties) == len(d["top_pairs"]) < d["edges"] else ""
        pairs = ", ".join(f"**{p['a']}**–**{p['b']}**" for p in ties)
        return (f"{len(ties)}{more} pairs of {d['side']} tie for the most in common "
                f"(**{shown(top['weight'])}** each): {pairs} (projection stored as dataset "
                f"{d['dataset_id']}{', now loaded' if d.get('loaded') else ''}).")
    return (f"**{top['a']}** and **{top['b']}** share the most: **{shown(top['weight'])}** "
            f"in common (projection of the {d['side']}, stored as dataset {d['dataset_id']}"
            f"{', now loaded' if d.get('loaded') else ''}). Next: {rest or 'none'}.")


#: the shape of a question about groups (the bonus then needs the grouping named)
#: an amount that moves between two places: what the edges carry, never who joins them
_FLOW_BETWEEN = (r"\b(?:in\s+)?both\s+(?:directions|ways)\b|\b(?:moving|moved|moves|flow(?:s|ed|ing)?|"
                 r"going|goes|went|sent|shipped|travel(?:s|led|ling|ed|ing)?)\s+between\b")
_GROUP_QUESTIONS = (r"most connected to (?:the )?others?|connected to (?:the )?other \w+|"
                    # "the most cross-district pipes", "inter-team links"
                    r"\bcross-(?!check|referenc|section)\w+|\binter-(?!act)\w+|"
                    # "which two teams have the most links between them"
                    r"\b(?:which|what)\s+(?:two|2|pair\s+of|couple\s+of)\s+[a-z]+\b.*\bbetween\b|"
                    # "which two departments exchange the most messages", "… talk to each other most"
                    r"\b(?:which|what)\s+(?:two|2|pair\s+of|couple\s+of)\s+[a-z]+\b.*\b(?:exchange|"
                    r"trade|swap|talk|communicat|interact|each other|one another)|"
                    # "which two different faculties are joined by the most fibre links"
                    r"\b(?:which|what)\s+(?:two|2|pair\s+of|couple\s+of)\s+(?:different|distinct|"
                    r"separate)\s+[a-z]+\b.*\b(?:joined|linked|connected|tied)\b|"
                    # "which two different home towns ride together the most"
                    r"\b(?:which|what)\s+(?:two|2|pair\s+of|couple\s+of)\s+(?:different\s+|distinct\s+)?"
                    r"(?:[a-z]+\s+)?[a-z]+s\b.*\btogether\b.*\bmost\b|"
                    r"\b(?:to|with|and|from) (?:the |any )?(?:other|different) \w+|"
                    # "send out to pages of other topics", "links to people in other teams"
                    r"\b(?:to|with|from|into) (?:the )?\w+ (?:of|in|from) (?:the |any )?(?:other|"
                    r"different) \w+|"
                    r"links? (?:the )?most to other|between (?:(?:the|different|two|2|all)\s+){0,2}\w+s\b|"
                    r"between (?:two |2 )?(?:different|separate|distinct) \w+ \w+s\b|"
                    # "the ties that go from one club to the other", "one end in each club"
                    r"\bfrom one (?:\w+ )?\w+ to the other\b|\bone end in each\b|"
                    r"within (?:the same|one|each|their own|an?) |mixing|assortativ|"
                    # "pipes whose two ends share the same pressure_class"
                    r"\b(?:both|two|2)\s+ends\s+(?:share|sharing|have|having|with|in|of|are\s+in)\s+"
                    r"(?:the\s+)?same\b|"
                    # "how much people stick to their own club", "what share stays inside the
                    # sender's own department"
                    r"\b(?:stick|keep)s?\s+(?:to|with|within|inside)\s+(?:their|its|his|her)\s+own\s+\w+|"
                    r"\bstay(?:s|ed|ing)?\s+(?:inside|in|within)\s+(?:the\s+same|one|each|their\s+own|"
                    r"its\s+own|the\s+\w+'s\s+own)\s+\w+|"
                    # "how many ties are within crews and how many between"
                    r"\bwithin\b.*\bbetween\b|\bbetween\b.*\bwithin\b|"
                    r"\b(?:within|inside) (?:the |their |its )?[a-z]+s\b|"
                    r"\binternal (?:to|within|inside) (?:an? |the |their |its |each )?[a-z]+\b|"
                    # (not "across all repos": over all of them)
                    r"their own (?:\w+ )?more|across (?!all\b|every\b|each\b|the\s+whole\b)"
                    r"(?:\w+ )?\w+s\b|"
                    # "friendships that go across the two factions"
                    r"\bacross\s+(?:the\s+)?(?:two|2|both)\s+\w+s\b|"
                    r"\bcross(?:es|ing)? (?:the |a )?(?:\w+ )?(?:boundar(?:y|ies)|lines?|borders?|"
                    r"divides?|silos?)\b|\bcross(?:es|ing)? (?:between )?\w+s\b|"
                    r"\bwhose \w+s (?:differ|are (?:different|not the same))\b|"
                    r"\b(?:of|in|on|at|across|into) (?:two |the )?(?:different|separate|opposite|distinct) "
                    r"(?:\w+ )?\w+s\b")


#: the question features (model/registry.py) a group intent handles: the grouping named,
#: its edges' values (weight sums) and direction (ordered mixing)
_ALL = frozenset({"group", "weight", "direction"})

#: a ranking from the bottom ("the fewest incoming calls") is the least-degree intent's
_FEWEST = re.compile(r"\b(?:fewest|least|lowest|smallest|minimum|minimal)\b", re.IGNORECASE)

#: sharing asked of one node or of a part, not the top pairs: "members who never share a
#: game with the rest", "how many members share at least one game with them"
_NOT_TOP_PAIRS = re.compile(r"\bnever\b|(?<!they )(?<!when )\bshar\w*\s+(?:at least one|any|a single|one|"
                            r"some|a)\b",  # "linked when they shared a woman": the projection
                            re.IGNORECASE)


SEMANTIC_INTENTS: list[Intent] = [
    Intent("group_pair", t(0.5, r"\bhow (?:many|much)\b|\bnumber of\b|\bcount\b|\btotal\b|\bcombined\b|"
                                r"\bmore\b|\bless\b|\bfewer\b|"
                                # "tonnage moving between Marra and Tully, both directions"
                                + _FLOW_BETWEEN),
           _pair_calls, _pair_render, "group_analysis: the edges from one named group to another",
           group="groups", bonus=_pair_bonus, hint="the edges between two named groups",
           clarify=_pair_nodes_counted,
           covers=_ALL | {"filter"}, answers=frozenset({"count", "value", "yesno"})),
    Intent("group_bridge", t(0.5, r"bridg|connect|link|broker|between|span|go-between"),
           _bridge_calls, _bridge_render,
           "group_analysis between two named groups (bridging nodes)", group="groups",
           bonus=_bridge_bonus, hint="the nodes bridging two groups",
           covers=_ALL | {"filter"},  # "between the Baltic and the North Sea": its two values
           clarify=_bridge_clarify,
           # "is Finance more connected internally than Tech", "Finance vs Tech: which has
           # more internal links": a comparison of the two groups, not who joins them
           negatives=[re.compile(_FLOW_BETWEEN, re.IGNORECASE),
                      re.compile(r"\binternal|\bwithin\b|\binside\b|\bintra|\bvs\b|\bversus\b|"
                                 r"\b(?:more|less|fewer|bigger|larger|smaller|denser)\b.*\bthan\b",
                                 re.IGNORECASE),
                      # "which lanes run between Southbank and Eastfield": the edges, no nodes
                      re.compile(r"^\s*(?:so\s+)?(?:which|what|list|name|show)\s+(?:the\s+)?(?:\w+\s+)?"
                                 r"(?:lanes|roads|edges|links|routes|lines|flights|trails|connections|"
                                 r"ties|pipes|cables|tracks|streets|ferries|sailings|loans|transfers|"
                                 r"services|legs|segments|reaches)\b", re.IGNORECASE)],
           answers=frozenset({"node", "list"})),
    Intent("group_size", t(0.6, *(rx.pattern for rx in _SIZE)), _size_calls, _size_render,
           "group_analysis: the size of each group of a node attribute", group="groups",
           bonus=lambda st: 3.0 if _size_attr(st) else 0.0, hint="the size of each group",
           clarify=_size_clarify,
           # "how many pages per topic? mostly history": every group's size, the named one's too
           covers=frozenset({"group", "bottom", "filter"}),
           answers=frozenset({"node", "group", "count", "list"})),
    Intent("group_mix", t(0.6, _GROUP_QUESTIONS), _mix_calls, _mix_render,
           "group_analysis (mixing matrix by a node attribute)",
           negatives=[re.compile(r"(?:degree assortativ|assortativ\w* by degree)(?!.*\bassortativ)",
                                 re.IGNORECASE)],
           group="groups", bonus=_mix_bonus, hint="the groups and the edges between them",
           covers=_ALL),
    Intent("in_degree", t(3.0, r"most[- ]cited|cited (?:the )?most|most (?:followers|followed)|"
                               r"receives? the most (?:citations|emails|messages|mail|calls)")
           + t(0.3, _INCOMING),
           _degree_calls("in"), _degree_render("incoming"), "degree_analysis (in-degree)",
           negatives=[_FEWEST], group="ranking", bonus=_directed_bonus, hint="the nodes with the most incoming edges",
           clarify=_no_direction, answers=frozenset({"node", "list", "value"}),
           covers=frozenset({"direction", "weight", "filter"})),
    Intent("out_degree", t(3.0, r"cites the most|follows the most|"
                                r"sends? the most (?:emails|messages|mail|calls)")
           + t(0.3, _OUTGOING),
           _degree_calls("out"), _degree_render("outgoing"), "degree_analysis (out-degree)",
           negatives=[_FEWEST], group="ranking", bonus=_directed_bonus, hint="the nodes with the most outgoing edges",
           clarify=_no_direction, answers=frozenset({"node", "list", "value"}),
           covers=frozenset({"direction", "weight", "filter"})),
    Intent("directed_structure", t(0.6, r"\bcycles?\b|acyclic|\bdag\b|circular (?:citation|"
                                        r"reference)|topolog\w*|how deep|\bdepth\b|"
                                        r"(?<!self-)(?<!self )\bloops?\b|\bcircular\b|"
                                        r"\b(?:build|install|topological) order\b|"
                                        r"\b(?:an?|one|single|some)\s+order\s+(?:where|in\s+which|"
                                        r"so\s+that|such\s+that)\b.*\b(?:after|before)\b|"
                                        r"how many levels|levels? deep|deep does|"
                                        r"longest (?:[\w-]+ ){0,2}chain|"
                                        r"reach(?:es|ed)? (?:the )?most|reached from|indirectly|"
                                        r"upstream|downstream|descendants|ancestors") +
           t(2.0, r"how many strongly connected|number of strongly connected", _ASKS_STRONG.pattern),
           _structure_calls, _structure_render, "direction_analysis (cycles, depth, reach)",
           # it neither counts cycles nor sizes a strong component, nor answers one pair's
           # reach ("can cli end up calling crypto"): those are asked about or a path
           negatives=[re.compile(r"\bhow many\b(?=.*\b(?:loops?|cycles?|circles?|circular)\b)|"
                                 r"\b(?:loops?|cycles?|circles?)\b.*\bhow many\b|"
                                 r"\b(?:longest|shortest|smallest|biggest|largest)\s+(?:\w+\s+)?"
                                 r"(?:one|loop|cycle|circle|round(?:[- ]trip)?)s?\b|"
                                 r"how many (?:\w+ ){0,3}(?:cycles|loops)\b|number of (?:\w+ )?"
                                 r"(?:cycles|loops)|(?:largest|biggest|smallest) strongly|"
                                 r"\b(?:which|what) (?:\w+ ){0,2}(?:are|is) (?:in|involved in|part of)"
                                 r"|^\s*(?:can|could|does|do|will|is|are)\s+\S+\s+(?:\w+\s+){0,2}"
                                 r"(?:reach|end up|get to)\b", re.IGNORECASE),
                      # "is the walkway layout a tree?": a shape read without direction
                      structure_intents.TREE_ASKED],
           group="directed", bonus=lambda st: 3.0 if _meaning(st).get("directed") else 0.0,
           hint="cycles, depth and reach of a directed graph",
           answers=frozenset({"yesno", "count", "value", "list", "node"}),
           covers=frozenset({"direction", "hops"})),
    Intent("side_rank", t(0.6, r"\bmost\b|how many|highest|top|largest|biggest"),
           _side_calls, _side_render, "degree_analysis on one side of a two-mode graph",

           group="twomode", bonus=_rank_bonus, hint="one side of a two-mode graph ranked",
           covers=frozenset({"twomode", "group"}), answers=frozenset({"node", "list"})),
    Intent("side_members", t(0.6, r"\bhow many\b|\bwhich\b|\bwhat\b|\bwho\b|\blist\b|\bname\b|"
                                  r"\bshow\b|\bgive\b|\btell\b"),
           _members_calls, _members_render, "local_analysis: one node's partners on the other "
           "side of a two-mode graph", group="twomode", bonus=_members_bonus,
           hint="the partners of one node of a two-mode graph",
           covers=frozenset({"twomode", "group", "entity"}),
           answers=frozenset({"count", "list"})),
    Intent("side_difference", t(0.6, r"\bhow many\b|\bwhich\b|\bwhat\b|\bwho\b|\blist\b|"
                                     r"\bname\b|\bshow\b"),
           _members_calls, _members_render, "local_analysis of two nodes: the partners of one "
           "that the other lacks, on a two-mode graph", group="twomode", bonus=_difference_bonus,
           hint="the partners one node has and another lacks",
           covers=frozenset({"twomode", "group", "entity", "negation"}),
           answers=frozenset({"count", "list"})),
    Intent("co_members", t(0.6, r"\bhow many\b|\bwhich\b|\bwho\b|\blist\b|\bname\b"),
           _co_calls, _co_render, "local_analysis (radius 2): the nodes sharing a partner with "
           "one node of a two-mode graph", group="twomode", bonus=_co_bonus,
           hint="the nodes sharing a partner with a named node",
           covers=frozenset({"twomode", "group", "entity"}),
           answers=frozenset({"count", "list"})),
    Intent("projection", t(0.6, r"(?<!\bal)(?<!added\s)(?<!summed\s)(?<!taken\s)(?<!lumped\s)"
                                r"(?<!counted\s)together|in common|co-?occur|shared?\b|both (?:attended|"
                                r"bought|joined)|\bpairs?\b|\bprojection\b|\bprojected\b|"
                                r"\bproject (?:it |this |the \w+ |them )?(?:onto|on to)\b"),
           _project_calls, _project_render, "project_bipartite (co-occurrence of one side)",
           group="twomode", bonus=lambda st: _side_bonus(st) + 1.4 if _side_in(st) else 0.0,
           hint="the pairs of one side sharing the most", covers=frozenset({"twomode", "group"}),
           clarify=_project_about_a_node,
           negatives=[_ONE_PAIR, _CHAIN, _NOT_TOP_PAIRS, _PROJECTED_MEASURE,
                      # "what fraction of all possible pollinator-plant pairs were observed":
                      # the density, never the pairs sharing the most
                      re.compile(r"\b(?:fraction|share|proportion|percentage|ratio) of (?:all |the )*"
                                 r"possible\b|\bdens(?:e|ity)\b|\bconnectance\b|" + POSSIBLE_SHARE,
                                 re.IGNORECASE)]),
]
