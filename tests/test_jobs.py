"""Background jobs: persisted states, paged progress, hand-off to child jobs, cancellation,
and the tool wrapper that waits for the final job's real result (tools/jobs.py)."""

from __future__ import annotations

import threading

import networkx as nx
import pytest

from igraph_agent.errors import AgentError, ErrorCode, ToolError
from igraph_agent.graph.session import SessionGraph
from igraph_agent.graph.workspace import Workspace
from igraph_agent.runtime.jobs import JobManager, RunJobs
from igraph_agent.store import Store
from igraph_agent.tools import ToolContext, default_registry
from igraph_agent.tools.jobs import STATUS_RETRIES, await_job

WAIT = 30  # seconds: a bound for a hung thread, never a timing assertion


@pytest.fixture
def store(tmp_path):
    s = Store(tmp_path / "agent.db")
    yield s
    s.close()


@pytest.fixture
def manager(store):
    return JobManager(store, page_size=10)


def _ctx(tmp_path, store, jobs, progress=None) -> ToolContext:
    sg = SessionGraph("s")
    sg.set_graph(nx.path_graph(3), "ds_x", 1)
    ctx = ToolContext(workspace=Workspace(tmp_path, store), session=sg, call_id="c1", jobs=jobs)
    if progress is not None:
        ctx.progress = progress
    return ctx


def _steps(n: int, result: dict | None = None):
    def work(job):
        for i in range(n):
            job.check_cancelled()
            job.progress((i + 1) / n, f"step {i + 1}/{n}")
        return result if result is not None else {"steps": n}
    return work


def _until_cancelled(started: threading.Event | None = None):
    def work(job):
        if started is not None:
            started.set()
        while True:
            job.check_cancelled()
            job.manager.wait_for_change(0.05)
    return work


def test_progress_seq_is_strictly_increasing_and_read_in_pages(manager):
    job_id = manager.submit("demo", _steps(25))
    assert manager.wait(job_id, WAIT) == "done"
    cursor, seqs, pages = -1, [], 0
    while True:
        st = manager.status(job_id, cursor)
        pages += 1
        assert len(st["progress"]) <= 10
        got = [r["seq"] for r in st["progress"]]
        assert all(s > cursor for s in got)
        seqs += got
        cursor = st["progress_cursor"]
        if got:
            assert cursor == got[-1]
        if not st["progress_has_more"]:
            break
    assert seqs == list(range(25))
    assert pages == 3
    assert st["state"] == "done" and st["result"] == {"steps": 25}
    again = manager.status(job_id, cursor)  # nothing new: the cursor stays where it was
    assert again["progress"] == [] and again["progress_cursor"] == 24
    assert not again["progress_has_more"]


def test_job_state_and_progress_are_persisted_for_a_new_manager(store, manager):
    job_id = manager.submit("demo", _steps(3))
    manager.wait(job_id, WAIT)
    fresh = JobManager(store)
    st = fresh.status(job_id)
    assert st["state"] == "done" and [r["message"] for r in st["progress"]][-1] == "step 3/3"
    assert fresh.list()[0]["job_id"] == job_id


def test_done_job_is_drained_of_progress_before_its_result(tmp_path, store, manager):
    seen: list[str] = []
    ctx = _ctx(tmp_path, store, manager.for_run("run_1"), lambda f, m: seen.append(m))
    job_id = manager.submit("demo", _steps(37, {"answer": 42}))
    manager.wait(job_id, WAIT)  # done before anyone read a page
    final, result = await_job(ctx, job_id)
    assert (final, result) == (job_id, {"answer": 42})
    assert seen == [f"step {i}/37" for i in range(1, 38)]


def test_child_job_hand_off_is_followed_with_a_fresh_cursor(tmp_path, store, manager):
    seen: list[str] = []
    events: list[dict] = []
    jobs = manager.for_run("run_1", lambda e: events.append({"type": e.type, **e.wire()}))
    ctx = _ctx(tmp_path, store, jobs, lambda f, m: seen.append(m))

    def parent(job):
        _steps(12)(job)
        job.hand_off("child", _steps(4, {"from": "child"}))

    root = jobs.submit("parent", parent)
    final, result = await_job(ctx, root)
    assert result == {"from": "child"}
    assert final != root and manager.status(root)["child_id"] == final
    assert manager.status(final)["parent_id"] == root
    # the parent's 12 records, then the child's 4 from seq 0 (a cursor of 11 would skip them)
    assert seen == [f"step {i}/12" for i in range(1, 13)] + [f"step {i}/4" for i in range(1, 5)]
    child_events = [e for e in events if e["job_id"] == final]
    assert [e["seq"] for e in child_events] == [0, 1, 2, 3]
    assert all(e["type"] == "job.progress" and set(e) >= {"job_id", "seq", "fraction", "message"}
               for e in events)


