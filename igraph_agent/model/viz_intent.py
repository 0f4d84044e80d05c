"""The offline planner's drawing intent: "visualise / draw / plot the graph" -> visualize_subgraph.

Kept apart from ``intents.py`` (which appends it to ``INTENTS``). The drawing waits for the
other analyses of the same question, so a community drawing uses the partition just found.
"""

from __future__ import annotations

import re

from igraph_agent.model.planstate import Call, Observed, PlanState
from igraph_agent.results.viz import VisualizeSubgraphResult

PATTERN = re.compile(r"visuali[sz]|\bdraw|\bplot|\bpicture|show (me )?(the )?(graph|network|"
                     r"subgraph|neighbou?rhood)", re.IGNORECASE)


def viz_calls(st: PlanState) -> list[Call]:
    from igraph_agent.model.intents import match

    others = [c for i in match(st.question, st) if i.name != "visualize" for c in i.calls(st)]
    if any(st.can_call(c.tool) and st.done(c) is None for c in others):
        return []
    return [Call("visualize_subgraph", {"max_nodes": 150})]


def viz_render(st: PlanState, obs: list[Observed]) -> str:
    d = obs[0].typed(VisualizeSubgraphResult)
    shown = (f"{d.nodes_shown} of {d.nodes_total} nodes (the largest by {d.size_by})"
             if d.capped else f"all {d.nodes_shown} nodes")
    return (f"The drawing shows {shown} and {d.edges_shown} edges, coloured by "
            f"{d.color_by} ({d.groups} groups) and sized by {d.size_by}. "
            f"It is shown below and saved as `{d.html_path}`.")
