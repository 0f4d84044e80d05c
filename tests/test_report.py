"""Analysis reports: sections from real tool results, numbers traced to them, code cells
that recompute every finding, save-report notebooks."""

from __future__ import annotations

import json
import math
import re
from pathlib import Path

import nbformat
import pytest

import igraph_agent.data as bundled
from igraph_agent import Agent, RunOptions
from igraph_agent.errors import AgentError, ErrorCode, ToolError
from igraph_agent.report import cells_json, load_report, report_cells, report_markdown
from igraph_agent.report.markdown import report_sections

ORDERS_Q = "Which customers connect multiple communities?"
KARATE_Q = "Write a report on the most central and the highest degree members"


def _ask(home: Path, question: str, data: str, fmt: str = "chat"):
    agent = Agent(home=home)
    resp = agent.ask(question, attach=[bundled.path(data)],
                     options=RunOptions(output_format=fmt))
    calls = agent.store.tool_calls(resp.run_id)
    agent.close()
    return resp, calls


@pytest.fixture(scope="module")
def orders_run(tmp_path_factory):
    home = tmp_path_factory.mktemp("orders") / "project"
    resp, calls = _ask(home, ORDERS_Q, "orders.csv", fmt="report")
    return home, resp, calls, load_report(home, resp.run_id)


@pytest.fixture(scope="module")
def karate_run(tmp_path_factory):
    home = tmp_path_factory.mktemp("karate") / "project"
    resp, calls = _ask(home, KARATE_Q, "karate.csv")
    return home, resp, calls, load_report(home, resp.run_id)


def _numbers_in(obj, out: set[str]) -> set[str]:
    """Every number (and numeric string) in a stored call: its args and its envelope."""
    if isinstance(obj, dict):
        for v in obj.values():
            _numbers_in(v, out)
    elif isinstance(obj, list):
        for v in obj:
            _numbers_in(v, out)
    elif isinstance(obj, bool):
        pass
    elif isinstance(obj, int | float):
        out.add(repr(obj))
    elif isinstance(obj, str):
        out.update(re.findall(r"-?\d+(?:\.\d+)?", obj))
    return out


def _matches(token: str, sources: set[str]) -> bool:
    value = float(token)
    places = len(token.split(".")[1]) if "." in token else 0
    return any(math.isclose(value, float(s), abs_tol=0.5 * 10 ** -places + 1e-12)
               for s in sources)


def _recompute(report) -> dict[str, dict]:
    """Execute the report's code cells in order (as a reader would) and collect results."""
    ns: dict = {}
    results = {}
    for cell in report_cells(report):
        if cell.cell_type != "code":
            continue
        exec(compile(cell.source, f"<{cell.metadata['igraph_agent']['role']}>", "exec"), ns)
        finding = cell.metadata["igraph_agent"].get("finding")
        if finding:
            results[finding] = ns.pop("result")
    return results


def _close(a, b, tol: float) -> bool:
    if isinstance(b, dict):
        return isinstance(a, dict) and a.keys() == b.keys() and all(
            _close(a[k], b[k], tol) for k in b)
    if isinstance(b, list | tuple):
        return len(a) == len(b) and all(_close(x, y, tol) for x, y in zip(a, b, strict=True))
    if isinstance(b, float):
        return abs(a - b) <= tol
    return a == b


def test_orders_report_is_saved_with_every_section(orders_run):
    home, resp, _, report = orders_run
    path = home / "reports" / f"{resp.run_id}.json"
    assert json.loads(path.read_text())["run_id"] == resp.run_id
    names = [name for name, _ in report_sections(report)]
    for section in ("Question", "Data and revision", "Method", "Findings", "Figures",
                    "Measured vs inference", "Limitations", "Next steps"):
        assert section in names
    assert report.question == ORDERS_Q
    assert {f.source.tool for f in report.findings} >= {"community_detection", "bridge_nodes"}
    assert report.dataset.dataset_id and report.dataset.revision == 1


def test_planner_names_real_call_ids_of_this_run_after_the_analysis(orders_run):
    _, _, calls, report = orders_run
    order = [c["call_id"] for c in calls]
    report_call = next(c for c in calls if c["tool"] == "create_analysis_report")
    refs = report_call["args"]["source_results"]
    by_id = {c["call_id"]: c for c in calls}
    assert refs and all(by_id[r["call_id"]]["tool"] == r["tool"] for r in refs)
    assert all(order.index(r["call_id"]) < order.index(report_call["call_id"]) for r in refs)
    assert [s.model_dump() for s in report.sources] == refs


