"""The kernel's side of the agent: one Agent per kernel, run panels, commands and writers.

Threads (docs/design.md): runs execute on the agent's runtime thread. A waiting cell drains
its run's events on the main thread. A ``--no-wait`` run (or a run continued after an
approval) gets one background *writer* thread that updates its panel's traits. Clicks
only enqueue a :class:`Command`; one *command worker* thread executes them (cancel,
continue_run). Nothing here displays or prints from a thread other than the main one.

In a notebook cell::

    bridge = get_bridge()
    handle = bridge.agent.start("Which nodes are central?", attach=[df], names=["df"])
    panel = bridge.panel(handle.run_id, "Which nodes are central?")
    bridge.follow(handle, panel)        # background writer, the cell returns at once
"""

from __future__ import annotations

import contextvars
import os
import queue
import threading
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from igraph_agent.jupyter.widget import RunWidget
    from igraph_agent.runtime.agent import Agent, RunHandle

POLL_S = 0.1
CANCEL_WAIT_S = 10.0


@dataclass
class Command:
    """What a click asked for; executed by the command worker, never by the click handler."""

    kind: str  # stop | decide
    run_id: str
    panel: RunWidget | None = None
    tool_call_id: str | None = None
    decision: str | None = None
    patched_args: dict[str, Any] | None = None
    done: threading.Event = field(default_factory=threading.Event)
    outcome: str = ""


