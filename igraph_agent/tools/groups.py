"""Group questions: a categorical node attribute (a department, a faction, a country) as
groups, never as one node found by name.

``group_analysis`` answers from the igraph view and the node attribute, vectorised: sizes
per group; edges and weight sums within and between groups (the mixing matrix); the
attribute assortativity (networkx's ``attribute_assortativity_coefficient``, from the
same matrix); the groups most connected to others; per group its top node by degree and
mean degree; and, with two named groups, the nodes that bridge them (neighbours in both,
ranked by betweenness restricted to paths from one group to the other).

Example (the assortativity of a mixing matrix: 4 edges within group 0, 3 within group 1,
1 between)::

    >>> round(_assortativity(np.array([[4.0, 1.0], [0.0, 3.0]]), directed=False), 4)
    0.746
"""

from __future__ import annotations

from typing import Annotated, Any

import numpy as np
from pydantic import Field

from igraph_agent.errors import ErrorCode, ToolError
from igraph_agent.figures import figure
from igraph_agent.results.semantics import GroupAnalysisResult
from igraph_agent.tools.common import Where, label, matching_nodes
from igraph_agent.tools.registry import ToolContext, ToolOutput, tool
from igraph_agent.tools.schema import INTERNAL
from igraph_agent.tools.tables import column_values, node_table
from igraph_agent.tools.weights import WeightArgs, graph_meaning, ig_weights, sense_text, weight_for

#: the mixing matrix lists every non-empty pair up to this many groups (at most 400 rows)
MIXING_ALL_GROUPS = 20
#: betweenness between two groups is exact up to this many nodes, else not computed
BRIDGE_BETWEENNESS_LIMIT = 20_000


class GroupArgs(WeightArgs):
    attribute: str | None = Field(default=None, description="categorical node attribute "
                                  "(get_graph_info meaning.groups); default: the only one")
    between: list[str] = Field(default_factory=list, max_length=2, description="two group "
                               "values: the nodes bridging them")
    top_k: int = Field(default=10, ge=1, le=200)
    total_of: str | None = Field(default=None, description="a numeric node attribute summed "
                                 "per group (each group's total and average; groups ranked "
                                 "by the total), e.g. docks per district")
    side: str | None = Field(default=None, description="two-mode graphs whose sides a node "
                             "attribute tells (get_graph_info meaning.modes): group only this "
                             "side's nodes, the other side's count as no group, e.g. lots per "
                             "host country of the competitions")
    #: count, per group, the members whose attributes equal these values
    #: (``members_matching``): "does every district have a career station"; the planner's
    members_where: Annotated[Where | None, INTERNAL] = None
    pairs: bool = Field(default=False, description="directed graphs up to 20 groups: each "
                        "pair of different groups with its edges (and weight) both ways added "
                        "up (pair_totals), e.g. which two departments mail each other the most")


