"""Training throughput and responsiveness, measured in one run.

1. Epochs per second on the bundled labelled SBM (300 nodes, GCN, 2 layers, 32 hidden,
   fixed epochs, no early stop), 1 torch thread each:
     plain      a plain PyG loop: train step + evaluation forward per epoch
     train      our ``train`` tool through the registry and a real job manager (features,
                the job thread, one persisted progress record + event per epoch, metrics,
                best-weights copy, the save_model child job)
   The ratio plain/train is the price of the job machinery.
2. Latency of a trivial call handed to another thread (a thread pool, as a kernel's comm
   or event-loop thread would) while training runs on the job thread vs. while idle.
3. With ``--kernel``: round-trip of a trivial ``1+1`` cell in a real Jupyter kernel
   (jupyter_client) while that kernel trains a model in the background via Agent.start.

Run: .venv/bin/python bench/training.py [--epochs 200] [--kernel]
"""

from __future__ import annotations

import argparse
import concurrent.futures
import os
import statistics
import tempfile
import threading
import time
from pathlib import Path

os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")
os.environ.setdefault("OMP_NUM_THREADS", "1")


def plain_loop(epochs: int) -> float:
    """Seconds for ``epochs`` epochs of a plain PyG GCN loop on the SBM."""
    import torch
    import torch.nn.functional as F

    from igraph_agent.data.sbm import labelled_sbm
    from igraph_agent.learn.features import (
        edge_index_of,
        feature_matrix,
        feature_spec,
        labels_of,
        stratified_split,
    )
    from igraph_agent.learn.nets import build_net

    g = labelled_sbm()
    nodes = list(g.nodes())
    x, _, _ = feature_matrix(g, nodes, feature_spec(g, "faction"))
    labels, _ = labels_of(g, nodes, "faction")
    split = stratified_split(labels, (0.6, 0.2, 0.2), 0)
    x = torch.from_numpy(x)
    ei = torch.from_numpy(edge_index_of(g, nodes))
    y = torch.full((len(nodes),), -1, dtype=torch.long)
    for i, c in labels.items():
        y[i] = c
    train = torch.tensor(split["train"])
    val = torch.tensor(split["val"])
    torch.set_num_threads(1)
    torch.manual_seed(0)
    net = build_net("gcn", x.shape[1], 32, 3, 2, 0.5)
    opt = torch.optim.Adam(net.parameters(), lr=0.01, weight_decay=5e-4)
    t = time.perf_counter()
    for _ in range(epochs):
        net.train()
        opt.zero_grad()
        loss = F.cross_entropy(net(x, ei)[train], y[train])
        loss.backward()
        opt.step()
        net.eval()
        with torch.no_grad():
            (net(x, ei)[val].argmax(1) == y[val]).float().mean().item()
    return time.perf_counter() - t


def project(home: Path):
    from igraph_agent.data.sbm import labelled_sbm
    from igraph_agent.graph.datasets import GraphSpec
    from igraph_agent.graph.session import SessionGraph
    from igraph_agent.graph.workspace import Workspace
    from igraph_agent.runtime.jobs import JobManager
    from igraph_agent.store import Store
    from igraph_agent.tools import ToolContext

    store = Store(home / "agent.db")
    ws = Workspace(home, store)
    src = ws.attach(labelled_sbm(), "sbm")
    ds = ws.construct([src["source_id"]], GraphSpec())["id"]
    g, rev = ws.load(ds)
    sg = SessionGraph("s")
    sg.set_graph(g, ds, rev)
    events: list[dict] = []
    jobs = JobManager(store).for_run("bench", lambda e: events.append(e.wire()))
    return ToolContext(workspace=ws, session=sg, call_id="c", jobs=jobs), events


def tool_run(ctx, epochs: int) -> tuple[float, int]:
    from igraph_agent.tools import default_registry

    registry = default_registry()
    t = time.perf_counter()
    env = registry.dispatch("train", {"target": "faction", "arch": "gcn", "epochs": epochs,
                                      "patience": epochs + 1, "seed": 0}, ctx).envelope()
    wall = time.perf_counter() - t
    assert env["success"], env["error"]
    return wall, env["data"]["epochs_run"]


