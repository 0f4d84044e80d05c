"""Durable runs: idempotent starts, admission, cancellation, generations, replay,
verified final state and recovery after the owning process died."""

from __future__ import annotations

import json
import os
import signal
import sqlite3
import subprocess
import sys
import textwrap
import threading
import time

import pytest
from pydantic import BaseModel

from igraph_agent import Agent, RunOptions
from igraph_agent.errors import AgentError, ErrorCode
from igraph_agent.model.scripted import ScriptedModel, call, slow
from igraph_agent.runtime.events import WINDOW, EventLog, JobProgress, RunCompleted
from igraph_agent.runtime.spool import persist_terminal, spool_path, spooled
from igraph_agent.store import Store
from igraph_agent.store.runs import Runs
from igraph_agent.tools import ToolContext, ToolOutput, default_registry, tool


class _N(BaseModel):
    n: int = 0


def _registry(started: threading.Event | None = None, job_ids: list | None = None):
    @tool(reads=("session_config",))
    def note(ctx: ToolContext, args: _N) -> ToolOutput:
        """Notes a number."""
        return ToolOutput(data={"noted": args.n}, summary=f"noted {args.n}")

    @tool(reads=("session_config",))
    def spin_job(ctx: ToolContext, args: _N) -> ToolOutput:
        """Starts a background job with a child job; both spin until cancelled."""
        def spin(job):
            while True:
                job.check_cancelled()
                time.sleep(0.02)

        def parent(job):
            job.spawn("spin-child", spin)
            spin(job)

        job_id = ctx.jobs.submit("spin", parent, call_id=ctx.call_id)
        if job_ids is not None:
            job_ids.append(job_id)
        if started is not None:
            started.set()
        return ToolOutput(data={"job_id": job_id}, summary="job started", job_id=job_id)

    registry = default_registry()
    registry.add(note)
    registry.add(spin_job)
    return registry


def _wait_for_event(agent: Agent, run_id: str, type_: str) -> None:
    deadline = time.monotonic() + 30
    while not any(e["type"] == type_ for e in agent.store.events(run_id)):
        assert time.monotonic() < deadline, f"no {type_} event"
        time.sleep(0.02)


def _ask(agent: Agent, model: ScriptedModel, question: str = "note it", **kw):
    return agent.start(question, options=RunOptions(model=model.id), **kw)


# -- idempotent start ---------------------------------------------------------------------
def test_same_start_request_id_and_content_returns_the_existing_run(tmp_path, karate_csv):
    agent = Agent(home=tmp_path, registry=_registry())
    model = ScriptedModel([[call("note", n=3)], "noted"])
    first = _ask(agent, model, attach=[karate_csv], start_request_id="req-1")
    resp = first.wait(30)
    runs = agent.store.count("runs")
    again = _ask(agent, model, attach=[karate_csv], start_request_id="req-1")
    assert again.run_id == first.run_id == resp.run_id
    assert again.wait(30).status == "answered"
    assert agent.store.count("runs") == runs and len(model.requests) == 2  # nothing re-run
    other = Agent(home=tmp_path, registry=_registry())  # a retry from another Agent
    replay = _ask(other, model, attach=[karate_csv], start_request_id="req-1")
    assert replay.run_id == first.run_id and replay.wait(30).answer == resp.answer
    assert len(model.requests) == 2
    other.close()
    agent.close()


def test_same_start_request_id_with_other_content_is_a_conflict(tmp_path, karate_csv):
    agent = Agent(home=tmp_path, registry=_registry())
    model = ScriptedModel([[call("note", n=1)], "noted"])
    _ask(agent, model, attach=[karate_csv], start_request_id="req-2").wait(30)
    changed = tmp_path / "karate.csv"
    changed.write_text(karate_csv.read_text() + "33,0\n")  # same name, other bytes
    for kwargs in ({"question": "another question", "attach": [karate_csv]},
                   {"question": "note it", "attach": [changed]}):
        with pytest.raises(AgentError) as exc:
            _ask(agent, model, start_request_id="req-2", **kwargs)
        assert exc.value.code == ErrorCode.START_IDEMPOTENCY_CONFLICT
    with pytest.raises(AgentError) as exc:
        agent.start("note it", attach=[karate_csv], start_request_id="req-2",
                    options=RunOptions(model=model.id, max_steps=3))
    assert exc.value.code == ErrorCode.START_IDEMPOTENCY_CONFLICT
    agent.close()


