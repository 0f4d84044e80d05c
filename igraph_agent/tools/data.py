"""Data tools: what is attached, constructing datasets, loading one into the session."""

from __future__ import annotations

import copy
from typing import Annotated, Literal

from pydantic import BaseModel, Field

from igraph_agent.errors import ErrorCode, ToolError
from igraph_agent.graph.datasets import GraphSpec
from igraph_agent.graph.summary import graph_summary
from igraph_agent.graph.workspace import CONSTRUCTED_REVISION
from igraph_agent.results.data import (
    ConstructGraphResult,
    GetGraphInfoResult,
    LoadConstructedGraphResult,
)
from igraph_agent.tools.registry import ToolContext, ToolOutput, tool
from igraph_agent.tools.schema import INTERNAL
from igraph_agent.tools.weights import graph_meaning

#: dataset meta kept for the store, not shown to the model
_INTERNAL_META = ("construction_key", "content_sha256")


class GraphInfoArgs(BaseModel):
    pass


@tool(result=GetGraphInfoResult, reads=("graph", "workspace"), cost=0)
def get_graph_info(ctx: ToolContext, args: GraphInfoArgs) -> ToolOutput:
    """Report what graph is really loaded in this session (dataset, revision, size, attributes,
    components, density, sample nodes), plus the sources attached to this message and the
    constructed datasets of the project. Call this first when the graph state is uncertain."""
    session = ctx.session
    datasets = [
        {"dataset_id": d["id"], "name": d["name"], "construction_status": d["status"],
         "revision": d["revision"],
         **{k: v for k, v in (d["meta"] or {}).items() if k not in _INTERNAL_META}}
        for d in ctx.workspace.store.list_datasets()
    ]
    attached = []
    for sid in session.attached_sources:
        row = ctx.workspace.source(sid)
        attached.append({"source_id": sid, "name": row["name"], "kind": row["kind"],
                         "tables": row["meta"].get("tables", {}),
                         "rows": row["meta"].get("rows"),
                         **({"notes": row["meta"]["notes"]} if row["meta"].get("notes") else {}),
                         **({"directed": True} if row["meta"].get("directed") else {})})
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
    info = graph_summary(g)  # from the revision's tables at load: no walk over the graph
    n, m, comps = info["nodes"], info["edges"], info["components"]
    meaning = graph_meaning(ctx)
    data.update({
        "dataset_id": session.dataset_id, "revision": session.revision,
        "construction_status": session.construction_status,
        **copy.deepcopy({k: v for k, v in info.items() if k != "facts"}),
        "meaning": copy.deepcopy(meaning),
    })
    # weighted: the graph has edge values (any numeric column with a role, not only one
    # named `weight`); which one applies by default is meaning.default_weight
    data["weighted"] = bool(info.get("weighted") or meaning.get("default_weight")
                            or any((meaning.get("weights") or {}).values()))
    return ToolOutput(
        data=data, revision=session.revision,
        summary=f"loaded {session.dataset_id} r{session.revision}: {n} nodes, {m} edges, "
                f"{comps} component(s); {meaning['line']}")


class ConstructArgs(BaseModel):
    """A flat construction spec: the few fields a model needs (``GraphSpec`` has them all)."""

    source_ids: list[str] = Field(min_length=1, description="source ids from get_graph_info")
    kind: Literal["edge_list", "bipartite", "projection"] = Field(
        default="edge_list", description="edge_list: rows are edges; bipartite: rows link left "
        "to right entities; projection: left entities linked by shared right ones")
    table: str | None = Field(default=None, description="when a source has several")
    directed: bool | None = None
    source_col: str | None = Field(default=None, description="default: source/target, "
                                   "from/to, ... or the first two columns")
    target_col: str | None = None
    weight_col: str | None = None
    weight_means: Literal["distance", "strength"] | None = None
    left_col: str | None = Field(default=None, description="e.g. customer_id")
    right_col: str | None = Field(default=None, description="e.g. product_id")
    label_col: str | None = Field(default=None, description="left nodes' label")
    amount_col: str | None = Field(default=None, description="summed per edge")
    name: str | None = None
    spec: Annotated[GraphSpec | None, INTERNAL] = Field(
        default=None, description="the full GraphSpec (Python callers); replaces the flat fields")

    def graph_spec(self) -> GraphSpec:
        if self.spec is not None:
            return self.spec
        return GraphSpec(kind=self.kind, table=self.table, directed=self.directed,
                         source_col=self.source_col, target_col=self.target_col,
                         weight_col=self.weight_col, weight_means=self.weight_means,
                         left_col=self.left_col,
                         right_col=self.right_col, left_label_col=self.label_col,
                         amount_col=self.amount_col)