def test_cyclic_or_missing_child_is_rejected(manager):
    started = threading.Event()
    a = manager.submit("a", _until_cancelled(started))
    b = manager.submit("b", _steps(1), parent_id=a)
    manager.wait(b, WAIT)
    with pytest.raises(AgentError) as cyc:
        manager.link_child(b, a)  # a is b's parent: following b would come back to a
    assert cyc.value.code == ErrorCode.INVALID_ARGUMENTS and "cycle" in cyc.value.message
    with pytest.raises(AgentError) as own:
        manager.link_child(a, a)
    assert own.value.code == ErrorCode.INVALID_ARGUMENTS
    with pytest.raises(AgentError) as missing:
        manager.link_child(a, "job_nothere")
    assert missing.value.code == ErrorCode.RESULT_UNAVAILABLE
    manager.link_child(a, b)  # a legal hand-off still works
    assert manager.status(a)["child_id"] == b
    manager.cancel(a)
    manager.wait(a, WAIT)


def test_a_cycle_in_stored_hand_offs_is_refused_by_the_follower(tmp_path, store, manager):
    x = manager.submit("x", _steps(1, {"x": 1}))
    y = manager.submit("y", _steps(1, {"y": 1}))
    manager.wait(x, WAIT)
    manager.wait(y, WAIT)
    manager.db.set_child(x, y)  # records as a damaged or hand-edited store could hold them
    manager.db.set_child(y, x)
    with pytest.raises(ToolError) as exc:
        await_job(_ctx(tmp_path, store, manager.for_run("r")), x)
    assert exc.value.code == ErrorCode.RESULT_UNAVAILABLE and "cycle" in exc.value.message


def test_hand_off_to_a_missing_child_is_result_unavailable(tmp_path, store, manager):
    x = manager.submit("x", _steps(1, {"x": 1}))
    manager.wait(x, WAIT)
    manager.db.set_child(x, "job_gone")
    with pytest.raises(ToolError) as exc:
        await_job(_ctx(tmp_path, store, manager.for_run("r")), x)
    assert exc.value.code == ErrorCode.RESULT_UNAVAILABLE


class FlakyStatus(RunJobs):
    """A job client whose status reads fail transiently the first ``failures`` times per
    (job, cursor) -- like a locked database -- and that counts every call."""

    def __init__(self, manager: JobManager, failures: int) -> None:
        super().__init__(manager, "run_1")
        self.failures = failures
        self.calls: list[tuple[str, int, str]] = []
        self.submits = 0

    def submit(self, kind, work, *, params=None, call_id=""):
        self.submits += 1
        return super().submit(kind, work, params=params, call_id=call_id)

    def status(self, job_id, after_seq=-1):
        failed = sum(1 for j, c, how in self.calls if (j, c) == (job_id, after_seq) and how == "err")
        if failed < self.failures:
            self.calls.append((job_id, after_seq, "err"))
            raise AgentError(ErrorCode.TOOL_TIMEOUT, "database is locked", retryable=True)
        self.calls.append((job_id, after_seq, "ok"))
        return super().status(job_id, after_seq)


def test_status_polling_is_retried_on_a_transient_error_without_resubmitting(tmp_path, store,
                                                                             manager):
    flaky = FlakyStatus(manager, failures=2)
    job_id = flaky.submit("demo", _steps(15, {"ok": True}))
    manager.wait(job_id, WAIT)
    _, result = await_job(_ctx(tmp_path, store, flaky), job_id)
    assert result == {"ok": True}
    assert flaky.submits == 1 and len(manager.list()) == 1  # the work ran once
    reads = [(j, c) for j, c, _ in flaky.calls]
    for key in dict.fromkeys(reads):  # every read: 2 failures, then the same read again
        assert [how for j, c, how in flaky.calls if (j, c) == key] == ["err", "err", "ok"]
    assert [c for _, c in dict.fromkeys(reads)] == [-1, 9]  # pages of 10: cursor -1, then 9


