"""What one run is given (:class:`RunSpec`) and what it has gathered so far (:class:`RunState`).

A run's state is its conversation, the results and actions of its finished tool calls
(in the model's order), the calls that failed (the repeated-failure rule), usage and
notices. :meth:`RunState.record` is the one way a finished call enters it — a call
executed now, a decision taken on a gated call, or a result read back from the store
when a paused run resumes. :func:`build_response` turns a state into an
:class:`~igraph_agent.response.AgentResponse`; :func:`persist_final` is the run's
terminal (or paused) write through the spool (``runtime/spool.py``).
"""

from __future__ import annotations

import json
import threading
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from igraph_agent.errors import AgentError, ErrorCode
from igraph_agent.graph.session import SessionGraph
from igraph_agent.graph.workspace import Workspace
from igraph_agent.model.gateway import ModelGateway
from igraph_agent.options import RunOptions
from igraph_agent.response import Action, AgentResponse, ErrorInfo, Evidence, Usage
from igraph_agent.runtime.events import EventLog
from igraph_agent.runtime.spool import persist_terminal
from igraph_agent.status import CancelPhase, RunPhase
from igraph_agent.store import Store
from igraph_agent.store.runctl import RunControlStore
from igraph_agent.tools.registry import Tool, ToolRegistry, ToolResult

if TYPE_CHECKING:
    from igraph_agent.runtime.control import RunControl
    from igraph_agent.runtime.jobs import JobManager
    from igraph_agent.runtime.workers import WorkerPool

BLOCKED = ErrorCode.TOOL_DEPENDENCY_BLOCKED


@dataclass(frozen=True)
class RunSpec:
    """Everything one run (or one generation of a resumed run) is given; built once by
    ``runtime/request.py`` and never changed after."""

    run_id: str
    session_id: str
    question: str
    options: RunOptions
    model: str
    registry: ToolRegistry
    tools: list[Tool]
    workspace: Workspace
    session: SessionGraph
    store: Store
    gateway: ModelGateway
    events: EventLog
    control: RunControl  # what a cancel reaches (its cancel event is ``cancel``)
    history: list[dict[str, Any]] = field(default_factory=list)
    plan: dict[str, Any] | None = None
    instructions: list[str] = field(default_factory=list)  # system sections shared: skills
    memory: str = ""  # the system section of this question's memory (varies per request)
    cancel: threading.Event = field(default_factory=threading.Event)
    workers: WorkerPool | None = None  # read-only analyses off the kernel process
    jobs: JobManager | None = None  # background jobs (ToolContext.jobs, per run)
    notices: list[str] = field(default_factory=list)  # said before the run, e.g. MCP servers left out
    # the request's attached objects and their labels, read as the run's first phase
    # (runtime/attaching.py); a resumed generation has none
    attachments: tuple[Any, ...] = ()
    attach_names: tuple[str, ...] = ()

    @property
    def scope(self) -> set[str]:
        """The names of the tools this run may call."""
        return {t.name for t in self.tools}


@dataclass
class RunState:
    """What a run has gathered: messages, finished calls, failures, usage, notices."""

    messages: list[dict[str, Any]] = field(default_factory=list)
    results: list[ToolResult] = field(default_factory=list)
    actions: list[Action] = field(default_factory=list)
    # call_key -> (its failure, the graph state it failed in: SessionGraph.state_token())
    failed: dict[str, tuple[ToolResult, str]] = field(default_factory=dict)
    usage: Usage = field(default_factory=Usage)
    notices: list[str] = field(default_factory=list)
    # the answer turn's retries (runtime/loop.py): the guard sent an answer back once already
    # (kept across a pause), an over-long answer was sent back once, empty replies so far
    guard_retried: bool = False
    asked_shorter: bool = False
    empty_replies: int = 0
    envelopes: dict[str, dict[str, Any]] = field(default_factory=dict)  # call_id -> as stored

    def record(self, tool: str, call_id: str, args: dict[str, Any], result: ToolResult) -> None:
        """Add a finished call to the run's results and actions, in the model's order."""
        self.results.append(result)
        self.actions.append(action_of(tool, call_id, args, result))

    def remember_failure(self, tool: str, args: dict[str, Any], result: ToolResult,
                         graph: str = "") -> None:
        """Remember a failed execution and the graph state it failed in: the same call is
        not run again while the graph state is the same.

        Blocked and rejected calls are not remembered: the model may submit them again.
        """
        blocked = result.error is not None and result.error.code == BLOCKED
        key = call_key(tool, args)
        if not result.success and not blocked and self.failed.get(key, (None, None))[1] != graph:
            self.failed[key] = (result, graph)

    def failure_of(self, tool: str, args: dict[str, Any], graph: str) -> ToolResult | None:
        """The earlier failure of exactly this call in this same graph state, if any."""
        hit = self.failed.get(call_key(tool, args))
        return hit[0] if hit is not None and hit[1] == graph else None


def action_of(tool: str, call_id: str, args: dict[str, Any], result: ToolResult) -> Action:
    """The :class:`Action` a finished call shows in a response."""
    files = result.data.get("derived") if result.success else None
    return Action(tool=tool, call_id=call_id, args=args, success=result.success,
                  error_code=result.error.code if result.error else None,
                  elapsed_ms=result.elapsed_ms,
                  files=files if isinstance(files, list) else [])


def call_key(name: str, args_view: dict[str, Any]) -> str:
    """Identity of a call for the repeated-failure rule: tool name + canonical arguments."""
    return name + json.dumps(args_view, sort_keys=True, default=str)


def build_response(spec: RunSpec, st: RunState, status: str, answer: str, *,
                   error: AgentError | None = None) -> AgentResponse:
    ok = [r for r in st.results if r.success]
    return AgentResponse(
        status=status,
        answer=answer,
        data={r.call_id: {"tool": r.tool, **r.data} for r in ok},
        evidence=[Evidence(tool=r.tool, call_id=r.call_id, shows=r.summary) for r in ok],
        actions=st.actions,
        error=ErrorInfo.of(error) if error else None,
        notices=st.notices,
        usage=st.usage,
        model=spec.model,
        run_id=spec.run_id,
        session_id=spec.session_id,
    )


def persist_final(spec: RunSpec, fields: dict[str, Any], st: RunState | None = None,
                  execution_stopped: bool = True) -> bool:
    """The terminal (or paused) write of this run's generation: spooled, then written and
    marked persisted in one transaction (``runtime/spool.py``). Ignored when the run moved
    to a newer generation."""
    fields = dict(fields, execution_stopped=int(execution_stopped))
    if spec.control is not None:
        fields["partial_text"] = spec.control.partial_text
    if spec.cancel.is_set() or fields.get("status") == RunPhase.CANCELLED:
        fields["cancel_status"] = CancelPhase.STOPPING  # confirmed once stopped and read back
    try:
        if RunControlStore(spec.store).cancel_status(spec.run_id) != CancelPhase.NONE:
            fields["cancel_status"] = CancelPhase.STOPPING
    except Exception:  # the store is unavailable: the spool keeps the payload
        pass
    results = [] if st is None else [st.envelopes.get(r.call_id) or r.envelope()
                                      for r in st.results]  # serialised once, when stored
    return persist_terminal(spec.store, spec.store.path.parent, spec.run_id,
                            spec.events.generation, fields, results)
