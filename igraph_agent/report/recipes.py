"""One recipe per tool: a stored tool result -> a :class:`Finding` with a recompute cell.

A recipe reads only the call's arguments and its result, typed by the tool's result model
(``igraph_agent/results/``); every number in the finding's text and table is copied from
them. A stored result that does not match its model gets the generic finding. The code cell recomputes the same numbers
with plain networkx (leidenalg for a Leiden partition) from the graph ``G`` that the
report's setup cell loads, sets ``result`` and checks it against ``expected``.
Tools without a recipe still get a finding (their summary and numbers), marked as
not recomputed.

Example::

    >>> from igraph_agent.data import path
    >>> resp = agent.ask("Which nodes are most central?", attach=[path("karate.csv")])
    >>> call = next(c for c in agent.store.tool_calls(resp.run_id) if c["tool"] == "node_centrality")
    >>> ref = SourceRef(tool="node_centrality", call_id=call["call_id"])
    >>> finding = build_finding(ref, call["args"], call["envelope"], "f1")
    >>> finding.title, finding.code is not None   # the cell's ``result`` must equal finding.numbers
    ('Pagerank centrality', True)
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any

from igraph_agent.markup import table_cell
from igraph_agent.report.model import Finding, SourceRef
from igraph_agent.results import ToolData, ValidationError, read
from igraph_agent.results.centrality import DegreeAnalysisResult, NodeCentralityResult
from igraph_agent.results.code import RunGraphCodeResult
from igraph_agent.results.community import BridgeNodesResult, CommunityDetectionResult
from igraph_agent.results.data import GetGraphInfoResult
from igraph_agent.results.paths import ShortestPathResult
from igraph_agent.results.structure import BipartiteCheckResult, CountTrianglesResult

Recipe = Callable[[SourceRef, dict[str, Any], Any, str], Finding]
RECIPES: dict[str, tuple[type[ToolData], Recipe]] = {}


def recipe(tool: str, model: type[ToolData]) -> Callable[[Recipe], Recipe]:
    """Register ``fn(ref, args, result: model, fid)`` for ``tool``'s results."""
    def register(fn: Recipe) -> Recipe:
        RECIPES[tool] = (model, fn)
        return fn

    return register


def build_finding(ref: SourceRef, args: dict[str, Any], envelope: dict[str, Any],
                  fid: str) -> Finding:
    """The finding for one successful tool result."""
    entry = RECIPES.get(ref.tool)
    if entry is None:
        return _generic(ref, envelope, fid)
    model, fn = entry
    try:
        result = read(model, envelope.get("data") or {})
    except ValidationError:  # stored by a version whose result had another shape
        return _generic(ref, envelope, fid)
    return fn(ref, args, result, fid)


def _lit(value: Any) -> str:
    """A Python literal for the code cell: ``repr`` of the JSON value, so text (node ids,
    labels) stays text whatever it contains."""
    return repr(value)


def _cell(title: str, ref: SourceRef, body: str, expected: dict[str, Any]) -> str:
    title = " ".join(title.split())  # a node id with a line break must not end the comment
    return (f"# {title} — recomputed ({ref.tool}, call {ref.call_id})\n{body.strip()}\n\n"
            f"expected = {_lit(expected)}\nsame(result, expected)\nresult")


def _table_md(rows: list[dict[str, Any]]) -> str:
    if not rows:
        return ""
    cols = list(rows[0])
    head = "| " + " | ".join(map(table_cell, cols)) + " |\n|" + "---|" * len(cols) + "\n"
    return head + "\n".join("| " + " | ".join(table_cell(r.get(c, "")) for c in cols) + " |"
                            for r in rows)


def _who(row: Any) -> str:
    """A node as "id (label)": ``row`` is any result part with ``node`` and ``label``."""
    return f"{row.node} ({row.label})" if row.label else str(row.node)


def _labelled(row: Any) -> dict[str, Any]:
    """``{"node": id}`` and its label when the row has one."""
    return {"node": row.node, **({"label": row.label} if "label" in row.model_fields_set else {})}


