"""Graph -> learning inputs: node order, feature matrix, edges, labels, a seeded split.

Features are the numeric node attributes (missing values take the column mean) combined
with structural features — degree, clustering coefficient and pagerank — unless those are
turned off (``structural=False``). Columns are standardised; the mean and scale are kept so inference on the
same revision computes exactly the same inputs.

Example::

    >>> from igraph_agent.data.sbm import labelled_sbm
    >>> g = labelled_sbm()
    >>> nodes = [str(n) for n in g.nodes()]
    >>> spec = feature_spec(g, target="faction")        # which attributes become features
    >>> spec
    {'attributes': ['f0', 'f1', 'f2', 'f3'], 'structural': True}
    >>> x, names, norm = feature_matrix(g, nodes, spec)
    >>> x.shape, names[3:]
    ((300, 7), ['f3', 'structural:degree', 'structural:clustering', 'structural:pagerank'])
    >>> labels, classes = labels_of(g, nodes, "faction")
    >>> classes
    ['north', 'south', 'west']
    >>> split = stratified_split(labels, (0.6, 0.2, 0.2), seed=0)
    >>> sum(len(part) for part in split.values()) == len(labels)
    True
"""

from __future__ import annotations

import random
from typing import Any

import networkx as nx
import numpy as np

from igraph_agent.errors import ErrorCode, ToolError

MIN_LABELLED = 10


def is_number(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool) and value == value


def numeric_attributes(g: nx.Graph, exclude: set[str]) -> list[str]:
    """Node attributes whose every present value is a number (bools count), sorted."""
    seen: dict[str, bool] = {}
    for _, d in g.nodes(data=True):
        for k, v in d.items():
            if k in exclude:
                continue
            ok = is_number(v) or isinstance(v, bool)
            seen[k] = seen.get(k, True) and ok
    return sorted(k for k, ok in seen.items() if ok)


def feature_spec(g: nx.Graph, target: str | None, features: list[str] | None = None,
                 structural: bool | None = None) -> dict[str, Any]:
    """``{"attributes": [...], "structural": bool}``; INVALID_ARGUMENTS for unusable names."""
    exclude = {target} if target else set()
    usable = numeric_attributes(g, exclude)
    if features is not None:
        bad = [f for f in features if f not in usable]
        if bad:
            raise ToolError(ErrorCode.INVALID_ARGUMENTS,
                            f"feature attribute(s) {', '.join(map(repr, bad))} are not numeric "
                            "node attributes of the loaded graph",
                            hint=f"numeric node attributes: {', '.join(usable) or 'none'}; omit "
                                 "features to use them all (or structural features)")
        attrs = list(features)
    else:
        attrs = usable
    use_structural = True if structural is None else structural  # with the attributes
    if not attrs and not use_structural:
        raise ToolError(ErrorCode.INVALID_ARGUMENTS, "no features: the graph has no numeric "
                        "node attributes and structural features are off",
                        hint="set structural=true")
    return {"attributes": attrs, "structural": use_structural}


def feature_matrix(g: nx.Graph, nodes: list[str], spec: dict[str, Any],
                   norm: dict[str, list[float]] | None = None
                   ) -> tuple[np.ndarray, list[str], dict[str, list[float]]]:
    """The standardised feature matrix, its column names and the normalisation used."""
    cols: list[np.ndarray] = []
    names: list[str] = []
    for a in spec["attributes"]:
        raw = [g.nodes[n].get(a) for n in nodes]
        vals = np.array([float(v) if is_number(v) or isinstance(v, bool) else np.nan for v in raw])
        fill = np.nanmean(vals) if np.isfinite(vals).any() else 0.0
        cols.append(np.where(np.isnan(vals), fill, vals))
        names.append(a)
    if spec["structural"]:
        und = g.to_undirected(as_view=True) if g.is_directed() else g
        deg = dict(und.degree())
        clust = nx.clustering(und)
        pr = nx.pagerank(g, max_iter=200, tol=1e-8)
        for name, values in (("degree", deg), ("clustering", clust), ("pagerank", pr)):
            cols.append(np.array([float(values[n]) for n in nodes]))
            names.append(f"structural:{name}")
    x = np.stack(cols, axis=1) if cols else np.zeros((len(nodes), 0))
    if norm is None:
        mean = x.mean(axis=0)
        scale = x.std(axis=0)
        scale[scale == 0] = 1.0
        norm = {"mean": mean.tolist(), "scale": scale.tolist()}
    x = (x - np.array(norm["mean"])) / np.array(norm["scale"])
    return x.astype(np.float32), names, norm


