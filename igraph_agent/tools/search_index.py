"""Search indexes of a loaded revision, built once per revision from its stored tables, so
that ``search_node`` and ``search_edge`` answer in well under a second at 1M edges.

- **Nodes**: every node text (id, label, text attributes) already lower-cased and stripped
  as rapidfuzz's ``default_process`` does it, so a query scores them all without
  processing them again; degrees come from the stored int32 edge codes (``np.bincount``).
  The scores are exactly those of scoring the texts one by one.
- **Edges** (graphs of ``INDEX_MIN_EDGES`` edges or more): the endpoint names of an edge
  are scored only for the edges touching a *candidate* node — per word of the query, the
  node whose id it is and the nodes whose name contains it (a vectorised substring
  lookup; the ``CANDIDATES_PER_WORD`` best-scoring of them when there are more); for a
  word no name contains, the nodes whose names score at least ``min_score`` against it —
  and each text attribute is scored once per distinct value. Below that size every edge is scored (``tools/search.py``). The edges found rank
  and score as when every edge is scored; weak matches between two nodes neither of which
  resembles a word of the query are not all found, so ``total_matches`` is a lower bound
  (the result says so, ``index.total_is_at_least``).

Example::

    >>> import pandas as pd
    >>> nodes = pd.DataFrame({"id": ["a", "b"], "label": ["Ann", "Bo"]})
    >>> idx = NodeIndex.of_table(nodes, [])
    >>> idx.texts
    ['a', 'ann', 'b', 'bo']
    >>> idx.best("ann", 60, limit=1)
    ([{'node': 'a', 'score': 100.0, 'matched_field': 'label', 'matched_value': 'Ann'}], 1)
"""

from __future__ import annotations

import threading
import weakref
from typing import Any

import networkx as nx
import numpy as np
import pandas as pd

from igraph_agent.graph.lazy import lazy_nodes, stored_ids, stored_tables
from igraph_agent.graph.summary import edge_count, view_codes
from igraph_agent.tools.tables import (
    NodeTexts,
    column_values,
    node_names,
    node_table,
    node_texts,
)

INDEX_MIN_EDGES = 50_000
CANDIDATES_PER_WORD = 2_000

_NODES: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()
_EDGES: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()
_DEGREES: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()  # (degrees, ids) per graph
_BUILDING = threading.Lock()  # one node index built at a time, each once


def _process(texts: list[str]) -> list[str]:
    from rapidfuzz import utils

    return [utils.default_process(t) for t in texts]


