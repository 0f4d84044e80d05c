"""Run a session's snippets in one confined worker process kept warm between them, and
classify what happened.

The worker is ``python -I worker.py start.json`` started through bubblewrap: new user, PID,
network, IPC, UTS and cgroup namespaces; a filesystem holding only the Python install,
the system libraries, the read-only Environment (graph and tables), the read-only Uploaded
files and the writable Ephemeral scratch; the seccomp filter of :mod:`.seccomp`; rlimits
set by the worker before it reads anything. Without a working bubblewrap the worker runs
with rlimits only and the outcome lists what was missing (``confinement.missing``).

One worker serves a session's snippets while the view it was started for (the revision
and the attached sources: ``key``) and the limits stay the same (:func:`session_worker`).
It reads ``G``, ``g`` and ``tables`` when a snippet first names them and holds them, and
what a snippet defines, for the next. It is replaced when the key or the memory or file
limits change, after a snippet ran past its time, ran out of memory or killed it, when
its CPU budget (``CPU_BUDGET_SNIPPETS`` snippets' worth) is nearly spent, and stopped
when the session's zones are cleared or the process exits.

Example::

    >>> import networkx as nx
    >>> zones = {name: home / "sandbox" / name for name in ("environment", "uploaded", "scratch", "jobs")}
    >>> prepare_environment(zones["environment"], "ds_1@1", {"graph": nx.path_graph(4)}, {})
    True
    >>> outcome = run_snippet("result = G.number_of_nodes()", zones, Limits(), "ds_1@1")
    >>> outcome["ok"], outcome["result"]
    (True, 4)
"""

from __future__ import annotations

import atexit
import functools
import json
import os
import pickle
import queue
import shutil
import signal
import subprocess
import sys
import sysconfig
import threading
import time
import uuid
from pathlib import Path
from typing import Any

from igraph_agent.sandbox.cgroups import open_groups
from igraph_agent.sandbox.limits import Limits
from igraph_agent.sandbox.outcome import admit, report_error
from igraph_agent.sandbox.seccomp import filter_bytes

WORKER = Path(__file__).with_name("worker.py")
# Paths the snippet sees (inside the sandbox); without bubblewrap the host paths are used.
INSIDE = {"environment": "/environment", "uploaded": "/uploaded", "scratch": "/scratch",
          "program": "/program"}
MECHANISMS = ["process", "rlimits", "namespaces", "filesystem", "network", "seccomp",
              "memory-cgroup", "tasks-cgroup", "scratch-quota"]
#: a warm worker's RLIMIT_CPU covers this many snippets at their CPU limit (30 s at least)
CPU_BUDGET_SNIPPETS = 10
REPORT_MARK = b"\x1eigraph-agent-report "
#: the longest line the host reads from a worker; the rest of a longer one is skipped
MAX_REPORT_BYTES = 4 * 2**20
#: how often the host measures scratch while a snippet runs (seconds)
SCRATCH_POLL_S = 0.25
#: more entries than this in scratch count as over its quota
SCRATCH_MAX_ENTRIES = 20_000


def prepare_environment(folder: Path, key: str, view: dict[str, Any],
                        tables: dict[str, Any]) -> bool:
    """Write the view code reads unless ``key`` (the revision and attached sources it was
    made from) is already there. Returns whether it wrote.

    ``view`` is either ``{"graph": G}`` (pickled whole) or the stored tables,
    ``{"nodes", "edges", "codes", "directed", "endpoints_coded"}``: one row per node and per
    distinct edge, and ``codes`` the int32 ``(m, 2)`` vertex codes of the edges, from which
    the worker builds ``g`` directly and ``G`` only when a snippet names it (with the
    endpoints made from the codes when the edge table comes without them). The caller holds the
    session lock and has stopped any worker reading the folder."""
    folder.mkdir(parents=True, exist_ok=True)
    marker = folder / "view.key"
    if marker.is_file() and marker.read_text() == key:
        return False
    marker.unlink(missing_ok=True)
    for old in folder.iterdir():
        old.unlink()
    if "graph" in view:
        g = view["graph"]
        parts = {"graph.pickle": g}
        meta = {"format": "pickle", "directed": bool(g is not None and g.is_directed()),
                "size": [0, 0] if g is None else [g.number_of_nodes(), g.number_of_edges()]}
    else:
        import numpy as np

        np.save(folder / "codes.npy", np.ascontiguousarray(view["codes"], dtype=np.int32))
        # g reads the node ids from JSON: a worker serving only g never imports pandas
        (folder / "ids.json").write_text(json.dumps(view["nodes"]["id"].astype(str).tolist()))
        parts = {"nodes.pickle": view["nodes"], "edges.pickle": view["edges"]}
        meta = {"format": "codes", "directed": bool(view["directed"]),
                "size": [len(view["nodes"]), len(view["edges"])],
                # the edge table without source and target: they are the node ids at the codes
                "endpoints_coded": bool(view.get("endpoints_coded")),
                # g reads the edge table only for these (none: codes and node ids suffice)
                "edge_attributes": [str(c) for c in view["edges"].columns
                                    if c not in ("source", "target")],
                "node_attributes": [str(c) for c in view["nodes"].columns if c != "id"]}
    parts["tables.pickle"] = tables
    for name, value in parts.items():
        with open(folder / name, "wb") as fh:
            pickle.dump(value, fh, protocol=pickle.HIGHEST_PROTOCOL)
    (folder / "view.json").write_text(json.dumps(meta))
    (folder / "tables.json").write_text(json.dumps(sorted(tables)))
    marker.write_text(key)
    return True