class KernelBridge:
    def __init__(self, home: str | Path | None = None) -> None:
        self.home = Path(home or os.environ.get("IGRAPH_AGENT_HOME") or ".igraph-agent")
        self._agent: Agent | None = None
        self._lock = threading.Lock()
        self.handles: dict[str, RunHandle] = {}
        self.panels: dict[str, RunWidget] = {}
        self.writers: dict[str, threading.Thread] = {}
        self.displays: dict[str, str] = {}  # run id -> display id of the cell showing it
        self.last_run_id: str | None = None
        self.last_response: dict[str, Any] | None = None
        self.commands: queue.Queue[Command] = queue.Queue()
        self._worker: threading.Thread | None = None

    # -- the agent --------------------------------------------------------------------
    @property
    def agent(self) -> Agent:
        with self._lock:
            if self._agent is None:
                from igraph_agent.runtime.agent import Agent

                self._agent = Agent(home=self.home)
            return self._agent

    @property
    def started(self) -> bool:
        return self._agent is not None

    def active(self) -> list[RunHandle]:
        return [h for h in self.handles.values() if not h.done]

    # -- panels -----------------------------------------------------------------------
    def panel(self, run_id: str, question: str, output_format: str = "chat") -> RunWidget:
        """A new run panel, wired to the command queue. Create it on the main thread."""
        from igraph_agent.jupyter.widget import RunWidget

        widget = RunWidget.for_run(run_id, question, output_format, on_command=self.on_click)
        self.panels[run_id] = widget
        return widget

    def settle(self, run_id: str, response: dict[str, Any] | None = None) -> bool:
        """Replace an ended run's live panel in its cell by the static rendition
        (jupyter/rendition.py), so a saved notebook keeps the answer with no kernel.

        Called where the run ends: the waiting cell, the background writer, the command
        worker (a paused run cancelled or decided). ``update_display_data`` finds the output
        by its display id, so any thread can send it; a run still live or paused keeps its
        widget. False when nothing was replaced."""
        from igraph_agent.status import SETTLED_STATES, RunState

        panel, display_id = self.panels.get(run_id), self.displays.get(run_id)
        if panel is None or display_id is None:
            return False
        from IPython.display import display

        from igraph_agent.jupyter.rendition import static_bundle

        bundle = static_bundle(panel.view, response)
        if panel.status not in SETTLED_STATES:  # paused: the widget, its markdown for other viewers
            if panel.status != RunState.AWAITING_APPROVAL:
                return False
            shown = panel._repr_mimebundle_()
            widget = shown[0] if isinstance(shown, tuple) else shown or {}
            bundle = {**widget, "text/markdown": bundle["text/markdown"],
                      "text/plain": bundle["text/plain"]}
        display(bundle, raw=True, display_id=display_id, update=True)
        return panel.status in SETTLED_STATES

    def stored_panel(self, run_id: str) -> RunWidget:
        from igraph_agent.jupyter.widget import RunWidget

        widget = RunWidget.from_record(self.agent.run_record(run_id), on_command=self.on_click)
        self.panels.setdefault(run_id, widget)
        return widget

    # -- clicks and commands ------------------------------------------------------------
    def on_click(self, panel: RunWidget, content: dict[str, Any]) -> None:
        """A widget click: only enqueue (it may run on the main or a subshell thread)."""
        kind = content.get("type")
        run_id = str(content.get("run_id") or panel.run_id)
        if kind == "stop":
            self.enqueue(Command("stop", run_id, panel))
        elif kind == "decide":
            self.enqueue(Command("decide", run_id, panel, str(content.get("tool_call_id") or ""),
                                 str(content.get("decision") or ""), content.get("patched_args")))

    def enqueue(self, command: Command) -> Command:
        self.commands.put(command)
        with self._lock:
            if self._worker is None or not self._worker.is_alive():
                self._worker = threading.Thread(target=self._work, name="igraph-agent-commands",
                                                daemon=True)
                self._worker.start()
        return command

    def _work(self) -> None:
        while True:
            command = self.commands.get()
            shown = getattr(command.panel, "finishes", 0)
            try:
                command.outcome = self.execute(command)
            except Exception as exc:  # a command must never kill the worker
                command.outcome = f"{type(exc).__name__}: {exc}"
            # a response that came meanwhile (the run ended, or paused again with a new
            # question) already says what the click did: its line would only linger
            if command.panel is not None and command.outcome \
                    and getattr(command.panel, "finishes", 0) == shown:
                command.panel.note(command.outcome)
            self.publish_status()
            command.done.set()

    def execute(self, command: Command) -> str:
        """Run one command; returns the line to show in the panel (or print in a cell)."""
        if command.kind == "stop":
            return self.cancel(command.run_id)
        return self.decide(command.run_id, command.tool_call_id or "", command.decision or "",
                           command.patched_args, command.panel)

    def cancel(self, run_id: str | None = None) -> str:
        targets = [self.handles[run_id]] if run_id in self.handles and \
            not self.handles[run_id].done else ([] if run_id else self.active())
        if run_id and not targets:
            return self._cancel_stored(run_id)
        if not targets:
            return "no active run to cancel"
        for handle in targets:
            handle.cancel()
        return "cancel requested for " + ", ".join(h.run_id for h in targets)

    def _cancel_stored(self, run_id: str) -> str:
        """Cancel a run this kernel does not drive (paused, or started elsewhere)."""
        from igraph_agent.errors import AgentError

        try:
            status = self.agent.cancel(run_id, wait=CANCEL_WAIT_S)
        except AgentError as exc:
            return f"{exc.code}: {exc.message}"
        panel = self.panels.get(run_id)
        if panel is not None and status.run_status == "cancelled":
            panel.set_state("cancelled")
            self.settle(run_id)
        return f"run {run_id}: {status.run_status}"

    def decide(self, run_id: str, tool_call_id: str, decision: str,
               patched_args: dict[str, Any] | None, panel: RunWidget | None = None) -> str:
        from igraph_agent.errors import AgentError

        try:  # start_continue returns a handle at once (continue_run waits for the end)
            handle = self.agent.start_continue(run_id, tool_call_id, decision=decision,
                                               patched_args=patched_args)
        except AgentError as exc:
            return f"{exc.code}: {exc.message}" + (f" ({exc.hint})" if exc.hint else "")
        panel = panel or self.panels.get(run_id)
        if not handle.done:
            self.handles[handle.run_id] = handle
            if panel is not None:
                self.follow(handle, panel, after=_last_index(panel))
            return f"{decision} sent for {tool_call_id}; the run continues"
        result = handle.wait()  # settled at once: a refused or partial decision
        if result.error is not None:
            err = result.error
            return f"{err.code}: {err.message}" + (f" ({err.hint})" if err.hint else "")
        self.last_response = result.model_dump(mode="json")
        if panel is not None:
            panel.finish(self.last_response)
            self.settle(panel.run_id, self.last_response)
        return f"{decision} sent for {tool_call_id}; run {result.status}"

    # -- writers ------------------------------------------------------------------------
    def follow(self, handle: RunHandle, panel: RunWidget, after: int = -1) -> threading.Thread:
        """Start the one background writer that keeps ``panel`` up to date with ``handle``.

        Started inside a copy of the current context so that on ipykernel 7 its updates keep
        the launching cell as their parent.
        """
        self.handles[handle.run_id] = handle
        ctx = contextvars.copy_context()
        thread = threading.Thread(target=ctx.run, args=(self._write, handle, panel, after),
                                  name=f"igraph-agent-writer-{handle.run_id}", daemon=True)
        self.writers[handle.run_id] = thread
        thread.start()
        return thread

    def _write(self, handle: RunHandle, panel: RunWidget, after: int) -> None:
        from igraph_agent.jupyter.display import figures
        from igraph_agent.jupyter.report_comm import StatusTracker, publish_events

        tracker = StatusTracker(handle.run_id)  # the status bar follows the run as it goes
        try:
            after = drain(handle, panel, after, lambda events: publish_events(tracker, events))
            resp = handle.wait().model_dump(mode="json")
            panel.apply(handle.events(after))
            panel.finish(resp, figures=[{"title": f["title"], "html": f["html"]}
                                        for f in figures(resp)])
            self.last_response = resp
            self.settle(handle.run_id, resp)
        except Exception as exc:  # the panel says what went wrong; nothing is raised here
            panel.note(f"the panel stopped updating: {type(exc).__name__}: {exc}")
        self.publish_status()

    def current_status(self) -> dict:
        """The status-bar message for this kernel now, read from the store (idle before the
        agent is built: nothing of this kernel's session can be pending yet)."""
        from igraph_agent.jupyter.report_comm import status_message, store_status

        return store_status(self.agent) if self.started else status_message(None, "idle")

    def publish_status(self) -> None:
        """Refresh the lab extension's status bar from the store (any thread)."""
        from igraph_agent.jupyter.report_comm import publish_store_status

        publish_store_status(self.agent)


def drain(handle: RunHandle, panel: RunWidget, after: int = -1,
          on_events: Any = None) -> int:
    """Apply the run's events to the panel until the run is done; returns the last index.

    ``on_events(events)`` also sees each batch (the waiting cell and the background writer
    pass the lab extension's status-bar publisher).
    """
    while True:
        done = handle.done
        events = handle.events(after, timeout=POLL_S)
        if events:
            panel.apply(events)
            if on_events is not None:
                on_events(events)
            after = events[-1]["index"]
        elif done:
            return after


def _last_index(panel: RunWidget) -> int:
    return max((e.get("index", -1) for e in panel.events), default=-1)


_bridge: KernelBridge | None = None


def get_bridge() -> KernelBridge:
    """The kernel's bridge (created on first use)."""
    global _bridge
    if _bridge is None:
        _bridge = KernelBridge()
    return _bridge
