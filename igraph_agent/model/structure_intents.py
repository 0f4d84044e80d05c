"""Offline-planner intents for structure measures: bipartite sides, triangles, one summary
figure (diameter, radius, assortativity, average path length, degeneracy), and counting
nodes by an attribute value. Registered in ``model/intents.py``.
"""

from __future__ import annotations

import re

from igraph_agent.figures import shown
from igraph_agent.model import slots
from igraph_agent.model.planstate import Call, Observed, PlanState
from igraph_agent.model.vocabulary import (
    groupings,
    other_side_dropped,
    value_as_members,
    value_named,
    values_named_in_order,
)
from igraph_agent.model.weights import length_note
from igraph_agent.results.counting import NodesByMeasureResult
from igraph_agent.results.data import GetGraphInfoResult
from igraph_agent.results.stats import SummaryStatisticsResult
from igraph_agent.results.structure import BipartiteCheckResult, CountTrianglesResult
from igraph_agent.results.subgraph import SubgraphExtractionResult


def _f(x, digits: int = 4) -> str:
    if isinstance(x, float) and x and abs(x) < 10 ** -digits:
        return shown(x)  # significant digits, never 0.0000
    return f"{x:.{digits}f}" if isinstance(x, float) else str(x)


def attributes(st: PlanState) -> list[str]:
    info = st.last_ok("get_graph_info")
    return list((info.typed(GetGraphInfoResult).node_attributes or []) if info else [])


# -- bipartite --------------------------------------------------------------------------
def bipartite_calls(st: PlanState) -> list[Call]:
    return [Call("bipartite_check", {})]


def bipartite_render(st: PlanState, obs: list[Observed]) -> str:
    from igraph_agent.model.graph_intents import yes_no_lead

    d = obs[0].typed(BipartiteCheckResult)
    lead = yes_no_lead(st, d.bipartite)  # "is it bipartite?", "can the users be split …?"
    if not d.bipartite:
        cycle = " – ".join(map(str, d.odd_cycle or []))
        return (lead + "The graph is **not bipartite** (not two-mode): it has an odd cycle"
                + (f" ({cycle})" if cycle else "") + ".")
    a, b = d.side_a, d.side_b
    assert a is not None and b is not None  # a bipartite graph's result has both sides
    split = d.splitting_attributes or []
    by = f" The attribute `{split[0].attribute}` splits the nodes the same way." if split else ""
    dense = (f" {_two_mode_density(d)}" if _DENSITY.search(st.question) and
             d.bipartite_density is not None else "")
    return (f"{lead}{_sides_counted(st)}The graph **is bipartite** (two-mode): one side has **{a.total}** nodes (e.g. "
            f"{', '.join(map(str, a.items[:5]))}), the other **{b.total}** (e.g. "
            f"{', '.join(map(str, b.items[:5]))}); every edge joins the two sides.{by}{dense}")


def _two_mode_density(d: BipartiteCheckResult) -> str:
    a, b = d.side_a, d.side_b
    assert a is not None and b is not None
    return (f"Its two-mode density is **{_f(d.bipartite_density)}**: {d.edges} edges of the "
            f"{a.total} × {b.total} possible pairs across the sides.")


#: plurals without an -s ("18 women", not "18 womens")
_PLURALS = {"women", "men", "people", "children", "staff", "personnel", "crew", "faculty",
            "species", "media", "data", "police", "cattle", "sheep", "fish", "deer"}


def _sides_counted(st: PlanState) -> str:
    """"How many divers are there": the sides the question names, each with its own count
    (the data's sides, as get_graph_info's ``meaning.modes`` reads them), before the
    two-colouring's sides."""
    from dataclasses import replace

    from igraph_agent.model.semantic_intents import sides_named

    modes = st.meaning().get("modes") or {}
    sizes = modes.get("sides") or {}
    # own words, less a side set aside ("just people, not clubs")
    asked = replace(st, question=other_side_dropped(str(st.context.get("asked") or st.question),
                                                    [str(s) for s in sizes]))
    if slots.asked_kind(asked.question) != "count":
        return ""
    named = [side for _, side in sorted(sides_named(asked))]
    counted = [f"**{sizes[s]}** {s if s.endswith('s') or s.lower() in _PLURALS or sizes[s] == 1 else s + 's'}"
               for s in named if isinstance(sizes.get(s), int)]
    if counted and modes.get("unplaced"):  # a node table's node in no edge: no side known
        n = modes["unplaced"]
        return (f"The edges hold {' and '.join(counted)}; {n} more node{'s are' if n > 1 else ' is'}"
                f" in no edge, so the table does not say which side {'they are' if n > 1 else 'it is'}"
                " on. ")
    return f"There are {' and '.join(counted)}. " if counted else ""


# -- cycles of an undirected graph: a forest has no more edges than nodes minus components
#: a question whose "yes" means no cycle: "is it a forest", "is the network acyclic"
_NO_CYCLE = re.compile(r"\bforests?\b|\bacyclic\b|\b(?:cycle|loop)-?free\b|\bfree of (?:any )?"
                       r"(?:cycles|loops)\b|\b(?:without|no) (?:any )?(?:cycles|loops)\b", re.IGNORECASE)


#: "is it a tree / a forest?": a shape that ignores direction, asked of any graph
TREE_ASKED = re.compile(r"\b(?:an?|one|single|like\s+a)\s+(?:\w+\s+)?(?:tree|forest)\b"
                        r"(?!\s+(?:graph|network|data(?:set)?|table)\b)", re.IGNORECASE)


