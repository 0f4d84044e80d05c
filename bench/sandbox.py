"""Sandbox benchmark: what running a snippet in the confined worker costs over computing the
same figure in-process.

Prints, per graph size: the in-process time of ``sum(nx.triangles(G).values()) // 3``;
the first run_graph_code call (prepares the Environment: pickles the revision) and a
second one (the view is reused), each as wall seconds and as a ratio to the in-process
time; the worker's peak memory.

Run: ``.venv/bin/python bench/sandbox.py [--edges 100000 1000000]``
"""

from __future__ import annotations

import argparse
import os
import tempfile
import time
from pathlib import Path

os.environ.setdefault("OMP_NUM_THREADS", "1")

CODE = ("import resource\nt = sum(nx.triangles(G).values()) // 3\n"
        "result = [t, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024]")


def main() -> None:
    import networkx as nx

    from igraph_agent.graph.session import SessionGraph
    from igraph_agent.graph.workspace import Workspace
    from igraph_agent.store import Store
    from igraph_agent.tools import ToolContext, default_registry

    parser = argparse.ArgumentParser()
    parser.add_argument("--edges", type=int, nargs="+", default=[100_000])
    opts = parser.parse_args()
    registry = default_registry()
    for m in opts.edges:
        g = nx.relabel_nodes(nx.gnm_random_graph(m // 5, m, seed=1), str)
        started = time.perf_counter()
        direct = sum(nx.triangles(g).values()) // 3
        inproc = time.perf_counter() - started
        home = Path(tempfile.mkdtemp())
        sg = SessionGraph("bench")
        sg.set_graph(g, "ds_bench", 1)
        ctx = ToolContext(workspace=Workspace(home, Store(home / "agent.db")), session=sg,
                          call_id="b1")
        for label in ("first call", "second call"):
            started = time.perf_counter()
            res = registry.dispatch("run_graph_code", {"code": CODE, "wall_s": 120,
                                                       "memory_mb": 4096}, ctx)
            wall = time.perf_counter() - started
            assert res.success and res.data["result"][0] == direct, res.error
            print(f"{m:>9} edges  {label:<11} {wall:6.2f} s  = {wall / inproc:6.1f}x "
                  f"in-process ({inproc:.2f} s); worker peak {res.data['result'][1]} MiB; "
                  f"missing: {res.data['confinement']['missing'] or 'none'}")


if __name__ == "__main__":
    main()
