"""A request is bound to the data the user meant, before the first model turn."""

from __future__ import annotations

import json
import sys

import networkx as nx
import pandas as pd
from click.testing import CliRunner

import igraph_agent.data
from igraph_agent import Agent, RunOptions
from igraph_agent.errors import ErrorCode
from igraph_agent.model.scripted import ScriptedModel, call

FRIENDS = pd.DataFrame({
    "person": ["ann", "bob", "cat", "ann", "dan", "eve", "fay", "dan"],
    "friend": ["bob", "cat", "ann", "dan", "eve", "fay", "dan", "cat"],
})
PEOPLE = pd.DataFrame({
    "id": ["ann", "bob", "cat", "dan", "eve", "fay", "gus"],
    "name": ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus"],
    "kind": ["chess", "chess", "chess", "both", "football", "football", "football"],
})


def _tool_results(model: ScriptedModel, request: int) -> list[dict]:
    return [json.loads(m["content"]) for m in model.requests[request]["messages"]
            if m.get("role") == "tool"]


def test_attached_data_replaces_the_sessions_graph_for_that_request(agent):
    orders = agent.ask("How many nodes does the graph have?",
                       attach=[igraph_agent.data.path("orders.csv")])
    assert orders.graph is not None and orders.graph.nodes == 240
    model = ScriptedModel(["answer"])
    resp = agent.ask("Who bridges the chess club and the football team?",
                     attach=[FRIENDS, PEOPLE], names=["friends", "people"],
                     options=RunOptions(model=model.id))
    [info] = _tool_results(model, 0)  # the first request already states the bound graph
    assert info["data"]["nodes"] == 7 and info["data"]["edges"] == 8
    assert resp.graph.nodes == 7 and resp.graph.dataset_id != orders.graph.dataset_id
    assert resp.graph.label.startswith("friends (DataFrame) + people (DataFrame) → ds_")
    assert "friends (DataFrame) + people (DataFrame)" in model.requests[0]["messages"][0]["content"]
    assert agent.graph(resp.session_id).graph.number_of_nodes() == 7


def test_an_edge_table_plus_a_node_table_makes_one_graph_with_node_attributes(agent):
    model = ScriptedModel([[call("subgraph_extraction", attribute="kind", value="football")],
                           "Eve, Fay and Gus play football."])
    resp = agent.ask("Who plays football?", attach=[FRIENDS, PEOPLE], names=["friends", "people"],
                     options=RunOptions(model=model.id))
    [info] = _tool_results(model, 0)
    assert {"kind", "name"} <= set(info["data"]["node_attributes"])
    assert (resp.graph.nodes, resp.graph.edges) == (7, 8)  # people's rows are nodes, not edges
    assert resp.status == "answered" and resp.actions[-1].success


def test_a_one_fact_question_with_an_attached_file_takes_two_model_turns(agent, karate_csv):
    model = ScriptedModel([[call("degree_analysis", top_k=1)], "Node 33 has the most ties."])
    resp = agent.ask("Which node has the highest degree?", attach=[karate_csv],
                     options=RunOptions(model=model.id))
    assert resp.status == "answered" and len(model.requests) == 2
    schemas = json.dumps(model.requests[0]["tools"])
    # the session's one tool list (the same on every request, so a provider caches it):
    # the core catalogue with the set-up tools, find_tools for the rest
    assert len(schemas) // 4 <= 4200
    names = {t["function"]["name"] for t in model.requests[0]["tools"]}
    assert not names & {"train", "clear_graph", "remember", "create_analysis_report"}
    assert "find_tools" in names


def test_the_offline_planner_takes_the_same_path_as_a_model(agent, karate_csv):
    resp = agent.ask("Which node has the highest degree?", attach=[karate_csv])
    assert resp.status == "answered" and resp.usage.model_calls == 2
    assert [a.tool for a in resp.actions] == ["get_graph_info", "degree_analysis"]
    assert resp.evidence[0].tool == "graph" and "karate (CSV)" in resp.evidence[0].shows


def test_a_new_session_never_loads_another_notebooks_dataset_unasked(tmp_path, karate_csv):
    other = Agent(home=tmp_path)  # another notebook in the same folder builds a dataset
    other.ask("How big is the graph?", attach=[karate_csv])
    other.close()
    agent = Agent(home=tmp_path)
    resp = agent.ask("How big is the graph?")
    assert resp.status == "needs_clarification"
    assert "karate" in resp.answer and not agent.graph(resp.session_id).loaded
    named = agent.ask("How big is the karate graph?", session=agent.new_session())
    assert named.status == "answered" and named.graph.nodes == 34  # the one it names
    agent.close()


def test_clearing_the_graph_then_asking_never_loads_another_dataset(agent, karate_csv):
    first = agent.ask("How big is the graph?", attach=[karate_csv])
    agent.graph(first.session_id).clear()
    agent.graph(first.session_id).dataset_id = None
    resp = agent.ask("How big is the graph?")
    assert resp.status == "needs_clarification" and resp.graph is None


def test_re_attached_content_binds_to_its_original_revision(agent):
    messy = nx.path_graph(12)
    first = agent.ask("How big is the graph?", attach=[messy])
    did = first.graph.dataset_id
    smaller = nx.path_graph(7)
    agent.workspace.save_revision(did, smaller, base_revision=1)  # an approved optimization
    agent.new_session()
    again = agent.ask("How big is the graph?", attach=[messy])
    assert (again.graph.dataset_id, again.graph.revision) == (did, 1)
    assert again.graph.nodes == 12 and again.graph.latest_revision == 2
    assert f"{did} r1" in again.evidence[0].shows  # the answer says which revision it used
    latest = agent.ask("How big is the latest revision of the graph?", attach=[messy])
    assert (latest.graph.revision, latest.graph.nodes) == (2, 7)


