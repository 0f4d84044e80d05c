"""The first lookups on a big fresh graph through ``Agent.ask``: search_node, local_analysis,
shortest_path and search_edge, each the first of its kind in its session.

For each size a G(n, m) edge list (n = m / 5, ``bench/data_path.py``'s generator) is
attached in a fresh process with a first question that computes nothing ("How many nodes
and edges?": the runtime binds, constructs and loads it, and starts the analysis workers
where a first PageRank would need one). After ``--pause`` seconds (a person typing the next
question; idle workers prefetch the revision meanwhile) one question is asked, and the
bench prints its wall time, each tool call's own time and how many calls went to a worker
(the others ran in the agent's process). Every question runs in its own process, so each
call is a first call.

Run: ``.venv/bin/python bench/first_calls.py [--edges 1000000] [--pause 3]``
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("OMP_NUM_THREADS", "1")
os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")

#: (label, question): node ids exist in every generated graph of 10 nodes or more
QUESTIONS = [("search_node + local_analysis", "What is the neighbourhood of node 7?"),
             ("search_node x2 + shortest_path", "What is the shortest path between 7 and 9?"),
             ("search_edge", "Find the edge between 0 and 1")]


def run_child(csv: Path, home: Path, question: str, pause: float) -> dict:
    from igraph_agent import Agent

    agent = Agent(home=home)
    try:
        first = agent.ask("How many nodes and edges?", attach=[csv])
        assert first.status == "answered", (first.status, first.error)
        time.sleep(pause)
        served = agent.workers.served
        started = time.perf_counter()
        resp = agent.ask(question)
        wall = time.perf_counter() - started
        assert resp.status == "answered", (resp.status, resp.error, resp.answer)
        return {"wall": wall, "calls": [(a.tool, a.elapsed_ms) for a in resp.actions
                                        if a.tool != "get_graph_info"],
                "in_workers": agent.workers.served - served, "answer": resp.answer[:100]}
    finally:
        agent.close()


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--edges", type=int, nargs="+", default=[1_000_000])
    parser.add_argument("--pause", type=float, default=3.0)
    opts = parser.parse_args()
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from data_path import write_edges

    env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [
        str(Path(__file__).resolve().parents[1]), os.environ.get("PYTHONPATH", "")]))}
    for m in opts.edges:
        with tempfile.TemporaryDirectory(prefix="ia-firstcalls-") as tmp:
            csv = Path(tmp) / f"edges_{m}.csv"
            write_edges(csv, m)
            print(f"\n{m:,} edges (G(n, m), n = {max(10, m // 5):,}), pause {opts.pause:g} s")
            for i, (label, question) in enumerate(QUESTIONS):
                out = subprocess.run(
                    [sys.executable, __file__, "--child", str(csv), str(Path(tmp) / f"h{i}"),
                     question, str(opts.pause)], capture_output=True, text=True, env=env)
                if out.returncode != 0:
                    raise SystemExit(f"{label} failed:\n{out.stderr[-3000:]}")
                r = json.loads(out.stdout.strip().splitlines()[-1])
                calls = ", ".join(f"{t} {ms / 1000:.2f} s" for t, ms in r["calls"])
                print(f"  {label:<32} {r['wall']:6.2f} s  ({calls}; {r['in_workers']} in a "
                      f"worker)")
    print(f"load average: {', '.join(f'{x:.1f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    if len(sys.argv) > 1 and sys.argv[1] == "--child":
        csv, home, question, pause = sys.argv[2:6]
        print(json.dumps(run_child(Path(csv), Path(home), question, float(pause))))
    else:
        main()
