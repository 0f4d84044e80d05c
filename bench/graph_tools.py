"""Analysis tools vs. calling networkx directly, on seeded synthetic graphs.

For ``powerlaw_cluster_graph(n, 5, 0.1, seed=42)`` with n=20k (~100k edges) and n=200k
(~1M edges) it prints one table per graph: each tool's time through
``registry.dispatch`` (envelope included, ``backend="auto"``), the time of the networkx
call(s) computing the same figures, their ratio, and the peak memory each step added
(peak RSS, reset before each step through /proc/self/clear_refs; tracemalloc's Python-only
peak where that is not available). networkx steps that would take minutes are skipped and
marked so. The 1M-edge edge list is cached in /tmp.

    .venv/bin/python bench/graph_tools.py            # both graphs
    .venv/bin/python bench/graph_tools.py --small    # the 100k-edge graph only
"""

from __future__ import annotations

import argparse
import gc
import os
import random
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

os.environ.setdefault("OMP_NUM_THREADS", "1")

import networkx as nx
import numpy as np

from igraph_agent.graph.session import SessionGraph
from igraph_agent.graph.workspace import Workspace
from igraph_agent.store import Store
from igraph_agent.tools import ToolContext, default_registry

SKIP = "skipped: minutes"


def synthetic(n: int) -> nx.Graph:
    """powerlaw_cluster_graph(n, 5, 0.1, seed=42) with string ids; edge list cached in /tmp."""
    cache = Path(tempfile.gettempdir()) / f"igraph_agent_bench_plc_{n}_5_01_42.npy"
    if cache.exists():
        edges = np.load(cache)
    else:
        edges = np.array(nx.powerlaw_cluster_graph(n, 5, 0.1, seed=42).edges(), dtype=np.int64)
        np.save(cache, edges)
    g = nx.Graph()
    g.add_nodes_from(map(str, range(n)))
    g.add_edges_from((str(u), str(v)) for u, v in edges.tolist())
    return g


class Peak:
    """Peak memory added while a block runs."""

    def __init__(self) -> None:
        try:
            Path("/proc/self/clear_refs").write_text("5")
            self.kind = "rss"
        except OSError:
            self.kind = "tracemalloc"

    @staticmethod
    def _status(field: str) -> int:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith(field):
                return int(line.split()[1]) * 1024
        return 0

    def measure(self, fn: Callable[[], object]) -> tuple[float, int]:
        """(seconds, peak bytes added); the cyclic GC is collected first and paused while
        ``fn`` runs, so a full collection of the big graph is not billed to one step."""
        gc.collect()
        gc.disable()
        try:
            return self._measure(fn)
        finally:
            gc.enable()

    def _measure(self, fn: Callable[[], object]) -> tuple[float, int]:
        if self.kind == "rss":
            Path("/proc/self/clear_refs").write_text("5")
            base = self._status("VmRSS:")
            t = time.perf_counter()
            fn()
            elapsed = time.perf_counter() - t
            return elapsed, max(0, self._status("VmHWM:") - base)
        import tracemalloc

        tracemalloc.start()
        t = time.perf_counter()
        fn()
        elapsed = time.perf_counter() - t
        peak = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
        return elapsed, peak


def _participation(g: nx.Graph, parts: list[set]) -> dict:
    member = {n: i for i, c in enumerate(parts) for n in c}
    out = {}
    for n in g:
        shares: dict[int, int] = {}
        for v in g[n]:
            shares[member[v]] = shares.get(member[v], 0) + 1
        k = sum(shares.values())
        out[n] = (len(shares), 1 - sum((s / k) ** 2 for s in shares.values()) if k else 0.0)
    return out


