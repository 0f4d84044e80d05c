"""Guards: grounded numbers, evidence for data answers, refusals, and the read-only switch."""

from __future__ import annotations

import json

import pytest

from igraph_agent import Agent, RunOptions
from igraph_agent.errors import ErrorCode
from igraph_agent.eval.grounding import sources_of, ungrounded
from igraph_agent.model.scripted import ScriptedModel, call
from igraph_agent.options import Settings
from igraph_agent.runtime.guards import ungrounded_numbers
from igraph_agent.store.approvals import Approvals
from igraph_agent.store.runs import Runs
from igraph_agent.tools.registry import ToolResult


# -- number grounding ---------------------------------------------------------------------
def test_numbers_are_matched_at_the_answers_precision():
    results = [{"data": {"score": 0.100918, "mean_degree": 4.588235, "nodes": 1234567}}]
    answer = "Node 0 scores 0.1009 (about 0.10); mean degree 4.59; 1,234,567 nodes."
    assert ungrounded_numbers(answer, results) == []
    assert ungrounded_numbers("mean degree 4.60", results) == ["4.60"]


def test_percentages_and_suffixes_are_scaled():
    results = [{"data": {"share": 0.4523, "edges": 1_200_000}}]
    assert ungrounded_numbers("45.2% of nodes, 1.2M edges", results) == []
    assert ungrounded_numbers("47% of nodes", results) == ["47%"]


def test_small_integers_question_numbers_ids_and_code_are_not_checked():
    answer = ("The top 5 nodes in run_ab12 (call p1_0, dataset ds_9f3a, revision r7) and the "
              "`top_k=50` call; you asked about 2024.")
    assert ungrounded_numbers(answer, [], question="What happened in 2024?") == []


def test_a_calls_timing_and_ids_never_ground_a_number():
    result = ToolResult(success=True, tool="get_graph_info", call_id="c_4242", job_id="j77",
                        elapsed_ms=77, data={"nodes": 34}, summary="34 nodes")
    answer = "The graph has 34 nodes and 77 edges; 4242 of them are new."
    assert ungrounded_numbers(answer, [result.evidence()]) == ["77", "4242"]
    stored = {"tool_calls": [{"args": {}, "envelope": result.envelope()}]}
    assert ungrounded(answer, sources_of(stored, "How many nodes?")) == ["77", "4242"]


def test_digits_in_a_file_path_never_ground_a_number():
    result = ToolResult(success=True, tool="construct_graph", call_id="c1",
                        data={"source": "/tmp/pytest-of-root/pytest-77/data/karate.csv",
                              "nodes": 34, "edges": 78},
                        summary="read /tmp/pytest-of-root/pytest-77/data/karate.csv: 34 nodes")
    answer = "The graph has 34 nodes and 77 edges."
    assert ungrounded_numbers(answer, [result.evidence()]) == ["77"]
    stored = {"tool_calls": [{"args": {"path": "/tmp/run-77/karate.csv"},
                              "envelope": result.envelope()}]}
    assert ungrounded(answer, sources_of(stored, "How many nodes?")) == ["77"]
    assert ungrounded_numbers("34 of 78 edges (34/78)", ["ratio 34/78"]) == []


def test_digits_inside_an_id_in_a_result_never_ground_a_number():
    shown = [{"dataset_id": "ds_4a77b0c618", "source_id": "src_25050fca57f8", "run": "77ab",
              "summary": "loaded ds_4a77b0c618 r1: 34 nodes, 78 edges."}]
    assert ungrounded_numbers("34 nodes, 78 edges, 77 loops and 618 hubs", shown) == [
        "77", "618"]


def test_numeric_strings_and_list_lengths_in_results_ground_numbers():
    results = [{"data": {"top": [{"node": "33"}, {"node": "12"}], "summary": "mean 17.5"}}]
    assert ungrounded_numbers("Node 33 and node 12 lead; mean 17.5.", results) == []
    assert ungrounded_numbers("Node 34 leads.", results) == ["34"]


# -- the guard in the loop ----------------------------------------------------------------
def _user_messages(model: ScriptedModel, request: int) -> list[str]:
    return [m["content"] for m in model.requests[request]["messages"] if m["role"] == "user"]


