"""Tools discovered from real MCP servers started by the test, used by a scripted agent."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from igraph_agent.model.scripted import ScriptedModel, call
from igraph_agent.options import RunOptions
from igraph_agent.runtime.agent import Agent

pytestmark = pytest.mark.slow
pytest.importorskip("mcp")

SERVER = Path(__file__).parent / "data" / "mcp_test_server.py"


def _agent(home: Path, *entries: dict) -> Agent:
    agent = Agent(home=home)
    agent.store.set_config("mcp_servers", list(entries))
    return agent


KB = {"name": "kb", "command": sys.executable, "args": [str(SERVER)], "read_only": True,
      "timeout": 40}
GONE = {"name": "gone", "command": sys.executable, "args": ["-c", "import sys; sys.exit(3)"],
        "timeout": 20}


def test_agent_calls_discovered_tools_concurrently_and_survives_a_dead_server(tmp_path):
    meet = tmp_path / "meet"
    meet.mkdir()
    agent = _agent(tmp_path / "home", KB, GONE)
    model = ScriptedModel([
        [call("kb__rendezvous", name="a", folder=str(meet), expect=2),
         call("kb__rendezvous", name="b", folder=str(meet), expect=2),
         call("kb__broken")],
        "Both met; the broken lookup failed.",
    ])
    resp = agent.ask("Check the knowledge base", options=RunOptions(model=model.id))
    offered = [t["function"]["name"] for t in model.requests[0]["tools"]]
    assert {"kb__lookup", "kb__broken", "kb__rendezvous"} <= set(offered)
    assert not any(name.startswith("gone__") for name in offered)
    assert any("MCP_UNAVAILABLE" in n and "'gone'" in n for n in resp.notices)
    met = [a for a in resp.actions if a.tool == "kb__rendezvous"]
    assert [a.success for a in met] == [True, True], met  # they ran at the same time
    broken = next(a for a in resp.actions if a.tool == "kb__broken")
    assert broken.success is False and broken.error_code == "TOOL_FAILED"
    stored = {c["call_id"]: c["envelope"] for c in agent.store.tool_calls(resp.run_id)}
    assert stored[broken.call_id]["error"]["details"]["remote_code"] == "UPSTREAM_MISSING"
    meta = json.loads((meet / "a.started").read_text())
    assert meta["igraph-agent/run_id"] == resp.run_id
    assert meta["igraph-agent/session_id"] == resp.session_id
    assert meta["igraph-agent/generation"] == 1
    agent.close()


def test_a_tool_of_a_server_not_marked_read_only_waits_for_approval(tmp_path):
    writable = {**KB, "read_only": False}
    agent = _agent(tmp_path / "home", writable)
    model = ScriptedModel([[call("kb__lookup", key="sky")], "The sky is blue."])
    try:
        resp = agent.ask("Look up the sky", options=RunOptions(model=model.id))
        assert resp.status == "awaiting_approval"
        assert resp.pending[0].tool == "kb__lookup"
        done = agent.continue_run(resp.run_id, resp.pending[0].tool_call_id, "approve")
    finally:
        agent.close()
    assert done.status == "answered", done.answer
    assert [a.success for a in done.actions if a.tool == "kb__lookup"] == [True]


def test_agent_uses_another_igraph_agent_whose_graph_stays_between_calls(tmp_path):
    import shutil

    repo = Path(__file__).resolve().parents[1]
    data = tmp_path / "data"
    data.mkdir()
    shutil.copy(repo / "igraph_agent" / "data" / "karate.csv", data / "karate.csv")
    big = {"name": "big", "command": sys.executable, "read_only": True, "timeout": 60,
           "args": ["-m", "igraph_agent.cli", "--home", str(tmp_path / "remote"), "mcp",
                    "--data-dir", str(data)],
           "env": {"PYTHONPATH": str(repo)}}
    agent = _agent(tmp_path / "home", big)
    model = ScriptedModel([[call("big__attach_data", path="karate.csv")],
                           [call("big__degree_analysis", top_k=1)],
                           "Node 33 has the highest degree, 17."])
    resp = agent.ask("Which node of the remote graph has the highest degree?",
                     options=RunOptions(model=model.id))
    ranked = next(c for c in agent.store.tool_calls(resp.run_id)
                  if c["tool"] == "big__degree_analysis")
    agent.close()
    assert resp.status == "answered", resp.answer
    assert [a.success for a in resp.actions] == [True, True]  # one server process per call
    assert ranked["envelope"]["data"]["data"]["top"] == [{"node": "33", "degree": 17}]


def test_agent_reaches_an_igraph_agent_over_http_with_its_token_and_not_without(tmp_path):
    import shutil

    from mcp_support import REPO, serving_http

    data = tmp_path / "data"
    data.mkdir()
    shutil.copy(REPO / "igraph_agent" / "data" / "karate.csv", data / "karate.csv")
    with serving_http(tmp_path / "remote", data, "s3cret") as url:
        good = {"name": "big", "url": url, "headers": {"Authorization": "Bearer s3cret"},
                "read_only": True, "timeout": 60}
        bad = {"name": "nope", "url": url, "headers": {"Authorization": "Bearer wrong"},
               "timeout": 20}
        agent = _agent(tmp_path / "home", good, bad)
        model = ScriptedModel([[call("big__attach_data", path="karate.csv")],
                               [call("big__connectivity")], "It is connected."])
        resp = agent.ask("Is the remote graph connected?", options=RunOptions(model=model.id))
        agent.close()
    offered = {t["function"]["name"] for t in model.requests[0]["tools"]}
    assert "big__connectivity" in offered and not any(n.startswith("nope__") for n in offered)
    assert any("'nope'" in n for n in resp.notices)
    assert [a.success for a in resp.actions] == [True, True]


def test_mcp_servers_are_added_listed_and_removed_from_the_command_line(tmp_path):
    from click.testing import CliRunner

    from igraph_agent.cli import cli
    from igraph_agent.jupyter.parsing import parse_line_command
    from igraph_agent.store import Store

    home = str(tmp_path / "home")
    runner = CliRunner()
    added = runner.invoke(cli, ["--home", home, "mcp-servers", "add", "big", "--read-only",
                                "--", "igraph-agent", "--home", "/srv/big", "mcp"])
    assert added.exit_code == 0, added.output
    runner.invoke(cli, ["--home", home, "mcp-servers", "add", "kb", "--url",
                        "http://127.0.0.1:9/mcp", "--header", "Authorization=Bearer T"])
    listed = runner.invoke(cli, ["--home", home, "mcp-servers", "list"])
    assert "big" in listed.output and "igraph-agent --home /srv/big mcp" in listed.output
    assert "Bearer" not in listed.output
    runner.invoke(cli, ["--home", home, "mcp-servers", "remove", "kb"])
    store = Store(tmp_path / "home" / "agent.db")
    assert [e["name"] for e in store.get_config("mcp_servers")] == ["big"]
    assert store.get_config("mcp_servers")[0]["args"] == ["--home", "/srv/big", "mcp"]
    store.close()
    cmd = parse_line_command("mcp add kb --url http://h/mcp --read-only")
    assert cmd.name == "mcp" and cmd.rest == ["add", "kb", "--url", "http://h/mcp", "--read-only"]
