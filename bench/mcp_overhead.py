"""What serving a tool over MCP costs: the same analysis called N times directly through the
registry, as a relay run through ``Agent.ask`` (what the MCP server does per call), and by an
MCP client over stdio against ``igraph-agent mcp``. Prints per-call milliseconds and ratios
measured in this one run.

    PYTHONPATH=. python bench/mcp_overhead.py [N]
"""

from __future__ import annotations

import shutil
import sys
import tempfile
import time
from pathlib import Path

import anyio

REPO = Path(__file__).resolve().parents[1]


def main(n: int) -> None:
    from mcp import Client, StdioServerParameters

    from igraph_agent.mcp.catalogue import Catalogue
    from igraph_agent.runtime.agent import Agent
    from igraph_agent.tools.registry import ToolContext

    work = Path(tempfile.mkdtemp())
    shutil.copy(REPO / "igraph_agent" / "data" / "karate.csv", work / "karate.csv")
    agent = Agent(home=work / "home")
    cat = Catalogue(agent, data_dir=work)
    cat.call("bench", "attach_data", {"path": "karate.csv"})
    sid = cat.session_of("bench")
    ctx = ToolContext(workspace=agent.workspace, session=agent.graph(sid))
    started = time.perf_counter()
    for _ in range(n):
        agent.registry.dispatch("degree_analysis", {"top_k": 3}, ctx)
    direct = (time.perf_counter() - started) / n
    started = time.perf_counter()
    for _ in range(n):
        cat.call("bench", "degree_analysis", {"top_k": 3})
    relay = (time.perf_counter() - started) / n
    agent.close()

    async def over_stdio() -> float:
        params = StdioServerParameters(command=sys.executable, args=[
            "-m", "igraph_agent.cli", "--home", str(work / "home2"), "mcp",
            "--data-dir", str(work)])
        async with Client(params, read_timeout_seconds=120) as client:
            await client.call_tool("attach_data", {"path": "karate.csv"})
            t0 = time.perf_counter()
            for _ in range(n):
                await client.call_tool("degree_analysis", {"top_k": 3})
            return (time.perf_counter() - t0) / n

    stdio = anyio.run(over_stdio)
    print(f"degree_analysis on karate, {n} calls each (ms per call)")
    print(f"  direct registry dispatch   {direct * 1000:8.1f}")
    print(f"  relay run (Agent.ask)      {relay * 1000:8.1f}   x{relay / direct:.0f} direct")
    print(f"  MCP client over stdio      {stdio * 1000:8.1f}   x{stdio / relay:.2f} relay run")
    shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 20)
