"""Over MCP, ``train`` and ``remember`` wait for a person like the gated tools, and an
elicitation answer decides only the pending call it was asked about (the catalogue the
server runs, in this process)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from igraph_agent import Agent
from igraph_agent.mcp.catalogue import ASK_FIRST, Catalogue

KARATE = Path(__file__).resolve().parents[1] / "igraph_agent" / "data" / "karate.csv"
NOTE = {"content": "Summaries lead with the conclusion", "kind": "preference",
        "stated_by_user": True}


@pytest.fixture
def served(tmp_path):
    data = tmp_path / "data"
    data.mkdir()
    shutil.copy(KARATE, data / "members.csv")
    agent = Agent(home=tmp_path / "home")
    catalogue = Catalogue(agent, data_dir=data)
    assert catalogue.attach("client-a", {"path": "members.csv"})["ok"]
    yield agent, catalogue
    agent.close()


def test_listing_says_which_tools_write_and_which_wait_for_a_person(served):
    _, catalogue = served
    listed = {t["name"]: t for t in catalogue.tools()}
    for name in ("train", "remember", "clear_graph", "commit_graph_optimization"):
        assert listed[name]["mutates"] and listed[name]["gated"], name
    assert listed["subgraph_extraction"]["gated"]  # when it creates a version
    assert not listed["degree_analysis"]["mutates"] and not listed["degree_analysis"]["gated"]
    assert set(ASK_FIRST) == {"train", "remember"}


def test_remember_waits_for_approval_and_writes_only_once_approved(served):
    agent, catalogue = served
    paused = catalogue.call("client-a", "remember", NOTE)
    assert paused["error"]["code"] == "APPROVAL_REQUIRED"
    asked = paused["data"]
    assert asked["arguments"] == NOTE and asked["generation"] == 1
    assert "Summaries lead with the conclusion" in paused["summary"]
    assert agent.memory.candidates() == [] and agent.memory.list(None) == []
    done = catalogue.decide("client-a", "remember", NOTE, "approve", asked)
    assert done["ok"], done
    stored = agent.memory.list(None) + agent.memory.candidates()
    assert [m["content"] for m in stored] == [NOTE["content"]]


def test_train_waits_even_when_its_words_ask_to_train_and_a_rejection_trains_nothing(served):
    agent, catalogue = served
    args = {"task": "link_prediction", "epochs": 5}
    paused = catalogue.call("client-a", "train", args)
    assert paused["error"]["code"] == "APPROVAL_REQUIRED", paused
    rejected = catalogue.decide("client-a", "train", args, "reject", paused["data"])
    assert rejected["error"]["code"] == "APPROVAL_REJECTED"
    assert agent.store._query("SELECT * FROM jobs") == []
    assert agent.store._query("SELECT * FROM models") == []


def test_an_answer_for_another_call_decides_nothing(served):
    agent, catalogue = served
    paused = catalogue.call("client-a", "remember", NOTE)
    asked = paused["data"]
    for stale in ({**asked, "tool_call_id": "call_other"}, {**asked, "run_id": "run_other"},
                  {**asked, "generation": asked["generation"] + 1}):
        refused = catalogue.decide("client-a", "remember", NOTE, "approve", stale)
        assert refused["error"]["code"] == "APPROVAL_CONFLICT", (stale, refused)
        assert agent.memory.candidates() == [] and agent.memory.list(None) == []
    still = catalogue.call("client-a", "remember", NOTE)
    assert still["error"]["code"] == "APPROVAL_REQUIRED"
    assert (still["data"]["run_id"], still["data"]["tool_call_id"]) == (
        asked["run_id"], asked["tool_call_id"])
    other_client = catalogue.decide("client-b", "remember", NOTE, "approve", asked)
    assert other_client["error"]["code"] == "APPROVAL_CONFLICT"
    assert agent.memory.candidates() == [] and agent.memory.list(None) == []


@pytest.mark.parametrize("path", ["members\x00.csv", "x" * 100_000, "../home/agent.db"])
def test_attach_data_with_a_bad_path_is_a_coded_refusal(served, path):
    _, catalogue = served
    refused = catalogue.attach("client-a", {"path": path})
    assert refused["error"]["code"] == "SOURCE_INVALID", refused
    assert len(refused["summary"]) < 400 and "name a file below" in refused["error"]["hint"]
