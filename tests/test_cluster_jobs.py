"""Background jobs on a real Ray cluster on loopback (a head and a worker node, started
and stopped by tests/ray_support.py): training with live progress, cancel, a job that
outlives the process that started it, a lost worker node, an unreachable cluster, a
remote error; and jobs on threads when no cluster is set."""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import textwrap
import threading
import time
from pathlib import Path

import pytest

from igraph_agent.cluster.connect import NAMESPACE
from igraph_agent.errors import AgentError
from igraph_agent.runtime.jobs import JobManager, host_of
from igraph_agent.store import Store
from igraph_agent.store.jobs import JobStore

ray = pytest.importorskip("ray")
from ray import cloudpickle  # noqa: E402
from ray_support import free_port, local_ray_cluster  # noqa: E402

# the work functions below travel to Ray workers by value: this module is not importable there
cloudpickle.register_pickle_by_value(sys.modules[__name__])

WAIT = 120  # seconds: a bound for a hung job, never a timing assertion


def steps(job, n: int = 600, pause: float = 0.1) -> dict:
    for i in range(n):
        job.check_cancelled()
        time.sleep(pause)
        job.progress((i + 1) / n, f"step {i + 1}/{n}")
    return {"steps": n, "pid": os.getpid()}


def parent_with_child(job) -> dict:
    job.spawn("child", steps)
    return steps(job)


def raises(job) -> None:
    job.progress(0.5, "about to fail")
    raise ValueError("bad input 7")


def pid_of(job) -> dict:
    job.progress(1.0, "done")
    return {"pid": os.getpid()}


def wait_for_progress(store: Store, job_id: str, count: int = 1) -> None:
    deadline = time.monotonic() + WAIT
    while JobStore(store).progress_count(job_id) < count:
        assert time.monotonic() < deadline, f"no progress from {job_id}"
        time.sleep(0.1)


def host_gone(jobs: JobManager, job_id: str) -> bool:
    """The Ray actor the job ran in no longer exists (``ray.kill`` is asynchronous: its
    name resolves until the cluster has seen the actor die, so allow it a bounded time)."""
    deadline = time.monotonic() + WAIT
    while True:
        try:
            ray.get_actor(host_of(jobs.db.get_job(job_id).owner), namespace=NAMESPACE)
        except ValueError:
            return True
        if time.monotonic() > deadline:
            return False
        time.sleep(0.2)


def seqs(jobs: JobManager, job_id: str) -> list[int]:
    return [r["seq"] for r in jobs.db.progress(job_id, -1, 10_000)]


@pytest.fixture
def on_cluster(ray_cluster, tmp_path):
    store = Store(tmp_path / "agent.db")
    jobs = JobManager(store, cluster=ray_cluster.address)
    yield jobs
    store.close()


pytestmark = pytest.mark.slow


def test_job_work_runs_in_a_ray_actor_and_its_result_is_collected(on_cluster):
    job_id = on_cluster.submit("demo", pid_of)
    assert on_cluster.wait(job_id, WAIT) == "done"
    st = on_cluster.status(job_id)
    assert st["result"]["pid"] != os.getpid()  # ran in a Ray worker process
    assert host_of(on_cluster.db.get_job(job_id).owner) == f"job-{job_id}"
    assert [p["message"] for p in st["progress"]] == ["done"]
    assert host_gone(on_cluster, job_id)  # the actor is removed once its job is collected


def test_training_on_the_cluster_streams_progress_and_stores_the_model(ray_cluster, tmp_path):
    from test_learning import FAST, REGISTRY, Project

    project = Project(tmp_path)
    project.jobs = JobManager(project.store, cluster=ray_cluster.address)
    env = project.call("train", target="faction", arch="gcn", seed=0, **FAST)
    assert env["success"], env["error"]
    root, final = env["data"]["job_id"], env["data"]["final_job_id"]
    train_seqs = seqs(project.jobs, root)
    assert train_seqs == list(range(len(train_seqs))) and len(train_seqs) >= 2
    events = [e for e in project.events if e["type"] == "job.progress" and e["job_id"] == root]
    assert [e["seq"] for e in events] == train_seqs  # live JobProgress events, in order
    assert events[0]["message"].startswith("epoch 1/40")
    assert project.jobs.status(root)["child_id"] == final
    # the save step ran in the training job's actor: the model never came back here
    assert host_of(project.jobs.db.get_job(final).owner) == f"job-{root}"
    assert project.jobs.wait(final, WAIT) == "done"  # its thread has released the actor
    assert host_gone(project.jobs, root)
    model = JobStore(project.store).get_model(env["data"]["model_id"])
    assert model["status"] == "ready" and os.path.exists(os.path.join(model["path"]))
    infer = REGISTRY.dispatch("infer", {"model_id": env["data"]["model_id"]}, project.ctx())
    assert infer.success
    project.store.close()


