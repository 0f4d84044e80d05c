"""The worker's report -> success, or the coded error the model sees.

An operating-system refusal (``EPERM``, ``EACCES``, ``EROFS``, an unreachable network, a
path whose file or folder exists on the host but not in the sandbox) is CODE_BLOCKED; a killed or
out-of-time worker CODE_TIMEOUT; ``MemoryError`` CODE_MEMORY_LIMIT; anything else the
snippet raised is CODE_FAILED with its own traceback lines, as a prompt to fix and retry.
The kernel's refusals the host reads from the worker's cgroups come first: out of memory
(tmpfs and memfds included) CODE_MEMORY_LIMIT, too many threads CODE_TASK_LIMIT, and the
host's own scratch quota CODE_DISK_LIMIT.

:func:`admit` is how the host reads a report line at all: the snippet runs in the
worker's process and can write a line of its own, so nothing in the report is trusted —
only the known fields are kept, each checked against its limit here, on the host.
"""

from __future__ import annotations

import errno
import json
import os
import signal
from typing import Any

from igraph_agent.errors import ErrorCode, ToolError

_REFUSED = {errno.EPERM, errno.EACCES, errno.EROFS, errno.ENETUNREACH, errno.ENETDOWN,
            errno.EAFNOSUPPORT, errno.EHOSTUNREACH, errno.EADDRNOTAVAIL, errno.ECONNREFUSED}
_ZONES = "only /scratch (writable), /environment and /uploaded (read-only) are visible"


def report_error(message: str, kind: str = "ValueError") -> dict[str, Any]:
    """A failed report the host makes itself (the worker's was not acceptable)."""
    return {"ok": False, "error": {"type": kind, "message": message, "errno": None,
                                   "filename": "", "module": None, "trace": []}}


def admit(line: bytes, limits: Any) -> dict[str, Any]:
    """The worker's report line as the host accepts it: the known fields of the right
    types, ``result`` at most ``result_chars`` JSON characters and ``result_depth`` levels
    deep, ``stdout`` at most ``stdout_chars``; anything else becomes a failed report."""
    cap = limits.result_chars
    if len(line) > cap + 12 * limits.stdout_chars + 64_000:
        return report_error(f"the report is {len(line)} bytes, more than a result of "
                            f"{cap} characters can take: return a summary, counts or the "
                            "top entries instead")
    try:
        raw = json.loads(line)
    except RecursionError:
        return report_error("the result is nested too deeply to read: return a flat list "
                            "or a table instead")
    except ValueError:
        return {"ok": False, "error": None}
    if not isinstance(raw, dict):
        return {"ok": False, "error": None}
    numbers = {k: raw[k] for k in ("elapsed_s", "cpu_used_s", "peak_mb", "stdout_dropped")
               if isinstance(raw.get(k), int | float) and not isinstance(raw.get(k), bool)}
    stdout = raw.get("stdout") if isinstance(raw.get("stdout"), str) else ""
    base = {**numbers, "stdout": stdout[:limits.stdout_chars],
            "builds": {str(k): bool(v) for k, v in raw.get("builds", {}).items()}
            if isinstance(raw.get("builds"), dict) else {}}
    if len(stdout) > limits.stdout_chars:
        base["stdout_dropped"] = int(base.get("stdout_dropped") or 0) + len(stdout) - len(
            base["stdout"])
    if raw.get("ok") is not True:
        err = raw.get("error")
        if not isinstance(err, dict):
            return {**base, "ok": False, "error": None}
        return {**base, "ok": False, "error": {
            "type": str(err.get("type") or "Error")[:100],
            "message": str(err.get("message") or "")[:2000],
            "errno": err.get("errno") if isinstance(err.get("errno"), int) else None,
            "filename": str(err.get("filename") or "")[:1000],
            "module": str(err["module"])[:200] if err.get("module") else None,
            "trace": [str(t)[:300] for t in err.get("trace") or []][:8]
            if isinstance(err.get("trace"), list) else []}}
    result = raw.get("result")
    depth = nesting(result)
    if depth > limits.result_depth:
        return {**base, **report_error(f"result is nested {depth} levels deep; the limit is "
                                       f"{limits.result_depth}: return a flat list, a table "
                                       "or a summary instead")}
    size = len(json.dumps(result))
    if size > cap:
        return {**base, **report_error(f"result is {size} characters of JSON; the limit is "
                                       f"{cap}: return a summary, counts or the top entries "
                                       "instead")}
    return {**base, "ok": True, "result": result}


def nesting(value: Any) -> int:
    """How many levels of lists and dicts ``value`` has (0 for a number or text)."""
    deepest, stack = 0, [(value, 1)]
    while stack:
        item, level = stack.pop()
        if isinstance(item, dict):
            item = list(item.values())
        if isinstance(item, list):
            deepest = max(deepest, level)
            stack.extend((v, level + 1) for v in item)
    return deepest