def test_status_polling_gives_up_after_three_retries_and_keeps_the_job(tmp_path, store, manager):
    flaky = FlakyStatus(manager, failures=STATUS_RETRIES + 1)
    job_id = flaky.submit("demo", _steps(2))
    manager.wait(job_id, WAIT)
    with pytest.raises(ToolError) as exc:
        await_job(_ctx(tmp_path, store, flaky), job_id)
    assert exc.value.code == ErrorCode.TOOL_FAILED and exc.value.retryable
    assert flaky.calls == [(job_id, -1, "err")] * (STATUS_RETRIES + 1)
    assert flaky.submits == 1 and manager.status(job_id)["state"] == "done"


def test_done_without_a_usable_result_is_result_unavailable(tmp_path, store, manager):
    job_id = manager.submit("empty", lambda job: None)
    manager.wait(job_id, WAIT)
    assert manager.status(job_id)["state"] == "done"
    with pytest.raises(ToolError) as exc:
        await_job(_ctx(tmp_path, store, manager.for_run("r")), job_id)
    assert exc.value.code == ErrorCode.RESULT_UNAVAILABLE


def test_failed_job_is_job_failed_with_its_reason(tmp_path, store, manager):
    def boom(job):
        job.progress(0.5, "half way")
        raise ValueError("bad input row 7")

    job_id = manager.submit("boom", boom)
    with pytest.raises(ToolError) as exc:
        await_job(_ctx(tmp_path, store, manager.for_run("r")), job_id)
    assert exc.value.code == ErrorCode.JOB_FAILED and "bad input row 7" in exc.value.message
    st = manager.status(job_id)
    assert st["state"] == "failed" and st["error"]["code"] == "JOB_FAILED"


def test_cancel_marks_every_descendant_cancelled(manager):
    started = {k: threading.Event() for k in ("root", "child", "grandchild")}

    def grandchild(job):
        return _until_cancelled(started["grandchild"])(job)

    def child(job):
        job.spawn("grandchild", grandchild)
        return _until_cancelled(started["child"])(job)

    def root(job):
        job.spawn("child", child)
        return _until_cancelled(started["root"])(job)

    root_id = manager.submit("root", root)
    for ev in started.values():
        assert ev.wait(WAIT)
    ids = [root_id, *manager.descendants(root_id)]
    assert len(ids) == 3
    assert sorted(manager.cancel(root_id)) == sorted(ids)
    for jid in ids:
        assert manager.wait(jid, WAIT) == "cancelled"
        assert manager.status(jid)["error"]["code"] == "JOB_CANCELLED"
    assert manager.cancel(root_id) == []  # nothing left to cancel


def test_a_job_cancelled_while_waited_on_ends_the_tool_call_with_job_cancelled(tmp_path, store,
                                                                                manager):
    cancel_run = threading.Event()
    jobs = manager.for_run("r", run_cancelled=cancel_run)
    started = threading.Event()
    job_id = jobs.submit("long", _until_cancelled(started))
    assert started.wait(WAIT)
    cancel_run.set()  # the run is cancelled: the waiting tool cancels its job
    with pytest.raises(ToolError) as exc:
        await_job(_ctx(tmp_path, store, jobs), job_id)
    assert exc.value.code == ErrorCode.JOB_CANCELLED
    assert manager.status(job_id)["state"] == "cancelled"


def test_get_job_status_tool_pages_progress(tmp_path, store, manager):
    job_id = manager.submit("demo", _steps(12))
    manager.wait(job_id, WAIT)
    ctx = _ctx(tmp_path, store, manager.for_run("r"))
    registry = default_registry()
    first = registry.dispatch("get_job_status", {"job_id": job_id}, ctx).envelope()
    assert first["success"] and first["data"]["progress_cursor"] == 9
    assert first["data"]["progress_has_more"]
    rest = registry.dispatch("get_job_status", {"job_id": job_id, "after_seq": 9}, ctx).envelope()
    assert [r["seq"] for r in rest["data"]["progress"]] == [10, 11]
    assert not rest["data"]["progress_has_more"]
    missing = registry.dispatch("get_job_status", {"job_id": "job_nope"}, ctx).envelope()
    assert not missing["success"] and missing["error"]["code"] == "RESULT_UNAVAILABLE"


def test_interrupt_stale_fails_jobs_an_ended_process_left_running(store, manager):
    manager.db.add_job("job_orphan", "train")  # queued by a process that is gone
    manager.db.set_state("job_orphan", "running", only_from=("queued",))
    assert manager.interrupt_stale() == 1
    st = manager.status("job_orphan")
    assert st["state"] == "failed" and "interrupted" in st["error"]["message"]
