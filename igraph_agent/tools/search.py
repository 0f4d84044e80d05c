"""Search tools: find node and edge ids from names, labels or attribute values.

Matching is fuzzy (rapidfuzz ``WRatio`` on lower-cased text, 0-100); an exact id match
always scores 100 and ranks first. Dependent tools take the ids these tools return. A loaded
revision not built as networkx yet is searched through indexes of its stored tables, built
once per revision (``tools/search_index.py``).

Example::

    >>> registry.dispatch("search_node", {"query": "valjean"}, ctx).data["candidates"][0]["node"]
    'Valjean'
"""

from __future__ import annotations

from typing import Any

import networkx as nx
from pydantic import BaseModel, Field

from igraph_agent.graph.lazy import node_attributes, node_label
from igraph_agent.results.search import SearchEdgeResult, SearchNodeResult
from igraph_agent.tools.common import label
from igraph_agent.tools.registry import ToolContext, ToolOutput, tool
from igraph_agent.tools.search_index import NodeIndex, edge_index, node_index, stored_degrees
from igraph_agent.tools.tables import degrees_of, edge_rows, edge_tables, node_names


class SearchNodeArgs(BaseModel):
    query: str = Field(min_length=1, description="a name, label, id or attribute value to look for")
    fields: list[str] = Field(default_factory=list, description="node attributes to search "
                              "besides id and label (default: every text attribute)")
    limit: int = Field(default=5, ge=1, le=50, description="how many candidates to return")
    min_score: float = Field(default=60.0, ge=0, le=100, description="drop weaker matches")


@tool(result=SearchNodeResult, reads=("graph",))
def search_node(ctx: ToolContext, args: SearchNodeArgs) -> ToolOutput:
    """Find nodes whose id, label or text attributes match a query (fuzzy, scored 0-100).
    Returns ranked candidates with their ids; pass those ids to other tools.

    Example: search_node(query="alice") -> candidates [{"node": "c17", "label": "Alice", "score": 100}]
    """
    g = ctx.session.require()
    index = node_index(g, args.fields)  # a loaded revision not built yet: its tables' index
    exact = args.query.strip()
    shown, total = (index or NodeIndex.of_graph(g, args.fields)).best(
        args.query, args.min_score, args.limit, exact if exact in g else None)
    deg = None if index is None else stored_degrees(g, [c["node"] for c in shown])
    if deg is None:
        tables = edge_tables(g) if index is not None else None
        deg = degrees_of(tables[1], [c["node"] for c in shown]) if tables is not None else g.degree
    candidates = [{**c, **label(g, c["node"]), "degree": deg[c["node"]],
                   **_attributes(g, c["node"])} for c in shown]
    data = {"query": args.query, "candidates": candidates, "total_matches": total}
    if candidates:
        lead = ", ".join(f"{c['node']} ({c['score']:.0f})" for c in candidates[:3])
        summary = f"{total} node(s) match {args.query!r}; best: {lead}"
    else:
        summary = f"no node matches {args.query!r} (min_score {args.min_score:g})"
    return ToolOutput(data=data, summary=summary, revision=ctx.session.revision)


class SearchEdgeArgs(BaseModel):
    query: str = Field(min_length=1, description="text to match against edge attributes and "
                       "endpoint ids/labels, e.g. 'Alice Bob' or 'friend'")
    limit: int = Field(default=5, ge=1, le=50)
    min_score: float = Field(default=60.0, ge=0, le=100)


