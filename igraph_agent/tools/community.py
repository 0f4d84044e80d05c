"""Community tools: detect communities, and find the nodes that bridge them.

Small graphs go through networkx (Louvain, label propagation) and leidenalg (Leiden); large
ones through python-igraph directly (its Leiden reaches the best modularity at 1M edges in ~4 s;
docs/performance.md). Partitions of weakly structured graphs differ between
methods, so every result reports the method, the implementation, the seed and the
modularity. Directed graphs are partitioned as undirected. The latest partition is kept
on the session graph so ``bridge_nodes`` reuses it instead of recomputing, and stored beside
the revision (``graph/partitions.py``) so the kernel and every analysis worker share it.

Example::

    >>> found = registry.dispatch("community_detection", {"method": "leiden", "seed": 1}, ctx)
    >>> found.success, found.data["method"], found.data["seed"]
    (True, 'leiden', 1)
    >>> bridges = registry.dispatch("bridge_nodes", {"method": "leiden", "seed": 1, "top_k": 5}, ctx)
    >>> bridges.data["bridges"][0]["communities"] >= 2
    True
"""

from __future__ import annotations

import random
import threading
from typing import Annotated, Any, Literal

import networkx as nx
import numpy as np
from pydantic import Field

from igraph_agent.graph.partitions import load_partition, save_partition
from igraph_agent.graph.summary import edge_count
from igraph_agent.results.community import BridgeNodesResult, CommunityDetectionResult
from igraph_agent.tools.centrality import SENSE, centrality_scores
from igraph_agent.tools.common import (
    Backend,
    choose_backend,
    current_partition,
    label,
    owner,
    require_nodes,
)
from igraph_agent.tools.registry import ToolContext, ToolOutput, tool
from igraph_agent.tools.schema import INTERNAL
from igraph_agent.tools.weights import WeightArgs, sense_text, weight_for

# Leiden iterates until stable below this many edges, else stops after 2 passes.
LEIDEN_CONVERGE_LIMIT = 20_000
# Below this many edges Leiden and Louvain keep the best of RESTARTS seeded runs.
RESTART_LIMIT = 5_000
RESTARTS = 10
_PARTITION_LOCK = threading.Lock()

Method = Literal["auto", "leiden", "louvain", "label_propagation", "infomap", "greedy_modularity"]


class PartitionArgs(WeightArgs):
    method: Method = Field(default="auto", description="auto = leiden")
    seed: Annotated[int, INTERNAL] = Field(default=42, description="random seed: the same seed "
                                           "gives the same partition")
    resolution: float = Field(default=1.0, gt=0, description="higher gives more, smaller "
                              "communities (leiden, louvain)")
    backend: Backend = "auto"


class CommunityArgs(PartitionArgs):
    top_k: int = Field(default=10, ge=1, le=100, description="how many largest communities to list")
    members: int = Field(default=5, ge=0, le=50, description="sample members listed per community")
    nodes: list[str] = Field(default_factory=list, description="report these node ids' communities")
    statistics: bool = Field(default=False, description="also per listed community: internal "
                             "and cut edges, density, conductance, transitivity")


@tool(result=CommunityDetectionResult, reads=("graph",), splits_when=lambda a: a.statistics,
      cost=3)