def test_every_run_reports_its_control_fields(tmp_path):
    agent = Agent(home=tmp_path, registry=_registry())
    resp = _ask(agent, ScriptedModel([[call("note", n=1)], "noted"])).wait(30)
    state = resp.run_state
    assert state is not None and state.run_status == "completed"
    assert state.execution_stopped and state.terminal_persisted
    assert (state.cancel_status, state.execution_generation, state.can_send) == ("none", 1, True)
    assert agent.run_status(resp.run_id) == state.model_copy(
        update={"last_event_index": agent.store.last_event_index(resp.run_id)})
    assert not spooled(tmp_path)  # the verified save removed the spool file
    agent.close()


# -- admission ----------------------------------------------------------------------------
def test_a_pending_approval_keeps_the_session_busy_across_agents(tmp_path, karate_csv):
    first = Agent(home=tmp_path)
    paused = first.ask("clear the graph", attach=[karate_csv])
    assert paused.status == "awaiting_approval"
    assert not first.can_send(paused.session_id)
    assert first.active_run(paused.session_id) == paused.run_id
    second = Agent(home=tmp_path)
    second.use_session(paused.session_id)
    with pytest.raises(AgentError) as exc:
        second.ask("how many nodes?")
    assert exc.value.code == ErrorCode.SESSION_BUSY
    assert exc.value.details["active_run"] == paused.run_id
    # another session is free; it never loads the busy session's dataset unasked: it asks which
    assert second.ask("how many nodes?",
                      session=second.new_session()).status == "needs_clarification"
    first.close()
    second.close()


# -- cancellation -------------------------------------------------------------------------
def test_cancel_before_start_records_the_intent_and_rejects_the_late_start(tmp_path):
    agent = Agent(home=tmp_path, registry=_registry())
    status = agent.cancel(start_request_id="req-late", cancel_request_id="c-1")
    assert (status.run_status, status.cancel_status) == ("cancelled", "confirmed")
    with pytest.raises(AgentError) as exc:
        _ask(agent, ScriptedModel(["never"]), start_request_id="req-late")
    assert exc.value.code == ErrorCode.RUN_CANCELLED
    assert agent.store.count("runs") == 0
    agent.close()


def test_a_cancel_id_is_bound_to_one_target(tmp_path):
    agent = Agent(home=tmp_path, registry=_registry())
    run = _ask(agent, ScriptedModel([[call("note", n=1)], "noted"])).wait(30)
    agent.cancel(run_id=run.run_id, cancel_request_id="c-2")
    agent.cancel(run_id=run.run_id, cancel_request_id="c-2")  # the same target: fine
    with pytest.raises(AgentError) as exc:
        agent.cancel(start_request_id="req-x", cancel_request_id="c-2")
    assert exc.value.code == ErrorCode.CANCEL_REQUEST_CONFLICT
    assert agent.runctl.start_request("req-x") is None  # nothing recorded for the other target
    agent.close()


def test_cancel_interrupts_the_model_call_and_is_confirmed_after_persisting(tmp_path):
    agent = Agent(home=tmp_path, registry=_registry())
    model = ScriptedModel([[call("note", n=1)], slow("never delivered", 60)])
    handle = _ask(agent, model)
    _wait_for_event(agent, handle.run_id, "tool.completed")
    status = agent.cancel(run_id=handle.run_id, cancel_request_id="c-3", wait=30)
    assert (status.run_status, status.cancel_status) == ("cancelled", "confirmed")
    assert status.execution_stopped and status.terminal_persisted and status.can_send
    resp = handle.wait(30)
    assert resp.error.code == ErrorCode.RUN_CANCELLED and len(model.requests) == 1
    assert [e.tool for e in resp.evidence] == ["note"]  # the finished tool result is kept
    assert agent.events(handle.run_id)[-1]["type"] == "run.cancelled"
    agent.close()