def test_an_ungrounded_number_is_sent_back_once_then_the_answer_is_blocked(agent, karate_csv):
    model = ScriptedModel([
        [call("get_graph_info")],
        "The graph has 4242 nodes.",
        "I insist: 4242 nodes and 77 edges.",
    ])
    resp = agent.ask("How many nodes?", attach=[karate_csv], options=RunOptions(model=model.id))
    assert "4242" in _user_messages(model, 2)[-1]  # sent back once to ground or retract
    assert resp.status == "blocked"
    r = resp.refusal
    assert r.code == ErrorCode.UNGROUNDED_ANSWER and "4242" in r.because and "77" in r.because
    assert r.unblock[0].startswith("call get_graph_info {}")
    assert any("construct_graph" in step and "source_ids" in step for step in r.unblock)
    assert r.lawful_alternative and r.retryable and not r.policy_final
    assert resp.data["withheld_answer"] == "I insist: 4242 nodes and 77 edges."
    assert resp.answer.startswith("The answer was withheld")
    assert Runs(agent.store).get(resp.run_id).response["status"] == "blocked"


def test_a_model_that_retracts_after_feedback_answers(agent, karate_csv):
    model = ScriptedModel([
        [call("get_graph_info")],
        "The graph has 4242 nodes.",
        "No graph is loaded yet; I cannot count its nodes.",
    ])
    resp = agent.ask("How many nodes?", attach=[karate_csv], options=RunOptions(model=model.id))
    assert resp.status == "answered"
    assert resp.answer.startswith("No graph is loaded")


def test_an_answer_about_the_data_without_a_successful_tool_result_is_blocked(agent):
    model = ScriptedModel(["It is a small graph.", "Still a small graph."])
    resp = agent.ask("Describe the graph", options=RunOptions(model=model.id))
    assert "no tool call of this run succeeded" in _user_messages(model, 1)[-1]
    assert resp.status == "blocked" and resp.refusal.code == ErrorCode.UNGROUNDED_ANSWER
    assert resp.evidence == []


@pytest.mark.parametrize("question,fmt", [
    ("Which nodes are most central?", "chat"),
    ("Which nodes are most central?", "report"),
    ("What is the degree distribution? Who are the hubs?", "json"),
    ("Describe the graph", "chat"),
    ("Which nodes have the highest betweenness and closeness?", "chat"),
])
def test_offline_planner_answers_pass_the_guard(agent, karate_csv, question, fmt):
    resp = agent.ask(question, attach=[karate_csv], options=RunOptions(output_format=fmt))
    assert resp.status == "answered", (resp.refusal, resp.answer)
    assert resp.refusal is None and resp.evidence


# -- read-only ----------------------------------------------------------------------------
def test_read_only_refuses_a_gated_call_before_any_pause(agent, karate_csv):
    resp = agent.ask("clear the graph", attach=[karate_csv], options=RunOptions(read_only=True))
    assert resp.status != "awaiting_approval" and resp.pending == []
    clear = [a for a in resp.actions if a.tool == "clear_graph"]
    assert clear and clear[0].error_code == ErrorCode.READ_ONLY_MODE
    assert Approvals(agent.store).of_run(resp.run_id) == []
    assert agent.graph(resp.session_id).loaded  # nothing was cleared


def test_read_only_setting_refuses_every_mutating_tool(tmp_path, karate_csv):
    agent = Agent(home=tmp_path, settings=Settings(home=tmp_path, read_only=True))
    model = ScriptedModel([
        [call("get_graph_info")],
        lambda messages, tools: [call("construct_graph", source_ids=[json.loads(
            [m for m in messages if m["role"] == "tool"][-1]["content"])["data"][
            "attached_sources"][0]["source_id"]])],
        [call("commit_graph_optimization", plan_id="plan_x", dataset_id="ds_x", base_revision=1)],
        [call("clear_graph")],
        "Refused.",
    ])
    resp = agent.ask("clean the graph", attach=[karate_csv], options=RunOptions(model=model.id))
    codes = {a.tool: a.error_code for a in resp.actions}
    assert codes["commit_graph_optimization"] == ErrorCode.READ_ONLY_MODE
    assert codes["clear_graph"] == ErrorCode.READ_ONLY_MODE
    assert Approvals(agent.store).of_run(resp.run_id) == []
    assert resp.status != "awaiting_approval"
    agent.close()


def test_read_only_environment_setting_is_read(monkeypatch, tmp_path):
    monkeypatch.setenv("IGRAPH_AGENT_READ_ONLY", "1")
    assert Settings.from_env(env_file=None).read_only is True