def cycles_calls(st: PlanState) -> list[Call]:
    info = st.last_ok("get_graph_info")
    if info is None:
        return []
    if info.typed(GetGraphInfoResult).directed and not TREE_ASKED.search(st.question):
        return []  # a directed graph's cycles follow the edges: direction_analysis
    return [Call("connectivity", {"limit": 10})]


def cycles_render(st: PlanState, obs: list[Observed]) -> str:
    from igraph_agent.results.paths import ConnectivityResult

    d = st.last_ok("get_graph_info").typed(GetGraphInfoResult)  # type: ignore[union-attr]
    c = obs[0].typed(ConnectivityResult)
    n, m, parts = d.nodes or 0, d.edges or 0, c.components
    forest = m == n - parts
    # "is it a tree?", not "does the tree graph contain any cycle" (the data's name)
    tree = re.search(r"\btree\b(?!\s+(?:graph|network|data(?:set)?|table)\b)", st.question,
                     re.IGNORECASE)
    # "is there any cycle? just checking it is a tree", "does it contain any cycles, or is it
    # tree-like": the cycle asked first, the tree only said after it
    cycle = re.search(r"\bcycl|\bloops?\b", st.question, re.IGNORECASE)
    if tree and cycle and cycle.start() < tree.start() and not _NO_CYCLE.search(st.question):
        tree = None
    none = _NO_CYCLE.search(st.question)
    typed = str(st.context.get("typed") or st.question)
    if none and cycle and cycle.start() < none.start() and (re.search(
            r"\b(?:any|some)\s+(?:\w+\s+)?(?:cycles?|loops?)\b", st.question[:none.start()],
            re.IGNORECASE) or re.search(r"\b(?:y/n|yes\s*/\s*no|yes\s+or\s+no)\s+(?:on|for|about)\s+"
                                       r"(?:the\s+)?(?:cycles|loops)\b", typed, re.IGNORECASE)):
        none = None  # "have any cycles in it, or is it a forest? y/n on cycles": Yes = cycles
    if tree:
        yes = forest and parts == 1
        head = "**Yes** — it is a tree" if yes else "**No** — it is not a tree"
    elif none:  # "is it a forest / acyclic?": yes when it has none
        head = ("**Yes** — it has no cycles (a forest)" if forest else
                "**No** — it has cycles (not a forest)")
    else:
        head = ("**No** — it has no cycles (a forest)" if forest else
                "**Yes** — it has cycles")
    asked = str(st.context.get("asked") or st.question)
    # ("sanity check on the tree graph: is it really a tree?": the question after the colon)
    if not re.search(r"(?:^|[:;]\s*|[-–—]\s+)(?:is|are|does|do|has|have|can)\b", asked, re.IGNORECASE):
        head = head.split(" — ", 1)[1].capitalize()
    why = ("every connected part is a tree" if forest else "some part has more edges than a tree "
           "on its nodes")
    if d.directed:  # a tree is a shape of the links, whichever way they point
        why += ", reading the edges without their direction"
    return (f"{head}: **{m} edges** on **{n} nodes** in **{parts} connected component(s)**; "
            f"{why}.")


# -- triangles --------------------------------------------------------------------------
def triangle_calls(st: PlanState) -> list[Call]:
    from igraph_agent.model.graph_intents import resolve_names

    named = slots.named(st.question)
    if not named:
        return [Call("count_triangles", {"top_k": 100} if _MEMBERS_ASKED.search(st.question)
                     else {})]
    searches, ids = resolve_names(st, named[:1])
    if ids is None:
        return searches
    return [*searches, Call("count_triangles", {"nodes": ids})]


#: the nodes in triangles asked: "and which junctions are in them", "who is in a triangle"
_MEMBERS_ASKED = re.compile(r"\b(?:which|who|list|name)\b[^.?!]{0,40}\b(?:in|on|part of|belong to)\s+"
                            r"(?:them|those|these|one|a\s+triangle|any\s+triangle|at\s+least\s+one)\b",
                            re.IGNORECASE)
#: a yes/no asking that there are none: "is it triangle-free?", "does it lack triangles?"
_NO_TRIANGLES = re.compile(r"\btriangle-?free\b|\b(?:free of|lack(?:s|ing)?|without|no)\s+(?:any\s+)?"
                           r"triangles?\b", re.IGNORECASE)


def triangle_render(st: PlanState, obs: list[Observed]) -> str:
    from igraph_agent.model.graph_intents import unresolved_names

    o = next((o for o in obs if o.tool == "count_triangles"), None)
    if o is None:
        return unresolved_names(st, slots.named(st.question)[:1])
    d = o.typed(CountTrianglesResult)
    own = "".join(f"{r.node} is part of **{r.triangles} triangle(s)**. " for r in d.requested)
    top = ", ".join(f"{t.node} ({t.triangles})" for t in d.top[:5])
    if slots.asked_kind(str(st.context.get("asked") or st.question)) == "yesno" and \
            len(d.requested) <= 1:  # "does it have any triangles?", "is Bo in a triangle?"
        some = d.requested[0].triangles if d.requested else d.triangles
        if _NO_TRIANGLES.search(str(st.context.get("asked") or st.question)):
            some = not some  # "is it triangle-free?": Yes where there are none
        own = ("**Yes** — " if some else "**No** — ") + own
    if not d.triangles:  # no node to rank: a list of zeros would read as an answer
        two = len((st.meaning().get("modes") or {}).get("sides") or {}) == 2
        return (own + f"The graph has **{d.triangles} triangles**: no three of its {d.nodes} "
                f"nodes are all linked to each other" + (" (it is two-mode: every edge joins "
                                                         "the two sides)" if two else "") + ".")
    if _MEMBERS_ASKED.search(st.question) and not d.requested:  # every node in one, named
        members = [t for t in d.top if t.triangles]
        if len(members) == d.nodes_in_triangles:
            return (f"The graph has **{d.triangles} triangles**; the {d.nodes_in_triangles} "
                    f"nodes in at least one: " + ", ".join(
                        f"**{t.node}** ({t.triangles})" for t in members) + ".")
    return (own + f"The graph has **{d.triangles} triangles**; {d.nodes_in_triangles} of "
            f"{d.nodes} nodes are part of at least one. Most triangles: {top or 'none'}.")


