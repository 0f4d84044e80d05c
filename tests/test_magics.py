"""%%agent and %agent in a real ipykernel (7, and 6 for the threading paths), via jupyter_client.

Every test drives the kernel the way a notebook does: execute a cell, read iopub (streams,
displays, widget comm messages), send widget clicks as comm messages.
"""

from __future__ import annotations

import json
import re
import time
import uuid

import pytest
from jupyter_fixtures import KARATE, KernelSession, kernel_env, kernelspecs

from igraph_agent.store import Store
from igraph_agent.store.runs import Runs

pytestmark = pytest.mark.kernel

RESPONSIVE_S = 1.0  # the bound for `1+1` while a run or a pause exists (generous here)

SLOW_MODEL = """
import time
from igraph_agent.model.scripted import ScriptedModel, call
def _slow_step(messages, tools):
    time.sleep({delay})
    return [call("get_graph_info")]
ScriptedModel([_slow_step] * {steps} + ["The scripted run finished."], name="{name}")
"""


@pytest.fixture(scope="module")
def specs(tmp_path_factory):
    return kernelspecs(tmp_path_factory.mktemp("kernelspecs"))


def _kernel(name: str, specs, tmp_path_factory) -> KernelSession:
    cwd = tmp_path_factory.mktemp(name)
    k = KernelSession(name, specs, cwd, kernel_env(cwd / "project"))
    setup = k.run(f"%load_ext igraph_agent\nimport pandas as pd\nkarate = pd.read_csv({str(KARATE)!r})")
    assert setup.status == "ok", setup
    return k


@pytest.fixture(scope="module")
def k7(specs, tmp_path_factory):
    k = _kernel("ipk7", specs, tmp_path_factory)
    yield k
    k.shutdown()


@pytest.fixture(scope="module")
def k6(specs, tmp_path_factory):
    k = _kernel("ipk6", specs, tmp_path_factory)
    yield k
    k.shutdown()


@pytest.fixture(params=["ipk7", "ipk6"])
def kernel(request):
    return request.getfixturevalue({"ipk7": "k7", "ipk6": "k6"}[request.param])


def _run_id(k: KernelSession) -> str:
    out = k.run("from igraph_agent.jupyter.kernel_bridge import get_bridge\n"
                "print(get_bridge().last_run_id)")
    return out.stdout.strip()


