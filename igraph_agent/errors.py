"""Stable error codes and the exception types that carry them.

Every failure a user or a model can see has a code from :class:`ErrorCode`, a message
that says what went wrong and a hint that says what to do next. The codes are part of
the public contract (docs/errors.md): never rename one.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Any


class ErrorCode(StrEnum):
    MODEL_NOT_CONFIGURED = "MODEL_NOT_CONFIGURED"
    MODEL_ERROR = "MODEL_ERROR"
    MODEL_OUTPUT_INVALID = "MODEL_OUTPUT_INVALID"
    INVALID_ARGUMENTS = "INVALID_ARGUMENTS"
    TOOL_NOT_IN_SCOPE = "TOOL_NOT_IN_SCOPE"
    DATASET_SCOPE_REQUIRED = "DATASET_SCOPE_REQUIRED"
    SOURCE_INVALID = "SOURCE_INVALID"
    GRAPH_NOT_LOADED = "GRAPH_NOT_LOADED"
    NODE_NOT_FOUND = "NODE_NOT_FOUND"
    REVISION_CONFLICT = "REVISION_CONFLICT"
    READ_ONLY_MODE = "READ_ONLY_MODE"
    APPROVAL_CONFLICT = "APPROVAL_CONFLICT"
    APPROVAL_REJECTED = "APPROVAL_REJECTED"
    MODIFIED_PLAN_INVALID = "MODIFIED_PLAN_INVALID"
    TOOL_DEPENDENCY_BLOCKED = "TOOL_DEPENDENCY_BLOCKED"
    TOOL_TIMEOUT = "TOOL_TIMEOUT"
    TOOL_FAILED = "TOOL_FAILED"
    RESULT_INVALID = "RESULT_INVALID"
    JOB_FAILED = "JOB_FAILED"
    JOB_CANCELLED = "JOB_CANCELLED"
    RESULT_UNAVAILABLE = "RESULT_UNAVAILABLE"
    START_IDEMPOTENCY_CONFLICT = "START_IDEMPOTENCY_CONFLICT"
    SESSION_BUSY = "SESSION_BUSY"
    REPLAY_UNAVAILABLE = "REPLAY_UNAVAILABLE"
    CANCEL_NOT_CONFIRMED = "CANCEL_NOT_CONFIRMED"
    BUDGET_EXHAUSTED = "BUDGET_EXHAUSTED"
    UNGROUNDED_ANSWER = "UNGROUNDED_ANSWER"
    RUN_NOT_FOUND = "RUN_NOT_FOUND"
    RUN_CANCELLED = "RUN_CANCELLED"
    # durable runs (docs/durability.md)
    CANCEL_REQUEST_CONFLICT = "CANCEL_REQUEST_CONFLICT"
    RUN_INTERRUPTED = "RUN_INTERRUPTED"
    # skills and memory (docs/skills.md, docs/memory.md)
    SKILL_NOT_FOUND = "SKILL_NOT_FOUND"
    SKILL_INVALID = "SKILL_INVALID"
    SKILL_CONFLICT = "SKILL_CONFLICT"
    SKILL_PROTECTED = "SKILL_PROTECTED"
    MEMORY_NOT_FOUND = "MEMORY_NOT_FOUND"
    MEMORY_NOT_KEPT = "MEMORY_NOT_KEPT"
    INTERNAL_ERROR = "INTERNAL_ERROR"
    CODE_FAILED = "CODE_FAILED"
    CODE_BLOCKED = "CODE_BLOCKED"
    CODE_TIMEOUT = "CODE_TIMEOUT"
    CODE_MEMORY_LIMIT = "CODE_MEMORY_LIMIT"
    CODE_TASK_LIMIT = "CODE_TASK_LIMIT"
    CODE_DISK_LIMIT = "CODE_DISK_LIMIT"
    CODE_DISABLED = "CODE_DISABLED"
    SETTING_INVALID = "SETTING_INVALID"
    EVAL_INVALID = "EVAL_INVALID"
    DUPLICATE_TOOL_CALL_ID = "DUPLICATE_TOOL_CALL_ID"
    TOO_MANY_TOOL_CALLS = "TOO_MANY_TOOL_CALLS"
    ANSWER_TOO_LONG = "ANSWER_TOO_LONG"
    APPROVAL_REQUIRED = "APPROVAL_REQUIRED"
    MCP_UNAVAILABLE = "MCP_UNAVAILABLE"
    # the Ray job backend (docs/cluster.md)
    CLUSTER_UNAVAILABLE = "CLUSTER_UNAVAILABLE"
    CLUSTER_TASK_LOST = "CLUSTER_TASK_LOST"


class AgentError(Exception):
    """An error with a stable code, a message and a hint for the next step."""

    def __init__(
        self,
        code: ErrorCode,
        message: str,
        *,
        hint: str | None = None,
        retryable: bool = False,
        details: dict[str, Any] | None = None,
    ) -> None:
        super().__init__(f"[{code}] {message}")
        self.code = ErrorCode(code)
        self.message = message
        self.hint = hint
        self.retryable = retryable
        self.details = details or {}

    def to_dict(self) -> dict[str, Any]:
        return {
            "code": str(self.code),
            "message": self.message,
            "hint": self.hint,
            "retryable": self.retryable,
            "details": self.details,
        }


class ToolError(AgentError):
    """Raised by a tool handler; becomes a failed result envelope, never a crash."""


class ModelNotConfigured(AgentError):
    def __init__(self, message: str, *, hint: str | None = None, details: dict | None = None):
        super().__init__(ErrorCode.MODEL_NOT_CONFIGURED, message, hint=hint, details=details)


class JobCancelled(Exception):
    """Raised inside job work by ``Job.check_cancelled``; ends the job ``cancelled``."""
