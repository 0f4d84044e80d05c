"""Subgraph extraction: select nodes by id, ego radius, community or attribute filter.

``create_version=false`` (the default) only describes the selection. ``create_version=true``
stores the induced subgraph as the next revision of the loaded dataset and loads it; its
resource contract then writes ``graph`` and ``workspace``, the call waits for a person's
approval like a commit, and read-only requests refuse it.

Example::

    >>> result = registry.dispatch("subgraph_extraction", {"center": "Valjean", "radius": 1}, ctx)
    >>> result.success, result.data["nodes"]
    (True, 37)
"""

from __future__ import annotations

from typing import Any, Literal

import networkx as nx
from pydantic import BaseModel, Field, model_validator

from igraph_agent.errors import ErrorCode, ToolError
from igraph_agent.results.subgraph import SubgraphExtractionResult
from igraph_agent.tools.common import current_partition, density, label, require_nodes
from igraph_agent.tools.registry import ToolContext, ToolOutput, tool

Op = Literal["eq", "ne", "gt", "ge", "lt", "le", "contains"]


class SubgraphArgs(BaseModel):
    nodes: list[str] = Field(default_factory=list, description="keep these node ids")
    center: str | None = Field(default=None, description="keep the ego network of this node id")
    radius: int = Field(default=1, ge=1, le=4, description="hops around center")
    community: int | None = Field(default=None, ge=0, description="keep this community of the "
                                  "latest community_detection result (0 = largest)")
    attribute: str | None = Field(default=None, description="keep nodes whose attribute ...")
    op: Op = "eq"
    value: Any = Field(default=None, description="... compares to this value")
    create_version: bool = Field(default=False, description="store it as a new dataset revision "
                                 "and load it")
    limit: int = Field(default=30, ge=1, le=500, description="node ids listed in the result")

    @model_validator(mode="after")
    def _one_criterion(self) -> SubgraphArgs:
        if not (self.nodes or self.center or self.community is not None or self.attribute):
            raise ValueError("give at least one of nodes, center, community or attribute")
        if self.attribute and self.value is None:
            raise ValueError("attribute needs a value")
        return self


def _contract(args: SubgraphArgs) -> tuple[set[str], set[str]]:
    if args.create_version:
        return {"graph", "workspace"}, {"graph", "workspace"}
    return {"graph"}, set()


def _versioning(args: SubgraphArgs) -> bool:
    return args.create_version


# Saving a revision changes what every later session loads for this dataset: a person
# approves it, like a commit, and read-only requests refuse it.
@tool(result=SubgraphExtractionResult, reads=("graph",), resources=_contract, approval_when=_versioning, mutates_when=_versioning)
def subgraph_extraction(ctx: ToolContext, args: SubgraphArgs) -> ToolOutput:
    """The induced subgraph of the nodes matching every criterion given (node ids, center's
    ego network within radius, a community_detection community, an attribute filter),
    described (size, density, components, ids). create_version=true saves it as the next
    revision and loads it (needs approval).

    Example: subgraph_extraction(center="0", radius=1) -> {"nodes": 17, "edges": 44, ...}
    """
    g = ctx.session.require()
    keep = _select(ctx, g, args)
    sub = g.subgraph(keep)
    n, m = sub.number_of_nodes(), sub.number_of_edges()
    comps = (nx.number_weakly_connected_components(sub) if sub.is_directed()
             else nx.number_connected_components(sub)) if n else 0
    deg = sub.degree
    listed = sorted(keep, key=lambda u: (-deg[u], str(u)))[: args.limit]
    data: dict[str, Any] = {
        "criteria": args.model_dump(exclude={"create_version", "limit"}, exclude_defaults=True),
        "nodes": n, "edges": m, "density": round(density(n, m, g.is_directed()), 6),
        "components": comps, "fraction_of_graph": round(n / g.number_of_nodes(), 6),
        "node_ids": [{"node": u, "degree": deg[u], **label(g, u)} for u in listed],
        "listed": len(listed), "create_version": args.create_version,
    }
    if not args.create_version:
        return ToolOutput(data=data, revision=ctx.session.revision,
                          summary=f"selection: {n} nodes, {m} edges (read-only preview)")
    if n == 0:
        raise ToolError(ErrorCode.INVALID_ARGUMENTS, "the selection is empty; nothing to save",
                        hint="widen the criteria and preview with create_version=false")
    dataset_id, base = ctx.session.dataset_id, ctx.session.revision
    if dataset_id is None or base is None:
        raise ToolError(ErrorCode.GRAPH_NOT_LOADED, "the session graph has no dataset to version",
                        hint="load a constructed dataset first")
    copy = sub.copy()
    new_rev = ctx.workspace.save_revision(dataset_id, copy, base)
    ctx.session.set_graph(copy, dataset_id, new_rev)
    data.update(dataset_id=dataset_id, base_revision=base, revision=new_rev, loaded=True)
    return ToolOutput(data=data, revision=new_rev,
                      summary=f"saved {n} nodes, {m} edges as {dataset_id} r{new_rev} and loaded it")


def _select(ctx: ToolContext, g: nx.Graph, args: SubgraphArgs) -> set:
    sets: list[set] = []
    if args.nodes:
        sets.append(set(require_nodes(g, args.nodes)))
    if args.center is not None:
        (center,) = require_nodes(g, [args.center])
        u = g.to_undirected(as_view=True) if g.is_directed() else g
        sets.append(set(nx.single_source_shortest_path_length(u, center, cutoff=args.radius)))
    if args.community is not None:
        part = current_partition(ctx.session, g)
        if not part:
            raise ToolError(ErrorCode.RESULT_UNAVAILABLE,
                            "no community partition of the loaded graph yet",
                            hint="call community_detection first, then use its community number")
        if args.community >= len(part["sizes"]):
            raise ToolError(ErrorCode.INVALID_ARGUMENTS,
                            f"community {args.community} does not exist; there are "
                            f"{len(part['sizes'])} (0..{len(part['sizes']) - 1})")
        sets.append({u for u, c in part["membership"].items() if c == args.community})
    if args.attribute:
        sets.append({u for u, d in g.nodes(data=True) if _compare(d.get(args.attribute), args.op,
                                                                   args.value)})
    keep = set.intersection(*sets)
    return keep


def _compare(x: Any, op: str, value: Any) -> bool:
    if x is None:
        return False
    if op == "contains":
        return str(value).lower() in str(x).lower()
    if op in ("eq", "ne"):
        same = str(x).lower() == str(value).lower() if isinstance(x, str) or isinstance(value, str) \
            else x == value
        return same if op == "eq" else not same
    try:
        a, b = float(x), float(value)
    except (TypeError, ValueError):
        return False
    return {"gt": a > b, "ge": a >= b, "lt": a < b, "le": a <= b}[op]
