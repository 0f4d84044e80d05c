"""Memory: retention rules, persistence across sessions, run settlement, scope, retrieval."""

from __future__ import annotations

import json
import sqlite3
import threading

import pytest

from igraph_agent import Agent, RunOptions
from igraph_agent.errors import AgentError, ErrorCode
from igraph_agent.memory import Memory, verdict
from igraph_agent.model.scripted import GARBAGE, ScriptedModel, call
from igraph_agent.store import Store
from igraph_agent.store.runs import Runs

PREFERENCE = "Lead reports with conclusions and metrics"


def _tool_results(model: ScriptedModel, request: int) -> list[dict]:
    return [json.loads(m["content"]) for m in model.requests[request]["messages"]
            if m["role"] == "tool"]


def test_memory_keeps_a_stated_preference_across_sessions_and_drops_a_transient_error(tmp_path):
    home = tmp_path / "project"
    first = Agent(home=home)
    model = ScriptedModel([
        [call("remember", content=PREFERENCE, kind="preference", stated_by_user=True),
         call("remember", content="TOOL_TIMEOUT: node_centrality timed out after 120 s",
              kind="fact", stated_by_user=True)],
        "Noted: reports will lead with conclusions and metrics.",
    ])
    resp = first.ask("From now on, lead reports with conclusions and metrics.",
                     options=RunOptions(model=model.id))
    kept, dropped = _tool_results(model, 1)
    assert kept["success"] is True
    assert dropped["success"] is False and dropped["error"]["code"] == ErrorCode.MEMORY_NOT_KEPT
    assert "errors are transient" in dropped["error"]["message"]
    assert resp.status == "answered"
    unconfirmed = ScriptedModel(["ok"])
    first.ask("Write a report on the hubs", options=RunOptions(model=unconfirmed.id))
    assert PREFERENCE not in unconfirmed.requests[0]["messages"][0]["content"]
    (candidate,) = first.memory.candidates()
    first.memory.confirm(candidate["id"])  # the user keeps what the model proposed
    first.close()

    second = Agent(home=home)  # a new kernel: new Agent, new session, same project
    later = ScriptedModel(["ok"])
    second.ask("Write a report on the hubs", options=RunOptions(model=later.id))
    system = later.requests[0]["messages"][0]["content"]
    assert f"- {PREFERENCE}" in system
    assert "TOOL_TIMEOUT" not in system and "timed out" not in system
    assert [m["content"] for m in second.memory.list()] == [PREFERENCE]
    second.close()


def test_cancelled_run_writes_no_memory(agent):
    entered, release = threading.Event(), threading.Event()

    def slow(messages, tools):
        entered.set()
        release.wait(10)
        return [call("get_graph_info")]

    model = ScriptedModel([[call("remember", content=PREFERENCE, stated_by_user=True)], slow])
    handle = agent.start("remember my report style", options=RunOptions(model=model.id))
    entered.wait(10)
    handle.cancel()
    release.set()
    resp = handle.wait(10)
    assert resp.error.code == ErrorCode.RUN_CANCELLED
    assert agent.memory.list() == []
    with sqlite3.connect(agent.home / "agent.db") as db:  # not even a pending row survives
        assert db.execute("SELECT COUNT(*) FROM memories").fetchone()[0] == 0


def test_a_failed_run_writes_no_memory_and_a_completed_one_does(agent):
    model = ScriptedModel([[call("remember", content=PREFERENCE, stated_by_user=True)],
                           GARBAGE, GARBAGE])
    resp = agent.ask("remember my report style", options=RunOptions(model=model.id))
    assert resp.status == "error"
    assert agent.memory.list() == []

    ok = ScriptedModel([[call("remember", content=PREFERENCE, stated_by_user=True)], "noted"])
    agent.ask("remember my report style", options=RunOptions(model=ok.id))
    assert [m["content"] for m in agent.memory.candidates("preference")] == [PREFERENCE]


