"""Offline-planner intent about the density inside one named group:

* ``group_density``: "what is the density of the legal team", "how dense is the sales
  team's subgraph", "density among ops employees": the subgraph of the nodes holding that
  attribute value, ``subgraph_extraction(attribute, value, create_version=False)``, its
  edges over its possible pairs (networkx's ``density`` of the induced subgraph). Groups
  ranked by their density are ``group_rank``'s.

``intents.py`` registers it.
"""

from __future__ import annotations

import re

from igraph_agent.figures import shown
from igraph_agent.model.planstate import Call, Observed, PlanState
from igraph_agent.model.registry import Intent, t
from igraph_agent.results.subgraph import SubgraphExtractionResult

_DENSE = re.compile(r"\bdensity\b|\bhow dense\b|\bdensely\b|\bhow (?:tightly|closely) "
                    r"(?:knit|connected|linked)\b", re.IGNORECASE)
#: groups compared or ranked ("which team is the densest", "density per team"): group_rank's
_RANKED = re.compile(r"\b(?:which|what)\s+(?:\w+\s+)?(?:is|has)\b.*\b(?:most|least|highest|"
                     r"lowest|densest|sparsest)\b|\bdensest\b|\bsparsest\b|\b(?:per|each|every|"
                     r"by)\s+\w+|\bcompare|\bversus\b|\bvs\.?\b|\bor\b", re.IGNORECASE)


def _group(st: PlanState) -> tuple[str, str] | None:
    from igraph_agent.model.structure_intents import where_of

    if not _DENSE.search(st.question) or _RANKED.search(st.question):
        return None
    return where_of(st)


def _calls(st: PlanState) -> list[Call]:
    found = _group(st)
    if found is None:
        return []
    return [Call("subgraph_extraction", {"attribute": found[0], "value": found[1],
                                         "create_version": False})]


def _render(st: PlanState, obs: list[Observed]) -> str:
    o = next((o for o in obs if o.tool == "subgraph_extraction" and o.ok), None)
    if o is None:
        return "I could not extract that group."
    d = o.typed(SubgraphExtractionResult)
    attr, value = o.args.get("attribute"), o.args.get("value")
    return (f"The density inside {attr} = {value} is **{shown(d.density)}**: {d.edges} edges "
            f"among its {d.nodes} nodes, counted over the pairs of those nodes (ties leaving the "
            "group left out).")


GROUP_DENSITY_INTENTS = [
    Intent("group_density", t(0.5, _DENSE.pattern), _calls, _render,
           "the density inside one named group (subgraph_extraction)", group="stats",
           bonus=lambda st: 6.0 if _group(st) else -10.0,
           hint="the density inside the group you name",
           answers=frozenset({"value", "count"}), covers=frozenset({"filter", "group", "scope"})),
]