# -- one summary figure -----------------------------------------------------------------
FIGURES = [
    ("diameter", r"diameter|longest shortest|most distant|greatest distance|" + slots.DIAMETER_WORDS,
     "diameter"),
    ("radius", r"radius|eccentricity|(?<!two )(?<!pair of )(?<!two )\bfarthest\b(?!\s+pair)|"
     r"worst-case distance", "radius"),
    ("degree_assortativity", r"assortativ|degrees? correlat|hubs .*link to hubs|"
     # "do the busy junctions tend to connect to other busy ones, or to dead ends"
     r"\b(?:busy|busiest|big|well[- ]connected|highly[- ]connected|hub|well[- ]travell?ed)\b[^?]*\btend\s+"
     r"to\s+(?:connect|link|attach|join|show\s+up|turn\s+up|appear)\b|"
     r"high-degree \w+ (?:tend to )?(?:connect|link|attach|befriend)|"
     r"\b(?:well|highly|best|most)[- ]connected \w+ (?:tend to |usually |mostly )?\w+ (?:with|to) "
     r"(?:other )?(?:well|highly|best|most)[- ]connected\b",
     "degree assortativity"),
    ("average_path_length", r"average (?:shortest )?path|mean distance|characteristic path|"
     r"steps lie between|" + slots.AVERAGE_SEPARATION + r"|\bon average,? how many \w+ (?:does it|would it|do you|do i) (?:take|need)"
     r"\b.*\bbetween (?:two|any two)\b|\baverage (?:number of )?(?:hops|steps) between\b",
     "average shortest path length"),
    ("degeneracy", r"degeneracy|k-?core|deepest core|core level", "degeneracy (largest k with a "
     "non-empty k-core)"),
    ("density", r"density|\bdense\b|sparse|fraction of possible|share of all pairs|how full|"
     r"\b(?:fraction|share|proportion|percentage|ratio) of (?:all |the )*possible\b|connectance|"
     r"\b(?:divided by|out of|over) (?:all |the )*possible\b|" + slots.POSSIBLE_SHARE, "density"),
    ("transitivity", r"transitivity|global clustering|clustering (?:coefficient )?of the whole "
     r"(?:graph|network)|overall (?:fraction|share) of closed triads", "transitivity (the global "
     "clustering coefficient: closed triads over all connected triples)"),
    ("degree.median", r"\bmedian (?:node )?degree\b|\bmedian (?:number of )?(?:ties|connections|"
     r"neighbou?rs|links)\b", "median degree"),
]


def figure_calls(st: PlanState) -> list[Call]:
    calls = [Call("summary_statistics", slots.figure_weight(st.question, st.meaning()))]
    if _DENSITY.search(st.question) and len((st.meaning().get("modes") or {}).get("sides") or {}) == 2:
        calls.append(Call("bipartite_check", {}))  # two-mode data: pairs across the sides
    return calls


#: the density asked, in any of the figure's words
_DENSITY = re.compile(next(rx for key, rx, _ in FIGURES if key == "density"), re.IGNORECASE)


_PATH_FIGURES = ("diameter", "radius", "average_path_length")
NO_FIGURE = "I could not tell which figure of the graph you mean"  # the planner then asks
#: a path figure that follows the edges on a graph where no two nodes reach each other both
#: ways: undefined, so the planner asks (the table may list each route one way only)
TWO_MODE_CLIQUE = "On this two-mode graph every clique has at most 2 nodes"  # asked instead
NO_TWO_WAY = "Following the edges' direction, no two nodes reach each other both ways"


