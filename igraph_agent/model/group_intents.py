"""Offline-planner intents about totals per group of a categorical node attribute:

- ``group_total``: a numeric node attribute summed per group ("which district has the most
  docks", "how many docks does each district have": ``group_analysis(total_of=docks)``);
- ``group_flow``: an edge value summed per group ("how many trips per district"): on a
  directed graph what starts in each group, what ends there and what stays within, from
  ``group_analysis(weight=trips)``'s mixing cells and its out/in sums.

``intents.py`` registers them.
"""

from __future__ import annotations

import re
from typing import Any

from igraph_agent.figures import shown
from igraph_agent.model.planstate import Call, Observed, PlanState
from igraph_agent.model.vocabulary import _plural, groupings

#: (g: the grouping word, c: what is summed)
#: a role word before the group's attribute: "which host country", "which home district"
_ROLE_ADJ = r"(?:(?:host|home|origin|source|destination|parent|owning|sending|receiving)\s+)?"
_PER_GROUP = [re.compile(p, re.IGNORECASE) for p in (
    rf"\b(?:which|what)\s+{_ROLE_ADJ}(?P<g>\w+)\s+(?:has|have|holds?|contains?|owns?|gets?|sees?|saw|"
    r"handles?)\s+the\s+(?:most|fewest|least|largest number of|smallest number of|highest|"
    r"lowest|biggest|largest|smallest)\s+(?:total\s+(?:of\s+|number of\s+)?)?(?P<c>\w+)",
    r"\bhow many (?P<c>\w+) (?:does|do) (?:each|every) (?P<g>\w+) (?:have|hold|get|see|handle)",
    r"\b(?:total|sum of(?: the)?|number of|how many) (?P<c>\w+) (?:are there )?(?:in|per|by|for|"
    r"across) (?:each |every )?(?P<g>\w+)",
    r"^\s*(?P<c>\w+) (?:per|by|for each|in each) (?P<g>\w+)\s*\??\s*$",
    # "add up the years of tenure per unit", "summing pax_m by region"
    r"\b(?:add(?:ing|ed)?\s+up|sum(?:ming|med)?(?:\s+up)?|total(?:ling)?(?:\s+up)?)\s+(?:the\s+)?(?P<c>\w+)"
    r"(?:\s+(?:column|values?|field))?(?:\s+of\s+\w+)?(?:\s+[a-z]+ed)?\s+(?:per|by|for each|in each|"
    r"across|within each)\s+"
    r"(?:the\s+)?(?P<g>\w+(?:\s+(?!(?:which|what|who)\b)\w+)?)",  # "per plant family"
    # "which region handles the most passengers if you sum pax_m over its airports"
    r"^\s*(?:which|what)\s+(?P<g>\w+)\b.*\b(?:sum|add\s+up|total)\s+(?:up\s+)?(?:the\s+)?"
    r"(?P<c>\w+)\s+(?:over|across|for|of)\s+(?:its|their|the|all)\b",
)]
#: "which band puts in the most hours", "which team logs the most miles"
_ANY_VERB = [re.compile(rf"\b(?:which|what)\s+{_ROLE_ADJ}(?P<g>\w+)(?:(?:'s|’s)\s+\w+)?\s+(?:\w+\s+){{1,2}}?the\s+(?:most|"
                        r"fewest|least|highest|lowest)\s+(?:total\s+)?" + said + r"(?P<c>\w+)", re.IGNORECASE)
             for said in ("", r"[a-z]+\s+")]  # "the most hours", "the most mechanic visits"
_RANKED = re.compile(r"^\s*(?:which|what)\b.*\b(?:most|fewest|least|highest|lowest|largest|"
                     r"smallest|biggest)\b", re.IGNORECASE)
_BOTTOM = re.compile(r"\b(?:fewest|least|lowest|smallest)\b", re.IGNORECASE)


def _meaning(st: PlanState) -> dict[str, Any]:
    return st.meaning()


_SAME = {"payroll": ("salary", "salaries", "pay", "wage", "wages")}


def _is(word: str, name: str) -> bool:
    """``docks`` names ``docks``; ``dock`` too; ``trip`` ``trips``; ``salary`` names
    ``salary_k``; ``payroll`` a salary."""
    w, n = word.lower(), name.lower().replace("_", " ")
    if w == name.lower() or w in {n, n + "s", n.rstrip("s")} or w.rstrip("s") == n.rstrip("s"):
        return True
    first, *rest = re.split(r"[\s-]+", n)
    if rest and rest[-1] in _KIND_OF:  # "which site" asks for a site, not a ``site_type``;
        return w.rstrip("s") == rest[-1].rstrip("s")  # "which site type": its type
    return len(first) >= 4 and first != n and (
        w.rstrip("s") == first.rstrip("s") or first in _SAME.get(w, ()))


