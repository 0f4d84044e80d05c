"""Offline-planner intent ``whatif_total``: an edge value added up on the graph without a
named node or edge ("if Lior leaves the crew, what's Mika's total rapport", "Elm's total hours
without the Corve-Elm stretch", "if the Fox-Vance collaboration had never happened, how many
joint papers would Vance have"): ``edge_attribute_totals`` with ``without_nodes`` /
``without_edges``, next to the same total as it is now. One named node's total, or the whole
graph's when no other node is named; a removal it cannot read (several edges, "the hub") is
left to the intents that ask.
"""

from __future__ import annotations

import re

from igraph_agent.model import slots
from igraph_agent.model.planstate import Call, Observed, PlanState
from igraph_agent.model.registry import Intent, t
from igraph_agent.results.counting import EdgeAttributeTotalsResult


def _gone(st: PlanState) -> tuple[list[str], bool] | None:
    """The removed edge's two ends (True) or the removed nodes (False), or None."""
    edge = slots.edge_gone(st.question)
    if edge:
        return edge, True
    if slots.EDGE_REMOVAL.search(st.question):
        return None
    names = slots.removals(st.question)
    if not names or any(n in (slots.HUB, slots.CENTRAL) for n in names):
        return None
    return names, False


def _words(name: str) -> set[str]:
    return {w.lower() for w in name.replace("-", " ").replace("–", " ").split()}


#: the whole graph's total asked: "the total of the whole canal", "all loans together"
_WHOLE = re.compile(r"\b(?:whole|entire|all|overall|network|graph|altogether|in total|"
                    r"combined|everything)\b", re.IGNORECASE)


def _node(st: PlanState) -> list[str] | None:
    """The one node whose total is asked ([] for the whole graph's), None when several or
    when the question names none and asks no whole-graph total. The removal's own words are
    no such node ("Elm's total without the Corve-Elm stretch": Elm's)."""
    gone = _gone(st)
    if gone is None:
        return None
    q = st.question
    span = slots.edge_gone_span(q) if gone[1] else None
    if span:
        q = q[:span[0]] + " , " + q[span[1]:]
    removed = {g.lower() for g in gone[0]} if not gone[1] else set()
    others = list(dict.fromkeys(n for n in slots.named(q) if n.lower() not in removed
                                and not re.search(r"[-–—]", n)))
    if len(others) > 1 or (not others and not _WHOLE.search(q)):
        return None
    return others


#: the amount asked after a removal: "how much would Ada still get", "how many kegs would
#: Lanternhall still get" (group 1: what is counted)
_AMOUNT = re.compile(r"\bhow (?:much|many\s+([a-z]+))\b", re.IGNORECASE)


def amount_attr(st: PlanState) -> str | None:
    """The edge value a what-if total adds up: the one the question names, or the count
    column that counts the things asked ("how many emails" on sender,receiver,count)."""
    from igraph_agent.model.query_intents import count_column, edge_attr

    attr = edge_attr(st)
    m = _AMOUNT.search(st.question)
    if attr is None and m and m.group(1):
        attr = count_column(st, m.group(1))
    still = _STILL_GETS.search(st.question)
    if attr is None and still:  # "would Ola still receive any messages" on a count column
        attr = count_column(st, str(still.group("what") or still.group("what2")))
    if attr is None and m and not m.group(1):  # "how much would Foxglass still get": the
        roles = st.meaning().get("weights") or {}  # table's one amount that is no distance
        amounts = [a for a, r in roles.items() if r != "distance"]
        attr = amounts[0] if len(amounts) == 1 and len(roles) == 1 else None
    return attr


#: a yes or no on what a node still gets: "would Lanternhall still get kegs", "would Ada
#: still receive any emails"
_STILL_GETS = re.compile(r"^\s*(?:\w+\s+){0,6}?(?:would|will|does|do|could|can)\s+[\w'.-]+(?:\s+[\w'.-]+)?"
                         r"\s+still\s+(?:get|receive|have|be sent|be paid|earn)\s+(?:any\s+)?"
                         r"(?P<what>[a-z]+)\b|^\s*(?:if|suppose|imagine)\b[^,]*,\s*(?:would|will|does|do|"
                         r"could|can)\s+[\w'.-]+(?:\s+[\w'.-]+)?\s+still\s+(?:get|receive|have|"
                         r"earn)\s+(?:any\s+)?(?P<what2>[a-z]+)\b", re.IGNORECASE)


def _yes_no_asked(st: PlanState, attr: str) -> bool:
    """Whether the question asks whether the named node still gets any of ``attr``."""
    from igraph_agent.model.query_intents import _attr_pattern, count_column

    m = _STILL_GETS.search(st.question)
    what = m and (m.group("what") or m.group("what2"))
    return bool(what) and (re.fullmatch(_attr_pattern(attr), str(what), re.IGNORECASE) is not None
                           or count_column(st, str(what)) == attr)


