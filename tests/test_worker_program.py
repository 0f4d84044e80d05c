"""Analysis workers are their own program: an unguarded user script runs once, and the
interrupt meant for the user's process (the kernel's ■, Ctrl-C) never reaches them."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap

import pytest

# an unguarded top-level script, as users write them: no ``if __name__ == "__main__"``
_SCRIPT = textwrap.dedent("""
    import asyncio, json, os, signal, sys
    from igraph_agent import Agent
    from igraph_agent.graph.datasets import GraphSpec
    from igraph_agent.graph.session import SessionGraph
    from igraph_agent.runtime.workers import WorkerPool
    from igraph_agent.tools.registry import ToolContext

    with open(sys.argv[2], "a") as marks:
        marks.write("ran\\n")
    agent = Agent(home=sys.argv[1])
    src = agent.workspace.attach(sys.argv[3])
    ds = agent.workspace.construct([src["source_id"]], GraphSpec())["id"]
    session = SessionGraph("s")
    session.set_graph(*agent.workspace.load(ds, 1)[:1], ds, 1)
    pool = WorkerPool(sys.argv[1], size=1, min_edges=0)
    t = agent.registry.get("degree_analysis")
    ctx = ToolContext(workspace=agent.workspace, session=session, call_id="c1")
    first = asyncio.run(pool.execute(t, t.args_model(top_k=1), ctx))
    interrupted = False
    if sys.argv[4] == "interrupt":
        try:
            os.killpg(os.getpgid(0), signal.SIGINT)  # what the kernel's interrupt sends
            signal.pause()
        except KeyboardInterrupt:
            interrupted = True
    second = asyncio.run(pool.execute(t, t.args_model(top_k=1), ctx))
    print(json.dumps({"first": first.success, "second": second.success,
                      "second_error": second.error.message if second.error else None,
                      "interrupted": interrupted, "served": pool.served}))
    pool.close()
    agent.close()
""")


def _run(tmp_path, karate_csv, mode: str) -> tuple[dict, str, int]:
    script = tmp_path / "analysis.py"
    script.write_text(_SCRIPT)
    marks = tmp_path / "marks.txt"
    proc = subprocess.run([sys.executable, str(script), str(tmp_path / "home"), str(marks),
                           str(karate_csv), mode], capture_output=True, text=True, timeout=180,
                          start_new_session=True)  # its own group: the SIGINT stays in it
    assert proc.returncode == 0, proc.stderr[-3000:]
    runs = marks.read_text().count("ran")
    return json.loads(proc.stdout.strip().splitlines()[-1]), proc.stderr, runs


@pytest.mark.slow  # a user script and its worker processes
def test_an_unguarded_script_using_workers_runs_once(tmp_path, karate_csv):
    out, _, runs = _run(tmp_path, karate_csv, "plain")
    assert out["first"] and out["second"] and out["served"] == 2
    assert runs == 1


@pytest.mark.slow  # a user script and its worker processes
def test_an_interrupt_of_the_users_process_leaves_the_workers_serving(tmp_path, karate_csv):
    out, stderr, _ = _run(tmp_path, karate_csv, "interrupt")
    assert out["interrupted"] is True
    assert out["second"] is True, out["second_error"]
    assert "KeyboardInterrupt" not in stderr and "Traceback" not in stderr


def test_worker_processes_are_in_their_own_session(tmp_path, karate_csv):
    from igraph_agent import Agent
    from igraph_agent.graph.datasets import GraphSpec
    from igraph_agent.runtime.workers import WorkerPool

    agent = Agent(home=tmp_path / "home")
    src = agent.workspace.attach(karate_csv)
    ds = agent.workspace.construct([src["source_id"]], GraphSpec())["id"]
    pool = WorkerPool(tmp_path / "home", size=1, min_edges=0)
    try:
        pool.warm(ds, 1)
        [pid] = pool.pids()
        assert os.getsid(pid) != os.getsid(0) and os.getpgid(pid) != os.getpgid(0)
    finally:
        pool.close()
        agent.close()


def test_the_worker_program_imports_igraph_without_its_matplotlib_backend():
    """igraph would import matplotlib.pyplot (0.3-0.5 s, 30 MB) in every analysis worker; the
    program hides it while igraph loads, and matplotlib stays importable afterwards."""
    code = textwrap.dedent("""
        import sys
        from igraph_agent.runtime.worker_main import import_igraph_without_plotting
        import_igraph_without_plotting()
        import igraph
        assert "igraph" in sys.modules and "matplotlib" not in sys.modules
        assert max(abs(x - 0.25) for x in igraph.Graph.Ring(4).pagerank()) < 1e-9
        import matplotlib
        print(matplotlib.__name__)
    """)
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         env={**os.environ}, timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "matplotlib"
