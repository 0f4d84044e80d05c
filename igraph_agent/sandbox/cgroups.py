"""A worker's own control groups: a memory limit that also counts tmpfs pages and memfds
(which ``RLIMIT_AS`` does not), and a task limit (threads and processes) that holds for
root too (``RLIMIT_NPROC`` does not).

Made where this process may create groups: cgroup v2 (``/sys/fs/cgroup`` with the
``memory`` and ``pids`` controllers) or v1 (``/sys/fs/cgroup/memory`` and
``/sys/fs/cgroup/pids``). Each worker gets ``igraph-agent-<id>`` below the hierarchy's
root, joined by the worker's first process before it executes anything, and removed when
the worker stops. Where none can be made, :func:`open_groups` returns groups that hold
nothing and the confinement report names ``memory-cgroup`` / ``tasks-cgroup`` missing.

Example::

    >>> groups = open_groups(memory_mb=1024, tasks=64)
    >>> groups.mechanisms          # where the machine allows both
    ['memory-cgroup', 'tasks-cgroup']
    >>> groups.close()
"""

from __future__ import annotations

import os
import time
import uuid
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path("/sys/fs/cgroup")
PREFIX = "igraph-agent-"
#: a group left by a process that died is removed by the next one, once it is this old
STALE_S = 600.0


@dataclass
class Groups:
    """The folders of one worker's groups (none where unavailable)."""

    memory: Path | None = None
    pids: Path | None = None
    v2: bool = False
    _procs: list[str] = field(default_factory=list)

    @property
    def mechanisms(self) -> list[str]:
        return (["memory-cgroup"] if self.memory else []) + (["tasks-cgroup"] if self.pids else [])

    def join(self) -> None:
        """Called in the worker's first process before it execs: it and every thread and
        process it starts are counted from then on."""
        me = str(os.getpid()).encode()
        for procs in self._procs:
            try:  # never fails the start: :meth:`confirm` drops a group not joined
                fd = os.open(procs, os.O_WRONLY)
                try:
                    os.write(fd, me)
                finally:
                    os.close(fd)
            except OSError:
                pass

    def confirm(self, pid: int) -> None:
        """After the start: keep (and report) only the groups the worker really is in."""
        for kind in ("memory", "pids"):
            folder = getattr(self, kind)
            if folder is None:
                continue
            try:
                members = (folder / "cgroup.procs").read_text().split()
            except OSError:
                members = []
            if str(pid) not in members:
                setattr(self, kind, None)
                _rmdir(folder)

    def oom_kills(self) -> int:
        """How often the kernel killed a task of the group for memory."""
        if self.memory is None:
            return 0
        name = "memory.events" if self.v2 else "memory.oom_control"
        try:
            for line in (self.memory / name).read_text().splitlines():
                key, _, value = line.partition(" ")
                if key == "oom_kill":
                    return int(value)
            if not self.v2:  # older v1 kernels: count failed charges at the limit
                return int((self.memory / "memory.failcnt").read_text().strip() or 0)
        except (OSError, ValueError):
            pass
        return 0

    def task_limit_hit(self) -> bool:
        """Whether a thread or process was refused at the task limit."""
        if self.pids is None:
            return False
        try:
            for line in (self.pids / "pids.events").read_text().splitlines():
                key, _, value = line.partition(" ")
                if key == "max":
                    return int(value) > 0
        except (OSError, ValueError):
            pass
        return False

    def close(self) -> None:
        """Remove the groups once their last task is gone (a killed worker's processes in
        its PID namespace may take a moment to exit after bubblewrap has)."""
        folders = {f for f in (self.memory, self.pids) if f is not None}
        deadline = time.monotonic() + 5.0
        while folders:
            folders = {f for f in folders if not _rmdir(f)}
            if not folders or time.monotonic() > deadline:
                return
            time.sleep(0.02)


def open_groups(memory_mb: int, tasks: int) -> Groups:
    """New groups limiting memory to ``memory_mb`` MiB and tasks to ``tasks``."""
    if os.environ.get("IGRAPH_AGENT_SANDBOX_CGROUPS", "on").strip().lower() == "off":
        return Groups()
    _sweep()
    name = f"{PREFIX}{uuid.uuid4().hex[:12]}"
    limit = str(memory_mb * 2**20)
    unified = ROOT / "cgroup.controllers"
    if unified.is_file():
        try:
            wanted = {"memory", "pids"} & set(unified.read_text().split())
            folder = ROOT / name
            folder.mkdir()
        except OSError:
            return Groups()
        groups = Groups(v2=True, _procs=[str(folder / "cgroup.procs")])
        if "memory" in wanted and _write(folder / "memory.max", limit):
            _write(folder / "memory.swap.max", "0")
            groups.memory = folder
        if "pids" in wanted and _write(folder / "pids.max", str(tasks)):
            groups.pids = folder
        if groups.memory is None and groups.pids is None:
            _rmdir(folder)
            return Groups()
        return groups
    groups = Groups()
    for kind, files in (("memory", {"memory.limit_in_bytes": limit}),
                        ("pids", {"pids.max": str(tasks)})):
        folder = ROOT / kind / name
        try:
            folder.mkdir()
        except OSError:
            continue
        if all(_write(folder / f, v) for f, v in files.items()):
            setattr(groups, kind, folder)
            groups._procs.append(str(folder / "cgroup.procs"))
        else:
            _rmdir(folder)
    return groups


def _write(path: Path, value: str) -> bool:
    try:
        path.write_text(value)
        return True
    except OSError:
        return False


def _rmdir(path: Path) -> bool:
    """Remove an empty group; False while it still has tasks."""
    try:
        path.rmdir()
        return True
    except FileNotFoundError:
        return True
    except OSError:
        return False


def _sweep() -> None:
    """Remove this program's groups that a process which died left behind: old enough that
    no process is still setting them up, and without tasks (rmdir refuses a group with
    tasks, so a live worker's group stays)."""
    now = time.time()
    for parent in (ROOT, ROOT / "memory", ROOT / "pids"):
        try:
            entries = [e for e in os.scandir(parent) if e.name.startswith(PREFIX)]
        except OSError:
            continue
        for entry in entries:
            try:
                if now - entry.stat(follow_symlinks=False).st_mtime > STALE_S:
                    os.rmdir(entry.path)
            except OSError:
                continue
