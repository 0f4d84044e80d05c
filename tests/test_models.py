"""Model resolution and the gateway: fail closed, retry transient errors, account usage."""

from __future__ import annotations

import pytest

from igraph_agent import Agent, RunOptions
from igraph_agent.errors import ErrorCode
from igraph_agent.model.scripted import ScriptedModel
from igraph_agent.options import OFFLINE_MODEL, Settings, resolve_model


@pytest.fixture
def no_keys(monkeypatch):
    for key in ("OPENAI_API_KEY", "ANTHROPIC_API_KEY", "IGRAPH_AGENT_MODEL", "IGRAPH_AGENT_API_BASE"):
        monkeypatch.delenv(key, raising=False)


def test_named_model_without_credentials_fails_closed_with_model_not_configured(agent, no_keys):
    resp = agent.ask("Which nodes are central?", options=RunOptions(model="openai/gpt-4o-mini"))
    assert resp.status == "error"
    assert resp.error.code == ErrorCode.MODEL_NOT_CONFIGURED
    assert "OPENAI_API_KEY" in resp.error.message
    assert ".env" in resp.error.hint
    assert resp.model == "openai/gpt-4o-mini"  # never a silent switch to another model
    assert resp.usage.model_calls == 0  # nothing was sent anywhere


def test_unknown_provider_is_model_not_configured(agent, no_keys):
    resp = agent.ask("x", options=RunOptions(model="nosuchprovider/some-model"))
    assert resp.error.code == ErrorCode.MODEL_NOT_CONFIGURED
    assert "provider" in resp.error.message


def test_local_provider_needs_no_key(agent, no_keys):
    agent.gateway.check("ollama/llama3.1")  # raises if it wanted a key


def test_model_resolution_order_is_request_then_project_then_env_then_offline():
    s = Settings(model="anthropic/claude-x")
    assert resolve_model(RunOptions(model="openai/a"), s, "openai/b") == "openai/a"
    assert resolve_model(RunOptions(), s, "openai/b") == "openai/b"
    assert resolve_model(RunOptions(), s, None) == "anthropic/claude-x"
    assert resolve_model(RunOptions(), Settings(), None) == OFFLINE_MODEL


def test_env_file_supplies_keys_without_overriding_the_environment(tmp_path, monkeypatch):
    import os

    monkeypatch.setattr(os, "environ", os.environ.copy())  # load_dotenv writes the environment
    monkeypatch.delenv("IGRAPH_AGENT_MODEL", raising=False)
    monkeypatch.setenv("IGRAPH_AGENT_HOME", str(tmp_path / "h"))
    env = tmp_path / ".env"
    env.write_text("IGRAPH_AGENT_MODEL=openai/from-file\nIGRAPH_AGENT_HOME=/elsewhere\n")
    s = Settings.from_env(env)
    assert s.model == "openai/from-file"
    assert s.home == tmp_path / "h"  # the real environment wins


def test_transient_provider_error_is_retried_and_the_run_succeeds(agent):
    import litellm

    failures = []

    def flaky(messages, tools):
        if not failures:
            failures.append(1)
            raise litellm.RateLimitError("slow down", llm_provider="scripted", model="x")
        return "fine"

    model = ScriptedModel([flaky, flaky])
    resp = agent.ask("x", options=RunOptions(model=model.id))
    assert resp.status == "answered" and resp.answer == "fine"
    assert len(model.requests) == 2


def test_usage_counts_every_model_call(agent, karate_csv):
    resp = agent.ask("Which nodes are most central?", attach=[karate_csv])
    assert resp.model == OFFLINE_MODEL
    # the graph is bound before the first turn: load_skill, the analyses, the answer
    assert resp.usage.model_calls == 3
    assert resp.usage.prompt_tokens > 0 and resp.usage.completion_tokens > 0
    assert resp.usage.cost_usd == 0.0


def test_project_default_model_is_used_when_the_request_names_none(tmp_path, no_keys):
    a = Agent(home=tmp_path)
    model = ScriptedModel(["from the project default"])
    a.store.set_config("model", model.id)
    resp = a.ask("x")
    assert resp.model == model.id and resp.answer == "from the project default"
