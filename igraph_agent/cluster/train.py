"""Distributed training of the GNN models with Ray Train (torch DDP).

:func:`fit_distributed` is what a train job calls instead of the local loop when the
``train`` tool is asked for ``workers`` > 1 and a cluster is set. It runs the same loops
(``learn/training.py``) on ``workers`` Ray Train workers through ``TorchTrainer``: each
worker holds the whole graph (it travels once, through the object store) and the same
seed, so the split, the initial weights and the negatives are the same everywhere; each
takes the gradient of its slice of the training nodes (node classification) or edges with
their negatives (link prediction), and DDP averages the gradients (gloo on CPUs, NCCL when
the cluster has a GPU per worker). Validation runs whole on every worker, and they agree
on early stopping. Worker 0 streams one row per epoch to a small actor that this side
polls, so the job's progress is live; a cancel reaches the workers through the same actor.
The result is the local loop's: the best net (rebuilt here from worker 0's weights), the
history, the final metrics, and ``distributed`` saying how it ran.

A worker or node that dies is ``CLUSTER_TASK_LOST``; an error inside the training is
``JOB_FAILED`` with that error. Nothing is written here: the caller stores the model only
from a complete result.

Example::

    >>> describe(workers=2, use_gpu=False, address="127.0.0.1:6379", nodes=2)
    {'workers': 2, 'backend': 'gloo', 'use_gpu': False, 'address': '127.0.0.1:6379', 'nodes': 2}
"""

from __future__ import annotations

import shutil
import tempfile
import threading
import time
from collections.abc import Callable
from typing import Any

from igraph_agent.cluster.connect import VARIABLE, ensure_connected
from igraph_agent.errors import AgentError, ErrorCode, JobCancelled

POLL_S = 0.2
MAX_WORKERS = 16


class Sink:
    """The Ray actor between the workers and this side: epoch rows, the stop flag, the
    final payload and the node each worker ran on."""

    def __init__(self) -> None:
        self.rows: list[tuple[int, dict[str, Any]]] = []
        self.stop = False
        self.payload: dict[str, Any] | None = None
        self.nodes: set[str] = set()

    def put(self, epoch: int, row: dict[str, Any]) -> None:
        self.rows.append((epoch, row))

    def since(self, start: int) -> list[tuple[int, dict[str, Any]]]:
        return self.rows[start:]

    def request_stop(self) -> None:
        self.stop = True

    def stopping(self) -> bool:
        return self.stop

    def ran_on(self, node: str) -> None:
        self.nodes.add(node)

    def finish(self, payload: dict[str, Any]) -> None:
        self.payload = payload

    def result(self) -> tuple[dict[str, Any] | None, int]:
        return self.payload, len(self.nodes)


def describe(*, workers: int, use_gpu: bool, address: str, nodes: int) -> dict[str, Any]:
    """How a distributed training ran, as its result states it."""
    return {"workers": workers, "backend": "nccl" if use_gpu else "gloo", "use_gpu": use_gpu,
            "address": address, "nodes": nodes}


def _train_loop(cfg: dict[str, Any]) -> None:
    """One Ray Train worker: the local loop on this worker's shard."""
    import ray
    import ray.train
    import ray.train.torch
    import torch
    import torch.distributed as dist

    from igraph_agent.learn.training import Shard, fit_link_predictor, fit_node_classifier

    context = ray.train.get_context()
    rank, world = context.get_world_rank(), context.get_world_size()
    sink = cfg["sink"]
    sink.ran_on.remote(ray.get_runtime_context().get_node_id())
    device = ray.train.torch.get_device()

    def reduce(value: float, op: Any) -> float:
        t = torch.tensor([value], dtype=torch.float64, device=device)
        dist.all_reduce(t, op=op)
        return float(t.item())

    shard = Shard(rank=rank, world=world, device=device,
                  wrap=ray.train.torch.prepare_model,
                  agree=lambda flag: reduce(float(flag), dist.ReduceOp.MAX) > 0,
                  mean=lambda value: reduce(value, dist.ReduceOp.SUM) / world)

    def check_cancelled() -> None:
        if shard.agree(ray.get(sink.stopping.remote())):
            raise JobCancelled("the training was cancelled")

    def report(epoch: int, row: dict[str, Any]) -> None:
        if rank == 0:
            sink.put.remote(epoch, row)

    config = cfg["config"]
    fit_fn = fit_node_classifier if config["task"] == "node_classification" else fit_link_predictor
    fit = fit_fn(ray.get(cfg["inputs"]), config, report, check_cancelled, shard)
    if rank == 0:
        state = {k: v.detach().cpu() for k, v in fit.pop("net").state_dict().items()}
        ray.get(sink.finish.remote({**fit, "state": state}))


