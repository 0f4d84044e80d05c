"""Offline-planner intents about the graph's pieces and its middle:

* ``component_members``: which nodes lie outside the main piece ("which sites are cut off from
  the rest", "which towns aren't connected to the main network", "which members are in that
  smaller group"): ``connectivity``'s ``smaller_components``, each listed with its members;
* ``center_periphery``: the center (eccentricity = radius: "which site is most central in the
  sense of closest to the farthest one", "the graph's center") and the periphery
  (eccentricity = diameter) of the largest component, from ``summary_statistics``' exact
  ``center`` / ``periphery`` (in the graph's default weight as a distance, else hops; the
  answer says which). A graph too large for exact eccentricities says so rather than guess.

``intents.py`` registers them.
"""

from __future__ import annotations

import re

from igraph_agent.figures import shown
from igraph_agent.model.planstate import Call, Observed, PlanState
from igraph_agent.model.registry import Intent, t
from igraph_agent.results.paths import ConnectivityResult
from igraph_agent.results.stats import SummaryStatisticsResult

_PIECE = r"(?:network|graph|rest|main\s+(?:\w+\s+)?(?:network|piece|part|component|group|grid)|others|everything else|everyone else|club|group)"
_OUTSIDE = re.compile(
    rf"\bcut off\b|(?:\bnot|n'?t|\bnever)\s+(?:\w+\s+){{0,2}}(?:connected|linked|attached|hooked up|"
    rf"joined)\s+(?:to|with)\s+(?:the\s+)?{_PIECE}|\b(?:isolated|separated|disconnected|apart)\s+"
    rf"from\s+(?:the\s+)?{_PIECE}|\b(?:smaller|separate|other|isolated|detached)\s+"
    rf"(?:group|piece|part|component|island|cluster|network)s?\b|\boutside (?:the\s+)?main\b",
    re.IGNORECASE)
_LIST = re.compile(r"\b(?:which|who|what|list|name|show)\b", re.IGNORECASE)


def _members_bonus(st: PlanState) -> float:
    return 2.0 if _OUTSIDE.search(st.question) and _LIST.search(st.question) and \
        not re.search(r"\bhow many\b|\bif\b|\bwithout\b|\bremov", st.question,
                      re.IGNORECASE) else -10.0


def _members_calls(st: PlanState) -> list[Call]:
    return [Call("connectivity", {})] if _members_bonus(st) > 0 else []


def _members_render(st: PlanState, obs: list[Observed]) -> str:
    d = obs[0].typed(ConnectivityResult)
    if d.components <= 1:
        return (f"**None** — the graph is one connected piece ({d.nodes} nodes): every node "
                "reaches every other" + (" (ignoring the edges' direction)."
                                         if d.connected_by == "weak" else "."))
    largest = d.component_sizes[0]
    rows = d.smaller_components
    listed = "; ".join(", ".join(f"**{m}**" for m in r.members) + (" …" if len(r.members) < r.size
                                                                     else "") +
                       f" ({r.size} node{'s' if r.size != 1 else ''})" for r in rows)
    more = d.components - 1 - len(rows)
    outside = d.nodes - largest
    return (f"{outside} of {d.nodes} nodes are outside the main piece ({largest} nodes), in "
            f"{d.components - 1} separate component(s): {listed}"
            + (f"; and {more} more component(s)" if more > 0 else "")
            + (" (pieces ignoring the edges' direction)." if d.connected_by == "weak" else "."))


#: graph-theoretic wording only: "who is at the center / on the periphery of the network"
#: alone is a social reading (the most or least central), which the planner asks about
_CENTER = re.compile(
    r"\bgraph'?s? cent(?:er|re)\b|\bcent(?:er|re) of the graph\b|"
    r"\bclosest to the (?:farthest|furthest|most distant)\b|"
    r"\b(?:smallest|lowest|minimum|minimal|least)\s+eccentricit|"
    r"\b(?:worst|farthest|furthest|longest)[- ]case\b.{0,40}\b(?:smallest|shortest|least|lowest)\b",
    re.IGNORECASE)
_PERIPHERY = re.compile(r"\bgraph'?s? periphery\b|\bperiphery of the graph\b|"
                        r"\b(?:largest|highest|maximum|max|greatest)\s+eccentricit",
                        re.IGNORECASE)
#: the nodes are asked for, not only the radius or diameter ("what is the minimum eccentricity")
_NODES_ASKED = re.compile(r"\b(?:who|which|list|name|nodes?)\b|\bcent(?:er|re)\b|\bperipher",
                          re.IGNORECASE)


def _center_bonus(st: PlanState) -> float:
    asked = _CENTER.search(st.question) or _PERIPHERY.search(st.question)
    return 2.0 if asked and _NODES_ASKED.search(st.question) else -10.0


def _center_calls(st: PlanState) -> list[Call]:
    return [Call("summary_statistics", {})] if _center_bonus(st) > 0 else []


def _center_render(st: PlanState, obs: list[Observed]) -> str:
    d = obs[0].typed(SummaryStatisticsResult)
    unit = "hops" if d.path_unit in (None, "hops") else d.path_unit
    over = d.paths_over or "the largest connected component"
    if d.center is None or d.periphery is None:
        return ("The graph is too large for exact eccentricities: I can give the estimated "
                f"radius ({shown(d.radius)}) and diameter ({shown(d.diameter)}) in {unit}, "
                "not which nodes attain them.")
    parts = []
    if _CENTER.search(st.question) or not _PERIPHERY.search(st.question):
        parts.append(f"The center — the node(s) whose farthest node is nearest — is "
                     f"{', '.join(f'**{n}**' for n in d.center)}: eccentricity = radius = "
                     f"**{shown(d.radius)} {unit}**")
    if _PERIPHERY.search(st.question):
        parts.append(f"the periphery — the node(s) farthest from some node, eccentricity = "
                     f"diameter = **{shown(d.diameter)} {unit}** — is "
                     f"{', '.join(f'**{n}**' for n in d.periphery)}")
    text = "; ".join(parts)
    return text[0].upper() + text[1:] + f" (over {over}, {d.paths_over_nodes} nodes)."


COMPONENT_INTENTS = [
    Intent("component_members", t(0.5, r"\b(?:which|who|what|list|name|show)\b"), _members_calls,
           _members_render, "the nodes outside the largest component (connectivity)",
           group="components", bonus=_members_bonus,
           hint="the nodes cut off from the main piece",
           answers=frozenset({"list", "node", "group", "count"}),
           covers=frozenset({"scope", "negation"})),
    Intent("center_periphery", t(0.5, r"cent(?:er|re)|peripher|eccentric|closest to the"),
           _center_calls,
           _center_render, "center and periphery by eccentricity (summary_statistics)",
           bonus=_center_bonus, hint="the graph's center and periphery (eccentricity)",
           answers=frozenset({"list", "node", "value"}),
           covers=frozenset({"scope", "weight", "bottom"})),
]
