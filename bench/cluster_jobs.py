"""Background jobs local (a thread here) vs on a Ray cluster, measured in one run.

1. The same training workload through the ``train`` tool and a real job manager: GCN on
   the bundled labelled SBM (300 nodes), fixed epochs (no early stop), the save_model
   child job included; local vs cluster, ratio of the medians.
2. The fixed overhead per job on the cluster, against the same figure locally:
     first progress   submit() -> the job's first progress record stored here
     empty round trip submit() -> an empty job's result stored here (actor created, work
                      shipped, polled, collected, actor removed)
   Everything else a cluster job costs is its work plus one poll per 0.2 s.

Without ``--address`` it starts its own loopback cluster (a head and a worker node, the
test suite's tests/ray_support.py), ~40 s. On a 2-core machine Ray is not faster; the
figure to keep is its overhead per job, to know when a job is long enough to pay for it.

Run: .venv/bin/python bench/cluster_jobs.py [--epochs 100] [--repeats 3] [--address host:port]
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import threading
import time
from contextlib import ExitStack
from pathlib import Path

os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")
os.environ.setdefault("OMP_NUM_THREADS", "1")
os.environ.setdefault("RAY_USAGE_STATS_ENABLED", "0")
WAIT = 300.0


def empty(job) -> dict:
    return {"ok": True}


def first_progress(job) -> dict:
    job.progress(1.0, "started")
    return {"ok": True}


def training(home: Path, cluster: str | None, epochs: int) -> float:
    """Seconds for one ``train`` call (features, job, epochs, save child) in a fresh project."""
    from igraph_agent.data.sbm import labelled_sbm
    from igraph_agent.graph.datasets import GraphSpec
    from igraph_agent.graph.session import SessionGraph
    from igraph_agent.graph.workspace import Workspace
    from igraph_agent.runtime.jobs import JobManager
    from igraph_agent.store import Store
    from igraph_agent.tools import ToolContext, default_registry

    store = Store(home / "agent.db")
    ws = Workspace(home, store)
    src = ws.attach(labelled_sbm(), "sbm")
    dataset_id = ws.construct([src["source_id"]], GraphSpec())["id"]
    g, rev = ws.load(dataset_id)
    session = SessionGraph("s")
    session.set_graph(g, dataset_id, rev)
    jobs = JobManager(store, cluster=cluster)
    ctx = ToolContext(workspace=ws, session=session, call_id="c1",
                      jobs=jobs.for_run("bench", lambda e: None))
    t0 = time.perf_counter()
    env = default_registry().dispatch("train", {"target": "faction", "arch": "gcn", "seed": 0,
                                                "epochs": epochs, "patience": epochs}, ctx)
    took = time.perf_counter() - t0
    assert env.success, env.envelope()["error"]
    assert env.data["epochs_run"] == epochs
    store.close()
    return took


def overheads(home: Path, cluster: str | None, repeats: int) -> tuple[list[float], list[float]]:
    """(submit -> first progress, empty job round trip) in seconds, ``repeats`` of each."""
    from igraph_agent.runtime.jobs import JobManager
    from igraph_agent.store import Store

    store = Store(home / "agent.db")
    jobs = JobManager(store, cluster=cluster)
    firsts, trips = [], []
    for _ in range(repeats):
        seen = threading.Event()
        t0 = time.perf_counter()
        job_id = jobs.submit("bench", first_progress, listener=lambda rec, seen=seen: seen.set())
        assert seen.wait(WAIT)
        firsts.append(time.perf_counter() - t0)
        assert jobs.wait(job_id, WAIT) == "done"
        t0 = time.perf_counter()
        job_id = jobs.submit("bench", empty)
        assert jobs.wait(job_id, WAIT) == "done"
        trips.append(time.perf_counter() - t0)
        assert jobs.status(job_id)["result"] == {"ok": True}
    store.close()
    return firsts, trips


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--epochs", type=int, default=100)
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--address", default=None, help="an existing cluster (host:port)")
    args = ap.parse_args()
    with ExitStack() as stack:
        address = args.address
        if address is None:
            sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
            from ray_support import local_ray_cluster

            short = stack.enter_context(tempfile.TemporaryDirectory(prefix="ray"))
            t0 = time.perf_counter()
            address = stack.enter_context(local_ray_cluster(Path(short))).address
            print(f"loopback cluster (head + worker node) started in {time.perf_counter() - t0:.1f} s")
        tmp = Path(stack.enter_context(tempfile.TemporaryDirectory()))
        # warm both paths once (imports, Ray connection, worker processes), not counted
        training(tmp / "warm-local", None, 5)
        training(tmp / "warm-ray", address, 5)
        local, remote = [], []
        for i in range(args.repeats):
            local.append(training(tmp / f"local{i}", None, args.epochs))
            remote.append(training(tmp / f"ray{i}", address, args.epochs))
        lf, lt = overheads(tmp / "ov-local", None, max(5, args.repeats))
        rf, rt = overheads(tmp / "ov-ray", address, max(5, args.repeats))
    med = statistics.median
    print(f"load average {os.getloadavg()[0]:.2f} {os.getloadavg()[1]:.2f} "
          f"{os.getloadavg()[2]:.2f} on {os.cpu_count()} cores")
    print(f"train GCN, SBM 300 nodes, {args.epochs} epochs (median of {args.repeats}, s)")
    print(f"  local thread   {med(local):7.2f}   runs {', '.join(f'{x:.2f}' for x in local)}")
    print(f"  Ray cluster    {med(remote):7.2f}   runs {', '.join(f'{x:.2f}' for x in remote)}")
    print(f"  ratio cluster/local {med(remote) / med(local):.2f}")
    print(f"fixed overhead per job (median of {len(rf)}, ms)      local    Ray")
    print(f"  submit -> first progress stored           {med(lf) * 1e3:8.1f} {med(rf) * 1e3:8.1f}")
    print(f"  empty job round trip                      {med(lt) * 1e3:8.1f} {med(rt) * 1e3:8.1f}")


if __name__ == "__main__":
    main()