@tool(result=GroupAnalysisResult, reads=("graph",), cost=2)
def group_analysis(ctx: ToolContext, args: GroupArgs) -> ToolOutput:
    """Groups of a categorical node attribute (e.g. department): size per group, edges and
    weight within and between groups (mixing matrix: one row per from -> to pair, heaviest
    first, every pair up to 20 groups), attribute assortativity, the groups most connected
    to others (both directions), per-group top node; on a directed graph also what each group
    sends to (out) and receives from (in) other groups, and which sends and receives most;
    with between=[A, B] the nodes bridging groups A and B. Use it for any question about
    groups, never search_node."""
    g = ctx.session.require()
    meaning = graph_meaning(ctx)
    attr = _attribute(args.attribute, meaning)
    h, ids = ctx.session.igraph()
    values = _values(g, ids, attr)
    if args.side is not None:  # one side's groups: the other side's nodes hold none
        on = _side_of(g, ids, meaning, args.side)
        values = [v if here else None for v, here in zip(values, on, strict=True)]
    use = _group_weight(weight_for(ctx, args, "strength"), "weight" in args.model_fields_set)
    w = np.asarray(ig_weights(h, use), dtype=float) if use["attribute"] else None
    names, codes = np.unique(np.array([str(v) if v is not None else "" for v in values]),
                             return_inverse=True)
    k = len(names)
    edges = np.array(h.get_edgelist(), dtype=np.int64).reshape(-1, 2)
    a, b = codes[edges[:, 0]], codes[edges[:, 1]]
    directed = h.is_directed()
    counts = np.zeros((k, k))
    np.add.at(counts, (a, b), 1.0)
    sums = np.zeros((k, k))
    if w is not None:
        np.add.at(sums, (a, b), w)
    if not directed:  # one undirected edge a-b counts once, in the pair's upper cell
        counts, sums = _fold(counts), _fold(sums)
    sizes = np.bincount(codes, minlength=k)
    within = float(np.trace(counts))
    deg = np.asarray(h.degree(), dtype=float)
    summed = _numbers(g, ids, args.total_of) if args.total_of else None
    matching = _matching(g, args.members_where) if args.members_where else None
    groups = []
    for i, name in enumerate(names):
        members = np.flatnonzero(codes == i)
        top = members[np.argsort(-deg[members], kind="stable")[:1]]
        out_edges = counts[i].sum() + counts[:, i].sum() - 2 * counts[i, i]
        row = {"group": name or None, "size": int(sizes[i]),
               "within_edges": int(counts[i, i]), "edges_to_other_groups": int(out_edges),
               # every edge with an end in the group, each once: within and to others
               "edges_touching": int(counts[i, i] + out_edges),
               "mean_degree": figure(deg[members].mean()) if len(members) else 0.0,
               "density": _density(int(counts[i, i]), int(sizes[i]), directed),
               "top_node": ({"node": ids[int(top[0])], "degree": int(deg[int(top[0])]),
                             **label(g, ids[int(top[0])])} if len(top) else None)}
        if matching is not None:  # "does every district have a career station"
            row["members_matching"] = int(sum(1 for m in members if ids[int(m)] in matching))
        if summed is not None:
            row["total"] = figure(float(summed[members].sum()))
            row["average"] = figure(float(summed[members].mean())) if len(members) else None
        if w is not None:
            row["weight_to_other_groups"] = figure(sums[i].sum() + sums[:, i].sum() - 2 * sums[i, i])
            row["within_weight"] = figure(float(sums[i, i]))  # its own edges' value, summed
            # every edge with a member at one end, each once: within and to others
            row["weight_touching"] = figure(float(sums[i].sum() + sums[:, i].sum() - sums[i, i]))
        if directed:  # what the group sends to others and receives from them, apart
            row["edges_out_to_other_groups"] = int(counts[i].sum() - counts[i, i])
            row["edges_in_from_other_groups"] = int(counts[:, i].sum() - counts[i, i])
            # all the edges its members send and receive, its internal ones included
            row["edges_out"] = int(counts[i].sum())
            row["edges_in"] = int(counts[:, i].sum())
            if w is not None:
                row["weight_out_to_other_groups"] = figure(sums[i].sum() - sums[i, i])
                row["weight_in_from_other_groups"] = figure(sums[:, i].sum() - sums[i, i])
                # all it sends and all it receives, its own internal edges included
                row["weight_out"] = figure(float(sums[i].sum()))
                row["weight_in"] = figure(float(sums[:, i].sum()))
        groups.append(row)
    groups.sort(key=lambda r: (-r.get("total", r["size"]), -r["size"], str(r["group"])))
    by_weight = w is not None and use["role"] != "distance"  # more km is not more connected
    most = sorted(groups, key=lambda r: (-(r["weight_to_other_groups"] if by_weight
                                           else r["edges_to_other_groups"]), str(r["group"])))
    mixing = [{"from": names[i] or None, "to": names[j] or None, "edges": int(counts[i, j]),
               **({"weight": figure(sums[i, j])} if w is not None else {})}
              for i in range(k) for j in range(k) if counts[i, j]]
    mixing.sort(key=lambda r: (-r.get("weight", r["edges"]), -r["edges"], str(r["from"]),
                               str(r["to"])))
    data: dict[str, Any] = {
        "attribute": attr, "directed": directed, "weight_used": use,
        **({"side": args.side} if args.side is not None else {}),
        "nodes": len(ids), "edges": len(edges), "group_count": k,
        "within_edges": int(within), "between_edges": int(len(edges) - within),
        "within_share": figure(within / len(edges)) if len(edges) else None,
        "between_share": figure(1 - within / len(edges)) if len(edges) else None,
        "assortativity": figure(_assortativity(counts, directed, np.bincount(
            a[edges[:, 0] == edges[:, 1]], minlength=k) if len(edges) else None)),
        # "the two clubs as the partition: its modularity" (igraph; networkx's
        # community.modularity gives the same)
        "modularity": figure(h.modularity(codes.tolist(), directed=directed)) if len(edges) else None,
        "groups": groups[: args.top_k],
        "most_connected_to_others": [r["group"] for r in most[: args.top_k]],
        # every pair up to MIXING_ALL_GROUPS groups: a question about one group ("which
        # region ships most to Nordic") must find its row; beyond, the heaviest pairs
        "mixing": mixing if k <= MIXING_ALL_GROUPS else mixing[: max(args.top_k, 3 * k)],
        "mixing_pairs": len(mixing),
    }
    if args.pairs and directed and k <= MIXING_ALL_GROUPS:  # "which two desks mail each
        # other the most":
        # each pair of different groups with its edges both ways added up
        data["pair_totals"] = sorted(
            ({"groups": [names[i] or None, names[j] or None],
              "edges": int(counts[i, j] + counts[j, i]),
              **({"weight": figure(sums[i, j] + sums[j, i])} if w is not None else {})}
             for i in range(k) for j in range(i + 1, k) if counts[i, j] + counts[j, i]),
            key=lambda r: (-r.get("weight", r["edges"]), -r["edges"], str(r["groups"])))
    if args.total_of:
        data["total_of"] = args.total_of
    if w is not None:
        data["modularity_weighted"] = (figure(h.modularity(codes.tolist(), weights=w.tolist(),
                                                           directed=directed))
                                       if use["role"] != "distance" and w.sum() > 0 else None)
        data["within_weight"] = figure(float(np.trace(sums)))
        data["between_weight"] = figure(float(sums.sum() - np.trace(sums)))
        total = float(sums.sum())
        data["total_weight"] = figure(total)
        data["within_weight_share"] = figure(float(np.trace(sums)) / total) if total else None
        data["between_weight_share"] = (figure(1 - float(np.trace(sums)) / total) if total
                                        else None)
    sums_text = (f" (total {use['attribute']} {data['within_weight']} within, "
                 f"{data['between_weight']} between)" if w is not None else "")
    lead = (f"{k} {attr} groups; {data['within_edges']} edges within, {data['between_edges']} "
            f"between{sums_text}; {sense_text(use)}; assortativity {data['assortativity']}; "
            f"most connected to others: {most[0]['group'] if most else 'none'}")
    if directed and groups:
        sends, gets = _directed_leaders(groups, by_weight)
        data["sends_most_to_others"], data["receives_most_from_others"] = sends, gets
        unit = f" {use['attribute']}" if by_weight else " edges"
        lead += (f" (both directions); sends most to other groups: {sends['group']} "
                 f"({sends['value']}{unit}); receives most from them: {gets['group']} "
                 f"({gets['value']}{unit})")
    if args.between:
        data["bridges"] = _bridges(ctx, g, h, ids, names, codes, args, use)
        top = data["bridges"]["nodes"][:3]
        lead += (f"; bridging {args.between[0]} and {args.between[1]}: "
                 + (", ".join(str(r["node"]) for r in top) or "none"))
    return ToolOutput(data=data, revision=ctx.session.revision, summary=lead)


