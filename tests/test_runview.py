"""The run panel's fold (jupyter/runview.py): live events, stored runs and approvals agree."""

from __future__ import annotations

from igraph_agent.jupyter import runview


def _live_view(handle, question: str) -> dict:
    view = runview.empty_view(handle.run_id, question)
    resp = handle.wait()
    for event in handle.events():
        view = runview.apply_event(view, event)
    return runview.apply_response(view, resp.model_dump(mode="json"))


def test_a_stored_run_rebuilds_the_same_panel_as_the_live_one(agent, karate_csv):
    handle = agent.start("Which nodes are most central?", attach=[karate_csv])
    live = _live_view(handle, "Which nodes are most central?")
    stored, events = runview.view_from_record(agent.run_record(handle.run_id))
    assert live["status"] == stored["status"] == "answered"
    assert [c["tool"] for c in live["tools"]] == [c["tool"] for c in stored["tools"]]
    assert [c["status"] for c in stored["tools"]] == ["ok"] * len(stored["tools"])
    for key in ("answer", "model", "evidence", "usage", "question"):
        assert live[key] == stored[key]
    assert events[-1]["type"] == "run.completed"


def test_a_paused_run_lists_its_pending_call_and_a_decision_clears_it(agent, karate_csv):
    agent.ask("How big is the graph?", attach=[karate_csv])
    paused = agent.ask("Clear the graph")
    assert paused.status == "awaiting_approval"
    view, _ = runview.view_from_record(agent.run_record(paused.run_id))
    assert view["status"] == "awaiting_approval"
    assert "unload the graph" in view["pending"][0]["what"]
    assert [(p["tool"], p["tool_call_id"]) for p in view["pending"]] == \
        [("clear_graph", paused.pending[0].tool_call_id)]
    card = [c for c in view["tools"] if c["tool"] == "clear_graph"][-1]
    assert card["status"] == "awaiting_approval"
    done = agent.continue_run(paused.run_id, paused.pending[0].tool_call_id, "reject")
    view, _ = runview.view_from_record(agent.run_record(paused.run_id))
    assert view["pending"] == [] and view["status"] == done.status
    assert [c["status"] for c in view["tools"] if c["tool"] == "clear_graph"][-1] == "rejected"


def test_job_progress_and_blocked_calls_are_folded():
    view = runview.empty_view("run_1", "train")
    events = [
        {"type": "run.started", "ts": 1.0, "data": {"model": "m"}},
        {"type": "tool.started", "ts": 1.1, "data": {"call_id": "a", "tool": "train", "args": {}}},
        {"type": "job.progress", "ts": 1.2, "data": {"job_id": "job_1", "seq": 0,
                                                     "fraction": 0.25, "message": "epoch 1"}},
        {"type": "job.progress", "ts": 1.3, "data": {"job_id": "job_1", "seq": 1,
                                                     "fraction": 0.5, "message": "epoch 2"}},
        {"type": "tool.blocked", "ts": 1.4, "data": {"call_id": "b", "tool": "predict",
                                                     "blocked_by": "a", "blocked_by_tool": "train",
                                                     "reason": "left an unfinished job"}},
    ]
    for e in events:
        view = runview.apply_event(view, e)
    assert view["jobs"]["job_1"]["fraction"] == 0.5
    assert view["jobs"]["job_1"]["message"] == "epoch 2"
    blocked = view["tools"][-1]
    assert blocked["status"] == "blocked"
    assert blocked["summary"] == "not run: depends on train a, which left an unfinished job"


def test_streamed_deltas_are_compacted_into_one_event():
    deltas = [{"type": "model.delta", "index": i, "data": {"text": t}}
              for i, t in enumerate(["Hel", "lo ", "world"])]
    compacted = runview.compact([*deltas, {"type": "run.completed", "index": 3, "data": {}}])
    assert [e["type"] for e in compacted] == ["model.delta", "run.completed"]
    assert compacted[0]["data"]["text"] == "Hello world" and compacted[0]["index"] == 2


def test_a_cancelled_run_ends_cancelled_with_its_stopped_tool_card_cancelled_not_failed():
    view = runview.empty_view("run_1", "train")
    for e in [
        {"type": "run.started", "ts": 1.0, "data": {"model": "m"}},
        {"type": "tool.started", "ts": 1.1, "data": {"call_id": "a", "tool": "train",
                                                     "args": {"arch": "sage"}}},
        {"type": "tool.completed", "ts": 2.0, "data": {
            "call_id": "a", "success": False, "elapsed_ms": 900,
            "error": {"code": "JOB_CANCELLED", "message": "the job was cancelled"}}},
        {"type": "run.cancelled", "ts": 2.1, "data": {"status": "error", "error": {
            "code": "RUN_CANCELLED", "message": "the run was cancelled"}}},
    ]:
        view = runview.apply_event(view, e)
    assert view["status"] == "cancelled"
    assert view["tools"][0]["status"] == "cancelled"


def test_the_final_state_follows_the_response_status_not_a_generic_completed():
    for status in ("answered", "needs_clarification", "blocked", "error"):
        view = runview.apply_event(runview.empty_view("r", "q"),
                                   {"type": "run.completed", "ts": 1, "data": {"status": status}})
        view = runview.apply_response(view, {"status": status, "answer": "x"})
        assert view["status"] == status
    assert runview.run_state("completed", {"status": "blocked"}) == "blocked"
    assert runview.run_state("error", {"status": "error",
                                       "error": {"code": "RUN_CANCELLED"}}) == "cancelled"
    assert runview.state_label("needs_clarification") == "needs clarification"


