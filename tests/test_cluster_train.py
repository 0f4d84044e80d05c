"""Distributed training with Ray Train (torch DDP, gloo, one CPU per worker) on a real
loopback Ray cluster (head + worker node): the train tool's ``workers`` > 1 path
(cluster/train.py) reports the local trainer's metrics, states the split and seed, and
writes a model that ``infer`` loads."""

from __future__ import annotations

import json
import threading
import time
from pathlib import Path

import pytest
from test_learning import REGISTRY, Project

from igraph_agent.runtime.jobs import JobManager
from igraph_agent.store.jobs import JobStore

pytestmark = pytest.mark.slow
WAIT = 180  # seconds: a bound for a hung training, never a timing assertion


def test_two_worker_training_reports_metrics_writes_a_model_infer_loads(
        tmp_path, monkeypatch, ray_cluster):
    monkeypatch.setenv("IGRAPH_AGENT_CLUSTER", ray_cluster.address)
    project = Project(tmp_path)
    project.jobs = JobManager(project.store, cluster=ray_cluster.address)
    env = project.call("train", target="faction", arch="sage", seed=3, epochs=30, patience=10,
                       workers=2)
    assert env["success"], env["error"]
    data = env["data"]
    assert data["distributed"] == {"workers": 2, "backend": "gloo", "use_gpu": False,
                                   "address": ray_cluster.address, "nodes": 2}
    assert data["split"]["seed"] == 3 and data["split"]["fractions"]["train"] == 0.6
    assert sum(data["split"]["counts"].values()) + data["split"]["unlabelled"] == 300
    assert set(data["metrics"]) == {"val_accuracy", "val_macro_f1", "test_accuracy",
                                    "test_macro_f1"}
    assert data["metrics"]["test_accuracy"] > 0.5  # three separable classes: better than chance
    assert "data-parallel on 2 Ray workers" in env["summary"]
    # one live progress record per epoch, as the local trainer gives
    progress = project.jobs.db.progress(data["job_id"], -1, 10_000)
    epochs = [p["data"]["epoch"] for p in progress if "epoch" in (p.get("data") or {})]
    assert epochs == list(range(1, data["epochs_run"] + 1))
    model = JobStore(project.store).get_model(data["model_id"])
    assert model["status"] == "ready"
    stored = json.loads((Path(model["path"]) / "metrics.json").read_text())
    assert stored["distributed"]["workers"] == 2 and stored["final"] == data["metrics"]
    infer = REGISTRY.dispatch("infer", {"model_id": data["model_id"], "nodes": ["n001"]},
                              project.ctx())
    assert infer.success, infer.error
    assert infer.data["predictions"][0]["prediction"] in data["classes"]
    project.store.close()


def test_workers_without_a_cluster_is_refused_before_anything_is_stored(tmp_path, monkeypatch):
    monkeypatch.delenv("IGRAPH_AGENT_CLUSTER", raising=False)
    project = Project(tmp_path)
    env = project.call("train", target="faction", workers=2)
    assert not env["success"] and env["error"]["code"] == "INVALID_ARGUMENTS"
    assert "IGRAPH_AGENT_CLUSTER" in env["error"]["hint"]
    assert JobStore(project.store).models() == []
    project.store.close()


def test_cancelling_a_distributed_training_stops_its_workers_and_stores_no_model(
        tmp_path, monkeypatch, ray_cluster):
    monkeypatch.setenv("IGRAPH_AGENT_CLUSTER", ray_cluster.address)
    project = Project(tmp_path)
    project.jobs = JobManager(project.store, cluster=ray_cluster.address)
    answer: dict = {}
    caller = threading.Thread(target=lambda: answer.update(project.call(
        "train", target="faction", arch="gcn", epochs=5000, patience=5000, workers=2)))
    caller.start()
    deadline = time.monotonic() + WAIT
    while True:  # two epochs reported: the workers are training
        jobs = project.jobs.db.list_jobs("run_t")
        if jobs and project.jobs.db.progress_count(jobs[0].id) >= 2:
            break
        assert time.monotonic() < deadline, "no epoch reported"
        time.sleep(0.2)
    project.jobs.cancel(jobs[0].id)
    assert project.jobs.wait(jobs[0].id, WAIT) == "cancelled"
    caller.join(WAIT)
    assert not answer["success"] and answer["error"]["code"] == "JOB_CANCELLED"
    [model] = JobStore(project.store).models()
    assert model["status"] == "cancelled" and not Path(model["path"]).exists()
    assert project.jobs.db.progress_count(jobs[0].id) < 5000
    project.store.close()