def test_cancel_reaches_the_run_jobs_and_their_descendants(tmp_path):
    started, job_ids = threading.Event(), []
    agent = Agent(home=tmp_path, registry=_registry(started, job_ids))
    model = ScriptedModel([[call("spin_job")], slow("never delivered", 60)])
    handle = _ask(agent, model)
    assert started.wait(30)
    children = []
    while not children:
        children = agent.jobs.descendants(job_ids[0])
        time.sleep(0.02)
    status = agent.cancel(run_id=handle.run_id, wait=30)
    assert status.cancel_status == "confirmed" and status.execution_stopped
    states = {j: agent.jobs.status(j)["state"] for j in [job_ids[0], *children]}
    assert set(states.values()) == {"cancelled"}, states
    agent.close()


def test_cancelling_a_paused_run_persists_it_without_invoking_the_model(tmp_path, karate_csv):
    agent = Agent(home=tmp_path)
    paused = agent.ask("clear the graph", attach=[karate_csv])
    messages = len(agent.store.messages(paused.run_id))
    status = agent.cancel(run_id=paused.run_id)
    assert (status.run_status, status.cancel_status) == ("cancelled", "confirmed")
    assert status.can_send and len(agent.store.messages(paused.run_id)) == messages
    assert agent.pending(paused.run_id) == []
    refused = agent.continue_run(paused.run_id, paused.pending[0].tool_call_id, "approve")
    assert refused.status == "error" and refused.error.code == ErrorCode.APPROVAL_CONFLICT
    calls = {c["call_id"]: c for c in agent.store.tool_calls(paused.run_id)}
    assert calls[paused.pending[0].tool_call_id]["status"] == "cancelled"  # never ran
    agent.close()


def test_store_unavailable_stops_local_work_and_is_not_confirmed(tmp_path):
    agent = Agent(home=tmp_path, registry=_registry())
    model = ScriptedModel([[call("note", n=1)], slow("never delivered", 60)])
    handle = _ask(agent, model)
    _wait_for_event(agent, handle.run_id, "tool.completed")
    agent.store.close()  # the database goes away under the running run
    with pytest.raises(AgentError) as exc:
        agent.cancel(run_id=handle.run_id, wait=30)
    assert exc.value.code == ErrorCode.CANCEL_NOT_CONFIRMED
    assert exc.value.details["execution_stopped"] is True and handle.done
    assert spool_path(tmp_path, handle.run_id).exists()  # the final state waits in the spool
    later = Agent(home=tmp_path, registry=_registry())
    assert later.run_status(handle.run_id).terminal_persisted is False
    assert not later.can_send(handle.session_id)  # the unconfirmed save keeps it busy
    assert later.retry_save(handle.run_id) == [handle.run_id]
    status = later.run_status(handle.run_id)
    assert (status.run_status, status.cancel_status) == ("cancelled", "confirmed")
    assert status.terminal_persisted and status.can_send and len(model.requests) == 1
    later.close()


# -- generations --------------------------------------------------------------------------
def test_writes_from_an_older_generation_are_ignored(tmp_path, karate_csv):
    agent = Agent(home=tmp_path)
    paused = agent.ask("clear the graph", attach=[karate_csv])
    gated = paused.pending[0].tool_call_id
    done = agent.continue_run(paused.run_id, gated, "approve")
    assert done.status == "answered"
    assert agent.run_status(paused.run_id).execution_generation == 2
    before = agent.run_record(paused.run_id)
    stale = EventLog(agent.store, paused.run_id, generation=1)
    assert stale.emit(RunCompleted(status="answered")).get("ignored") is True
    assert not agent.store.finish_tool_call(paused.run_id, gated, {"success": False}, 1)
    assert not persist_terminal(agent.store, tmp_path, paused.run_id, 1,
                                {"status": "error", "response": {"status": "error"}})
    after = agent.run_record(paused.run_id)
    assert after["run"] == before["run"] and after["tool_calls"] == before["tool_calls"]
    assert after["events"] == before["events"]
    agent.close()


