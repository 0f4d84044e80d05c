"""Graph optimization: exact preview, approval-gated commit, revision conflicts, clearing."""

from __future__ import annotations

import json

import networkx as nx

from igraph_agent import Agent, RunOptions
from igraph_agent.errors import ErrorCode
from igraph_agent.graph.datasets import GraphSpec
from igraph_agent.model.scripted import ScriptedModel, call
from igraph_agent.store.approvals import Approvals
from igraph_agent.tools.optimize import OptimizeOptions, normalise, optimize_graph


def _messy() -> nx.Graph:
    g = nx.Graph()
    g.add_edge("a", "b", weight=1.0)
    g.add_edge("b", "c", weight=0.2)
    g.add_edge("c", "c", weight=1.0)
    g.add_edge("A2", "c", weight=2.0)
    g.add_edge("a", "c", weight=0.5)
    g.add_node("iso")
    labels = {"a": "Zoë Smith", "A2": "  zoe   SMITH", "b": "Bob", "c": "Carol", "iso": "Ivan"}
    nx.set_node_attributes(g, labels, "label")
    return g


def test_labels_are_normalised_for_case_spacing_and_accents():
    assert normalise("  Zoë   SMITH ") == normalise("zoe smith") == "zoe smith"


def test_optimize_graph_lists_the_exact_operations_in_order():
    ops, h = optimize_graph(_messy(), OptimizeOptions(merge_duplicates_by="label",
                                                      min_edge_weight=0.3,
                                                      add_attributes=["degree", "component"]))
    assert ops == [
        {"op": "merge_nodes", "keep": "A2", "merge": ["a"], "key": "zoe smith"},
        {"op": "drop_self_loop", "node": "c"},
        {"op": "drop_edge", "source": "b", "target": "c", "weight": 0.2},
        {"op": "drop_isolate", "node": "iso"},
        {"op": "set_node_attribute", "name": "degree", "nodes": 3},
        {"op": "set_node_attribute", "name": "component", "nodes": 3},
    ]
    assert sorted(h.nodes) == ["A2", "b", "c"]
    assert h["A2"]["c"]["weight"] == 2.5  # a-c (0.5) merged into A2-c (2.0)
    assert h.nodes["A2"]["degree"] == 2 and h.nodes["b"]["component"] == 0


def _loaded_agent(tmp_path, g: nx.Graph) -> tuple[Agent, str]:
    agent = Agent(home=tmp_path)
    src = agent.workspace.attach(g, "messy")
    ds = agent.workspace.construct([src["source_id"]], GraphSpec())["id"]
    return agent, ds


def _last_tool(messages: list[dict]) -> dict:
    return json.loads([m for m in messages if m["role"] == "tool"][-1]["content"])


def test_preview_returns_the_operations_and_base_revision_and_persists_nothing(tmp_path):
    agent, ds = _loaded_agent(tmp_path, _messy())
    files_before = sorted(p.name for p in (tmp_path / "datasets" / ds).iterdir())
    model = ScriptedModel([
        [call("load_constructed_graph", dataset_id=ds)],
        [call("preview_graph_optimization", merge_duplicates_by="label")],
        "Previewed.",
    ])
    resp = agent.ask("preview a cleanup", options=RunOptions(model=model.id))
    preview = resp.data[resp.actions[-1].call_id]
    assert preview["base_revision"] == 1 and preview["dataset_id"] == ds
    assert preview["operation_counts"] == {"merge_nodes": 1, "drop_self_loop": 1,
                                           "drop_isolate": 1}
    assert preview["plan_id"].startswith("plan_") and preview["persisted"] is False
    assert preview["commit_args"]["plan_id"] == preview["plan_id"]
    assert agent.store.get_dataset(ds)["revision"] == 1
    assert sorted(p.name for p in (tmp_path / "datasets" / ds).iterdir()) == files_before
    assert agent.graph(resp.session_id).graph.number_of_nodes() == 5
    assert Approvals(agent.store).of_run(resp.run_id) == []  # previews need no approval
    agent.close()


