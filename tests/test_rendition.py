"""The static rendition a finished run leaves in its cell (jupyter/rendition.py)."""

from __future__ import annotations

import re

from igraph_agent.jupyter.rendition import markdown_html, static_bundle, static_html
from igraph_agent.jupyter.runview import apply_event, apply_response, empty_view


def _finished_view() -> dict:
    view = empty_view("run_7", "Who bridges <script>alert(1)</script> the teams?")
    events = [
        {"type": "run.started", "ts": 10.0, "data": {"model": "offline/planner"}},
        {"type": "tool.started", "ts": 10.1, "data": {"call_id": "p1_0", "tool": "get_graph_info",
                                                       "args": {}}},
        {"type": "tool.completed", "ts": 10.2, "data": {"call_id": "p1_0", "tool": "get_graph_info",
                                                         "success": True, "elapsed_ms": 40,
                                                         "summary": "9 nodes, 12 edges"}},
        {"type": "tool.started", "ts": 10.3, "data": {"call_id": "p2_0", "tool": "node_centrality",
                                                       "args": {"measure": "betweenness"}}},
        {"type": "tool.completed", "ts": 11.6, "data": {"call_id": "p2_0", "tool": "node_centrality",
                                                         "success": True, "elapsed_ms": 1300,
                                                         "summary": "top: <b>Quill</b>"}},
    ]
    for event in events:
        view = apply_event(view, event)
    return apply_response(view, {
        "status": "answered", "model": "offline/planner",
        "answer": "## Bridges\n**Quill** links both teams <img src=x onerror=alert(1)>.\n\n"
                  "| node | score |\n|---|---|\n| Quill | 0.61 |\n\n[more](javascript:alert(2))",
        "evidence": [{"tool": "node_centrality", "call_id": "p2_0", "shows": "Quill is top"}],
        "usage": {"model_calls": 3, "prompt_tokens": 120, "completion_tokens": 30}})


def test_a_finished_run_renders_header_folded_steps_answer_evidence_and_usage():
    page = static_html(_finished_view())
    assert 'data-status="answered"' in page and ">answered</span>" in page
    steps = re.search(r'<details class="iga-steps"><summary>([^<]*)</summary>', page)
    assert steps and steps[1] == "2 steps · 1.3 s"
    assert page.count('<details class="iga-card iga-card-ok"') == 2
    assert '<span class="iga-args">betweenness</span>' in page or "betweenness" in page
    assert "<h4>Bridges</h4>" in page and "<strong>Quill</strong>" in page
    assert "<td>Quill</td>" in page and "<td>0.61</td>" in page
    assert "Evidence (1)" in page and "Quill is top" in page
    assert "model: offline/planner · 3 model calls · 120+30 tokens · run run_7" in page


def test_text_from_data_and_model_stays_inert_and_no_script_is_needed():
    page = static_html(_finished_view())
    assert "<script" not in page and "<img" not in page and 'href="javascript' not in page
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page  # the question, escaped
    assert "top: &lt;b&gt;Quill&lt;/b&gt;" in page  # a tool summary, escaped
    assert "<style>" in page and "var(--jp-" in page  # theme-aware through the lab's variables


def test_the_answer_markdown_has_no_live_html_inside_or_outside_code():
    out = markdown_html("a <iframe src=x></iframe>\n\n```\n<b>code</b>\n```")
    assert "<iframe" not in out and "&lt;b&gt;code&lt;/b&gt;" in out


def test_a_cancelled_run_says_cancelled_with_its_notice_and_no_stop_button():
    view = apply_event(empty_view("run_8", "Work"), {"type": "run.started", "ts": 1.0, "data": {}})
    view = apply_event(view, {"type": "run.cancelled", "ts": 2.0, "data": {
        "error": {"code": "RUN_CANCELLED", "message": "the run was cancelled"}}})
    page = static_html(view)
    assert 'data-status="cancelled"' in page and "RUN_CANCELLED" in page
    assert "<button" not in page and "iga-notice iga-run-error" in page


