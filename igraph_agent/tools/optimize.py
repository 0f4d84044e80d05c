"""Graph optimization (preview, then commit after approval) and clearing the session graph.

``preview_graph_optimization`` computes the exact operations on the loaded graph —
merge duplicate nodes (same normalised attribute value), drop self-loops, prune edges
under a weight, drop isolates, add derived attributes — and the base revision, and
persists nothing. ``commit_graph_optimization`` (approval required) recomputes the plan
on the stored base revision, checks it is the previewed one (``plan_id``), saves it as
the next revision (``REVISION_CONFLICT`` if the dataset moved) and loads it.

Example::

    >>> import networkx as nx
    >>> g = nx.Graph([("a", "b"), ("A", "c"), ("c", "c")])
    >>> g.add_node("lonely")
    >>> nx.set_node_attributes(g, {"a": "Ann", "A": "ann", "b": "Bob", "c": "Cy", "lonely": "Lo"}, "label")
    >>> ops, g2 = optimize_graph(g, OptimizeOptions(merge_duplicates_by="label"))
    >>> [o["op"] for o in ops]
    ['merge_nodes', 'drop_self_loop', 'drop_isolate']
"""

from __future__ import annotations

import hashlib
import json
import unicodedata
from typing import Any, Literal

import networkx as nx
from pydantic import BaseModel, Field

from igraph_agent.errors import ErrorCode, ToolError
from igraph_agent.results.optimize import (
    ClearGraphResult,
    CommitGraphOptimizationResult,
    ConstructionMerged,
    PreviewGraphOptimizationResult,
)
from igraph_agent.tools.registry import Replan, ToolContext, ToolOutput, tool

DerivedAttribute = Literal["degree", "component"]


class OptimizeOptions(BaseModel):
    merge_duplicates_by: str | None = Field(
        default=None, description="node attribute (e.g. 'label') whose normalised value "
        "(case, spacing, accents) marks duplicates to merge; 'id' uses the node ids")
    drop_self_loops: bool = True
    drop_isolates: bool = True
    min_edge_weight: float | None = Field(
        default=None, description="drop edges whose 'weight' is below this value")
    add_attributes: list[DerivedAttribute] = Field(
        default_factory=list, description="derived node attributes to store: degree, component")


def normalise(value: Any) -> str:
    """The comparison key of a label: NFKC, case-folded, accents and spacing removed."""
    text = unicodedata.normalize("NFKD", str(value))
    text = "".join(c for c in text if not unicodedata.combining(c))
    return " ".join(text.casefold().split())


def optimize_graph(g: nx.Graph, options: OptimizeOptions) -> tuple[list[dict[str, Any]], nx.Graph]:
    """The operations ``options`` imply on ``g``, in order, and the resulting graph (a copy)."""
    h = g.copy()
    ops: list[dict[str, Any]] = []
    if options.merge_duplicates_by:
        ops += _merge_duplicates(h, options.merge_duplicates_by)
    if options.drop_self_loops:
        for u, _ in sorted(nx.selfloop_edges(h), key=lambda e: str(e[0])):
            h.remove_edge(u, u)
            ops.append({"op": "drop_self_loop", "node": u})
    if options.min_edge_weight is not None:
        low = sorted(((u, v, d["weight"]) for u, v, d in h.edges(data=True)
                      if d.get("weight") is not None and d["weight"] < options.min_edge_weight),
                     key=lambda e: (str(e[0]), str(e[1])))
        for u, v, w in low:
            h.remove_edge(u, v)
            ops.append({"op": "drop_edge", "source": u, "target": v, "weight": w})
    if options.drop_isolates:
        for n in sorted(nx.isolates(h), key=str):
            h.remove_node(n)
            ops.append({"op": "drop_isolate", "node": n})
    for name in options.add_attributes:
        if name == "degree":
            nx.set_node_attributes(h, dict(h.degree()), "degree")
        else:
            comps = (nx.weakly_connected_components(h) if h.is_directed()
                     else nx.connected_components(h))
            ordered = sorted(comps, key=lambda c: (-len(c), min(map(str, c))))
            nx.set_node_attributes(h, {n: i for i, c in enumerate(ordered) for n in c},
                                   "component")
        ops.append({"op": "set_node_attribute", "name": name, "nodes": h.number_of_nodes()})
    return ops, h