# -- event replay -------------------------------------------------------------------------
def test_events_replay_from_any_cursor_in_the_window_and_the_store(tmp_path):
    agent = Agent(home=tmp_path, registry=_registry())
    model = ScriptedModel([[call("note", n=1)], "noted"])
    resp = _ask(agent, model).wait(30)
    all_events = agent.events(resp.run_id, after=-1)
    assert [e["index"] for e in all_events] == list(range(len(all_events)))
    assert agent.events(resp.run_id, after=2) == all_events[3:]
    log = EventLog(agent.store, resp.run_id)
    start = log.last_index + 1
    for i in range(WINDOW + 20):
        log.emit(JobProgress(seq=i))
    replayed = log.since(start - 1)
    assert [e["index"] for e in replayed] == list(range(start, start + WINDOW + 20))
    assert [e["data"]["seq"] for e in replayed] == list(range(WINDOW + 20))
    assert [e["index"] for e in log.since(log.last_index - 5)] == list(
        range(log.last_index - 4, log.last_index + 1))  # from the in-memory window
    assert agent.events(resp.run_id, after=-1)[-1]["index"] == log.last_index
    assert len(model.requests) == 2  # replaying never re-invoked the model
    agent.close()


def test_a_cursor_outside_the_log_is_replay_unavailable_and_the_record_rebuilds(tmp_path,
                                                                               karate_csv):
    agent = Agent(home=tmp_path)
    paused = agent.ask("clear the graph", attach=[karate_csv])
    last = agent.store.last_event_index(paused.run_id)
    with pytest.raises(AgentError) as exc:
        agent.events(paused.run_id, after=last + 5)
    assert exc.value.code == ErrorCode.REPLAY_UNAVAILABLE
    with sqlite3.connect(tmp_path / "agent.db") as db:  # a lost event row: a gap in the log
        db.execute("DELETE FROM events WHERE run_id=? AND idx=2", (paused.run_id,))
    with pytest.raises(AgentError) as exc:
        agent.events(paused.run_id, after=0)
    assert exc.value.code == ErrorCode.REPLAY_UNAVAILABLE
    assert agent.events(paused.run_id, after=2)[0]["index"] == 3  # after the gap: fine
    record = agent.run_record(paused.run_id)
    assert record["status"]["run_status"] == "paused" and record["last_event_index"] == last
    assert [p["tool_call_id"] for p in record["pending"]] == [paused.pending[0].tool_call_id]
    cards = {c["call_id"]: c for c in record["tool_cards"]}
    assert cards[paused.pending[0].tool_call_id]["status"] == "awaiting_approval"
    assert any(m["role"] == "user" for m in record["messages"])
    agent.close()


# -- recovery -----------------------------------------------------------------------------
_CHILD = textwrap.dedent("""
    import sys, time
    from pydantic import BaseModel
    from igraph_agent import Agent, RunOptions
    from igraph_agent.model.scripted import ScriptedModel, call
    from igraph_agent.tools import ToolContext, ToolOutput, default_registry, tool

    class N(BaseModel):
        n: int = 0

    @tool(reads=("session_config",))
    def quick(ctx: ToolContext, args: N) -> ToolOutput:
        "Answers 7."
        return ToolOutput(data={"value": 7}, summary="seven")

    @tool(reads=("session_config",))
    def stuck(ctx: ToolContext, args: N) -> ToolOutput:
        "Starts a job, then hangs."
        def spin(job):
            while True:
                job.check_cancelled()
                time.sleep(0.05)
        ctx.jobs.submit("spin", spin, call_id=ctx.call_id)
        print("STUCK", flush=True)
        time.sleep(600)
        return ToolOutput(data={}, summary="never")

    registry = default_registry()
    registry.add(quick)
    registry.add(stuck)
    agent = Agent(home=sys.argv[1], registry=registry)
    model = ScriptedModel([[call("quick")], [call("stuck")], "done"])
    handle = agent.start("look", options=RunOptions(model=model.id))
    print(handle.run_id, flush=True)
    handle.wait()
""")