def prepared_tables(folder: Path, key: str) -> list[str] | None:
    """The table names of the view in ``folder`` when it was made for ``key``, else None
    (so a warm session's next snippet reads no table to know it is current)."""
    try:
        if (folder / "view.key").read_text() != key:
            return None
        return json.loads((folder / "tables.json").read_text())
    except (OSError, ValueError):
        return None


def run_snippet(code: str, zones: dict[str, Path], limits: Limits, key: str) -> dict[str, Any]:
    """Run ``code`` in the session's warm worker for ``key`` (started if needed); returns
    the worker's report plus ``confinement`` (the mechanisms in force and those missing)
    and ``worker`` (its process id and how many snippets it has served).

    ``zones``: ``environment`` (prepared, read-only), ``uploaded`` (read-only), ``scratch``
    (writable), ``jobs`` (host-only folders of the workers).
    """
    return session_worker(zones, key, limits).run(code, limits)


#: the libraries a snippet's names need (``g`` is read with numpy, ``G`` from pandas tables)
LIBRARIES = {"g": ("numpy", "igraph"), "ig": ("igraph",), "G": ("pandas", "networkx"),
             "nx": ("networkx",), "tables": ("pandas",), "pd": ("pandas",)}


def libraries_named(code: str) -> list[str]:
    """The libraries a snippet will import through the names it uses, for a worker started
    for it to import while the view is written (nothing for code that does not compile)."""
    try:
        compiled = compile(code, "<snippet>", "exec")
    except (SyntaxError, ValueError):
        return []

    def names(c) -> set[str]:
        return set(c.co_names).union(*(names(k) for k in c.co_consts if hasattr(k, "co_names")))

    used = names(compiled)
    return list(dict.fromkeys(lib for name, libs in LIBRARIES.items() if name in used
                              for lib in libs))


