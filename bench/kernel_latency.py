"""Kernel responsiveness: how long `1+1` takes in a real kernel while the agent works.

For ipykernel 7 (the venv's) and 6 (``.venv/ipykernel6``, see tests/jupyter_fixtures.py) it
starts a kernel, loads the extension and times N round trips of a `1+1` cell (execute request
to its result on iopub) in four states:

  idle         nothing running (the baseline)
  no-wait run  a `%%agent --no-wait` run in progress (a ScriptedModel step sleeping 0.5 s,
               then a tool call, a background writer updating the panel)
  paused run   a run paused awaiting approval ("Clear the graph")
  job          a background job running (agent.jobs: sleep 50 ms + a progress record, x600)

and prints median / p95 in milliseconds and the ratio of each median to idle.

    .venv/bin/python bench/kernel_latency.py            # 20 samples per state
    .venv/bin/python bench/kernel_latency.py -n 50 --kernels ipk7
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from jupyter_fixtures import KARATE, KernelSession, kernel_env, kernelspecs

SLOW = """
import time
from igraph_agent.model.scripted import ScriptedModel, call
def _slow_step(messages, tools):
    time.sleep(0.5)
    return [call("get_graph_info")]
ScriptedModel([_slow_step] * 400 + ["done"], name="bench_slow")
"""
JOB = """
import time
from igraph_agent.jupyter import agent
def _work(job):
    for i in range(600):
        job.check_cancelled()
        time.sleep(0.05)
        job.progress((i + 1) / 600, f"step {i + 1}")
_job_id = agent().jobs.submit("bench", _work) if hasattr(agent(), "jobs") else None
print("no-jobs" if _job_id is None else _job_id)
"""


def sample(k: KernelSession, n: int) -> list[float]:
    out = []
    for _ in range(n):
        r = k.run("1+1")
        assert r.result and r.result["text/plain"] == "2", r
        out.append(r.elapsed_s * 1000)
    return out


def measure(name: str, specs: Path, n: int) -> list[tuple[str, list[float]]]:
    cwd = Path(tempfile.mkdtemp(prefix=f"latency-{name}-"))
    k = KernelSession(name, specs, cwd, kernel_env(cwd / "project"))
    rows = []
    try:
        k.run(f"%load_ext igraph_agent\nimport pandas as pd\nkarate = pd.read_csv({str(KARATE)!r})")
        k.run("%%agent --with karate\nHow big is the graph?")  # warm: imports, litellm
        rows.append(("idle", sample(k, n)))
        k.run(SLOW)
        k.run("%%agent --no-wait --model scripted/bench_slow\nWork slowly")
        time.sleep(1.0)
        rows.append(("no-wait run", sample(k, n)))
        k.run("%agent cancel")
        time.sleep(1.0)
        k.run("%agent new")
        k.run("%%agent --with karate\nHow big is the graph?")
        paused = k.run("%%agent\nClear the graph")
        status = k.run("%agent status").stdout
        if "pending approval" in status:
            rows.append(("paused run", sample(k, n)))
        else:
            print(f"[{name}] no paused run (approvals unavailable): {paused.text[:200]}")
        job = k.run(JOB).stdout.strip()
        if job == "no-jobs":
            print(f"[{name}] job state skipped: this runtime has no agent.jobs")
        else:
            rows.append(("job", sample(k, n)))
            k.run(f"from igraph_agent.jupyter import agent\nagent().jobs.cancel({job!r})")
    finally:
        k.shutdown()
    return rows


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("-n", type=int, default=20, help="samples per state")
    parser.add_argument("--kernels", default="ipk7,ipk6")
    args = parser.parse_args()
    specs = kernelspecs(Path(tempfile.mkdtemp(prefix="kernelspecs-")))
    print(f"`1+1` round trip in ms ({args.n} samples per state)\n")
    print(f"{'kernel':<7} {'state':<12} {'median':>8} {'p95':>8} {'max':>8} {'x idle':>7}")
    for name in args.kernels.split(","):
        rows = measure(name, specs, args.n)
        idle = statistics.median(rows[0][1])
        for state, values in rows:
            values = sorted(values)
            p95 = values[min(len(values) - 1, int(0.95 * len(values)))]
            med = statistics.median(values)
            print(f"{name:<7} {state:<12} {med:8.1f} {p95:8.1f} {values[-1]:8.1f} "
                  f"{med / idle:7.2f}")


if __name__ == "__main__":
    main()
