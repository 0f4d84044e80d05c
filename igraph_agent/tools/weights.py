"""The weight a tool uses, in the sense its algorithm needs (graph/semantics.py).

Weight-using tools take ``weight``: an edge attribute name, or null / ``"none"`` for
unweighted; omitted, the graph's default weight. Path-like measures (shortest paths,
closeness, betweenness, eccentricity, diameter) need distances; PageRank, eigenvector,
strength and communities need strengths. A column whose role is the other sense is
inverted (``1/x``) and the result says so in ``weight_used``.

Example::

    >>> from igraph_agent.graph.semantics import weight_use
    >>> roads = {"weights": {"km": "distance"}, "default_weight": "km"}
    >>> weight_use(roads, None, False, "strength")["note"]     # PageRank on a road graph
    'km is a distance; used as 1/km for this strength-based measure'
    >>> nx_weight(weight_use(roads, None, False, "strength"))(0, 1, {"km": 4.0})
    0.25
"""

from __future__ import annotations

import weakref
from typing import Any

import networkx as nx
from pydantic import BaseModel, Field, model_validator

from igraph_agent.errors import ErrorCode, ToolError
from igraph_agent.graph.semantics import Sense, meaning, table_facts, weight_use
from igraph_agent.graph.summary import graph_summary

_MEANINGS: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()

WEIGHT_DESCRIPTION = "edge attribute; null: unweighted"


class WeightArgs(BaseModel):
    """Base of a weight-using tool's arguments: ``weight``, the one way to say which weight
    (a ``weighted`` boolean is refused, naming it, rather than silently ignored)."""

    weight: str | None = Field(default=None, description=WEIGHT_DESCRIPTION)

    @model_validator(mode="before")
    @classmethod
    def _no_weighted_flag(cls, data: Any) -> Any:
        if isinstance(data, dict) and "weighted" in data:
            raise ValueError("'weighted' is not an argument: name the edge attribute with "
                             "weight=<attribute>, or weight=null for unweighted; omitted, the "
                             "graph's default weight applies")
        return data


def graph_meaning(ctx: Any) -> dict[str, Any]:
    """The loaded graph's meaning: its tables' facts and the construction's choices."""
    g = ctx.session.require()
    key = (ctx.session.dataset_id, ctx.session.revision)
    cached = _MEANINGS.get(g)
    if cached is not None and cached[0] == key:
        return cached[1]
    summary = graph_summary(g)
    facts = summary.get("facts")
    if facts is None:
        from igraph_agent.graph.datasets import graph_tables

        facts = table_facts(*graph_tables(g))
    choices: dict = {}
    if ctx.session.dataset_id:
        try:
            from igraph_agent.graph.workspace import revision_choices

            meta = ctx.workspace.dataset(ctx.session.dataset_id)["meta"] or {}
            choices = revision_choices(meta, ctx.session.revision)
        except Exception:  # a graph without a stored dataset has no recorded choices
            choices = {}
    m = meaning(facts, g.is_directed(), choices)
    try:
        _MEANINGS[g] = (key, m)
    except TypeError:
        pass
    return m


def weight_for(ctx: Any, args: BaseModel, sense: Sense) -> dict[str, Any]:
    """How this call weighs edges (see :func:`graph.semantics.weight_use`); an attribute the
    graph's edges lack is INVALID_ARGUMENTS naming the ones it has."""
    requested = getattr(args, "weight", None)
    explicit = "weight" in args.model_fields_set
    m = graph_meaning(ctx)
    use = weight_use(m, requested, explicit, sense)
    attr = use["attribute"]
    means = getattr(args, "weight_means", None)
    if attr is not None and means is not None:  # the caller's reading wins over the name's
        use.update(role=means, inverted=means != sense,
                   note=f"{attr} read as a {means} (asked)" + (
                       f"; used as 1/{attr} for this {sense}-based measure"
                       if means != sense else ""))
    if attr is not None and attr not in (m.get("weights") or {}):
        known = ", ".join(m.get("weights") or {}) or "none"
        raise ToolError(ErrorCode.INVALID_ARGUMENTS,
                        f"the graph's edges have no numeric attribute {attr!r}",
                        hint=f"numeric edge attributes: {known}; or weight=null for unweighted",
                        details={"weight": attr, "numeric_edge_attributes": list(m.get("weights") or {})})
    return use


def nx_weight(use: dict[str, Any]):
    """The networkx ``weight=`` argument: the attribute name, or a function giving 1/x."""
    attr = use["attribute"]
    if attr is None:
        return None
    if not use["inverted"]:
        return lambda u, v, d: float(d.get(attr, 1.0))
    return lambda u, v, d: _inverse(d.get(attr, 1.0))


def nx_graph_weight(g: nx.Graph, use: dict[str, Any]) -> tuple[nx.Graph, str | None]:
    """(graph, attribute name) for networkx algorithms that take only a name (PageRank,
    eigenvector, Louvain): an inverted weight is written to a copy as ``__w``."""
    attr = use["attribute"]
    if attr is None:
        return g, None
    if not use["inverted"]:
        missing = any(attr not in d for _, _, d in g.edges(data=True))
        if not missing:
            return g, attr
    h = g.copy()
    for _, _, d in h.edges(data=True):
        x = d.get(attr, 1.0)
        d["__w"] = _inverse(x) if use["inverted"] else float(x)
    return h, "__w"


def ig_weights(h: Any, use: dict[str, Any]) -> list[float] | None:
    """The igraph edge weights of ``use`` on the igraph view ``h`` (1/x when inverted)."""
    attr = use["attribute"]
    if attr is None:
        return None
    if attr not in h.es.attributes():
        raise ToolError(ErrorCode.INVALID_ARGUMENTS, f"no numeric edge attribute {attr!r}")
    values = h.es[attr]
    return [_inverse(x) for x in values] if use["inverted"] else [float(x) for x in values]


def _inverse(x: Any) -> float:
    x = float(x)
    return 1.0 / x if x > 0 else float("inf")


def sense_text(use: dict[str, Any]) -> str:
    """A few words for a summary: ``weighted by km (distance)`` / ``unweighted``."""
    if use["attribute"] is None:
        return "unweighted"
    inv = f"1/{use['attribute']}" if use["inverted"] else use["attribute"]
    return f"weighted by {inv} as {use['sense']}"