def figure_render(st: PlanState, obs: list[Observed]) -> str:
    d = next(o for o in obs if o.tool == "summary_statistics").typed(SummaryStatisticsResult)
    two = next((o.typed(BipartiteCheckResult) for o in obs if o.tool == "bipartite_check"), None)
    asked = [(key, name) for key, rx, name in FIGURES if re.search(rx, st.question, re.IGNORECASE)]
    if two is not None and two.bipartite_density is not None and [k for k, _ in asked] == ["density"]:
        # two-mode data: the share of the pairs across the sides, the plain density beside it
        return (f"{_two_mode_density(two)} (The plain density, **{_f(d.density)}**, also counts "
                "pairs on one side as possible links.)")
    unit = slots.path_unit_words(d.path_unit, d.weight_used)
    parts = [f"The {name} is **{_f(_figure(d, key))}{unit if key in _PATH_FIGURES else ''}**"
             for key, name in asked if key.split(".")[0] in d.model_fields_set]
    if not parts:  # no figure this question names: the node and edge counts answer nothing
        return f"{NO_FIGURE} ({d.nodes} nodes, {d.edges} edges)."
    if any(k in _PATH_FIGURES for k, _ in asked) and d.directed and (d.paths_over_nodes or 0) < 2:
        # no two nodes reach each other both ways: a path figure following the edges is
        # infinite (networkx refuses it), and the 0 of a one-node piece would mislead
        return (f"{NO_TWO_WAY} (every "
                f"strongly connected component is a single node, {d.nodes} nodes in all), so the "
                "diameter, radius and average path length are undefined (infinite): some node "
                "never reaches another. Ask for the distance between two nodes you name, or load "
                "the table undirected to measure it ignoring direction.")
    approx = " (estimated from sampled sources)" if d.paths_approximate else ""
    over = d.paths_over or "the largest component"
    nodes = d.paths_over_nodes or d.largest_component.nodes
    paths = (f" (path figures on {over}, {nodes} nodes)"
             if any(k in _PATH_FIGURES for k, _ in asked) else "")
    if any(k == "transitivity" for k, _ in asked) and re.search(r"global clustering", st.question,
                                                                re.IGNORECASE):
        parts.append("the average of the nodes' own (local) clustering coefficients, which some "
                     f"also call the global one, is {_f(d.average_clustering)}")
    if any(k == "radius" for k, _ in asked) and d.center and re.search(
            r"\bcent(?:re|er)\b|\bcentral\s+(?:room|node|site|town|station|point)\b", st.question,
            re.IGNORECASE):  # "… and which room is the centre": eccentricity = radius
        parts.append("the centre (eccentricity = radius) is " + ", ".join(
            f"**{n}**" for n in d.center[:10]) + (" …" if len(d.center) > 10 else ""))
    parts = parts[:1] + [p[0].lower() + p[1:] for p in parts[1:]]  # "…; the transitivity is"
    used = (d.weight_used or {}).get("attribute") if paths else None
    note = length_note(st.question, st.meaning(), used) if used else ""
    return _mixing_lead(st, d, asked) + "; ".join(parts) + approx + paths + "." + note


def _figure(d: SummaryStatisticsResult, key: str):
    """The figure ``key`` names (``degree.median``: a part of one)."""
    value = d
    for part in key.split("."):
        value = getattr(value, part)
    return int(value) if key == "degree.median" and float(value).is_integer() else value


def _mixing_lead(st: PlanState, d: SummaryStatisticsResult, asked: list) -> str:
    """What the degree assortativity says, in words, before its value: "**No** — high-degree
    nodes tend to link to low-degree ones" for "Is the network assortative by degree?"."""
    r = d.degree_assortativity if "degree_assortativity" in d.model_fields_set else None
    if r is None or not any(k == "degree_assortativity" for k, _ in asked):
        return ""
    if abs(r) < 0.05:
        said, yes = "degrees are nearly uncorrelated (neither assortative nor disassortative)", False
    elif r > 0:
        said, yes = "high-degree nodes tend to link to each other (assortative)", True
    else:
        said, yes = "high-degree nodes tend to link to low-degree ones (disassortative)", False
    yesno = (slots.asked_kind(st.question) == "yesno" and " or " not in st.question.lower()
             and re.search(r"assortativ|link to hubs|tend to (?:connect|link|attach|befriend|work|"
                           r"partner|team up|collaborate|associate|go|stick)\b",
                           st.question, re.IGNORECASE))
    if yesno and re.search(r"disassortativ", st.question, re.IGNORECASE):
        yes = r <= -0.05
    return (f"**{'Yes' if yes else 'No'}** — {said}. " if yesno else
            said[:1].upper() + said[1:] + ". ")


# -- counting nodes by attribute --------------------------------------------------------
def where_of(st: PlanState) -> tuple[str, str] | None:
    """(attribute, value) the question filters on: ``team = legal``, "the legal team", or a
    value of a categorical attribute named alone ("how many work in Biology") when exactly
    one such value is named; None when it names that value with others as alternatives
    ("in Physics or Chemistry": see :func:`where_any`)."""
    return where_filter(st)[0]


def where_filter(st: PlanState) -> tuple[tuple[str, str] | None, tuple[str, list[str]]]:
    """:func:`where_of` and :func:`where_any` read in one pass (the value named alone, or
    None when it is joined with others; the attribute and every value joined)."""
    found = _where_one(st)
    attr, either = where_any(st, found)
    return (None if found is not None and len(either) > 1 else found), (attr, either)


def where_any(st: PlanState, found: tuple[str, str] | None = None) -> tuple[str, list[str]]:
    """(attribute, values) of a filter that keeps any of the values the question joins as
    alternatives ("profs in Physics or Chemistry": department, [Physics, Chemistry]); one
    value when only one is named, ``("", [])`` when none is."""
    from igraph_agent.model.either_values import joined_values

    found = found or _where_one(st)
    typed = str(st.context.get("typed") or st.question)
    modes = st.meaning().get("modes") or {}
    sided = modes.get("attribute") if modes.get("by") == "attribute" else None
    groups = {a: vs for a, vs in groupings(st.meaning()).items() if a != sided}  # ("actor +
    # production": the two sides, no filter)
    if found is None:  # two values named and neither alone the filter
        attr, said = values_named_in_order(typed, groups)
        joined = joined_values(typed, [str(v) for v in groups[attr]], said[0]) if attr else []
        return (str(attr), joined) if len(joined) > 1 else ("", [])
    values = [str(v) for v in groups.get(found[0]) or []]
    return found[0], joined_values(typed, values, found[1]) if values else [found[1]]


