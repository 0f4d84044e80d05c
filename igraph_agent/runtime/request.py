"""One request builder: what a request asks for, with the Agent's services, becomes the
frozen :class:`~igraph_agent.runtime.state.RunSpec` a run (or a resumed generation of
it) is given. ``Agent.start`` and ``Agent`` resuming a paused run both build it here, so the
read-only override, the event log of the generation and what a cancel reaches (the run's
:class:`~igraph_agent.runtime.control.RunControl`) are set in one place, before the run
starts, and never changed after.

Example::

    >>> services = Services(agent.workspace, agent.store, agent.gateway, agent.workers,
    ...                     agent.jobs)
    >>> spec = build_spec(services, run_id="run_x", session_id="s", question="How many nodes?",
    ...                   options=RunOptions(), model="offline/planner",
    ...                   registry=agent.registry, tools=[], session=agent.graph("s"))
    >>> spec.control.run_id, spec.events.generation
    ('run_x', 1)
"""

from __future__ import annotations

import threading
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from igraph_agent.graph.session import SessionGraph
from igraph_agent.graph.workspace import Workspace
from igraph_agent.model.gateway import ModelGateway
from igraph_agent.options import RunOptions, Settings
from igraph_agent.runtime.control import RunControl
from igraph_agent.runtime.events import EventLog
from igraph_agent.runtime.jobs import JobManager
from igraph_agent.runtime.state import RunSpec
from igraph_agent.runtime.workers import WorkerPool
from igraph_agent.store import Store
from igraph_agent.tools.registry import Tool, ToolRegistry


@dataclass(frozen=True)
class Services:
    """What every run of an Agent shares: the project, its store, the model gateway, the
    analysis workers and the job manager."""

    workspace: Workspace
    store: Store
    gateway: ModelGateway
    workers: WorkerPool | None
    jobs: JobManager | None


def request_options(options: RunOptions | None, settings: Settings) -> RunOptions:
    """The request's options with the project's settings applied: a read-only project makes
    every request read-only."""
    options = options or RunOptions()
    if settings.read_only and not options.read_only:
        options = options.model_copy(update={"read_only": True})
    return options


def build_spec(services: Services, *, run_id: str, session_id: str, question: str,
               options: RunOptions, model: str, registry: ToolRegistry, tools: list[Tool],
               session: SessionGraph, generation: int = 1,
               history: Iterable[dict[str, Any]] = (), plan: dict[str, Any] | None = None,
               instructions: Iterable[str] = (), memory: str = "",
               notices: Iterable[str] = ()) -> RunSpec:
    """The run's frozen spec, with its event log (this generation) and its cancel control."""
    cancel = threading.Event()
    return RunSpec(
        run_id=run_id, session_id=session_id, question=question, options=options, model=model,
        registry=registry, tools=tools, workspace=services.workspace, session=session,
        store=services.store, gateway=services.gateway,
        events=EventLog(services.store, run_id, generation), history=list(history), plan=plan,
        instructions=list(instructions), memory=memory, cancel=cancel,
        workers=services.workers, jobs=services.jobs,
        control=RunControl(run_id, cancel, jobs=services.jobs, workers=services.workers),
        notices=list(notices))
