"""Sandbox benchmark: the first and second run_graph_code snippet of a session, for ``G``
and for ``g``, next to the same expression in-process.

Per size a G(n, m) edge list (n = m / 5) is written as CSV, attached, constructed and
loaded through the tool registry as a run would. Then, each in a fresh session of its own
(so its first snippet is cold):

  G   ``result = G.number_of_edges()`` twice; in-process: the same call on the loaded
      networkx graph once it is built
  g   ``result = g.ecount()`` twice; in-process: building igraph by hand from the CSV
      (``pd.read_csv`` + ``ig.Graph.DataFrame``) and calling it

Prints wall seconds of each call, its ratio to the in-process figure, and whether the
session's networkx graph was built in the agent process. The load average is printed last:
the machine is shared, so read ratios, not seconds.

Run: ``.venv/bin/python bench/sandbox.py [--edges 100000 1000000]``
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("OMP_NUM_THREADS", "1")

SNIPPETS = {"G": "result = G.number_of_edges()", "g": "result = g.ecount()"}


def _by_hand(csv: Path) -> tuple[float, float, int]:
    """Seconds to build igraph from the CSV by hand, then of nx's number_of_edges."""
    import igraph as ig
    import networkx as nx
    import pandas as pd

    t = time.perf_counter()
    df = pd.read_csv(csv)
    g = ig.Graph.DataFrame(df, directed=False)
    m = g.ecount()
    build = time.perf_counter() - t
    G = nx.from_pandas_edgelist(df)
    t = time.perf_counter()
    G.number_of_edges()
    return build, time.perf_counter() - t, m


def main() -> None:
    from igraph_agent.graph.lazy import is_built
    from igraph_agent.graph.session import SessionGraph
    from igraph_agent.graph.workspace import Workspace
    from igraph_agent.store import Store
    from igraph_agent.tools import ToolContext, default_registry

    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from data_path import write_edges

    parser = argparse.ArgumentParser()
    parser.add_argument("--edges", type=int, nargs="+", default=[100_000, 1_000_000])
    opts = parser.parse_args()
    registry = default_registry()
    for m in opts.edges:
        tmp = Path(tempfile.mkdtemp(prefix="ia-sandbox-"))
        csv = tmp / "edges.csv"
        write_edges(csv, m)
        build_g, nx_count, expected = _by_hand(csv)
        ws = Workspace(tmp / "home", Store(tmp / "home" / "agent.db"))
        sid = ws.attach(csv)["source_id"]
        ds = None
        print(f"\n{m:,} edges; in-process: building g by hand {build_g:.2f} s, "
              f"G.number_of_edges() {nx_count * 1000:.3f} ms")
        for name, code in SNIPPETS.items():
            session = SessionGraph(f"bench-{name}")
            session.attached_sources = [sid]
            ctx = ToolContext(workspace=ws, session=session, call_id=f"c-{name}")
            if ds is None:
                ds = registry.dispatch("construct_graph", {"source_ids": [sid]}, ctx).data[
                    "dataset_id"]
            assert registry.dispatch("load_constructed_graph", {"dataset_id": ds}, ctx).success
            ref = build_g if name == "g" else nx_count
            for label in ("first", "second"):
                t = time.perf_counter()
                res = registry.dispatch("run_graph_code", {"code": code, "wall_s": 120,
                                                           "memory_mb": 4096}, ctx)
                wall = time.perf_counter() - t
                assert res.success and res.data["result"] == expected, res.error
                print(f"  {code:<32} {label:<6} {wall:7.2f} s  = {wall / ref:8.1f}x in-process"
                      f"  (networkx built in the agent: {is_built(session.graph)};"
                      f" missing: {res.data['confinement']['missing'] or 'none'})")
            close = getattr(registry, "close_session", None)
            if close is not None:
                close(ctx)
        ws.store.close()
    print(f"load average: {', '.join(f'{x:.1f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