def check(report: dict[str, Any], limits: dict[str, Any]) -> None:
    """Raise the coded error for a failed report; return for a successful one."""
    if report.get("ok"):
        return
    details = {"confinement": report.get("confinement"), "limits": limits,
               "stderr_tail": report.get("stderr_tail", "")[-600:]}
    if report.get("memory_exceeded"):
        raise ToolError(ErrorCode.CODE_MEMORY_LIMIT,
                        f"the snippet held more than {limits['memory_mb']} MiB (memory, files "
                        "in /tmp and memfds together) and the kernel stopped it",
                        hint="work on a sample or a subgraph, write large files to SCRATCH "
                        "only, or stream instead of building large lists", retryable=True,
                        details=details)
    if report.get("tasks_exceeded"):
        raise ToolError(ErrorCode.CODE_TASK_LIMIT,
                        f"the snippet started more than {limits['tasks']} threads and "
                        "processes; the kernel refused the rest",
                        hint="use a few threads at most (or none): the analysis libraries "
                        "are fast enough on one", retryable=True, details=details)
    if report.get("scratch_exceeded"):
        raise ToolError(ErrorCode.CODE_DISK_LIMIT,
                        f"the snippet's files in SCRATCH passed {limits['scratch_total_mb']} "
                        "MiB (or 20,000 entries); it was stopped and SCRATCH emptied",
                        hint="write only the files you publish, and small ones (a summary "
                        "table, the top entries)", retryable=True, details=details)
    if report.get("timed_out") or _signal(report) in (signal.SIGXCPU, signal.SIGKILL):
        raise ToolError(ErrorCode.CODE_TIMEOUT,
                        f"the snippet ran past its limit ({limits['wall_s']} s wall clock, "
                        f"{limits['cpu_s']} s CPU) and was stopped",
                        hint="compute less (sample nodes, use igraph via g, cap loops) or ask "
                        "for a larger wall_s", retryable=True, details=details)
    err = report.get("error")
    setup = [ln for ln in str(report.get("stderr_tail", "")).splitlines()
             if ln.startswith("bwrap:")]
    if not err and setup:
        raise ToolError(ErrorCode.CODE_FAILED, f"the sandbox could not start: {setup[-1]}",
                        hint="a set-up problem of this machine, not of the snippet; answer "
                        "with the catalogue tools", details=details)
    if not err:
        sig = _signal(report)
        name = signal.Signals(sig).name if sig else f"exit status {report.get('returncode')}"
        raise ToolError(ErrorCode.CODE_FAILED,
                        f"the snippet's worker died ({name}) before reporting; nothing outside "
                        "it was affected", hint="do not touch raw memory; compute with "
                        "networkx/igraph/pandas", retryable=True, details=details)
    trace = "\n".join(err.get("trace") or [])
    details["error"] = err
    text = f"{err['type']}: {err['message']}" + (f"\n{trace}" if trace else "")
    if err.get("errno") in (errno.ENOSPC, errno.EDQUOT):
        raise ToolError(ErrorCode.CODE_DISK_LIMIT,
                        f"the snippet filled its space: {text} (/tmp holds "
                        f"{limits.get('tmp_mb')} MiB, SCRATCH {limits.get('scratch_total_mb')} "
                        "MiB)", hint="write only small files: a summary table, the top "
                        "entries", retryable=True, details=details)
    if err["type"] == "MemoryError":
        raise ToolError(ErrorCode.CODE_MEMORY_LIMIT,
                        f"the snippet needed more than {limits['memory_mb']} MiB: {text}",
                        hint="work on a sample or a subgraph, or stream instead of building "
                        "large lists", retryable=True, details=details)
    if _refused(err):
        raise ToolError(ErrorCode.CODE_BLOCKED,
                        f"the sandbox refused this: {text}",
                        hint=f"snippets have no network and no processes; {_ZONES}; "
                        "compute from G, g and tables instead", details=details)
    raise ToolError(ErrorCode.CODE_FAILED, f"the snippet failed: {text}",
                    hint="fix the line shown and send the corrected code again",
                    retryable=True, details=details)


def _signal(report: dict[str, Any]) -> int | None:
    rc = report.get("returncode")
    if rc is None or rc == 0:
        return None
    if rc < 0:
        return -rc
    return rc - 128 if 128 < rc < 160 else None  # bubblewrap exits 128 + the signal


def _refused(err: dict[str, Any]) -> bool:
    if err.get("type") == "gaierror":
        return True  # no resolver, no network: name lookups fail
    code = err.get("errno")
    if code in _REFUSED:
        return True
    name = err.get("filename") or ""
    return (code == errno.ENOENT and os.path.isabs(name)
            and (os.path.exists(name) or os.path.isdir(os.path.dirname(name))))
