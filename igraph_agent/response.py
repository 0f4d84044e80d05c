"""The typed answer of a run (docs/design.md, "The response")."""

from __future__ import annotations

import json
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from igraph_agent.errors import AgentError
from igraph_agent.markup import html_text, markdown_safe
from igraph_agent.status import CancelPhase, ResponseStatus, RunPhase


class Evidence(BaseModel):
    """One successful tool result the answer rests on (``tool="graph"``: the graph the run
    used, with ``call_id`` ``<dataset_id>@r<revision>``)."""

    tool: str
    call_id: str
    shows: str


class Suggestion(BaseModel):
    """A follow-up a clarification offers: ``label`` names the analysis on this graph,
    ``question`` is the request that runs it (a panel sends it as the next question)."""

    label: str
    question: str


def suggestions_of(raw: Any) -> list[Suggestion]:
    """The well-formed suggestions of an ``ask_user`` call's arguments (at most 5)."""
    out: list[Suggestion] = []
    for item in raw if isinstance(raw, list) else []:
        if isinstance(item, dict) and str(item.get("question") or "").strip():
            q = str(item["question"]).strip()
            out.append(Suggestion(label=str(item.get("label") or q).strip(), question=q))
    return out[:5]


class GraphRef(BaseModel):
    """Which graph a run used: its sources, dataset and revision, and its size."""

    label: str  # e.g. "friends (DataFrame) + people (DataFrame) → ds_… r1 · 7 nodes · 8 edges"
    dataset_id: str
    dataset_name: str | None = None
    revision: int | None = None
    latest_revision: int | None = None  # the dataset's newest revision (may be later)
    sources: list[dict[str, Any]] = Field(default_factory=list)  # name, kind, source_id
    nodes: int = 0
    edges: int = 0
    directed: bool = False
    attached: bool = False  # bound from data attached to this request
    meaning: str | None = None  # what the columns mean, one line (docs/data.md)


class Action(BaseModel):
    """One tool call made during the run, successful or not."""

    tool: str
    call_id: str
    args: dict[str, Any] = Field(default_factory=dict)
    success: bool
    error_code: str | None = None
    elapsed_ms: int = 0
    files: list[dict[str, Any]] = Field(default_factory=list, description=(
        "deliverables the call published (run_graph_code publish=): name, version, path, "
        "bytes"))


class Refusal(BaseModel):
    code: str
    blocked_action: str
    because: str
    unblock: list[str] = Field(default_factory=list)
    lawful_alternative: str | None = None
    retryable: bool = True
    policy_final: bool = False


class PendingApproval(BaseModel):
    run_id: str
    tool_call_id: str
    tool: str
    args: dict[str, Any]
    generation: int


class Usage(BaseModel):
    prompt_tokens: int = 0
    completion_tokens: int = 0
    model_calls: int = 0
    cost_usd: float | None = None
    cached_tokens: int = 0  # of prompt_tokens, read from the provider's prompt cache

    def add(self, prompt: int, completion: int, cost: float | None, cached: int = 0) -> None:
        self.prompt_tokens += prompt
        self.completion_tokens += completion
        self.cached_tokens += cached
        self.model_calls += 1
        if cost is not None:
            self.cost_usd = (self.cost_usd or 0.0) + cost


class ErrorInfo(BaseModel):
    code: str
    message: str
    hint: str | None = None

    @classmethod
    def of(cls, error: AgentError) -> ErrorInfo:
        """What a response shows of a coded error."""
        return cls(code=str(error.code), message=error.message, hint=error.hint)


class RunStatus(BaseModel):
    """The client-visible control state of one run (docs/durability.md).

    ``execution_stopped``: the run's model call, tools and jobs have exited;
    ``terminal_persisted``: its final (or stable paused) state was read back from the store;
    ``cancel_status``: none | requested | stopping | confirmed; ``can_send``: whether the
    run's session admits a new request now.
    """

    run_id: str
    session_id: str = ""
    run_status: RunPhase
    execution_stopped: bool
    terminal_persisted: bool
    cancel_status: CancelPhase = CancelPhase.NONE
    execution_generation: int = 1
    can_send: bool = True
    active_run: str | None = None
    last_event_index: int = -1


class AgentResponse(BaseModel):
    # a status reads back as its plain text ("answered"), as it is stored and sent
    model_config = ConfigDict(use_enum_values=True)

    status: ResponseStatus
    answer: str = ""
    data: dict[str, Any] = Field(default_factory=dict)
    evidence: list[Evidence] = Field(default_factory=list)
    actions: list[Action] = Field(default_factory=list)
    next: list[str] = Field(default_factory=list)
    suggestions: list[Suggestion] = Field(default_factory=list)  # needs_clarification follow-ups
    refusal: Refusal | None = None
    error: ErrorInfo | None = None
    notices: list[str] = Field(default_factory=list)
    usage: Usage = Field(default_factory=Usage)
    model: str = ""
    run_id: str = ""
    session_id: str = ""
    pending: list[PendingApproval] = Field(default_factory=list)
    run_state: RunStatus | None = None  # filled when returned to the caller
    graph: GraphRef | None = None  # the graph the run used (None: no graph was loaded)

    @property
    def frames(self) -> dict[str, Any]:
        """Each table of the run's tool results as a pandas DataFrame, named after what it
        measures (``pagerank``, ``communities``, ``mixing`` …; ``igraph_agent/frames.py``)."""
        from igraph_agent.frames import frames_of

        return frames_of(self.data)

    def to_json(self, indent: int | None = 2) -> str:
        return json.dumps(self.model_dump(mode="json"), indent=indent)

    def to_markdown(self) -> str:
        """A readable rendering: answer, evidence, usage and the model that answered; text
        from the model or the data carries no live HTML (``markup.markdown_safe``)."""
        lines = [self.answer.strip() or f"_({self.status})_"]
        if self.error:
            lines.append(f"\n**Error {self.error.code}:** {self.error.message}")
            if self.error.hint:
                lines.append(f"Hint: {self.error.hint}")
        if self.refusal:
            lines.append(f"\n**Blocked ({self.refusal.code}):** {self.refusal.because}")
            lines += [f"{i}. {step}" for i, step in enumerate(self.refusal.unblock, 1)]
        if self.pending:
            lines.append("\n**Waiting for your approval**")
            for p in self.pending:
                lines.append(f"- `{p.tool}` {json.dumps(p.args)} — approve with "
                             f"`igraph-agent approve {p.run_id} {p.tool_call_id}` "
                             f"(or `--reject`, `--modify JSON`)")
        if self.graph:
            lines.append(f"\n**Graph:** {self.graph.label}")
        if self.evidence:
            lines.append("\n**Evidence**")
            lines += [f"- `{e.tool}` ({e.call_id}): {e.shows}" for e in self.evidence]
        files = [f for a in self.actions for f in a.files]
        if files:
            lines.append("\n**Files**")
            lines += [f"- `{f['path']}` (version {f['version']}, {f['bytes']} bytes)"
                      for f in files]
        for notice in self.notices:
            lines.append(f"\n> {notice}")
        # The answer, messages and arguments come from the model and the data: no live HTML.
        return markdown_safe("\n".join(lines)) + (
            f"\n\n<sub>model: {html_text(self.model)} · {self.usage.model_calls} model calls · "
            f"{len(self.actions)} tool calls · run {html_text(self.run_id)}</sub>"
        )