@pytest.mark.parametrize(("kind", "content", "confirmed", "rule"), [
    ("fact", "Node 33 is probably the club president", True, "guesses"),
    ("fact", "Is node 0 the instructor?", True, "guesses"),
    ("fact", "Node 33 has degree 17", False, "confirmed"),
    ("fact", '{"success": true, "data": {"top": [1, 2, 3]}}', True, "raw tool output"),
    ("fact", "nodes: " + ", ".join(str(i) for i in range(40)), True, "raw tool output"),
    ("preference", "GRAPH_NOT_LOADED when I asked", True, "errors"),
    ("knowledge", "The load failed with a traceback", True, "errors"),
])
def test_guesses_raw_outputs_unconfirmed_facts_and_errors_are_refused(agent, kind, content,
                                                                      confirmed, rule):
    assert verdict(kind, content, confirmed=confirmed).keep is False
    with pytest.raises(AgentError) as exc:
        agent.memory.remember(content, kind, confirmed=confirmed)
    assert exc.value.code == ErrorCode.MEMORY_NOT_KEPT and rule in exc.value.message
    assert agent.memory.list() == []


def test_a_fact_shown_by_a_successful_tool_call_is_kept(agent, karate_csv):
    model = ScriptedModel([
        [call("get_graph_info")],
        lambda messages, tools: [call("remember", content="The karate graph has 34 members",
                                      kind="fact",
                                      evidence_call_id=[m for m in messages
                                                        if m["role"] == "tool"][-1]["tool_call_id"])],
        [call("remember", content="The club has 40 members", kind="fact", evidence_call_id="nope")],
        "done",
    ])
    agent.ask("how many members? Remember what you find.", attach=[karate_csv],
              options=RunOptions(model=model.id))
    assert _tool_results(model, 2)[-1]["success"] is True
    assert _tool_results(model, 3)[-1]["error"]["code"] == ErrorCode.MEMORY_NOT_KEPT
    assert [m["content"] for m in agent.memory.candidates("fact")] == [
        "The karate graph has 34 members"]


def test_delete_really_deletes(agent):
    rec = agent.memory.remember(PREFERENCE)
    assert agent.memory.search("reports")["results"][0]["id"] == rec["id"]
    agent.memory.delete(rec["id"])
    fresh = Store(agent.home / "agent.db")
    assert fresh._one("SELECT * FROM memories WHERE id=?", (rec["id"],)) is None
    assert agent.memory.search("reports")["results"] == []
    with pytest.raises(AgentError) as exc:
        agent.memory.delete(rec["id"])
    assert exc.value.code == ErrorCode.MEMORY_NOT_FOUND


def test_memory_is_scoped_per_user_and_project(tmp_path):
    home = tmp_path / "a"
    store = Store(home / "agent.db")
    alice = Memory(store, home, user_id="alice")
    bob = Memory(store, home, user_id="bob")
    rec = alice.remember(PREFERENCE)
    assert bob.list() == [] and bob.search("reports")["results"] == []
    with pytest.raises(AgentError):
        bob.delete(rec["id"])  # another user's record cannot be deleted
    other_project = Memory(store, tmp_path / "b", user_id="alice")
    assert other_project.list() == []
    assert [m["content"] for m in alice.list()] == [PREFERENCE]


def test_retrieval_is_lexical_without_an_embedding_model_and_says_so(agent, monkeypatch):
    monkeypatch.delenv("IGRAPH_AGENT_EMBEDDING_MODEL", raising=False)
    mem = Memory(agent.store, agent.home)
    mem.remember("Customer 17 is the key account manager", "fact")
    mem.remember("Use pagerank for influence questions", "knowledge")
    found = mem.search("who manages key accounts?")
    assert found["mode"] == "lexical" and "BM25" in found["note"]
    assert "no embedding model" in found["note"]
    assert found["results"][0]["content"].startswith("Customer 17")
    assert mem.search("vegetables")["results"] == []


def test_hybrid_retrieval_fuses_embeddings_when_an_embedding_model_is_configured(agent):
    # a stand-in embedding provider: two topic axes, no network
    def embed(texts: list[str]) -> list[list[float]]:
        topics = (("influence", "pagerank", "important", "central"), ("money", "revenue", "sales"))
        return [[float(sum(w in t.lower() for w in axis)) + 0.01 for axis in topics] for t in texts]

    mem = Memory(agent.store, agent.home, embedder=embed)
    mem.remember("Use pagerank for influence questions", "knowledge")
    mem.remember("Revenue is reported in euros", "knowledge")
    found = mem.search("which nodes are important?")  # no word shared with either record
    assert found["mode"] == "hybrid"
    assert found["results"][0]["content"] == "Use pagerank for influence questions"
    assert Memory(agent.store, agent.home, embedder=None).search(
        "which nodes are important?")["results"] == []  # lexical alone finds nothing


