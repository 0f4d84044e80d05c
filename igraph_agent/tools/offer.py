"""Which tools a request offers the model: one list per session and configuration.

Every offered tool's schema is sent on every model turn, and model providers cache a
request prefix that does not change. So the list never depends on the question: it is the
core catalogue (the analyses, the data tools, skills) plus ``find_tools``. Tools for
learning, changing the graph, reports and drawings, exports, memory, the triangle and
bipartite checks and workspace files cost about as much as the whole core catalogue and
serve few questions: the model finds them with ``find_tools(query)``, whose result holds
their full schemas, and calls them like any other (they are in the request's scope all
along). A request that names skills or a tool whitelist offers exactly its own list.

Example::

    >>> from igraph_agent.options import RunOptions
    >>> tools = registry.in_scope(None)
    >>> names = [t.name for t in offered(tools, RunOptions())]
    >>> "train" in names, "find_tools" in names, "node_centrality" in names
    (False, True, True)
    >>> [t["name"] for t in search(tools, "train a GNN to predict labels", 1)]
    ['train']
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel, Field

from igraph_agent.results.offer import FindToolsResult
from igraph_agent.tools.registry import ToolContext, ToolOutput, tool

if TYPE_CHECKING:
    from igraph_agent.options import RunOptions
    from igraph_agent.tools.registry import Tool

FIND_TOOLS = "find_tools"

#: family -> (its tools, words of a purpose that calls for them); found, not offered
ON_DEMAND: dict[str, tuple[frozenset[str], re.Pattern[str]]] = {
    "learning": (frozenset({"train", "infer", "training_summary", "get_job_status"}),
                 re.compile(r"\btrain|\blearn|predict|classif|\binfer|\bgnn|\bgcn|\bgat\b|sage|"
                            r"embedding|\bmodels?\b|experiment|\bjobs?\b|accuracy",
                            re.IGNORECASE)),
    "changes": (frozenset({"preview_graph_optimization", "commit_graph_optimization",
                           "clear_graph"}),
                re.compile(r"optimi[sz]|preview|clean|\bclear|unload|prune|dedup|duplicate|\bmerge|"
                           r"simplif|self.?loop|isolated|remove|delete|\bdrop|commit",
                           re.IGNORECASE)),
    "reports": (frozenset({"create_analysis_report", "visualize_subgraph", "export_subgraph"}),
                re.compile(r"report|visuali[sz]|export|gephi|graphml|gexf|\bdraw|\bplot|picture|"
                           r"diagram|\bshow (me )?(the )?(graph|network|subgraph|neighbou?rhood)",
                           re.IGNORECASE)),
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
                           r"average|\bmean\b|cited|never|threshold|fewest|least|lowest|"
                           r"smallest|minim", re.IGNORECASE)),
    "groups": (frozenset({"group_analysis"}),
               re.compile(r"group|department|team|faction|countr|categor|mixing|assortativ|"
                          r"\bbetween\b|\bacross\b|\bwithin\b|bridg|\bsame\b|other (?:kinds|types)|"
                          r"\bconnects\b|\blinks\b|go-between",
                          re.IGNORECASE)),
    "directed": (frozenset({"direction_analysis"}),
                 re.compile(r"cycl|acyclic|\bdag\b|topolog|depth|reach|upstream|downstream|"
                            r"ancestor|descendant|cited|citation|strongly|direct(?:ed|ion)",
                            re.IGNORECASE)),
    "twomode": (frozenset({"project_bipartite"}),
                re.compile(r"project|co-?occur|together|shared|in common|two[- ]?mode|"
                           r"bipartite|both attended|same (?:event|item|product)", re.IGNORECASE)),
    "workspace": (frozenset({"list_workspace"}),
                  re.compile(r"\bfiles?\b|workspace|folder|director|scratch|publish",
                             re.IGNORECASE)),
}
FOUND_ON_DEMAND = frozenset().union(*(names for names, _ in ON_DEMAND.values()))
_WORD = re.compile(r"[a-z][a-z0-9]{2,}")
_COMMON = {"the", "and", "for", "with", "that", "this", "from", "are", "what", "which",
           "how", "graph", "node", "nodes", "edges", "edge", "tool", "tools", "can", "use"}


def offered(tools: list[Tool], options: RunOptions) -> list[Tool]:
    """The tools whose schemas every model turn of this request carries (see above)."""
    if options.skills or options.tools is not None:
        return list(tools)
    core = [t for t in tools if t.name not in FOUND_ON_DEMAND]
    if len(core) == len(tools):
        return [t for t in core if t.name != FIND_TOOLS]  # nothing left to find
    return core


def findable(tools: list[Tool], options: RunOptions) -> list[Tool]:
    """The request's tools that are not offered: what ``find_tools`` searches."""
    shown = {t.name for t in offered(tools, options)}
    return [t for t in tools if t.name not in shown]


def search(tools: list[Tool], query: str, limit: int) -> list[dict[str, Any]]:
    """The best ``limit`` of ``tools`` for a purpose, as full function schemas."""
    words = {w for w in _WORD.findall(query.lower()) if w not in _COMMON}
    scored = []
    for t in tools:
        score = 0.0
        if t.name in query:
            score += 10
        for names, pattern in ON_DEMAND.values():
            if t.name in names and pattern.search(query):
                score += 3
        text = f"{t.name.replace('_', ' ')} {t.description}".lower()
        own = set(_WORD.findall(text))
        score += sum(1.0 for w in words if w in own or any(o.startswith(w[:5]) for o in own))
        if score > 0:
            scored.append((-score, t.name, t))
    return [t.json_schema()["function"] for _, _, t in sorted(scored)[:limit]]


class FindToolsArgs(BaseModel):
    query: str = Field(description="the purpose, e.g. 'train a classifier', 'export for Gephi'")
    limit: int = Field(default=3, ge=1, le=5)


@tool(result=FindToolsResult, reads=())
def find_tools(ctx: ToolContext, args: FindToolsArgs) -> ToolOutput:
    """Find unlisted tools by purpose (training, prediction, cleaning or changing the graph,
    drawings, reports, GraphML/GEXF export, memory, triangles, two-mode, thresholds, k-hop,
    what-if removal, cliques, totals, files). Returns their schemas; then call them.

    Example: find_tools(query="train a model to predict node labels")
    """
    pool = list(ctx.findable or [])
    found = search(pool, args.query, args.limit)
    names = [f["name"] for f in found]
    others = sorted(t.name for t in pool if t.name not in names)
    data = {"query": args.query, "tools": found, "other_tools": others}
    summary = (f"found {', '.join(names)} for {args.query!r}; call it with the schema shown"
               if names else f"no tool matches {args.query!r}; the others are: "
               f"{', '.join(others) or 'none'}")
    return ToolOutput(data=data, summary=summary)