def _directed_leaders(groups: list[dict[str, Any]], by_weight: bool
                      ) -> tuple[dict[str, Any], dict[str, Any]]:
    """The group that sends the most to other groups and the one that receives the most
    (by the weight when it is a strength, else by edges), ties named."""
    out = []
    for key in ("out_to", "in_from"):
        field = f"{'weight' if by_weight else 'edges'}_{key}_other_groups"
        best = max(r[field] for r in groups)
        tied = sorted(str(r["group"]) for r in groups if r[field] == best)
        out.append({"group": tied[0] if len(tied) == 1 else " and ".join(tied),
                    "value": best, "by": field, "tied": len(tied)})
    return out[0], out[1]


def _group_weight(use: dict[str, Any], explicit: bool) -> dict[str, Any]:
    """Group sums are totals of the edge value in its own units: a distance is summed as
    it is ("total miles between the valleys"), never as 1/x; a default distance weight is
    not applied at all (a group question counts edges unless it names the value)."""
    if use["role"] != "distance":
        return use
    if not explicit:
        return {"attribute": None, "role": None, "inverted": False, "sense": "strength",
                "note": f"unweighted: {use['attribute']} is a distance (name it to sum it)"}
    return {**use, "inverted": False, "sense": "total",
            "note": f"{use['attribute']} is a distance: summed in its own units; groups "
                    "ranked by edge counts"}