# -- graph state -----------------------------------------------------------------------
@recipe("get_graph_info", GetGraphInfoResult)
def graph_info(ref: SourceRef, args: dict, data: GetGraphInfoResult, fid: str) -> Finding:
    if "nodes" not in data.model_fields_set:  # checked before any graph was loaded: no figures
        return Finding(id=fid, title="Graph state", source=ref,
                       text="No graph was loaded when the graph state was checked.",
                       not_reproducible="nothing was measured")
    kind = "directed" if data.directed else "undirected"
    numbers = {"nodes": data.nodes, "edges": data.edges,
               "components": data.components, "density": data.density}
    text = (f"The analysed graph has **{data.nodes} nodes** and **{data.edges} edges** "
            f"({kind}), {data.components} connected component(s), density "
            f"{data.density}.")
    comps = ("nx.number_weakly_connected_components(G)" if data.directed
             else "nx.number_connected_components(G)")
    body = (f"result = {{\"nodes\": G.number_of_nodes(), \"edges\": G.number_of_edges(),\n"
            f"          \"components\": {comps}, \"density\": round(nx.density(G), 6)}}")
    return Finding(id=fid, title="Graph size and shape", text=text, source=ref,
                   numbers=numbers, code=_cell("Graph size and shape", ref, body, numbers))


# -- degree ----------------------------------------------------------------------------
@recipe("degree_analysis", DegreeAnalysisResult)
def degree(ref: SourceRef, args: dict, data: DegreeAnalysisResult, fid: str) -> Finding:
    top = data.top
    numbers = {"mean_degree": data.mean_degree, "max_degree": data.max_degree,
               "isolates": data.isolates,
               "top": {t.node: t.degree for t in top}}
    lead = ", ".join(f"{_who(t)}: {t.degree}" for t in top[:5])
    text = (f"Mean degree is **{data.mean_degree}**, the maximum {data.max_degree}; "
            f"{data.isolates} node(s) are isolated. Highest degree: {lead}.")
    deg = {"in": "G.in_degree()", "out": "G.out_degree()"}.get(data.direction, "G.degree()")
    body = (f"deg = dict({deg})\n" + _where_filter("deg", data.where) +
            "top = sorted(deg.items(), key=lambda kv: (-kv[1], str(kv[0])))"
            f"[:{len(top)}]\n"
            "result = {\"mean_degree\": round(sum(deg.values()) / len(deg), 4),\n"
            "          \"max_degree\": max(deg.values()),\n"
            "          \"isolates\": sum(1 for d in deg.values() if d == 0),\n"
            "          \"top\": dict(top)}")
    rows = [{**_labelled(t), "degree": t.degree} for t in top]
    return Finding(id=fid, title="Degree", text=text, source=ref, table=rows, numbers=numbers,
                   code=_cell("Degree", ref, body, numbers))


# -- centrality ----------------------------------------------------------------------
def _use(data: Any, sense: str, field: str = "weight_used") -> dict[str, Any]:
    """How the call weighed edges: its stored ``weight_used``; a result stored before tools
    said so is read as they then did (``weighted``: the ``weight`` attribute, a strength)."""
    use = getattr(data, field, None)
    if use is not None:
        return use
    weighted = bool(getattr(data, "weighted", False))
    return {"attribute": "weight" if weighted else None, "role": "strength" if weighted else None,
            "inverted": weighted and sense == "distance", "sense": sense}


_INVERSE = ("def inverse(x):  # as the tool: 1/x (inf for a non-positive x)\n"
            "    x = float(x)\n"
            "    return 1.0 / x if x > 0 else float('inf')\n")


def _weight_note(use: dict[str, Any]) -> str:
    """A comment line saying the weight sense, e.g. ``# weight: km is a distance; ...``."""
    attr = use.get("attribute")
    if attr is None:
        return "# weight: none (unweighted)\n"
    note = use.get("note") or (f"1/{attr} as {use.get('sense')}" if use.get("inverted")
                               else f"{attr} as {use.get('sense')}")
    return f"# weight: {' '.join(str(note).split())}\n"


