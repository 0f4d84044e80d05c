"""Per-tool-call overhead: agent loop + registry + store vs. calling the handler directly.

Prints microseconds per call and ratios, measured in one run:
  direct     handler(ctx, args) on a loaded session graph
  registry   ToolRegistry.dispatch (validation + envelope)
  loop       Agent.ask with a ScriptedModel emitting N calls in one turn (gateway, store,
             events, persistence of every envelope), divided by N

and the per-run floor: the median of "How many nodes?" asked of the offline planner on the
loaded karate graph (a whole run: instructions, skills, schemas, model turns, one tool call,
the answer check, persistence), next to the tool work inside it and to pydantic-ai's
equivalent run (a ``FunctionModel`` calling one tool, then answering) when pydantic-ai is
installed (optional, for this comparison only: ``.venv/bin/pip install pydantic-ai-slim``;
the column is skipped without it); and the slopes: what one more tool call in a turn and one
more turn in a run cost.

``--first-answer``: the first answer in a fresh process instead — ``igraph-agent ask "How many
nodes?" --data karate.csv`` and ``Agent().ask(...)`` in a new python, each in a new project
folder (imports, attach, construct, load and the run), the median of 5 (wall and CPU time) with the machine load,
and where the time of the python one goes (importing ``Agent`` vs the ask).

Run: .venv/bin/python bench/overhead.py [N] | --first-answer
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")

import networkx as nx

from igraph_agent import Agent, RunOptions
from igraph_agent.model.scripted import ScriptedModel, call
from igraph_agent.tools import ToolContext


def main(n: int = 300) -> None:
    home = Path(tempfile.mkdtemp(prefix="ia-bench-"))
    agent = Agent(home=home)
    g = nx.karate_club_graph()
    agent.ask("load", attach=[g])  # offline planner constructs and loads it
    session = agent.graph()
    tool = agent.registry.get("degree_analysis")
    args = tool.args_model(top_k=5)
    ctx = ToolContext(workspace=agent.workspace, session=session, call_id="c")

    tool.handler(ctx, args)  # warm: the first call builds the igraph view it reads degrees from
    t = time.perf_counter()
    for _ in range(n):
        tool.handler(ctx, args)
    direct = (time.perf_counter() - t) / n

    t = time.perf_counter()
    for _ in range(n):
        agent.registry.dispatch("degree_analysis", '{"top_k": 5}', ctx)
    registry = (time.perf_counter() - t) / n

    model = ScriptedModel([[call("degree_analysis", top_k=5) for _ in range(n)], "done"])
    t = time.perf_counter()
    resp = agent.ask("degrees", options=RunOptions(model=model.id))
    loop = (time.perf_counter() - t) / n
    assert resp.status == "answered" and len(resp.actions) == n

    print(f"tool calls: {n} x degree_analysis on karate club (34 nodes, 78 edges)")
    print(f"{'path':<10} {'us/call':>10} {'x direct':>10}")
    for name, value in (("direct", direct), ("registry", registry), ("loop", loop)):
        print(f"{name:<10} {value * 1e6:>10.1f} {value / direct:>10.2f}")
    print(f"loop overhead per call: {(loop - direct) * 1e6:.1f} us")
    slopes(agent)
    floor(agent, ctx)


def _timed(agent: Agent, turns: list, reps: int = 5) -> float:
    """Median wall seconds of a scripted run with these turns (then "done")."""
    times = []
    for _ in range(reps):
        model = ScriptedModel([*turns, "done"])
        t = time.process_time()  # CPU of every thread of this process: robust to other load
        resp = agent.ask("bench", options=RunOptions(model=model.id, max_steps=len(turns) + 2))
        times.append(time.process_time() - t)
        assert resp.status == "answered", resp.status
    return statistics.median(times)


def slopes(agent: Agent, n: int = 50) -> None:
    """What one more tool call costs in a turn, and one more turn (model call + one tool call)
    in a run: (T(n) - T(1)) / (n - 1), medians of 5 runs, degree_analysis on karate."""
    one = [[call("degree_analysis", top_k=5)]]
    base = _timed(agent, one)
    per_call = (_timed(agent, [[call("degree_analysis", top_k=5) for _ in range(n)]]) - base) \
        / (n - 1)
    per_turn = (_timed(agent, one * n) - base) / (n - 1)
    print(f"slopes (CPU time, medians of 5 runs, {n} vs 1): per tool call in one turn "
          f"{per_call * 1e3:.2f} ms, per turn of one call {per_turn * 1e3:.2f} ms")


def floor(agent: Agent, ctx: ToolContext, runs: int = 30) -> None:
    """Median wall time of a one-question run on the loaded graph, and its tool work."""
    agent.ask("How many nodes?")  # warm: first-use imports are start-up, not the floor
    times, cpu = [], []
    for _ in range(runs):
        t, c = time.perf_counter(), time.process_time()
        resp = agent.ask("How many nodes?")
        times.append(time.perf_counter() - t)
        cpu.append(time.process_time() - c)
    assert resp.status == "answered", resp.status
    tool = agent.registry.get("get_graph_info")
    t = time.perf_counter()
    for _ in range(runs):
        tool.handler(ctx, tool.args_model())
    work = (time.perf_counter() - t) / runs
    ours, ours_cpu = statistics.median(times), statistics.median(cpu)
    print(f"per-run floor (\"How many nodes?\", offline planner, karate loaded): "
          f"median {ours * 1e3:.1f} ms of {runs} runs (min {min(times) * 1e3:.1f}), CPU "
          f"{ours_cpu * 1e3:.1f} ms; tool work {work * 1e3:.2f} ms; "
          f"model calls {resp.usage.model_calls}")
    theirs = pydantic_ai_floor(agent.graph().graph, runs)
    if theirs is None:
        print("pydantic-ai: not installed, column skipped (for the comparison only: "
              ".venv/bin/pip install pydantic-ai-slim)")
    else:
        print(f"pydantic-ai's equivalent run (FunctionModel: a tool call, then the answer): "
              f"median {theirs[0] * 1e3:.1f} ms, CPU {theirs[1] * 1e3:.1f} ms; ours / theirs "
              f"{ours / theirs[0]:.1f}x wall, {ours_cpu / theirs[1]:.1f}x CPU")
    print(f"load average: {', '.join(f'{x:.1f}' for x in os.getloadavg())}")


def pydantic_ai_floor(g, runs: int) -> tuple[float, float] | None:
    """Median wall and CPU time of the same run in pydantic-ai (two model turns, one tool
    call that counts the graph's nodes), or None when pydantic-ai is not installed."""
    try:
        from pydantic_ai import Agent as PydanticAgent
        from pydantic_ai.messages import ModelResponse, TextPart, ToolCallPart, ToolReturnPart
        from pydantic_ai.models.function import FunctionModel
    except ImportError:
        return None

    def model(messages, info):
        returned = [p for p in messages[-1].parts if isinstance(p, ToolReturnPart)]
        if returned:
            return ModelResponse(parts=[TextPart(f"The graph has {returned[0].content} nodes.")])
        return ModelResponse(parts=[ToolCallPart("get_graph_info", {})])

    agent = PydanticAgent(FunctionModel(model))

    @agent.tool_plain
    def get_graph_info() -> int:
        """The number of nodes of the loaded graph."""
        return g.number_of_nodes()

    agent.run_sync("How many nodes?")  # warm
    times, cpu = [], []
    for _ in range(runs):
        t, c = time.perf_counter(), time.process_time()
        out = agent.run_sync("How many nodes?")
        times.append(time.perf_counter() - t)
        cpu.append(time.process_time() - c)
    assert "34" in out.output, out.output
    return statistics.median(times), statistics.median(cpu)


FRESH = """
import sys, time
t0 = time.perf_counter()
from igraph_agent import Agent
agent = Agent(home=sys.argv[1])
t1 = time.perf_counter()
resp = agent.ask("How many nodes?", attach=[sys.argv[2]])
t2 = time.perf_counter()
assert resp.status == "answered" and "34" in resp.answer, resp.answer
print(t1 - t0, t2 - t1, sorted(m for m in ("pandas", "pyarrow", "networkx", "scipy", "igraph",
      "litellm", "numpy") if m in sys.modules))
"""


def _child_cpu() -> float:
    import resource

    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def first_answer(reps: int = 5) -> None:
    """Wall time of the first answer in a fresh process, CLI and python, median of ``reps``."""
    karate = Path(__file__).resolve().parents[1] / "igraph_agent" / "data" / "karate.csv"
    env = dict(os.environ, LITELLM_LOCAL_MODEL_COST_MAP="True")
    cli, py, parts, cpu_cli, cpu_py = [], [], [], [], []
    for _ in range(reps):
        home = tempfile.mkdtemp(prefix="ia-first-")
        t, c = time.perf_counter(), _child_cpu()
        subprocess.run([sys.executable, "-m", "igraph_agent.cli", "--home", home, "ask",
                        "How many nodes?", "--data", str(karate)], env=env, check=True,
                       capture_output=True, cwd=home)
        cli.append(time.perf_counter() - t)
        cpu_cli.append(_child_cpu() - c)
        home = tempfile.mkdtemp(prefix="ia-first-")
        t, c = time.perf_counter(), _child_cpu()
        out = subprocess.run([sys.executable, "-c", FRESH, home, str(karate)], env=env,
                             check=True, capture_output=True, text=True, cwd=home).stdout
        py.append(time.perf_counter() - t)
        cpu_py.append(_child_cpu() - c)
        parts.append(out.strip())
    print(f"first answer in a fresh process (load average "
          f"{', '.join(f'{x:.1f}' for x in os.getloadavg())}):")
    for label, wall, cpu in (("igraph-agent ask --data karate.csv", cli, cpu_cli),
                             ("python -c 'Agent().ask(...)'", py, cpu_py)):
        print(f"  {label:<36} wall median {statistics.median(wall):.2f} s "
              f"({' '.join(f'{x:.2f}' for x in wall)}), CPU median {statistics.median(cpu):.2f} s")
    for line in parts:
        imp, ask, mods = line.split(" ", 2)
        print(f"    import + Agent() {float(imp):.2f} s, ask {float(ask):.2f} s; loaded: {mods}")


if __name__ == "__main__":
    if sys.argv[1:] == ["--first-answer"]:
        first_answer()
    else:
        main(int(sys.argv[1]) if len(sys.argv) > 1 else 300)