def _attribute(asked: str | None, meaning: dict) -> str:
    groups = meaning.get("groups") or {}
    kinds = meaning.get("node_attributes") or {}
    if asked:
        if asked not in kinds:
            raise ToolError(ErrorCode.INVALID_ARGUMENTS, f"no node attribute {asked!r}",
                            hint=f"categorical node attributes: {', '.join(groups) or 'none'}",
                            details={"groups": list(groups)})
        return asked
    if len(groups) == 1:
        return next(iter(groups))
    raise ToolError(ErrorCode.INVALID_ARGUMENTS,
                    "name the grouping attribute" if groups else
                    "the graph has no categorical node attribute to group by",
                    hint=f"categorical node attributes: {', '.join(groups) or 'none'}",
                    details={"groups": list(groups)})


def _side_of(g, ids: list, meaning: dict, side: str) -> list[bool]:
    """Whether each node is on ``side`` of a two-mode graph whose sides an attribute tells;
    ``INVALID_ARGUMENTS`` naming the sides when there is no such side."""
    modes = meaning.get("modes") or {}
    sides = [str(s) for s in modes.get("sides") or {}]
    if modes.get("by") != "attribute" or side not in sides:
        raise ToolError(ErrorCode.INVALID_ARGUMENTS, f"no side {side!r} told by a node attribute",
                        hint="sides: " + (", ".join(sides) or "none (not a two-mode graph "
                                                               "split by an attribute)"),
                        details={"sides": sides})
    return [str(v) == side for v in _values(g, ids, str(modes["attribute"]))]


def _values(g, ids: list, attr: str) -> list:
    nodes = node_table(g)
    if nodes is not None and attr in nodes.columns:
        by_id = dict(zip(nodes["id"].astype(str), column_values(nodes, attr), strict=True))
        return [by_id.get(str(n)) for n in ids]
    return [g.nodes[n].get(attr) for n in ids]


def _numbers(g, ids: list, attr: str) -> np.ndarray:
    """A numeric node attribute's values in ``ids`` order (missing: 0); a text value is
    ``INVALID_ARGUMENTS``."""
    out = []
    for v in _values(g, ids, attr):
        try:
            x = float(v) if v is not None and str(v) != "" else 0.0
        except (TypeError, ValueError):
            raise ToolError(ErrorCode.INVALID_ARGUMENTS, f"'{attr}' is not numeric: "
                            f"{str(v)[:40]!r}", hint="total_of takes a numeric node "
                            "attribute (get_graph_info meaning.node_attributes)") from None
        out.append(0.0 if x != x else x)  # NaN: missing
    return np.asarray(out, dtype=float)


def _fold(m: np.ndarray) -> np.ndarray:
    upper = np.triu(m) + np.tril(m, -1).T
    return np.triu(upper)


def _matching(g: Any, where: Where) -> set:
    """The nodes a ``members_where`` filter keeps; none kept is a count of 0 in every group,
    no error (a value no member holds answers "does every group have one": no)."""
    try:
        return matching_nodes(g, where) or set()
    except ToolError as e:
        if e.code == ErrorCode.INVALID_ARGUMENTS and all(
                any(k in d for _, d in g.nodes(data=True)) for k in where):
            return set()  # the attribute exists, no node holds the value
        raise


