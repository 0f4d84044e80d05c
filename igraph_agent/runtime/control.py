"""What a cancel has to reach in this process for one executing run.

:meth:`RunControl.signal` reaches every branch at once, without waiting for one before
telling the next: the run's cancel flag (checked before each model turn and before each
tool starts), the in-flight model call (its asyncio task is cancelled, which closes the
litellm request), the run's background jobs with their descendants, a worker process
busy with one of the run's analyses (it is killed and replaced), and tools running on
threads of this process (stopped at their next Python instruction, runtime/timeouts.py). :meth:`wait_stopped`
then collects the evidence that they exited — silence is not proof of stopping.

Example::

    >>> import asyncio, threading
    >>> control = RunControl("run_1", threading.Event())
    >>> control.signal()          # sets the cancel flag, cancels the model call, jobs, workers
    >>> control.cancel.is_set(), asyncio.run(control.wait_stopped(timeout=1))
    (True, True)
"""

from __future__ import annotations

import asyncio
import threading
import time
from typing import Any

from igraph_agent.runtime.timeouts import stop_run

PARTIAL_FLUSH_S = 0.5


class RunControl:
    def __init__(self, run_id: str, cancel: threading.Event, jobs: Any = None,
                 workers: Any = None) -> None:
        self.run_id = run_id
        self.cancel = cancel
        self.jobs = jobs
        self.workers = workers
        self.loop: asyncio.AbstractEventLoop | None = None
        self.model_task: asyncio.Future | None = None
        self.partial_text = ""
        self._flushed = 0.0
        self.signalled_at: float | None = None

    # -- the model call ---------------------------------------------------------------
    async def model_call(self, coro) -> Any:
        """Await ``coro`` as a task that :meth:`signal` can cancel."""
        self.loop = asyncio.get_running_loop()
        task = asyncio.ensure_future(coro)
        self.model_task = task
        if self.cancel.is_set():
            task.cancel()
        try:
            return await task
        finally:
            self.model_task = None

    def delta(self, text: str, flush) -> None:
        """Keep streamed text; hand it to ``flush(text)`` at most every PARTIAL_FLUSH_S."""
        self.partial_text += text
        now = time.monotonic()
        if now - self._flushed >= PARTIAL_FLUSH_S:
            self._flushed = now
            flush(self.partial_text)

    def turn_done(self) -> None:
        self.partial_text = ""

    # -- cancelling -------------------------------------------------------------------
    def signal(self) -> None:
        """Tell every branch of the run to stop, now."""
        if self.signalled_at is None:
            self.signalled_at = time.time()
        self.cancel.set()
        task, loop = self.model_task, self.loop
        if task is not None and loop is not None and not task.done():
            loop.call_soon_threadsafe(task.cancel)
        if self.jobs is not None:
            self.jobs.cancel_run(self.run_id)
        if self.workers is not None:
            self.workers.cancel_run(self.run_id)
        stop_run(self.run_id)  # tools running on threads of this process

    async def wait_stopped(self, timeout: float = 30.0) -> bool:
        """True once the model call, the run's jobs and its worker calls have all exited."""
        deadline = time.monotonic() + timeout
        if self.model_task is not None and not self.model_task.done():
            await asyncio.wait({self.model_task}, timeout=timeout)
        if self.jobs is not None:
            left = max(0.0, deadline - time.monotonic())
            if not await asyncio.to_thread(self.jobs.wait_run, self.run_id, left):
                return False
        if self.workers is not None and self.workers.busy_with(self.run_id):
            return False
        return self.model_task is None or self.model_task.done()