def community_detection(ctx: ToolContext, args: CommunityArgs) -> ToolOutput:
    """Partition the graph into communities: the modularity, their number and sizes, the
    largest with sample members, and named nodes' communities. Community 0 is the largest.

    Example: community_detection(method="louvain", seed=7, nodes=["0"]) -> {"modularity": 0.4188, ...}
    """
    g = ctx.session.require()
    named = require_nodes(g, args.nodes)
    part = partition(ctx, args)
    membership, sizes = part["membership"], part["sizes"]
    groups: dict[int, list] = {}
    if args.members:
        for node, c in membership.items():
            if c < args.top_k and len(groups.setdefault(c, [])) < args.members:
                groups[c].append(node)
    largest = [{"community": c, "size": sizes[c], "sample_members": groups.get(c, [])}
               for c in range(min(args.top_k, len(sizes)))]
    split = None
    if args.statistics:
        stats, split = _community_statistics(ctx, membership, len(largest))
        for row, extra in zip(largest, stats, strict=True):
            row.update({k: v for k, v in extra.items() if k not in row})
    data = {
        **_describe(part),
        "weight_used": partition_weight(ctx, args),
        "communities": len(sizes),
        "nodes": g.number_of_nodes(),
        "sizes": {"largest": sizes[0] if sizes else 0, "smallest": sizes[-1] if sizes else 0,
                  "median": float(np.median(sizes)) if sizes else 0.0,
                  "singletons": sum(1 for s in sizes if s == 1)},
        "largest_communities": largest,
        "membership": [{"node": n, "community": membership[n], "community_size":
                        sizes[membership[n]], **label(g, n)} for n in named],
    }
    if split is not None:
        data["cluster"] = split
    return ToolOutput(
        data=data, revision=ctx.session.revision,
        summary=f"{len(sizes)} communities by {part['method']} (seed {args.seed}, "
                f"{part['backend']}, {sense_text(data['weight_used'])}), modularity {data['modularity']:.4f}; largest has "
                f"{data['sizes']['largest']} nodes" + (
                    f"; statistics on the Ray cluster in {split['parts']} parts" if split else ""))


def _community_statistics(ctx: ToolContext, membership: dict, listed: int
                          ) -> tuple[list[dict], dict | None]:
    """Statistics of communities 0..listed-1 (graph/measures.py), split across the Ray
    cluster when the graph splits (cluster/split.py); how it ran, or None when here."""
    from igraph_agent.cluster.split import split_address, split_community_stats, vertex_ids
    from igraph_agent.graph.measures import community_stats

    address = split_address(ctx.session)
    ids = vertex_ids(ctx.session) if address else ctx.session.igraph()[1]
    m = np.fromiter((membership[n] for n in ids), dtype=np.int64, count=len(ids))
    if address is None:
        return community_stats(ctx.session.igraph()[0], m, range(listed)), None
    stats, how = split_community_stats(ctx.session, address, m, range(listed))
    return stats, how.describe()


class BridgeArgs(PartitionArgs):
    top_k: int = Field(default=10, ge=1, le=200)
    min_communities: int = Field(default=2, ge=2, description="a bridge node has neighbours in "
                                 "at least this many communities")
    centrality: Literal["betweenness", "degree", "pagerank"] = Field(
        default="betweenness", description="centrality figure reported for each bridge node")
    attribute: str | None = Field(default=None, description="only list nodes whose attribute ...")
    value: str | None = Field(default=None, description="... has this value (case-insensitive "
                              "prefix)")


@tool(result=BridgeNodesResult, reads=("graph",), splits_when=lambda a: a.centrality == "betweenness",
      cost=3)