def _where_one(st: PlanState) -> tuple[str, str] | None:
    found = _where_one_said(st)
    if found and _the_nodes_own_noun(st, found):
        return None  # "the stop network" on from_stop,to_stop: every node, no kind = stop
    if found and _describes_a_name(st.question, found[1]):
        return None  # "Highmoor reservoir feeds how many sites": the node, said with its kind
    return found


def _describes_a_name(question: str, value: str) -> bool:
    """Whether the value is said only as one named node's own noun, right after its name
    ("Highmoor reservoir", "Riverside station"), never as a set of nodes."""
    names = slots.named(question)
    said = list(re.finditer(rf"(?<![\w-]){re.escape(value)}(?![\w-])", question, re.IGNORECASE))
    return bool(names and said) and all(any(re.search(
        rf"(?<![\w-]){re.escape(n)}\s+$", question[:m.start()]) for n in names) for m in said)


def _the_nodes_own_noun(st: PlanState, found: tuple[str, str]) -> bool:
    """Whether the value is the word both endpoint columns call the nodes by ("stop" of
    ``kind`` on from_stop,to_stop), said without its attribute's name."""
    from igraph_agent.model.unknown_quantity import endpoint_kind

    info = st.last_ok("get_graph_info")
    kind = endpoint_kind(info.data) if info else None
    return bool(kind) and found[1].lower() == kind and not re.search(
        rf"\b{re.escape(found[0].replace('_', ' '))}\b", st.question, re.IGNORECASE)


def _where_one_said(st: PlanState) -> tuple[str, str] | None:
    found = slots.where(st.question, attributes(st))
    groups = groupings(st.meaning())
    kind = ((st.meaning().get("node_attributes") or {}).get(found[0]) or {}).get("kind") \
        if found else None
    if found and kind == "numeric" and not re.fullmatch(r"-?\d+(?:\.\d+)?", found[1]):
        # "first-floor rooms" on a numeric ``floor``: floor = 1; "the floor plan": no value
        number = _ORDINALS.get(found[1].lower())
        found = (found[0], number) if number else None
    known = groups.get(found[0]) if found else None
    if found and known and found[1].lower() not in {v.lower() for v in known}:
        whole = [v for v in known if re.search(rf"(?<![\w]){re.escape(found[1])}(?![\w])", v,
                                               re.IGNORECASE)
                 and re.search(rf"(?<![\w]){re.escape(v)}(?![\w])", st.question, re.IGNORECASE)]
        # "who in ward 7": the value "ward 7", not "7"; "cross team boundaries": no value at all
        found = (found[0], whole[0]) if len(whole) == 1 else None
    elif found and known:  # "the physics dept": the value as the data writes it, Physics
        found = (found[0], next(v for v in known if v.lower() == found[1].lower()))
    if found:
        return found
    modes = st.meaning().get("modes") or {}
    sided = modes.get("attribute") if modes.get("by") == "attribute" else None
    # "which guild has the most members" where ``kind`` splits artisans from guilds: the
    # value names a side of the two-mode graph (its nodes ranked), no subset to filter to
    hits = {(attr, v) for attr, values in groups.items() for v in values
            if attr != sided and (value_named(v, st.question) or (len(v) >= 3 and re.search(
                rf"(?<![\w-]){_as_named(v)}(?![\w-])", st.question, re.IGNORECASE)
                and v.lower() not in slots.STOP_WORDS) or value_as_members(v, st.question))}
    if not hits:  # "how many bonded warehouses": the yes value of a yes/no column
        hits = {(attr, v) for attr, values in groups.items()
                if (v := flag_said(attr, [str(x) for x in values], st.question)) is not None}
    return hits.pop() if len(hits) == 1 else None  # "lab-nas" is a node, no lab


#: an ordinal said for a number ("first-floor rooms", "third year"): the number
_ORDINALS = {"first": "1", "1st": "1", "second": "2", "2nd": "2", "third": "3", "3rd": "3",
             "fourth": "4", "4th": "4", "fifth": "5", "5th": "5", "sixth": "6", "6th": "6"}


def _as_named(value: str) -> str:
    """A group value as a question names it: itself, or its adjective ("South American" for
    "South America", "Asian", "European" for "Europe")."""
    v = re.escape(value)
    if value.endswith("a"):
        return rf"{v}n?"
    if value.endswith("e"):
        return rf"(?:{v}|{re.escape(value[:-1])}ean|{v}s)"
    if re.fullmatch(r"[a-z]+[^s]", value):  # "which of our reservoirs": reservoir, many
        return rf"{v}s?"
    return v