#: the last word of a column that sorts the nodes its first word names ("site_type",
#: "product_category"): that word alone names a node, never the column
_KIND_OF = frozenset({"type", "types", "kind", "kinds", "class", "category", "categories",
                      "level", "status", "tier", "band", "day", "days", "size", "name",
                      "colour", "color", "owner", "region", "county", "country", "area",
                      "zone", "group"})  # ("which market" on ``market_day``: a market)


def _asked(st: PlanState) -> tuple[str, str] | None:
    """(grouping attribute, summed word) the question asks a total per group of."""
    groups = list(groupings(_meaning(st)))
    meaning = _meaning(st)
    columns = [*(meaning.get("node_attributes") or {}), *(meaning.get("weights") or {})]
    found = [(g, m.group("c")) for rx in _PER_GROUP for m in rx.finditer(st.question)
             if (g := next((a for w in reversed(m.group("g").split()) for a in groups
                            if _is(w, a)), None))]
    # "which band puts in the most hours": any verb, where the word is the attribute's own
    # name ("band"), never a node's noun that starts one ("branch" of ``branch_size``)
    found += [(g, m.group("c")) for rx in _ANY_VERB for m in rx.finditer(st.question)
              if (g := next((a for a in groups if m.group("g").lower().rstrip("s") ==
                             a.lower().rstrip("s")), None))]
    # "add up the years per unit - which unit has the most combined experience": the one
    # that names a column
    return next((f for f in found if any(_is(f[1], c) for c in columns)), None) or \
        (found[0] if found else None)


#: "the average salary in Engineering", "which department has the highest average salary"
_AVERAGE = [re.compile(p, re.IGNORECASE) for p in (
    r"\b(?:average|mean|typical)\s+(?P<c>\w+)\s+(?:in|of|for|among|across)\s+(?:the\s+)?"
    r"(?P<v>(?-i:[A-Z][\w&-]*))",
    r"\b(?:which|what)\s+(?P<g>\w+)\s+(?:has|pays|earns|gets|shows)\s+the\s+(?:highest|lowest|"
    r"largest|smallest|biggest|best|worst)\s+(?:average|mean)\s+(?P<c>\w+)",
    # every group's: "average salary by department", "the mean age in each team"
    r"\b(?:average|mean|typical)\s+(?P<c>\w+)\s+(?:by|per|for each|in each|of each|for every|"
    r"in every|across(?: the| all)?)\s+(?P<g>\w+)")]


#: one named group's total or average: "total population of the South America region", "total
#: cores in frankfurt", "average years of experience in ICU", "total biomass of all the fish"
_ONE_GROUP = re.compile(
    r"\b(?P<k>total|sum of(?: the)?|combined|overall|average|mean|typical)\s+"
    r"(?P<c>\w+(?:\s+(?:of\s+)?\w+)?)\s+(?:in|of|for|among|across|within|at|over)\s+"
    r"(?:the\s+|all\s+(?:the\s+|of\s+the\s+)?)?(?P<rest>[^?.!,;]+)", re.IGNORECASE)


#: "how many books do the Tull libraries hold (in total)": one group's total, asked as a count
_HOW_MANY_HELD = re.compile(
    r"\bhow many (?P<c>\w+) (?:do|does|did) (?:the\s+|all\s+(?:the\s+|of\s+the\s+)?)?"
    r"(?P<rest>[^?.!,;]+?)\s+(?:hold|have|own|contain|keep|store|house|employ|carry|get|"
    r"collect|produce|make)\b", re.IGNORECASE)


def _names_numeric(words: str, attr: str) -> bool:
    """Whether one of ``words`` names the numeric attribute ``attr``: its name or first word
    (:func:`_is`), or a content word of its name ("experience" for ``years_experience``)."""
    from igraph_agent.model.attribute_intents import _parts, _same_word, by_meaning

    return words.strip().lower() == attr.lower() or \
        any(_is(w, attr) or any(_same_word(w.lower(), p) for p in _parts(attr))
               for w in re.findall(r"[A-Za-z]+", words) if w.lower() != "of") \
        or by_meaning(words, [attr]) == [attr]