def test_cancel_stops_the_ray_actor_and_its_child_and_confirms(on_cluster):
    job_id = on_cluster.submit("demo", parent_with_child)
    wait_for_progress(on_cluster.db.store, job_id)
    deadline = time.monotonic() + WAIT
    while not on_cluster.descendants(job_id):
        assert time.monotonic() < deadline
        time.sleep(0.1)
    child = on_cluster.descendants(job_id)[0]
    assert sorted(on_cluster.cancel(job_id)) == sorted([job_id, child])
    assert on_cluster.wait(job_id, WAIT) == "cancelled"
    assert on_cluster.wait(child, WAIT) == "cancelled"
    assert on_cluster.status(job_id)["error"]["code"] == "JOB_CANCELLED"
    assert host_of(on_cluster.db.get_job(child).owner) == f"job-{job_id}"
    assert host_gone(on_cluster, job_id)
    assert len(seqs(on_cluster, job_id)) < 600


def test_a_remote_error_fails_the_job_with_its_type_and_message(on_cluster):
    job_id = on_cluster.submit("demo", raises)
    assert on_cluster.wait(job_id, WAIT) == "failed"
    err = on_cluster.status(job_id)["error"]
    assert err["code"] == "JOB_FAILED" and err["message"] == "ValueError: bad input 7"
    assert err["details"]["where"] == "ray" and "bad input 7" in err["details"]["traceback"]
    assert seqs(on_cluster, job_id) == [0]


def test_work_that_cannot_travel_is_refused_before_anything_is_stored(on_cluster):
    lock = threading.Lock()
    with pytest.raises(AgentError) as caught:
        on_cluster.submit("demo", lambda job: lock.locked())
    assert caught.value.code == "JOB_FAILED" and "not picklable" in caught.value.message
    assert on_cluster.db.list_jobs() == []


WORK_SOURCE = """
def work(job):
    import time
    for i in range(40):
        job.check_cancelled()
        time.sleep(0.1)
        job.progress((i + 1) / 40, f"step {i + 1}/40")
    return {"steps": 40}
"""


SUBMIT_AND_EXIT = textwrap.dedent("""
    import os, sys, time
    from igraph_agent.runtime.jobs import JobManager
    from igraph_agent.store import Store
    from igraph_agent.store.jobs import JobStore

    {work}

    store = Store(sys.argv[1])
    jobs = JobManager(store, cluster=sys.argv[2])
    job_id = jobs.submit("survivor", work)
    while JobStore(store).progress_count(job_id) < 3:
        time.sleep(0.05)
    print(job_id, flush=True)
    os._exit(0)  # the process ends at once, as a killed kernel does
""").replace("{work}", WORK_SOURCE)


def test_a_job_outlives_its_process_and_a_new_agent_reattaches_and_collects_it(
        ray_cluster, tmp_path, monkeypatch):
    from igraph_agent import Agent

    out = subprocess.run([sys.executable, "-c", SUBMIT_AND_EXIT, str(tmp_path / "agent.db"),
                          ray_cluster.address], capture_output=True, text=True, timeout=WAIT,
                         env=ray_cluster.env())
    assert out.returncode == 0, out.stderr[-2000:]
    job_id = out.stdout.strip()
    monkeypatch.setenv("IGRAPH_AGENT_CLUSTER", ray_cluster.address)
    agent = Agent(tmp_path)
    try:
        assert agent.recovered["jobs_reattached"] == 1 and agent.recovered["jobs_failed"] == 0
        assert agent.jobs.wait(job_id, WAIT) == "done"
        st = agent.jobs.status(job_id, limit=100)
        assert st["result"] == {"steps": 40}
        assert [p["seq"] for p in st["progress"]] == list(range(40))  # nothing lost or repeated
        assert st["progress"][-1]["message"] == "step 40/40"
        assert agent.jobs.db.get_job(job_id).owner.startswith(f"{os.getpid()}:")
        assert host_gone(agent.jobs, job_id)
    finally:
        agent.store.close()


def test_a_job_whose_actor_is_gone_is_failed_as_lost_at_start_up(ray_cluster, tmp_path):
    store = Store(tmp_path / "agent.db")
    JobStore(store).add_job("job_gone", "demo", owner="999999999:1@ray:job-job_gone")
    jobs = JobManager(store, cluster=ray_cluster.address)
    assert jobs.interrupt_stale() == 1
    err = jobs.status("job_gone")["error"]
    assert jobs.status("job_gone")["state"] == "failed" and err["code"] == "CLUSTER_TASK_LOST"
    assert "actor is gone" in err["message"]
    store.close()