def _merge_duplicates(h: nx.Graph, attribute: str) -> list[dict[str, Any]]:
    groups: dict[str, list] = {}
    for n, d in h.nodes(data=True):
        value = n if attribute == "id" else d.get(attribute)
        if value is None or (isinstance(value, float) and value != value):
            continue
        key = normalise(value)
        if key:
            groups.setdefault(key, []).append(n)
    ops = []
    for key, nodes in sorted(groups.items()):
        if len(nodes) < 2:
            continue
        keep, *others = sorted(nodes, key=str)
        for other in others:
            _merge_into(h, keep, other)
        ops.append({"op": "merge_nodes", "keep": keep, "merge": others, "key": key})
    return ops


def _merge_into(h: nx.Graph, keep: Any, other: Any) -> None:
    """Rewire ``other``'s edges to ``keep`` (weights of parallel edges add up), then drop it."""
    edges = list(h.out_edges(other, data=True)) if h.is_directed() else list(h.edges(other, data=True))
    if h.is_directed():
        edges += [(u, v, d) for u, v, d in h.in_edges(other, data=True) if u != other]
    for u, v, d in edges:
        a = keep if u == other else u
        b = keep if v == other else v
        if h.has_edge(a, b):
            if "weight" in d:
                h[a][b]["weight"] = h[a][b].get("weight", 0.0) + d["weight"]
        else:
            h.add_edge(a, b, **d)
    for k, v in h.nodes[other].items():
        h.nodes[keep].setdefault(k, v)
    h.remove_node(other)


def plan_id(dataset_id: str, base_revision: int, options: OptimizeOptions,
            ops: list[dict[str, Any]]) -> str:
    blob = json.dumps({"dataset_id": dataset_id, "base_revision": base_revision,
                       "options": options.model_dump(mode="json"), "operations": ops},
                      sort_keys=True, default=str)
    return "plan_" + hashlib.sha256(blob.encode()).hexdigest()[:16]


def _counts(ops: list[dict[str, Any]]) -> dict[str, int]:
    out: dict[str, int] = {}
    for o in ops:
        out[o["op"]] = out.get(o["op"], 0) + 1
    return out


@tool(result=PreviewGraphOptimizationResult, reads=("graph",))
def preview_graph_optimization(ctx: ToolContext, args: OptimizeOptions) -> ToolOutput:
    """Preview cleaning the loaded graph: merge duplicate nodes by a normalised attribute,
    drop self-loops and isolates, prune edges under a weight, add derived attributes.
    Returns the exact operations, the base revision and a plan_id; changes nothing. Pass
    its commit_args to commit_graph_optimization (which needs the user's approval)."""
    g = ctx.session.require()
    if ctx.session.dataset_id is None or ctx.session.revision is None:
        raise ToolError(ErrorCode.GRAPH_NOT_LOADED, "the loaded graph has no stored revision",
                        hint="load a constructed dataset with load_constructed_graph first")
    if args.merge_duplicates_by not in (None, "id") and not any(
            args.merge_duplicates_by in d for _, d in g.nodes(data=True)):
        raise ToolError(ErrorCode.INVALID_ARGUMENTS,
                        f"no node has the attribute {args.merge_duplicates_by!r}",
                        hint="use an attribute listed by get_graph_info, or 'id'")
    ops, h = optimize_graph(g, args)
    pid = plan_id(ctx.session.dataset_id, ctx.session.revision, args, ops)
    counts = _counts(ops)
    data = {
        "plan_id": pid, "dataset_id": ctx.session.dataset_id,
        "base_revision": ctx.session.revision, "operations": ops, "operation_counts": counts,
        "before": {"nodes": g.number_of_nodes(), "edges": g.number_of_edges()},
        "after": {"nodes": h.number_of_nodes(), "edges": h.number_of_edges()},
        "commit_args": {"plan_id": pid, "dataset_id": ctx.session.dataset_id,
                        "base_revision": ctx.session.revision,
                        "options": args.model_dump(mode="json")},
        "persisted": False,
    }
    done = (ctx.workspace.dataset(ctx.session.dataset_id)["meta"] or {}).get("construction_merged")
    if done:
        data["already_done"] = done
    listed = ", ".join(f"{v} {k}" for k, v in counts.items()) or "no changes"
    return ToolOutput(data=data, revision=ctx.session.revision,
                      summary=f"preview {pid} on {ctx.session.dataset_id} "
                              f"r{ctx.session.revision}: {listed}; "
                              f"{g.number_of_nodes()}->{h.number_of_nodes()} nodes, "
                              f"{g.number_of_edges()}->{h.number_of_edges()} edges"
                              + (f"; construction already did (not in this plan): "
                                 f"{ConstructionMerged(**done).words()}" if done else ""))


