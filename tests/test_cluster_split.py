"""Analyses split across a real loopback Ray cluster (head + one worker node) give the
numbers of the single-machine path for the same seed (cluster/split.py)."""

from __future__ import annotations

import os
import re
import sys
from pathlib import Path

import networkx as nx
import pandas as pd
import pytest
from tools_support import ok

from igraph_agent.cluster.split import run_tasks
from igraph_agent.errors import AgentError, ErrorCode
from igraph_agent.eval import load_questions, run_eval
from igraph_agent.graph.datasets import GraphSpec
from igraph_agent.graph.session import SessionGraph
from igraph_agent.graph.summary import view_parts
from igraph_agent.graph.workspace import Workspace
from igraph_agent.store import Store
from igraph_agent.tools import ToolContext
from igraph_agent.tools.centrality import centrality_scores

pytestmark = pytest.mark.slow
ray = pytest.importorskip("ray")
# the task functions below travel to Ray workers by value: this module is not importable there
ray.cloudpickle.register_pickle_by_value(sys.modules[__name__])


def stored_context(home: Path, g: nx.Graph) -> ToolContext:
    """``g`` stored as a dataset revision and loaded from its tables, as a session holds it."""
    ws = Workspace(home, Store(home / "agent.db"))
    rows = [{"source": str(u), "target": str(v), "weight": d.get("weight", 1.0)}
            for u, v, d in g.edges(data=True)]
    src = ws.attach(pd.DataFrame(rows), name="edges")
    ds = ws.construct([src["source_id"]], GraphSpec())
    loaded, rev = ws.load(ds["id"])
    session = SessionGraph("s")
    session.set_graph(loaded, ds["id"], rev)
    return ToolContext(workspace=ws, session=session, call_id="c1")


@pytest.fixture
def weighted_graph() -> nx.Graph:
    g = nx.relabel_nodes(nx.connected_watts_strogatz_graph(400, 8, 0.1, seed=3), str)
    for i, (u, v) in enumerate(g.edges()):
        g[u][v]["weight"] = 1.0 + (i % 5)
    return g


@pytest.fixture
def on_cluster(monkeypatch, ray_cluster):
    """The cluster set and the threshold lowered below the test graphs' 1600 edges."""
    monkeypatch.setenv("IGRAPH_AGENT_WORKER_MIN_EDGES", "1000")
    monkeypatch.setenv("IGRAPH_AGENT_CLUSTER", ray_cluster.address)
    return ray_cluster


def local_and_split(ctx: ToolContext, monkeypatch, cluster, name: str, **args) -> tuple[dict, dict]:
    monkeypatch.delenv("IGRAPH_AGENT_CLUSTER")
    local = ok(ctx, name, **args)
    monkeypatch.setenv("IGRAPH_AGENT_CLUSTER", cluster.address)
    return local, ok(ctx, name, **args)


#: the weight as path measures read a tie strength: 1/weight (tools/weights.py)
INVERSE = {"attribute": "weight", "inverted": True, "sense": "distance"}


def same_ranking(got: list[dict], want: list[dict]) -> None:
    """The same scores rank by rank; a node may differ only where scores tie (networkx and
    igraph add the same figures in another order, so a tie may break the other way)."""
    assert [r["score"] for r in got] == pytest.approx([r["score"] for r in want], abs=1e-6)
    for a, b in zip(got, want, strict=True):
        assert a["node"] == b["node"] or sum(
            abs(r["score"] - a["score"]) < 1e-9 for r in want) > 1


def test_split_sampled_betweenness_and_closeness_equal_the_local_ones_on_both_nodes(
        tmp_path, weighted_graph, monkeypatch, on_cluster):
    ctx = stored_context(tmp_path, weighted_graph)
    assert view_parts(ctx.session.graph) is not None  # placed from the stored arrays
    for weighted in (False, True):  # the local path at the real threshold is igraph's
        local, split = local_and_split(ctx, monkeypatch, on_cluster, "node_centrality",
                                       measure="betweenness", k=60, seed=7, top_k=25,
                                       weight="weight" if weighted else None, backend="igraph")
        assert "cluster" not in local and split["backend"] == local["backend"] == "igraph"
        assert split["cluster"]["parts"] == 4 and split["cluster"]["nodes"] == 2
        assert split["sample_k"] == local["sample_k"] == 60 and split["approximate"]
        same_ranking(split["top"], local["top"])
    # unweighted, networkx's own sampled betweenness (the local path of a small graph) agrees
    nx_local, split = local_and_split(ctx, monkeypatch, on_cluster, "node_centrality",
                                      measure="betweenness", k=60, seed=7, top_k=25,
                                      weight=None)
    assert nx_local["backend"] == "networkx" and split["cluster"]["nodes"] == 2
    same_ranking(split["top"], nx_local["top"])
    # every node's score, against the one-call igraph path, not only the printed top
    for measure in ("betweenness", "closeness"):
        monkeypatch.delenv("IGRAPH_AGENT_CLUSTER")
        one = centrality_scores(ctx, measure, k=60, seed=7, backend="igraph", use=INVERSE)
        monkeypatch.setenv("IGRAPH_AGENT_CLUSTER", on_cluster.address)
        parts = centrality_scores(ctx, measure, k=60, seed=7, use=INVERSE)
        assert parts["cluster"]["parts"] >= 2 and set(parts["scores"]) == set(one["scores"])
        if measure == "closeness":  # one figure per vertex: the same computation, exactly
            assert parts["scores"] == one["scores"]
        else:  # partial sums added in another order: equal to rounding
            for node, value in one["scores"].items():
                assert parts["scores"][node] == pytest.approx(value, rel=1e-12, abs=1e-15)
    summary = ok(ctx, "node_centrality", measure="closeness", top_k=3)
    assert summary["cluster"]["parts"] == 4