def bridge_nodes(ctx: ToolContext, args: BridgeArgs) -> ToolOutput:
    """Nodes whose neighbours span several communities: per node its neighbours'
    communities, participation coefficient, community, degree and a centrality
    (community_detection's partition for the same method/seed; weighted: by edge weight).
    Answers "which customers connect multiple communities".

    Example: bridge_nodes(top_k=3) -> {"bridges": [{"node": "0", "communities": 3, ...}], "total": 12}
    """
    g = ctx.session.require()
    part = partition(ctx, args)
    membership = part["membership"]
    h, ids = ctx.session.igraph()
    m = np.fromiter((membership[n] for n in ids), dtype=np.int64, count=len(ids))
    use = partition_weight(ctx, args)
    attr = use["attribute"]
    spans, participation = _neighbour_communities(
        h, m, attr if attr and attr in h.es.attributes() else None)
    keep = np.flatnonzero(spans >= args.min_communities)
    if args.attribute:
        want = (args.value or "").strip().lower().rstrip("s")
        keep = np.array([i for i in keep if str(g.nodes[ids[i]].get(args.attribute, ""))
                         .lower().startswith(want)], dtype=np.int64)
    order = sorted(keep.tolist(), key=lambda i: (-spans[i], -participation[i], str(ids[i])))
    cent_use = weight_for(ctx, args, SENSE[args.centrality]) if args.centrality != "degree" \
        else {"attribute": None, "inverted": False}
    cent = centrality_scores(ctx, args.centrality, use=cent_use, seed=args.seed,
                             backend=args.backend, top_k=args.top_k)
    scores = cent["scores"]
    listed = order[: args.top_k]
    bridges = [{"node": ids[i], **label(g, ids[i]), "communities": int(spans[i]),
                "participation": round(float(participation[i]), 4),
                "community": int(m[i]), "degree": int(h.degree(i)),
                "centrality": round(float(scores.get(ids[i], 0.0)), 6)} for i in listed]
    data = {
        **_describe(part),
        "communities": len(part["sizes"]),
        "min_communities": args.min_communities,
        "weight_used": use,
        "centrality": args.centrality, "centrality_backend": cent["backend"],
        "centrality_weight_used": cent_use,
        "centrality_approximate": cent["approximate"],
        "total": len(order),
        "bridges": bridges,
        "span_distribution": {str(c): int((spans[keep] == c).sum())
                              for c in sorted(set(spans[keep].tolist()))[:20]},
    }
    if cent.get("cluster"):
        data["centrality_cluster"] = cent["cluster"]  # betweenness split on the Ray cluster
    if args.attribute:
        data["filter"] = {"attribute": args.attribute, "value": args.value}
    lead = ", ".join(f"{b['node']} ({b['communities']} communities)" for b in bridges[:3])
    return ToolOutput(data=data, revision=ctx.session.revision,
                      summary=f"{len(order)} node(s) have neighbours in >= {args.min_communities} "
                              f"communities; top: {lead or 'none'}")


def partition(ctx: ToolContext, args: PartitionArgs) -> dict[str, Any]:
    """The session's partition for these settings: reused when cached (on the session, or
    stored beside the revision by any process), else computed and stored."""
    g = ctx.session.require()
    method = "leiden" if args.method == "auto" else args.method
    weight = partition_weight(ctx, args)["attribute"]
    backend = choose_backend(g, args.backend)
    if method == "infomap":
        backend = "igraph"  # networkx has no infomap; igraph has it built in
    key = [method, args.seed, args.resolution, weight or False, backend]
    session = ctx.session
    # One partition at a time: calls of one turn share the result instead of racing, and
    # seeding python-igraph's global RNG cannot interleave with another seeded run.
    with _PARTITION_LOCK:
        cached = current_partition(session, g)
        if cached and cached["key"] == key:
            return cached
        stored = _stored_revision(ctx)
        root = ctx.workspace.datasets_dir
        part = load_partition(root, session.dataset_id, session.revision, key) if stored else None
        if part is not None and len(part["membership"]) != g.number_of_nodes():
            part = None  # not this graph's partition after all: compute it
        if part is None:
            part = _compute(ctx, g, method, backend, key, args, weight)
            if stored:
                save_partition(root, session.dataset_id, session.revision, part)
        part["owner"] = owner(session, g)
        session.partition = part
        return part


def _stored_revision(ctx: ToolContext) -> bool:
    """Whether the session graph is a revision the project stores (then its partitions are
    shared through files beside it)."""
    session = ctx.session
    if session.dataset_id is None or session.revision is None:
        return False
    row = ctx.workspace.store.get_dataset(session.dataset_id)
    return row is not None and 1 <= session.revision <= int(row["revision"] or 0)


