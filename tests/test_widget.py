"""The run panel's synced parts (jupyter/widget.py): one trait per part that changes, so a
live run sends only what changed. The traits' change notifications are what ipywidgets
syncs to the frontend; these tests record them on a real RunWidget."""

from __future__ import annotations

from typing import Any

import pytest

from igraph_agent.jupyter import runview
from igraph_agent.jupyter.widget import RunWidget
from igraph_agent.status import labels

PART_NAMES = list(runview.PARTS)


def _recording(panel: RunWidget) -> list[str]:
    """The names of the synced parts that change from now on, in order."""
    changed: list[str] = []
    panel.observe(lambda change: changed.append(change["name"]), names=PART_NAMES)
    return changed


def _started(panel: RunWidget) -> None:
    panel.apply([
        {"type": "run.started", "index": 0, "ts": 100.0, "data": {"model": "offline/planner"}},
        {"type": "tool.started", "index": 1, "ts": 100.1,
         "data": {"call_id": "p1_0", "tool": "get_graph_info", "args": {}}},
    ])


def test_a_live_runs_card_change_updates_only_the_cards_part():
    panel = RunWidget.for_run("run_1", "Which station is the hub?")
    _started(panel)
    changed = _recording(panel)
    panel.apply([{"type": "tool.completed", "index": 2, "ts": 100.4,
                  "data": {"call_id": "p1_0", "tool": "get_graph_info", "success": True,
                           "summary": "12 stations, 15 lines", "elapsed_ms": 300}}])
    assert changed == ["cards"]
    assert panel.cards[0]["status"] == "ok" and panel.cards[0]["summary"] == "12 stations, 15 lines"
    header, answer = dict(panel.header), dict(panel.answer)
    panel.apply([{"type": "tool.started", "index": 3, "ts": 100.5,
                  "data": {"call_id": "p2_0", "tool": "node_centrality",
                           "args": {"measure": "betweenness", "top_k": 3}}}])
    assert changed == ["cards", "cards"]
    assert (panel.header, panel.answer) == (header, answer)
    assert [c["tool"] for c in panel.cards] == ["get_graph_info", "node_centrality"]


def test_events_read_again_after_an_interrupted_reader_are_not_folded_twice():
    """■ may land after the panel folded a batch but before the waiting cell moved its
    cursor: the cell then reads the batch again from the old cursor."""
    panel = RunWidget.for_run("run_1", "Which station is the hub?")
    _started(panel)
    batch = [{"type": "tool.completed", "index": 2, "ts": 100.4,
              "data": {"call_id": "p1_0", "tool": "get_graph_info", "success": True,
                       "summary": "12 stations", "elapsed_ms": 300}},
             {"type": "tool.started", "index": 3, "ts": 100.5,
              "data": {"call_id": "p2_0", "tool": "node_centrality", "args": {}}}]
    panel.apply(batch)
    changed = _recording(panel)
    panel.apply([*batch[:1]])
    panel.apply(batch)
    assert changed == []
    assert [c["call_id"] for c in panel.cards] == ["p1_0", "p2_0"]
    assert [e["index"] for e in panel.events] == [0, 1, 2, 3]
    panel.apply([*batch, {"type": "tool.started", "index": 4, "ts": 100.6,
                          "data": {"call_id": "p3_0", "tool": "degree_analysis", "args": {}}}])
    assert [c["call_id"] for c in panel.cards] == ["p1_0", "p2_0", "p3_0"]
    assert changed == ["cards"]


def test_job_progress_sends_the_jobs_part_and_never_the_cards():
    panel = RunWidget.for_run("run_2", "Train a classifier on the lab labels")
    panel.apply([{"type": "run.started", "index": 0, "ts": 10.0, "data": {}},
                 {"type": "tool.started", "index": 1, "ts": 10.1,
                  "data": {"call_id": "p1_0", "tool": "train", "args": {"arch": "gcn"}}}])
    changed = _recording(panel)
    for i in range(1, 6):  # the epochs tick while the card's own time runs in the browser
        panel.apply([{"type": "job.progress", "index": 1 + i, "ts": 10.0 + i,
                      "data": {"job_id": "job_7", "seq": i, "fraction": i / 50,
                               "message": f"epoch {i}/50: loss 0.9"}}])
    assert changed == ["jobs"] * 5
    assert panel.jobs["job_7"]["label"] == "training GCN, epoch 5/50"
    assert panel.cards[0]["started"] == 10.1 and panel.cards[0]["elapsed_ms"] is None


def test_nothing_is_sent_when_an_update_changes_nothing():
    panel = RunWidget.for_run("run_3", "How many depots?")
    _started(panel)
    changed = _recording(panel)
    panel.apply([{"type": "unknown.kind", "index": 2, "ts": 101.0, "data": {}}])
    panel.mark_report_sent()
    panel.mark_report_sent()
    assert changed == ["answer"]  # only the first mark changed anything