def _weight_fn(use: dict[str, Any]) -> tuple[str, str]:
    """(code, expression) for a networkx ``weight=`` / ``distance=`` argument that reads the
    edges as the tool did: the attribute itself, or ``1/attribute`` when inverted."""
    attr = use.get("attribute")
    if attr is None:
        return "", "None"
    if not use.get("inverted"):
        return "", _lit(attr)
    return (_INVERSE + f"edge_weight = lambda u, v, d: inverse(d.get({_lit(attr)}, 1.0))\n",
            "edge_weight")


def _weight_named(use: dict[str, Any], graph: str = "G") -> tuple[str, str, str]:
    """(code, graph, attribute expression) for networkx algorithms that take only an
    attribute name (PageRank, eigenvector): an inverted weight is written to a copy as
    ``__w``, as the tool does."""
    attr = use.get("attribute")
    if attr is None:
        return "", graph, "None"
    if not use.get("inverted"):
        return "", graph, _lit(attr)
    return (_INVERSE + f"W = {graph}.copy()\nfor _, _, d in W.edges(data=True):\n"
            f"    d['__w'] = inverse(d.get({_lit(attr)}, 1.0))\n", "W", "'__w'")


def _weight_words(use: dict[str, Any]) -> str:
    """``weighted by 1/km as strength`` / ``unweighted`` (as the tools' summaries say)."""
    attr = use.get("attribute")
    if attr is None:
        return "unweighted"
    shown = f"1/{attr}" if use.get("inverted") else attr
    return f"weighted by {shown} as {use.get('sense')}"


def _centrality_code(measure: str, use: dict[str, Any], k: int | None, seed: int) -> str:
    if measure == "degree":
        return "scores = nx.degree_centrality(G)"
    note = _weight_note(use)
    if measure in ("betweenness", "closeness"):
        code, w = _weight_fn(use)
        if measure == "betweenness":
            return note + code + f"scores = nx.betweenness_centrality(G, k={k}, weight={w}, seed={seed})"
        return note + code + f"scores = nx.closeness_centrality(G, distance={w})"
    code, graph, w = _weight_named(use)
    if measure == "pagerank":
        return note + code + f"scores = nx.pagerank({graph}, weight={w}, tol=1e-10, max_iter=1000)"
    return note + code + f"scores = nx.eigenvector_centrality_numpy({graph}, weight={w})"


_SENSE = {"betweenness": "distance", "closeness": "distance", "pagerank": "strength",
          "eigenvector": "strength", "degree": "strength"}


@recipe("node_centrality", NodeCentralityResult)
def centrality(ref: SourceRef, args: dict, data: NodeCentralityResult, fid: str) -> Finding:
    measure = data.measure
    top = data.top
    numbers = {"top": {t.node: t.score for t in top}}
    approx = (f" (approximate: {data.sample_k} sampled source nodes)"
              if data.approximate and data.sample_k else "")
    lead = ", ".join(f"{_who(t)}: {t.score}" for t in top[:5])
    use = _use(data, _SENSE.get(measure, "strength"))
    weight = "" if measure == "degree" else f" ({_weight_words(use)})"
    text = (f"By **{measure}** centrality{approx}{weight}, computed with {data.backend}, the "
            f"highest-ranked nodes are {lead}.")
    rows = [{**_labelled(t), "score": t.score} for t in top]
    title = f"{measure.capitalize()} centrality"
    limits = []
    if data.approximate:
        limits.append(f"{title} is approximate ({data.candidates or 'sampled'}); "
                      "ranks near the cut-off can change with the seed.")
    if data.candidates:
        return Finding(id=fid, title=title, text=text, source=ref, table=rows, numbers=numbers,
                       not_reproducible="closeness was scored for candidate nodes only "
                       f"({data.candidates}); rerun the tool for exact values",
                       limitations=limits)
    body = (_centrality_code(measure, use, data.sample_k,
                             int(args.get("seed", 42)))
            + "\n" + _where_filter("scores", data.where)
            + "top = sorted(scores.items(), key=lambda kv: (-kv[1], str(kv[0])))"
            f"[:{len(top)}]\nresult = {{\"top\": {{n: round(s, 6) for n, s in top}}}}")
    return Finding(id=fid, title=title, text=text, source=ref, table=rows, numbers=numbers,
                   code=_cell(title, ref, body, numbers), limitations=limits)


