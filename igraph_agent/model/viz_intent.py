"""The offline planner's drawing intent: "visualise / draw / plot the graph" -> visualize_subgraph.

Kept apart from ``intents.py`` (which appends it to ``INTENTS``). The drawing waits for the
other analyses of the same question, so a community drawing uses the partition just found.
"""

from __future__ import annotations

import re

from igraph_agent.model.planstate import Call, Observed, PlanState
from igraph_agent.results.viz import VisualizeSubgraphResult

#: a drawing asked: "draw", "plot", "visualise", never the nouns ("1 point for a draw", "the
#: draws", "which plot borders the most others", "plots of land", "the best plot would be")
_NOT_VERB = r"(?<!\ba )(?<!\ban )(?<!\bthe )(?<!\bone )(?<!\beach )(?<!\bwhich )(?<!\bevery )"
#: a plot of land: "the best plot would be", "my plot is", "the new plot for the tenant"
_PLOT_NOUN = (r"(?<!\bbest )(?<!\bnew )(?<!\bmy )(?<!\bour )(?<!\byour )(?<!\bthis )"
              r"(?<!\bthat )(?<!\bwhat )(?<!\bempty )(?<!\bspare )(?<!\bbiggest )")
PATTERN = re.compile(r"visuali[sz]|" + _NOT_VERB + r"\bdraw(?:ing)?\b|" + _NOT_VERB + _PLOT_NOUN +
                     r"\bplot(?:ting)?\b(?!\s+(?:would|will|is|was|has|had|with|where|which|"
                     r"for\s+(?:the|a|an|our|my)\s+(?!graph|network|data)\w+|of\s+land)\b)"
                     r"|\bpicture|show (me )?(the )?(graph|network|"
                     r"subgraph|neighbou?rhood)", re.IGNORECASE)

NEIGHBOURHOOD = re.compile(r"neighbou?rhood|ego[- ]?(?:network|graph)|neighbou?rs|around|"
                           r"surrounding|\bnear\b|hops? (?:of|from|around)", re.IGNORECASE)
COLOUR_BY = re.compile(r"colou?r(?:ed|ing)?\s+(?:it\s+|them\s+|nodes\s+)?(?:by|with|from)\s+"
                       r"(?:the\s+|their\s+|its\s+)?([\w-]+)", re.IGNORECASE)
EGO_MAX_NODES = 2000  # a neighbourhood is drawn whole (the tool's own cap)


def viz_calls(st: PlanState) -> list[Call]:
    from igraph_agent.model.intents import match

    others = [c for i in match(st.question, st) if i.name != "visualize" for c in i.calls(st)]
    if any(st.can_call(c.tool) and st.done(c) is None for c in others):
        return []
    args: dict = {"max_nodes": 150}
    colour = _colour_attribute(st)
    if colour:
        args["color_by"] = colour
    if NEIGHBOURHOOD.search(st.question):
        from igraph_agent.model import slots
        from igraph_agent.model.graph_intents import resolve_names

        name = slots.node(st.question)
        if name is not None:
            searches, ids = resolve_names(st, [name])
            if ids is None:
                return searches
            args.update(nodes=ids[:1], radius=slots.radius(st.question),
                        max_nodes=EGO_MAX_NODES)
            return [*searches, Call("visualize_subgraph", args)]
    return [Call("visualize_subgraph", args)]


def _colour_attribute(st: PlanState) -> str | None:
    """The node attribute the question asks to colour by, when the graph has it."""
    m = COLOUR_BY.search(st.question)
    info = st.last_ok("get_graph_info")
    if not m or info is None:
        return None
    names = [a if isinstance(a, str) else str(a.get("name", "")) for a in
             info.data.get("node_attributes") or []]
    wanted = m.group(1).lower()
    for name in names:
        if name.lower() in (wanted, wanted.rstrip("s")):
            return name
    return None


def viz_render(st: PlanState, obs: list[Observed]) -> str:
    found = next((o for o in obs if o.tool == "visualize_subgraph"), None)
    if found is None:
        from igraph_agent.model import slots
        from igraph_agent.model.graph_intents import unresolved_names

        name = slots.node(st.question)
        return unresolved_names(st, [name] if name else [])
    d = found.typed(VisualizeSubgraphResult)
    if d.seeds:
        return (f"The drawing shows the {d.radius}-hop neighbourhood of "
                f"{', '.join(d.seeds)}: {d.nodes_shown} nodes and {d.edges_shown} edges, "
                f"the centre highlighted and its neighbours labelled, coloured by "
                f"{d.color_by} ({d.groups} groups) and sized by {d.size_by}. It is "
                f"shown below and saved as `{d.html_path}`.")
    shown = (f"{d.nodes_shown} of {d.nodes_total} nodes (the largest by {d.size_by})"
             if d.capped else f"all {d.nodes_shown} nodes")
    return (f"The drawing is an overview of the whole graph: it shows {shown} and "
            f"{d.edges_shown} edges, coloured by {d.color_by} ({d.groups} groups) and sized "
            f"by {d.size_by}. It is shown below and saved as `{d.html_path}`.")