def test_offline_planner_previews_then_commits_after_approval_and_verifies(tmp_path):
    agent = Agent(home=tmp_path)
    paused = agent.ask("Optimize the graph", attach=[_messy()])
    assert paused.status == "awaiting_approval"
    [pending] = paused.pending
    assert pending.tool == "commit_graph_optimization"
    preview = next(paused.data[a.call_id] for a in paused.actions
               if a.tool == "preview_graph_optimization")
    assert pending.args == preview["commit_args"]  # the person sees the exact previewed plan
    assert agent.store.get_dataset(pending.args["dataset_id"])["revision"] == 1
    resp = agent.continue_run(paused.run_id, pending.tool_call_id, "approve")
    assert resp.status == "answered", resp.refusal
    tools = [a.tool for a in resp.actions]
    assert tools[-2:] == ["commit_graph_optimization", "get_graph_info"]  # verified
    info = resp.data[resp.actions[-1].call_id]
    assert (info["revision"], info["nodes"], info["edges"]) == (2, 3, 3)
    assert "Committed as revision 2" in resp.answer
    session = agent.graph(resp.session_id)
    assert session.revision == 2 and session.graph.number_of_nodes() == 3
    agent.close()


def test_commit_after_the_dataset_moved_is_a_revision_conflict(tmp_path):
    agent, ds = _loaded_agent(tmp_path, _messy())
    model = ScriptedModel([
        [call("load_constructed_graph", dataset_id=ds)],
        [call("preview_graph_optimization", drop_isolates=True)],
        lambda messages, tools: [call("commit_graph_optimization",
                                      **_last_tool(messages)["data"]["commit_args"])],
        "The dataset changed; preview again.",
    ])
    paused = agent.ask("optimize", options=RunOptions(model=model.id))
    g, _ = agent.workspace.load(ds, 1)
    agent.workspace.save_revision(ds, g, 1)  # someone else moves the dataset to r2
    resp = agent.continue_run(paused.run_id, paused.pending[0].tool_call_id, "approve")
    commit = agent.store.tool_calls(resp.run_id)[-1]["envelope"]
    assert commit["error"]["code"] == ErrorCode.REVISION_CONFLICT
    assert "preview again" in commit["error"]["hint"]
    assert agent.store.get_dataset(ds)["revision"] == 2  # nothing more was written
    agent.close()


def test_commit_with_options_other_than_the_preview_is_refused(tmp_path):
    agent, ds = _loaded_agent(tmp_path, _messy())

    def tampered(messages, tools):
        args = _last_tool(messages)["data"]["commit_args"]
        args["options"]["min_edge_weight"] = 5.0
        return [call("commit_graph_optimization", **args)]

    model = ScriptedModel([
        [call("load_constructed_graph", dataset_id=ds)],
        [call("preview_graph_optimization")],
        tampered,
        "Refused.",
    ])
    paused = agent.ask("optimize", options=RunOptions(model=model.id))
    agent.continue_run(paused.run_id, paused.pending[0].tool_call_id, "approve")
    commit = agent.store.tool_calls(paused.run_id)[-1]["envelope"]
    assert commit["error"]["code"] == ErrorCode.INVALID_ARGUMENTS
    assert agent.store.get_dataset(ds)["revision"] == 1
    agent.close()


def test_preview_by_an_attribute_no_node_has_is_invalid(tmp_path):
    agent, ds = _loaded_agent(tmp_path, _messy())
    model = ScriptedModel([
        [call("load_constructed_graph", dataset_id=ds)],
        [call("preview_graph_optimization", merge_duplicates_by="email")],
        "No such attribute.",
    ])
    resp = agent.ask("preview", options=RunOptions(model=model.id))
    assert resp.actions[-1].error_code == ErrorCode.INVALID_ARGUMENTS
    agent.close()


def test_clear_graph_keeps_the_stored_dataset(tmp_path):
    agent, ds = _loaded_agent(tmp_path, _messy())
    model = ScriptedModel([
        [call("load_constructed_graph", dataset_id=ds)],
        [call("clear_graph")],
        [call("get_graph_info")],
        "Cleared.",
    ])
    paused = agent.ask("clear it", options=RunOptions(model=model.id))
    resp = agent.continue_run(paused.run_id, paused.pending[0].tool_call_id, "approve")
    info = resp.data[resp.actions[-1].call_id]
    assert info["loaded"] is False
    assert [d["dataset_id"] for d in info["available_datasets"]] == [ds]
    agent.close()


def _paused_optimization(tmp_path) -> tuple[Agent, object]:
    agent = Agent(home=tmp_path)
    paused = agent.ask("Optimize the graph", attach=[_messy()])
    assert paused.status == "awaiting_approval", paused.answer
    return agent, paused