@tool(result=SearchEdgeResult, reads=("graph",))
def search_edge(ctx: ToolContext, args: SearchEdgeArgs) -> ToolOutput:
    """Find edges whose endpoints (ids or labels) or text attributes match a query (fuzzy,
    scored 0-100). Returns ranked edges with their endpoint ids and attributes.

    Example: search_edge(query="Valjean Javert") -> edges [{"source": "Valjean", "target": "Javert", ...}]
    """
    g = ctx.session.require()
    index = edge_index(g)  # a large revision not built yet: its tables' index
    if index is not None:
        return _indexed_edges(ctx, index, args)
    keys: list[tuple] = []
    texts: list[str] = []
    tables = edge_tables(g)  # a loaded revision not built yet: read its tables
    rows = g.edges(data=True) if tables is None else edge_rows(g, *tables)
    names = node_names(tables[0]) if tables is not None else None
    attrs: dict[tuple, dict] = {}
    for u, v, d in rows:
        if names is not None:
            attrs[(u, v)] = d
            a, b = names.get(u, u), names.get(v, v)
        else:
            a, b = _name(g, u), _name(g, v)
        keys += [(u, v, "endpoints"), (u, v, "endpoints")]
        texts += [f"{a} {b}", f"{b} {a}"]  # either order of the two names scores the same
        for k, val in d.items():
            if isinstance(val, str):
                keys.append((u, v, k))
                texts.append(val)
    hits = _rank(args.query, texts, keys, args.min_score)
    best: dict[tuple, dict] = {}
    for (u, v, field), value, score in hits:
        if (u, v) not in best or score > best[(u, v)]["score"]:
            best[(u, v)] = {"source": u, "target": v, "score": score, "matched_field": field,
                            "matched_value": value}
    ranked = sorted(best.values(), key=lambda c: (-c["score"], str(c["source"]), str(c["target"])))
    edges = [{**c, "attributes": _scalars(attrs[(c["source"], c["target"])] if tables is not None
                                          else g.edges[c["source"], c["target"]])}
             for c in ranked[: args.limit]]
    data = {"query": args.query, "edges": edges, "total_matches": len(ranked)}
    if edges:
        lead = ", ".join(f"{e['source']}-{e['target']} ({e['score']:.0f})" for e in edges[:3])
        summary = f"{len(ranked)} edge(s) match {args.query!r}; best: {lead}"
    else:
        summary = f"no edge matches {args.query!r} (min_score {args.min_score:g})"
    return ToolOutput(data=data, summary=summary, revision=ctx.session.revision)


def _indexed_edges(ctx: ToolContext, index: Any, args: SearchEdgeArgs) -> ToolOutput:
    ranked, _, candidates = index.search(args.query, args.min_score)
    edges = []
    for e in ranked[: args.limit].tolist():
        found = index.describe(e, args.query)
        edges.append({**{k: found[k] for k in ("source", "target", "score", "matched_field",
                                                 "matched_value")},
                      "attributes": _scalars(found["row"])})
    data = {"query": args.query, "edges": edges, "total_matches": len(ranked),
            "index": {"candidate_nodes": candidates, "total_is_at_least": True,
                      "scored": "endpoint names of edges touching a node that matches a word "
                                "of the query; every text attribute value"}}
    if edges:
        lead = ", ".join(f"{e['source']}-{e['target']} ({e['score']:.0f})" for e in edges[:3])
        summary = f"{len(ranked)} edge(s) match {args.query!r}; best: {lead}"
    else:
        summary = f"no edge matches {args.query!r} (min_score {args.min_score:g})"
    return ToolOutput(data=data, summary=summary, revision=ctx.session.revision)


def _rank(query: str, texts: list[str], keys: list[tuple], min_score: float) -> list[tuple]:
    """``[(key, text, score)]`` for every text scoring at least ``min_score``."""
    from rapidfuzz import fuzz, process, utils

    found = process.extract(query, texts, scorer=fuzz.WRatio, processor=utils.default_process,
                            score_cutoff=min_score, limit=None)
    return [(keys[i], text, round(float(score), 1)) for text, score, i in found]


def _name(g: nx.Graph, node: Any) -> str:
    lab = node_label(g, node)
    return f"{node} {lab}" if lab is not None and str(lab) != str(node) else str(node)


def _attributes(g: nx.Graph, node: Any) -> dict[str, Any]:
    """``{"attributes": ...}`` when the node has attributes of its own (a node table's
    columns: age, street), else ``{}``."""
    found = node_attributes(g, node)
    return {"attributes": found} if found else {}


def _scalars(d: dict) -> dict:
    return {k: v for k, v in list(d.items())[:10] if isinstance(v, str | int | float | bool)}