def test_a_worker_node_killed_mid_job_fails_the_job_as_lost(tmp_path):
    # a short folder: Ray's socket paths under it must stay within 107 characters
    with tempfile.TemporaryDirectory(prefix="ray") as short, \
            local_ray_cluster(Path(short), worker_resources={"doomed_node": 1}) as cluster:
        store = Store(tmp_path / "agent.db")
        jobs = JobManager(store, cluster=cluster.address)
        jobs.remote.resources = {"doomed_node": 1}  # place the job on the worker node
        job_id = jobs.submit("demo", steps)
        wait_for_progress(store, job_id, 2)
        cluster.kill_worker_node()
        assert jobs.wait(job_id, WAIT) == "failed"
        err = jobs.status(job_id)["error"]
        assert err["code"] == "CLUSTER_TASK_LOST" and job_id in err["message"]
        assert err["hint"]
        store.close()


def test_an_unreachable_cluster_refuses_the_submit_promptly(tmp_path):
    store = Store(tmp_path / "agent.db")
    jobs = JobManager(store, cluster=f"127.0.0.1:{free_port()}")
    with pytest.raises(AgentError) as caught:
        jobs.submit("demo", pid_of)
    assert caught.value.code == "CLUSTER_UNAVAILABLE" and caught.value.hint
    assert jobs.db.list_jobs() == []  # nothing half-written
    store.close()


def test_an_unreachable_cluster_fails_train_with_the_model_record_ended(tmp_path):
    from test_learning import Project

    project = Project(tmp_path)
    project.jobs = JobManager(project.store, cluster=f"127.0.0.1:{free_port()}")
    env = project.call("train", target="faction", epochs=5)
    assert not env["success"] and env["error"]["code"] == "CLUSTER_UNAVAILABLE"
    assert project.jobs.db.list_jobs() == []
    assert [m["status"] for m in JobStore(project.store).models()] == ["failed"]
    project.store.close()


@pytest.mark.parametrize("setting", [None, ""])
def test_without_a_cluster_setting_jobs_run_on_threads_here(tmp_path, setting):
    store = Store(tmp_path / "agent.db")
    jobs = JobManager(store, cluster=setting)
    assert jobs.remote is None
    job_id = jobs.submit("demo", pid_of)
    assert jobs.wait(job_id, WAIT) == "done"
    assert jobs.status(job_id)["result"]["pid"] == os.getpid()
    assert host_of(jobs.db.get_job(job_id).owner) == ""
    store.close()


SUBMIT_CELL = """
import time
from igraph_agent.jupyter.kernel_bridge import get_bridge

{work}
jobs = get_bridge().agent.jobs
job_id = jobs.submit("survivor", work)
while jobs.db.progress_count(job_id) < 3:
    time.sleep(0.05)
print(job_id)
""".replace("{work}", WORK_SOURCE)

COLLECT_CELL = """
from igraph_agent.jupyter.kernel_bridge import get_bridge
agent = get_bridge().agent
state = agent.jobs.wait({job_id!r}, 120)
st = agent.jobs.status({job_id!r}, limit=100)
print(agent.recovered["jobs_reattached"], state, st["result"],
      [p["seq"] for p in st["progress"]] == list(range(40)))
"""


@pytest.mark.kernel
def test_a_job_survives_a_kernel_restart_and_the_restarted_kernel_collects_it(
        ray_cluster, tmp_path):
    import json

    from jupyter_fixtures import KernelSession, kernel_env

    spec = tmp_path / "specs" / "ipk7"
    spec.mkdir(parents=True)
    (spec / "kernel.json").write_text(json.dumps({
        "argv": [sys.executable, "-m", "ipykernel_launcher", "-f", "{connection_file}"],
        "display_name": "ipk7", "language": "python"}))
    env = {**kernel_env(tmp_path / "project"), "IGRAPH_AGENT_CLUSTER": ray_cluster.address}
    k = KernelSession("ipk7", tmp_path / "specs", tmp_path, env)
    try:
        assert k.run("%load_ext igraph_agent").status == "ok"
        submitted = k.run(SUBMIT_CELL)
        assert submitted.status == "ok", submitted.error
        job_id = submitted.stdout.strip()
        k.km.restart_kernel(now=True)  # the kernel process is killed and started again
        k.kc.wait_for_ready(timeout=60)
        assert k.run("%load_ext igraph_agent").status == "ok"
        collected = k.run(COLLECT_CELL.format(job_id=job_id))
        assert collected.status == "ok", collected.error
        assert collected.stdout.strip() == "1 done {'steps': 40} True"
        shown = k.run(f"%agent jobs {job_id}")
        assert shown.status == "ok" and not shown.error
    finally:
        k.shutdown()


def test_jobs_left_on_an_unreachable_cluster_are_kept_for_a_later_start(tmp_path):
    store = Store(tmp_path / "agent.db")
    for job_id in ("job_a", "job_b"):
        JobStore(store).add_job(job_id, "demo", owner=f"999999999:1@ray:job-{job_id}")
    jobs = JobManager(store, cluster=f"127.0.0.1:{free_port()}")
    assert jobs.interrupt_stale() == 0 and jobs.reattached == []
    assert [jobs.status(j)["state"] for j in ("job_a", "job_b")] == ["queued", "queued"]
    store.close()