def labels_of(g: nx.Graph, nodes: list[str], target: str) -> tuple[dict[int, int], list[str]]:
    """``({node index: class index}, classes)`` for nodes that have the target attribute.

    INVALID_ARGUMENTS (with a hint) when the attribute is missing, has one class, or fewer
    than ``MIN_LABELLED`` nodes carry it.
    """
    present = {i: g.nodes[n][target] for i, n in enumerate(nodes)
               if target in g.nodes[n] and g.nodes[n][target] is not None
               and g.nodes[n][target] == g.nodes[n][target]}
    attrs = sorted({k for _, d in g.nodes(data=True) for k in d})
    if not present:
        raise ToolError(ErrorCode.INVALID_ARGUMENTS,
                        f"no node has the attribute {target!r}: there are no labels to learn",
                        hint=f"node attributes of the loaded graph: {', '.join(attrs) or 'none'}")
    if len(present) < MIN_LABELLED:
        raise ToolError(ErrorCode.INVALID_ARGUMENTS,
                        f"only {len(present)} node(s) have {target!r}; at least {MIN_LABELLED} "
                        "labelled nodes are needed to train and evaluate",
                        hint="label more nodes, or pick an attribute that more nodes have",
                        details={"labelled": len(present), "minimum": MIN_LABELLED})
    classes = sorted({str(v) for v in present.values()})
    if len(classes) < 2:
        raise ToolError(ErrorCode.INVALID_ARGUMENTS,
                        f"every labelled node has {target}={classes[0]!r}: one class only",
                        hint="predict an attribute with at least two different values")
    index = {c: k for k, c in enumerate(classes)}
    return {i: index[str(v)] for i, v in present.items()}, classes


def stratified_split(labels: dict[int, int], fractions: tuple[float, float, float],
                     seed: int) -> dict[str, list[int]]:
    """Seeded train/val/test node indexes, each class split by the fractions.

    Every class puts at least one node in train; INVALID_ARGUMENTS when val or test
    would be empty.
    """
    rng = random.Random(seed)
    by_class: dict[int, list[int]] = {}
    for i, c in sorted(labels.items()):
        by_class.setdefault(c, []).append(i)
    split: dict[str, list[int]] = {"train": [], "val": [], "test": []}
    for c in sorted(by_class):
        members = by_class[c]
        rng.shuffle(members)
        n = len(members)
        n_val = round(n * fractions[1])
        n_test = round(n * fractions[2])
        n_train = max(1, n - n_val - n_test)
        n_val = min(n_val, n - n_train)
        split["train"] += members[:n_train]
        split["val"] += members[n_train:n_train + n_val]
        split["test"] += members[n_train + n_val:]
    if not split["val"] or not split["test"]:
        raise ToolError(ErrorCode.INVALID_ARGUMENTS,
                        f"the split {fractions} of {len(labels)} labelled nodes leaves "
                        f"{len(split['val'])} for validation and {len(split['test'])} for test",
                        hint="label more nodes or raise val/test fractions")
    return {k: sorted(v) for k, v in split.items()}


def edge_index_of(g: nx.Graph, nodes: list[str]) -> np.ndarray:
    """(2, m) int64 edges in node-index space; both directions for an undirected graph."""
    pos = {n: i for i, n in enumerate(nodes)}
    pairs = [(pos[u], pos[v]) for u, v in g.edges() if u != v]
    if not g.is_directed():
        pairs += [(b, a) for a, b in pairs]
    if not pairs:
        return np.zeros((2, 0), dtype=np.int64)
    return np.array(pairs, dtype=np.int64).T
