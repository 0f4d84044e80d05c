"""Result model of ``get_job_status`` (``tools/jobs.py``)."""

from __future__ import annotations

from typing import Any

from pydantic import ConfigDict

from igraph_agent.results import Number, Row, Table, ToolData


class JobProgressRow(Row):
    model_config = ConfigDict(extra="allow")  # the store's progress columns

    seq: int
    fraction: Number | None = None
    message: str
    data: dict[str, Any] | None = None
    ts: Number


class GetJobStatusResult(ToolData):
    """What ``get_job_status`` returns: the job's row and one page of its progress."""

    job_id: str
    kind: str
    state: str
    parent_id: str | None
    child_id: str | None
    progress: Table[JobProgressRow]
    progress_cursor: int
    progress_has_more: bool
    result: Any
    error: Any
