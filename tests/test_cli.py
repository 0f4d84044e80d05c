"""The igraph-agent command on the offline planner.

Behaviour is tested in-process through the real entry point (``main``) under click's
``CliRunner`` isolation; two smoke tests run it as a real subprocess (``python -m``).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from dataclasses import dataclass

import networkx as nx
import pytest
from click.testing import CliRunner

from igraph_agent.cli import main


@dataclass
class Invocation:
    returncode: int
    stdout: str
    stderr: str


def _cli(home, *args: str, env: dict[str, str | None] | None = None) -> Invocation:
    """``igraph-agent --home HOME ARGS`` in this process: its exit code and both streams."""
    with CliRunner().isolation(env=env) as (out, err, _):
        code = main(["--home", str(home), *args])
        sys.stdout.flush()
        sys.stderr.flush()
        return Invocation(code, out.getvalue().decode(), err.getvalue().decode())


def _subprocess_cli(home, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "igraph_agent.cli", "--home", str(home), *args],
                          capture_output=True, text=True, timeout=120)


def test_ask_json_answers_with_numbers_equal_to_networkx(tmp_path, karate_csv):
    proc = _cli(tmp_path, "ask", "Which nodes are most central?", "--data", str(karate_csv),
                "--format", "json")
    assert proc.returncode == 0, proc.stderr
    resp = json.loads(proc.stdout)
    assert resp["status"] == "answered"
    assert resp["model"] == "offline/planner"
    evidence_tools = [e["tool"] for e in resp["evidence"]]
    assert "node_centrality" in evidence_tools
    g = nx.karate_club_graph()
    expected = {"pagerank": nx.pagerank(g, weight=None, tol=1e-10),
                "betweenness": nx.betweenness_centrality(g)}  # the CSV has no weights
    checked = 0
    for call_id, result in resp["data"].items():
        if result["tool"] != "node_centrality":
            continue
        assert any(e["call_id"] == call_id for e in resp["evidence"])
        truth = expected[result["measure"]]
        for row in result["top"]:
            assert abs(row["score"] - truth[int(row["node"])]) < 1e-6
            checked += 1
        best = max(truth, key=truth.get)
        assert result["top"][0]["node"] == str(best)
    assert checked == 20
    assert "**" not in resp["answer"]  # json format: no markdown


def test_ask_chat_prints_answer_model_tools_and_evidence(tmp_path, karate_csv):
    proc = _cli(tmp_path, "ask", "Which nodes are most central?", "--data", str(karate_csv))
    assert proc.returncode == 0
    assert "offline/planner" in proc.stdout
    assert "Evidence" in proc.stdout and "node_centrality" in proc.stdout


def test_unmappable_question_exits_3_with_needs_clarification(tmp_path, karate_csv):
    proc = _cli(tmp_path, "ask", "What will the weather be?", "--data", str(karate_csv),
                "--format", "json")
    assert proc.returncode == 3
    assert json.loads(proc.stdout)["status"] == "needs_clarification"


def test_bad_usage_exits_2_without_a_traceback(tmp_path):
    proc = _subprocess_cli(tmp_path, "ask", "x", "--format", "yaml")
    assert proc.returncode == 2
    assert "Traceback" not in proc.stderr and "--format" in proc.stderr


def test_missing_credentials_exit_1_with_the_variable_to_set(tmp_path, karate_csv):
    env = {k: None for k in os.environ if k.endswith("_API_KEY")}
    proc = _cli(tmp_path, "ask", "x", "--model", "anthropic/claude-sonnet-4-5", "--format", "json",
                env=env)
    assert proc.returncode == 1
    resp = json.loads(proc.stdout)
    assert resp["error"]["code"] == "MODEL_NOT_CONFIGURED"
    assert "ANTHROPIC_API_KEY" in resp["error"]["message"]


def test_runs_list_and_show_read_the_stored_run(tmp_path, karate_csv):
    ask = _cli(tmp_path, "ask", "Which nodes are most central?", "--data", str(karate_csv),
               "--format", "json")
    run_id = json.loads(ask.stdout)["run_id"]
    listed = json.loads(_cli(tmp_path, "runs", "list", "--json").stdout)
    assert [r["id"] for r in listed] == [run_id]
    shown = json.loads(_cli(tmp_path, "runs", "show", run_id).stdout)
    assert shown["run"]["status"] == "completed"
    # the runtime's info on the bound graph, load_skill(centrality-and-influence), 2 x centrality
    assert len(shown["tool_calls"]) == 4
    assert [e["index"] for e in shown["events"]] == list(range(len(shown["events"])))
    assert not any(e.get("unrecognized") for e in shown["events"])  # read through the union
    assert {"run.started", "tool.completed", "run.completed"} <= {e["type"] for e in shown["events"]}
    missing = _cli(tmp_path, "runs", "show", "run_nope")
    assert missing.returncode == 1 and "RUN_NOT_FOUND" in missing.stderr


def test_clear_request_pauses_and_cli_approve_continues_the_run(tmp_path, karate_csv):
    first = _cli(tmp_path, "ask", "Clear the graph", "--data", str(karate_csv), "--format", "json")
    assert first.returncode == 4, first.stdout + first.stderr
    paused = json.loads(first.stdout)
    assert paused["status"] == "awaiting_approval"
    pending = paused["pending"][0]
    assert pending["tool"] == "clear_graph"
    wrong = _cli(tmp_path, "approve", paused["run_id"], "no_such_call", "--format", "json")
    assert wrong.returncode == 1
    assert json.loads(wrong.stdout)["error"]["code"] == "APPROVAL_CONFLICT"
    done = _cli(tmp_path, "approve", paused["run_id"], pending["tool_call_id"], "--format", "json")
    assert done.returncode == 0, done.stdout + done.stderr
    resp = json.loads(done.stdout)
    assert resp["run_id"] == paused["run_id"] and resp["status"] == "answered"
    assert any(a["tool"] == "clear_graph" and a["success"] for a in resp["actions"])
    again = _cli(tmp_path, "approve", paused["run_id"], pending["tool_call_id"], "--format", "json")
    assert json.loads(again.stdout)["error"]["code"] == "APPROVAL_CONFLICT"


def test_cli_cancel_confirms_a_paused_run_and_frees_its_session(tmp_path, karate_csv):
    paused = json.loads(_cli(tmp_path, "ask", "clear the graph", "--data", str(karate_csv),
                             "--format", "json").stdout)
    assert paused["status"] == "awaiting_approval"
    proc = _cli(tmp_path, "cancel", paused["run_id"], "--cancel-id", "c-cli", "--json")
    assert proc.returncode == 0, proc.stderr
    status = json.loads(proc.stdout)
    assert (status["run_status"], status["cancel_status"]) == ("cancelled", "confirmed")
    assert status["terminal_persisted"] and status["can_send"]
    other = _cli(tmp_path, "cancel", "--start-request", "r-9", "--cancel-id", "c-cli")
    assert other.returncode == 1 and "CANCEL_REQUEST_CONFLICT" in other.stderr
    assert _cli(tmp_path, "cancel").returncode == 2


def test_orders_communities_question_names_customers_with_traceable_figures(tmp_path):
    from igraph_agent import data

    proc = _cli(tmp_path, "ask", "Which customers connect multiple communities?", "--data",
                str(data.path("orders.csv")), "--format", "json")
    assert proc.returncode == 0, proc.stderr
    resp = json.loads(proc.stdout)
    assert resp["status"] == "answered"
    bridges = [(cid, r) for cid, r in resp["data"].items() if r["tool"] == "bridge_nodes"]
    assert len(bridges) == 1
    call_id, result = bridges[0]
    assert any(e["call_id"] == call_id and e["tool"] == "bridge_nodes" for e in resp["evidence"])
    assert "community_detection" in [e["tool"] for e in resp["evidence"]]
    for b in result["bridges"][:3]:
        assert b["node"].startswith("C") and b["communities"] >= 2
        line = next(ln for ln in resp["answer"].splitlines() if b["node"] in ln)
        assert f"{b['communities']} communities" in line
        assert f"{b['centrality']:.4f}" in line  # the centrality figure comes from the tool result


@pytest.mark.slow
def test_python_m_cli_answers_in_a_real_process_and_exits_0(tmp_path, karate_csv):
    proc = _subprocess_cli(tmp_path, "ask", "How big is the graph?", "--data", str(karate_csv),
                           "--format", "json")
    assert proc.returncode == 0, proc.stderr
    resp = json.loads(proc.stdout)
    assert resp["status"] == "answered" and resp["model"] == "offline/planner"
    g = nx.karate_club_graph()
    info = [r for r in resp["data"].values() if r["tool"] == "get_graph_info" and r["loaded"]][-1]
    assert (info["nodes"], info["edges"]) == (g.number_of_nodes(), g.number_of_edges())


def test_cli_modify_asks_again_with_the_new_plan_and_approve_commits_it(tmp_path):
    g = nx.Graph([("wh_north", "wh_south"), ("wh_south", "depot_7"), ("depot_7", "depot_7")])
    g.add_node("spare_yard")
    source = tmp_path / "warehouses.graphml"
    nx.write_graphml(g, source)
    first = _cli(tmp_path, "ask", "Optimize the graph", "--data", str(source), "--format", "json")
    paused = json.loads(first.stdout)
    assert paused["status"] == "awaiting_approval", first.stdout + first.stderr
    call = paused["pending"][0]["tool_call_id"]
    again = _cli(tmp_path, "approve", paused["run_id"], call, "--modify",
                 '{"drop_isolates": false}', "--format", "json")
    assert again.returncode == 4, again.stdout + again.stderr  # paused again, not an error
    asked = json.loads(again.stdout)
    [pending] = asked["pending"]
    assert pending["args"]["options"]["drop_isolates"] is False
    done = _cli(tmp_path, "approve", paused["run_id"], call, "--format", "json")
    resp = json.loads(done.stdout)
    assert done.returncode == 0 and resp["status"] == "answered", done.stdout
    info = [resp["data"][a["call_id"]] for a in resp["actions"] if a["tool"] == "get_graph_info"][-1]
    assert (info["revision"], info["nodes"], info["edges"]) == (2, 4, 2)  # spare_yard kept
