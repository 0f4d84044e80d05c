"""SQL of approval records (migration 2): one row per gated tool call, read back typed.

Kept apart from ``store/db.py`` like ``store/jobs.py``: :class:`Approvals` wraps the
project's :class:`Store` (same connection, lock and transactions). A record is
``pending`` until it is decided once — ``approved``, ``rejected``, ``modified`` (with the
decided arguments) or ``cancelled`` with its run — and only at the generation it was
requested in.

Example::

    >>> from igraph_agent.store.runs import Runs
    >>> run_id = Runs(store).create(store.create_session(), "Clear the graph", "offline/planner",
    ...                             {})
    >>> approvals = Approvals(store)
    >>> approvals.add(run_id, "call_1", "clear_graph", {}, generation=1)
    >>> approvals.decide(run_id, "call_1", 1, ApprovalStatus.APPROVED)   # once only
    True
    >>> approvals.decide(run_id, "call_1", 1, ApprovalStatus.APPROVED)
    False
    >>> approvals.of_run(run_id)[0].status
    <ApprovalStatus.APPROVED: 'approved'>
"""

from __future__ import annotations

import json
import time
from typing import Any

from pydantic import BaseModel, Field

from igraph_agent.response import PendingApproval
from igraph_agent.status import ApprovalStatus
from igraph_agent.store.db import Store


class ApprovalRecord(BaseModel):
    """One gated call's approval request and its decision."""

    run_id: str
    tool_call_id: str
    tool: str
    args: dict[str, Any] = Field(default_factory=dict)  # as the model proposed them
    generation: int
    status: ApprovalStatus
    decided_args: dict[str, Any] | None = None  # a ``modify``'s arguments
    created_at: float = 0.0
    decided_at: float | None = None

    @property
    def run_args(self) -> dict[str, Any]:
        """The arguments the call runs with once decided."""
        if self.status == ApprovalStatus.MODIFIED and self.decided_args is not None:
            return self.decided_args
        return self.args

    def pending(self) -> PendingApproval:
        return PendingApproval(run_id=self.run_id, tool_call_id=self.tool_call_id,
                               tool=self.tool, args=self.args, generation=self.generation)


class Approvals:
    def __init__(self, store: Store) -> None:
        self.store = store

    def add(self, run_id: str, tool_call_id: str, tool: str, args: dict[str, Any],
            generation: int) -> None:
        with self.store.tx() as c:
            c.execute("INSERT OR REPLACE INTO approvals(run_id, tool_call_id, tool, args, "
                      "generation, status, created_at) VALUES(?, ?, ?, ?, ?, ?, ?)",
                      (run_id, tool_call_id, tool, json.dumps(args), generation,
                       ApprovalStatus.PENDING.value, time.time()))

    def get(self, run_id: str, tool_call_id: str) -> ApprovalRecord | None:
        row = self.store._one("SELECT * FROM approvals WHERE run_id=? AND tool_call_id=?",
                              (run_id, tool_call_id))
        return ApprovalRecord.model_validate(row) if row is not None else None

    def of_run(self, run_id: str, status: ApprovalStatus | None = None) -> list[ApprovalRecord]:
        """The run's records in the order they were requested (optionally one status)."""
        if status:
            rows = self.store._query("SELECT * FROM approvals WHERE run_id=? AND status=? "
                                     "ORDER BY created_at, rowid", (run_id, status.value))
        else:
            rows = self.store._query("SELECT * FROM approvals WHERE run_id=? "
                                     "ORDER BY created_at, rowid", (run_id,))
        return [ApprovalRecord.model_validate(r) for r in rows]

    def pending(self, run_id: str) -> list[PendingApproval]:
        """What a paused run waits for."""
        return [r.pending() for r in self.of_run(run_id, ApprovalStatus.PENDING)]

    def decide(self, run_id: str, tool_call_id: str, generation: int, status: ApprovalStatus,
               decided_args: dict[str, Any] | None = None) -> bool:
        """Record a decision once: False when it was decided already or the generation moved."""
        with self.store.tx() as c:
            cur = c.execute(
                "UPDATE approvals SET status=?, decided_args=?, decided_at=? WHERE run_id=? AND "
                "tool_call_id=? AND generation=? AND status=?",
                (status.value, json.dumps(decided_args), time.time(), run_id, tool_call_id,
                 generation, ApprovalStatus.PENDING.value))
            return cur.rowcount == 1