@tool(result=ConstructGraphResult, reads=("workspace",), writes=("workspace",))
def construct_graph(ctx: ToolContext, args: ConstructArgs) -> ToolOutput:
    """Build a graph dataset from sources; a table whose id column matches the edge
    endpoints becomes node attributes. The same content reuses its dataset; other choices
    make its next revision. Then call load_constructed_graph."""
    session = ctx.session
    _read_only_scope(ctx, args.source_ids)
    spec = args.graph_spec()
    try:
        row = ctx.workspace.construct(args.source_ids, spec, args.name)
    except ToolError as exc:
        if "dataset_id" in exc.details:  # a failed record exists: data_state says so
            _mark_active(session, exc.details["dataset_id"], None, "failed")
        raise
    rev = row.get("built_revision", CONSTRUCTED_REVISION)
    _mark_active(session, row["id"], rev, row["status"])
    session.bindings[row["id"]] = rev
    meta = {k: v for k, v in (row["meta"] or {}).items() if k not in _INTERNAL_META}
    how = "reused the ready" if row["reused"] else "constructed"
    data = {"dataset_id": row["id"], "construction_status": row["status"], **meta,
            "revision": rev, "reused": row["reused"]}
    later = ""
    if row["revision"] != rev:  # the meta describes the latest revision, not this content
        data.update(latest_revision=row["revision"], nodes=None, edges=None)
        later = (f"; r{row['revision']} is a later change of it (load revision "
                 f"{row['revision']} only when the latest is asked for)")
    return ToolOutput(
        data=data, revision=rev,
        summary=f"{how} {spec.kind} dataset {row['id']} r{rev}" + (
            f" ({meta.get('nodes')} nodes, {meta.get('edges')} edges)" if not later else later))


def _read_only_scope(ctx: ToolContext, source_ids: list[str]) -> None:
    """Read-only requests read only what the person attached to them: a dataset is built
    from those sources (that is how an attached file is read) and from nothing else."""
    extra = sorted(set(source_ids) - set(ctx.session.attached_sources))
    if ctx.read_only and extra:
        raise ToolError(ErrorCode.READ_ONLY_MODE,
                        f"this request is read-only: construct_graph may only read the sources "
                        f"attached to it, not {', '.join(extra)}",
                        hint="attach the data to this request, or ask without read-only mode",
                        details={"not_attached": extra})


def _mark_active(session, dataset_id: str, revision: int | None, status: str) -> None:
    """With nothing loaded, the dataset just constructed is the active one (not yet loaded)."""
    with session.lock:
        session.changes += 1  # a construction changes the graph state (state_token)
        if not session.loaded:
            session.dataset_id, session.revision = dataset_id, revision
            session.construction_status = status


class LoadArgs(BaseModel):
    dataset_id: str = Field(description="a dataset_id from construct_graph or get_graph_info")
    revision: int | None = Field(default=None, description="default: the revision "
                                 "construct_graph returned for it, else the latest")


@tool(result=LoadConstructedGraphResult, reads=("dataset:{dataset_id}",), writes=("graph",))
def load_constructed_graph(ctx: ToolContext, args: LoadArgs) -> ToolOutput:
    """Load a ready constructed dataset into the session graph (no rebuild)."""
    revision = args.revision or ctx.session.bindings.get(args.dataset_id)
    g, rev = ctx.workspace.load(args.dataset_id, revision)
    ctx.session.set_graph(g, args.dataset_id, rev)
    n, m = graph_summary(g)["nodes"], graph_summary(g)["edges"]
    return ToolOutput(
        data={"dataset_id": args.dataset_id, "revision": rev, "nodes": n, "edges": m,
              "loaded": True},
        revision=rev, summary=f"loaded {args.dataset_id} r{rev}: {n} nodes, {m} edges")
