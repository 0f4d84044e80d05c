"""Building the graphs a question set names (each once per process: questions share it)."""

from __future__ import annotations

import random
from pathlib import Path

import networkx as nx

from igraph_agent.errors import AgentError, ErrorCode
from igraph_agent.eval.questions import GraphSpec

_cache: dict[str, nx.Graph] = {}


def build(spec: GraphSpec, base: Path) -> nx.Graph:
    """The graph ``spec`` describes (cached by its description; do not mutate it)."""
    key = spec.model_dump_json() + str(base)
    if key not in _cache:
        try:
            _cache[key] = _finish(_source(spec, base), spec)
        except AgentError:
            raise
        except Exception as exc:  # a generator's own error, a missing file, a bad expr
            raise AgentError(ErrorCode.EVAL_INVALID, f"graph {spec.model_dump(exclude_defaults=True)} "
                             f"could not be built: {type(exc).__name__}: {exc}",
                             hint="check the generator name and its arguments") from None
    return _cache[key]


def _source(spec: GraphSpec, base: Path) -> nx.Graph:
    if spec.networkx:
        fn = nx
        for part in spec.networkx.split("."):
            fn = getattr(fn, part)
        return fn(**spec.args)
    if spec.expr:
        return eval(spec.expr, {"nx": nx, "random": random})
    path = (base / spec.file) if spec.file else Path(__file__).parents[1] / "data" / str(spec.dataset)
    return _edge_list(path)


def _edge_list(path: Path) -> nx.Graph:
    import pandas as pd

    df = pd.read_csv(path, sep=None, engine="python")
    cols = list(df.columns)
    attr = ["weight"] if "weight" in cols else None
    return nx.from_pandas_edgelist(df, cols[0], cols[1], edge_attr=attr)


def attachments(spec: GraphSpec, g: nx.Graph) -> list:
    """What the runner attaches for ``g``: the graph itself, or (with ``spec.table``) its
    edge table under the spec's column names and its node table when nodes have
    attributes or some node is in no edge -- so the runtime infers direction and weight
    roles from the names, and loads every node the oracle counts."""
    if spec.table is None:
        return [g]
    import pandas as pd

    t = spec.table
    rows = [{t.source: str(u), t.target: str(v), **d} for u, v, d in _oriented(g)]
    edges = pd.DataFrame(rows, columns=list(dict.fromkeys(
        [t.source, t.target, *(k for r in rows for k in r)])))
    attrs = sorted({k for _, d in g.nodes(data=True) for k in d})
    if not attrs and all(g.degree(n) for n in g):  # a node in no edge needs the node table
        return [edges]
    nodes = pd.DataFrame([{"id": str(n), **d} for n, d in g.nodes(data=True)],
                         columns=["id", *attrs])
    return [edges, nodes]


def _oriented(g: nx.Graph) -> list[tuple]:
    """``g``'s edges as table rows. An undirected graph keeps no edge's orientation, so a
    two-mode graph (``researcher,grant``) could put a grant in the researcher column; when
    its plain order mixes the sides, each edge is written from the side of its component's
    first node (the spec adds edges source first), so each column holds one side.

        >>> g = nx.Graph([("ana", "P1"), ("P1", "bo")])
        >>> [(u, v) for u, v, _ in _oriented(g)]
        [('ana', 'P1'), ('bo', 'P1')]
    """
    edges = list(g.edges(data=True))
    if g.is_directed() or not edges or not nx.is_bipartite(g):
        return edges
    if not {u for u, _, _ in edges} & {v for _, v, _ in edges}:
        return edges
    source_side: set = set()
    for comp in nx.connected_components(g):
        first = next(n for n in g if n in comp)
        colour = nx.bipartite.color(g.subgraph(comp))
        source_side |= {n for n in comp if colour[n] == colour[first]}
    return [(u, v, d) if u in source_side else (v, u, d) for u, v, d in edges]


def _finish(g: nx.Graph, spec: GraphSpec) -> nx.Graph:
    if spec.relabel:
        g = nx.relabel_nodes(g, {n: spec.relabel.format(n) for n in g})
    if spec.weights:
        rng = random.Random(spec.weights.get("seed", 0))
        lo, hi = spec.weights.get("low", 1), spec.weights.get("high", 9)
        for u, v in sorted(g.edges(), key=str):
            g[u][v]["weight"] = rng.randint(lo, hi)
    if spec.table is not None and spec.table.weight:
        for _, _, d in g.edges(data=True):
            if "weight" in d:
                d[spec.table.weight] = d.pop("weight")
    return g