# -- communities -----------------------------------------------------------------------
Partitioned = CommunityDetectionResult | BridgeNodesResult


def _partition_code(data: Partitioned) -> str | None:
    """Code that rebuilds the tool's partition as ``groups`` (largest first), or None."""
    if data.backend != "networkx":
        return None
    best_of = re.search(r", best of (\d+) seeded runs$", data.implementation)
    runs = int(best_of.group(1)) if best_of else 1
    impl = data.implementation[:best_of.start()] if best_of else data.implementation
    method = impl.rsplit(".", 1)[-1]
    res, seed = data.resolution, data.seed
    weight = _lit(_partition_attr(data))
    at = "seed" if runs > 1 else str(seed)
    if method in ("RBConfigurationVertexPartition", "leiden"):  # leiden (earlier via cdlib)
        found = ("import leidenalg\n"
                 "from igraph_agent.graph.convert import to_igraph\n"
                 "H, ids = to_igraph(U)\n"
                 "found = [[ids[i] for i in c] for c in leidenalg.find_partition(\n"
                 "    H, leidenalg.RBConfigurationVertexPartition,\n"
                 f"    weights={weight}, "
                 f"resolution_parameter={res}, seed={at})]\n")
    elif method == "louvain_communities":
        found = (f"found = nx.community.louvain_communities(U, weight="
                 f"{weight}, resolution={res}, seed={at})\n")
    else:
        return None  # label propagation is not seeded: not reproducible
    build = (found +
             "groups = sorted((sorted(c, key=str) for c in found if c),\n"
             "                key=lambda c: (-len(c), str(c[0])))\n"
             "membership = {n: i for i, c in enumerate(groups) for n in c}\n"
             "for n in G:  # a method may leave isolates out: each is its own community\n"
             "    if n not in membership:\n"
             "        membership[n] = len(groups)\n"
             "        groups.append([n])\n")
    if runs == 1:
        return "U = nx.Graph(G) if G.is_directed() else G\n" + build
    # the tool kept the best modularity of seeds seed … seed+runs-1 (the first of equals)
    return ("U = nx.Graph(G) if G.is_directed() else G\n"
            "best = None\n"
            f"for seed in range({seed}, {seed + runs}):\n"
            + "".join(f"    {line}\n" for line in build.splitlines())
            + f"    q = nx.community.modularity(U, groups, weight={weight})\n"
            "    if best is None or q > best[0] + 1e-12:\n"
            "        best = (q, groups, membership)\n"
            "_, groups, membership = best\n")


def _partition_attr(data: Partitioned) -> str | None:
    """The edge attribute the partition weighed (a strength), or None: unweighted."""
    if not data.weighted:
        return None
    return data.weight or "weight"  # a result stored before tools named it weighed `weight`


def _partition_limits(data: Partitioned) -> list[str]:
    return [f"Communities come from {data.implementation} with seed {data.seed} "
            f"and resolution {data.resolution}; another method or seed can draw the "
            "boundaries differently, and every community-based number moves with them."]


