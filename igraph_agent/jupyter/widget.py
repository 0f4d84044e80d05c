"""The run panel: an anywidget that shows one run as it happens (widget.js draws it).

The run's state is folded by ``runview`` into one view (``RunWidget.view``) and synced as one
trait per part that changes (``runview.PARTS``: ``header``, ``text``, ``cards``, ``jobs``,
``approvals``, ``answer``, ``notices``, ``message``); a write sends only the parts it changed,
and widget.js redraws each part on its own change (a job's progress line sends ``jobs``, not
the cards). ``labels`` (``status.labels()``: every state's words, the live states) is sent
once with the widget, so widget.js has no copy of the vocabulary. Running times tick in the
browser from the start timestamps: the clock sends nothing. The run's compacted events stay
on the Python side (``events``: where a continued run resumes its feed). Writes are guarded by a lock: the waiting cell or one background writer updates the panel,
the command worker only posts short messages. Clicks arrive as custom messages and are handed
to ``on_command`` — which only enqueues (docs/design.md, threads).

In a notebook cell::

    panel = RunWidget.for_run("run_1", "Which nodes are central?")
    panel.apply(handle.events())
    panel.finish(resp)
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

import anywidget
import traitlets

from igraph_agent.jupyter import runview
from igraph_agent.status import SETTLED_STATES, labels

HERE = Path(__file__).parent


class RunWidget(anywidget.AnyWidget):
    _esm = HERE / "widget.js"
    _css = HERE / "widget.css"

    labels: Any = traitlets.Dict().tag(sync=True)  # status.labels(), sent once
    # the view's parts (runview.PARTS), each sent only when it changed
    header: Any = traitlets.Dict().tag(sync=True)
    text: Any = traitlets.Unicode().tag(sync=True)
    cards: Any = traitlets.List().tag(sync=True)
    jobs: Any = traitlets.Dict().tag(sync=True)
    approvals: Any = traitlets.List().tag(sync=True)
    answer: Any = traitlets.Dict().tag(sync=True)
    notices: Any = traitlets.List().tag(sync=True)
    message: Any = traitlets.Dict().tag(sync=True)

    def __init__(self, on_command: Callable[[RunWidget, dict[str, Any]], None] | None = None,
                 view: dict[str, Any] | None = None, events: list[dict[str, Any]] | None = None,
                 **kwargs: Any) -> None:
        view = view or runview.empty_view("", "")
        super().__init__(labels=labels(), **runview.split(view), **kwargs)
        self._view = view
        self.events: list[dict[str, Any]] = list(events or [])
        self._applied = max((e.get("index", -1) for e in self.events), default=-1)
        self._lock = threading.RLock()
        self._on_command = on_command
        self.finishes = 0  # responses shown so far (a click's line is dropped once one came)
        self.on_msg(self._on_custom_msg)
        route_clicks_by_their_own_subshell(self)

    @classmethod
    def for_run(cls, run_id: str, question: str, output_format: str = "chat",
                on_command: Callable[[RunWidget, dict[str, Any]], None] | None = None) -> RunWidget:
        return cls(on_command=on_command, view=runview.empty_view(run_id, question, output_format))

    @classmethod
    def from_record(cls, record: dict[str, Any],
                    on_command: Callable[[RunWidget, dict[str, Any]], None] | None = None
                    ) -> RunWidget:
        """A panel rebuilt from a stored run (``Agent.run_record``)."""
        view, events = runview.view_from_record(record)
        return cls(on_command=on_command, view=view, events=events)

    @property
    def view(self) -> dict[str, Any]:
        """The whole folded view (``runview``), as the static rendition and the magics read
        it; the frontend gets it in parts."""
        return self._view

    @property
    def run_id(self) -> str:
        return str(self.view.get("run_id", ""))

    @property
    def status(self) -> str:
        return str(self.view.get("status", ""))

    # -- writers ----------------------------------------------------------------------
    def apply(self, events: list[dict[str, Any]]) -> None:
        """Fold new events in and sync them in one message.

        An event already folded in (its index at or below the last one applied) is skipped:
        a reader interrupted (■) after this fold but before it moved its own cursor reads
        the same events again, and a card must not be drawn twice."""
        with self._lock:
            events = [e for e in events if e.get("index") is None or e["index"] > self._applied]
            if not events:
                return
            view = self.view
            for event in events:
                view = runview.apply_event(view, event)
            compacted = runview.compact([*self.events, *events])
            last = max((e["index"] for e in events if e.get("index") is not None),
                       default=self._applied)
            self._view, self.events, self._applied = view, compacted, last
            self._show(view)

    def finish(self, response: dict[str, Any], figures: list[dict[str, str]] | None = None) -> None:
        """Show the final response (an AgentResponse as a JSON dict) and any drawings."""
        with self._lock:
            view = runview.apply_response(self.view, response)
            if figures is not None:
                view["figures"] = figures
            self.finishes += 1
            if view["status"] in SETTLED_STATES or view["pending"]:
                # "approve sent…" told what a click did while it ran; a new approval box
                # (a modified plan asked again) says what happens next
                view["message"] = ""
            self._show(view)

    def set_state(self, state: str) -> None:
        """Show a state decided outside the run's events (a paused run cancelled)."""
        with self._lock:
            view = {**self.view, "status": state, "pending": [], "message": ""}
            if self.view.get("status") == "awaiting_approval":
                view["answer"] = ""  # it only said what the run was waiting for
            self._show(view)

    def mark_report_sent(self) -> None:
        """The report was offered to the lab extension as cells: where the extension is
        present the panel folds its copy of the report away (no report shown twice)."""
        with self._lock:
            self._show({**self.view, "report_cells": True})

    def note(self, message: str) -> None:
        """A one-line message in the panel (e.g. what a click did); once the run has ended
        its badge says what happened, so a late message about a click is dropped."""
        with self._lock:
            if self.status in SETTLED_STATES:
                return
            self._show({**self.view, "message": message})

    def _show(self, view: dict[str, Any]) -> None:
        """Take ``view`` as the panel's state and send, in one message, only the parts that
        changed (a card's change sends ``cards``; the header and the answer stay put)."""
        self._view = view
        changed = {name: value for name, value in runview.split(view).items()
                   if value != getattr(self, name)}
        if changed:
            with self.hold_sync():
                for name, value in changed.items():
                    setattr(self, name, value)

    # -- clicks -----------------------------------------------------------------------
    def _on_custom_msg(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if isinstance(content, dict) and self._on_command is not None:
            self._on_command(self, content)


def _own_subshell(_data: Any, subshell_id: str | None) -> str | None:
    return subshell_id


def route_clicks_by_their_own_subshell(widget: Any) -> None:
    """Let every message from the frontend run on the subshell it was sent on.

    ipykernel 7 routes a comm's incoming message to the subshell of the last message the comm
    published (so a reply reaches the thread that waits for it). A panel's updates come from
    the busy cell on the main shell, so a Stop click would queue behind that cell until the
    run ended. The panel waits for no reply, so its comm takes each message's own subshell
    id: JupyterLab's comm subshell, where the click runs within ~100 ms while the cell is busy.
    Set once at creation, so no update can open a window in which a click goes to the main
    shell. No-op on ipykernel 6.
    """
    comm = getattr(widget, "comm", None)
    if comm is not None and hasattr(comm, "_reply_subshell_for"):
        comm._reply_subshell_for = _own_subshell