def _wait_view(k: KernelSession, run_id: str, statuses: set[str], timeout: float = 90,
               response: bool = False) -> dict:
    """The panel's view once its status is one of ``statuses`` (and, with ``response``, once
    the final response is folded in: the end event comes a moment before it, and a paused
    run's earlier response, "Waiting for approval", is not the final one)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        k.collect(0.3)
        try:
            view = k.view_of(run_id)
        except KeyError:
            continue
        if view.get("status") in statuses and (view.get("response_status") in statuses
                                               or not response):
            return view
    raise AssertionError(f"panel of {run_id} never reached {statuses}: {k.view_of(run_id)}")


def _collect_until(k: KernelSession, holds, timeout: float = 60) -> None:
    """Read iopub until ``holds()`` is true (a writer or worker thread's last message can
    come well after the run's end on a loaded machine), or ``timeout``; the caller asserts."""
    deadline = time.monotonic() + timeout
    while not holds() and time.monotonic() < deadline:
        k.collect(0.3)


def _click(k: KernelSession, run_id: str, content: dict) -> None:
    """What widget.js's model.send(...) puts on the wire."""
    comm_id = next(cid for cid, v in k.widget_views().items() if v.get("run_id") == run_id)
    msg = k.kc.session.msg("comm_msg", {"comm_id": comm_id,
                                        "data": {"method": "custom", "content": content}})
    k.kc.shell_channel.send(msg)


def _fastest_one_plus_one(k: KernelSession, tries: int = 3) -> float:
    times = []
    for _ in range(tries):
        out = k.run("1+1")
        assert out.result and out.result["text/plain"] == "2"
        times.append(out.elapsed_s)
    return min(times)


# -- loading ---------------------------------------------------------------------------------
@pytest.mark.parametrize("name", ["ipk7", "ipk6"])
def test_load_ext_registers_magics_without_heavy_imports(name, specs, tmp_path):
    k = KernelSession(name, specs, tmp_path, kernel_env(tmp_path / "project"))
    try:
        out = k.run("%load_ext igraph_agent\nimport sys\n"
                    "print(sorted(m for m in ('litellm', 'torch', 'cdlib', 'torch_geometric') "
                    "if m in sys.modules))\n"
                    "print('agent' in get_ipython().magics_manager.magics['cell'],"
                    " 'agent' in get_ipython().magics_manager.magics['line'])")
        assert out.status == "ok"
        assert out.stdout.splitlines() == ["[]", "True True"]
    finally:
        k.shutdown()


# -- %%agent ---------------------------------------------------------------------------------
def test_agent_cell_shows_tool_cards_answer_and_model(kernel):
    out = kernel.run("%%agent --with karate\nWhich nodes are most central?")
    assert out.status == "ok" and not out.stderr, out
    view = kernel.view_of(_run_id(kernel))
    assert view["status"] == "answered"
    tools = [c["tool"] for c in view["tools"]]
    assert tools[0] == "get_graph_info" and "node_centrality" in tools
    assert all(c["status"] == "ok" and c["elapsed_ms"] is not None for c in view["tools"])
    assert "most central" in view["answer"] and view["model"] == "offline/planner"
    assert view["usage"]["model_calls"] >= 2 and view["evidence"]
    # once ended, the cell keeps a static rendition (no widget): answer, steps, model
    final = [d for d in out.displays if "text/markdown" in d and "text/html" in d]
    assert final and "application/vnd.jupyter.widget-view+json" not in final[-1]
    assert "model: offline/planner" in final[-1]["text/markdown"]
    static = final[-1]["text/html"]
    assert 'data-status="answered"' in static and "most central" in static
    assert '<details class="iga-steps">' in static and "node_centrality" in static
    # tables of the tool results render as DataFrames
    assert any("text/html" in d and "dataframe" in d["text/html"] for d in out.displays)


def test_output_option_stores_the_response_whose_frames_are_dataframes(k7):
    out = k7.run("%%agent --with karate -o res\nWhich nodes have the highest pagerank?")
    assert out.status == "ok" and not out.stderr, out
    check = k7.run(
        "import pandas as pd\n"
        "top = [v['top'] for v in res.data.values() if v['tool'] == 'node_centrality'][0]\n"
        "pd.testing.assert_frame_equal(res.frames['pagerank'], pd.DataFrame.from_records(top))\n"
        "print(type(res).__name__, res.status, type(res.frames['pagerank']).__name__,\n"
        "      res is _agent_response)")
    assert check.status == "ok", check
    assert check.stdout.split() == ["AgentResponse", "answered", "DataFrame", "True"]


def test_prompt_braces_and_dollars_are_taken_literally(k7):
    out = k7.run("%%agent\nHow big is the graph? {not_a_variable} $karate {{x}}")
    assert out.status == "ok" and not out.stderr
    history = k7.run("%agent history").stdout
    assert "{not_a_variable} $karate {{x}}" in history


def test_history_says_when_its_list_is_cut(k7):
    k7.run("%%agent\nHow big is the graph?")
    k7.run("%%agent\nHow dense is the graph?")
    total = len(k7.run("%agent history --all").stdout.strip().splitlines())
    cut = k7.run("%agent history -n 1").stdout.strip().splitlines()
    assert total >= 2 and len(cut) == 2 and "How dense" in cut[0]
    assert cut[1] == f"1 of {total} runs; `%agent history --all` lists every one"


def test_session_continues_across_cells_and_new_starts_fresh(k7):
    first = k7.run("%%agent --with karate\nHow many nodes and edges are loaded?")
    assert first.status == "ok"
    follow_up = k7.run("%%agent\nWhich nodes have the highest degree?")
    view = k7.view_of(_run_id(k7))
    assert view["status"] == "answered" and "Highest degree" in view["answer"], follow_up
    # the follow-up found the graph already loaded: no construction in it
    assert "construct_graph" not in [c["tool"] for c in view["tools"]]
    before = k7.run("%agent sessions").stdout
    new = k7.run("%agent new").stdout
    assert new.startswith("New session ses_")
    sid = new.split()[2].rstrip(":")
    after = k7.run("%agent sessions").stdout
    assert len(after.splitlines()) == len(before.splitlines()) + 1
    assert f"* {sid}" in after
    assert k7.run("%agent history").stdout.strip() == "No runs yet in this session."


def test_with_attaches_only_the_named_variables(k7):
    k7.run("secret = pd.DataFrame({'source': ['x'], 'target': ['y']})\n%agent new")
    out = k7.run("%%agent --with karate\nDescribe the graph")
    assert out.status == "ok"
    names = k7.run("from igraph_agent.jupyter import agent\n"
                   "print(sorted({s['name'] for s in agent().store.list_sources()}))").stdout
    assert "karate" in names and "secret" not in names


@pytest.mark.parametrize("line, message", [
    ("--with nowhere", "no variable named 'nowhere'"),
    ("--with answer_number", "a int cannot be attached"),
])
def test_with_rejects_missing_or_unattachable_variables(k7, line, message):
    k7.run("answer_number = 42")
    out = k7.run(f"%%agent {line}\nDescribe the graph")
    assert out.status == "ok" and out.error is None
    assert message in out.stderr
    assert not [d for d in out.displays if "application/vnd.jupyter.widget-view+json" in d]


# the parsers' whole matrix of bad lines runs without a kernel in test_parsing.py
@pytest.mark.parametrize("cell, message", [
    ("%%agent --bogus\nhi", "No such option '--bogus'"),
    ("%%agent\n   ", "the cell is empty"),
    ("%%agent --session ses_missing\nhi", "no session 'ses_missing'"),
    ("%agent frobnicate", "No such command 'frobnicate'"),
])
def test_bad_input_prints_a_short_usage_error_and_the_kernel_lives(k7, cell, message):
    out = k7.run(cell)
    assert out.status == "ok" and out.error is None
    assert message in out.stderr
    assert "Traceback" not in out.text and len(out.stderr.splitlines()) <= 4
    assert k7.run("1+1").result["text/plain"] == "2"


def test_help_lists_every_line_command(k7):
    out = k7.run("%agent help").stdout
    for name in ("config", "models", "status", "sessions", "new", "approve", "reject", "modify",
                 "cancel", "history", "show", "--with", "--no-wait", "--format"):
        assert name in out
    assert "Usage: %%agent" in k7.run("%%agent --help\nignored").stdout


def test_config_persists_defaults_in_the_project(k7):
    out = k7.run("%agent config format=report reasoning=staged")
    assert out.stdout.startswith("Saved.") and "format:   report" in out.stdout
    store = Store(k7.home / "agent.db")
    try:
        assert store.get_config("format") == "report"
        assert store.get_config("reasoning") == "staged"
    finally:
        store.close()
    k7.run("%%agent --with karate\nWhich nodes are most central?")
    view = k7.view_of(_run_id(k7))
    assert view["format"] == "report"
    for heading in ("## Question", "## Method", "## Findings", "## Evidence", "## Limitations"):
        assert heading in view["answer"]
    k7.run("%agent config format=chat reasoning=direct")


def test_config_model_warns_when_the_model_is_not_usable_and_models_says_why(k7):
    out = k7.run("%agent config model=openai/gpt-4o-mini")
    assert "Saved." in out.stdout and "model:    openai/gpt-4o-mini" in out.stdout
    assert "Warning:" in out.stderr and "OPENAI_API_KEY" in out.stderr
    models = k7.run("%agent models").stdout
    assert "default for new cells: openai/gpt-4o-mini" in models
    assert "openai/gpt-4o-mini  [project default (%agent config)]: not usable" in models
    assert "offline/planner  [built-in]: usable" in models
    run = k7.run("%%agent\nHow big is the graph?")
    view = k7.view_of(_run_id(k7))
    assert view["error"]["code"] == "MODEL_NOT_CONFIGURED" and run.status == "ok"
    k7.run("%agent config model=offline/planner")
    assert "default for new cells: offline/planner" in k7.run("%agent models").stdout


def test_format_json_displays_the_response_as_application_json(k7):
    out = k7.run("%%agent --format json --with karate\nHow big is the graph?")
    shown = [d["application/json"] for d in out.displays if "application/json" in d]
    assert len(shown) == 1
    resp = shown[0]
    assert resp["status"] == "answered" and resp["model"] == "offline/planner"
    assert resp["run_id"] == _run_id(k7) and "**" not in resp["answer"]


def test_visualisation_is_shown_inline_and_written_to_reports(k7):
    out = k7.run("%%agent --with karate\nVisualise the graph")
    drawings = [d["text/html"] for d in out.displays
                if "text/html" in d and "<div class=iga-drawing>" in d["text/html"]]
    assert len(drawings) == 1 and drawings[0].count("<circle ") == 34
    assert "<iframe" not in drawings[0] and len(drawings[0]) < 60_000
    pages = list((k7.home / "reports").glob("viz_*.html"))
    assert pages and "https://" not in pages[-1].read_text()
    view = k7.view_of(_run_id(k7))
    assert "visualize_subgraph" in [c["tool"] for c in view["tools"]]


def test_show_rebuilds_the_panel_from_the_stored_run(k7):
    k7.run("%%agent --with karate\nWhich nodes are most central?")
    run_id = _run_id(k7)
    live = k7.view_of(run_id)
    comms_before = set(k7.widget_views())
    k7.run(f"%agent show {run_id}")
    rebuilt = [v for cid, v in k7.widget_views().items()
               if cid not in comms_before and v.get("run_id") == run_id]
    assert len(rebuilt) == 1
    for key in ("status", "answer", "model", "evidence", "usage", "question"):
        assert rebuilt[0][key] == live[key]
    assert [c["tool"] for c in rebuilt[0]["tools"]] == [c["tool"] for c in live["tools"]]
    missing = k7.run("%agent show run_doesnotexist")
    assert "RUN_NOT_FOUND" in missing.stderr


# -- threading: --no-wait, Stop, interrupt, responsiveness ------------------------------------
def test_no_wait_returns_at_once_kernel_stays_responsive_and_panel_completes(kernel):
    name = f"slow_nowait_{id(kernel)}"
    # long enough to outlast the checks below (status, three `1+1`, a busy cell) on a
    # loaded machine: each is a kernel round trip
    kernel.run(SLOW_MODEL.format(delay=2.0, steps=4, name=name))
    out = kernel.run(f"%%agent --no-wait --with karate --model scripted/{name}\nWork slowly")
    assert out.status == "ok" and not out.stderr
    run_id = _run_id(kernel)
    status = kernel.run("%agent status").stdout
    assert f"active run: {run_id}" in status  # the cell returned while the run goes on
    assert _fastest_one_plus_one(kernel) < RESPONSIVE_S
    busy = kernel.run("%%agent\nHow big is the graph?")
    assert busy.status == "ok" and busy.stderr.startswith("Error SESSION_BUSY:")
    assert "Hint:" in busy.stderr
    view = _wait_view(kernel, run_id, {"answered", "error", "cancelled"}, response=True)
    assert view["status"] == "answered"
    assert view["answer"] == "The scripted run finished."
    assert [c["tool"] for c in view["tools"]][-3:] == ["get_graph_info"] * 3
    assert "active run: none" in kernel.run("%agent status").stdout
    # the background writer replaced the live panel by the static rendition in its cell
    # (just after the response: wait for it) ...
    def updates() -> list:
        return [m["content"] for m in kernel.iopub if m["msg_type"] == "update_display_data"
                and m["content"]["transient"].get("display_id") == f"igraph-agent-{run_id}"]

    _collect_until(kernel, lambda: any("application/vnd.jupyter.widget-view+json" not in u["data"]
                                       for u in updates()))
    kernel.collect(0.5)  # nothing replaces it again
    # ... and told the status bar as the run went: running, then idle
    states = [m["content"]["data"].get("run_state") for m in kernel.iopub
              if m["msg_type"] == "comm_open" and m["content"].get("target_name") == "igraph_agent"
              and m["content"]["data"].get("run_id") == run_id]
    assert "running" in states and states[-1] == "idle", states
    shown = updates()
    assert shown and "application/vnd.jupyter.widget-view+json" not in shown[-1]["data"]
    assert "The scripted run finished." in shown[-1]["data"]["text/html"]


def test_stop_click_cancels_a_running_run(kernel):
    name = f"slow_stop_{id(kernel)}"
    kernel.run(SLOW_MODEL.format(delay=3.0, steps=40, name=name))
    kernel.run(f"%%agent --no-wait --model scripted/{name}\nWork for a long time")
    run_id = _run_id(kernel)
    _wait_view(kernel, run_id, {"running"})
    _click(kernel, run_id, {"type": "stop", "run_id": run_id})
    # the final response clears the click's message; the cancelled badge comes a moment before
    view = _wait_view(kernel, run_id, {"cancelled", "answered", "error"}, timeout=90,
                      response=True)
    assert view["status"] == "cancelled", (view["error"], view["message"], view["tools"])
    assert len(view["tools"]) < 40
    assert view["message"] == ""  # "cancel requested for …" told what the click did; gone now


def test_stop_click_on_a_subshell_cancels_a_waiting_cell_on_ipykernel_7(k7):
    """JupyterLab sends widget messages on a per-comm-target subshell: the click must get
    there while the cell that waits for the run keeps the main shell busy."""
    subshell = _subshell(k7)
    k7.run(SLOW_MODEL.format(delay=3.0, steps=40, name="slow_waiting_stop"))
    msg_id = k7.kc.execute("%%agent --model scripted/slow_waiting_stop\nWork for a long time")
    deadline = time.monotonic() + 120
    comm_id = None
    while comm_id is None:  # the panel of the waiting cell shows its first tool card
        k7._next_iopub(deadline)
        comm_id = next((cid for cid, v in k7.widget_views().items()
                        if v.get("question") == "Work for a long time" and v.get("tools")
                        and v.get("status") == "running"), None)
    run_id = k7.widget_views()[comm_id]["run_id"]
    click = k7.kc.session.msg("comm_msg", {"comm_id": comm_id, "data": {
        "method": "custom", "content": {"type": "stop", "run_id": run_id}}})
    click["header"]["subshell_id"] = subshell
    k7.kc.shell_channel.send(click)
    idle = False
    while not idle:
        msg = k7._next_iopub(deadline)
        idle = (msg["parent_header"].get("msg_id") == msg_id and msg["msg_type"] == "status"
                and msg["content"]["execution_state"] == "idle")
    view = k7.view_of(run_id)
    assert view["status"] == "cancelled", view["error"]
    assert len(view["tools"]) < 12  # stopped long before the step budget (12) ran out


def _subshell(k: KernelSession) -> str:
    k.kc.control_channel.send(k.kc.session.msg("create_subshell_request", {}))
    return k.kc.control_channel.get_msg(timeout=10)["content"]["subshell_id"]


def test_a_click_on_a_subshell_runs_while_the_cell_that_last_updated_the_panel_is_busy(k7):
    """ipykernel 7 sends a comm's incoming message to the subshell its last outgoing message
    came from; the panel's updates come from the busy cell, yet a click must not wait for it."""
    subshell = _subshell(k7)
    k7.run("import threading, time\n"
           "from igraph_agent.jupyter.widget import RunWidget\n"
           "clicks = []\n"
           "route_panel = RunWidget.for_run('run_route', 'Route?', on_command=lambda p, c: "
           "clicks.append(threading.current_thread().name))\n"
           "display(route_panel)")
    comm_id = next(cid for cid, v in k7.widget_views().items() if v.get("run_id") == "run_route")
    busy = k7.kc.execute("route_panel.note('an update from the busy cell')\n"
                         "route_panel.send({'type': 'ping'})\n"
                         "print('sent', flush=True)\n"
                         "end = time.monotonic() + 30\n"
                         "while not clicks and time.monotonic() < end:\n"
                         "    time.sleep(0.02)\n"
                         "print('clicks while busy:', clicks)")
    deadline = time.monotonic() + 60
    sent = False
    while not sent:  # the cell has published to the panel from the main shell
        msg = k7._next_iopub(deadline)
        sent = (msg["parent_header"].get("msg_id") == busy and msg["msg_type"] == "stream"
                and "sent" in msg["content"]["text"])
    click = k7.kc.session.msg("comm_msg", {"comm_id": comm_id, "data": {
        "method": "custom", "content": {"type": "stop", "run_id": "run_route"}}})
    click["header"]["subshell_id"] = subshell
    k7.kc.shell_channel.send(click)
    out, idle = "", False
    while not idle:
        msg = k7._next_iopub(deadline)
        if msg["parent_header"].get("msg_id") != busy:
            continue
        if msg["msg_type"] == "stream":
            out += msg["content"]["text"]
        idle = msg["msg_type"] == "status" and msg["content"]["execution_state"] == "idle"
    handled = re.search(r"clicks while busy: \[(.*)\]", out)
    assert handled and handled.group(1).startswith("'subshell"), out


def test_cancel_command_cancels_the_active_run(k7):
    k7.run(SLOW_MODEL.format(delay=3.0, steps=40, name="slow_cancel_cmd"))
    k7.run("%%agent --no-wait --model scripted/slow_cancel_cmd\nWork for a long time")
    run_id = _run_id(k7)
    assert k7.run("%agent cancel").stdout.strip() == f"cancel requested for {run_id}"
    # the final response, not the cancelled badge: the badge comes a moment before the run's
    # handle is done, and until then the run is still the active one
    # (a cancelled run's response has status "error", code RUN_CANCELLED)
    view = _wait_view(k7, run_id, {"cancelled", "answered", "error"}, timeout=90,
                      response=True)
    assert view["status"] == "cancelled", view["error"]
    assert k7.run("%agent cancel").stdout.strip() == "no active run to cancel"


def test_interrupting_a_waiting_cell_cancels_its_run(kernel):
    name = f"slow_interrupt_{id(kernel)}"
    kernel.run(SLOW_MODEL.format(delay=3.0, steps=40, name=name))
    question = "Work for a long time, until interrupted"
    msg_id = kernel.kc.execute(f"%%agent --model scripted/{name}\n{question}")
    deadline = time.monotonic() + 120
    running = False
    while not running:  # interrupt the cell once it waits for its run (its first tool card)
        kernel._next_iopub(deadline)
        running = any(v.get("question") == question and v.get("tools")
                      and v.get("status") == "running" for v in kernel.widget_views().values())
    kernel.km.interrupt_kernel()
    stderr, error, idle = "", None, False
    while not idle:
        msg = kernel._next_iopub(deadline)
        if msg["parent_header"].get("msg_id") != msg_id:
            continue
        if msg["msg_type"] == "error":
            error = msg["content"]
        if msg["msg_type"] == "stream" and msg["content"]["name"] == "stderr":
            stderr += msg["content"]["text"]
        idle = msg["msg_type"] == "status" and msg["content"]["execution_state"] == "idle"
    kernel.kc.get_shell_msg(timeout=10)
    assert error is None and "Traceback" not in stderr
    view = kernel.view_of(_run_id(kernel))
    assert view["status"] == "cancelled"
    call_ids = [c["call_id"] for c in view["tools"]]
    assert call_ids and len(call_ids) == len(set(call_ids))  # no card applied twice
    assert kernel.run("1+1").result["text/plain"] == "2"


def test_kernel_stays_responsive_while_a_job_runs_and_status_lists_it(kernel):
    out = kernel.run(
        "import time\nfrom igraph_agent.jupyter import agent\n"
        "def _work(job):\n"
        "    for i in range(400):\n"
        "        job.check_cancelled()\n"
        "        time.sleep(0.05)\n"
        "        job.progress((i + 1) / 400, f'step {i + 1}')\n"
        "print(agent().jobs.submit('slow-demo', _work))")
    job_id = out.stdout.strip()
    assert job_id.startswith("job_"), out
    deadline = time.monotonic() + 30
    status = kernel.run("%agent status").stdout
    while f"job {job_id} (slow-demo, run -): queued" in status and time.monotonic() < deadline:
        time.sleep(0.2)  # its thread has not marked it running yet
        status = kernel.run("%agent status").stdout
    assert f"job {job_id} (slow-demo, run -): running" in status
    assert _fastest_one_plus_one(kernel) < RESPONSIVE_S
    kernel.run(f"agent().jobs.cancel({job_id!r})\nagent().jobs.wait({job_id!r}, timeout=60)")
    assert "jobs: none running" in kernel.run("%agent status").stdout


# -- approvals -------------------------------------------------------------------------------
def test_paused_run_shows_pending_approval_and_kernel_stays_responsive(k7):
    k7.run("%agent new")
    k7.run("%%agent --with karate\nHow big is the graph?")
    out = k7.run("%%agent\nClear the graph")
    assert out.status == "ok"
    run_id = _run_id(k7)
    view = k7.view_of(run_id)
    assert view["status"] == "awaiting_approval" and view["response_status"] == "awaiting_approval"
    assert [p["tool"] for p in view["pending"]] == ["clear_graph"]
    status = k7.run("%agent status").stdout
    assert f"pending approval: clear_graph {view['pending'][0]['tool_call_id']} in {run_id}" in status
    assert _fastest_one_plus_one(k7) < RESPONSIVE_S
    # Approve as the panel's button does: a click that only enqueues; the run continues
    _click(k7, run_id, {"type": "decide", "decision": "approve", "run_id": run_id,
                        "tool_call_id": view["pending"][0]["tool_call_id"]})
    done = _wait_view(k7, run_id, {"answered", "blocked", "error"}, timeout=60, response=True)
    assert done["status"] == "answered" and done["pending"] == []
    assert "cleared" in done["answer"]
    k7.collect(1.0)  # the click's "approve sent for …; the run continues" is gone once it ended
    assert "sent for" not in k7.view_of(run_id)["message"], k7.view_of(run_id)["message"]
    assert [c["status"] for c in done["tools"] if c["tool"] == "clear_graph"][-1] == "ok"


def test_reject_and_modify_line_commands_decide_pending_calls(k7):
    k7.run("%agent new")
    k7.run("%%agent --with karate\nHow big is the graph?")
    k7.run("%%agent\nClear the graph")
    run_id = _run_id(k7)
    call_id = k7.view_of(run_id)["pending"][0]["tool_call_id"]
    out = k7.run(f"%agent reject {run_id} {call_id}")
    assert out.stdout.startswith(f"reject sent for {call_id}"), out
    view = _wait_view(k7, run_id, {"answered", "blocked", "error"}, timeout=60, response=True)
    assert view["pending"] == []
    again = k7.run(f'%agent modify {run_id} {call_id} {json.dumps({"x": 1})}')
    assert again.stdout.startswith("APPROVAL_CONFLICT: "), again
    assert k7.view_of(run_id)["status"] == view["status"]


def test_modify_line_command_previews_the_new_plan_and_approve_commits_it(k7):
    k7.run("%agent new")
    setup = k7.run("routes = pd.DataFrame({'origin': ['dock_a', 'dock_b', 'yard_c', 'yard_c'],\n"
                   "                       'dest': ['dock_b', 'yard_c', 'yard_c', 'dock_a'],\n"
                   "                       'weight': [5.0, 1.0, 3.0, 4.0]})")
    assert setup.status == "ok", setup
    k7.run("%%agent --with routes\nOptimize the graph")
    run_id = _run_id(k7)
    first = _wait_view(k7, run_id, {"awaiting_approval"})["pending"][0]
    assert first["args"]["options"]["drop_self_loops"] is True
    call_id = first["tool_call_id"]
    change = {"drop_self_loops": False, "min_edge_weight": 2}
    out = k7.run(f'%agent modify {run_id} {call_id} {json.dumps(change)}')
    assert out.stdout.startswith(f"modify sent for {call_id}"), out

    def asked_again() -> dict | None:
        view = k7.view_of(run_id)
        pending = view["pending"]
        if view["status"] == "awaiting_approval" and pending \
                and pending[0]["args"]["plan_id"] != first["args"]["plan_id"]:
            return pending[0]
        return None

    deadline = time.monotonic() + 60
    second = None
    while second is None and time.monotonic() < deadline:
        k7.collect(0.3)
        second = asked_again()
    assert second is not None, k7.view_of(run_id)
    assert second["args"]["options"]["drop_self_loops"] is False
    # the panel tells the new plan, not the old one
    plan, _, merged = second["what"].partition(". Already done when the graph was built")
    assert "self-loop" not in plan and "1 edge with weight < 2" in plan
    assert "1 self-loop stored as given" in merged  # what construction did, apart
    assert k7.run(f"%agent approve {run_id} {call_id}").stdout.startswith("approve sent")
    done = _wait_view(k7, run_id, {"answered", "blocked", "error"}, timeout=60, response=True)
    assert done["status"] == "answered", done
    kept = k7.run("from igraph_agent.jupyter.kernel_bridge import get_bridge\n"
                  "b = get_bridge()\n"
                  "print(b.agent.graph(b.agent.runs(limit=1)[0]['session_id']).graph"
                  ".has_edge('yard_c', 'yard_c'))")
    assert kept.stdout.strip() == "True", kept  # the committed revision kept the self-loop
    assert "revision 2 is loaded: 3 nodes, 3 edges" in done["answer"], done["answer"]


def test_a_new_question_while_a_run_is_paused_offers_to_decide_or_cancel_it(k7):
    k7.run("%agent new")
    k7.run("%%agent --with karate\nHow big is the graph?")
    k7.run("%%agent\nClear the graph")
    run_id = _run_id(k7)
    call_id = k7.view_of(run_id)["pending"][0]["tool_call_id"]
    before = len(k7.iopub)
    busy = k7.run("%%agent\nWhich nodes are most central?")
    assert busy.status == "ok" and "SESSION_BUSY" not in busy.text, busy
    assert f"%agent approve {run_id} {call_id}" in busy.stdout
    assert f"%agent reject {run_id} {call_id}" in busy.stdout
    assert f"%agent cancel {run_id}" in busy.stdout
    shown = [m["content"]["data"]["state"] for m in k7.iopub[before:]
             if m["msg_type"] == "comm_open"
             and (m["content"]["data"].get("state") or {}).get("header", {}).get("run_id") == run_id]
    assert shown and shown[-1]["approvals"]  # its buttons
    before = len(k7.iopub)
    cancelled = k7.run(f"%agent cancel {run_id}")
    assert cancelled.stdout.strip() == f"run {run_id}: cancelled", cancelled
    view = k7.view_of(run_id)
    assert view["status"] == "cancelled" and view["pending"] == [], view
    assert "Waiting for approval" not in view["answer"]

    def static_renditions() -> list:
        return [m["content"]["data"] for m in k7.iopub[before:]
                if m["msg_type"] == "update_display_data"
                and 'data-status="cancelled"' in m["content"]["data"].get("text/html", "")]

    _collect_until(k7, static_renditions, timeout=30)
    static = static_renditions()
    assert static, "the paused panel's cell was not replaced by its cancelled rendition"
    assert "Waiting for approval" not in static[-1]["text/html"]
    assert "Waiting for approval" not in static[-1]["text/markdown"]
    history = k7.run("%agent history").stdout
    line = next(x for x in history.splitlines() if x.startswith(run_id))
    assert " cancelled " in line and "completed" not in history
    assert "pending approvals: none" in k7.run("%agent status").stdout


# -- the demo ------------------------------------------------------------------------------
@pytest.mark.slow
def test_demo_runs_the_quickstart_headless_and_reports_its_main_answer(tmp_path):
    from igraph_agent import demo

    executed, page, project = demo.run_notebook(demo.QUICKSTART, tmp_path / "demo-output")
    assert executed.is_file() and page.stat().st_size > 100_000
    html = page.read_text()
    assert "Which customers connect multiple communities?" in html
    # the drawing, inline (nbconvert may re-serialise the attribute with quotes)
    assert re.search(r'<div class="?iga-drawing"?>', html) and "<circle " in html
    assert html.count("model: offline/planner") == 3  # each run's answer, readable offline
    runs = Runs(Store(project / "agent.db")).latest(limit=10)
    assert [r.status for r in runs] == ["completed"] * 3
    main = demo.main_answer(project)
    text = demo.report(main)
    assert main["question"] == "Which customers connect multiple communities?"
    assert "Model:    offline/planner" in text
    assert "community_detection" in text and "bridge_nodes" in text
    assert main["response"]["status"] == "answered" and main["response"]["evidence"]


def test_skills_and_memory_line_commands_manage_the_project(k7):
    listed = k7.run("%agent skills list").stdout
    assert "communities-and-bridges" in listed and "graph-state-check" in listed
    added = k7.run('%agent memory add "Lead reports with conclusions and metrics" --kind preference')
    assert added.status == "ok" and "Traceback" not in added.text, added.text
    assert "Lead reports with conclusions" in k7.run("%agent memory list").stdout
    panel = k7.run("%agent skills")
    assert panel.status == "ok" and any("application/vnd.jupyter.widget-view+json" in d
                                        for d in panel.displays)


def test_save_report_writes_a_new_notebook_and_jobs_lists_nothing_running(k7):
    k7.run("%%agent --format report --with karate\nWrite a report on the most central nodes")
    run_id = _run_id(k7)
    target = k7.home.parent / "saved-report.ipynb"
    out = k7.run(f"%agent save-report {run_id} {target}")
    assert f"Saved the report of {run_id}" in out.stdout, out.text
    import nbformat

    nb = nbformat.read(target, as_version=4)
    assert any(c.cell_type == "code" and "igraph_agent.datasets" in c.source for c in nb.cells)
    bad = k7.run("%agent save-report")
    assert bad.status == "ok" and "usage: %agent save-report" in bad.stderr
    jobs = k7.run("%agent jobs")
    assert jobs.status == "ok" and "Traceback" not in jobs.text


def test_load_ext_recovers_runs_whose_kernel_died(specs, tmp_path):
    """A run left `running` by a dead process becomes `interrupted` as soon as the extension loads."""
    from igraph_agent.store import Store

    project = tmp_path / "project"
    store = Store(project / "agent.db")
    sid = store.create_session()
    rid = Runs(store).create(sid, "left running by a kernel that died", "offline/planner", {})
    Runs(store).update(rid, status="running", owner="999999:1")  # no such process
    store.close()
    k = KernelSession("ipk7", specs, tmp_path, kernel_env(project))
    try:
        assert k.run("%load_ext igraph_agent").status == "ok"
        deadline = time.monotonic() + 60
        status = None
        while time.monotonic() < deadline:
            check = Store(project / "agent.db")
            status = Runs(check).get(rid).status
            check.close()
            if status == "interrupted":
                break
            time.sleep(0.3)
        assert status == "interrupted"
        assert k.run("1+1").result["text/plain"] == "2"
    finally:
        k.shutdown()



def test_waiting_cell_publishes_status_bar_messages_to_the_lab_extension(k7):
    before = len(k7.iopub)
    k7.run("%%agent --with karate\nClear the graph")
    opened = [m["content"]["data"] for m in k7.iopub[before:]
              if m["msg_type"] == "comm_open" and m["content"].get("target_name") == "igraph_agent"]
    states = [d.get("run_state") for d in opened if d.get("type") == "status"]
    assert "running" in states and states[-1] == "awaiting_approval"
    assert opened[-1]["pending_approvals"] == 1
    assert all("state" not in d for d in opened)  # nbclient would read it as widget state
    call_id = k7.run("from igraph_agent.jupyter.kernel_bridge import get_bridge\n"
                     "print(get_bridge().last_response['pending'][0]['tool_call_id'])").stdout.strip()
    assert call_id
    decided = k7.run(f"%agent reject {_run_id(k7)} {call_id}")  # frees the session for later tests
    assert decided.status == "ok" and "APPROVAL_CONFLICT" not in decided.text


def _status_messages(k: KernelSession, since: int) -> list[dict]:
    return [m["content"]["data"] for m in k.iopub[since:]
            if m["msg_type"] == "comm_open" and m["content"].get("target_name") == "igraph_agent"
            and m["content"]["data"].get("type") == "status"]


def test_status_bar_clears_when_an_approval_is_decided_by_a_click_or_a_command(k7):
    k7.run("%agent new")
    k7.run("%%agent --with karate\nHow big is the graph?")
    for decide_by in ("click", "command"):
        k7.run("%%agent\nClear the graph")
        run_id = _run_id(k7)
        call_id = k7.view_of(run_id)["pending"][0]["tool_call_id"]
        before = len(k7.iopub)
        if decide_by == "click":
            _click(k7, run_id, {"type": "decide", "decision": "reject", "run_id": run_id,
                                "tool_call_id": call_id})
        else:
            k7.run(f"%agent reject {run_id} {call_id}")
        _wait_view(k7, run_id, {"answered", "blocked", "error"}, timeout=60, response=True)
        # the writer publishes the store's state after the response; wait for an idle one
        _collect_until(k7, lambda since=before: any(m["run_state"] == "idle"
                                                    for m in _status_messages(k7, since)))
        k7.collect(1.0)  # and nothing after it says otherwise
        last = _status_messages(k7, before)[-1]
        assert (last["run_state"], last["pending_approvals"]) == ("idle", 0), decide_by


def _ask_status(k: KernelSession) -> dict:
    """What the lab extension does on connecting: open a comm with a status request; the
    kernel answers on that comm."""
    comm_id = uuid.uuid4().hex
    k.kc.shell_channel.send(k.kc.session.msg("comm_open", {
        "comm_id": comm_id, "target_name": "igraph_agent",
        "data": {"type": "status_request", "version": 1}}))
    deadline = time.monotonic() + 30
    while True:
        msg = k._next_iopub(deadline)
        if msg["msg_type"] == "comm_msg" and msg["content"]["comm_id"] == comm_id:
            return msg["content"]["data"]


def test_a_status_request_is_answered_with_the_state_in_the_store(kernel):
    kernel.run("%agent new")
    kernel.run("%%agent --with karate\nHow big is the graph?")
    kernel.run("%%agent\nClear the graph")
    run_id = _run_id(kernel)
    call_id = kernel.view_of(run_id)["pending"][0]["tool_call_id"]
    status = _ask_status(kernel)
    assert "state" not in status  # nbclient would read it as widget state
    assert (status["type"], status["run_state"], status["pending_approvals"], status["run_id"]) \
        == ("status", "awaiting_approval", 1, run_id)
    kernel.run(f"%agent reject {run_id} {call_id}")
    _wait_view(kernel, run_id, {"answered", "blocked", "error"}, timeout=60, response=True)
    status = _ask_status(kernel)
    assert (status["run_state"], status["pending_approvals"], status["jobs"]) == ("idle", 0, [])


def _report_messages(k: KernelSession, since: int) -> list[dict]:
    return [m["content"]["data"] for m in k.iopub[since:]
            if m["msg_type"] == "comm_open" and m["content"].get("target_name") == "igraph_agent"
            and m["content"]["data"].get("type") == "report"]


def test_a_report_is_inserted_as_cells_or_kept_as_output_as_the_user_chose(k7):
    k7.run("%agent new")
    before = len(k7.iopub)
    k7.run("%%agent --with karate --format report\nWhich nodes are most central?")
    assert len(_report_messages(k7, before)) == 1  # offered to the lab extension as cells
    assert k7.view_of(_run_id(k7))["report_cells"] is True  # the panel folds its copy there
    assert k7.run("%agent config report=output").status == "ok"
    before = len(k7.iopub)
    k7.run("%%agent --format report\nWhich nodes are most central?")
    assert _report_messages(k7, before) == []
    view = k7.view_of(_run_id(k7))
    assert view["report_cells"] is False and view["answer"]
    k7.run("%agent config report=cells")
