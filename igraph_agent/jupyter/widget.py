"""The run panel: an anywidget that shows one run as it happens (widget.js draws it).

State lives in two synced traits: ``view`` (what to draw, folded by ``runview``) and
``events`` (the run's compacted event list, so a saved notebook keeps the whole run).
Writes are guarded by a lock: the waiting cell or one background writer updates the panel,
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
from igraph_agent.status import SETTLED_STATES

HERE = Path(__file__).parent


class RunWidget(anywidget.AnyWidget):
    _esm = HERE / "widget.js"
    _css = HERE / "widget.css"

    view: Any = traitlets.Dict().tag(sync=True)
    events: Any = traitlets.List().tag(sync=True)

    def __init__(self, on_command: Callable[[RunWidget, dict[str, Any]], None] | None = None,
                 **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._lock = threading.RLock()
        self._on_command = on_command
        self.finishes = 0  # responses shown so far (a click's line is dropped once one came)
        self.on_msg(self._on_custom_msg)

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
    def run_id(self) -> str:
        return str(self.view.get("run_id", ""))

    @property
    def status(self) -> str:
        return str(self.view.get("status", ""))

    # -- writers ----------------------------------------------------------------------
    def apply(self, events: list[dict[str, Any]]) -> None:
        """Fold new events in and sync them in one message."""
        if not events:
            return
        with self._lock:
            view = self.view
            for event in events:
                view = runview.apply_event(view, event)
            merged = runview.compact([*self.events, *events])
            with self.hold_sync():
                self.view = view
                self.events = merged
            self._free_click_route()

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
            self.view = view
            self._free_click_route()

    def set_state(self, state: str) -> None:
        """Show a state decided outside the run's events (a paused run cancelled)."""
        with self._lock:
            view = {**self.view, "status": state, "pending": [], "message": ""}
            if self.view.get("status") == "awaiting_approval":
                view["answer"] = ""  # it only said what the run was waiting for
            self.view = view
            self._free_click_route()

    def mark_report_sent(self) -> None:
        """The report was offered to the lab extension as cells: where the extension is
        present the panel folds its copy of the report away (no report shown twice)."""
        with self._lock:
            self.view = {**self.view, "report_cells": True}
            self._free_click_route()

    def note(self, message: str) -> None:
        """A one-line message in the panel (e.g. what a click did); once the run has ended
        its badge says what happened, so a late message about a click is dropped."""
        with self._lock:
            if self.status in SETTLED_STATES:
                return
            self.view = {**self.view, "message": message}
            self._free_click_route()

    def _free_click_route(self) -> None:
        """Let the next click reach the kernel on the frontend's comm subshell.

        ipykernel 7 routes a widget's incoming messages to the subshell of the last message it
        published; our updates come from the busy cell (the main shell), so a Stop click would
        wait for that cell to end. Forgetting that route lets the click's own subshell id win
        (it runs within ~100 ms). No-op on ipykernel 6.
        """
        comm = getattr(self, "comm", None)
        lock = getattr(comm, "_reply_subshell_lock", None)
        if lock is None:
            return
        with lock:
            comm.__dict__.pop("_reply_subshell_id", None)

    # -- clicks -----------------------------------------------------------------------
    def _on_custom_msg(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if isinstance(content, dict) and self._on_command is not None:
            self._on_command(self, content)
