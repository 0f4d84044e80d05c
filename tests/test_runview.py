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
    assert live["status"] == stored["status"] == "completed"
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
    assert view["status"] == "paused"
    assert [(p["tool"], p["tool_call_id"]) for p in view["pending"]] == \
        [("clear_graph", paused.pending[0].tool_call_id)]
    card = [c for c in view["tools"] if c["tool"] == "clear_graph"][-1]
    assert card["status"] == "awaiting approval"
    done = agent.continue_run(paused.run_id, paused.pending[0].tool_call_id, "reject")
    view, _ = runview.view_from_record(agent.run_record(paused.run_id))
    assert view["pending"] == [] and view["status"] == "completed" == \
        runview.RESPONSE_STATUS[done.status]


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
    assert view["jobs"] == {"job_1": {"fraction": 0.5, "message": "epoch 2"}}
    blocked = view["tools"][-1]
    assert blocked["status"] == "blocked"
    assert blocked["summary"] == "not run: depends on train a, which left an unfinished job"


def test_streamed_deltas_are_compacted_into_one_event():
    deltas = [{"type": "model.delta", "index": i, "data": {"text": t}}
              for i, t in enumerate(["Hel", "lo ", "world"])]
    compacted = runview.compact([*deltas, {"type": "run.completed", "index": 3, "data": {}}])
    assert [e["type"] for e in compacted] == ["model.delta", "run.completed"]
    assert compacted[0]["data"]["text"] == "Hello world" and compacted[0]["index"] == 2