def one_group(st: PlanState) -> tuple[str, str, str, str] | None:
    """(grouping attribute, numeric node attribute, the group value, ``total`` or
    ``average``) of a question about one named group's total or average; the value is one
    of the grouping's own values, in any case, the longest that opens the words after "in"."""
    kinds = _meaning(st).get("node_attributes") or {}
    nums = [a for a, k in kinds.items() if (k or {}).get("kind") == "numeric"]
    groups = groupings(_meaning(st))
    found = [*_ONE_GROUP.finditer(st.question), *_HOW_MANY_HELD.finditer(st.question)]
    for m in found:
        named = [a for a in nums if _names_numeric(m.group("c"), a)]
        if len(named) != 1:
            continue
        rest = m.group("rest").strip()
        rests = {rest, re.sub(r"^\w+\s+(?:in|of|from|at)\s+(?:the\s+)?", "", rest)}  # "libraries
        #                                                                  in Wex": Wex
        values = sorted(((attr, v) for attr, vs in groups.items() for v in vs
                         if any(re.match(rf"{re.escape(v)}(?:s|es)?(?![\w-])", r, re.IGNORECASE)
                                for r in rests)), key=lambda av: -len(av[1]))  # "the corporates"
        if values and (len(values) == 1 or len(values[0][1]) > len(values[1][1])):
            k = (m.groupdict().get("k") or "total").lower()
            kind = "average" if k in ("average", "mean", "typical") else "total"
            return values[0][0], named[0], values[0][1], kind
    return None


def average_of(st: PlanState) -> tuple[str, str, str | None] | None:
    """(grouping attribute, numeric node attribute, the named group or None) of a question
    about a group's average."""
    kinds = _meaning(st).get("node_attributes") or {}
    groups = groupings(_meaning(st))
    nums = [a for a, k in kinds.items() if (k or {}).get("kind") == "numeric"]
    one = one_group(st)
    if one is not None and one[3] == "average":
        return one[0], one[1], one[2]
    if one is not None:
        return None  # one group's total
    for rx in _AVERAGE:
        m = rx.search(st.question)
        if not m:
            continue
        num = next((a for a in nums if _names_numeric(m.group("c"), a)), None)
        if num is None:
            return None
        if "v" in m.groupdict() and m.group("v"):
            attr = next((a for a, vs in groups.items() if m.group("v") in vs), None)
            return (attr, num, m.group("v")) if attr else None
        attr = next((a for a in groups if _is(m.group("g"), a)), None)
        return (attr, num, None) if attr else None
    return None


def total_attr(st: PlanState) -> tuple[str, str] | None:
    """(grouping attribute, numeric node attribute) of "which district has the most docks"."""
    if (found_avg := average_of(st)) is not None:
        return found_avg[0], found_avg[1]
    if (one := one_group(st)) is not None:
        return one[0], one[1]
    found = _asked(st)
    if not found:
        return None
    kinds = _meaning(st).get("node_attributes") or {}
    num = next((a for a, k in kinds.items() if (k or {}).get("kind") == "numeric"
                and _names_numeric(found[1], a)), None)
    return (found[0], num) if num else None


def flow_attr(st: PlanState) -> tuple[str, str] | None:
    """(grouping attribute, edge attribute) of "how many trips per district"."""
    found = _asked(st)
    if not found:
        return None
    from igraph_agent.model.semantic_intents import WHICH_TO_WHICH

    if _meaning(st).get("directed") and _RANKED.search(st.question) and \
            not WHICH_TO_WHICH.search(st.question):  # (not "… to which other district")
        return None  # "which district has the most trips": starting, ending or within? asked
    edge = next((a for a in _meaning(st).get("weights") or {} if _is(found[1], a)), None)
    if edge and (_meaning(st).get("weights") or {}).get(edge) == "distance":
        return None  # minutes per district: no sum a question means
    return (found[0], edge) if edge else None


def _plain(st: PlanState) -> bool:
    from igraph_agent.model import slots

    return not slots.named(st.question) and not slots.features(st.question) & {
        "removal", "threshold", "hops", "negation", "future", "ordinal"}


def total_bonus(st: PlanState) -> float:
    from igraph_agent.model import slots

    if (average_of(st) or one_group(st)) and not slots.features(st.question) & {
            "removal", "threshold", "hops", "negation", "future", "ordinal"}:
        return 4.0  # "the average salary in Engineering", "total cores in frankfurt": no node
    return 4.0 if total_attr(st) and _plain(st) else 0.0