def _compute(ctx: ToolContext, g: nx.Graph, method: str, backend: str, key: list,
             args: PartitionArgs, weight: str | None) -> dict[str, Any]:
    # Leiden and Louvain find a local optimum that depends on the seed (on a 16-node graph
    # one seed splits 4 communities at modularity 0.307, another 3 at 0.320): on small
    # graphs the best of a few seeded runs (seed, seed+1, …) is kept; the same seed gives
    # the same result.
    runs = RESTARTS if method in ("leiden", "louvain") and edge_count(g) < RESTART_LIMIT else 1
    best: tuple[float, list[list], dict, str] | None = None
    for run in range(runs):
        if backend == "igraph":
            groups, impl = _igraph_partition(ctx, method, args.seed + run, args.resolution, weight)
        else:
            groups, impl = _networkx_partition(g, method, args.seed + run, args.resolution, weight)
        groups = sorted((sorted(c, key=str) for c in groups if c),
                        key=lambda c: (-len(c), str(c[0])))
        membership = {n: i for i, c in enumerate(groups) for n in c}
        missing = [n for n in g if n not in membership]  # a method may leave isolates out
        for n in missing:
            membership[n] = len(groups)
            groups.append([n])
        q = _modularity(ctx, g, membership, weight, backend)
        if best is None or q > best[0] + 1e-12:
            best = (q, groups, membership, impl)
    assert best is not None
    q, groups, membership, impl = best
    if runs > 1:
        impl += f", best of {runs} seeded runs"
    part = {"key": key, "revision": ctx.session.revision,
            "method": method, "implementation": impl, "backend": backend, "seed": args.seed,
            "resolution": args.resolution, "weighted": bool(weight), "weight": weight,
            "membership": membership, "sizes": [len(c) for c in groups], "modularity": q}
    return part


def _describe(part: dict) -> dict[str, Any]:
    return {k: part.get(k) for k in ("method", "implementation", "backend", "seed", "resolution",
                                     "weighted", "weight")} | {"modularity": round(part["modularity"], 6)}


def partition_weight(ctx: ToolContext, args: PartitionArgs) -> dict[str, Any]:
    """Communities weigh edges as strengths; a distance weight is not inverted but refused:
    the partition is then unweighted and the note says why."""
    use = weight_for(ctx, args, "strength")
    if use["inverted"]:
        return {**use, "attribute": None, "inverted": False,
                "note": f"{use['attribute']} is a {use['role']}: communities use strengths, "
                        "so they were found unweighted"}
    return use


def _networkx_partition(g: nx.Graph, method: str, seed: int, resolution: float,
                        weight: str | None) -> tuple[list[list], str]:
    """networkx's own Louvain and label propagation; Leiden through leidenalg on our igraph
    copy (cdlib's conversion fails on every bipartite graph with text node ids)."""
    u = nx.Graph(g) if g.is_directed() else g
    if method == "louvain":
        found = nx.community.louvain_communities(u, weight=weight, resolution=resolution,
                                                 seed=seed)
        return [list(c) for c in found], "networkx.community.louvain_communities"
    if method == "leiden":
        import leidenalg

        from igraph_agent.graph.convert import to_igraph

        h, ids = to_igraph(u)
        found = leidenalg.find_partition(
            h, leidenalg.RBConfigurationVertexPartition,
            weights=weight if weight and weight in h.es.attributes() else None,
            resolution_parameter=resolution, seed=seed)
        return [[ids[i] for i in c] for c in found], "leidenalg.RBConfigurationVertexPartition"
    if method == "greedy_modularity":  # Clauset-Newman-Moore: deterministic, no seed
        found = nx.community.greedy_modularity_communities(u, weight=weight,
                                                           resolution=resolution)
        return [list(c) for c in found], "networkx.community.greedy_modularity_communities"
    found = nx.community.label_propagation_communities(u)
    return [list(c) for c in found], "networkx.community.label_propagation_communities"