class NodeIndex:
    """Every node text of a graph (``tables.NodeTexts``), processed once."""

    def __init__(self, found: NodeTexts) -> None:
        self.ids, self.node_at, self.columns, self.column_at, self.raw = found
        self.texts = _process(self.raw)

    @classmethod
    def of_table(cls, nodes: pd.DataFrame, fields: list[str]) -> NodeIndex:
        """A revision's node table's texts (ids as strings, in stored order)."""
        return cls(node_texts(nodes, fields))

    @classmethod
    def of_graph(cls, g: nx.Graph, fields: list[str]) -> NodeIndex:
        """A networkx graph's node texts: per node its id, then its text attributes."""
        wanted = set(fields)
        ids = list(g.nodes)
        columns: dict[str, int] = {"id": 0}
        node_at: list[int] = []
        column_at: list[int] = []
        raw: list[str] = []
        for i, (node, d) in enumerate(g.nodes(data=True)):
            node_at.append(i)
            column_at.append(0)
            raw.append(str(node))
            for k, val in d.items():
                if isinstance(val, str) and (k == "label" or not wanted or k in wanted):
                    node_at.append(i)
                    column_at.append(columns.setdefault(k, len(columns)))
                    raw.append(val)
        return cls(NodeTexts(ids, np.asarray(node_at, dtype=np.int64), list(columns),
                             np.asarray(column_at, dtype=np.int64), raw))

    def best(self, query: str, min_score: float, limit: int,
             exact: Any = None) -> tuple[list[dict[str, Any]], int]:
        """The ``limit`` best nodes for ``query`` and how many nodes score ``min_score`` or
        more (fuzzy ``WRatio`` on processed texts, rounded to 0.1). A node counts once, by
        its best text (the highest score; of equal ones the first: id, label, then other
        attributes); ``exact``, a node whose id is the query, scores 100 on its id. Ranked
        by score, then an id match first, then node id as text.

        Every text is scored in one vectorised pass and the ranking is sorted in numpy, so a
        query that resembles 100k ids costs about what scoring them costs.
        """
        from rapidfuzz import fuzz, process, utils

        scores = process.cdist([utils.default_process(query)], self.texts, scorer=fuzz.WRatio,
                               processor=None, score_cutoff=min_score, dtype=np.float64)[0]
        hit = np.flatnonzero(scores >= min_score)
        hit = hit[np.lexsort((hit, -scores[hit], self.node_at[hit]))]  # per node, best first
        nodes = self.node_at[hit]
        texts = hit[np.r_[True, nodes[1:] != nodes[:-1]]] if len(hit) else hit
        nodes = self.node_at[texts]
        uniq, where = np.unique(scores[texts], return_inverse=True)
        rounded = np.asarray([round(float(u), 1) for u in uniq], dtype=np.float64)[where]
        if exact is not None:
            at = self._position(exact, texts[rounded >= 100])
            keep = nodes != at
            texts = np.append(texts[keep], -1)  # -1: the query itself, as the node's id
            nodes, rounded = np.append(nodes[keep], at), np.append(rounded[keep], 100.0)
        total = len(nodes)
        if total > limit:  # the limit-th best score and every node tied with it
            floor = -np.partition(-rounded, limit - 1)[limit - 1]
            pick = np.flatnonzero(rounded >= floor)
        else:
            pick = np.arange(total)
        column = np.where(texts >= 0, self.column_at[np.maximum(texts, 0)], 0) if total else texts
        named = np.asarray([str(self.ids[n]) for n in nodes[pick].tolist()], dtype=str)
        ranked = pick[np.lexsort((named, column[pick] != 0, -rounded[pick]))[:limit]].tolist()
        shown = [{"node": self.ids[nodes[k]], "score": float(rounded[k]),
                  "matched_field": self.columns[column[k]],
                  "matched_value": self.raw[texts[k]] if texts[k] >= 0 else exact}
                 for k in ranked]
        return shown, total

    def _position(self, exact: Any, texts: np.ndarray) -> int:
        """The position of the node whose id is ``exact``: among the found texts when its id
        was found, else by a scan of the ids (an id that processes to nothing)."""
        for t in texts.tolist():
            if self.column_at[t] == 0 and self.raw[t] == str(exact) \
                    and self.ids[self.node_at[t]] == exact:
                return int(self.node_at[t])
        return self.ids.index(exact)


def node_index(g: nx.Graph, fields: list[str]) -> NodeIndex | None:
    """The revision's node index for ``fields`` (built on first use), or None when ``g`` is
    not a revision read from its stored tables."""
    nodes = node_table(g)
    if nodes is None:
        return None
    key = tuple(sorted(fields))
    with _BUILDING:  # calls of one turn run concurrently: the second waits for the first's index
        per_fields = _NODES.setdefault(g, {})
        if key not in per_fields:
            per_fields[key] = NodeIndex.of_table(nodes, fields)
        return per_fields[key]


def has_node_index(g: nx.Graph, fields: list[str]) -> bool:
    """Whether this process has built the revision's node index for ``fields``."""
    return tuple(sorted(fields)) in _NODES.get(g, {})


def stored_degrees(g: nx.Graph, wanted: list[str]) -> dict[str, int] | None:
    """Degrees (in + out, a self-loop twice) of ``wanted`` from the stored edge codes, or
    None when the revision has none."""
    with _BUILDING:  # counted (and the ids hashed) once, by the first of concurrent calls
        found = _DEGREES.get(g)
        if found is None:
            found = _count_degrees(g)
        if found is None:
            return None
        deg, ids = found
        where = ids.get_indexer(wanted)
    return {w: int(deg[i]) if i >= 0 else 0 for w, i in zip(wanted, where, strict=True)}


def _count_degrees(g: nx.Graph) -> tuple[np.ndarray, pd.Index] | None:
    """``(degrees, ids)`` of a revision's nodes from its stored codes, kept for the next call."""
    codes, nodes = view_codes(g), node_table(g)
    if codes is None or nodes is None:
        return None
    n = len(nodes)
    ids = stored_ids(g)
    found = _DEGREES[g] = (
        np.bincount(codes[:, 0], minlength=n) + np.bincount(codes[:, 1], minlength=n),
        ids if ids is not None and len(ids) == n else pd.Index(nodes["id"].astype(str)))
    return found


