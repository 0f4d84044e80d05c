"""Every tool call has a time limit, enforced where the work can be stopped.

Each tool declares a default (``Tool.timeout_s``, else ``DEFAULT_TOOL_TIMEOUT_S``);
``IGRAPH_AGENT_TOOL_TIMEOUT`` overrides it for every tool and
``IGRAPH_AGENT_TOOL_TIMEOUT_<TOOL>`` (``IGRAPH_AGENT_TOOL_TIMEOUT_NODE_CENTRALITY=30``) for
one. A call past its limit ends with ``TOOL_TIMEOUT`` and the run goes on.

Where the call runs decides how it is stopped. In a worker process
(``runtime/workers.py``) the worker is killed and replaced on the next call. In the run's
process the call runs on a thread of its own; on a timeout, or when the run is cancelled,
:class:`ToolStopped` is raised inside that thread at its next Python instruction, so
networkx's loops end there and the thread exits instead of keeping a core busy (a single
C call of python-igraph cannot be interrupted; it finishes first — such calls are short
below the worker threshold).

How the executor uses it (a sketch inside a running loop, not a doctest)::

    limit = tool_timeout(t)     # seconds
    result = await run_stoppable(lambda: registry.execute(t, args, ctx), limit, t, call_id, run_id)
    stop_run(run_id)            # what the run's cancel calls
"""

from __future__ import annotations

import asyncio
import ctypes
import os
import threading
from collections.abc import Callable

from igraph_agent.errors import ErrorCode
from igraph_agent.options import number_setting
from igraph_agent.tools.registry import Tool, ToolResult

DEFAULT_TOOL_TIMEOUT_S = 120.0
TIMEOUT_ENV = "IGRAPH_AGENT_TOOL_TIMEOUT"


class ToolStopped(BaseException):
    """Raised inside a tool's thread to stop it (a BaseException: handlers' ``except
    Exception`` does not swallow it)."""


def tool_timeout(t: Tool) -> float:
    """The call's limit in seconds: the per-tool setting, the global one, the tool's own."""
    own = t.timeout_s if t.timeout_s is not None else DEFAULT_TOOL_TIMEOUT_S
    general = number_setting(os.environ, TIMEOUT_ENV, float, own)
    return number_setting(os.environ, f"{TIMEOUT_ENV}_{t.name.upper()}", float, general)


def timed_out(t: Tool, call_id: str, limit: float) -> ToolResult:
    return ToolResult.failure(
        t.name, call_id, ErrorCode.TOOL_TIMEOUT,
        f"{t.name} did not finish within {limit:g} s and was stopped",
        hint="narrow the call (fewer nodes, a sampled measure, top_k) or raise "
             f"{TIMEOUT_ENV}_{t.name.upper()}", retryable=False,
        details={"timeout_s": limit})


_RUNNING: dict[str, set[threading.Thread]] = {}  # run_id -> its tools' threads
_LOCK = threading.Lock()


async def run_stoppable(work: Callable[[], ToolResult], limit: float, t: Tool,
                        call_id: str, run_id: str = "") -> ToolResult:
    """Run ``work`` on its own thread; stop the thread on a timeout, a cancel of this
    coroutine or :func:`stop_run` (the run's cancel)."""
    loop = asyncio.get_running_loop()
    done: asyncio.Future[ToolResult] = loop.create_future()

    def target() -> None:
        try:
            result = work()
        except ToolStopped:
            result = ToolResult.failure(t.name, call_id, ErrorCode.RUN_CANCELLED,
                                        f"{t.name} was stopped: the run was cancelled",
                                        hint="ask again")
        except BaseException as exc:  # registry.execute turns handler errors into results
            loop.call_soon_threadsafe(_settle, done, None, exc)
            return
        finally:
            with _LOCK:
                _RUNNING.get(run_id, set()).discard(threading.current_thread())
        loop.call_soon_threadsafe(_settle, done, result, None)

    thread = threading.Thread(target=target, name=f"tool:{t.name}:{call_id}", daemon=True)
    with _LOCK:
        _RUNNING.setdefault(run_id, set()).add(thread)
    thread.start()
    try:
        return await asyncio.wait_for(asyncio.shield(done), limit)
    except TimeoutError:
        stop(thread)
        return timed_out(t, call_id, limit)
    except asyncio.CancelledError:
        stop(thread)
        raise


def stop_run(run_id: str) -> int:
    """Stop every in-process tool thread of this run (its cancel); how many were running."""
    with _LOCK:
        threads = list(_RUNNING.pop(run_id, ()))
    for thread in threads:
        stop(thread)
    return len(threads)


def stop(thread: threading.Thread) -> None:
    """Raise :class:`ToolStopped` in ``thread`` at its next Python instruction."""
    if thread.ident is not None and thread.is_alive():
        ctypes.pythonapi.PyThreadState_SetAsyncExc(ctypes.c_ulong(thread.ident),
                                                   ctypes.py_object(ToolStopped))


def _settle(fut: asyncio.Future, result: ToolResult | None, exc: BaseException | None) -> None:
    if fut.done():
        return
    if exc is not None:
        fut.set_exception(exc)
    else:
        fut.set_result(result)