def named_values(st: PlanState) -> dict[str, str]:
    """Each grouping attribute's one value the question names whole ("low risk accounts at
    Northwind Bank": risk = low, bank = Northwind Bank); an attribute with several named
    values is left out."""
    found: dict[str, list[str]] = {}
    for attr, values in groupings(st.meaning()).items():
        for v in values:
            if len(str(v)) >= 2 and (value_named(str(v), st.question) or re.search(
                    rf"(?<![\w-]){re.escape(str(v))}-{re.escape(attr)}\b", st.question,
                    re.IGNORECASE)  # "the assembly-tier plants": tier = assembly
                    or value_as_members(str(v), st.question)):  # "towns in the south zone"
                found.setdefault(attr, []).append(str(v))
    out = {a: vs[0] for a, vs in found.items() if len(vs) == 1}
    for v in {x.lower() for x in out.values()}:  # "the percussion section": one value of two
        holders = [a for a, x in out.items() if x.lower() == v]  # groupings, its own said
        said = [a for a in holders if re.search(
            rf"(?<![\w-]){re.escape(v)}\s+{re.escape(a.replace('_', ' '))}|"
            rf"{re.escape(a.replace('_', ' '))}\s+(?:is\s+|=\s*|of\s+)?{re.escape(v)}(?![\w-])",
            st.question, re.IGNORECASE)]
        if len(holders) > 1 and len(said) == 1:
            out = {a: x for a, x in out.items() if a not in holders or a == said[0]}
    for attr, values in groupings(st.meaning()).items():  # "bonded warehouses": bonded = yes
        said = flag_said(attr, [str(v) for v in values], st.question)
        if said is not None and attr not in out:
            out[attr] = said
    return out


#: the two values of a yes/no column, the "yes" first
_FLAGS = (("yes", "no"), ("true", "false"), ("y", "n"), ("1", "0"), ("t", "f"))


def flag_said(attr: str, values: list[str], question: str) -> str | None:
    """The value of a yes/no column its name says as an adjective: "bonded warehouses" ->
    the yes value of ``bonded``; "non-bonded", "not bonded", "unbonded" -> the no value;
    None when the column is no yes/no one or its name is not said."""
    low = {v.lower(): v for v in values}
    pair = next((p for p in _FLAGS if set(low) == set(p)), None)
    name = attr.lower().replace("_", " ")
    if pair is None or len(name) < 4:
        return None
    if re.search(rf"\b(?:non-?|un|not\s+|never\s+){re.escape(name)}\b", question, re.IGNORECASE):
        return low[pair[1]]
    if re.search(rf"(?<![\w-]){re.escape(name)}(?![\w-])", question, re.IGNORECASE):
        return low[pair[0]]
    return None


#: the ties of a group counted, not its members: "how many contacts does the legal group
#: have in total", "how many ties does sales have" (not ties between or within groups: those
#: are the group pair's)
_GROUP_TIES = re.compile(
    r"\bhow many\s+(?:\w+\s+)?(?:ties|contacts|connections|links|edges|relationships|"
    r"friendships)\b(?!.*\b(?:between|within|inside|among|amongst|across|outside|other|each|"
    r"per|from|to|with)\b)", re.IGNORECASE)


def _group_ties(st: PlanState) -> bool:
    return bool(_GROUP_TIES.search(st.question)) and not st.meaning().get("directed")


def several_named(st: PlanState) -> set[str]:
    """The grouping attributes the question names two or more values of ("certified
    producers (farms + coops)": kind = farm or coop), which no one-value filter applies."""
    out = set()
    q = str(st.context.get("typed") or st.question)  # as typed: "(farms + coops)"
    for attr, values in groupings(st.meaning()).items():
        said = [v for v in values if len(str(v)) >= 2 and (value_named(str(v), q) or
                                                           value_as_members(str(v), q))]
        if len(said) >= 2:
            out.add(attr)
    return out


#: the thing a count counts: "how many chamber partners", "how many rounds"
_COUNTED = re.compile(r"\bhow\s+many\s+(?:different\s+|distinct\s+|unique\s+|separate\s+)?"
                      r"(?:(?P<m>[a-z]+)\s+)?(?P<n>[a-z]+)\b", re.IGNORECASE)


_AUX = frozenset({"did", "do", "does", "are", "is", "were", "was", "have", "has", "had", "can",
                  "could", "will", "would", "in", "on", "at", "of", "there"})


def counts_another_thing(st: PlanState) -> bool:
    """Whether a count asks for something other than nodes holding a value: ties ("how many
    chamber partners does our viola player have") or a thing the data never names ("how many
    rounds did the Summer Blitz have")."""
    from igraph_agent.model.unknown_quantity import holds_word
    from igraph_agent.model.vocabulary import _TIES

    asked = str(st.context.get("asked") or st.question)
    first = re.search(r"\bhow\s+many\b", asked, re.IGNORECASE)
    m = _COUNTED.match(asked, first.start()) if first else None
    if m is None:
        return False  # (the first count only: "how many 33kV substations …, and how many lines")
    words = [w.lower() for w in m.group("m", "n") if w]
    owned = words[-1] in {"did", "does", "do", "has", "have", "had"}  # "… did X have"
    if words[-1] in _AUX:
        words = words[:-1]  # "how many rounds did …"
    if not words:
        return False
    if any(re.fullmatch(_TIES + r"|neighbou?rs?", w) for w in words):
        found = _where_one_said(st)  # one node's ties, named by its value: "our viola player"
        return bool(found) and re.search(
            rf"(?<![\w-]){re.escape(found[1])}\s+(?!(?:team|group|dept|department|section|unit|"
            rf"{re.escape(found[0])})\b)[a-z]+(?<!s)\b", asked, re.IGNORECASE) is not None
    info = st.last_ok("get_graph_info")
    head = words[-1]
    if not owned or len(head) <= 3 or not head.endswith("s") or \
            holds_word(head, info.data if info else {}):
        return False  # (not "how many gardeners are …")
    found = _where_one_said(st)
    return not (found and re.search(rf"\b(?:does|do|did|has|have|had)\s+(?:the\s+)?"
                                    rf"{re.escape(found[1])}(?![\w-])", m.string, re.IGNORECASE))
    # ("how many clinics does Northgate have": a group's own members, in the user's word)