def test_the_answer_arrives_without_resending_the_cards():
    panel = RunWidget.for_run("run_4", "Which warehouse ships the most?")
    _started(panel)
    panel.apply([{"type": "tool.completed", "index": 2, "ts": 100.4,
                  "data": {"call_id": "p1_0", "tool": "get_graph_info", "success": True,
                           "summary": "ok", "elapsed_ms": 300}},
                 {"type": "run.completed", "index": 3, "ts": 101.0,
                  "data": {"status": "answered"}}])
    changed = _recording(panel)
    panel.finish({"status": "answered", "answer": "**W3** ships the most.",
                  "usage": {"model_calls": 2}, "model": "offline/planner"})
    assert "cards" not in changed and {"answer"} <= set(changed)
    assert panel.answer["answer"] == "**W3** ships the most." and panel.header["status"] == "answered"


def test_the_parts_join_back_into_the_whole_view():
    panel = RunWidget.for_run("run_5", "Who bridges the two teams?")
    _started(panel)
    panel.note("cancel requested for run_5")
    parts: dict[str, Any] = {name: getattr(panel, name) for name in PART_NAMES}
    view = runview.join(parts)
    assert view == {k: v for k, v in panel.view.items() if not k.startswith("_")}
    assert view["message"] == "cancel requested for run_5" and view["tools"][0]["tool"] == \
        "get_graph_info"


def test_every_key_of_the_view_belongs_to_exactly_one_part():
    keys = [k for part in runview.PARTS.values()
            for k in ((part,) if isinstance(part, str) else part)]
    assert len(keys) == len(set(keys))
    assert set(runview.empty_view("r", "q")) == set(keys)


def test_the_labels_go_with_the_widget_once():
    panel = RunWidget.for_run("run_6", "q")
    assert panel.labels == labels()
    assert "labels" in panel.keys and all(name in panel.keys for name in PART_NAMES)
    assert "view" not in panel.keys and "events" not in panel.keys  # no whole-state trait


SLOW_MODEL = """
import time
from igraph_agent.model.scripted import ScriptedModel, call
def _slow_step(messages, tools):
    time.sleep(1.5)  # apart enough that a busy kernel's drain does not fold two steps in one
    return [call("get_graph_info")]
ScriptedModel([_slow_step] * 3 + ["The scripted run finished."], name="wire")
"""


@pytest.mark.kernel
def test_a_live_run_sends_each_part_only_when_it_changes(tmp_path):
    """On the wire of a real kernel: the panel opens with every part, then each update
    carries only the parts it changed: tool events the cards, the end the header and answer."""
    from jupyter_fixtures import KARATE, KernelSession, kernel_env, kernelspecs

    specs = kernelspecs(tmp_path / "specs")
    k = KernelSession("ipk7", specs, tmp_path, kernel_env(tmp_path / "project"))
    try:
        k.run(f"%load_ext igraph_agent\nimport pandas as pd\nstops = pd.read_csv({str(KARATE)!r})")
        k.run(SLOW_MODEL)
        out = k.run("%%agent --with stops --model scripted/wire\nWalk the stops slowly")
        assert out.status == "ok", out
        opened = [m for m in k.iopub if m["msg_type"] == "comm_open"
                  and "header" in (m["content"]["data"].get("state") or {})]
        assert len(opened) == 1
        comm_id = opened[0]["content"]["comm_id"]
        assert set(PART_NAMES) | {"labels"} <= set(opened[0]["content"]["data"]["state"])
        updates = [set(m["content"]["data"]["state"]) for m in k.iopub
                   if m["msg_type"] == "comm_msg" and m["content"]["comm_id"] == comm_id
                   and m["content"]["data"].get("method") == "update"]
        assert updates and all(u <= set(PART_NAMES) for u in updates), updates
        with_cards = [u for u in updates if "cards" in u]
        assert len(with_cards) >= 4 and not any("answer" in u for u in with_cards), updates
        assert not any("labels" in u for u in updates)  # sent once, with the widget
        assert "answer" in updates[-1] or "answer" in updates[-2]
        view = k.widget_views()[comm_id]  # the parts, joined, are the whole panel
        assert view["answer"] == "The scripted run finished." and view["status"] == "answered"
        assert [c["tool"] for c in view["tools"]][-3:] == ["get_graph_info"] * 3
    finally:
        k.shutdown()


def test_the_status_bar_follows_a_runs_job_as_it_progresses_and_clears_at_the_end():
    """The status-bar message of a run's job follows its progress lines (a --no-wait run's
    background writer feeds the same tracker) and is gone once the job and the run end."""
    from igraph_agent.jupyter.report_comm import StatusTracker

    tracker = StatusTracker("run_8")
    feed = [{"type": "run.started", "index": 0, "ts": 1.0, "data": {}},
            *({"type": "job.progress", "index": i, "ts": 1.0 + i,
               "data": {"job_id": "job_3", "seq": i, "fraction": i / 4,
                        "message": f"epoch {i}/4"}} for i in (1, 2, 2, 3, 4)),
            {"type": "run.completed", "index": 6, "ts": 9.0, "data": {"status": "answered"}}]
    shown = [tracker.apply(e) for e in feed]
    progress = [[j["progress"] for j in m["jobs"]] for m in shown if m is not None]
    assert progress == [[], [0.25], [0.5], [0.75], [], []]
    assert shown[3] is None  # the same line again changes nothing: nothing is sent
    assert [m["run_state"] for m in shown if m is not None] == \
        ["running", "running", "running", "running", "running", "idle"]