def fit_distributed(inputs: dict[str, Any], config: dict[str, Any],
                    report: Callable[[int, dict[str, Any]], None],
                    check_cancelled: Callable[[], None], *, address: str,
                    workers: int) -> dict[str, Any]:
    """The local loop's result (``net``, ``history``, ``best_epoch``, ``epochs_run``,
    ``stopped_early``, ``final``, and ``split_counts`` for link prediction) from a data-
    parallel training on ``workers`` Ray Train workers, plus ``distributed``."""
    from igraph_agent.learn.nets import build_net

    ray = ensure_connected(address)
    use_gpu = ray.cluster_resources().get("GPU", 0) >= workers
    sink = ray.remote(Sink).options(num_cpus=0).remote()
    storage = tempfile.mkdtemp(prefix="igraph-agent-train-")
    trainer = _trainer(ray, {"sink": sink, "inputs": ray.put(inputs), "config": config},
                       workers, use_gpu, storage)
    outcome: dict[str, BaseException] = {}

    def fit() -> None:
        try:
            trainer.fit()
        except BaseException as exc:  # handed to the waiting side below
            outcome["error"] = exc

    runner = threading.Thread(target=fit, name="igraph-agent-ray-train", daemon=True)
    runner.start()
    seen, cancelled = 0, None
    try:
        while True:
            rows = ray.get(sink.since.remote(seen))
            for epoch, row in rows:
                report(epoch, row)
            seen += len(rows)
            if not runner.is_alive():
                break
            if cancelled is None:
                try:
                    check_cancelled()
                except JobCancelled as exc:
                    cancelled = exc
                    sink.request_stop.remote()
            runner.join(POLL_S)
        payload, nodes = ray.get(sink.result.remote())
    finally:
        ray.kill(sink)
        shutil.rmtree(storage, ignore_errors=True)
    if cancelled is not None:
        raise cancelled
    if "error" in outcome or payload is None:
        raise _coded(outcome.get("error"), address)
    out_dim = (len(inputs["classes"]) if config["task"] == "node_classification"
               else config["hidden"])
    net = build_net(config["arch"], inputs["x"].shape[1], config["hidden"], out_dim,
                    config["layers"], config["dropout"], config["heads"])
    net.load_state_dict(payload.pop("state"))
    net.eval()
    return {**payload, "net": net,
            "distributed": describe(workers=workers, use_gpu=use_gpu, address=address,
                                    nodes=nodes)}


def _trainer(ray: Any, cfg: dict[str, Any], workers: int, use_gpu: bool, storage: str) -> Any:
    from ray.train import FailureConfig, RunConfig, ScalingConfig
    from ray.train.torch import TorchConfig, TorchTrainer

    return TorchTrainer(
        _train_loop, train_loop_config=cfg,
        scaling_config=ScalingConfig(num_workers=workers, use_gpu=use_gpu,
                                     resources_per_worker={"CPU": 1, **(
                                         {"GPU": 1} if use_gpu else {})}),
        torch_config=TorchConfig(backend="nccl" if use_gpu else "gloo"),
        run_config=RunConfig(name=f"igraph-agent-{int(time.time() * 1000)}",
                             storage_path=storage, failure_config=FailureConfig(max_failures=0)))


def _coded(exc: BaseException | None, address: str) -> AgentError:
    """A failed Ray Train run as a coded error: a lost worker or node, or the error raised
    inside the training."""
    text = f"{type(exc).__name__}: {exc}" if exc is not None else "no result came back"
    lost_words = ("ActorDiedError", "WorkerCrashedError", "NodeDiedError", "died",
                  "unexpectedly", "SYSTEM_ERROR", "no result came back")
    if any(w in text for w in lost_words):
        return AgentError(ErrorCode.CLUSTER_TASK_LOST,
                          f"a distributed training worker on the Ray cluster at {address} "
                          f"was lost: {text.strip().splitlines()[0][:300]}",
                          hint="train again (the workers start afresh on the nodes still "
                               f"alive), with fewer workers, or unset {VARIABLE}",
                          retryable=True, details={"address": address})
    return AgentError(ErrorCode.JOB_FAILED,
                      f"the distributed training failed on the Ray cluster: {text[:500]}",
                      hint="the same error happens in a local training; change the arguments",
                      details={"address": address})
