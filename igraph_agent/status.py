"""The one status vocabulary: every state a run, an answer, a tool card, a job, an approval
or a scheduled call can be in, as enums, and the words shown for them.

A shared leaf: the engine, the store, the panel fold, the CLI and the widget (through
:func:`labels`) all read their states from here, so each state string is written once.

- :class:`RunPhase`: where a stored run is (``runs.status``); :class:`CancelPhase`: how
  far a cancel got (``runs.cancel_status``).
- :class:`ResponseStatus`: the status of a run's answer (``AgentResponse.status``).
- :class:`RunState`: a run as a person sees it (panel badge, ``%agent history``, the
  status bar): live (``starting``, ``running``), then its answer's status, or
  ``cancelled`` / ``interrupted`` when it was stopped.
- :class:`CardStatus`: one tool call's card in the panel; :class:`BarState`: the notebook's
  status-bar item.
- :class:`JobState`: a background job (``jobs.state``).
- :class:`ApprovalStatus`: an approval request (``approvals.status``); :class:`Decision`:
  what a person decides (``approve`` / ``reject`` / ``modify``) and :data:`DECIDED`, the
  status each decision records.
- :class:`CallOutcome`: how the scheduler saw one call of a turn end.

Example::

    >>> RunState.AWAITING_APPROVAL in LIVE_STATES, label(RunState.NEEDS_CLARIFICATION)
    (False, 'needs clarification')
    >>> DECIDED[Decision.MODIFY], JobState.DONE in JOB_ENDED
    (<ApprovalStatus.MODIFIED: 'modified'>, True)
"""

from __future__ import annotations

from enum import StrEnum


class RunPhase(StrEnum):
    """Where a stored run is (``runs.status``): the one set of run states."""

    PREPARING = "preparing"  # admitted, not yet executing
    RUNNING = "running"
    PAUSED = "paused"  # waiting for approvals
    COMPLETED = "completed"
    CANCELLED = "cancelled"
    ERROR = "error"
    INTERRUPTED = "interrupted"  # its process died; recovery stored what was done

    @property
    def executing(self) -> bool:
        return self in EXECUTING_PHASES

    @property
    def final(self) -> bool:
        return self in FINAL_PHASES


FINAL_PHASES = frozenset({RunPhase.COMPLETED, RunPhase.CANCELLED, RunPhase.ERROR,
                          RunPhase.INTERRUPTED})
EXECUTING_PHASES = frozenset({RunPhase.PREPARING, RunPhase.RUNNING})


class CancelPhase(StrEnum):
    """How far a cancel got (``runs.cancel_status``)."""

    NONE = "none"
    REQUESTED = "requested"  # recorded; the run's process has not acted yet
    STOPPING = "stopping"  # signalled (or stopped, but not yet read back from the store)
    CONFIRMED = "confirmed"  # stopped and its final state persisted


class ResponseStatus(StrEnum):
    """The status of a run's answer (``AgentResponse.status``)."""

    ANSWERED = "answered"
    NEEDS_CLARIFICATION = "needs_clarification"
    BLOCKED = "blocked"
    ERROR = "error"
    AWAITING_APPROVAL = "awaiting_approval"


class RunState(StrEnum):
    """A run as a person sees it: live, then its answer's status or how it was stopped."""

    STARTING = "starting"
    RUNNING = "running"
    ANSWERED = "answered"
    NEEDS_CLARIFICATION = "needs_clarification"
    BLOCKED = "blocked"
    AWAITING_APPROVAL = "awaiting_approval"
    CANCELLED = "cancelled"
    ERROR = "error"
    INTERRUPTED = "interrupted"


LIVE_STATES = frozenset({RunState.STARTING, RunState.RUNNING})
# a run in one of these will not change again (a paused run still can)
SETTLED_STATES = frozenset(RunState) - LIVE_STATES - {RunState.AWAITING_APPROVAL}
# stored run phases that name the same state as an answer's status
PHASE_STATES = {RunPhase.COMPLETED: RunState.ANSWERED, RunPhase.PAUSED: RunState.AWAITING_APPROVAL}


class BarState(StrEnum):
    """The notebook's status-bar item: what the kernel's runs are waiting for, if anything."""

    IDLE = "idle"
    RUNNING = "running"
    AWAITING_APPROVAL = "awaiting_approval"


class CardStatus(StrEnum):
    """One tool call's card in the panel."""

    RUNNING = "running"
    OK = "ok"
    FAILED = "failed"
    CANCELLED = "cancelled"
    BLOCKED = "blocked"
    AWAITING_APPROVAL = "awaiting_approval"
    APPROVED = "approved"
    MODIFIED = "modified"
    REJECTED = "rejected"
    DECIDED = "decided"  # a decision the panel does not know by name


class JobState(StrEnum):
    """A background job (``jobs.state``)."""

    QUEUED = "queued"
    RUNNING = "running"
    DONE = "done"
    FAILED = "failed"
    CANCELLED = "cancelled"


JOB_ACTIVE = (JobState.QUEUED, JobState.RUNNING)
JOB_ENDED = (JobState.DONE, JobState.FAILED, JobState.CANCELLED)


class ApprovalStatus(StrEnum):
    """An approval request (``approvals.status``)."""

    PENDING = "pending"
    APPROVED = "approved"
    REJECTED = "rejected"
    MODIFIED = "modified"
    CANCELLED = "cancelled"


class Decision(StrEnum):
    """What a person decides about a gated call."""

    APPROVE = "approve"
    REJECT = "reject"
    MODIFY = "modify"


DECIDED = {Decision.APPROVE: ApprovalStatus.APPROVED, Decision.REJECT: ApprovalStatus.REJECTED,
           Decision.MODIFY: ApprovalStatus.MODIFIED}


class CallOutcome(StrEnum):
    """How the scheduler saw one call of a turn end."""

    SUCCEEDED = "succeeded"
    FAILED = "failed"
    BLOCKED = "blocked"  # a predecessor failed or paused: it did not run
    PAUSED = "paused"  # waiting for approval
    JOB = "job"  # left a background job still running


def label(state: str) -> str:
    """The words shown for a state: ``needs_clarification`` → ``needs clarification``."""
    return str(state).replace("_", " ")


def labels() -> dict[str, object]:
    """What the widget needs to show states, sent once from Python: the words for every
    run and card state, which run states are live, and the states (and decisions) the panel
    acts on, by role, so widget.js writes no state of its own.

    Example::

        >>> labels()["live"], labels()["words"]["awaiting_approval"]
        (['running', 'starting'], 'awaiting approval')
        >>> labels()["run"]["paused"], labels()["card"]["failed"], labels()["decision"]["modify"]
        ('awaiting_approval', 'failed', 'modify')
    """
    states = {str(s) for s in (*RunState, *CardStatus)}
    return {"words": {s: label(s) for s in sorted(states)},
            "live": sorted(str(s) for s in LIVE_STATES),
            # the run states the panel draws differently: approvals shown, error as a notice
            "run": {"paused": RunState.AWAITING_APPROVAL.value,
                    "cancelled": RunState.CANCELLED.value},
            # a card whose time still runs; a card counted as failed in the steps line
            "card": {"running": CardStatus.RUNNING.value, "failed": CardStatus.FAILED.value},
            "decision": {d.name.lower(): d.value for d in Decision}}