class EdgeIndex:
    """Endpoint names and distinct attribute values of a revision's edges."""

    def __init__(self, g: nx.Graph, nodes: pd.DataFrame, edges: pd.DataFrame,
                 codes: np.ndarray) -> None:
        import pyarrow as pa

        self.ids = nodes["id"].astype(str).tolist()
        stored = stored_ids(g)  # the Index that answers `node in g`: its hash table is shared
        self.id_index = stored if stored is not None and len(stored) == len(self.ids) \
            else pd.Index(self.ids)
        named = node_names(nodes)
        self.names = [named.get(i, i) for i in self.ids] if named else self.ids
        self.proc_names = _process(self.names)
        self.names_arrow = pa.array(self.proc_names, type=pa.string())  # substring lookups
        src, dst = codes[:, 0].astype(np.int64), codes[:, 1].astype(np.int64)
        if not g.is_directed():  # networkx reports an edge from the endpoint it meets first
            src, dst = np.minimum(src, dst), np.maximum(src, dst)
        self.u, self.v = src, dst
        self.edges = edges
        self.columns: list[tuple[str, np.ndarray, list[str], list[str]]] = []
        for col in (c for c in edges.columns if c not in ("source", "target")):
            is_text = _texts_in(edges[col])
            if is_text is None or not is_text.any():
                continue
            value_codes, uniques = pd.factorize(edges[col].where(is_text))
            uniq = [str(x) for x in uniques]
            self.columns.append((col, value_codes.astype(np.int64), uniq, _process(uniq)))

    def incident(self, nodes: np.ndarray) -> np.ndarray:
        """The ids of the edges touching any of ``nodes``, ascending."""
        touched = np.zeros(len(self.ids), dtype=bool)
        touched[nodes] = True
        return np.flatnonzero(touched[self.u] | touched[self.v])

    def candidates(self, query: str, min_score: float) -> np.ndarray:
        """Per word of the query: the node whose id it is, and the nodes whose processed
        name contains it (the ``CANDIDATES_PER_WORD`` of them whose names score best
        against it when there are more); when no name contains it, the nodes whose names
        score at least ``min_score`` against it."""
        import pyarrow.compute as pc
        from rapidfuzz import fuzz, process, utils

        found: list[np.ndarray] = []
        for raw in dict.fromkeys(query.split()):
            at = int(self.id_index.get_indexer([raw])[0])
            word = utils.default_process(raw)
            if at >= 0:
                found.append(np.asarray([at], dtype=np.int64))
            if not word:
                continue
            within = np.flatnonzero(pc.match_substring(self.names_arrow, word)
                                    .to_numpy(zero_copy_only=False))
            pool = within if len(within) else None
            if pool is not None and len(pool) <= CANDIDATES_PER_WORD:
                found.append(pool)
                continue
            texts = self.proc_names if pool is None else [self.proc_names[i] for i in pool]
            best = process.extract(word, texts, scorer=fuzz.WRatio, processor=None,
                                   score_cutoff=min_score if pool is None else 0,
                                   limit=CANDIDATES_PER_WORD)
            picked = np.asarray([i for _, _, i in best], dtype=np.int64)
            found.append(picked if pool is None else pool[picked])
        return np.unique(np.concatenate(found)) if found else np.empty(0, np.int64)

    def search(self, query: str, min_score: float) -> tuple[np.ndarray, np.ndarray, int]:
        """``(edge ids ranked, their scores, candidate nodes)`` of every edge found."""
        from rapidfuzz import fuzz, process, utils

        m = len(self.u)
        best = np.full(m, -1.0)
        cand_nodes = self.candidates(query, min_score)
        cand = self.incident(cand_nodes)
        if len(cand):
            forward = [f"{self.names[a]} {self.names[b]}"
                       for a, b in zip(self.u[cand].tolist(), self.v[cand].tolist(),
                                       strict=True)]
            backward = [f"{self.names[b]} {self.names[a]}"
                        for a, b in zip(self.u[cand].tolist(), self.v[cand].tolist(),
                                        strict=True)]
            q = utils.default_process(query)
            for texts in (forward, backward):
                scores = process.cdist([q], _process(texts), scorer=fuzz.WRatio,
                                       processor=None, dtype=np.float32)[0]
                best[cand] = np.maximum(best[cand], scores)
        for _, value_codes, _, proc in self.columns:
            value_score = np.full(len(proc) + 1, -1.0)  # the last slot: not a text (-1 code)
            for _, score, i in process.extract(utils.default_process(query), proc,
                                               scorer=fuzz.WRatio, processor=None,
                                               score_cutoff=min_score, limit=None):
                value_score[i] = score
            best = np.maximum(best, value_score[value_codes])
        hit = np.flatnonzero(best >= min_score)
        ends, where = np.unique(np.concatenate([self.u[hit], self.v[hit]]), return_inverse=True)
        rank = np.empty(len(ends), dtype=np.int64)  # the found edges' endpoints in id order
        rank[np.argsort(np.asarray([self.ids[e] for e in ends.tolist()], dtype=str),
                        kind="stable")] = np.arange(len(ends))
        ranked = hit[np.lexsort((rank[where[len(hit):]], rank[where[:len(hit)]],
                                 -np.round(best[hit], 1)))]
        return ranked, best[ranked], len(cand_nodes)

    def describe(self, e: int, query: str) -> dict[str, Any]:
        """One found edge as ``search_edge`` lists it: the first of its texts with the best
        score (names either way round, then text attributes in column order)."""
        from rapidfuzz import fuzz, utils

        a, b = self.names[self.u[e]], self.names[self.v[e]]
        texts = [("endpoints", f"{a} {b}"), ("endpoints", f"{b} {a}")]
        texts += [(col, uniq[codes[e]]) for col, codes, uniq, _ in self.columns
                  if codes[e] >= 0]
        q = utils.default_process(query)
        scored = [(round(float(fuzz.WRatio(q, utils.default_process(t), processor=None)), 1),
                   -k, field, t) for k, (field, t) in enumerate(texts)]
        score, _, field, value = max(scored)
        row = {c: v for c in self.edges.columns if c not in ("source", "target")
               for v in [column_values(self.edges.iloc[[e]], c)[0]] if v is not None}
        return {"source": self.ids[self.u[e]], "target": self.ids[self.v[e]], "score": score,
                "matched_field": field, "matched_value": value, "row": row}