def flow_bonus(st: PlanState) -> float:
    return 4.0 if flow_attr(st) and _plain(st) else 0.0


def total_calls(st: PlanState) -> list[Call]:
    found = total_attr(st)
    return [Call("group_analysis", {"attribute": found[0], "total_of": found[1],
                                    "top_k": 50})] if found else []


def flow_calls(st: PlanState) -> list[Call]:
    found = flow_attr(st)
    if not found:
        return []
    side = _side_grouped(st, found[0])
    whole = Call("group_analysis", {"attribute": found[0], "weight": found[1], "top_k": 50})
    # both: the side's own groups when that side holds the attribute, else the whole's
    return [whole, Call("group_analysis", {**whole.args, "side": side})] if side else [whole]


def _side_grouped(st: PlanState, attr: str) -> str | None:
    """The side whose groups a two-mode question totals, when both sides hold ``attr``
    ("which country's competitions had the most lots": the competitions' countries, never
    the cuppers'), else None."""
    from igraph_agent.model.value_counts import side_named

    info = st.last_ok("get_graph_info")
    found = side_named(str(st.context.get("asked") or st.question), info.data if info else {},
                       attr)
    return found[1] if found else None


def _result(obs: list[Observed]) -> dict | None:
    return rows_only(next((o.data for o in obs if o.tool == "group_analysis" and o.ok), None))


def rows_only(d: dict | None) -> dict | None:
    """A ``group_analysis`` result with its row lists holding rows only: a long result
    shortened for the model ends a list with a "… 15 more of 25" marker, which is no row."""
    if d is None:
        return None
    out = {k: [r for r in v if isinstance(r, dict)] if isinstance(v, list) and k in (
        "groups", "mixing", "pair_totals") else v for k, v in d.items()}
    out["cut"] = len(out.get("groups") or []) < len(d.get("groups") or [])
    return out


#: a ranking over groups a shortened result does not list in full: never a top from a part
CUT_SHORT = "The result lists only some of the groups"


def cut_short(d: dict, attr: str) -> str:
    return (f"{CUT_SHORT} of {attr} ({len(d.get('groups') or [])} shown), so I cannot rank them "
            f"all from it.")


def _within(d: dict, row: dict) -> float:
    """A group's edge value inside itself: its outgoing (or, undirected, its whole) value less
    what goes to other groups — exact whatever the size of the mixing list, which a long
    result shortens (it ends with a "… 15 more of 25" marker)."""
    for whole, other in (("weight_out", "weight_out_to_other_groups"),
                         ("weight", "weight_to_other_groups")):
        if row.get(whole) is not None and row.get(other) is not None:
            return row[whole] - row[other]
    return next((r.get("weight", 0) for r in d["mixing"] if isinstance(r, dict)
                 and r["from"] == r["to"] == row["group"]), 0)


def total_render(st: PlanState, obs: list[Observed]) -> str:
    d = _result(obs)
    if d is None or not d.get("total_of"):
        return "The groups' totals could not be computed."
    avg = average_of(st)
    if avg is not None:
        return _average_render(st, d, avg)
    one = one_group(st)
    if one is not None:
        attr, num, value, _ = one
        r = next((r for r in d["groups"] if str(r["group"]) == value), None)
        if r is None:
            return f"No {attr} is called {value}."
        return (f"The total {num} in {value} ({attr} = {value}) is **{shown(r['total'])}**, "
                f"over its {r['size']} nodes.")
    few = bool(_BOTTOM.search(st.question))
    rows = sorted(d["groups"], key=lambda r: ((r["total"] if few else -r["total"]),
                                              str(r["group"])))
    best = rows[0]["total"]
    tied = [f"**{r['group']}**" for r in rows if r["total"] == best]
    what, attr = d["total_of"], d["attribute"]
    head = (f"{tied[0]} has the {'fewest' if few else 'most'} {what}" if len(tied) == 1 else
            ", ".join(tied[:-1]) + f" and {tied[-1]} tie for the {'fewest' if few else 'most'} "
            f"{what}")
    rest = ", ".join(f"{r['group']} ({shown(r['total'])})" for r in rows[len(tied):8])
    return (f"{head}: **{shown(best)}** ({what} summed over each {attr}'s nodes)"
            + (f"; then {rest}" if rest else "") + f". {d['group_count']} {attr} groups.")