def ping_latencies(stop: threading.Event, pool: concurrent.futures.ThreadPoolExecutor,
                   limit: int = 400) -> list[float]:
    out = []
    while not stop.is_set() and len(out) < limit:
        t = time.perf_counter()
        pool.submit(lambda: 1 + 1).result()
        out.append((time.perf_counter() - t) * 1000)
        time.sleep(0.005)
    return out


def kernel_round_trip(epochs: int) -> tuple[list[float], list[float]]:
    """(idle, during training) round-trip ms of ``1+1`` in a real kernel."""
    from jupyter_client.manager import start_new_kernel

    km, kc = start_new_kernel(kernel_name="python3")
    try:
        def rt() -> float:
            t = time.perf_counter()
            kc.execute_interactive("1+1", timeout=60, output_hook=lambda m: None)
            return (time.perf_counter() - t) * 1000

        idle = [rt() for _ in range(20)]
        setup = ("import tempfile\nfrom igraph_agent import Agent\n"
                 "from igraph_agent.data.sbm import labelled_sbm\n"
                 "a = Agent(home=tempfile.mkdtemp())\n"
                 "a.ask('load', attach=[labelled_sbm()])\n"
                 "import igraph_agent.learn.nets as n; n.quiet_import()\n")
        kc.execute_interactive(setup, timeout=120, output_hook=lambda m: None)
        kc.execute_interactive(
            "h = a.start('Train a GCN to predict faction')", timeout=60,
            output_hook=lambda m: None)
        busy = []
        deadline = time.time() + 60
        while time.time() < deadline:
            busy.append(rt())
            kc.execute_interactive("print(h.done)", timeout=60,
                                           output_hook=lambda m: _grab(m, flag))
            if flag.get("done"):
                break
        return idle, busy
    finally:
        kc.stop_channels()
        km.shutdown_kernel(now=True)


flag: dict = {}


def _grab(msg: dict, into: dict) -> None:
    if msg["msg_type"] == "stream" and "True" in msg["content"].get("text", ""):
        into["done"] = True


def pct(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--epochs", type=int, default=200)
    ap.add_argument("--kernel", action="store_true")
    a = ap.parse_args()
    from igraph_agent.learn.nets import quiet_import

    quiet_import()
    plain_loop(5)  # warm up torch and PyG kernels
    plain = plain_loop(a.epochs)
    ctx, _events = project(Path(tempfile.mkdtemp(prefix="ia-bench-train-")))
    tool_run(ctx, 5)  # warm up
    wall, epochs = tool_run(ctx, a.epochs)
    print(f"epochs/s on the 300-node SBM, GCN, {a.epochs} epochs, 1 torch thread")
    print(f"  plain PyG loop      {a.epochs / plain:8.1f}")
    print(f"  train tool (job)    {epochs / wall:8.1f}   (whole call: features, job, save)")
    print(f"  ratio plain/tool    {(a.epochs / plain) / (epochs / wall):8.2f}")

    pool = concurrent.futures.ThreadPoolExecutor(1)
    stop = threading.Event()
    idle = ping_latencies(stop, pool, 200)
    out: dict = {}
    th = threading.Thread(target=lambda: out.update(r=tool_run(ctx, a.epochs)))
    th.start()
    time.sleep(0.2)
    busy = []
    while th.is_alive():
        busy += ping_latencies(stop, pool, 50)
    th.join()
    print("trivial call on another thread (ms)      median    p95    max")
    print(f"  idle                                   {statistics.median(idle):7.3f} "
          f"{pct(idle, .95):6.3f} {max(idle):6.2f}")
    print(f"  during training                        {statistics.median(busy):7.3f} "
          f"{pct(busy, .95):6.3f} {max(busy):6.2f}   ({len(busy)} calls)")
    if a.kernel:
        k_idle, k_busy = kernel_round_trip(a.epochs)
        print("kernel round trip of `1+1` (ms)          median    p95    max")
        print(f"  idle                                   {statistics.median(k_idle):7.1f} "
              f"{pct(k_idle, .95):6.1f} {max(k_idle):6.1f}")
        print(f"  during background training             {statistics.median(k_busy):7.1f} "
              f"{pct(k_busy, .95):6.1f} {max(k_busy):6.1f}   ({len(k_busy)} cells)")


if __name__ == "__main__":
    main()
