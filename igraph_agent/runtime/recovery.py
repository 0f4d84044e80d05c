"""Start-up recovery: runs and jobs whose process died, and spooled final states.

Called by every new ``Agent(home)`` (and so by ``%load_ext igraph_agent``). Only rows
whose owner process is dead are touched (``runtime/owner.py``): two Agents on one home
never interrupt each other. Nothing is resumed, except jobs still running on a Ray cluster,
which are reattached (``runtime/jobs.py``): a run that was ``preparing`` or
``running`` becomes ``interrupted`` with its input, finished tool results and partial text
kept; a tool call that had started is marked ``interrupted`` (whether it changed anything
is unknown — its result is RESULT_UNAVAILABLE), one that had not is ``not_run``. Spooled
final states are saved; paused runs stay paused (and can still be approved).

Example::

    >>> recover(store, home)["interrupted"]   # a fresh project: nothing to recover
    0
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from igraph_agent.errors import ErrorCode
from igraph_agent.response import AgentResponse, ErrorInfo, Evidence
from igraph_agent.runtime.events import (
    EventLog,
    ToolStarted,
    parse_event,
    run_ended,
    stored_events,
)
from igraph_agent.runtime.owner import owner_alive
from igraph_agent.runtime.spool import persist_terminal, resave, spooled
from igraph_agent.runtime.state import action_of
from igraph_agent.status import EXECUTING_PHASES, CancelPhase, RunPhase
from igraph_agent.store import Store
from igraph_agent.store.runctl import RunControlStore
from igraph_agent.store.runs import RunRecord, Runs
from igraph_agent.tools.registry import ToolResult


def recover(store: Store, home: Path, jobs: Any = None) -> dict[str, int]:
    ctl = RunControlStore(store)
    counts = {"resaved": 0, "interrupted": 0, "verified": 0, "jobs_failed": 0}
    for payload in spooled(home):
        run = Runs(store).get(payload.get("run_id", ""))
        if run is not None and not owner_alive(run.owner):
            counts["resaved"] += len(resave(store, home, run.id))
    for run in ctl.unfinished_runs():
        if owner_alive(run.owner):
            continue
        if run.status in EXECUTING_PHASES:
            stop_dead_run(store, home, run)
            counts["interrupted"] += 1
        elif run.response is not None and ctl.mark_persisted(run.id, run.generation):
            counts["verified"] += 1  # the final write landed; its process died before the mark
    if jobs is not None:
        counts["jobs_failed"] = jobs.interrupt_stale()
        counts["jobs_reattached"] = len(jobs.reattached)  # still running on the Ray cluster
    return counts


def stop_dead_run(store: Store, home: Path, run: RunRecord,
                  status: RunPhase = RunPhase.INTERRUPTED,
                  cancel: dict[str, Any] | None = None) -> bool:
    """Persist a run whose process is gone as ``interrupted`` (or ``cancelled``)."""
    run_id, generation = run.id, run.generation
    pid = (run.owner or "?").split(":")[0]
    events = [parse_event(e) for e in stored_events(store, run_id)]
    started = {e.data.call_id for e in events if e is not None and isinstance(e.data, ToolStarted)}
    for call in RunControlStore(store).open_tool_calls(run_id):
        if call["call_id"] in started:
            result = ToolResult.failure(
                call["tool"], call["call_id"], ErrorCode.RESULT_UNAVAILABLE,
                "the process running this call ended before it finished; whether it changed "
                "anything is unknown",
                hint="re-read the data (get_graph_info, list_datasets) before repeating it")
            state = "interrupted"
        else:
            result = ToolResult.failure(
                call["tool"], call["call_id"], ErrorCode.RUN_INTERRUPTED,
                "not run: the process ended before this call started", hint="ask again")
            state = "not_run"
        store.mark_tool_call(run_id, call["call_id"], state, result.envelope())
    resp = _record_response(store, run, status, pid)
    fields: dict[str, Any] = {"status": status, "response": resp.model_dump(mode="json"),
                              "finished_at": time.time(), "execution_stopped": 1}
    if cancel is not None:
        fields.update(cancel_status=CancelPhase.STOPPING, cancel=cancel)
    ok = persist_terminal(store, home, run_id, generation, fields)
    EventLog(store, run_id, generation).emit(run_ended(
        status, resp.status, resp.error.model_dump() if resp.error else None))
    return ok


def _record_response(store: Store, run: RunRecord, status: str, pid: str) -> AgentResponse:
    """What the stored run shows: finished tool results as evidence, no answer."""
    actions, evidence, data = [], [], {}
    for row in store.tool_calls(run.id):
        env = row.get("envelope")
        if not isinstance(env, dict):
            continue
        actions.append(action_of(row["tool"], row["call_id"], row["args"] or {},
                                 ToolResult.model_validate(env)))
        if env.get("success"):
            evidence.append(Evidence(tool=row["tool"], call_id=row["call_id"],
                                     shows=env.get("summary", "")))
            data[row["call_id"]] = {"tool": row["tool"], **(env.get("data") or {})}
    if status == RunPhase.CANCELLED:
        error = ErrorInfo(code=str(ErrorCode.RUN_CANCELLED),
                          message=f"the run was cancelled; its process (pid {pid}) had ended",
                          hint="ask again")
    else:
        error = ErrorInfo(code=str(ErrorCode.RUN_INTERRUPTED),
                          message=f"the process running this run (pid {pid}) ended before it "
                                  "finished; finished tool results are kept, nothing was resumed",
                          hint="ask again to continue; the run record keeps what was done")
    notices = ["partial text of the unfinished answer is kept in the run record, not shown as "
               "an answer"] if run.partial_text else []
    return AgentResponse(status="error", data=data, evidence=evidence, actions=actions,
                         error=error, notices=notices, model=run.model, run_id=run.id,
                         session_id=run.session_id, usage=run.usage)
