"""Kernel side of the comm to the igraph-agent JupyterLab extension, and ``save-report``.

Messages go on comm target ``igraph_agent`` (schema in docs/reports.md): each one opens a
comm whose open message carries the payload, then closes it. With the extension, a
``report`` message inserts the report's cells below the cell that ran the agent (one
notebook model change, undoable); without it (classic notebook, VS Code, headless) nothing
happens and :func:`save_report_notebook` writes the same cells to a new ``.ipynb``.

Hooks for ``%%agent`` / ``%agent`` (jupyter/magics.py):

* after a ``--format report`` run: ``publish_report(agent.home, run_id)``
* ``%agent save-report RUN_ID [PATH]``: ``save_report_command(line, agent.home)``
* run events, as the cell drains them: ``tracker = StatusTracker(run_id)`` once, then
  ``publish_events(tracker, events)`` (or ``publish_status(...)`` directly)
* ``%load_ext``: ``register_status_target(ipython, status)``, so the extension can ask for
  the current status when it connects (a page reload) and gets it read from the store

In a notebook cell::

    from igraph_agent.jupyter.report_comm import show_report
    show_report(agent.home, resp.run_id)   # displays it; the extension inserts the cells
"""

from __future__ import annotations

import shlex
import threading
from pathlib import Path
from typing import Any

from igraph_agent.errors import AgentError, ErrorCode, ToolError
from igraph_agent.runtime.events import (
    ENDED_EVENTS,
    ApprovalRequested,
    ApprovalResolved,
    JobProgress,
    RunPaused,
    RunStarted,
    parse_event,
)
from igraph_agent.status import EXECUTING_PHASES, JOB_ACTIVE, BarState, RunPhase

COMM_TARGET = "igraph_agent"
PROTOCOL_VERSION = 1
STATES = tuple(BarState)


def report_message(home: str | Path, run_id: str, cell_id: str | None,
                   insert: bool = True) -> dict[str, Any]:
    """The ``report`` message for a run's saved report."""
    from igraph_agent.report import cells_json, load_report

    report = load_report(home, run_id)
    return {"type": "report", "version": PROTOCOL_VERSION, "run_id": run_id,
            "cell_id": cell_id, "title": report.title, "cells": cells_json(report),
            "insert": insert}


def code_cells_message(home: str | Path, run_id: str, cell_id: str | None) -> dict | None:
    """A ``report`` message offering the run's code snippets as re-runnable cells (setup +
    one recompute cell per successful ``run_graph_code`` call), not inserted until asked
    ("igraph-agent: insert last report"); ``None`` when the run ran no code."""
    from igraph_agent.report import cells_json
    from igraph_agent.report.codecells import code_report

    report = code_report(home, run_id)
    if report is None:
        return None
    return {"type": "report", "version": PROTOCOL_VERSION, "run_id": run_id,
            "cell_id": cell_id, "title": report.title, "cells": cells_json(report),
            "insert": False}


def publish_code_cells(home: str | Path, run_id: str) -> bool:
    """Offer the run's code cells to the extension; False when there are none."""
    message = code_cells_message(home, run_id, current_cell_id())
    return message is not None and send(message)


