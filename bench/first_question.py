"""The first question on a fresh CSV: the agent next to the by-hand igraph script.

For each size a G(n, m) edge list (n = m / 5, written by ``bench/data_path.py``'s
generator into a temporary folder) is asked about in two fresh processes:

  agent    ``Agent(home).ask("Which node has the highest PageRank?", attach=[csv])`` on the
           offline planner: attach, construct, load, PageRank (in an analysis worker when
           the graph is above the worker threshold) and the answer
  by hand  ``pd.read_csv`` -> ``ig.Graph.DataFrame`` -> ``pagerank`` -> argmax

Both import their libraries before the clock starts; the agent is made before it too, as
``%load_ext`` makes it (with what ``%load_ext`` reads once for every request: the skills'
catalogue, the memory module), and its offline planner's import (started when it is made) ends
before the question, as it does while a user writes one (the time it took is printed as a
phase in brackets, not counted in the answer). The bench process samples the
resident memory of each child and all its descendants together (every 20 ms) and prints
the peak of that sum, so the agent's analysis workers count. Each size runs ``--reps``
times, interleaved, and the table prints medians; the agent's phase breakdown is the
median of the tool calls' own times, the rest (attach, planning, store) is what remains of
the ask's wall time.

Run: ``.venv/bin/python bench/first_question.py [--edges 500000 2000000] [--reps 3]``
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

os.environ.setdefault("OMP_NUM_THREADS", "1")
os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")

QUESTION = "Which node has the highest PageRank?"


#: the agent's own phases, timed by wrapping the functions that do them:
#: (module, class or None, function, label); a label in brackets is part of another phase
PHASES = [("igraph_agent.graph.workspace", None, "read_path", "read+check"),
          ("igraph_agent.graph.sources", None, "file_digest", "(of it: hash)"),
          ("igraph_agent.graph.workspace", "Workspace", "add_source", "store source"),
          ("igraph_agent.graph.workspace", "Workspace", "source_tables", "read source"),
          ("igraph_agent.graph.workspace", None, "coded_tables", "construction"),
          ("igraph_agent.graph.workspace", None, "write_revision", "revision write"),
          ("igraph_agent.graph.revisions", None, "_fsync", "(of it: fsync)"),
          ("igraph_agent.graph.revisions", None, "content_digest", "(of it and load: digest)"),
          ("igraph_agent.graph.revisions", None, "tables_view", "(of it: summary)"),
          ("igraph_agent.graph.workspace", "Workspace", "load", "load"),
          ("igraph_agent.graph.session", "SessionGraph", "igraph", "(of the call: igraph view)")]


def _timed(spent: dict[str, float]) -> None:
    """Wrap each phase's function so its wall seconds add up in ``spent`` (nested calls of
    the same phase count once). Only this process: a worker's phases are in its call."""
    import functools
    import importlib

    for module, cls, name, label in PHASES:
        owner = importlib.import_module(module)
        if cls:
            owner = getattr(owner, cls)
        fn = getattr(owner, name, None)
        if fn is None:
            continue

        def wrap(fn=fn, label=label):
            depth = [0]

            @functools.wraps(fn)
            def inner(*a, **k):
                depth[0] += 1
                t = time.perf_counter()
                try:
                    return fn(*a, **k)
                finally:
                    depth[0] -= 1
                    if not depth[0]:
                        spent[label] = spent.get(label, 0.0) + time.perf_counter() - t
            return inner

        setattr(owner, name, wrap())


def run_agent(csv: Path, home: Path) -> dict:
    import igraph  # noqa: F401  both sides import their libraries before the clock starts

    from igraph_agent import Agent

    spent: dict[str, float] = {}
    _timed(spent)
    made = time.perf_counter()
    agent = Agent(home=home)
    agent.requests.warm()  # as %load_ext does: the skills' catalogue read, memory imported
    for thread in threading.enumerate():  # as after %load_ext: the planner is imported
        if thread.name == "planner-import":  # while the user writes the question
            thread.join()
    ready = time.perf_counter() - made
    started = time.perf_counter()
    resp = agent.ask(QUESTION, attach=[csv])
    wall = time.perf_counter() - started
    workers = agent.workers.started
    agent.close()
    assert resp.status == "answered", (resp.status, resp.error)
    phases = dict(spent)
    phases.update({a.tool: a.elapsed_ms / 1000 for a in resp.actions})
    phases["other"] = wall - sum(v for k, v in phases.items() if not k.startswith("("))
    phases["workers started"] = workers
    phases["(before it: agent made and warmed, planner imported)"] = ready
    return {"wall": wall, "phases": phases, "answer": resp.answer[:300]}