def cases(g: nx.Graph, session: SessionGraph,
          large: bool) -> list[tuple[str, dict, Callable | None, str]]:
    """(tool, args, networkx-direct equivalent or None, note)."""
    nodes = list(g)
    rng = random.Random(42)
    a, b = rng.sample(nodes, 2)
    hub = max(g.degree, key=lambda kv: kv[1])[0]
    few = rng.sample(nodes, 3)
    k = 50

    def nx_communities():
        nx.community.louvain_communities(g, seed=42)

    def nx_bridges():  # like the tool: the partition community_detection made, one centrality
        groups: dict[int, set] = {}
        for node, c in session.partition["membership"].items():
            groups.setdefault(c, set()).add(node)
        _participation(g, list(groups.values()))
        nx.pagerank(g, tol=1e-10)

    def nx_summary():
        nx.average_clustering(g)
        nx.transitivity(g)
        nx.degree_assortativity_coefficient(g)
        for s in rng.sample(nodes, 200):
            nx.single_source_shortest_path_length(g, s)

    def nx_closeness():
        top = sorted(g.degree, key=lambda kv: -kv[1])[:100]
        for u, _ in top:
            nx.closeness_centrality(g, u=u)

    return [
        ("search_node", {"query": few[0]}, None, "no networkx equivalent"),
        ("degree_analysis", {}, lambda: sorted(dict(g.degree()).items(), key=lambda kv: -kv[1]), ""),
        ("node_centrality", {"measure": "pagerank"}, lambda: nx.pagerank(g, tol=1e-10), "pagerank"),
        ("node_centrality", {"measure": "betweenness", "k": k},
         None if large else (lambda: nx.betweenness_centrality(g, k=k, seed=42)),
         f"betweenness, k={k} sampled sources"),
        ("node_centrality", {"measure": "closeness"}, None if large else nx_closeness,
         "closeness of the 100 highest-degree nodes"),
        ("community_detection", {}, None if large else nx_communities,
         "tool: leiden; nx: louvain"),
        ("bridge_nodes", {"top_k": 10, "centrality": "pagerank"}, nx_bridges,
         "participation + pagerank; partition reused"),
        ("shortest_path", {"source": a, "target": b}, lambda: nx.bidirectional_shortest_path(g, a, b), ""),
        ("connectivity", {"limit": 20}, lambda: (list(nx.connected_components(g)),
                                                 list(nx.articulation_points(g)),
                                                 list(nx.bridges(g))),
         "components, articulation points, bridges"),
        ("local_analysis", {"node": hub, "radius": 2},
         lambda: (nx.single_source_shortest_path_length(g, hub, cutoff=2),
                  nx.clustering(g, hub), nx.core_number(g)), "node level, radius 2"),
        ("local_analysis", {}, None if large else
         (lambda: (nx.average_clustering(g), nx.transitivity(g), nx.core_number(g))),
         "graph level"),
        ("subgraph_extraction", {"center": hub, "radius": 1},
         lambda: nx.ego_graph(g, hub, radius=1), "read-only preview"),
        ("compare_nodes", {"nodes": few},
         lambda: (nx.pagerank(g, tol=1e-10), nx.core_number(g),
                  [nx.shortest_path_length(g, x, y) for x in few for y in few if x < y]), ""),
        ("summary_statistics", {}, None if large else nx_summary, "sampled BFS sources (200; 50 at 1M edges)"),
    ]


def _ratio(r: float) -> str:
    return f"{r:.0f}x" if r >= 10 else f"{r:.2g}x"


def _secs(s: float) -> str:
    return f"{s * 1000:.2f} ms" if s < 0.01 else f"{s:.3f}"


def run(n: int, peak: Peak) -> None:
    t = time.perf_counter()
    g = synthetic(n)
    build = time.perf_counter() - t
    large = g.number_of_edges() > 500_000
    home = Path(tempfile.mkdtemp(prefix="bench_tools_"))
    sg = SessionGraph("bench")
    sg.set_graph(g, "ds_bench", 1)
    ctx = ToolContext(workspace=Workspace(home, Store(home / "agent.db")), session=sg,
                      call_id="bench")
    registry = default_registry()
    convert, convert_mem = peak.measure(sg.igraph)
    print(f"\n### powerlaw_cluster_graph({n}, 5, 0.1, seed=42): {g.number_of_nodes()} nodes, "
          f"{g.number_of_edges()} edges (networkx graph built in {build:.1f} s; igraph copy "
          f"{convert:.2f} s, {convert_mem / 2**20:.0f} MB, once per revision)\n")
    print("| tool | what | networkx direct (s) | our tool (s) | speed-up | peak MB nx | "
          "peak MB tool | backend |")
    print("|---|---|---:|---:|---:|---:|---:|---|")
    for name, args, direct, note in cases(g, sg, large):
        holder: dict = {}

        def call(name=name, args=args, holder=holder):
            holder["env"] = registry.dispatch(name, args, ctx).envelope()

        tool_s, tool_mem = peak.measure(call)
        env = holder["env"]
        if not env["success"]:
            raise SystemExit(f"{name} failed: {env['error']}")
        backend = env["data"].get("backend", "networkx")
        if direct is None:
            nx_cell, ratio, nx_mem = ("—" if "no networkx" in note else SKIP), "—", "—"
        else:
            nx_s, nx_b = peak.measure(direct)
            nx_cell, ratio, nx_mem = _secs(nx_s), _ratio(nx_s / tool_s), f"{nx_b / 2**20:.0f}"
        print(f"| {name} | {note} | {nx_cell} | {_secs(tool_s)} | {ratio} | {nx_mem} | "
              f"{tool_mem / 2**20:.0f} | {backend} |", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--small", action="store_true", help="only the ~100k-edge graph")
    opts = parser.parse_args()
    peak = Peak()
    print(f"peak memory: {'peak RSS added (VmHWM reset per step)' if peak.kind == 'rss' else 'tracemalloc (Python allocations only)'}")
    started = time.perf_counter()
    for n in ([20_000] if opts.small else [20_000, 200_000]):
        run(n, peak)
    print(f"\ntotal {time.perf_counter() - started:.0f} s")


if __name__ == "__main__":
    main()
