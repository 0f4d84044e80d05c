"""``igraph-agent mcp`` as a real subprocess, driven by the MCP SDK's client over stdio and
over streamable HTTP on 127.0.0.1."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import anyio
import pytest
from mcp_support import serving_http

pytestmark = pytest.mark.slow
pytest.importorskip("mcp")

REPO = Path(__file__).resolve().parents[1]
KARATE = REPO / "igraph_agent" / "data" / "karate.csv"
TIMEOUT = 90  # seconds for a whole client session; every subprocess is bounded too


def _bounded(session) -> None:
    async def run() -> None:
        with anyio.fail_after(TIMEOUT):
            await session()

    anyio.run(run)


def _env() -> dict[str, str]:
    return {**os.environ, "PYTHONPATH": str(REPO)}


def _stdio(home: Path, data: Path, *flags: str, elicitation=None, mode: str = "auto"):
    from mcp import Client, StdioServerParameters

    params = StdioServerParameters(
        command=sys.executable,
        args=["-m", "igraph_agent.cli", "--home", str(home), "mcp", *flags],
        cwd=str(data), env=_env())
    return Client(params, read_timeout_seconds=60, elicitation_callback=elicitation, mode=mode)


def _approve(home: Path, run_id: str, call_id: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "igraph_agent.cli", "--home", str(home),
                           "approve", run_id, call_id], env=_env(), capture_output=True,
                          text=True, timeout=60)


@pytest.fixture
def data(tmp_path: Path) -> Path:
    folder = tmp_path / "data"
    folder.mkdir()
    shutil.copy(KARATE, folder / "karate.csv")
    return folder


def test_stdio_client_lists_loads_analyses_and_a_gated_call_waits_for_approval(tmp_path, data):
    home = tmp_path / "home"

    async def session() -> None:
        async with _stdio(home, data) as client:
            names = [t.name for t in (await client.list_tools()).tools]
            assert {"attach_data", "degree_analysis", "clear_graph"} <= set(names)
            attached = await client.call_tool("attach_data", {"path": "karate.csv"})
            assert attached.structured_content["ok"]
            assert attached.structured_content["data"]["nodes"] == 34
            degrees = await client.call_tool("degree_analysis", {"top_k": 3})
            top = degrees.structured_content["data"]["top"]
            assert degrees.is_error is False and top[0] == {"node": "33", "degree": 17}

            paused = await client.call_tool("clear_graph", {})
            env = paused.structured_content
            assert paused.is_error and env["error"]["code"] == "APPROVAL_REQUIRED"
            run_id, call_id = env["data"]["run_id"], env["data"]["tool_call_id"]
            assert f"approve {run_id} {call_id}" in env["error"]["hint"]
            again = await client.call_tool("clear_graph", {})  # still waiting, still not run
            assert again.structured_content["error"]["code"] == "APPROVAL_REQUIRED"

            decided = await anyio.to_thread.run_sync(_approve, home, run_id, call_id)
            assert decided.returncode == 0, decided.stdout + decided.stderr
            cleared = await client.call_tool("clear_graph", {})
            assert cleared.structured_content["ok"], cleared.structured_content
            after = await client.call_tool("degree_analysis", {"top_k": 3})
            assert after.structured_content["error"]["code"] == "GRAPH_NOT_LOADED"

    _bounded(session)


def test_a_client_that_can_ask_its_user_gets_the_approval_asked_there(tmp_path, data):
    import mcp_types as types

    answers = iter([{"approve": False}, {"approve": True}])
    asked: list[str] = []

    async def person(context, params) -> types.ElicitResult:
        asked.append(params.message)
        return types.ElicitResult(action="accept", content=next(answers))

    async def session() -> None:
        # a handshake-era connection: the server can send the client a request
        async with _stdio(tmp_path / "home", data, elicitation=person, mode="legacy") as client:
            await client.call_tool("attach_data", {"path": "karate.csv"})
            rejected = await client.call_tool("clear_graph", {})
            assert rejected.structured_content["error"]["code"] == "APPROVAL_REJECTED"
            still = await client.call_tool("get_graph_info", {})
            assert still.structured_content["data"]["loaded"] is True
            cleared = await client.call_tool("clear_graph", {})
            assert cleared.structured_content["ok"], cleared.structured_content
            gone = await client.call_tool("get_graph_info", {})
            assert gone.structured_content["data"]["loaded"] is False

    _bounded(session)
    assert len(asked) == 2 and "clear_graph" in asked[0]


def test_read_only_server_refuses_a_mutating_call_without_asking(tmp_path, data):
    async def session() -> None:
        async with _stdio(tmp_path / "home", data, "--read-only") as client:
            await client.call_tool("attach_data", {"path": "karate.csv"})
            refused = await client.call_tool("clear_graph", {})
            assert refused.is_error
            assert refused.structured_content["error"]["code"] == "READ_ONLY_MODE"
            info = await client.call_tool("get_graph_info", {})
            assert info.structured_content["data"]["loaded"] is True

    _bounded(session)


def test_attach_data_reads_only_below_the_data_folder(tmp_path, data):
    async def session() -> None:
        async with _stdio(tmp_path / "home", data) as client:
            outside = await client.call_tool("attach_data", {"path": str(KARATE)})
            assert outside.structured_content["error"]["code"] == "SOURCE_INVALID"

    _bounded(session)


@pytest.fixture
def http_server(tmp_path, data):
    with serving_http(tmp_path / "home", data, "s3cret") as url:
        yield url


def _http(url: str, token: str):
    from mcp import Client
    from mcp.client.streamable_http import streamable_http_client
    from mcp.shared._httpx_utils import create_mcp_http_client

    http = create_mcp_http_client(headers={"Authorization": f"Bearer {token}"})
    return http, Client(streamable_http_client(url, http_client=http), read_timeout_seconds=60,
                       mode="legacy")  # a handshake: the connection has an Mcp-Session-Id


def test_http_client_with_the_token_keeps_its_graph_between_calls(http_server, tmp_path):
    async def session() -> None:
        http, client = _http(http_server, "s3cret")
        async with http, client:
            assert "node_centrality" in [t.name for t in (await client.list_tools()).tools]
            await client.call_tool("attach_data", {"path": "karate.csv"})
            ranked = await client.call_tool("node_centrality",
                                            {"measure": "betweenness", "top_k": 1})
            assert ranked.structured_content["ok"], ranked.structured_content
            paused = await client.call_tool("clear_graph", {})
            env = paused.structured_content
            assert env["error"]["code"] == "APPROVAL_REQUIRED"
            decided = await anyio.to_thread.run_sync(
                _approve, tmp_path / "home", env["data"]["run_id"], env["data"]["tool_call_id"])
            assert decided.returncode == 0, decided.stdout + decided.stderr
            cleared = await client.call_tool("clear_graph", {})
            assert cleared.structured_content["ok"], cleared.structured_content

    _bounded(session)


def test_http_request_with_a_bad_token_is_refused(http_server):
    import httpx

    answer = httpx.post(http_server, json={"jsonrpc": "2.0", "id": 1, "method": "tools/list"},
                        headers={"Authorization": "Bearer wrong"}, timeout=30)
    assert answer.status_code == 401
    assert answer.json()["error"] == "UNAUTHORIZED"
    missing = httpx.post(http_server, json={}, timeout=30)
    assert missing.status_code == 401