def _texts_in(values: pd.Series) -> np.ndarray | None:
    """Which values of an edge column are texts, or None for a column that holds none."""
    import pyarrow as pa

    dtype = values.dtype
    if isinstance(dtype, pd.ArrowDtype):
        if not (pa.types.is_string(dtype.pyarrow_dtype)
                or pa.types.is_large_string(dtype.pyarrow_dtype)):
            return None
        return values.notna().to_numpy(bool)
    if isinstance(dtype, pd.StringDtype):
        return values.notna().to_numpy(bool)
    if not pd.api.types.is_object_dtype(dtype):
        return None
    return values.map(lambda x: isinstance(x, str)).to_numpy(bool)


def indexed_edges(g: nx.Graph) -> tuple[int, int] | None:
    """``(edges, text columns)`` of the table :func:`edge_index` would index for ``g``
    (nothing is built), or None when ``search_edge`` would walk the graph instead."""
    held = stored_tables(g)
    if held is None:
        return None
    m = len(held.coded[0]) if held.coded is not None else len(held.rest)
    if m != edge_count(g) or m < INDEX_MIN_EDGES:
        return None
    rest = held.rest
    texts = sum(1 for c in rest.columns if c not in ("source", "target")
                and not pd.api.types.is_numeric_dtype(rest[c]))
    return m, texts


def has_edge_index(g: nx.Graph) -> bool:
    """Whether this process has built the revision's edge index."""
    return _EDGES.get(g) is not None


def edge_index(g: nx.Graph) -> EdgeIndex | None:
    """The revision's edge index (built on first use), or None below ``INDEX_MIN_EDGES``
    edges or when ``g`` is not a revision read from distinct stored edges. It reads the
    edge table as held: a revision holding its edges' codes instead of their endpoint texts
    is indexed without making the texts (the index names endpoints from the codes)."""
    index = _EDGES.get(g)
    if index is not None and lazy_nodes(g) is not None:  # built, and g still its tables
        return index
    held = stored_tables(g)
    if held is None or indexed_edges(g) is None:  # repeated stored edges: networkx merges
        return None
    index = _EDGES.get(g)
    if index is None:
        codes = view_codes(g)
        if codes is None:
            return None
        index = _EDGES[g] = EdgeIndex(g, held.nodes, held.rest, codes)
    return index