def _average_render(st: PlanState, d: dict, avg: tuple[str, str, str | None]) -> str:
    attr, num, value = avg
    rows = [r for r in d["groups"] if r.get("average") is not None]
    if value is not None:
        r = next((r for r in rows if str(r["group"]) == value), None)
        if r is None:
            return f"No {attr} is called {value}."
        return (f"The average {num} in {value} ({attr} = {value}) is **{shown(r['average'])}** "
                f"(total {shown(r['total'])} over its {r['size']} nodes).")
    low = bool(re.search(r"\b(?:lowest|smallest|worst)\b", st.question, re.IGNORECASE))
    if not low and not re.search(r"\b(?:highest|largest|biggest|best|most|top)\b", st.question,
                                 re.IGNORECASE):  # "average salary by department": a table
        rows.sort(key=lambda r: (-r["average"], str(r["group"])))
        listed = "; ".join(f"**{r['group']}** {shown(r['average'])} ({r['size']} nodes)"
                           for r in rows[:50])
        return f"Average {num} per {attr}, highest first: {listed}."
    rows.sort(key=lambda r: ((r["average"] if low else -r["average"]), str(r["group"])))
    best = rows[0]["average"]
    tied = [f"**{r['group']}**" for r in rows if r["average"] == best]
    rest = ", ".join(f"{r['group']} ({shown(r['average'])})" for r in rows[len(tied):8])
    return (" and ".join(tied) + f" {'has' if len(tied) == 1 else 'tie for'} the "
            f"{'lowest' if low else 'highest'} average {num}: **{shown(best)}**"
            + (f"; then {rest}" if rest else "") + ".")


def flow_render(st: PlanState, obs: list[Observed]) -> str:
    sided = next((rows_only(o.data) for o in obs if o.tool == "group_analysis" and o.ok
                  and o.args.get("side")), None)
    if sided is not None and any(str(r.get("group")) not in ("None", "", "nan")
                                 for r in sided.get("groups") or []):
        obs = [o for o in obs if o.tool != "group_analysis" or o.args.get("side")]
    else:  # the side named holds no value of the attribute: every node's groups
        obs = [o for o in obs if o.tool != "group_analysis" or not o.args.get("side")]
    d = _result(obs)
    if d is None or not (d.get("weight_used") or {}).get("attribute"):
        return "The groups' edge totals could not be computed."
    w, attr = d["weight_used"]["attribute"], d["attribute"]
    cols = _meaning(st).get("direction") or []
    from igraph_agent.model.semantic_intents import WHICH_TO_WHICH, top_flow_render

    if d["directed"] and WHICH_TO_WHICH.search(st.question):  # "which region sends the
        return top_flow_render(d, True, cols)  # most tonnes to which other region"
    unset = [r for r in d["groups"] if str(r["group"]) in ("None", "", "nan")]
    if unset and (_meaning(st).get("modes") or {}).get("sides") and not d["directed"]:
        return _one_side_totals(st, d, w, attr, unset[0], d.get("side"))
    parts = []
    for r in d["groups"]:
        stay = _within(d, r)
        if d["directed"]:
            out, into = r.get("weight_out_to_other_groups") or 0, \
                r.get("weight_in_from_other_groups") or 0
            parts.append(f"**{r['group']}**: {shown(stay)} stay within, {shown(out)} go to "
                         f"other {_plural(attr)}, {shown(into)} come from other {_plural(attr)}")
        else:
            parts.append(f"**{r['group']}**: {shown(stay)} within, "
                         f"{shown(r.get('weight_to_other_groups') or 0)} to other {_plural(attr)}")
    way = f" ({cols[0]} → {cols[1]})" if d["directed"] and len(cols) == 2 else ""
    lead = "" if d["directed"] else _flow_lead(st, d, w, attr)
    return lead + (f"{w} per {attr}{way}: " + "; ".join(parts) +
            f". In all {shown(d.get('total_weight') or 0)} {w}: "
            f"{shown(d.get('within_weight') or 0)} within one {attr}, "
            f"{shown(d.get('between_weight') or 0)} between {attr}s.")


