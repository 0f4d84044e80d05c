"""Which tools a request offers the model: the analysis catalogue always, the rest on demand.

Every offered tool's schema is sent on every model turn. Tools for learning, changing the
graph, reports and drawings, memory, the triangle and bipartite checks, threshold / k-hop /
what-if / clique / total queries, and listing
workspace files cost about as much as the whole analysis catalogue and serve few
questions, so they are offered only when the question asks for what they do
(a word from their family's pattern), when the output format is ``report`` (reports), or
when the request names skills or a tool whitelist (then the request's own list stands).

Example::

    >>> from igraph_agent.options import RunOptions
    >>> tools = registry.in_scope(None)
    >>> "train" in [t.name for t in offered(tools, "Which nodes are most central?", RunOptions())]
    False
    >>> "clear_graph" in [t.name for t in offered(tools, "Clear the graph", RunOptions())]
    True
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from igraph_agent.options import RunOptions
    from igraph_agent.tools.registry import Tool

#: family -> (its tools, what a question says when it needs them)
ON_DEMAND: dict[str, tuple[frozenset[str], re.Pattern[str]]] = {
    "learning": (frozenset({"train", "infer", "training_summary", "get_job_status"}),
                 re.compile(r"\btrain|\blearn|predict|classif|\binfer|\bgnn|\bgcn|\bgat\b|sage|"
                            r"embedding|\bmodels?\b|experiment|\bjobs?\b|accuracy",
                            re.IGNORECASE)),
    "changes": (frozenset({"preview_graph_optimization", "commit_graph_optimization",
                           "clear_graph"}),
                re.compile(r"optimi[sz]|preview|clean|\bclear|unload|prune|dedup|duplicate|\bmerge|"
                           r"simplif|self.?loop|isolated|remove|delete|\bdrop", re.IGNORECASE)),
    "reports": (frozenset({"create_analysis_report", "visualize_subgraph", "export_subgraph"}),
                re.compile(r"report|visuali[sz]|export|gephi|graphml|gexf|\bdraw|\bplot|picture|diagram|\bshow (me )?"
                           r"(the )?(graph|network|subgraph|neighbou?rhood)", re.IGNORECASE)),
    "memory": (frozenset({"remember"}),
               re.compile(r"remember|keep in mind|note that|from now on|memor", re.IGNORECASE)),
    "structure": (frozenset({"count_triangles", "bipartite_check"}),
                  re.compile(r"triangle|triad|clique|transitiv|bipartite|two[- ]?mode|"
                             r"2[- ]colou?r|two (?:sides|modes|kinds)|each side|both sides|"
                             r"mutually linked|edges only between|linked only to each other",
                             re.IGNORECASE)),
    "queries": (frozenset({"nodes_by_measure", "hop_counts", "edge_attribute_totals",
                           "remove_and_compare", "largest_clique", "common_neighbour_pairs"}),
                re.compile(r"than|at (?:least|most)|exactly|\bover\b|above|below|under|\bor "
                           r"(?:more|fewer|less)|[<>≤≥]|within|away|\bhops?\b|\bsteps?\b|remov|"
                           r"delet|without|\bdrop|\blos[etsi]|\bleft\b|leaves|\bquit|\bif\b|"
                           r"clique|all[- ]connected|everyone|fully|complete|common|mutual|"
                           r"\bshare|total|\bsum\b|add(?:ed)? up|altogether|combined|overall|"
                           r"average|\bmean\b|cited|never|\bno\b", re.IGNORECASE)),
    "workspace": (frozenset({"list_workspace"}),
                  re.compile(r"\bfiles?\b|workspace|folder|director|scratch|publish",
                             re.IGNORECASE)),
}


def offered(tools: list[Tool], question: str, options: RunOptions) -> list[Tool]:
    """``tools`` without the on-demand families this request does not call for."""
    if options.skills or options.tools is not None:
        return list(tools)
    hidden: set[str] = set()
    for family, (names, pattern) in ON_DEMAND.items():
        wanted = bool(pattern.search(question)) or (
            family == "reports" and options.output_format == "report")
        if not wanted:
            hidden |= names
    return [t for t in tools if t.name not in hidden]
