"""Data tools: what is attached, constructing datasets, loading one into the session."""

from __future__ import annotations

import networkx as nx
from pydantic import BaseModel, Field

from igraph_agent.errors import ToolError
from igraph_agent.graph.datasets import GraphSpec
from igraph_agent.tools.registry import ToolContext, ToolOutput, tool

SAMPLE_NODES = 5


class GraphInfoArgs(BaseModel):
    pass


@tool(reads=("graph", "workspace"))
def get_graph_info(ctx: ToolContext, args: GraphInfoArgs) -> ToolOutput:
    """Report what graph is really loaded in this session (dataset, revision, size, attributes,
    components, density, sample nodes), plus the sources attached to this message and the
    constructed datasets of the project. Call this first when the graph state is uncertain."""
    session = ctx.session
    datasets = [
        {"dataset_id": d["id"], "name": d["name"], "construction_status": d["status"],
         "revision": d["revision"],
         **{k: v for k, v in (d["meta"] or {}).items() if k != "construction_key"}}
        for d in ctx.workspace.store.list_datasets()
    ]
    attached = []
    for sid in session.attached_sources:
        row = ctx.workspace.source(sid)
        attached.append({"source_id": sid, "name": row["name"], "kind": row["kind"],
                         "tables": row["meta"].get("tables", {}),
                         "rows": row["meta"].get("rows")})
    data: dict = {"loaded": session.loaded, "data_state": session.data_state(),
                  "attached_sources": attached, "available_datasets": datasets}
    if not session.loaded:
        hint = ("construct_graph from the attached sources, then load_constructed_graph"
                if attached else "load_constructed_graph with one of the available datasets"
                if datasets else "attach a source (a file, DataFrame or networkx graph) first")
        data["next"] = hint
        return ToolOutput(data=data, summary=f"no graph is loaded; {hint}")
    g = session.graph
    assert g is not None
    n, m = g.number_of_nodes(), g.number_of_edges()
    node_attrs = sorted({k for _, d in g.nodes(data=True) for k in d})
    edge_attrs = sorted({k for _, _, d in g.edges(data=True) for k in d})
    comps = (nx.number_weakly_connected_components(g) if g.is_directed()
             else nx.number_connected_components(g)) if n else 0
    sample = [{"id": node, **({"label": d["label"]} if "label" in d else {})}
              for node, d in list(g.nodes(data=True))[:SAMPLE_NODES]]
    data.update({
        "dataset_id": session.dataset_id, "revision": session.revision,
        "construction_status": session.construction_status, "nodes": n, "edges": m,
        "directed": g.is_directed(), "weighted": "weight" in edge_attrs,
        "node_attributes": node_attrs, "edge_attributes": edge_attrs,
        "components": comps, "density": round(nx.density(g), 6), "sample_nodes": sample,
    })
    kind = "directed" if g.is_directed() else "undirected"
    return ToolOutput(
        data=data, revision=session.revision,
        summary=f"loaded {session.dataset_id} r{session.revision}: {n} nodes, {m} edges, "
                f"{kind}, {comps} component(s)")


class ConstructArgs(BaseModel):
    source_ids: list[str] = Field(min_length=1, description="source ids from get_graph_info")
    spec: GraphSpec = Field(default_factory=GraphSpec)
    name: str | None = Field(default=None, description="a name for the dataset")


@tool(reads=("workspace",), writes=("workspace",))
def construct_graph(ctx: ToolContext, args: ConstructArgs) -> ToolOutput:
    """Build a constructed dataset (revision 1) from attached sources with a spec: edge_list
    (rows are edges), bipartite (e.g. customer -- product from orders) or projection (e.g.
    customer -- customer weighted by shared products). The same sources and spec again reuse
    the ready dataset (reused: true). Returns dataset_id and construction_status; it does not
    load the graph into the session."""
    session = ctx.session
    try:
        row = ctx.workspace.construct(args.source_ids, args.spec, args.name)
    except ToolError as exc:
        if "dataset_id" in exc.details:  # a failed record exists: data_state says so
            _mark_active(session, exc.details["dataset_id"], None, "failed")
        raise
    _mark_active(session, row["id"], row["revision"], row["status"])
    meta = {k: v for k, v in (row["meta"] or {}).items() if k != "construction_key"}
    how = "reused the ready" if row["reused"] else "constructed"
    return ToolOutput(
        data={"dataset_id": row["id"], "construction_status": row["status"],
              "revision": row["revision"], "reused": row["reused"], **meta},
        revision=row["revision"],
        summary=f"{how} {args.spec.kind} dataset {row['id']} r{row['revision']} "
                f"({meta.get('nodes')} nodes, {meta.get('edges')} edges)")


def _mark_active(session, dataset_id: str, revision: int | None, status: str) -> None:
    """With nothing loaded, the dataset just constructed is the active one (not yet loaded)."""
    with session.lock:
        if not session.loaded:
            session.dataset_id, session.revision = dataset_id, revision
            session.construction_status = status


class LoadArgs(BaseModel):
    dataset_id: str = Field(description="a dataset_id from construct_graph or get_graph_info")
    revision: int | None = Field(default=None, description="default: the latest revision")


@tool(reads=("dataset:{dataset_id}",), writes=("graph",))
def load_constructed_graph(ctx: ToolContext, args: LoadArgs) -> ToolOutput:
    """Load a ready constructed dataset into the session graph (no rebuild). Verify with
    get_graph_info before analysing."""
    g, rev = ctx.workspace.load(args.dataset_id, args.revision)
    ctx.session.set_graph(g, args.dataset_id, rev)
    return ToolOutput(
        data={"dataset_id": args.dataset_id, "revision": rev, "nodes": g.number_of_nodes(),
              "edges": g.number_of_edges(), "loaded": True},
        revision=rev,
        summary=f"loaded {args.dataset_id} r{rev}: {g.number_of_nodes()} nodes, "
                f"{g.number_of_edges()} edges")