class CommitArgs(BaseModel):
    plan_id: str = Field(description="plan_id from preview_graph_optimization")
    dataset_id: str
    base_revision: int = Field(ge=1, description="the revision the preview was computed on")
    options: OptimizeOptions = Field(default_factory=OptimizeOptions)


def _patched(proposed: dict[str, Any], patched: dict[str, Any]) -> dict[str, Any]:
    """A person's modification over the proposed commit: ``options`` merge key by key, and an
    option named at the top level (``{"drop_isolates": false}``) goes into ``options``.

    Example::

        >>> _patched({"plan_id": "plan_1", "options": {"drop_isolates": True,
        ...           "drop_self_loops": True}}, {"drop_isolates": False})
        {'plan_id': 'plan_1', 'options': {'drop_isolates': False, 'drop_self_loops': True}}
    """
    out = {**proposed, "options": dict(proposed.get("options") or {})}
    for key, value in patched.items():
        if key == "options" and isinstance(value, dict):
            out["options"].update(value)
        elif key in OptimizeOptions.model_fields and key not in CommitArgs.model_fields:
            out["options"][key] = value
        else:
            out[key] = value
    return out


# A modified commit is previewed again on its options: the person approves the plan those
# options give (or it commits at once when the modification names that very plan).
_REPLAN = Replan(preview="preview_graph_optimization",
                 preview_args=lambda a: a.options.model_dump(mode="json"),
                 plan_args=lambda data: data["commit_args"], patch=_patched)


@tool(result=CommitGraphOptimizationResult, reads=("dataset:{dataset_id}",), writes=("graph", "dataset:{dataset_id}"),
      requires_approval=True, mutates=True, replan=_REPLAN)
def commit_graph_optimization(ctx: ToolContext, args: CommitArgs) -> ToolOutput:
    """Apply a previewed optimization plan (pass the preview's commit_args) as a new revision
    of the dataset and load it. Needs the user's approval. REVISION_CONFLICT if the dataset
    changed since the preview: preview again. Verify afterwards with get_graph_info."""
    row = ctx.workspace.dataset(args.dataset_id)
    if row["revision"] != args.base_revision:
        raise ToolError(ErrorCode.REVISION_CONFLICT,
                        f"dataset {args.dataset_id} is at revision {row['revision']}, the plan "
                        f"was previewed on revision {args.base_revision}",
                        hint="re-read with get_graph_info, preview again and confirm again",
                        details={"current_revision": row["revision"]})
    g, _ = ctx.workspace.load(args.dataset_id, args.base_revision)
    ops, h = optimize_graph(g, args.options)
    if plan_id(args.dataset_id, args.base_revision, args.options, ops) != args.plan_id:
        raise ToolError(ErrorCode.INVALID_ARGUMENTS,
                        f"{args.plan_id} is not the plan these options give on revision "
                        f"{args.base_revision}",
                        hint="pass the commit_args of preview_graph_optimization unchanged, or "
                             "preview the new options first")
    new_rev = ctx.workspace.save_revision(args.dataset_id, h, args.base_revision)
    loaded, rev = ctx.workspace.load(args.dataset_id, new_rev)
    ctx.session.set_graph(loaded, args.dataset_id, rev)
    counts = _counts(ops)
    return ToolOutput(
        data={"plan_id": args.plan_id, "dataset_id": args.dataset_id,
              "base_revision": args.base_revision, "revision": rev,
              "operation_counts": counts, "nodes": loaded.number_of_nodes(),
              "edges": loaded.number_of_edges(), "loaded": True},
        revision=rev,
        summary=f"committed {args.plan_id}: {args.dataset_id} r{args.base_revision} -> r{rev} "
                f"({loaded.number_of_nodes()} nodes, {loaded.number_of_edges()} edges), loaded")


class ClearArgs(BaseModel):
    pass


@tool(result=ClearGraphResult, reads=("graph",), writes=("graph",), requires_approval=True, mutates=True)
def clear_graph(ctx: ToolContext, args: ClearArgs) -> ToolOutput:
    """Unload the graph from this session (needs the user's approval). Stored datasets and
    their revisions stay; load_constructed_graph loads one again."""
    session = ctx.session
    before = {"dataset_id": session.dataset_id, "revision": session.revision,
              "was_loaded": session.loaded}
    session.clear()
    what = (f"{before['dataset_id']} r{before['revision']}" if before["was_loaded"]
            else "nothing was loaded")
    return ToolOutput(data={**before, "loaded": False, "cleared": True},
                      summary=f"cleared the session graph ({what}); stored datasets are kept")