def _one_side_totals(st: PlanState, d: dict, w: str, attr: str, unset: dict,
                     side: str | None = None) -> str:
    """A two-mode graph whose group attribute only one side holds ("band" of nurses, none of
    shifts): each group's total is the value on its members' edges, all of them to the other
    side ("hours per band": the hours its nurses worked)."""
    rows = [r for r in d["groups"] if r is not unset]
    totals = sorted(((str(r["group"]), r.get("weight") if r.get("weight") is not None else
                      _within(d, r) + (r.get("weight_to_other_groups") or 0)) for r in rows),
                    key=lambda x: (-x[1], x[0]))
    few = bool(_BOTTOM.search(st.question))
    if few:
        totals.reverse()
    listed = "; ".join(f"**{g}** {shown(v)}" for g, v in totals)
    lead = ""
    if totals and _RANKED.search(str(st.context.get("asked") or st.question)):
        best = [g for g, v in totals if v == totals[0][1]]
        lead = (f"**{best[0]}** has the {'fewest' if few else 'most'} {w}: "
                f"**{shown(totals[0][1])}**. " if len(best) == 1 else
                f"{' and '.join(f'**{g}**' for g in best)} tie for the "
                f"{'fewest' if few else 'most'} {w} ({shown(totals[0][1])}). ")
    if side:  # both sides hold the attribute: the asked side's groups alone
        return (lead + f"{w} per {attr} of the {side} side, summed over the edges of each "
                f"{attr}'s {side} nodes (the other side's {unset['size']} nodes not grouped): "
                f"{listed}.")
    return (lead + f"{w} per {attr}, summed over the edges of each {attr}'s nodes (the other "
            f"side has no {attr}: {unset['size']} nodes): {listed}.")


def _flow_lead(st: PlanState, d: dict, w: str, attr: str) -> str:
    """"Which team has the most incidents": the group whose edges (within it, or with one end
    in it) add up to the most, said first; "" when no group is ranked or the top ties."""
    if not _RANKED.search(str(st.context.get("asked") or st.question)):
        return ""
    low = bool(_BOTTOM.search(str(st.context.get("asked") or st.question)))
    totals = {str(r["group"]): r["weight_touching"] for r in d["groups"]
              if r.get("group") is not None and r.get("weight_touching") is not None}
    if not totals:
        return ""
    best = (min if low else max)(totals.values())
    top = [g for g, v in totals.items() if v == best]
    if len(top) > 1:
        return ""
    return (f"**{top[0]}** has the {'lowest' if low else 'highest'} {w} on the edges of its "
            f"members (within it or with one end in it): **{shown(best)}**. ")


# -- what a group sends or receives in all (directed) ---------------------------------
#: "which team sends the most messages", "which country's firms receive the most tonnes"
_GROUP_VERB = re.compile(r"^\s*(?:[^,?]{3,60},\s*)?(?:which|what)\s+(?P<g>\w+?)(?:'s)?(?:\s+of\s+(?:the\s+)?\w+|\s+(?P<g2>\w+))?"
                         r"\s+(?P<v>\w+)\s+"
                         r"(?:(?:from|to)\s+)?the\s+(?:most|least|fewest|largest|smallest|"
                         r"biggest|highest|lowest)\b", re.IGNORECASE)
_HOW_MUCH = re.compile(r"^\s*(?:so\s+|and\s+)?(?:how much|how many|what is the total|what's the "
                       r"total|(?:the\s+)?total)\b", re.IGNORECASE)


