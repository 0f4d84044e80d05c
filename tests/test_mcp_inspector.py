"""``igraph-agent mcp`` driven from the outside by the official MCP Inspector CLI
(``@modelcontextprotocol/inspector`` from npm, run by Node): it lists the tools, calls
``attach_data``, ``get_graph_info`` and an analysis on the attached data, and is refused an
unapproved write. Each Inspector call is its own stdio server process; the calls share one
igraph-agent session through ``_meta`` (``--tool-metadata igraph-agent/session_id=…``).

The Inspector is installed once into ``.venv/mcp-inspector-<version>`` (``make test`` does it
before the suite; this module's set-up does it when it is missing). Without Node and npm
(``make system-deps`` installs Debian's) or the npm registry, the test is skipped.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import networkx as nx
import pandas as pd
import pytest

REPO = Path(__file__).resolve().parents[1]
INSPECTOR_VERSION = "2.12.0"
CACHE = REPO / ".venv" / f"mcp-inspector-{INSPECTOR_VERSION}"
SESSION_KEY = "igraph-agent/session_id=inspector-test"

pytestmark = pytest.mark.slow


def _missing(why: str) -> None:
    """Skipped by hand without Node; under CI (`make test` installs it) a failure."""
    if os.environ.get("CI"):
        pytest.fail(why)
    pytest.skip(why)


@pytest.fixture(scope="module")
def inspector() -> Path:
    binary = CACHE / "node_modules" / ".bin" / "mcp-inspector"
    if not binary.exists():
        if shutil.which("npm") is None or shutil.which("node") is None:
            _missing("Node and npm are not installed (make system-deps installs them)")
        try:
            subprocess.run(["npm", "install", "--no-audit", "--no-fund", "--loglevel=error",
                            "--prefix", str(CACHE),
                            f"@modelcontextprotocol/inspector@{INSPECTOR_VERSION}"],
                           check=True, capture_output=True, timeout=600)
        except (subprocess.CalledProcessError, subprocess.TimeoutExpired) as exc:
            _missing(f"the MCP Inspector could not be installed from npm: {exc}")
    return binary


def test_the_mcp_inspector_lists_calls_analyses_and_is_refused_an_unapproved_write(
        inspector, tmp_path):
    data = tmp_path / "data"
    data.mkdir()
    karate = REPO / "tests" / "data" / "karate.csv"
    shutil.copy(karate, data / "club.csv")
    home = tmp_path / "home"
    server = [sys.executable, "-m", "igraph_agent.cli", "--home", str(home), "mcp",
              "--data-dir", str(data)]
    env = {**os.environ, "PYTHONPATH": str(REPO)}

    def inspect(*args: str) -> tuple[int, dict]:
        # the Inspector gives a server 15 s to start by default; a loaded machine needs more
        done = subprocess.run([str(inspector), "--cli", "--connect-timeout", "120000",
                               *server, *args], env=env,
                              capture_output=True, text=True, timeout=180, cwd=tmp_path)
        body = done.stdout[:done.stdout.rindex("}") + 1] if "}" in done.stdout else "{}"
        first = json.JSONDecoder().raw_decode(body.lstrip())[0]
        return done.returncode, first

    def call(tool: str, **args: object) -> tuple[int, dict]:
        pairs = [f"{k}={json.dumps(v) if not isinstance(v, str) else v}" for k, v in args.items()]
        return inspect("--method", "tools/call", "--tool-name", tool,
                       *(x for p in pairs for x in ("--tool-arg", p)),
                       "--tool-metadata", SESSION_KEY)

    rc, listed = inspect("--method", "tools/list")
    assert rc == 0, listed
    names = {t["name"] for t in listed["tools"]}
    assert {"attach_data", "get_graph_info", "node_centrality", "clear_graph"} <= names
    assert "find_tools" not in names  # an MCP client lists every tool already
    assert all(t["inputSchema"]["type"] == "object" for t in listed["tools"])

    rc, attached = call("attach_data", path="club.csv")
    assert rc == 0 and attached["structuredContent"]["ok"], attached
    assert "34 nodes, 78 edges" in attached["structuredContent"]["summary"]

    rc, info = call("get_graph_info")
    assert rc == 0 and info["structuredContent"]["data"]["loaded"] is True, info

    rc, ranked = call("node_centrality", measure="pagerank", top_k=3)
    assert rc == 0 and not ranked.get("isError"), ranked
    top = ranked["structuredContent"]["data"]["top"]
    edges = pd.read_csv(karate, dtype=str)
    pr = nx.pagerank(nx.from_pandas_edgelist(edges, "source", "target"))
    expected = sorted(pr, key=lambda n: -pr[n])[:3]
    assert [r["node"] for r in top] == expected
    assert [r["score"] for r in top] == pytest.approx([pr[n] for n in expected], abs=5e-6)

    rc, refused = call("clear_graph")
    assert rc != 0 and refused["isError"] is True, refused
    error = refused["structuredContent"]["error"]
    assert error["code"] == "APPROVAL_REQUIRED"
    pending = refused["structuredContent"]["data"]
    reject = subprocess.run([sys.executable, "-m", "igraph_agent.cli", "--home", str(home),
                             "approve", pending["run_id"], pending["tool_call_id"], "--reject"],
                            env=env, capture_output=True, text=True, timeout=120)
    assert reject.returncode == 3 and "APPROVAL_REJECTED" in reject.stdout, reject.stdout  # blocked
    rc, after = call("get_graph_info")
    assert rc == 0 and after["structuredContent"]["data"]["loaded"] is True, after  # not cleared
