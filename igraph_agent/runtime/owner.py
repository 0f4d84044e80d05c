"""Which process owns a run or a job, and whether that process is still alive.

An owner is ``"<pid>:<start>"``: the pid plus the process start time (clock ticks since
boot, from ``/proc/<pid>/stat``), so a recycled pid is not mistaken for the owner. A job
that runs on a Ray cluster is owned by the process that follows it, marked with the Ray actor
it runs in (``"<pid>:<start>@ray:<actor>"``): when that process ends the job may still
live on the cluster.
Recovery only touches rows whose owner is dead: two Agents on one home never fail each
other's runs or jobs.

Example::

    >>> me = current_owner()          # "pid:start time"
    >>> owner_alive(me), owner_alive("999999999:1")
    (True, False)
"""

from __future__ import annotations

import os
from pathlib import Path


def _stat(pid: int) -> list[str] | None:
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    # the command name (field 2) may hold spaces or parentheses: split after the last ')'
    return stat.rsplit(")", 1)[-1].split()


def _start_time(pid: int) -> str | None:
    fields = _stat(pid)
    return fields[19] if fields and len(fields) > 19 else None  # field 22 of the full line


def _pid_exists(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def current_owner() -> str:
    pid = os.getpid()
    return f"{pid}:{_start_time(pid) or '?'}"


def owner_alive(owner: str | None) -> bool:
    """False for a missing owner (rows written before owners were recorded) or a dead one."""
    if not owner:
        return False
    owner = owner.split("@", 1)[0]
    pid_text, _, start = owner.partition(":")
    try:
        pid = int(pid_text)
    except ValueError:
        return False
    if pid == os.getpid():
        return owner == current_owner()
    if not _pid_exists(pid):
        return False
    fields = _stat(pid)
    if fields is None:
        return True  # no /proc here: a live pid is the best evidence there is
    if fields[0] in ("Z", "X"):
        return False  # killed, not yet reaped
    return start == "?" or (len(fields) > 19 and fields[19] == start)