def side_of(st: PlanState) -> tuple[str, str, str | None, str] | None:
    """(grouping attribute, side ``out``/``in``, the named group or None, edge value) of a
    directed group's total: "which team sends the most messages", "how much does the energy
    sector borrow in total"."""
    from igraph_agent.model import flow_intents, slots, vocabulary
    from igraph_agent.model.query_intents import _RECEIVES, _SENDS, _edge_side

    meaning = _meaning(st)
    if not meaning.get("directed") or slots.features(st.question) & {
            "removal", "threshold", "hops", "negation", "future", "ordinal"}:
        return None
    if re.search(r"\b(?:other|another|different|outside|between|within|inside|internal(?:ly)?|"
                 r"(?:its|their) own|itself|themselves)\b",
                 st.question, re.IGNORECASE):
        return None  # to other groups: the mixing intents' question
    asked = str(st.context.get("asked") or st.question)
    if re.search(r"\b(?:have|has|had|do|does|did)\s+(?:we|you|i|they)\s+(?:got|have|get|own)\b|"
                 r"\b(?:we|you|i|they)\s+(?:have|own|run)\b", asked, re.IGNORECASE):
        return None  # "how many restaurants have we got in York": what we own, no receiving
    side = flow_intents.flow_side(st) or _edge_side(st)
    weight = flow_intents._weight(st) or _named_total(st)
    ranked = _GROUP_VERB.search(st.question) or _GROUP_VERB.search(asked)
    said = _GROUP_VERB.search(asked)
    if side not in ("in", "out") and said:  # "which unit receives the most …, whoever
        at = said.start("v")  # it's from": the ranking's own verb says
        side = "out" if _SENDS.match(asked, at) else "in" if _RECEIVES.match(asked, at) else side
    if side not in ("in", "out") and weight and _MADE.search(st.question) and re.search(
            rf"{_MADE.pattern}\s+(?:\w+\s+){{0,2}}{re.escape(weight)}\b", st.question,
            re.IGNORECASE):
        side = "out"  # "which position makes the most passes": the passes the source makes
    if side not in ("in", "out") and weight and re.search(
            rf"\b{re.escape(weight)}\s+(?:(?:\w+\s+)?{_MADE.pattern}\s+by|(?:did|do|does|have|has)\s+"
            rf"(?:[\w-]+\s+){{1,3}}{_MADE.pattern})\b", st.question, re.IGNORECASE):
        side = "out"  # "total passes played by the lads whose nation is Jordan", "how many
        # passes did the DEF players make"
    if side not in ("in", "out"):
        return None
    groups = groupings(meaning)
    if not weight and ranked and not _edge_columns(meaning):
        # "which unit receives the most endorsements" on a table of edges alone: counted
        attr = next((a for a in groups if _is(ranked.group("g"), a) or _is(ranked.group("g2") or "", a)), None)
        return (attr, side, None, "") if attr else None
    if not weight:  # "how many shipments did West send": its edges counted, within included
        info = st.last_ok("get_graph_info")
        named = vocabulary.group_values_named(st.question, info.data if info else {})
        if len(named) != 1 or not re.match(r"^\s*(?:so\s+|and\s+)?how many\b", st.question,
                                           re.IGNORECASE):
            return None
        value = next(iter(named))
        if _other_names(st, value):
            return None  # "how many PRs has zoe reviewed for the core team": zoe's own
        attr = next((a for a, vs in groups.items() if value in vs), None)
        return (attr, side, value, "") if attr else None
    if ranked:
        attr = next((a for a in groups if _is(ranked.group("g"), a) or _is(ranked.group("g2") or "", a)), None)
        if attr and not _is(ranked.group("g"), attr) and ranked.group("g").lower() in {
                str(v).lower() for vs in groups.values() for v in vs}:
            return None  # "which electronic act played the most shows": one act of a group,
            # never the acts' groups ranked
        return (attr, side, None, weight) if attr else None
    info = st.last_ok("get_graph_info")
    named = vocabulary.group_values_named(st.question, info.data if info else {})
    if len(named) != 1 or not _HOW_MUCH.search(st.question):
        return None
    value = next(iter(named))
    if _other_names(st, value):
        return None  # "how many PRs has zoe reviewed for the core team": zoe's, not the team's
    attr = next((a for a, vs in groups.items() if value in vs), None)
    if side == "out" and _object_of_source_verb(st, value):
        side = "in"  # "ad spots run promoting History shows": History is promoted, at the end
    return (attr, side, value, weight) if attr else None


def _object_of_source_verb(st: PlanState, value: str) -> bool:
    """Whether the group's value follows the source column's own verb as its object
    ("promoting History shows" on promoter,promoted): the group at the target's end."""
    from igraph_agent.model.verbs import column_verbs

    info = st.last_ok("get_graph_info")
    fwd = column_verbs(info.data if info else {})[0]
    if not fwd:
        return False
    asked = str(st.context.get("asked") or st.question)
    m = re.search(rf"\b([a-z]+)\s+(?:the\s+|our\s+|all\s+(?:the\s+)?)?{re.escape(value)}\b", asked,
                  re.IGNORECASE)
    return bool(m) and any(m.group(1).lower().startswith(v) and m.group(1).lower() != v + "er"
                           and re.search(r"(?:ing|e?s|ed)$", m.group(1).lower()) for v in fwd)


def _other_names(st: PlanState, value: str) -> bool:
    """Whether the question names a node beside the group value (an acronym, "PRs", names
    none)."""
    from igraph_agent.model import slots

    asked = str(st.context.get("asked") or st.question)

    def other(n: str) -> bool:
        if n.lower() == value.lower() or re.fullmatch(r"[A-Z]{2,}s?", n):
            return False
        if re.search(rf"\b(?:were|was|is|are|been|be|being|gets?|got)\s+{re.escape(n)}\s+"
                     r"(?:by|to|from|in|on|for)\b", asked, re.IGNORECASE):
            return False  # a passive verb the planner took for a name: "were sent by"
        # the other end of the group's flow ("from North to Midlands"): the flow's intent
        # takes it, and says so when nothing is called so
        return not re.search(rf"\b(?:from|to|between|and)\s+{re.escape(n)}\b", st.question)

    return any(other(n) for n in slots.named(st.question))