@recipe("community_detection", CommunityDetectionResult)
def communities(ref: SourceRef, args: dict, data: CommunityDetectionResult, fid: str) -> Finding:
    sizes = data.sizes
    numbers = {"communities": data.communities, "modularity": data.modularity,
               "largest": sizes.largest, "singletons": sizes.singletons}
    use = data.weight_used or {"attribute": _partition_attr(data), "sense": "strength"}
    text = (f"{data.implementation} (seed {data.seed}, {_weight_words(use)}) splits the graph into "
            f"**{data.communities} communities** with modularity **{data.modularity}**; "
            f"the largest has {sizes.largest} nodes, {sizes.singletons} are "
            "single nodes.")
    rows = [{"community": c.community, "size": c.size,
             "sample members": ", ".join(map(str, c.sample_members))}
            for c in data.largest_communities]
    title = "Communities"
    part = _partition_code(data)
    if part is None:
        return Finding(id=fid, title=title, text=text, source=ref, table=rows, numbers=numbers,
                       not_reproducible=f"{data.implementation} on the "
                       f"{data.backend} backend is not rebuilt by plain networkx here",
                       limitations=_partition_limits(data))
    weight = _lit(_partition_attr(data))
    body = (part + "sizes = [len(c) for c in groups]\n"
            f"result = {{\"communities\": len(groups),\n"
            f"          \"modularity\": round(nx.community.modularity(U, groups, weight={weight}), 6),\n"
            "          \"largest\": sizes[0], \"singletons\": sizes.count(1)}")
    return Finding(id=fid, title=title, text=text, source=ref, table=rows, numbers=numbers,
                   code=_cell(title, ref, body, numbers), limitations=_partition_limits(data))


@recipe("bridge_nodes", BridgeNodesResult)
def bridges(ref: SourceRef, args: dict, data: BridgeNodesResult, fid: str) -> Finding:
    listed = data.bridges
    measure = data.centrality
    numbers = {"total": data.total,
               "bridges": {b.node: [b.communities, b.participation, b.community,
                                    b.degree, b.centrality] for b in listed}}
    lead = ", ".join(f"{_who(b)}: {b.communities} communities, participation "
                     f"{b.participation}" for b in listed[:5])
    text = (f"**{data.total} node(s)** have neighbours in at least "
            f"{data.min_communities} of the {data.communities} communities. "
            f"The strongest bridges: {lead}.")
    rows = [{**_labelled(b),
             "communities": b.communities, "participation": b.participation,
             "own community": b.community, "degree": b.degree,
             measure: b.centrality} for b in listed]
    title = "Bridge nodes"
    part = _partition_code(data)
    if part is None:
        return Finding(id=fid, title=title, text=text, source=ref, table=rows, numbers=numbers,
                       not_reproducible=f"{data.implementation} on the "
                       f"{data.backend} backend is not rebuilt by plain networkx here",
                       limitations=_partition_limits(data))
    attr = _partition_attr(data)
    keep = f"found = [n for n in G if spans[n] >= {data.min_communities}]\n"
    flt = data.filter
    if flt:
        want = str(flt.value or "").strip().lower().rstrip("s")
        keep += (f"found = [n for n in found if str(G.nodes[n].get({_lit(flt.attribute)}, ''))"
                 f".lower().startswith({_lit(want)})]\n")
    body = (part
            + "spans, participation = {}, {}\n"
            "for n in G:\n"
            "    shares = {}\n"
            "    for v in nx.all_neighbors(G, n):\n"
            "        if v != n:\n"
            + (f"            w = (G.get_edge_data(n, v) or G.get_edge_data(v, n))[{_lit(attr)}]\n"
               if attr else "            w = 1.0\n")
            + "            shares[membership[v]] = shares.get(membership[v], 0.0) + w\n"
            "    total = sum(shares.values())\n"
            "    spans[n] = len(shares)\n"
            "    participation[n] = 1 - sum((s / total) ** 2 for s in shares.values()) if total else 0.0\n"
            + keep
            + "found.sort(key=lambda n: (-spans[n], -participation[n], str(n)))\n"
            + _centrality_code(measure, _use(data, _SENSE.get(measure, "strength"),
                                             "centrality_weight_used"), None, data.seed) + "\n"
            f"result = {{\"total\": len(found), \"bridges\": {{\n"
            "    n: [spans[n], round(participation[n], 4), membership[n], G.degree(n),\n"
            f"        round(scores[n], 6)] for n in found[:{len(listed)}]}}}}")
    return Finding(id=fid, title=title, text=text, source=ref, table=rows, numbers=numbers,
                   code=_cell(title, ref, body, numbers), limitations=_partition_limits(data))


