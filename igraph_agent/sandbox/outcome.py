"""The worker's report -> success, or the coded error the model sees.

An operating-system refusal (``EPERM``, ``EACCES``, ``EROFS``, an unreachable network, a
path whose file or folder exists on the host but not in the sandbox) is CODE_BLOCKED; a killed or
out-of-time worker CODE_TIMEOUT; ``MemoryError`` CODE_MEMORY_LIMIT; anything else the
snippet raised is CODE_FAILED with its own traceback lines, as a prompt to fix and retry.
"""

from __future__ import annotations

import errno
import os
import signal
from typing import Any

from igraph_agent.errors import ErrorCode, ToolError

_REFUSED = {errno.EPERM, errno.EACCES, errno.EROFS, errno.ENETUNREACH, errno.ENETDOWN,
            errno.EAFNOSUPPORT, errno.EHOSTUNREACH, errno.EADDRNOTAVAIL, errno.ECONNREFUSED}
_ZONES = "only /scratch (writable), /environment and /uploaded (read-only) are visible"


def check(report: dict[str, Any], limits: dict[str, Any]) -> None:
    """Raise the coded error for a failed report; return for a successful one."""
    if report.get("ok"):
        return
    details = {"confinement": report.get("confinement"), "limits": limits,
               "stderr_tail": report.get("stderr_tail", "")[-600:]}
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