@pytest.mark.slow  # a real process is started and killed
def test_restart_marks_a_dead_process_run_interrupted_and_keeps_its_results(tmp_path):
    script = tmp_path / "child.py"
    script.write_text(_CHILD)
    child = subprocess.Popen([sys.executable, str(script), str(tmp_path / "home")],
                             stdout=subprocess.PIPE, text=True)
    run_id = child.stdout.readline().strip()
    assert child.stdout.readline().strip() == "STUCK"
    neighbour = Agent(home=tmp_path / "home")  # the owner is alive: nothing is touched
    assert neighbour.run_status(run_id).run_status == "running"
    assert neighbour.jobs.list(run_id)[0]["state"] in ("queued", "running")
    neighbour.close()
    os.kill(child.pid, signal.SIGKILL)
    child.wait(30)
    agent = Agent(home=tmp_path / "home")
    assert agent.recovered["interrupted"] == 1 and agent.recovered["jobs_failed"] == 1
    status = agent.run_status(run_id)
    assert (status.run_status, status.execution_stopped, status.terminal_persisted) == (
        "interrupted", True, True)
    assert status.can_send
    calls = {c["tool"]: c for c in agent.store.tool_calls(run_id)}
    assert calls["quick"]["status"] == "succeeded" and calls["quick"]["envelope"]["data"] == {
        "value": 7}
    assert calls["stuck"]["status"] == "interrupted"
    assert calls["stuck"]["envelope"]["error"]["code"] == "RESULT_UNAVAILABLE"
    resp = Runs(agent.store).get(run_id).response
    assert resp["error"]["code"] == "RUN_INTERRUPTED" and resp["answer"] == ""
    assert [e["tool"] for e in resp["evidence"]] == ["quick"]
    job = agent.jobs.list(run_id)[0]
    detail = agent.jobs.status(job["job_id"])
    assert detail["state"] == "failed" and "ended" in detail["error"]["message"]
    assert agent.events(run_id)[-1]["type"] == "run.interrupted"
    again = Agent(home=tmp_path / "home")  # recovery is idempotent
    assert again.recovered["interrupted"] == 0
    again.close()
    agent.close()


def test_two_agents_on_one_home_do_not_fail_each_others_jobs(tmp_path):
    first = Agent(home=tmp_path)
    release = threading.Event()
    job_id = first.jobs.submit("wait", lambda job: release.wait(30) and {"ok": True})
    second = Agent(home=tmp_path)
    assert second.recovered["jobs_failed"] == 0
    assert second.jobs.status(job_id)["state"] in ("queued", "running")
    release.set()
    assert first.jobs.wait(job_id, 30) == "done"
    first.close()
    second.close()


def test_a_spooled_final_state_of_a_dead_process_is_saved_at_start_up(tmp_path):
    store = Store(tmp_path / "agent.db")
    sid = store.create_session()
    from igraph_agent.store.runctl import RunControlStore

    run_id, _ = RunControlStore(store).admit(sid, "q", "offline/planner", {},
                                             start_request_id=None, fingerprint="f",
                                             owner="999999999:1")
    store.close()
    spool = spool_path(tmp_path, run_id)
    spool.parent.mkdir(parents=True)
    response = {"status": "answered", "answer": "saved from the spool", "run_id": run_id}
    spool.write_text(json.dumps({"run_id": run_id, "generation": 1, "tool_results": [],
                                 "fields": {"status": "completed", "response": response,
                                            "execution_stopped": 1}}))
    agent = Agent(home=tmp_path)
    assert agent.recovered["resaved"] == 1 and not spool.exists()
    status = agent.run_status(run_id)
    assert (status.run_status, status.terminal_persisted) == ("completed", True)
    assert Runs(agent.store).get(run_id).response["answer"] == "saved from the spool"
    agent.close()


@pytest.mark.slow  # a real process is started and killed
def test_a_paused_run_can_still_be_approved_after_its_process_died(tmp_path, karate_csv):
    script = tmp_path / "pause.py"
    script.write_text(textwrap.dedent("""
        import sys
        from igraph_agent import Agent
        resp = Agent(home=sys.argv[1]).ask("clear the graph", attach=[sys.argv[2]])
        print(resp.run_id, resp.pending[0].tool_call_id, flush=True)
        import time; time.sleep(600)
    """))
    child = subprocess.Popen([sys.executable, str(script), str(tmp_path / "home"),
                              str(karate_csv)], stdout=subprocess.PIPE, text=True)
    run_id, call_id = child.stdout.readline().split()
    os.kill(child.pid, signal.SIGKILL)
    child.wait(30)
    agent = Agent(home=tmp_path / "home")
    assert agent.run_status(run_id).run_status == "paused"  # not interrupted
    resp = agent.continue_run(run_id, call_id, "approve")
    assert resp.status == "answered" and resp.run_state.execution_generation == 2
    agent.close()