def count_where_calls(st: PlanState) -> list[Call]:
    if st.meaning().get("modes") and re.search(
            r"\bhow\s+many\s+(?:different|distinct|unique|separate)\b",
            str(st.context.get("asked") or st.question), re.IGNORECASE):
        return []  # "how many different people came to the hedges days": their partners
    found, (attr, either) = where_filter(st)
    if found is not None and counts_another_thing(st) and not _group_ties(st):
        return []  # ("how many ties does sales have": the group's own ties, below)
    if found is not None and several_named(st) - {found[0]}:
        return []  # "certified farms + coops": certified = yes and kind = farm or coop, which
        # one filter cannot say; counting the certified alone would answer another question
    if found is not None and _group_ties(st):  # the group's ties: within and to others
        return [Call("group_analysis", {"attribute": found[0], "top_k": 200})]
    both = named_values(st)
    if len({str(v).lower() for v in both.values()}) < len(both):
        return []  # "percussion" both an instrument and a section: which one, the user says
    if len(both) >= 2 and (found is None or both.get(found[0], found[1]) == found[1]):
        # two attributes' values named: the nodes holding both, never one of the two alone
        where = {**({found[0]: found[1]} if found else {}), **both}
        return [Call("nodes_by_measure", {"measure": "degree", "op": "ge", "value": 0,
                                          "where": where, "limit": 50})]
    if found is None and len(either) > 1 and not several_named(st) - {attr}:
        # "how many profs in Physics or Maths": the nodes holding either value
        where: dict = {attr: either, **{a: v for a, v in both.items() if a != attr}}
        return [Call("nodes_by_measure", {"measure": "degree", "op": "ge", "value": 0,
                                          "where": where, "limit": 50})]
    if found is None:
        return []
    from igraph_agent.model.value_counts import side_named

    info = st.last_ok("get_graph_info")
    side = side_named(str(st.context.get("asked") or st.question), info.data if info else {},
                      found[0])
    if side is not None:  # "how many Colombians are on the cupping panel": the cuppers only
        return [Call("nodes_by_measure", {"measure": "degree", "op": "ge", "value": 0,
                                          "where": {found[0]: found[1], side[0]: side[1]},
                                          "limit": 50})]
    return [Call("subgraph_extraction", {"attribute": found[0], "value": found[1],
                                         "create_version": False})]


def count_where_render(st: PlanState, obs: list[Observed]) -> str:
    if not obs:
        return "Name the attribute and value to count, e.g. 'how many nodes have team = legal'."
    if obs[0].tool == "group_analysis":
        return _group_ties_render(st, obs[0])
    if obs[0].tool == "nodes_by_measure":
        from igraph_agent.model.either_values import where_said

        m = obs[0].typed(NodesByMeasureResult)
        scope = where_said(m.where or {})
        names = ", ".join(str(n.node) for n in m.nodes)
        return (f"**{m.count}** node(s) have {scope}" +
                (f": {names}{' …' if m.truncated else ''}." if names else "."))
    d = obs[0].typed(SubgraphExtractionResult)
    names = ", ".join(str(n.node) for n in d.node_ids[:d.listed])
    more = " …" if d.listed < d.nodes else ""
    return (f"**{d.nodes} nodes** match {obs[0].args.get('attribute')} = "
            f"{obs[0].args.get('value')} ({_f(d.fraction_of_graph * 100, 1)}% of the graph)"
            + (f": {names}{more}" if names else "") + f"; among them {d.edges} edges.")


def _group_ties_render(st: PlanState, o: Observed) -> str:
    """A group's ties: every edge with a member at one end, each once, then how many stay
    inside the group and how many go to other groups."""
    from igraph_agent.results.semantics import GroupAnalysisResult

    found = where_of(st)
    d = o.typed(GroupAnalysisResult)
    row = next((r for r in d.groups if found and str(r.group) == found[1]), None)
    if row is None or row.edges_touching is None:
        from igraph_agent.model.graph_intents import UNRESOLVED
        return UNRESOLVED[1] + f" ({found[1] if found else 'the group'} is not a value of {d.attribute})."
    return (f"The {row.size} members of **{row.group}** ({d.attribute}) have **{row.edges_touching}** "
            f"ties in all (edges with a member at one end, each counted once): "
            f"{row.within_edges} within {row.group} and {row.edges_to_other_groups} to other "
            f"{d.attribute} groups.")


def count_where_bonus(st: PlanState) -> float:
    from igraph_agent.model.size_nouns import counts_nodes, edges_joining
    from igraph_agent.model.value_counts import linked_value

    info = st.last_ok("get_graph_info")
    asked = str(st.context.get("asked") or st.question)
    if not counts_nodes(asked, info.data if info else {}) or \
            edges_joining(asked, info.data if info else {}):
        return -10.0  # "how many yellow cards did the DEF group pick up", "how many corridors
        # connect the Main block to …": no node counted

    if re.search(r"\b(?:either|one|both|each|an?)\s+ends?\b|\btouch(?:es|ing)?\b", asked,
                 re.IGNORECASE):
        return -10.0  # "how many crossings touch an Atlantic port at either end": edges
    if linked_value(str(st.context.get("asked") or st.question), {"meaning": st.meaning()}):
        return -2.0  # "how many actors appeared in a comedy": the other side, linked
    if _amount_asked(st):
        return -10.0  # "the total pop_k of Derby county": an amount, not a count of nodes
    found, (_, either) = where_filter(st)
    if found and re.search(rf"\b(?:each|every|per)\s+{re.escape(found[1])}\b", st.question,
                           re.IGNORECASE):
        return -2.0  # "how many ambulances are based at each station": something per group
    return 1.0 if found or len(named_values(st)) >= 2 or len(either) > 1 else 0.0