# -- paths -----------------------------------------------------------------------------
@recipe("shortest_path", ShortestPathResult)
def path(ref: SourceRef, args: dict, data: ShortestPathResult, fid: str) -> Finding:
    s, t = data.source, data.target
    title = f"Shortest path {s} to {t}"
    use = _use(data, "distance")
    attr = use.get("attribute")
    if not data.reachable:
        numbers: dict[str, Any] = {"reachable": False}
        text = f"There is no path from {s} to {t}."
        body = f"result = {{\"reachable\": nx.has_path(G, {_lit(s)}, {_lit(t)})}}"
    elif attr is None or data.length is None:
        numbers = {"reachable": True, "hops": data.hops}
        route = " → ".join(_who(p) for p in data.path or [])
        text = (f"The shortest path from {s} to {t} (unweighted) takes **{data.hops} hop(s)**: "
                f"{route}.")
        body = (_weight_note(use)
                + f"result = {{\"reachable\": nx.has_path(G, {_lit(s)}, {_lit(t)}),\n"
                f"          \"hops\": nx.shortest_path_length(G, {_lit(s)}, {_lit(t)})}}")
    else:
        numbers = {"reachable": True, "hops": data.hops, "length": data.length}
        route = " → ".join(_who(p) for p in data.path or [])
        unit = f"1/{attr}" if use.get("inverted") else attr
        text = (f"The shortest path from {s} to {t} ({_weight_words(use)}) has total {unit} "
                f"**{data.length}** over {data.hops} hop(s): {route}.")
        code, w = _weight_fn(use)
        body = (_weight_note(use) + code
                + f"length, route = nx.bidirectional_dijkstra(G, {_lit(s)}, {_lit(t)}, weight={w})\n"
                f"result = {{\"reachable\": nx.has_path(G, {_lit(s)}, {_lit(t)}), \"hops\": len(route) - 1,\n"
                "          \"length\": round(float(length), 6)}")
    return Finding(id=fid, title=title, text=text, source=ref, numbers=numbers,
                   code=_cell(title, ref, body, numbers))


def _where_filter(name: str, where: dict | None) -> str:
    """Code keeping only the nodes whose attributes match ``where`` (as the tools match)."""
    if not where:
        return ""
    return (f"where = {_lit(where)}\n"
            f"{name} = {{n: v for n, v in {name}.items() if all(\n"
            "    (str(G.nodes[n].get(k)) == w if isinstance(w, str) else G.nodes[n].get(k) == w)\n"
            "    and G.nodes[n].get(k) is not None for k, w in where.items())}\n")


# -- structure -------------------------------------------------------------------------
_SIMPLE = ("U = nx.Graph(G.to_undirected())  # directions and parallel edges ignored\n"
           "U.remove_edges_from(list(nx.selfloop_edges(U)))\n")


@recipe("count_triangles", CountTrianglesResult)
def triangles(ref: SourceRef, args: dict, data: CountTrianglesResult, fid: str) -> Finding:
    top = data.top
    numbers = {"triangles": data.triangles, "top": {t.node: t.triangles for t in top}}
    lead = ", ".join(f"{_who(t)}: {t.triangles}" for t in top[:5])
    text = (f"The graph has **{data.triangles} triangles**; "
            f"{data.nodes_in_triangles} node(s) are in at least one. Most: {lead}.")
    body = (_SIMPLE + "tri = nx.triangles(U)\nranked = dict(tri)\n"
            + _where_filter("ranked", data.where)
            + "top = sorted(ranked.items(), key=lambda kv: (-kv[1], str(kv[0])))"
            f"[:{len(top)}]\n"
            "result = {\"triangles\": sum(tri.values()) // 3, \"top\": dict(top)}")
    rows = [{"node": t.node, "triangles": t.triangles} for t in top]
    return Finding(id=fid, title="Triangles", text=text, source=ref, table=rows,
                   numbers=numbers, code=_cell("Triangles", ref, body, numbers))


