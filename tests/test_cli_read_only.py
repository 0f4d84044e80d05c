"""A read-only project refuses every command that writes — memory, skills, MCP servers —
with READ_ONLY_MODE before anything is stored; the commands that read still work."""

from __future__ import annotations

import pytest
from test_cli import _cli

from igraph_agent import Agent
from igraph_agent.cli_skills import memory_group, skills_group
from igraph_agent.errors import AgentError, ErrorCode

ON = {"IGRAPH_AGENT_READ_ONLY": "1"}
OFF = {"IGRAPH_AGENT_READ_ONLY": None}


@pytest.fixture
def body(tmp_path):
    path = tmp_path / "body.md"
    path.write_text("1. Rank the hubs by degree.\n2. Name the top three.\n")
    return path


def _writing_commands(body, skill_md) -> list[tuple[str, ...]]:
    return [
        ("memory", "add", "Lead reports with the conclusion"),
        ("skills", "create", "hub-ranking", "--description", "rank hubs", "--body", str(body),
         "--active"),
        ("skills", "create", "hub-review", "--description", "rank hubs", "--body", str(body)),
        ("skills", "upload", str(skill_md), "--active"),
        ("mcp-servers", "add", "kb", "python", "kb_server.py"),
    ]


def _skill_md(tmp_path):
    path = tmp_path / "SKILL.md"
    path.write_text("---\nname: degree-digest\ndescription: a digest of degrees\n---\n"
                    "1. Call degree_analysis.\n")
    return path


def _stored(home) -> dict:
    agent = Agent(home=home)
    try:
        return {"memory": agent.memory.list(None),
                "skills": [s["name"] for s in agent.skills.list() if s["origin"] != "builtin"],
                "servers": agent.store.get_config("mcp_servers", [])}
    finally:
        agent.close()


def test_every_writing_command_is_refused_read_only_and_stores_nothing(tmp_path, body):
    home = tmp_path / "project"
    before = _stored(home)
    for args in _writing_commands(body, _skill_md(tmp_path)):
        done = _cli(home, *args, env=ON)
        assert done.returncode == 1, (args, done.stdout)
        assert "error READ_ONLY_MODE" in done.stderr and "read-only" in done.stderr, args
        assert "hint: unset IGRAPH_AGENT_READ_ONLY" in done.stderr
    assert _stored(home) == before


def test_the_same_commands_write_when_the_project_is_not_read_only(tmp_path, body):
    home = tmp_path / "project"
    for args in _writing_commands(body, _skill_md(tmp_path)):
        done = _cli(home, *args, env=OFF)
        assert done.returncode == 0, (args, done.stderr)
    stored = _stored(home)
    assert [m["content"] for m in stored["memory"]] == ["Lead reports with the conclusion"]
    assert {"hub-ranking", "degree-digest"} <= set(stored["skills"])
    assert [s["name"] for s in stored["servers"]] == ["kb"]


def test_deleting_and_confirming_are_refused_read_only_and_reading_still_works(tmp_path):
    home = tmp_path / "project"
    assert _cli(home, "memory", "add", "Prefers tables", env=OFF).returncode == 0
    assert _cli(home, "mcp-servers", "add", "kb", "--url", "http://kb/mcp", env=OFF).returncode == 0
    memory_id = _stored(home)["memory"][0]["id"]
    for args in [("memory", "delete", memory_id), ("memory", "confirm", memory_id),
                 ("mcp-servers", "remove", "kb"), ("skills", "delete", "hub-ranking"),
                 ("skills", "approve", "hub-ranking"), ("skills", "reject", "hub-ranking")]:
        done = _cli(home, *args, env=ON)
        assert done.returncode == 1 and "READ_ONLY_MODE" in done.stderr, args
    assert "Prefers tables" in _cli(home, "memory", "list", env=ON).stdout
    assert "kb" in _cli(home, "mcp-servers", "list", env=ON).stdout
    assert _cli(home, "skills", "list", env=ON).returncode == 0
    assert _cli(home, "runs", "list", env=ON).returncode == 0
    assert [m["content"] for m in _stored(home)["memory"]] == ["Prefers tables"]


def test_percent_agent_memory_and_skills_refuse_in_a_project_set_read_only(tmp_path, body,
                                                                           monkeypatch):
    monkeypatch.delenv("IGRAPH_AGENT_READ_ONLY", raising=False)
    agent = Agent(home=tmp_path / "project")
    agent.store.set_config("read_only", "true")  # what %agent config read_only=true stores
    try:
        for group, args in [(memory_group, ["add", "Prefers tables"]),
                            (skills_group, ["create", "x-skill", "--description", "d",
                                            "--body", str(body)])]:
            with pytest.raises(AgentError) as refused:
                group.main(args=args, prog_name=f"%agent {group.name}", obj={"agent": agent},
                           standalone_mode=False)
            assert refused.value.code == ErrorCode.READ_ONLY_MODE
        assert agent.memory.list(None) == []
    finally:
        agent.close()