def test_modify_previews_the_modified_options_and_asks_again_before_committing(tmp_path):
    agent, paused = _paused_optimization(tmp_path)
    [first] = paused.pending
    ds = first.args["dataset_id"]
    changed = {**first.args, "options": {**first.args["options"], "drop_isolates": False}}
    again = agent.continue_run(paused.run_id, first.tool_call_id, "modify", changed)
    assert again.status == "awaiting_approval", again.error  # not INVALID_ARGUMENTS on plan_id
    [second] = again.pending
    assert second.tool_call_id == first.tool_call_id and second.generation == first.generation + 1
    assert second.args["options"]["drop_isolates"] is False
    assert second.args["plan_id"] != first.args["plan_id"]
    preview = next(again.data[a.call_id] for a in again.actions
                   if a.tool == "preview_graph_optimization" and a.call_id.endswith("preview2"))
    assert preview["commit_args"] == second.args  # the new approval shows the new plan
    assert "drop_isolate" not in preview["operation_counts"]
    assert agent.store.get_dataset(ds)["revision"] == 1  # nothing written before the approval
    stale = agent.continue_run(paused.run_id, first.tool_call_id, "approve",
                               generation=first.generation)
    assert stale.error.code == ErrorCode.APPROVAL_CONFLICT  # the old plan's button is stale
    done = agent.continue_run(paused.run_id, second.tool_call_id, "approve")
    assert done.status == "answered", done.refusal
    assert agent.store.get_dataset(ds)["revision"] == 2
    committed = agent.graph(done.session_id).graph
    assert "iso" in committed and committed.number_of_nodes() == 4  # the isolate was kept
    assert second.args["plan_id"] in done.answer and "4 nodes" in done.answer
    assert "1 × drop isolate" not in done.answer  # the answer tells the committed plan
    agent.close()


def test_modify_with_one_option_named_at_the_top_level_changes_that_option(tmp_path):
    agent, paused = _paused_optimization(tmp_path)
    [first] = paused.pending
    again = agent.continue_run(paused.run_id, first.tool_call_id, "modify",
                               {"drop_isolates": False})
    [second] = again.pending
    assert second.args["options"] == {**first.args["options"], "drop_isolates": False}
    agent.close()


def test_modify_that_names_the_plan_its_options_give_commits_at_once(tmp_path):
    from igraph_agent.tools.optimize import plan_id

    agent, paused = _paused_optimization(tmp_path)
    [first] = paused.pending
    ds = first.args["dataset_id"]
    options = OptimizeOptions(**{**first.args["options"], "drop_self_loops": False})
    ops, _ = optimize_graph(agent.workspace.load(ds, 1)[0], options)
    named = {**first.args, "options": options.model_dump(mode="json"),
             "plan_id": plan_id(ds, 1, options, ops)}
    done = agent.continue_run(paused.run_id, first.tool_call_id, "modify", named)
    assert done.status == "answered" and done.pending == []
    assert agent.store.get_dataset(ds)["revision"] == 2
    assert agent.graph(done.session_id).graph.has_edge("c", "c")  # the self-loop was kept
    agent.close()


def test_modify_with_an_argument_the_commit_does_not_have_is_invalid_and_stays_pending(tmp_path):
    agent, paused = _paused_optimization(tmp_path)
    [first] = paused.pending
    bad = agent.continue_run(paused.run_id, first.tool_call_id, "modify", {"keep_isolated": True})
    assert bad.error.code == ErrorCode.INVALID_ARGUMENTS and "keep_isolated" in bad.error.message
    assert [p.tool_call_id for p in bad.pending] == [first.tool_call_id]
    agent.close()


def test_modify_whose_options_cannot_be_previewed_writes_nothing_and_ends_blocked(tmp_path):
    agent, paused = _paused_optimization(tmp_path)
    [first] = paused.pending
    ds = first.args["dataset_id"]
    resp = agent.continue_run(paused.run_id, first.tool_call_id, "modify",
                              {"merge_duplicates_by": "email"})
    assert resp.status == "blocked", (resp.status, resp.answer)
    commit = next(r for r in agent.store.tool_calls(paused.run_id)
                  if r["call_id"] == first.tool_call_id)["envelope"]
    assert commit["error"]["code"] == ErrorCode.MODIFIED_PLAN_INVALID
    assert "email" in commit["error"]["message"]
    assert resp.refusal.code == ErrorCode.MODIFIED_PLAN_INVALID
    assert agent.store.get_dataset(ds)["revision"] == 1
    agent.close()