def test_report_says_it_is_not_proof_of_business_correctness(orders_run):
    text = report_markdown(orders_run[3])
    assert "not proof of business correctness" in text
    assert "## What is measured and what is inference" in text


def test_every_number_in_the_report_text_comes_from_a_source_result(orders_run, karate_run):
    for home, _, calls, report in (orders_run, karate_run):
        sources: set[str] = set()
        for c in calls:
            if c["call_id"] in {s.call_id for s in report.sources}:
                _numbers_in({"args": c["args"], "envelope": c["envelope"]}, sources)
        text = report_markdown(report)
        text = re.sub(r"`[^`]*`", " ", text)  # ids and call ids
        text = text.replace(str(home), " ")
        tokens = re.findall(r"(?<![\w.])-?\d+(?:\.\d+)?(?![\w.]*\w)", text)
        assert tokens, "the report states numbers"
        unsourced = [t for t in tokens if not _matches(t, sources)]
        assert unsourced == []


def test_orders_code_cells_recompute_the_same_numbers(orders_run):
    report = orders_run[3]
    results = _recompute(report)
    reproducible = [f for f in report.findings if f.code]
    assert {f.source.tool for f in reproducible} >= {"get_graph_info", "community_detection",
                                                     "bridge_nodes"}
    for f in reproducible:
        assert _close(results[f.id], f.numbers, f.tolerance), f.title


def test_karate_centrality_and_degree_cells_recompute_the_same_numbers(karate_run):
    _, _, calls, report = karate_run
    assert any(c["tool"] == "create_analysis_report" for c in calls)
    tools = {f.source.tool for f in report.findings if f.code}
    assert {"node_centrality", "degree_analysis"} <= tools
    results = _recompute(report)
    for f in report.findings:
        if f.code:
            assert _close(results[f.id], f.numbers, f.tolerance), f.title


def test_a_recompute_cell_fails_loudly_when_the_report_number_is_wrong(orders_run):
    report = orders_run[3].model_copy(deep=True)
    finding = next(f for f in report.findings if f.source.tool == "get_graph_info")
    finding.code = finding.code.replace(f"'edges': {finding.numbers['edges']}",
                                        f"'edges': {finding.numbers['edges'] + 1}")
    report.findings = [finding]
    with pytest.raises(AssertionError, match="!="):
        _recompute(report)


def test_report_tool_rejects_call_ids_this_run_does_not_have(tmp_path):
    from igraph_agent.graph.session import SessionGraph
    from igraph_agent.tools import ToolContext, default_registry

    agent = Agent(home=tmp_path / "p")
    resp = agent.ask("How many nodes and edges?", attach=[bundled.path("karate.csv")])
    ctx = ToolContext(workspace=agent.workspace, session=SessionGraph("s"), run_id=resp.run_id,
                      call_id="x1")
    result = default_registry().dispatch(
        "create_analysis_report",
        {"source_results": [{"tool": "node_centrality", "call_id": "p9_9"}]}, ctx)
    agent.close()
    assert not result.success
    assert result.error.code == ErrorCode.INVALID_ARGUMENTS
    assert "node_centrality=p9_9" in result.error.message
    assert "get_graph_info=" in result.error.hint
    assert not (tmp_path / "p" / "reports" / f"{resp.run_id}.json").exists()


def test_report_cells_are_marked_and_interleave_code_after_findings(orders_run):
    report = orders_run[3]
    cells = cells_json(report)
    roles = [c["metadata"]["igraph_agent"]["role"] for c in cells]
    assert roles[0] == "section" and "setup" in roles
    assert all(c["metadata"]["igraph_agent"]["run_id"] == report.run_id for c in cells)
    for i, c in enumerate(cells):
        if c["metadata"]["igraph_agent"]["role"] == "recompute":
            prev = cells[i - 1]["metadata"]["igraph_agent"]
            assert prev == {"run_id": report.run_id, "role": "finding",
                            "finding": c["metadata"]["igraph_agent"]["finding"]}


@pytest.mark.kernel  # nbclient executes the saved notebook in a real kernel
@pytest.mark.slow
def test_save_report_writes_a_new_notebook_that_reruns_to_the_same_numbers(orders_run,
                                                                           tmp_path):
    from nbclient import NotebookClient

    from igraph_agent.jupyter.report_comm import save_report_command

    home, resp, _, report = orders_run
    target = tmp_path / "saved" / "orders-report.ipynb"
    line = save_report_command(f"{resp.run_id} {target}", home)
    assert str(target) in line
    nb = nbformat.read(target, as_version=4)
    nbformat.validate(nb)
    assert [c.source for c in nb.cells] == [c.source for c in report_cells(report)]
    NotebookClient(nb, timeout=300, kernel_name="python3",
                   resources={"metadata": {"path": str(tmp_path)}}).execute()
    outputs = [o for c in nb.cells if c.cell_type == "code" for o in c.outputs]
    assert not [o for o in outputs if o.output_type == "error"]
    recomputed = [c for c in nb.cells if c.metadata["igraph_agent"]["role"] == "recompute"]
    assert recomputed and all(c.outputs for c in recomputed)


