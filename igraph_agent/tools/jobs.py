"""Tools that run as background jobs, and ``get_job_status``.

A heavy tool submits its work through ``ctx.jobs`` (the run's job manager; tools never
import ``runtime/``) and :func:`await_job` follows it to the end: page by page through the
progress log (each record also goes to ``ctx.progress``), along hand-offs to child jobs
(the cursor starts again at -1 for each child; a missing child or a cycle is refused),
until the final job's real result. The tool call completes only then (``async=false``
with the ``job_id``): a done job is drained of its remaining progress first; a job that
claims done without a usable result is RESULT_UNAVAILABLE; failure is JOB_FAILED and
cancellation JOB_CANCELLED, both ``success=false``. A transient error reading the status
retries exactly the same read (same job, same cursor) up to :data:`STATUS_RETRIES` times;
the work itself is never submitted again.

Example::

    >>> from igraph_agent.runtime.jobs import JobManager
    >>> ctx.jobs = JobManager(store).for_run("run_1")
    >>> def work(job):
    ...     job.progress(0.5, "half way")
    ...     return {"answer": 42}
    >>> final_id, result = await_job(ctx, ctx.jobs.submit("demo", work))
    >>> final_id.startswith("job_"), result
    (True, {'answer': 42})
"""

from __future__ import annotations

import sqlite3
from typing import Any

from pydantic import BaseModel, Field

from igraph_agent.errors import AgentError, ErrorCode, ToolError
from igraph_agent.results.jobs import GetJobStatusResult
from igraph_agent.tools.registry import JobsClient, ToolContext, ToolOutput, tool

STATUS_RETRIES = 3
POLL_SECONDS = 0.25


def require_jobs(ctx: ToolContext) -> JobsClient:
    if ctx.jobs is None:
        raise ToolError(ErrorCode.TOOL_FAILED, "background jobs are not available here",
                        hint="run this tool through an Agent, which provides a job manager")
    return ctx.jobs


def read_status(jobs: JobsClient, job_id: str, cursor: int) -> dict[str, Any]:
    """One status read, retried on a transient error with the same job and cursor."""
    last: Exception | None = None
    for _ in range(1 + STATUS_RETRIES):
        try:
            return jobs.status(job_id, cursor)
        except AgentError as exc:
            if not exc.retryable:
                raise ToolError(exc.code, exc.message, hint=exc.hint, details=exc.details) from None
            last = exc
        except sqlite3.OperationalError as exc:  # e.g. "database is locked"
            last = exc
    raise ToolError(ErrorCode.TOOL_FAILED,
                    f"could not read the status of {job_id} after {STATUS_RETRIES} retries: {last}",
                    hint="the job keeps running; ask for get_job_status later", retryable=True,
                    details={"job_id": job_id, "progress_cursor": cursor})


def await_job(ctx: ToolContext, job_id: str) -> tuple[str, dict[str, Any]]:
    """Follow ``job_id`` (and its hand-offs) to the final result: ``(final_job_id, result)``."""
    jobs = require_jobs(ctx)
    current, cursor, seen = job_id, -1, [job_id]
    while True:
        st = read_status(jobs, current, cursor)
        for rec in st["progress"]:
            ctx.progress(rec["fraction"], rec["message"])
        cursor = st["progress_cursor"]
        if st["progress_has_more"]:
            continue
        state = st["state"]
        if state in ("queued", "running"):
            if jobs.run_cancelled.is_set():
                jobs.cancel(job_id)
            jobs.wait_for_change(POLL_SECONDS)
            continue
        if state in ("failed", "cancelled"):
            err = st.get("error") or {}
            code = ErrorCode.JOB_CANCELLED if state == "cancelled" else ErrorCode.JOB_FAILED
            raise ToolError(code, f"job {current} {state}: {err.get('message', 'no reason given')}",
                            hint=err.get("hint") or ("start it again if it is still wanted"
                                                     if state == "cancelled" else
                                                     "fix the cause and call the tool again"),
                            details={"job_id": current, "root_job_id": job_id,
                                     "cause": err.get("code")})
        child = st.get("child_id")
        if child:
            if child in seen:
                raise ToolError(ErrorCode.RESULT_UNAVAILABLE,
                                f"job {current} hands off to {child}, which makes a cycle "
                                f"({' -> '.join([*seen, child])})",
                                hint="the result cannot be reached; start the tool again",
                                details={"job_id": job_id, "chain": seen})
            seen.append(child)
            current, cursor = child, -1
            continue
        result = st.get("result")
        if not isinstance(result, dict) or not result:
            raise ToolError(ErrorCode.RESULT_UNAVAILABLE,
                            f"job {current} says it is done but left no usable result",
                            hint="start the tool again", details={"job_id": current})
        return current, result


class JobStatusArgs(BaseModel):
    job_id: str = Field(description="a job_id from a tool result")
    after_seq: int = Field(default=-1, ge=-1, description="return progress records after this "
                           "seq (the progress_cursor of the previous call)")


@tool(result=GetJobStatusResult, reads=("jobs",))
def get_job_status(ctx: ToolContext, args: JobStatusArgs) -> ToolOutput:
    """State of a background job (queued, running, done, failed, cancelled), its parent and
    hand-off child, and its progress records after ``after_seq`` one page at a time
    (``progress_cursor``, ``progress_has_more``).

    Example: get_job_status(job_id="job_1a2b", after_seq=-1) -> {"state": "running", "progress_cursor": 4, ...}
    """
    jobs = require_jobs(ctx)
    st = read_status(jobs, args.job_id, args.after_seq)
    last = st["progress"][-1]["message"] if st["progress"] else "no new progress"
    return ToolOutput(data=st, summary=f"job {args.job_id} is {st['state']}; {last}")