def _assortativity(counts: np.ndarray, directed: bool, loops: np.ndarray | None = None) -> float:
    """Newman's r from the mixing matrix, as networkx computes it (an undirected edge
    counted in both directions, a self-loop once: ``loops`` per group)."""
    e = counts.copy() if directed else counts + counts.T - np.diag(np.diag(counts))
    if not directed:
        e = e + np.diag(np.diag(counts))  # a within-group edge is both (i, i) entries
        if loops is not None:
            e = e - np.diag(loops.astype(float))  # a self-loop is one entry, as networkx
    total = e.sum()
    if not total:
        return 0.0
    e = e / total
    ab = float((e.sum(axis=1) * e.sum(axis=0)).sum())
    return float((np.trace(e) - ab) / (1 - ab)) if ab != 1 else 0.0


def _bridges(ctx, g, h, ids, names, codes, args: GroupArgs, use: dict) -> dict[str, Any]:
    wanted = [str(v) for v in args.between]
    index = {str(n).lower(): i for i, n in enumerate(names)}
    missing = [v for v in wanted if v.lower() not in index]
    if len(wanted) != 2 or missing:
        raise ToolError(ErrorCode.INVALID_ARGUMENTS,
                        f"between needs two values of the attribute; not found: {missing}"
                        if missing else "between needs exactly two group values",
                        hint=f"values: {', '.join(str(n) for n in names[:20])}",
                        details={"values": [str(n) for n in names[:50]]})
    ga, gb = (index[v.lower()] for v in wanted)
    in_a = np.flatnonzero(codes == ga).tolist()
    in_b = np.flatnonzero(codes == gb).tolist()
    rows = []
    for v in range(h.vcount()):
        nbrs = h.neighbors(v)
        na = sum(1 for u in nbrs if codes[u] == ga)
        nb = sum(1 for u in nbrs if codes[u] == gb)
        if na and nb:
            rows.append((v, na, nb))
    between: dict[int, float] = {}
    exact = h.vcount() <= BRIDGE_BETWEENNESS_LIMIT
    if exact:
        dist_use = weight_for(ctx, args, "distance")
        between = _subset_betweenness(g, ids, in_a, in_b, dist_use)
    rows.sort(key=lambda r: (-between.get(r[0], 0.0), -(r[1] + r[2]), str(ids[r[0]])))
    nodes = [{"node": ids[v], **label(g, ids[v]), "group": names[codes[v]] or None,
              "neighbours_in_a": na, "neighbours_in_b": nb,
              **({"betweenness_between": figure(between.get(v, 0.0))} if exact else {})}
             for v, na, nb in rows[: args.top_k]]
    return {"a": str(names[ga]), "b": str(names[gb]), "total": len(rows), "nodes": nodes,
            "ranked_by": ("betweenness restricted to shortest paths between the two groups "
                          "(networkx betweenness_centrality_subset, unnormalised)") if exact
            else "neighbours in both groups (graph too large for the restricted betweenness)"}


def _subset_betweenness(g, ids, in_a, in_b, use: dict) -> dict[int, float]:
    import networkx as nx

    from igraph_agent.tools.weights import nx_weight

    weight = nx_weight(use)
    sources = [ids[i] for i in in_a]
    targets = [ids[i] for i in in_b]
    if weight is None:
        scores = nx.betweenness_centrality_subset(g, sources, targets, normalized=False)
    else:
        h, attr = _with_distance(g, use)
        scores = nx.betweenness_centrality_subset(h, sources, targets, normalized=False,
                                                  weight=attr)
    position = {n: i for i, n in enumerate(ids)}
    return {position[n]: float(s) for n, s in scores.items()}


def _with_distance(g, use: dict):
    from igraph_agent.tools.weights import nx_graph_weight

    return nx_graph_weight(g, use)


def _density(within: int, size: int, directed: bool) -> float:
    """A group's edges within over the pairs of its members (ordered pairs when directed).

        >>> _density(2, 3, False), _density(0, 1, False)
        (0.666667, 0.0)
    """
    pairs = size * (size - 1) if directed else size * (size - 1) / 2
    return figure(within / pairs) if pairs else 0.0