def run_by_hand(csv: Path) -> dict:
    import igraph as ig
    import pandas as pd

    started = time.perf_counter()
    df = pd.read_csv(csv)
    t_read = time.perf_counter()
    g = ig.Graph.DataFrame(df, directed=False)
    t_build = time.perf_counter()
    pr = g.pagerank()
    best = max(range(len(pr)), key=pr.__getitem__)
    done = time.perf_counter()
    return {"wall": done - started, "phases": {"read_csv": t_read - started,
                                               "Graph.DataFrame": t_build - t_read,
                                               "pagerank": done - t_build},
            "answer": f"{g.vs[best]['name'] if 'name' in g.vs.attributes() else best} "
                      f"({pr[best]:.6f})"}


def _tree_rss(pid: int) -> int:
    import psutil

    try:
        proc = psutil.Process(pid)
        total = proc.memory_info().rss
        for child in proc.children(recursive=True):
            try:
                total += child.memory_info().rss
            except psutil.Error:
                pass
        return total
    except psutil.Error:
        return 0


def measure(which: str, csv: Path, home: Path) -> dict:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [
        str(Path(__file__).resolve().parents[1]), os.environ.get("PYTHONPATH", "")]))}
    proc = subprocess.Popen([sys.executable, __file__, "--child", which, str(csv), str(home)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    peak = [0]

    def sample() -> None:
        while proc.poll() is None:
            peak[0] = max(peak[0], _tree_rss(proc.pid))
            time.sleep(0.02)

    sampler = threading.Thread(target=sample, daemon=True)
    sampler.start()
    out, err = proc.communicate()
    sampler.join()
    if proc.returncode != 0:
        raise SystemExit(f"{which} child failed:\n{err[-3000:]}")
    result = json.loads(out.strip().splitlines()[-1])
    result["peak_mb"] = peak[0] / 2**20
    return result


def _median_phases(runs: list[dict]) -> dict[str, float]:
    names = list(dict.fromkeys(n for r in runs for n in r["phases"]))
    return {n: statistics.median(r["phases"].get(n, 0.0) for r in runs) for n in names}


def report(m: int, agent: list[dict], hand: list[dict]) -> None:
    wa = statistics.median(r["wall"] for r in agent)
    wh = statistics.median(r["wall"] for r in hand)
    ma = statistics.median(r["peak_mb"] for r in agent)
    mh = statistics.median(r["peak_mb"] for r in hand)
    print(f"\n{m:,} edges (G(n, m), n = {max(10, m // 5):,}), medians of {len(agent)}")
    print(f"{'':<26} {'agent':>10} {'by hand':>10} {'ratio':>7}")
    print(f"{'first answer, s':<26} {wa:>10.2f} {wh:>10.2f} {wa / wh:>6.1f}x")
    print(f"{'peak RSS, all processes':<26} {ma:>7.0f} MB {mh:>7.0f} MB {ma / mh:>6.1f}x")
    print("agent phases (s): " + ", ".join(f"{k} {v:.2f}"
                                           for k, v in _median_phases(agent).items()))
    print("by-hand phases (s): " + ", ".join(f"{k} {v:.2f}"
                                             for k, v in _median_phases(hand).items()))
    print(f"agent answer: {agent[0]['answer'][:160]!r}")
    print(f"by hand: {hand[0]['answer']}")
    print(f"load average: {', '.join(f'{x:.1f}' for x in os.getloadavg())}")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--edges", type=int, nargs="+", default=[500_000, 2_000_000])
    parser.add_argument("--reps", type=int, default=3)
    opts = parser.parse_args()
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from data_path import write_edges

    for m in opts.edges:
        with tempfile.TemporaryDirectory(prefix="ia-firstq-") as tmp:
            csv = Path(tmp) / f"edges_{m}.csv"
            write_edges(csv, m)
            agent, hand = [], []
            for rep in range(opts.reps):
                hand.append(measure("hand", csv, Path(tmp) / "unused"))
                agent.append(measure("agent", csv, Path(tmp) / f"home{rep}"))
            report(m, agent, hand)


if __name__ == "__main__":
    if len(sys.argv) > 1 and sys.argv[1] == "--child":
        which, csv, home = sys.argv[2:5]
        result = run_agent(Path(csv), Path(home)) if which == "agent" else run_by_hand(Path(csv))
        print(json.dumps(result))
    else:
        main()
