"""Split analyses and distributed training: local vs a loopback Ray cluster, in one run.

Starts a head and a worker node on 127.0.0.1 (tests/ray_support.py; or ``--address`` of a
running cluster) and measures, medians of ``--repeats`` runs, with the machine load:

1. sampled betweenness (k sources, igraph) of a stored random graph: the one-call local
   path vs the split path (the first split call, which also places the revision and starts
   the Ray workers, is shown apart);
2. the fixed overhead of a split call: the same on a tiny graph (a handful of sources),
   where the work itself is nothing;
3. a short training (the labelled SBM, GCN, fixed epochs): the local loop vs 2 Ray Train
   workers (torch DDP, gloo, 1 CPU each), including the workers' start.

On a 2-core machine the cluster is not faster: the figures to keep are the overheads,
which say from what size on a real cluster pays off.

Run: .venv/bin/python bench/cluster_split.py [--edges 100000] [--k 100] [--repeats 3]
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("OMP_NUM_THREADS", "1")
os.environ.setdefault("RAY_USAGE_STATS_ENABLED", "0")
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))


def stored_context(home: Path, nodes: int, edges: int, seed: int = 1):
    """A random graph stored as a dataset revision and loaded from its tables."""
    import numpy as np
    import pandas as pd

    from igraph_agent.graph.datasets import GraphSpec
    from igraph_agent.graph.session import SessionGraph
    from igraph_agent.graph.workspace import Workspace
    from igraph_agent.store import Store
    from igraph_agent.tools import ToolContext

    rng = np.random.default_rng(seed)
    a = rng.integers(0, nodes, edges * 2)
    b = rng.integers(0, nodes, edges * 2)
    keep = a != b
    pairs = np.unique(np.column_stack([np.minimum(a[keep], b[keep]),
                                       np.maximum(a[keep], b[keep])]), axis=0)[:edges]
    ws = Workspace(home, Store(home / "agent.db"))
    src = ws.attach(pd.DataFrame({"source": pairs[:, 0].astype(str),
                                  "target": pairs[:, 1].astype(str)}), name="edges")
    ds = ws.construct([src["source_id"]], GraphSpec())
    g, rev = ws.load(ds["id"])
    session = SessionGraph("bench")
    session.set_graph(g, ds["id"], rev)
    return ToolContext(workspace=ws, session=session, call_id="b")


def timed(fn, repeats: int) -> tuple[float, object]:
    times, out = [], None
    for _ in range(repeats):
        t0 = time.perf_counter()
        out = fn()
        times.append(time.perf_counter() - t0)
    return statistics.median(times), out


def betweenness(ctx, k: int, address: str | None):
    from igraph_agent.tools.centrality import centrality_scores

    if address:
        os.environ["IGRAPH_AGENT_CLUSTER"] = address
    else:
        os.environ.pop("IGRAPH_AGENT_CLUSTER", None)
    return centrality_scores(ctx, "betweenness", k=k, seed=7, backend="igraph")


def training_inputs():
    from igraph_agent.data.sbm import labelled_sbm
    from igraph_agent.learn import features as F

    g = labelled_sbm()
    nodes = list(g.nodes())
    labels, classes = F.labels_of(g, nodes, "faction")
    x, _, _ = F.feature_matrix(g, nodes, F.feature_spec(g, "faction"))
    inputs = {"x": x, "edge_index": F.edge_index_of(g, nodes), "labels": labels,
              "classes": classes, "split": F.stratified_split(labels, (0.6, 0.2, 0.2), 0),
              "directed": False}
    config = {"task": "node_classification", "arch": "gcn", "hidden": 32, "layers": 2,
              "dropout": 0.5, "heads": 4, "lr": 0.01, "weight_decay": 5e-4, "epochs": 50,
              "patience": 1000, "seed": 0}
    return inputs, config


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--address", default=None, help="a running cluster (default: start one)")
    parser.add_argument("--edges", type=int, default=100_000)
    parser.add_argument("--nodes", type=int, default=20_000)
    parser.add_argument("--k", type=int, default=100)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--no-train", action="store_true")
    opts = parser.parse_args()
    os.environ["IGRAPH_AGENT_WORKER_MIN_EDGES"] = "100"  # the tiny graph splits too

    from ray_support import local_ray_cluster

    with tempfile.TemporaryDirectory(prefix="igab-", dir="/tmp") as tmp:
        root = Path(tmp)
        if opts.address:
            run(opts, root, opts.address)
            return
        t0 = time.perf_counter()
        with local_ray_cluster(root / "ray") as cluster:
            print(f"loopback cluster (head + worker node, 1 CPU each) up in "
                  f"{time.perf_counter() - t0:.1f} s")
            run(opts, root, cluster.address)


def run(opts, root: Path, address: str) -> None:
    (root / "big").mkdir()
    (root / "tiny").mkdir()
    big = stored_context(root / "big", opts.nodes, opts.edges)
    tiny = stored_context(root / "tiny", 200, 600)
    print(f"load average {os.getloadavg()[0]:.2f} (2 cores); medians of {opts.repeats}")

    local, ref = timed(lambda: betweenness(big, opts.k, None), opts.repeats)
    t0 = time.perf_counter()
    betweenness(big, opts.k, address)
    first = time.perf_counter() - t0
    split, out = timed(lambda: betweenness(big, opts.k, address), opts.repeats)
    worst = max(abs(out["scores"][n] - v) for n, v in ref["scores"].items())
    print(f"\nsampled betweenness, {opts.nodes} nodes / {opts.edges} edges, k={opts.k}:")
    print(f"  local (igraph, one call)   {local:8.3f} s")
    print(f"  split on the cluster       {split:8.3f} s   ({out['cluster']['parts']} parts on "
          f"{out['cluster']['nodes']} nodes; largest difference {worst:.1e})")
    print(f"  first split call           {first:8.3f} s   (places the revision, starts workers)")
    print(f"  ratio split/local          {split / local:8.2f}")

    tiny_local, _ = timed(lambda: betweenness(tiny, 4, None), opts.repeats)
    tiny_split, _ = timed(lambda: betweenness(tiny, 4, address), opts.repeats)
    print(f"\nfixed overhead of a split call (200 nodes, 4 sources): "
          f"{(tiny_split - tiny_local) * 1000:.0f} ms "
          f"(local {tiny_local * 1000:.1f} ms, split {tiny_split * 1000:.0f} ms)")

    if opts.no_train:
        return
    from igraph_agent.cluster.train import fit_distributed
    from igraph_agent.learn.training import fit_node_classifier

    inputs, config = training_inputs()

    def quiet(epoch, row):
        return None

    def nothing():
        return None

    local_t, fit = timed(lambda: fit_node_classifier(inputs, config, quiet, nothing),
                         opts.repeats)
    dist_t, dfit = timed(lambda: fit_distributed(inputs, config, quiet, nothing,
                                                 address=address, workers=2), opts.repeats)
    print(f"\ntraining, labelled SBM (300 nodes), GCN, {config['epochs']} epochs:")
    print(f"  local loop                 {local_t:8.3f} s   test accuracy "
          f"{fit['final']['test_accuracy']}")
    print(f"  2 Ray Train workers (DDP)  {dist_t:8.3f} s   test accuracy "
          f"{dfit['final']['test_accuracy']} ({dfit['distributed']['nodes']} nodes)")
    print(f"  ratio distributed/local    {dist_t / local_t:8.1f}; fixed overhead about "
          f"{dist_t - local_t:.1f} s per training")
    print(f"load average after: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