def _edge_columns(meaning: dict) -> list[str]:
    """The numeric edge columns the data holds (its weights)."""
    return [str(c) for c in meaning.get("weights") or {}]


#: the source end's own doing of an edge column's items: "makes the most passes", "played
#: the most passes", "completed the most deliveries"
_MADE = re.compile(r"\b(?:makes?|made|making|play(?:s|ed|ing)?|complet(?:es?|ed|ing))",
                   re.IGNORECASE)


#: a total asked in words: "the most hours of help in total", "how many hours altogether"
_TOTAL_ASKED = re.compile(r"\bin total\b|\btotal\b|\bin all\b|\baltogether\b|\bcombined\b|"
                          r"\bsum(?:med)?\b", re.IGNORECASE)


def _named_total(st: PlanState) -> str | None:
    """An edge column the question names and asks the total of, even one read as a
    distance ("which street's residents give the most hours of help in total": hours given,
    summed), else None."""
    from igraph_agent.model.query_intents import edge_attr

    return edge_attr(st) if _TOTAL_ASKED.search(st.question) else None


def side_bonus(st: PlanState) -> float:
    return 4.5 if side_of(st) else 0.0


def side_calls(st: PlanState) -> list[Call]:
    found = side_of(st)
    return [Call("group_analysis", {"attribute": found[0], "weight": found[3] or None,
                                    "top_k": 50})] if found else []


def side_render(st: PlanState, obs: list[Observed]) -> str:
    d = _result(obs)
    found = side_of(st)
    if d is None or found is None:
        return "The groups' totals could not be computed."
    attr, side, value, w = found
    key, other = (("weight_out", "weight_out_to_other_groups") if side == "out" else
                  ("weight_in", "weight_in_from_other_groups"))
    def inside(r: dict) -> float:
        return _within(d, r)
    if not w:  # edges counted: every edge leaving (or entering) a member, within included
        key, other = (("edges_out", "edges_out_to_other_groups") if side == "out" else
                      ("edges_in", "edges_in_from_other_groups"))
        w = "edges"

        def inside(r: dict) -> float:
            return r["within_edges"]
    verb = "send" if side == "out" else "receive"
    way = "to" if side == "out" else "from"
    cols = _meaning(st).get("direction") or []
    arrow = f", {cols[0]} → {cols[1]}" if len(cols) == 2 else ""
    if d.get("cut"):
        return cut_short(d, attr)
    rows = [r for r in d["groups"] if r.get(key) is not None]
    if not rows:
        return "The groups' totals could not be computed."
    if value is not None:
        r = next((r for r in rows if str(r["group"]) == value), None)
        if r is None:
            return f"No {attr} is called {value}."
        return (f"The {value} {attr} ({attr} = {value}) {verb}s **{shown(r[key])}** {w} in all "
                f"({'outgoing' if side == 'out' else 'incoming'} edges{arrow}): "
                f"{shown(r[other])} {way} other {_plural(attr)}, {shown(inside(r))} "
                f"within.")
    few = bool(_BOTTOM.search(st.question))
    rows.sort(key=lambda r: ((r[key] if few else -r[key]), str(r["group"])))
    best = rows[0][key]
    tied = [r for r in rows if r[key] == best]
    who = (f"**{tied[0]['group']}** {verb}s" if len(tied) == 1 else
           " and ".join(f"**{r['group']}**" for r in tied) + f" tie, each {verb}ing")
    nxt = ", ".join(f"{r['group']} ({shown(r[key])})" for r in rows[len(tied):len(tied) + 4])
    first = tied[0]
    return (f"{who} the {'least' if few else 'most'} {w} in all: **{shown(best)}** "
            f"({'outgoing' if side == 'out' else 'incoming'} edges{arrow}; "
            f"{shown(first[other])} {way} other {_plural(attr)}, "
            f"{shown(inside(first))} within)" + (f"; next {nxt}" if nxt else "")
            + ".")


GROUP_INTENTS = [
    ("group_total", None, total_calls, total_render,
     "group_analysis(total_of=...): a numeric node attribute summed per group"),
    ("group_flow", None, flow_calls, flow_render,
     "group_analysis(weight=...): an edge value per group (starting, ending, within)"),
    ("group_side", None, side_calls, side_render,
     "group_analysis(weight=...): what each group sends or receives in all (directed)"),
]