def value_asked(st: PlanState) -> bool:
    """Whether the question asks for an amount the edges carry, not for nodes: "how much",
    or "how many <the edge value's own word>" ("how many kegs" on ``kegs``, "how many
    emails" on a ``count`` column that counts them)."""
    from igraph_agent.model.query_intents import _attr_pattern, count_column

    m = _AMOUNT.search(st.question)
    attr = amount_attr(st)
    if attr is not None and _yes_no_asked(st, attr):
        return True  # "would Lanternhall still get kegs": yes when its total stays above 0
    if not m or attr is None:
        return False
    noun = m.group(1)
    return noun is None or re.fullmatch(_attr_pattern(attr), noun, re.IGNORECASE) is not None \
        or count_column(st, noun) == attr


#: the removal's own clause ("if Kettleburn stopped sending,"), whose verb says nothing of
#: the side of the total asked ("how many would Ada still get")
_REMOVAL_CLAUSE = re.compile(r"^\s*(?:if|suppose|imagine|say|assuming|when|once)\b[^,;]*[,;]|"
                             r",?\s*\b(?:if|once|when|after)\b[^,;?]*[?.!]*\s*$", re.IGNORECASE)


def _side(st: PlanState) -> str:
    from dataclasses import replace

    from igraph_agent.model.query_intents import _edge_side

    rest = _REMOVAL_CLAUSE.sub(" ", st.question)
    return _edge_side(replace(st, question=rest) if rest.strip() else st)


#: the pieces the removal leaves, asked: "how many disconnected groups would there be then"
_PIECES_ASKED = re.compile(r"\bhow many\s+(?:\w+\s+)?(?:components?|pieces|parts|islands|clusters|"
                           r"groups|chunks)\b|\b(?:disconnected|separate)\s+(?:groups|pieces|parts|"
                           r"components|clusters|islands)\b", re.IGNORECASE)


def _applies(st: PlanState) -> bool:
    return amount_attr(st) is not None and _gone(st) is not None and _node(st) is not None \
        and not _PIECES_ASKED.search(st.question)


def _calls(st: PlanState) -> list[Call]:
    from igraph_agent.model.graph_intents import resolve_names

    if not _applies(st):
        return []
    gone, edge = _gone(st)  # type: ignore[misc]
    node = _node(st) or []
    searches, ids = resolve_names(st, [*gone, *node])
    if ids is None:
        return searches
    side = _side(st)
    args: dict = {"attribute": amount_attr(st), **({"node": ids[-1]} if node else {}),
                  **({"direction": side} if side != "both" else {})}
    removed = {"without_edges": [ids[:2]]} if edge else {"without_nodes": ids[:len(gone)]}
    return [*searches, Call("edge_attribute_totals", args),
            Call("edge_attribute_totals", {**args, **removed})]


def _render(st: PlanState, obs: list[Observed]) -> str:
    from igraph_agent.model.graph_intents import _f, unresolved_names

    done = [o for o in obs if o.tool == "edge_attribute_totals" and o.ok]
    after = next((o for o in done if "without_nodes" in o.args or "without_edges" in o.args), None)
    before = next((o for o in done if o is not after), None)
    if after is None or before is None:
        gone = _gone(st)
        return unresolved_names(st, [*(gone[0] if gone else []), *(_node(st) or [])])
    a, b = after.typed(EdgeAttributeTotalsResult), before.typed(EdgeAttributeTotalsResult)
    gone = ", ".join([*map(str, a.without_nodes or []),
                      *(f"the edge {u}–{v}" for u, v in a.without_edges or [])])
    sided = {"out": " outgoing", "in": " incoming"}.get(a.direction or "", "")
    if a.node is not None:
        lead = (("**Yes** — " if (a.total or 0) > 0 else "**No** — ")
                if _yes_no_asked(st, a.attribute) else "")
        return (lead + f"Without {gone}, the {a.edges}{sided} edges of {a.node} would have "
                f"{a.attribute} adding up to **{_f(a.total)}** (now {_f(b.total)} over "
                f"{b.edges} edges). Nothing was changed.")
    return (f"Without {gone}, the edges' {a.attribute} would add up to **{_f(a.total)}** over "
            f"{a.edges} edges (now {_f(b.total)} over {b.edges}). Nothing was changed.")


WHATIF_TOTAL = Intent(
    "whatif_total", t(0.5, r"\btotal\b|\bsum\b|add(?:ed)? up|altogether|combined|in all\b|"
                           r"\bhow (?:many|much)\b|\bwhat(?:'s| is| would be)\b|\bstill\s+(?:get|receive|have|earn)\b"),
    _calls, _render, "an edge value added up without a named node or edge "
    "(edge_attribute_totals without_nodes / without_edges)",
    group="components", bonus=lambda st: (6.5 if value_asked(st) else 6.0) if _applies(st) else -10.0,
    hint="a node's total of an edge value without a node or edge you name",
    answers=frozenset({"value", "count", "yesno"}),
    covers=frozenset({"removal", "entity", "weight", "direction"}))
