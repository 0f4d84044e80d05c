"""A real Ray cluster on loopback for the cluster tests: a head node and one extra worker
node, each a `ray start --block` process in its own process group, started and stopped
by the test with bounded time. Stopping kills only these two groups, never other Ray
processes on the machine (`ray stop` would)."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

import pytest

RAY = str(Path(sys.executable).with_name("ray"))
START_TIMEOUT_S = 90.0


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@dataclass
class LocalRay:
    """One running loopback cluster: its GCS ``address`` and the node processes."""

    address: str
    temp_dir: Path
    nodes: list[subprocess.Popen] = field(default_factory=list)

    def kill_worker_node(self) -> None:
        """Kill the extra worker node's process group at once (a lost machine)."""
        kill_group(self.nodes[-1], signal.SIGKILL)

    def env(self) -> dict[str, str]:
        """Environment for a child process (a kernel) pointed at this cluster."""
        return {**os.environ, "IGRAPH_AGENT_CLUSTER": self.address, "RAY_USAGE_STATS_ENABLED": "0"}


def kill_group(proc: subprocess.Popen, sig: int = signal.SIGTERM) -> None:
    try:
        os.killpg(proc.pid, sig)
    except ProcessLookupError:
        return


def _wait_port(port: int, deadline: float) -> None:
    while time.monotonic() < deadline:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=1.0):
                return
        except OSError:
            time.sleep(0.2)
    raise TimeoutError(f"the Ray head on port {port} did not listen in time")


def _wait_nodes(address: str, count: int, deadline: float) -> None:
    """One probe process that connects once and polls until ``count`` nodes are alive."""
    probe = ("import ray,sys,time; ray.init(address=sys.argv[1], logging_level='ERROR'); "
             "end=time.monotonic()+float(sys.argv[3])\n"
             "while time.monotonic()<end:\n"
             "    if sum(1 for n in ray.nodes() if n['Alive'])>=int(sys.argv[2]): sys.exit(0)\n"
             "    time.sleep(0.3)\n"
             "sys.exit(1)")
    left = max(5.0, deadline - time.monotonic())
    out = subprocess.run([sys.executable, "-c", probe, address, str(count), str(left)],
                         capture_output=True, text=True, timeout=left + 30)
    if out.returncode != 0:
        raise TimeoutError(f"the Ray cluster at {address} did not show {count} nodes in time: "
                           f"{out.stderr[-500:]}")


@contextmanager
def local_ray_cluster(temp_dir: Path, *, worker_cpus: int = 1,
                      worker_resources: dict[str, float] | None = None) -> Iterator[LocalRay]:
    """Start a head (1 CPU) and a worker node on 127.0.0.1; always stop both.
    ``worker_resources`` (Ray custom resources) let a test place work on the worker node.
    ``temp_dir`` must be short: Ray's socket paths under it are limited to 107 characters."""
    port = free_port()
    address = f"127.0.0.1:{port}"
    # a raylet waits this long for its agent's port file before it aborts (30 s by
    # default, which a loaded 2-core machine running several clusters exceeds)
    env = {**os.environ, "RAY_USAGE_STATS_ENABLED": "0", "RAY_raylet_start_wait_time_s": "120"}
    temp_dir.mkdir(parents=True, exist_ok=True)
    cluster = LocalRay(address=address, temp_dir=temp_dir)
    common = ["--block", "--node-ip-address=127.0.0.1", "--disable-usage-stats"]
    head = [RAY, "start", "--head", f"--port={port}", "--num-cpus=1",
            "--include-dashboard=false", f"--temp-dir={temp_dir}", *common]
    worker = [RAY, "start", f"--address={address}", f"--num-cpus={worker_cpus}", *common]
    if worker_resources:
        worker.append(f"--resources={json.dumps(worker_resources)}")
    logs = open(temp_dir / "nodes.log", "ab")
    try:
        cluster.nodes.append(subprocess.Popen(head, env=env, stdout=logs, stderr=logs,
                                              start_new_session=True))
        _wait_port(port, time.monotonic() + START_TIMEOUT_S)
        cluster.nodes.append(subprocess.Popen(worker, env=env, stdout=logs, stderr=logs,
                                              start_new_session=True))
        _wait_nodes(address, 2, time.monotonic() + START_TIMEOUT_S)
        yield cluster
    finally:
        # a test cluster holds nothing worth a graceful stop (which takes ~30 s here)
        for proc in reversed(cluster.nodes):
            kill_group(proc, signal.SIGKILL)
        for proc in cluster.nodes:
            proc.wait(timeout=30)
        logs.close()


@pytest.fixture(scope="session")
def ray_cluster(tmp_path_factory) -> Iterator[LocalRay]:
    """A head and a worker node shared by the whole test session, stopped after it.
    Tests that break a cluster (kill a node) start their own with ``local_ray_cluster``."""
    pytest.importorskip("ray")
    with local_ray_cluster(tmp_path_factory.mktemp("ray")) as cluster:
        yield cluster
        from igraph_agent.cluster.connect import disconnect

        disconnect()  # this process's driver leaves before its cluster is killed
