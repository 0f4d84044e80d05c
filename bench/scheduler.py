"""Scheduler benchmark: two independent analyses of similar size on a ~1M-edge graph.

Prints, for worker processes and for in-process threads (workers off):
- batch wall time over the sequential sum (the same two calls, one per turn), the median
  of interleaved repetitions;
- the longest stall of a ticker thread in the calling process (the "kernel") during the
  batch: python-igraph holds the GIL, so in-process analyses freeze every other thread;
- the routing overhead of a worker call: its wall time in the calling process minus the
  handler's own time in the worker (``WorkerPool.timings``), light and heavy calls.

Run: ``.venv/bin/python bench/scheduler.py [--nodes 200000] [--k 30]``
(docs/performance.md: a process pool ran two balanced calls in 0.51 of the sequential time).
"""

from __future__ import annotations

import argparse
import os
import tempfile
import threading
import time
from pathlib import Path

os.environ.setdefault("OMP_NUM_THREADS", "1")
os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")


class Ticker:
    """A thread that wakes every ``period`` seconds and records the longest gap."""

    def __init__(self, period: float = 0.005) -> None:
        self.period = period
        self.max_gap = 0.0
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)

    def _run(self) -> None:
        last = time.perf_counter()
        while not self._stop.is_set():
            time.sleep(self.period)
            now = time.perf_counter()
            self.max_gap = max(self.max_gap, now - last - self.period)
            last = now

    def __enter__(self) -> Ticker:
        self._thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self._stop.set()
        self._thread.join()


def cpu_seconds(pids: list[int]) -> float:
    """CPU time (user + system) used so far by these processes (Linux /proc)."""
    tick = os.sysconf("SC_CLK_TCK")
    total = 0.0
    for pid in pids:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        total += (int(fields[11]) + int(fields[12])) / tick
    return total


def _spin(n: int) -> float:
    t0 = time.perf_counter()
    x = 0
    for i in range(n):
        x += i
    return time.perf_counter() - t0


def machine_baseline(n: int = 20_000_000) -> float:
    """Best ratio this machine offers right now: two spawned processes doing pure Python work
    (1.0 = no parallelism available, e.g. other load on the cores; 0.5 = two free cores)."""
    import multiprocessing as mp

    sequential = _spin(n) + _spin(n)
    with mp.get_context("spawn").Pool(2) as pool:
        pool.map(_spin, [1000, 1000])
        t0 = time.perf_counter()
        pool.map(_spin, [n, n])
        return (time.perf_counter() - t0) / sequential


def build_dataset(home: Path, nodes: int) -> str:
    import igraph as ig
    import pandas as pd

    from igraph_agent.graph.datasets import GraphSpec
    from igraph_agent.graph.workspace import Workspace
    from igraph_agent.store import Store

    g = ig.Graph.Barabasi(nodes, 5, directed=False)
    edges = pd.DataFrame(g.get_edgelist(), columns=["source", "target"])
    ws = Workspace(home, Store(home / "agent.db"))
    src = ws.attach(edges, "barabasi")
    row = ws.construct([src["source_id"]], GraphSpec())
    ws.store.close()
    return row["id"]


def batch_ratio(home: Path, dataset_id: str, workers: int, k: int, reps: int) -> dict[str, float]:
    """Interleaved repetitions (A alone, B alone, A+B together) so that background load
    drifts equally over both; the median ratio is reported."""
    import statistics

    from igraph_agent import Agent, RunOptions
    from igraph_agent.model.scripted import ScriptedModel, call

    os.environ["IGRAPH_AGENT_WORKERS"] = str(workers)
    os.environ["IGRAPH_AGENT_WORKER_MIN_EDGES"] = "0"
    agent = Agent(home=home)
    a = call("node_centrality", measure="betweenness", k=k, seed=1, top_k=3)
    b = call("node_centrality", measure="betweenness", k=k, seed=2, top_k=3)
    warm_a = call("node_centrality", measure="pagerank", top_k=3)
    warm_b = call("node_centrality", measure="degree", top_k=3)

    def run(turns: list) -> tuple[object, list[dict]]:
        model = ScriptedModel([*turns, "done"])
        handle = agent.start("bench", options=RunOptions(model=model.id, max_steps=10))
        resp = handle.wait()
        return resp, handle.events()

    t0 = time.perf_counter()
    run([[call("load_constructed_graph", dataset_id=dataset_id)]])
    graph = agent.graph()
    if workers:
        agent.workers.warm(dataset_id, graph.revision)
    load_s = time.perf_counter() - t0
    run([[warm_a, warm_b]])  # each worker (or the main process) builds its igraph copy once
    pids = agent.workers.pids() if workers else []
    ratios, seqs, batches, cores, stall = [], [], [], [], 0.0
    for _ in range(reps):
        seq, _ = run([[a], [b]])
        sequential = sum(x.elapsed_ms for x in seq.actions) / 1000
        cpu0 = cpu_seconds(pids) if workers else time.process_time()
        with Ticker() as ticker:
            _, events = run([[a, b]])
        cpu = (cpu_seconds(pids) if workers else time.process_time()) - cpu0
        ts = [e["ts"] for e in events if e["type"] in ("tool.started", "tool.completed")]
        batch = max(ts) - min(ts)
        ratios.append(batch / sequential)
        seqs.append(sequential)
        batches.append(batch)
        cores.append(cpu / batch)
        stall = max(stall, ticker.max_gap)
    routing = routing_overhead(agent, run) if workers else {}
    agent.close()
    return {**routing, "load_s": load_s, "sequential_s": statistics.median(seqs),
            "batch_s": statistics.median(batches), "ratio": statistics.median(ratios),
            "ratios": ratios, "stall_ms": stall * 1000, "cores_used": statistics.median(cores)}