def status_message(run_id: str | None, state: str, pending_approvals: int = 0,
                   jobs: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    """The ``status`` message: what the status bar item shows for this kernel."""
    if state not in STATES:
        raise ToolError(ErrorCode.INVALID_ARGUMENTS, f"unknown run state {state!r}",
                        hint=f"use one of {', '.join(STATES)}")
    return {"type": "status", "version": PROTOCOL_VERSION, "run_id": run_id, "run_state": str(state),
            "pending_approvals": int(pending_approvals),
            "jobs": [{"job_id": str(j.get("job_id", "")), "tool": str(j.get("tool", "")),
                      "progress": j.get("progress")} for j in jobs or []]}


def current_cell_id() -> str | None:
    """The id of the notebook cell being executed (JupyterLab sends it as ``cellId``)."""
    kernel = _kernel()
    if kernel is None:
        return None
    try:
        parent = kernel.get_parent("shell")
    except TypeError:  # ipykernel 6: get_parent() takes no channel
        parent = kernel.get_parent()
    except Exception:
        return None
    return ((parent or {}).get("metadata") or {}).get("cellId")


def send(message: dict[str, Any]) -> bool:
    """Send one message to the frontend; False outside a kernel."""
    if _kernel() is None:
        return False
    from comm import create_comm

    c = create_comm(target_name=COMM_TARGET, data=message)
    c.close()
    return True


def publish_report(home: str | Path, run_id: str, insert: bool = True) -> bool:
    """Offer the run's saved report to the extension (inserted below the current cell)."""
    return send(report_message(home, run_id, current_cell_id(), insert))


def publish_status(run_id: str | None, state: str, pending_approvals: int = 0,
                   jobs: list[dict[str, Any]] | None = None) -> bool:
    """Tell the status bar item about a pending approval or running job (any thread)."""
    return send(status_message(run_id, state, pending_approvals, jobs))


class StatusTracker:
    """Folds one run's events into the status-bar message: pending approvals, running jobs.

    Example::

        >>> tracker = StatusTracker("run_1")
        >>> message = tracker.apply({"type": "run.paused", "data": {"pending": [{"tool_call_id": "c1"}]}})
        >>> message["type"], message["run_state"], message["pending_approvals"]
        ('status', 'awaiting_approval', 1)
    """

    def __init__(self, run_id: str) -> None:
        self.run_id = run_id
        self.state: str = BarState.IDLE
        self.pending: set[str] = set()
        self.jobs: dict[str, float | None] = {}
        self._last: dict[str, Any] | None = None

    def apply(self, event: dict[str, Any]) -> dict[str, Any] | None:
        """The new status message if what the status bar shows changed, else None."""
        parsed = parse_event(event)
        data = parsed.data if parsed is not None else None
        if isinstance(data, RunStarted | ApprovalResolved):
            self.state = BarState.RUNNING
            self.pending.discard(getattr(data, "call_id", ""))
        elif isinstance(data, ApprovalRequested):
            self.pending.add(data.call_id)
        elif isinstance(data, RunPaused):
            self.state = BarState.AWAITING_APPROVAL
            self.pending |= {str(p.get("tool_call_id", "")) for p in data.pending}
        elif isinstance(data, JobProgress):
            if data.fraction is not None and data.fraction >= 1:
                self.jobs.pop(data.job_id, None)
            else:
                self.jobs[data.job_id] = data.fraction
        elif parsed is not None and parsed.type in ENDED_EVENTS:
            self.state, self.pending, self.jobs = BarState.IDLE, set(), {}
        message = status_message(self.run_id, self.state, len(self.pending),
                                 [{"job_id": j, "progress": f} for j, f in self.jobs.items()])
        if message == self._last:
            return None
        self._last = message
        return message


def store_status(agent: Any, session_id: str | None = None) -> dict[str, Any]:
    """The status-bar message read from the store, not from the last event seen: runs of the
    session still going, approvals still pending, jobs still queued or running."""
    runs = agent.runs(session_id or agent.session_id, 20)
    paused = [r["id"] for r in runs if r["status"] == RunPhase.PAUSED]
    running = [r["id"] for r in runs if r["status"] in EXECUTING_PHASES]
    pending = sum(len(agent.pending(rid)) for rid in paused)
    jobs = [{"job_id": j["job_id"], "tool": j.get("kind", ""),
             "progress": (j.get("last_progress") or {}).get("fraction")}
            for j in agent.jobs.list(limit=50) if j["state"] in JOB_ACTIVE]
    state = (BarState.AWAITING_APPROVAL if pending else BarState.RUNNING if running or jobs
             else BarState.IDLE)
    run_id = (paused or running or [None])[0]
    return status_message(run_id, state, pending, jobs)


_STORE_STATUS_LOCK = threading.Lock()


def publish_store_status(agent: Any) -> bool:
    """Send :func:`store_status` (after a decision, a cancel, a run's end, a page reload).

    Reading and sending hold one lock: the command worker and a run's writer both publish,
    and a state read before the run ended must not reach the status bar after the state
    read once it ended."""
    try:
        with _STORE_STATUS_LOCK:
            return send(store_status(agent))
    except Exception:  # the status bar is a convenience; never fail a command over it
        return False


def status_reply(request: Any, status: Any) -> dict[str, Any] | None:
    """The answer to a frontend's comm-open data: ``status()`` for a ``status_request`` of
    this protocol version, None for anything else (or when ``status()`` fails)."""
    if not isinstance(request, dict) or request.get("type") != "status_request" \
            or request.get("version") != PROTOCOL_VERSION:
        return None
    try:
        return status()
    except Exception:  # the status bar is a convenience; a broken store never breaks the kernel
        return None


def register_status_target(ipython: Any, status: Any) -> bool:
    """Answer the extension's ``status_request`` comms with ``status()`` (a status message);
    False outside a kernel. Runs on the kernel's main thread, between cells."""
    kernel = getattr(ipython, "kernel", None)
    if kernel is None:
        return False
    manager = getattr(kernel, "comm_manager", None)
    if manager is None:
        from comm import get_comm_manager

        manager = get_comm_manager()

    def on_open(comm: Any, open_msg: dict[str, Any]) -> None:
        reply = status_reply(((open_msg or {}).get("content") or {}).get("data"), status)
        if reply is not None:
            comm.send(reply)
        comm.close()

    manager.register_target(COMM_TARGET, on_open)
    return True


def publish_events(tracker: StatusTracker, events: list[dict[str, Any]]) -> int:
    """Apply events to the tracker and send each status change; returns how many were sent."""
    sent = 0
    for event in events:
        message = tracker.apply(event)
        if message is not None and send(message):
            sent += 1
    return sent


def show_report(home: str | Path, run_id: str, insert: bool = True) -> Any:
    """Display a run's report as markdown and offer its cells to the extension."""
    from IPython.display import Markdown, display

    from igraph_agent.report import load_report, report_markdown

    report = load_report(home, run_id)
    display(Markdown(report_markdown(report)))
    publish_report(home, run_id, insert)
    return report


def save_report_notebook(home: str | Path, run_id: str, path: str | Path | None = None) -> Path:
    """``%agent save-report RUN_ID [PATH]``: the report's cells as a NEW notebook file.

    ``PATH`` defaults to ``report-<run_id>.ipynb``; an existing file is never overwritten
    (so an open notebook is never edited).
    """
    from igraph_agent.report import load_report, write_notebook

    report = load_report(home, run_id)
    return write_notebook(report, path or f"report-{run_id}.ipynb")


def save_report_command(line: str, home: str | Path) -> str:
    """Parse ``RUN_ID [PATH]`` and save; returns the line to print.

    Raises :class:`~igraph_agent.errors.AgentError` (INVALID_ARGUMENTS, RESULT_UNAVAILABLE).
    """
    parts = shlex.split(line)
    if not 1 <= len(parts) <= 2:
        raise AgentError(ErrorCode.INVALID_ARGUMENTS, "usage: %agent save-report RUN_ID [PATH]",
                         hint="RUN_ID is a run that made a report (see %agent history)")
    path = save_report_notebook(home, parts[0], parts[1] if len(parts) == 2 else None)
    return f"Saved the report of {parts[0]} as {path}"


def _kernel() -> Any:
    try:
        from IPython import get_ipython
    except ImportError:
        return None
    ip = get_ipython()
    return getattr(ip, "kernel", None) if ip is not None else None