def test_tool_cards_show_arguments_in_plain_words_and_keep_the_raw_json():
    view = runview.apply_event(runview.empty_view("r", "q"), {
        "type": "tool.started", "ts": 1.0, "data": {
            "call_id": "a", "tool": "node_centrality",
            "args": {"measure": "pagerank", "top_k": 10, "nodes": None, "weight": None,
                     "normalized": False}}})
    card = view["tools"][0]
    assert card["args"] == "pagerank, top 10"
    assert '"weight": null' in card["raw_args"]


def test_training_progress_reads_like_tqdm_with_a_final_line():
    view = runview.empty_view("run_1", "train")
    events = [
        {"type": "tool.started", "ts": 0.0, "data": {"call_id": "a", "tool": "train",
                                                     "args": {"arch": "sage"}}},
        {"type": "job.progress", "ts": 1.0, "data": {"job_id": "job_1", "fraction": 0.22,
                                                     "message": "epoch 44/200: loss 0.5"}},
        {"type": "job.progress", "ts": 9.0, "data": {"job_id": "job_1", "fraction": 1.0,
                                                     "message": "training finished"}},
    ]
    for e in events[:2]:
        view = runview.apply_event(view, e)
    job = view["jobs"]["job_1"]
    assert job["label"] == "training GraphSAGE, epoch 44/200"
    assert (job["done"], job["total"], job["unit"], job["started"]) == (44, 200, "epoch", 1.0)
    view = runview.apply_event(view, events[2])
    assert view["jobs"]["job_1"]["final"] == "training GraphSAGE: training finished (8.0 s)"
    assert "early" not in view["jobs"]["job_1"]


def test_an_early_stopped_training_says_so_instead_of_a_full_bar():
    view = runview.empty_view("run_1", "train")
    for e in [{"type": "job.progress", "ts": 1.0, "data": {"job_id": "j", "fraction": 0.3,
                                                            "message": "epoch 61/200: loss 0.4"}},
              {"type": "job.progress", "ts": 2.0, "data": {
                  "job_id": "j", "fraction": 1.0,
                  "message": "stopped early at epoch 61 of 200 (best epoch 41); storing the model"}}]:
        view = runview.apply_event(view, e)
    job = view["jobs"]["j"]
    assert job["early"] == "stopped early at epoch 61 of 200"
    assert (job["done"], job["total"]) == (61, 200)
    assert "stopped early at epoch 61 of 200" in job["final"]


def test_the_approval_box_says_in_words_what_a_commit_will_change():
    from igraph_agent.jupyter.words import describe

    cards = [{"tool": "preview_graph_optimization",
              "summary": "preview plan_1 on ds_1 r1: 2 drop_self_loop, 2 drop_edge, "
                         "1 drop_isolate; 8->7 nodes, 11->7 edges"}]
    args = {"plan_id": "plan_1", "dataset_id": "ds_1", "base_revision": 1,
            "options": {"min_edge_weight": 1.0}}
    assert describe("commit_graph_optimization", args, cards) == (
        "drop 2 self-loops, 2 edges with weight < 1 and 1 isolated node: 8 → 7 nodes, "
        "11 → 7 edges on ds_1 r1 (saved as a new revision)")


def test_the_approval_box_lists_what_construction_already_did_apart_from_the_plan():
    from igraph_agent.jupyter.words import describe

    cards = [{"tool": "preview_graph_optimization",
              "summary": "preview plan_2 on ds_1 r1: 1 drop_isolate; 5->4 nodes, 6->6 edges; "
                         "construction already did (not in this plan): 3 repeated edge rows "
                         "merged into 2 edges (weights summed)"}]
    args = {"plan_id": "plan_2", "dataset_id": "ds_1", "base_revision": 1, "options": {}}
    said = describe("commit_graph_optimization", args, cards)
    assert said.startswith("drop 1 isolated node: 5 → 4 nodes")
    assert said.endswith("(saved as a new revision). Already done when the graph was built, "
                         "not part of this plan: 3 repeated edge rows merged into 2 edges "
                         "(weights summed)")


def test_the_reading_line_shows_while_data_is_read_and_a_note_is_never_replaced():
    view = runview.empty_view("run_1", "Which depots are best connected?")
    reading = [{"type": "run.started", "ts": 1.0, "data": {"model": "m"}},
               {"type": "data.progress", "ts": 1.1, "data": {
                   "name": "routes.csv", "phase": "reading", "total": 1_000_000,
                   "line": "reading routes.csv · 1,000,000 rows"}},
               {"type": "data.progress", "ts": 1.5, "data": {
                   "name": "routes.csv", "phase": "reading", "rows": 200_000,
                   "total": 1_000_000, "line": "reading routes.csv · 200,000 of 1,000,000 rows"}}]
    for e in reading:
        view = runview.apply_event(view, e)
    assert view["status"] == "running"
    assert view["message"] == view["reading"] == "reading routes.csv · 200,000 of 1,000,000 rows"
    built = runview.apply_event(view, {"type": "data.progress", "ts": 2.0, "data": {
        "phase": "done", "name": "routes.csv"}})
    assert built["message"] == "" and built["reading"] == ""
    noted = {**view, "message": "cancel requested"}  # a click's note stays until the end
    noted = runview.apply_event(noted, {"type": "data.progress", "ts": 1.8, "data": {
        "phase": "checking", "line": "checking routes.csv · 1,000,000 rows"}})
    assert noted["message"] == "cancel requested"
    ended = runview.apply_event(noted, {"type": "run.cancelled", "ts": 2.0, "data": {
        "status": "error", "error": {"code": "RUN_CANCELLED", "message": "cancelled"}}})
    assert ended["status"] == "cancelled" and ended["reading"] == ""