class SessionWorker:
    """One confined worker process serving a session's snippets, one at a time."""

    def __init__(self, zones: dict[str, Path], key: str, limits: Limits,
                 preload: list[str] | tuple[str, ...] = ()) -> None:
        for name in ("environment", "uploaded", "scratch", "jobs"):
            zones[name].mkdir(parents=True, exist_ok=True)
        self.key, self.shape = key, _shape(limits)
        self.budget_s = max(limits.cpu_s, Limits().cpu_s) * CPU_BUDGET_SNIPPETS
        self.program = new_call_dir(zones["jobs"])
        self.scratch = zones["scratch"]
        self.groups = open_groups(limits.memory_mb, limits.tasks)
        self._ooms = self.groups.oom_kills()
        self.confined = bwrap_works()
        self.seccomp = filter_bytes() if self.confined else None
        paths = INSIDE if self.confined else {k: str(zones[k]) for k in
                                              ("environment", "uploaded", "scratch")}
        start = {"limits": {**limits.model_dump(), "cpu_budget_s": self.budget_s},
                 **{k: paths[k] for k in ("environment", "uploaded", "scratch")},
                 "preload": list(preload)}
        (self.program / "start.json").write_text(json.dumps(start))
        shutil.copyfile(WORKER, self.program / "worker.py")
        zones = {**zones, "job": self.program}
        argv = (_bwrap_argv(zones, self.seccomp, limits) if self.confined else
                [_python(), "-I", str(self.program / "worker.py"),
                 str(self.program / "start.json")])
        read_fd = None
        if self.seccomp:
            read_fd, write_fd = os.pipe()
            os.write(write_fd, self.seccomp)  # a few hundred bytes: fits the pipe buffer
            os.close(write_fd)
            argv = [str(read_fd) if a == "SECCOMP_FD" else a for a in argv]
        self.err_path = self.program.parent / f"{self.program.name}.err"
        with open(self.err_path, "wb") as err:
            self.proc = subprocess.Popen(
                argv, stdout=subprocess.PIPE, stderr=err, stdin=subprocess.PIPE,
                start_new_session=True, cwd=str(zones["scratch"]),
                pass_fds=(read_fd,) if read_fd is not None else (), env=_host_env(),
                preexec_fn=self.groups.join if self.groups.mechanisms else None)
        if read_fd is not None:
            os.close(read_fd)
        self.groups.confirm(self.proc.pid)
        self.served, self.cpu_used_s, self.retired = 0, 0.0, False
        self._reports: queue.Queue[bytes | None] = queue.Queue()
        self._lock = threading.Lock()
        threading.Thread(target=self._read, daemon=True, name="sandbox-reports").start()

    def _read(self) -> None:
        """Collect the worker's report lines; anything else it writes to fd 1 is dropped, and
        a line longer than ``MAX_REPORT_BYTES`` is never held whole: its report says so."""
        assert self.proc.stdout is not None
        while line := self.proc.stdout.readline(MAX_REPORT_BYTES):
            if not line.endswith(b"\n") and len(line) == MAX_REPORT_BYTES:
                head = line
                while line and not line.endswith(b"\n"):
                    line = self.proc.stdout.readline(MAX_REPORT_BYTES)
                if head.startswith(REPORT_MARK):
                    nonce = head[len(REPORT_MARK):len(REPORT_MARK) + 32]
                    error = report_error(f"the report is over {MAX_REPORT_BYTES} bytes")
                    self._reports.put(nonce + b" " + json.dumps(error).encode())
            elif line.startswith(REPORT_MARK):
                self._reports.put(line[len(REPORT_MARK):])
        self._reports.put(None)

    def usable(self, key: str, limits: Limits) -> bool:
        return (not self.retired and self.proc.poll() is None and key == self.key
                and _shape(limits) == self.shape
                and self.cpu_used_s + limits.cpu_s <= self.budget_s)

    def run(self, code: str, limits: Limits) -> dict[str, Any]:
        with self._lock:
            report = self._run(code, limits)
        present = _present(self.confined, self.seccomp, self.groups.mechanisms)
        report["confinement"] = {"mechanisms": present,
                                 "missing": [m for m in MECHANISMS if m not in present]}
        return report

    def _run(self, code: str, limits: Limits) -> dict[str, Any]:
        nonce = uuid.uuid4().hex
        job = {"code": code, "limits": limits.model_dump(), "nonce": nonce}
        err_from = self.err_path.stat().st_size if self.err_path.exists() else 0
        started = time.monotonic()
        deadline = started + limits.wall_s
        line: bytes | None = b""
        over_quota = False
        try:
            assert self.proc.stdin is not None
            self.proc.stdin.write(json.dumps(job).encode() + b"\n")
            self.proc.stdin.flush()
            while line is not None and not line.startswith(nonce.encode()):
                left = deadline - time.monotonic()
                if left <= 0:
                    raise queue.Empty
                try:
                    line = self._reports.get(timeout=min(SCRATCH_POLL_S, left))
                except queue.Empty:
                    if scratch_over(self.scratch, limits.scratch_total_mb):
                        over_quota, line = True, None
        except (BrokenPipeError, OSError):
            line = None
        except queue.Empty:
            line = "timeout"  # type: ignore[assignment]
        timed_out = line == "timeout"
        report: dict[str, Any] = {"ok": False, "error": None}
        if isinstance(line, bytes):
            report = admit(line[len(nonce) + 1:], limits)
            self.served += 1
            self.cpu_used_s = float(report.get("cpu_used_s") or 0.0)
        if over_quota:  # stopped at once; what it wrote is removed with the worker's scratch
            self.stop()
            clear_folder(self.scratch)
        if line is None:  # the worker closed its stdout: let it finish dying for its status
            try:
                self.proc.wait(timeout=5)
            except subprocess.TimeoutExpired:
                pass
        returncode = self.proc.poll()  # None while it lives: its own end, not our stop
        ooms, tasks_hit = self.groups.oom_kills(), self.groups.task_limit_hit()  # before a stop
        if timed_out or line is None:
            self.stop()  # ran past its time, or died: the next snippet gets a new worker
            returncode = self.proc.returncode
        elif not report.get("ok"):
            self.stop()  # failed (out of memory, or an exception part-way): its state is not
            # to be trusted, so the corrected snippet starts in a fresh worker
        if ooms > self._ooms or tasks_hit:
            self.stop()  # the kernel refused it memory or tasks: start the next one afresh
        report.update(memory_exceeded=ooms > self._ooms, tasks_exceeded=tasks_hit,
                      scratch_exceeded=over_quota)
        self._ooms = ooms
        report.update(returncode=returncode, timed_out=timed_out,
                      wall_s=round(time.monotonic() - started, 3),
                      stderr_tail=_tail(self.err_path, err_from),
                      worker={"pid": self.proc.pid, "snippets": self.served})
        return report

    def stop(self) -> None:
        """End the worker (its whole process group) and remove its program folder."""
        self.retired = True
        try:
            if self.proc.stdin is not None:
                self.proc.stdin.close()
        except OSError:
            pass
        if self.proc.poll() is None:
            try:
                os.killpg(self.proc.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        self.proc.wait()
        self.groups.close()
        shutil.rmtree(self.program, ignore_errors=True)
        self.err_path.unlink(missing_ok=True)


_WORKERS: dict[str, SessionWorker] = {}  # by the session's zone root
_WORKERS_LOCK = threading.Lock()


def session_worker(zones: dict[str, Path], key: str, limits: Limits,
                   preload: list[str] | tuple[str, ...] = ()) -> SessionWorker:
    """The session's warm worker for ``key`` and these limits, replacing one that no longer
    fits (another revision or sources, other memory or file limits, retired, dead, its CPU
    budget spent). A worker started here imports ``preload`` first (``libraries_named``
    of the snippet it is started for)."""
    root = str(zones["scratch"].parent)
    with _WORKERS_LOCK:
        worker = _WORKERS.get(root)
        if worker is not None and worker.usable(key, limits):
            return worker
        if worker is not None:
            worker.stop()
        worker = _WORKERS[root] = SessionWorker(zones, key, limits, preload)
        return worker


def stop_session(root: Path) -> None:
    """Stop the warm worker of the session whose zones live under ``root``."""
    with _WORKERS_LOCK:
        worker = _WORKERS.pop(str(root), None)
    if worker is not None:
        worker.stop()


def stop_key(root: Path, key: str) -> None:
    """Stop the session's warm worker unless it serves ``key`` (before its view is
    rewritten)."""
    with _WORKERS_LOCK:
        worker = _WORKERS.get(str(root))
        if worker is None or worker.key == key:
            return
        del _WORKERS[str(root)]
    worker.stop()


@atexit.register
def _stop_all() -> None:
    with _WORKERS_LOCK:
        workers = list(_WORKERS.values())
        _WORKERS.clear()
    for worker in workers:
        worker.stop()


def _shape(limits: Limits) -> tuple:
    """The limits a worker is started with (the rest apply per snippet)."""
    return (limits.memory_mb, limits.scratch_mb, limits.tasks, limits.tmp_mb)


def _tail(path: Path, start: int) -> str:
    try:
        with open(path, "rb") as fh:
            fh.seek(max(start, fh.seek(0, os.SEEK_END) - 2000))
            return fh.read().decode("utf-8", "replace")
    except OSError:
        return ""


def _present(confined: bool, seccomp: bytes | None, groups: list[str]) -> list[str]:
    have = ["process", "rlimits", "scratch-quota", *groups]
    if confined:
        have += ["namespaces", "filesystem", "network"]
    if seccomp:
        have.append("seccomp")
    return [m for m in MECHANISMS if m in have]


def scratch_over(folder: Path, quota_mb: int) -> bool:
    """Whether the files under ``folder`` (links not followed) take more than ``quota_mb``
    MiB of disk, or there are more than ``SCRATCH_MAX_ENTRIES`` of them."""
    total, entries, stack = 0, 0, [str(folder)]
    while stack:
        try:
            with os.scandir(stack.pop()) as it:
                for entry in it:
                    entries += 1
                    if entries > SCRATCH_MAX_ENTRIES:
                        return True
                    st = entry.stat(follow_symlinks=False)
                    total += st.st_blocks * 512
                    if entry.is_dir(follow_symlinks=False):
                        stack.append(entry.path)
        except OSError:
            continue
    return total > quota_mb * 2**20


def clear_folder(folder: Path) -> None:
    """Remove everything inside ``folder`` (links removed, never followed)."""
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return
    for entry in entries:
        if entry.is_dir(follow_symlinks=False):
            shutil.rmtree(entry.path, ignore_errors=True)
        else:
            try:
                os.unlink(entry.path)
            except OSError:
                pass


def _python() -> str:
    """This interpreter by a normalised path (``..`` would need folders the sandbox lacks);
    not resolved, so that a virtual environment stays in effect."""
    return os.path.abspath(sys.executable)


def _python_roots() -> list[str]:
    """The folders a worker's Python needs: the install, the venv, their site-packages
    (found without importing the libraries: igraph's import alone takes seconds)."""
    import importlib.util

    roots = {os.path.abspath(p) for p in (sys.prefix, sys.base_prefix,
                                          sysconfig.get_paths()["stdlib"])}
    for name in ("networkx", "pandas", "igraph"):
        spec = importlib.util.find_spec(name)
        if spec is not None and spec.origin:
            roots.add(str(Path(spec.origin).resolve().parent.parent))
    roots.add(str(Path(sys.executable).resolve().parent))
    return sorted(r for r in roots if not r.startswith("/usr"))


def _bwrap_argv(zones: dict[str, Path], seccomp: bytes | None,
                limits: Limits) -> list[str]:
    # /tmp and /dev/shm are tmpfs of their own size where bubblewrap can set one (0.8 and
    # later); their pages count in the worker's memory cgroup too
    tmp = ["--size", str(limits.tmp_mb * 2**20)] if bwrap_sizes_tmpfs() else []
    argv = ["bwrap", "--unshare-all", "--die-with-parent", "--new-session",
            "--uid", "65534", "--gid", "65534", "--ro-bind", "/usr", "/usr",
            "--proc", "/proc", "--dev", "/dev", *tmp, "--tmpfs", "/tmp",
            *tmp, "--tmpfs", "/dev/shm"]
    for name in ("lib", "lib64", "bin", "sbin"):
        if os.path.islink(f"/{name}"):
            argv += ["--symlink", os.readlink(f"/{name}"), f"/{name}"]
        elif os.path.isdir(f"/{name}"):
            argv += ["--ro-bind", f"/{name}", f"/{name}"]
    for root in _python_roots():
        argv += ["--ro-bind", root, root]
    argv += ["--ro-bind", str(zones["environment"]), INSIDE["environment"],
             "--ro-bind", str(zones["uploaded"]), INSIDE["uploaded"],
             "--bind", str(zones["scratch"]), INSIDE["scratch"],
             "--ro-bind", str(zones["job"]), INSIDE["program"],
             "--chdir", INSIDE["scratch"], "--clearenv",
             "--setenv", "HOME", INSIDE["scratch"], "--setenv", "MPLCONFIGDIR", "/tmp",
             "--setenv", "OMP_NUM_THREADS", "1", "--setenv", "OPENBLAS_NUM_THREADS", "1",
             "--setenv", "PYTHONDONTWRITEBYTECODE", "1"]
    if seccomp:
        argv += ["--seccomp", "SECCOMP_FD"]
    argv += [_python(), "-I", f"{INSIDE['program']}/worker.py",
             f"{INSIDE['program']}/start.json"]
    return argv


def _host_env() -> dict[str, str]:
    keep = ("PATH", "LANG", "LC_ALL", "SYSTEMROOT")
    env = {k: v for k, v in os.environ.items() if k in keep}
    env.update(OMP_NUM_THREADS="1", OPENBLAS_NUM_THREADS="1", MPLCONFIGDIR="/tmp")
    return env


@functools.lru_cache(maxsize=1)
def bwrap_works() -> bool:
    """Whether bubblewrap can create the namespaces here (checked once per process)."""
    exe = shutil.which("bwrap")
    if exe is None or os.environ.get("IGRAPH_AGENT_SANDBOX") == "rlimits":
        return False
    probe = [exe, "--unshare-all", "--die-with-parent", "--uid", "65534", "--gid", "65534",
             "--ro-bind", "/usr", "/usr", "--proc", "/proc", "--dev", "/dev"]
    for name in ("lib", "lib64", "bin"):
        if os.path.islink(f"/{name}"):
            probe += ["--symlink", os.readlink(f"/{name}"), f"/{name}"]
    probe += ["/usr/bin/true"]
    try:
        return subprocess.run(probe, capture_output=True, timeout=20).returncode == 0
    except (OSError, subprocess.TimeoutExpired):
        return False


@functools.lru_cache(maxsize=1)
def bwrap_sizes_tmpfs() -> bool:
    """Whether the installed bubblewrap has ``--size`` for a tmpfs."""
    try:
        shown = subprocess.run(["bwrap", "--help"], capture_output=True, text=True, timeout=20)
    except (OSError, subprocess.TimeoutExpired):
        return False
    return "--size" in shown.stdout + shown.stderr


def new_call_dir(base: Path) -> Path:
    """A fresh host-only folder (a worker's program and start files)."""
    path = base / uuid.uuid4().hex[:12]
    path.mkdir(parents=True)
    return path