def test_read_only_clear_the_graph_ends_blocked_with_a_read_only_refusal(tmp_path, karate_csv):
    from igraph_agent.cli import main

    with CliRunner().isolation() as (out, _, _):
        code = main(["--home", str(tmp_path), "ask", "Clear the graph", "--data", str(karate_csv),
                     "--read-only", "--format", "json"])
        sys.stdout.flush()
        body = json.loads(out.getvalue().decode())
    assert body["status"] == "blocked" and code == 3
    assert body["refusal"]["code"] == ErrorCode.READ_ONLY_MODE
    assert body["refusal"]["blocked_action"].startswith("clear_graph")
    assert body["graph"]["nodes"] == 34  # --format json names the graph


def test_a_call_that_failed_with_graph_not_loaded_runs_after_a_load(agent, karate_csv):
    built = agent.ask("How big is the graph?", attach=[karate_csv]).graph.dataset_id
    agent.new_session()
    centrality = call("node_centrality", measure="degree", top_k=3)
    model = ScriptedModel([[centrality], [call("load_constructed_graph", dataset_id=built)],
                           [centrality], [centrality], "done"])
    resp = agent.ask("Which nodes are central?", options=RunOptions(model=model.id))
    codes = [(a.tool, a.error_code) for a in resp.actions]
    assert codes[0] == ("node_centrality", ErrorCode.GRAPH_NOT_LOADED)
    assert codes[2] == ("node_centrality", None)  # the graph state changed: it ran again
    assert codes[3] == ("node_centrality", None)  # a success is never short-circuited


def test_an_identical_failed_call_in_the_same_graph_state_is_not_run_again(agent):
    centrality = call("node_centrality", measure="degree")
    model = ScriptedModel([[centrality], [centrality], "done"])
    agent.ask("Which nodes are central?", options=RunOptions(model=model.id))
    repeated = _tool_results(model, 2)[-1]["error"]
    assert repeated["details"]["repeated_call_of"] == "t1c0"
    assert "no graph loaded" in repeated["message"]


def test_two_edge_tables_leave_the_choice_to_the_model(agent):
    more = pd.DataFrame({"a": ["x", "y"], "b": ["y", "z"], "c": [1, 2]})
    model = ScriptedModel(["Which table holds the edges?"])
    agent.ask("How big is it?", attach=[nx.path_graph(3)])
    resp = agent.ask("How big is it?", attach=[FRIENDS, more], options=RunOptions(model=model.id))
    [info] = _tool_results(model, 0)
    assert info["data"]["loaded"] is False  # the session's earlier graph is not this data
    assert [s["tables"]["table"] for s in info["data"]["attached_sources"]] == [
        ["person", "friend"], ["a", "b", "c"]]
    assert resp.graph is None


def test_numbers_in_words_are_checked_like_digits(agent, karate_csv):
    wrong = "The graph has four thousand three hundred and twenty-one nodes."  # ids hold no 4321
    model = ScriptedModel([wrong, wrong])
    resp = agent.ask("How big is the graph?", attach=[karate_csv],
                     options=RunOptions(model=model.id))
    assert resp.status == "blocked"
    assert "four thousand three hundred and twenty-one" in resp.refusal.because
    ok = ScriptedModel(["The graph has thirty-four nodes."])
    assert agent.ask("How big is the graph?", attach=[karate_csv],
                     options=RunOptions(model=ok.id)).status == "answered"


def test_the_instructions_allow_rounding_with_the_exact_value_at_hand(agent, karate_csv):
    model = ScriptedModel(["PageRank of 33 is 0.10 (0.100918)."])
    agent.ask("How big?", attach=[karate_csv], options=RunOptions(model=model.id))
    system = model.requests[0]["messages"][0]["content"]
    assert "rounded sensibly" in system and "exact tool value" in system


def test_on_demand_tools_are_found_not_offered_whatever_the_question_says(agent):
    offered = []
    for question in ("Train a GCN to predict the club", "Clear the graph", "Remember: use 2 decimals"):
        model = ScriptedModel(["ok", "ok"])
        agent.ask(question, options=RunOptions(model=model.id))
        offered.append(json.dumps(model.requests[0]["tools"]))
    assert offered[0] == offered[1] == offered[2]  # one list, whatever the words
    names = {t["function"]["name"] for t in json.loads(offered[0])}
    assert "find_tools" in names and not names & {"train", "clear_graph", "remember"}


def test_the_run_panel_names_the_bound_graph_before_the_first_turn(agent, karate_csv):
    from igraph_agent.jupyter.runview import apply_event, empty_view

    handle = agent.start("How big is the graph?", attach=[karate_csv])
    handle.wait()
    events = handle.events()
    first_model = next(i for i, e in enumerate(events) if e["type"] == "model.completed")
    view = empty_view(handle.run_id, "How big is the graph?")
    for e in events[:first_model]:
        view = apply_event(view, e)
    assert view["graph"]["label"].startswith("karate (CSV) → ds_")
    assert view["graph"]["label"].endswith("r1 · 34 nodes · 78 edges · undirected · unweighted")


def test_a_plain_question_on_the_sessions_graph_offers_under_4200_tokens_of_schemas(agent,
                                                                                   karate_csv):
    agent.ask("How big is the graph?", attach=[karate_csv])
    model = ScriptedModel(["Node 33 has the most ties."])
    agent.ask("Which node has the highest degree?", options=RunOptions(model=model.id))
    assert len(json.dumps(model.requests[0]["tools"])) // 4 <= 4200  # cached after the first