@recipe("bipartite_check", BipartiteCheckResult)
def bipartite(ref: SourceRef, args: dict, data: BipartiteCheckResult, fid: str) -> Finding:
    numbers: dict[str, Any] = {"bipartite": data.bipartite}
    body = _SIMPLE + "result = {\"bipartite\": nx.is_bipartite(U)}\n"
    split = data.splitting_attributes or []
    if data.bipartite and data.side_a is not None and data.side_b is not None:
        sizes = sorted([data.side_a.total, data.side_b.total])
        text = f"The graph is **bipartite**, with sides of {sizes[0]} and {sizes[1]} nodes."
        if split:
            key = split[0].attribute
            text += f" The attribute `{key}` separates them."
            body += ("from collections import Counter\nresult[\"side_sizes\"] = sorted(Counter("
                     f"str(d[{key!r}]) for _, d in G.nodes(data=True)).values())")
            numbers["side_sizes"] = sizes
    else:
        text = (f"The graph is **not bipartite**: it has an odd cycle of length "
                f"{len(data.odd_cycle or [])}.")
    return Finding(id=fid, title="Bipartite check", text=text, source=ref, numbers=numbers,
                   code=_cell("Bipartite check", ref, body, numbers))


# -- code ------------------------------------------------------------------------------
UNCONFINED = ("# UNCONFINED: the model-written snippet below runs in this kernel, not in the\n"
              "# sandbox, with everything this notebook may do. Read it before running.\n")


@recipe("run_graph_code", RunGraphCodeResult)
def graph_code(ref: SourceRef, args: dict, data: RunGraphCodeResult, fid: str) -> Finding:
    """The snippet itself is the recompute cell: the same code against the same revision."""
    numbers = {"result": data.result}
    title = "Computed in code"
    text = (f"A code snippet computed: `{_short_lit(data.result)}` (dataset revision "
            f"{data.revision}).")
    if data.tables:
        return Finding(id=fid, title=title, text=text, source=ref, numbers=numbers,
                       not_reproducible="the snippet read attached tables, which the report's "
                       "setup cell does not load")
    code = str(args.get("code", ""))
    fence = "`" * max(3, 1 + max((len(m) for m in re.findall(r"`+", code)), default=0))
    text += (f"\n\n**Its recompute cell runs this model-written code unconfined in your "
             f"kernel**, not in the sandbox it first ran in: it can read and change whatever "
             f"this notebook can. Read it before you run that cell:\n\n{fence}python\n"
             f"{code}\n{fence}")
    prelude = ("import igraph as ig\ng = ig.Graph.from_networkx(G)\n"
               if re.search(r"\b(g|ig)\b", code) else "")
    body = (f"{UNCONFINED}import pandas as pd\nSCRATCH = '.'\n{prelude}{code}\n\n"
            "from igraph_agent.sandbox.worker import jsonable\n"
            f"result = {{\"result\": jsonable(result, {int(args.get('rows', 50))})}}")
    return Finding(id=fid, title=title, text=text, source=ref, numbers=numbers,
                   code=_cell(title, ref, body, numbers))


def _short_lit(value: Any) -> str:
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= 120 else text[:120] + "…"


# -- anything else ---------------------------------------------------------------------
def _scalars(data: dict, prefix: str = "") -> dict[str, Any]:
    out: dict[str, Any] = {}
    for k, v in data.items():
        if isinstance(v, bool) or v is None:
            continue
        if isinstance(v, int | float):
            out[prefix + k] = v
        elif isinstance(v, dict) and not prefix:
            out.update(_scalars(v, f"{k}."))
    return out


def _generic(ref: SourceRef, envelope: dict[str, Any], fid: str) -> Finding:
    data = envelope.get("data") or {}
    numbers = _scalars(data)
    rows = [{"measure": k, "value": v} for k, v in list(numbers.items())[:20]]
    return Finding(id=fid, title=ref.tool.replace("_", " ").capitalize(),
                   text=str(envelope.get("summary") or ""), source=ref, table=rows,
                   numbers=numbers,
                   not_reproducible=f"no recompute recipe for {ref.tool} yet; the numbers are "
                   "as the tool measured them")
