"""One request builder: what a request asks for, with the Agent's services, becomes the
frozen :class:`~igraph_agent.runtime.state.RunSpec` a run (or a resumed generation of
it) is given. ``Agent.start`` and ``Agent`` resuming a paused run both build it here, so the
read-only override, the event log of the generation and what a cancel reaches (the run's
:class:`~igraph_agent.runtime.control.RunControl`) are set in one place, before the run
starts, and never changed after.

:class:`RequestBuilder` is what the Agent composes: per request it picks the tools (a
whitelist, the skills named, the project's MCP servers), the system sections (the skills'
catalogue, the question's memory), the history window and the kept plan, and hands them to
:func:`build_spec`.

Example::

    >>> builder = RequestBuilder(agent.settings, agent.registry, agent.services, agent.graphs)
    >>> options = builder.options(RunOptions())
    >>> spec = builder.new_run(run_id="run_x", session_id="s", question="How many nodes?",
    ...                        options=options, model="offline/planner",
    ...                        tools=builder.tools(options))
    >>> spec.history, spec.events.generation
    ([], 1)

Lower level::

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
from typing import TYPE_CHECKING, Any

from igraph_agent.graph.session import SessionGraph
from igraph_agent.graph.workspace import Workspace
from igraph_agent.model.gateway import ModelGateway
from igraph_agent.options import RunOptions, Settings
from igraph_agent.runtime.control import RunControl
from igraph_agent.runtime.events import EventLog
from igraph_agent.runtime.jobs import JobManager
from igraph_agent.runtime.sessions import SessionGraphs
from igraph_agent.runtime.state import RunSpec
from igraph_agent.runtime.workers import WorkerPool
from igraph_agent.store import Store
from igraph_agent.store.runs import RunRecord, Runs
from igraph_agent.store.sessions import session_state
from igraph_agent.tools.registry import Tool, ToolRegistry

if TYPE_CHECKING:
    from igraph_agent.skills.catalogue import SkillCatalogue

#: the runs of the session whose question and answer a new request carries as history
HISTORY_WINDOW = 20


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
               notices: Iterable[str] = (), attachments: Iterable[Any] = (),
               attach_names: Iterable[str] = ()) -> RunSpec:
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
        notices=list(notices), attachments=tuple(attachments), attach_names=tuple(attach_names))


class RequestBuilder:
    """Builds every request of one Agent: options, tools, system sections, history, plan,
    then the frozen spec (:func:`build_spec`) of a new run or of a resumed generation."""

    def __init__(self, settings: Settings, registry: ToolRegistry, services: Services,
                 graphs: SessionGraphs) -> None:
        self.settings = settings
        self.registry = registry
        self.services = services
        self.graphs = graphs

    @property
    def store(self) -> Store:
        return self.services.store

    def options(self, options: RunOptions | None) -> RunOptions:
        """The request's options with the project's settings applied (:func:`request_options`)."""
        return request_options(options, self.settings)

    def new_run(self, *, run_id: str, session_id: str, question: str, options: RunOptions,
                model: str, tools: list[Tool], attachments: Iterable[Any] = (),
                attach_names: Iterable[str] = ()) -> RunSpec:
        """The spec of an admitted new run: its tools with the project's MCP servers', the
        skills' catalogue, the question's memory, the session's history and plan, and the
        objects it attaches (read as the run's first phase, ``runtime/attaching.py``)."""
        registry, tools, notices = self.with_remote(options, tools)
        return build_spec(
            self.services, run_id=run_id, session_id=session_id, question=question,
            options=options, model=model, registry=registry, tools=tools,
            session=self.graphs.get(session_id), history=self.history(session_id),
            plan=self.plan(session_id), instructions=self.instructions(options),
            memory=self.memory(question, session_id), notices=notices,
            attachments=attachments, attach_names=attach_names)

    def resumed_run(self, run: RunRecord, generation: int) -> RunSpec:
        """The spec of a paused run's next generation: its stored request, the session graph
        reloaded at the revision the run had loaded."""
        options = self.options(RunOptions(**run.options))
        registry, tools, _ = self.with_remote(options, self.tools(options))
        return build_spec(
            self.services, run_id=run.id, session_id=run.session_id, question=run.question,
            options=options, model=run.model, registry=registry, tools=tools,
            session=self.graphs.restored(run.session_id), generation=generation)

    def warm(self) -> None:
        """Read once what every request reads (the skills' catalogue, the memory module), so
        the first ``start`` returns as fast as the next ones (a notebook calls this right
        after ``%load_ext``)."""
        self.instructions(RunOptions())
        import igraph_agent.memory  # noqa: F401

    def tools(self, options: RunOptions) -> list[Tool]:
        """The request's tools (its scope), narrowed by named skills or a whitelist; which of
        them every model turn carries is ``tools/offer.py``'s, never the question's.
        Raises SKILL_NOT_FOUND for a skill the project does not have."""
        from igraph_agent.skills.catalogue import SkillCatalogue

        return request_tools(self.registry, options, SkillCatalogue(self.services.workspace.home))

    def with_remote(self, options: RunOptions,
                    tools: list[Tool]) -> tuple[ToolRegistry, list[Tool], list[str]]:
        """The run's registry and tools with those discovered from the project's MCP
        servers (``tools/remote.py``), and a notice per server left out. A request naming
        skills gets none; a tool whitelist keeps only the remote tools it names."""
        from igraph_agent.errors import ErrorCode
        from igraph_agent.tools.remote import SEPARATOR, configured, discover

        wanted = options.tools
        if options.skills or (wanted is not None and not any(SEPARATOR in n for n in wanted)):
            return self.registry, tools, []
        try:
            entries = configured(self.store)
        except ValueError as exc:
            return self.registry, tools, [f"{ErrorCode.MCP_UNAVAILABLE}: the mcp_servers "
                                          f"configuration is invalid: {exc}"]
        if not entries:
            return self.registry, tools, []
        remote, notices = discover(entries)
        if wanted is not None:
            remote = [t for t in remote if t.name in wanted]
        return ToolRegistry([*self.registry.in_scope(None), *remote]), [*tools, *remote], notices

    def instructions(self, options: RunOptions) -> list[str]:
        """System-prompt sections shared by every request of this configuration: the
        active skills' catalogue."""
        from igraph_agent.skills.catalogue import SkillCatalogue

        block = SkillCatalogue(self.services.workspace.home).prompt_block(options.skills)
        return [block] if block else []

    def memory(self, question: str, session_id: str) -> str:
        """This user's memory relevant to the question (a section that varies per request);
        a memory that cannot be read says so and never stops the run."""
        from igraph_agent.memory import Memory

        try:
            return Memory(self.store, self.services.workspace.home).prompt_block(question,
                                                                                 session_id)
        except Exception as exc:
            return f"(memory unavailable: {type(exc).__name__})"

    def history(self, session_id: str) -> list[dict[str, Any]]:
        """The last :data:`HISTORY_WINDOW` answered runs of the session, as user/assistant
        messages."""
        messages: list[dict[str, Any]] = []
        for question, answer in Runs(self.store).recent(session_id, HISTORY_WINDOW):
            if answer:
                messages.append({"role": "user", "content": question})
                messages.append({"role": "assistant", "content": answer})
        return messages

    def plan(self, session_id: str) -> dict[str, Any] | None:
        """The plan kept in the session's state (``planning_mode=always``)."""
        return session_state(self.store, session_id).plan


def request_tools(registry: ToolRegistry, options: RunOptions,
                  catalogue: SkillCatalogue) -> list[Tool]:
    """The tools of one request: its ``tools`` whitelist, narrowed by the skills it names.

    A request naming skills gets the union of their declared tools plus ``load_skill`` and
    ``read_skill_reference``, intersected with its whitelist when it has one. Naming a
    skill never adds approval: gated tools stay gated. Raises SKILL_NOT_FOUND for an
    unknown or candidate skill.
    """
    from igraph_agent.skills.trace import SKILL_TOOLS

    if not options.skills:
        return registry.in_scope(options.tools)
    allowed: set[str] = set(SKILL_TOOLS)
    for name in options.skills:
        allowed.update(catalogue.get(name).tools)
    if options.tools is not None:
        allowed &= set(options.tools) | set(SKILL_TOOLS)
    return registry.in_scope(allowed)