def test_save_report_never_overwrites_an_existing_notebook(orders_run, tmp_path):
    from igraph_agent.jupyter.report_comm import save_report_command

    home, resp, _, _ = orders_run
    target = tmp_path / "open.ipynb"
    target.write_text("{}")
    with pytest.raises(AgentError) as err:
        save_report_command(f"{resp.run_id} {target}", home)
    assert err.value.code == ErrorCode.INVALID_ARGUMENTS
    assert target.read_text() == "{}"


def test_save_report_of_a_run_without_report_is_result_unavailable(tmp_path):
    from igraph_agent.jupyter.report_comm import save_report_command

    with pytest.raises(AgentError) as err:
        save_report_command("run_000000000000", tmp_path)
    assert err.value.code == ErrorCode.RESULT_UNAVAILABLE
    with pytest.raises(AgentError) as usage:
        save_report_command("", tmp_path)
    assert usage.value.code == ErrorCode.INVALID_ARGUMENTS


def test_datasets_load_outside_the_project_is_a_scope_error(orders_run, tmp_path):
    from igraph_agent.datasets import load

    home, _, _, report = orders_run
    g = load(report.dataset.dataset_id, report.dataset.revision, home=home)
    assert g.number_of_nodes() == report.dataset.nodes
    with pytest.raises(ToolError) as err:
        load(report.dataset.dataset_id, home=tmp_path)
    assert err.value.code == ErrorCode.DATASET_SCOPE_REQUIRED
    with pytest.raises(ToolError) as rev:
        load(report.dataset.dataset_id, revision=7, home=home)
    assert rev.value.code == ErrorCode.REVISION_CONFLICT


def test_chat_question_without_report_wording_makes_no_report(tmp_path):
    resp, calls = _ask(tmp_path / "p", "Which nodes are most central?", "karate.csv")
    assert resp.status == "answered"
    assert "create_analysis_report" not in {c["tool"] for c in calls}


@pytest.mark.kernel
def test_kernel_sends_report_cells_anchored_to_the_executing_cell(orders_run):
    from jupyter_client.manager import start_new_kernel

    home, resp, _, report = orders_run
    km, kc = start_new_kernel(kernel_name="python3")
    try:
        code = ("from igraph_agent.jupyter.report_comm import publish_report, publish_status\n"
                f"publish_report({str(home)!r}, {resp.run_id!r})\n"
                f"publish_status({resp.run_id!r}, 'awaiting_approval', pending_approvals=1)")
        msg = kc.session.msg("execute_request",
                             {"code": code, "silent": False, "store_history": False,
                              "user_expressions": {}, "allow_stdin": False,
                              "stop_on_error": True},
                             metadata={"cellId": "cell-42"})
        kc.shell_channel.send(msg)
        opened, errors = [], []
        while True:
            m = kc.get_iopub_msg(timeout=120)
            if m["parent_header"].get("msg_id") != msg["header"]["msg_id"]:
                continue
            if m["msg_type"] == "comm_open":
                opened.append(m["content"])
            elif m["msg_type"] == "error":
                errors.append(m["content"])
            elif m["msg_type"] == "status" and m["content"]["execution_state"] == "idle":
                break
    finally:
        kc.stop_channels()
        km.shutdown_kernel(now=True)
    assert errors == []
    assert [o["target_name"] for o in opened] == ["igraph_agent", "igraph_agent"]
    sent, status = opened[0]["data"], opened[1]["data"]
    assert (sent["type"], sent["version"], sent["run_id"], sent["cell_id"]) == (
        "report", 1, resp.run_id, "cell-42")
    assert sent["cells"] == cells_json(report)
    assert status == {"type": "status", "version": 1, "run_id": resp.run_id,
                      "run_state": "awaiting_approval", "pending_approvals": 1, "jobs": []}