def routing_overhead(agent, run, reps: int = 20) -> dict[str, float]:
    """What routing a call to a worker adds to the handler's own time there: the wall time of
    ``WorkerPool.execute`` in this process minus the handler's time in the worker, for a
    light call (degree_analysis) repeated one per turn, and for the heavy calls above."""
    import statistics

    from igraph_agent.model.scripted import call

    heavy = [wall - own for wall, own in agent.workers.timings]
    agent.workers.timings.clear()
    for _ in range(reps):
        run([[call("degree_analysis", top_k=3)]])
    light = list(agent.workers.timings)
    return {"route_ms": statistics.median(wall - own for wall, own in light),
            "light_handler_ms": statistics.median(own for _, own in light),
            "route_heavy_ms": statistics.median(heavy) if heavy else float("nan")}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--nodes", type=int, default=200_000, help="5 edges per node")
    parser.add_argument("--k", type=int, default=20, help="betweenness sample size")
    parser.add_argument("--reps", type=int, default=5, help="interleaved repetitions")
    opts = parser.parse_args()
    home = Path(tempfile.mkdtemp(prefix="bench-scheduler-"))
    t0 = time.perf_counter()
    ds = build_dataset(home, opts.nodes)
    print(f"dataset {ds}: {opts.nodes} nodes, ~{opts.nodes * 5} edges "
          f"(built in {time.perf_counter() - t0:.1f}s)")
    print(f"two independent calls: node_centrality betweenness k={opts.k}, seeds 1 and 2\n")
    print(f"{'mode':<22}{'sequential s':>13}{'batch s':>10}{'ratio':>8}{'max stall ms':>14}"
          f"{'cores used':>12}   (ratio of each repetition)")
    print(f"{'machine baseline':<22}{'':>13}{'':>10}{machine_baseline():>8.2f}"
          "   (two processes of pure Python: the best ratio available now)")
    routed: dict[str, float] = {}
    for label, workers in (("worker processes (2)", 2), ("in-process threads", 0)):
        r = batch_ratio(home, ds, workers, opts.k, opts.reps)
        routed = routed or r
        each = " ".join(f"{x:.2f}" for x in r["ratios"]) + f"; best {min(r['ratios']):.2f}"
        print(f"{label:<22}{r['sequential_s']:>13.2f}{r['batch_s']:>10.2f}{r['ratio']:>8.2f}"
              f"{r['stall_ms']:>14.0f}{r['cores_used']:>12.2f}   ({each})")
    print(f"{'machine baseline':<22}{'':>13}{'':>10}{machine_baseline():>8.2f}")
    print(f"\nrouting a call to a worker (wall in the kernel process - the handler's own time "
          f"in the worker),\nmedian: {routed['route_ms']:.1f} ms on a light call (degree_analysis, "
          f"handler {routed['light_handler_ms']:.0f} ms, 20 calls), {routed['route_heavy_ms']:.1f} ms "
          "on the heavy calls above; target < 20 ms")
    load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
    print(f"\ncores: {os.cpu_count()}; load average now: {load}. Target ratio <= 0.53 with "
          "workers;\n'cores used' = CPU seconds of the analysing processes / batch wall time "
          "(2.0 = both calls\nhad a core each; other load on the machine lowers it and raises "
          "the ratio).")


if __name__ == "__main__":
    main()
