"""The data path, agent vs igraph directly: each phase's time and the peak RSS after it.

For each size a G(n, m) edge list (n = m / 5) is written as CSV, then two fresh processes
time the same pipeline:

  agent   attach -> construct_graph -> load_constructed_graph -> get_graph_info ->
          node_centrality(pagerank) -> community_detection(leiden), each dispatched
          through the tool registry (validation, envelope, store) as a run would
  igraph  pd.read_csv -> ig.Graph.DataFrame -> (no load) -> vcount/ecount/components ->
          pagerank -> community_leiden(modularity)

Both processes import their libraries (pandas, igraph; networkx for the agent) before the
clock starts (``import igraph`` alone is ~1.5 s: it pulls in matplotlib). The table prints
seconds per phase, the total, the ratio agent / igraph, and the
peak resident memory of each process (ru_maxrss, so it is the peak so far, in MB). After
the pipeline the agent also times search_node, search_edge, local_analysis and a where=
filter, and says whether the networkx graph was built (it should not be).

Run: .venv/bin/python bench/data_path.py [EDGES ...]     (default: 100000 1000000)
"""

from __future__ import annotations

import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("OMP_NUM_THREADS", "1")
os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")

PHASES = ("attach", "construct", "load", "graph_info", "pagerank", "communities")


def _peak_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def write_edges(path: Path, m: int, seed: int = 1) -> None:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(seed)
    n = max(10, m // 5)
    src = rng.integers(0, n, size=int(m * 1.05))
    dst = rng.integers(0, n, size=int(m * 1.05))
    keep = src != dst
    a, b = np.minimum(src[keep], dst[keep]), np.maximum(src[keep], dst[keep])
    pairs = np.unique(a.astype(np.int64) * n + b)[:m]
    pd.DataFrame({"source": pairs // n, "target": pairs % n}).to_csv(path, index=False)


def run_agent(csv: Path, home: Path) -> dict:
    import igraph  # noqa: F401  both sides import their libraries before the clock starts

    from igraph_agent.graph.lazy import is_built
    from igraph_agent.graph.session import SessionGraph
    from igraph_agent.graph.workspace import Workspace
    from igraph_agent.store import Store
    from igraph_agent.tools import ToolContext, default_registry

    registry = default_registry()
    ws = Workspace(home, Store(home / "agent.db"))
    session = SessionGraph("bench")
    ctx = ToolContext(workspace=ws, session=session, call_id="c")
    out: dict = {}

    def phase(name: str, fn) -> object:
        t = time.perf_counter()
        value = fn()
        out[name] = (time.perf_counter() - t, _peak_mb())
        return value

    def tool(name: str, args: dict) -> dict:
        env = registry.dispatch(name, args, ctx)
        assert env.success, env.error
        return env.data

    sid = phase("attach", lambda: ws.attach(csv)["source_id"])
    session.attached_sources = [sid]
    ds = phase("construct", lambda: tool("construct_graph", {"source_ids": [sid]}))["dataset_id"]
    phase("load", lambda: tool("load_constructed_graph", {"dataset_id": ds}))
    info = phase("graph_info", lambda: tool("get_graph_info", {}))
    phase("pagerank", lambda: tool("node_centrality", {"measure": "pagerank"}))
    comm = phase("communities", lambda: tool("community_detection", {"method": "leiden"}))
    out["check"] = {"nodes": info["nodes"], "edges": info["edges"],
                    "modularity": comm["modularity"]}
    extra = {}  # after the pipeline, not in its total: tools that used to build networkx
    for name, args in (("search_node", {"query": "4242"}), ("search_edge", {"query": "42 17"}),
                       ("local_analysis", {"node": "42", "radius": 2}),
                       ("degree_analysis", {"where": {"label": "none"}})):
        t = time.perf_counter()
        ok = registry.dispatch(name, args, ctx).success
        extra[name] = round(time.perf_counter() - t, 3) if ok else "failed"
    extra["networkx_built"] = is_built(session.graph)
    out["after"] = extra
    ws.store.close()
    return out


def run_igraph(csv: Path) -> dict:
    import igraph as ig
    import pandas as pd

    out: dict = {}

    def phase(name: str, fn) -> object:
        t = time.perf_counter()
        value = fn()
        out[name] = (time.perf_counter() - t, _peak_mb())
        return value

    df = phase("attach", lambda: pd.read_csv(csv))
    g = phase("construct", lambda: ig.Graph.DataFrame(df, directed=False))
    out["load"] = (0.0, _peak_mb())
    phase("graph_info", lambda: (g.vcount(), g.ecount(), len(g.connected_components())))
    phase("pagerank", lambda: g.pagerank())
    part = phase("communities", lambda: g.community_leiden(objective_function="modularity",
                                                           n_iterations=2))
    out["check"] = {"nodes": g.vcount(), "edges": g.ecount(), "modularity": part.modularity}
    return out


def _child(which: str, csv: str, home: str) -> None:
    result = run_agent(Path(csv), Path(home)) if which == "agent" else run_igraph(Path(csv))
    print(json.dumps(result))


def measure(which: str, csv: Path, home: Path) -> dict:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [
        str(Path(__file__).resolve().parents[1]), os.environ.get("PYTHONPATH", "")]))}
    proc = subprocess.run([sys.executable, __file__, "--child", which, str(csv), str(home)],
                          capture_output=True, text=True, env=env, check=True)
    return json.loads(proc.stdout.strip().splitlines()[-1])


def report(m: int, agent: dict, direct: dict) -> None:
    print(f"\n{m:,} edges (G(n, m), n = {max(10, m // 5):,}); seconds, peak RSS MB after the phase")
    print(f"{'phase':<12} {'agent s':>9} {'igraph s':>9} {'ratio':>7} {'agent MB':>9} {'igraph MB':>9}")
    for p in PHASES:
        (a, am), (d, dm) = agent[p], direct[p]
        ratio = f"{a / d:.1f}x" if d > 1e-4 else "-"
        print(f"{p:<12} {a:>9.3f} {d:>9.3f} {ratio:>7} {am:>9.0f} {dm:>9.0f}")
    ta, td = sum(agent[p][0] for p in PHASES), sum(direct[p][0] for p in PHASES)
    pa, pd_ = agent[PHASES[-1]][1], direct[PHASES[-1]][1]
    print(f"{'total':<12} {ta:>9.3f} {td:>9.3f} {ta / td:>6.1f}x {pa:>9.0f} {pd_:>9.0f}"
          f"   memory {pa / pd_:.1f}x")
    print(f"check: agent {agent['check']}  igraph {direct['check']}")
    print(f"after the pipeline (seconds; a where= that matches nothing fails by design): "
          f"{agent['after']}")
    print(f"load average: {', '.join(f'{x:.1f}' for x in os.getloadavg())}")


def main(sizes: list[int]) -> None:
    for m in sizes:
        with tempfile.TemporaryDirectory(prefix="ia-datapath-") as tmp:
            csv = Path(tmp) / f"edges_{m}.csv"
            write_edges(csv, m)
            direct = measure("igraph", csv, Path(tmp) / "unused")
            agent = measure("agent", csv, Path(tmp) / "home")
            report(m, agent, direct)


if __name__ == "__main__":
    if len(sys.argv) > 1 and sys.argv[1] == "--child":
        _child(*sys.argv[2:5])
    else:
        main([int(a) for a in sys.argv[1:]] or [100_000, 1_000_000])