def _igraph_partition(ctx: ToolContext, method: str, seed: int, resolution: float,
                      weight: str | None) -> tuple[list[list], str]:
    h, ids = ctx.session.igraph()
    if h.is_directed():
        h = h.copy()
        h.to_undirected(mode="collapse", combine_edges={weight: "sum"} if weight else None)
    w = weight if weight and weight in h.es.attributes() else None
    import igraph as ig

    # python-igraph draws from a Python RNG object; give it its own seeded one so nothing else
    # in the process (another library re-pointing or drawing from `random`) can shift it.
    ig.set_random_number_generator(random.Random(seed))
    try:
        if method == "leiden":
            # Until stable on small graphs; 2 passes on large ones (0.2 s at 100k edges, 4 s
            # at 1M, better modularity than leidenalg's 2 passes).
            n_iter = -1 if h.ecount() < LEIDEN_CONVERGE_LIMIT else 2
            membership = h.community_leiden(objective_function="modularity", weights=w,
                                            resolution=resolution, n_iterations=n_iter).membership
            impl = f"igraph.community_leiden(modularity, n_iterations={n_iter})"
        elif method == "louvain":
            membership = h.community_multilevel(weights=w, resolution=resolution).membership
            impl = "igraph.community_multilevel"
        elif method == "greedy_modularity":
            h = h.simplify(combine_edges={w: "sum"} if w else None) if not h.is_simple() else h
            membership = h.community_fastgreedy(weights=w).as_clustering().membership
            impl = "igraph.community_fastgreedy"
        elif method == "label_propagation":
            membership = h.community_label_propagation(weights=w).membership
            impl = "igraph.community_label_propagation"
        else:
            membership = h.community_infomap(edge_weights=w, trials=10).membership
            impl = "igraph.community_infomap"
    finally:
        ig.set_random_number_generator(random)
    groups: dict[int, list] = {}
    for i, c in enumerate(membership):
        groups.setdefault(c, []).append(ids[i])
    return list(groups.values()), impl


def _modularity(ctx: ToolContext, g: nx.Graph, membership: dict, weight: str | None,
                backend: str) -> float:
    """Newman modularity (resolution 1) of the partition on the undirected graph."""
    if g.number_of_edges() == 0:
        return 0.0
    if backend == "networkx":
        groups: dict[int, set] = {}
        for n, c in membership.items():
            groups.setdefault(c, set()).add(n)
        u = nx.Graph(g) if g.is_directed() else g
        return float(nx.community.modularity(u, groups.values(), weight=weight or "__unweighted__"))
    h, ids = ctx.session.igraph()
    if h.is_directed():
        h = h.copy()
        h.to_undirected(mode="collapse", combine_edges={weight: "sum"} if weight else None)
    w = weight if weight and weight in h.es.attributes() else None
    return float(h.modularity([membership[n] for n in ids], weights=w))


def _neighbour_communities(h, m: np.ndarray, weighted: str | None):
    """Per vertex: distinct neighbour communities and the participation coefficient."""
    n = h.vcount()
    edges = np.array(h.get_edgelist(), dtype=np.int64).reshape(-1, 2)
    w = np.array(h.es[weighted], dtype=float) if weighted else np.ones(len(edges))
    loops = edges[:, 0] == edges[:, 1]
    edges, w = edges[~loops], w[~loops]
    n_comm = int(m.max()) + 1 if n else 1
    src = np.concatenate([edges[:, 0], edges[:, 1]])
    dst = np.concatenate([edges[:, 1], edges[:, 0]])
    ww = np.concatenate([w, w])
    pair = src * n_comm + m[dst]
    uniq, inverse = np.unique(pair, return_inverse=True)
    share = np.bincount(inverse, weights=ww)
    owner = uniq // n_comm
    spans = np.bincount(owner, minlength=n)
    strength = np.bincount(src, weights=ww, minlength=n)
    sq = np.bincount(owner, weights=share ** 2, minlength=n)
    with np.errstate(invalid="ignore", divide="ignore"):
        participation = np.where(strength > 0, 1.0 - sq / np.where(strength > 0, strength, 1) ** 2,
                                 0.0)
    return spans, participation