def test_the_bundle_carries_markdown_and_plain_text_beside_the_html_and_the_drawings():
    view = {**_finished_view(), "figures": [{"title": "graph", "html":
            '<html><body style="margin:0"><div class=iga-drawing><svg><circle r="3"/></svg>'
            "</div></body></html>"}]}
    resp = {"run_id": "run_7", "status": "answered", "answer": "**Quill** leads",
            "model": "offline/planner"}
    bundle = static_bundle(view, resp)
    assert set(bundle) == {"text/html", "text/markdown", "text/plain"}
    assert '<div class="iga-figure-static"><div class=iga-drawing><svg>' in bundle["text/html"]
    assert "**Quill** leads" in bundle["text/markdown"]
    assert bundle["text/plain"] == "igraph-agent run run_7: answered"



def test_a_click_message_is_gone_once_the_run_ends_and_late_ones_are_dropped():
    from igraph_agent.jupyter.widget import RunWidget

    panel = RunWidget.for_run("run_9", "Clean the graph")
    panel.apply([{"type": "run.started", "index": 0, "ts": 1.0, "data": {}},
                 {"type": "run.paused", "index": 1, "ts": 2.0,
                  "data": {"pending": [{"tool_call_id": "p3_0", "tool": "clear_graph"}]}}])
    panel.note("approve sent for p3_0; the run continues")
    assert panel.view["message"].startswith("approve sent")
    panel.finish({"status": "answered", "answer": "Cleared."})
    assert panel.view["message"] == "" and panel.status == "answered"
    panel.note("approve sent for p3_0; run answered")  # the worker's line, after the end
    assert panel.view["message"] == ""


def test_a_paused_run_cancelled_shows_cancelled_not_what_it_waited_for():
    from igraph_agent.jupyter.widget import RunWidget

    panel = RunWidget.for_run("run_10", "Clean the graph")
    panel.finish({"status": "awaiting_approval",
                  "answer": "Waiting for approval: commit_graph_optimization",
                  "pending": [{"run_id": "run_10", "tool_call_id": "p3_0",
                               "tool": "commit_graph_optimization", "args": {}}]})
    panel.set_state("cancelled")
    page = static_html(panel.view)
    assert 'data-status="cancelled"' in page and "Waiting for approval" not in page
    assert panel.view["pending"] == []


def test_the_steps_line_of_an_ended_run_gives_the_runs_own_time():
    """The live panel counts the run's time while it goes on (a model turn, a training job);
    once ended the folded line keeps the run's time, not the sum of the tool calls alone."""
    view = _finished_view()
    view = apply_event(view, {"type": "run.completed", "ts": 14.5, "data": {"status": "answered"}})
    steps = re.search(r'<details class="iga-steps"><summary>([^<]*)</summary>', static_html(view))
    assert steps and steps[1] == "2 steps · 4.5 s"  # 10.0 → 14.5, of which the tools took 1.3 s


def test_the_steps_line_leaves_out_the_time_a_run_waited_for_approval():
    view = empty_view("run_8", "Drop the isolated depots")
    for event in [
        {"type": "run.started", "ts": 10.0, "data": {}},
        {"type": "run.paused", "ts": 12.0, "data": {"pending": [
            {"tool_call_id": "p2_0", "tool": "commit_graph_optimization"}]}},
        {"type": "run.started", "ts": 3612.0, "data": {"resumed": True}},  # an hour later
        {"type": "run.completed", "ts": 3613.5, "data": {"status": "answered"}},
    ]:
        view = apply_event(view, event)
    assert view["waited"] == 3600.0
    steps = re.search(r"<summary>([^<]*)</summary>",
                      static_html({**view, "tools": [{"tool": "get_graph_info", "call_id": "a",
                                                      "status": "ok", "elapsed_ms": 20}]}))
    assert steps and steps[1] == "1 step · 3.5 s"