def test_profile_values_replace_each_other_and_show_in_the_prompt(agent):
    agent.memory.set_profile("role", "fraud analyst")
    agent.memory.set_profile("role", "risk analyst")
    assert agent.memory.profile() == {"role": "risk analyst"}
    block = agent.memory.prompt_block("anything")
    assert "Profile: role: risk analyst" in block and "fraud" not in block


def test_session_context_reads_the_plan_of_planning_always(agent, karate_csv):
    resp = agent.ask("Which nodes are most central?", attach=[karate_csv],
                     options=RunOptions(planning_mode="always"))
    ctx = agent.memory.session_context(resp.session_id)
    assert ctx["plan"]["goal"] == "Which nodes are most central?"
    assert ctx["data_state"]["loaded"] is True


def test_cli_memory_add_search_delete(tmp_path, capsys):
    from igraph_agent.cli import main

    home = str(tmp_path / "proj")
    assert main(["--home", home, "memory", "add", PREFERENCE]) == 0
    mid = capsys.readouterr().out.split()[1]
    assert main(["--home", home, "memory", "search", "report style", "--json"]) == 0
    found = json.loads(capsys.readouterr().out)
    assert found["results"][0]["id"] == mid and found["mode"] == "lexical"
    assert main(["--home", home, "memory", "add", "maybe node 3 matters", "--kind", "fact"]) == 1
    assert "MEMORY_NOT_KEPT" in capsys.readouterr().err
    assert main(["--home", home, "memory", "delete", mid]) == 0
    assert main(["--home", home, "memory", "list", "--json"]) == 0
    assert json.loads(capsys.readouterr().out.split("\n", 1)[1]) == []


def test_offline_planner_remembers_a_stated_preference_for_later_sessions(tmp_path):
    home = tmp_path / "project"
    first = Agent(home=home)
    resp = first.ask("From now on, lead reports with conclusions and metrics.")
    assert resp.status == "answered" and resp.answer.startswith("Noted (preference)")
    assert [a.tool for a in resp.actions] == ["find_tools", "remember"]  # found, then called
    refused = first.ask("Remember that node 3 is probably the leader")
    assert refused.status == "needs_clarification"
    assert refused.answer.startswith("Not remembered") and "guesses" in refused.answer
    for candidate in first.memory.candidates():
        first.memory.confirm(candidate["id"])
    first.close()

    second = Agent(home=home)
    later = second.ask("Describe the graph")
    system = second.store.messages(later.run_id)[0]["content"]["content"]
    assert f"- {PREFERENCE}" in system and "leader" not in system
    second.close()


def test_pending_records_of_an_interrupted_run_are_dropped(agent):
    sid = agent.store.create_session()
    crashed = Runs(agent.store).create(sid, "x", "offline/planner", {})
    agent.memory.remember(PREFERENCE, run_id=crashed, pending=True)
    Runs(agent.store).update(crashed, status="interrupted")  # what recovery marks after a crash
    agent.ask("x", options=RunOptions(model=ScriptedModel(["ok"]).id))  # any later run settles
    assert agent.memory.list() == []
    with sqlite3.connect(agent.home / "agent.db") as db:
        assert db.execute("SELECT COUNT(*) FROM memories").fetchone()[0] == 0


def test_memory_the_model_writes_enters_no_prompt_until_the_user_confirms_it(agent, capsys):
    from igraph_agent.cli import main

    model = ScriptedModel([[call("remember", content=PREFERENCE, stated_by_user=True)], "noted"])
    agent.ask("remember my report style", options=RunOptions(model=model.id))
    assert agent.memory.list() == [] and agent.memory.prompt_block("reports") == ""
    (candidate,) = agent.memory.candidates()
    home = str(agent.home)
    assert main(["--home", home, "memory", "candidates"]) == 0
    assert candidate["id"] in capsys.readouterr().out
    assert main(["--home", home, "memory", "confirm", candidate["id"]]) == 0
    assert f"- {PREFERENCE}" in agent.memory.prompt_block("How should reports start?")
    assert agent.memory.candidates() == []
    with pytest.raises(AgentError) as err:
        agent.memory.confirm(candidate["id"])  # already kept: no candidate any more
    assert err.value.code == ErrorCode.MEMORY_NOT_FOUND