def test_below_the_threshold_nothing_goes_to_the_cluster(tmp_path, weighted_graph, monkeypatch,
                                                         on_cluster):
    monkeypatch.setenv("IGRAPH_AGENT_WORKER_MIN_EDGES", "100000")
    ctx = stored_context(tmp_path, weighted_graph)
    data = ok(ctx, "node_centrality", measure="betweenness", k=60, seed=7)
    assert "cluster" not in data and data["backend"] == "networkx"


def test_per_community_statistics_split_equal_the_local_ones(tmp_path, monkeypatch, on_cluster):
    g = nx.relabel_nodes(nx.planted_partition_graph(6, 60, 0.2, 0.01, seed=5), str)
    ctx = stored_context(tmp_path, g)
    local, split = local_and_split(ctx, monkeypatch, on_cluster, "community_detection",
                                   method="leiden", seed=1, top_k=6, statistics=True)
    assert split["cluster"]["parts"] == 4
    assert split["largest_communities"] == local["largest_communities"]
    local_bridges, split_bridges = local_and_split(ctx, monkeypatch, on_cluster, "bridge_nodes",
                                                   method="leiden", seed=1, top_k=5,
                                                   backend="igraph")
    assert split_bridges["centrality_cluster"]["parts"] == 4
    assert [(b["node"], b["centrality"]) for b in split_bridges["bridges"]] == [
        (b["node"], b["centrality"]) for b in local_bridges["bridges"]]
    first = local["largest_communities"][0]
    assert first["size"] == 60 and first["internal_edges"] > first["cut_edges"] > 0
    assert 0 < first["conductance"] < 1 and 0 < first["density"] < 1


def test_an_eval_run_as_ray_tasks_reports_what_the_local_run_reports(ray_cluster):
    qset = load_questions(Path(__file__).parent / "data" / "eval_small.yaml")
    local = run_eval(qset, model="offline/planner")
    split = run_eval(qset, model="offline/planner", cluster=ray_cluster.address)

    def rows(report):  # each run builds its template project: dataset ids are its own
        return [{**r.model_dump(exclude={"seconds"}), "answer": re.sub(r"ds_\w+", "ds", r.answer)}
                for r in report.results]

    assert len(local.results) == 6 and rows(split) == rows(local)
    assert split.accuracy == local.accuracy and split.total.tool_calls == local.total.tool_calls


def _dies(x: int) -> tuple[int, str]:
    os._exit(3)  # the Ray worker process ends mid-task, as on a lost machine


def _raises(x: int) -> tuple[int, str]:
    raise ValueError(f"bad part {x}")


def test_a_part_whose_worker_dies_is_cluster_task_lost_and_a_raising_part_tool_failed(
        ray_cluster):
    with pytest.raises(AgentError) as lost:
        run_tasks(ray_cluster.address, _dies, [(1,), (2,)])
    assert lost.value.code == ErrorCode.CLUSTER_TASK_LOST and lost.value.retryable
    assert "IGRAPH_AGENT_CLUSTER" in lost.value.hint
    with pytest.raises(AgentError) as failed:
        run_tasks(ray_cluster.address, _raises, [(7,)])
    assert failed.value.code == ErrorCode.TOOL_FAILED and "bad part 7" in failed.value.message


def test_a_call_that_splits_stays_in_the_kernel_to_drive_the_cluster(tmp_path, weighted_graph,
                                                                      monkeypatch):
    from tools_support import REGISTRY

    from igraph_agent.runtime.workers import WorkerPool

    monkeypatch.setenv("IGRAPH_AGENT_WORKER_MIN_EDGES", "1000")
    monkeypatch.delenv("IGRAPH_AGENT_CLUSTER", raising=False)
    ctx = stored_context(tmp_path, weighted_graph)
    pool = WorkerPool(tmp_path, size=1)
    centrality = REGISTRY.get("node_centrality")
    betweenness = centrality.args_model(measure="betweenness")
    pagerank = centrality.args_model(measure="pagerank")
    try:
        assert pool.accepts(centrality, betweenness, ctx.session)  # no cluster: a worker
        monkeypatch.setenv("IGRAPH_AGENT_CLUSTER", "127.0.0.1:6379")
        assert not pool.accepts(centrality, betweenness, ctx.session)
        assert pool.accepts(centrality, pagerank, ctx.session)  # does not split: a worker
        assert pool.started == 0
    finally:
        pool.close()



def _quick() -> int:
    return 1


def _sleepy() -> int:
    import time

    time.sleep(60)
    return 2


class _RecordingRay:
    """The real ``ray`` module, noting which refs ``cancel`` was called with."""

    def __init__(self, real):
        self._real, self.cancelled = real, []

    def __getattr__(self, name):
        return getattr(self._real, name)

    def cancel(self, ref, **kwargs):
        self.cancelled.append(ref)
        return self._real.cancel(ref, **kwargs)


def test_stopping_the_parts_cancels_the_running_ones_and_never_a_finished_one(ray_cluster):
    """The driver is the user's kernel: Ray aborts the driver process when a finished task's
    late reply meets its cancellation (seen once in a full test run, after a part raised)."""
    from igraph_agent.cluster.connect import ensure_connected
    from igraph_agent.cluster.split import _cancel

    real = ensure_connected(ray_cluster.address)
    done = real.remote(num_cpus=0)(_quick).remote()
    assert real.get(done, timeout=60) == 1
    running = real.remote(num_cpus=0)(_sleepy).remote()
    recording = _RecordingRay(real)
    _cancel(recording, [done, running])
    assert recording.cancelled == [running]
    with pytest.raises((real.exceptions.TaskCancelledError, real.exceptions.WorkerCrashedError)):
        real.get(running, timeout=60)