def test_run_status_tracks_pending_approvals_and_jobs_until_the_run_ends():
    from igraph_agent.jupyter.report_comm import StatusTracker

    tracker = StatusTracker("run_1")
    shown = [tracker.apply(e) for e in [
        {"type": "run.started", "data": {}},
        {"type": "tool.started", "data": {"call_id": "c0"}},
        {"type": "job.progress", "data": {"job_id": "job_1", "fraction": 0.25}},
        {"type": "approval.requested", "data": {"call_id": "c1"}},
        {"type": "run.paused", "data": {"pending": [{"tool_call_id": "c1"}]}},
        {"type": "approval.resolved", "data": {"call_id": "c1"}},
        {"type": "job.progress", "data": {"job_id": "job_1", "fraction": 1.0}},
        {"type": "run.completed", "data": {}},
    ]]
    states = [(m["run_state"], m["pending_approvals"], [j["job_id"] for j in m["jobs"]]) if m
              else None for m in shown]
    assert states == [("running", 0, []), None, ("running", 0, ["job_1"]),
                      ("running", 1, ["job_1"]), ("awaiting_approval", 1, ["job_1"]),
                      ("running", 0, ["job_1"]), ("running", 0, []), ("idle", 0, [])]
    assert shown[2]["jobs"][0]["progress"] == 0.25


def test_recompute_cells_keep_node_names_that_contain_true_false_or_null(tmp_path):
    names = ["true", "falsehood", "null", "nullable", "untrue", "False", "hub"]
    rows = [("hub", n) for n in names if n != "hub"] + [("true", "null"), ("falsehood", "untrue")]
    csv = tmp_path / "words.csv"
    csv.write_text("source,target\n" + "".join(f"{a},{b}\n" for a, b in rows))
    agent = Agent(home=tmp_path / "project")
    resp = agent.ask(KARATE_Q, attach=[str(csv)])
    agent.close()
    report = load_report(tmp_path / "project", resp.run_id)
    reproducible = [f for f in report.findings if f.code]
    assert {"node_centrality", "degree_analysis"} <= {f.source.tool for f in reproducible}
    assert any("null" in json.dumps(f.numbers) for f in reproducible)
    results = _recompute(report)
    for f in reproducible:
        assert _close(results[f.id], f.numbers, f.tolerance), f.title


def test_only_a_status_request_of_this_protocol_version_is_answered():
    from igraph_agent.jupyter.report_comm import status_message, status_reply

    def now():
        return status_message("run_1", "awaiting_approval", 1)

    assert status_reply({"type": "status_request", "version": 1}, now)["pending_approvals"] == 1
    assert status_reply({"type": "status_request", "version": 2}, now) is None
    assert status_reply({"type": "report", "version": 1}, now) is None
    assert status_reply(None, now) is None

    def broken():
        raise RuntimeError("store unavailable")

    assert status_reply({"type": "status_request", "version": 1}, broken) is None


def test_store_status_publications_reach_the_status_bar_in_the_order_they_were_read(
        monkeypatch):
    """The command worker reads the store while the run still goes; the run's writer reads it
    once the run ended: the stale read must not be sent after the fresh one."""
    import threading

    from igraph_agent.jupyter import report_comm

    sent: list[str] = []
    stale_read, let_stale_send = threading.Event(), threading.Event()

    def store_status(agent):
        if agent == "worker":  # reads "running", then loses the CPU before sending
            stale_read.set()
            let_stale_send.wait(10)
            return {"run_state": "running"}
        return {"run_state": "idle"}

    monkeypatch.setattr(report_comm, "store_status", store_status)
    monkeypatch.setattr(report_comm, "send", lambda m: sent.append(m["run_state"]) or True)
    worker = threading.Thread(target=report_comm.publish_store_status, args=("worker",))
    worker.start()
    assert stale_read.wait(10)
    writer = threading.Thread(target=report_comm.publish_store_status, args=("writer",))
    writer.start()
    writer.join(0.5)  # unguarded, the writer sends now, before the worker's stale state
    let_stale_send.set()
    worker.join(10)
    writer.join(10)
    assert sent == ["running", "idle"]


def test_a_graph_state_checked_before_any_load_is_a_finding_without_figures(tmp_path):
    from igraph_agent.graph.session import SessionGraph
    from igraph_agent.graph.workspace import Workspace
    from igraph_agent.report.model import SourceRef
    from igraph_agent.report.recipes import build_finding
    from igraph_agent.store import Store
    from igraph_agent.tools import ToolContext, default_registry

    ctx = ToolContext(workspace=Workspace(tmp_path, Store(tmp_path / "agent.db")),
                      session=SessionGraph("s"), call_id="c0")
    envelope = default_registry().dispatch("get_graph_info", {}, ctx).envelope()
    assert envelope["success"] and envelope["data"]["loaded"] is False
    finding = build_finding(SourceRef(tool="get_graph_info", call_id="c0"), {}, envelope, "f1")
    assert finding.numbers == {} and finding.code is None
    assert "No graph was loaded" in finding.text and finding.not_reproducible