def test_rejecting_the_commit_of_a_previewed_plan_ends_blocked_with_the_refusal(tmp_path):
    agent, paused = _paused_optimization(tmp_path)
    [first] = paused.pending
    resp = agent.continue_run(paused.run_id, first.tool_call_id, "reject")
    assert resp.status == "blocked", (resp.status, resp.answer)
    assert resp.refusal.code == ErrorCode.APPROVAL_REJECTED
    assert agent.store.get_dataset(first.args["dataset_id"])["revision"] == 1
    agent.close()


def test_the_preview_lists_what_construction_merged_apart_from_what_the_commit_changes(tmp_path):
    import pandas as pd

    shipments = pd.DataFrame({"sender": ["oslo", "oslo", "bergen", "tromso", "oslo", "molde"],
                              "receiver": ["bergen", "bergen", "molde", "tromso", "bergen",
                                           "oslo"],
                              "crates": [1, 2, 3, 1, 1, 4]})
    agent = Agent(home=tmp_path)
    paused = agent.ask("Optimize the graph", attach=[shipments])
    preview = next(paused.data[a.call_id] for a in paused.actions
                   if a.tool == "preview_graph_optimization")
    done = preview["already_done"]
    # oslo-bergen came in 3 rows, stored as 1 edge; the tromso self-loop was stored as given
    assert (done["edge_rows_merged"], done["edges_from_merged_rows"]) == (2, 1)
    assert done["self_loops"] == 1
    assert preview["operation_counts"] == {"drop_self_loop": 1, "drop_isolate": 1}
    assert not any(o["op"] == "merge_nodes" for o in preview["operations"])  # not re-planned
    call = next(r for r in agent.store.tool_calls(paused.run_id)
                if r["tool"] == "preview_graph_optimization")
    assert call["envelope"]["summary"].endswith(
        "construction already did (not in this plan): 2 repeated edge rows merged into 1 edge "
        "(weights summed), 1 self-loop stored as given")
    agent.cancel(paused.run_id)
    agent.close()


def test_the_preview_of_a_multigraph_says_its_parallel_edges_were_counted_in_multiplicity(
        tmp_path):
    relays = nx.MultiGraph([("ant", "bee"), ("ant", "bee"), ("bee", "cat"), ("cat", "cat")])
    agent, ds = _loaded_agent(tmp_path, relays)
    model = ScriptedModel([[call("load_constructed_graph", dataset_id=ds)],
                           [call("preview_graph_optimization")], "Previewed."])
    resp = agent.ask("preview a cleanup", options=RunOptions(model=model.id))
    done = resp.data[resp.actions[-1].call_id]["already_done"]
    assert any("multiplicity" in note for note in done["notes"]), done
    assert resp.data[resp.actions[-1].call_id]["operation_counts"] == {"drop_self_loop": 1}
    agent.close()


def test_a_graph_with_nothing_to_clean_is_answered_with_what_construction_already_did(tmp_path):
    import pandas as pd

    visits = pd.DataFrame({"guest": ["ida", "ida", "jon"], "host": ["jon", "jon", "kai"]})
    agent = Agent(home=tmp_path)
    done = agent.ask("Optimize the graph", attach=[visits])
    assert done.status == "answered" and done.pending == [], done.answer  # nothing to commit
    assert "no changes needed" in done.answer and "Nothing was committed" in done.answer
    assert "Already done when the graph was built, not part of this plan: 1 repeated edge " \
           "row merged into 1 edge" in done.answer, done.answer
    agent.close()


def test_the_operations_table_of_each_previewed_plan_is_named_after_that_plan(tmp_path):
    from igraph_agent.frames import frames_of

    agent, paused = _paused_optimization(tmp_path)
    [first] = paused.pending
    again = agent.continue_run(paused.run_id, first.tool_call_id, "modify",
                               {"drop_isolates": False})
    [second] = again.pending
    frames = frames_of(again.data)
    old, new = f"operations_{first.args['plan_id']}", f"operations_{second.args['plan_id']}"
    assert "drop_isolate" in frames[old]["op"].tolist()
    assert "drop_isolate" not in frames[new]["op"].tolist()  # the plan asked for now
    agent.close()