def _amount_asked(st: PlanState) -> bool:
    """Whether the question asks a total or an average of a numeric node column ("what is the
    total pop_k of Derby county", "the combined population of york"): never a node count."""
    from igraph_agent.model.attribute_intents import _AGGREGATE, _words, numeric_attributes

    q = str(st.context.get("asked") or st.question)
    if not _AGGREGATE.search(q) or re.search(r"\bhow many\b", q, re.IGNORECASE):
        return False
    return any(re.search(rf"\b{re.escape(w)}\b", q, re.IGNORECASE)
               for a in numeric_attributes(st) for w in [a, *_words(a)])


# -- the girth and the count of maximal cliques ------------------------------------------
#: "what is the girth", "the length of the shortest cycle", "the smallest loop in the graph"
_GIRTH = re.compile(r"\bgirth\b|\b(?:shortest|smallest|tightest)\s+(?:possible\s+)?(?:closed\s+)?"
                    r"(?:cycle|loop|circuit|ring)s?\b", re.IGNORECASE)
#: "how many cliques are there", "the number of maximal cliques" (not of one size)
_CLIQUE_COUNT = re.compile(r"\b(?:how many|number of|count(?:\s+of)?(?:\s+the)?)\s+(?:maximal\s+|"
                           r"distinct\s+|different\s+|separate\s+)?cliques\b", re.IGNORECASE)
_CLIQUE_SIZED = re.compile(r"cliques?\s+of\s+(?:size|order)|\d-cliques?|\bsize\s+\d|\b(?:at least|"
                           r"more than|exactly|over|fewer than|under)\s+\d|\btriangles?\b|"
                           r"\blargest\b|\bbiggest\b|\bif\b|\bwithout\b|\bremov", re.IGNORECASE)


def girth_asked(st: PlanState) -> bool:
    """An undirected graph's girth, no node named ("the shortest cycle through Ada" is not
    the girth) and no change to the graph."""
    if not _GIRTH.search(st.question) or slots.named(st.question):
        return False
    if re.search(r"\bif\b|\bwithout\b|\bremov|\bthrough\b|\bcontaining\b", st.question,
                 re.IGNORECASE):
        return False
    return not st.meaning().get("directed")  # a directed cycle follows the edges: asked


def girth_calls(st: PlanState) -> list[Call]:
    return [Call("connectivity", {"limit": 10, "whole": True})] if girth_asked(st) else []


def girth_render(st: PlanState, obs: list[Observed]) -> str:
    from igraph_agent.results.paths import ConnectivityResult

    c = obs[0].typed(ConnectivityResult)
    if c.girth is None:
        return ("The graph has **no cycle** (every piece is a tree), so its girth is infinite: "
                "there is no shortest cycle.")
    weights = list(st.meaning().get("weights") or {})
    counted = (f" (counted in edges, not in {', '.join(weights)})" if weights else "")
    return (f"The girth — the length of the shortest cycle — is **{c.girth}** edges{counted}"
            + (": the graph has triangles." if c.girth == 3 else "."))


def clique_count_asked(st: PlanState) -> bool:
    return bool(_CLIQUE_COUNT.search(st.question) and not _CLIQUE_SIZED.search(st.question)
                and not slots.named(st.question))


def clique_count_calls(st: PlanState) -> list[Call]:
    return [Call("largest_clique", {})] if clique_count_asked(st) else []


def clique_count_render(st: PlanState, obs: list[Observed]) -> str:
    from igraph_agent.results.cohesion import LargestCliqueResult

    d = obs[0].typed(LargestCliqueResult)
    sizes = "; ".join(f"{k} node{'s' if k != '1' else ''}: {v}"
                      for k, v in (d.maximal_by_size or {}).items())
    return (f"There are **{d.maximal_cliques}** maximal cliques (groups in which everyone is "
            "tied to everyone and no other node can join, as networkx's find_cliques counts "
            f"them: a tie in no triangle and a node with no tie count too). By size — {sizes}. "
            f"The largest has {d.size} nodes.")


def _shape_intents() -> list:
    from igraph_agent.model.registry import Intent, t

    return [
        Intent("girth", t(0.5, _GIRTH.pattern), girth_calls, girth_render,
               "the girth: the shortest cycle's length in edges (connectivity)",
               group="girth", bonus=lambda st: 4.0 if girth_asked(st) else -10.0,
               hint="the length of the shortest cycle (the girth)",
               answers=frozenset({"value", "count"}), covers=frozenset({"bottom", "scope"})),
        Intent("clique_count", t(0.5, _CLIQUE_COUNT.pattern), clique_count_calls,
               clique_count_render, "the number of maximal cliques, by size (largest_clique)",
               group="clique_count", bonus=lambda st: 4.0 if clique_count_asked(st) else -10.0,
               hint="how many maximal cliques there are",
               answers=frozenset({"count", "value"}), covers=frozenset({"scope"})),
    ]


SHAPE_INTENTS = _shape_intents()
