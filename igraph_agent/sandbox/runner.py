"""Run one snippet in a confined worker process and classify what happened.

The worker is ``python -I worker.py job.json`` started through bubblewrap: new user, PID,
network, IPC, UTS and cgroup namespaces; a filesystem holding only the Python install,
the system libraries, the read-only Environment (graph and tables), the read-only Uploaded
files and the writable Ephemeral scratch; the seccomp filter of :mod:`.seccomp`; rlimits
set by the worker before it reads anything. Without a working bubblewrap the worker runs
with rlimits only and the outcome lists what was missing (``confinement.missing``).

Example::

    >>> import networkx as nx
    >>> zones = {name: home / "sandbox" / name for name in ("environment", "uploaded", "scratch", "job")}
    >>> prepare_environment(zones["environment"], "ds_1@1", nx.path_graph(4), {})
    True
    >>> outcome = run_snippet("result = G.number_of_nodes()", zones, Limits())
    >>> outcome["ok"], outcome["result"]
    (True, 4)
"""

from __future__ import annotations

import functools
import json
import os
import pickle
import shutil
import signal
import subprocess
import sys
import sysconfig
import time
import uuid
from pathlib import Path
from typing import Any

from igraph_agent.sandbox.limits import Limits
from igraph_agent.sandbox.seccomp import filter_bytes

WORKER = Path(__file__).with_name("worker.py")
# Paths the snippet sees (inside the sandbox); without bubblewrap the host paths are used.
INSIDE = {"environment": "/environment", "uploaded": "/uploaded", "scratch": "/scratch",
          "program": "/program"}
MECHANISMS = ["process", "rlimits", "namespaces", "filesystem", "network", "seccomp"]


def prepare_environment(folder: Path, key: str, graph: Any, tables: dict[str, Any]) -> bool:
    """Write the view code reads (``graph.pickle``, ``tables.pickle``) unless ``key`` (the
    revision and attached sources it was made from) is already there. Returns whether it
    wrote. The caller holds the session lock: pickling reads the graph, never changes it."""
    folder.mkdir(parents=True, exist_ok=True)
    marker = folder / "view.key"
    if marker.is_file() and marker.read_text() == key:
        return False
    marker.unlink(missing_ok=True)
    for name, value in (("graph.pickle", graph), ("tables.pickle", tables)):
        with open(folder / name, "wb") as fh:
            pickle.dump(value, fh, protocol=pickle.HIGHEST_PROTOCOL)
    marker.write_text(key)
    return True


def run_snippet(code: str, zones: dict[str, Path], limits: Limits) -> dict[str, Any]:
    """Run ``code`` against a prepared environment; returns the worker's report plus
    ``confinement`` (the mechanisms in force and those missing).

    ``zones``: ``environment`` (prepared, read-only), ``uploaded`` (read-only), ``scratch``
    (writable), ``job`` (host-only files of this call).
    """
    job_dir = zones["job"]
    for key in ("environment", "uploaded", "scratch", "job"):
        zones[key].mkdir(parents=True, exist_ok=True)
    confined = bwrap_works()
    paths = INSIDE if confined else {k: str(zones[k]) for k in ("environment", "uploaded",
                                                                 "scratch")}
    job = {"code": code, "limits": limits.model_dump(), **{k: paths[k] for k in
                                                          ("environment", "uploaded", "scratch")}}
    (job_dir / "job.json").write_text(json.dumps(job))
    shutil.copyfile(WORKER, job_dir / "worker.py")
    seccomp = filter_bytes() if confined else None
    argv, fds = (_bwrap_argv(zones, seccomp) if confined else
                 ([_python(), "-I", str(job_dir / "worker.py"), str(job_dir / "job.json")],
                  ()))
    try:
        report = _execute(argv, fds, seccomp, zones, limits)
    finally:
        shutil.rmtree(job_dir, ignore_errors=True)
    missing = [m for m in MECHANISMS if m not in _present(confined, seccomp)]
    report["confinement"] = {"mechanisms": _present(confined, seccomp), "missing": missing}
    return report


def _present(confined: bool, seccomp: bytes | None) -> list[str]:
    have = ["process", "rlimits"]
    if confined:
        have += ["namespaces", "filesystem", "network"]
    if seccomp:
        have.append("seccomp")
    return [m for m in MECHANISMS if m in have]


def _python() -> str:
    """This interpreter by a normalised path (``..`` would need folders the sandbox lacks);
    not resolved, so that a virtual environment stays in effect."""
    return os.path.abspath(sys.executable)


def _python_roots() -> list[str]:
    """The folders a worker's Python needs: the install, the venv, their site-packages."""
    import igraph
    import networkx
    import pandas

    roots = {os.path.abspath(p) for p in (sys.prefix, sys.base_prefix,
                                          sysconfig.get_paths()["stdlib"])}
    for mod in (networkx, pandas, igraph):
        roots.add(str(Path(mod.__file__).resolve().parent.parent))
    roots.add(str(Path(sys.executable).resolve().parent))
    return sorted(r for r in roots if not r.startswith("/usr"))


def _bwrap_argv(zones: dict[str, Path], seccomp: bytes | None) -> tuple[list[str], tuple]:
    argv = ["bwrap", "--unshare-all", "--die-with-parent", "--new-session",
            "--uid", "65534", "--gid", "65534", "--ro-bind", "/usr", "/usr",
            "--proc", "/proc", "--dev", "/dev", "--tmpfs", "/tmp"]
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
             f"{INSIDE['program']}/job.json"]
    return argv, ()


def _execute(argv: list[str], fds: tuple, seccomp: bytes | None, zones: dict[str, Path],
             limits: Limits) -> dict[str, Any]:
    job_dir = zones["job"]
    read_fd = None
    if seccomp:
        read_fd, write_fd = os.pipe()
        os.write(write_fd, seccomp)  # a few hundred bytes: fits the pipe buffer
        os.close(write_fd)
        argv = [str(read_fd) if a == "SECCOMP_FD" else a for a in argv]
    started = time.monotonic()
    with open(job_dir / "out", "wb") as out, open(job_dir / "err", "wb") as err:
        proc = subprocess.Popen(argv, stdout=out, stderr=err, stdin=subprocess.DEVNULL,
                                start_new_session=True, cwd=str(zones["scratch"]),
                                pass_fds=(read_fd,) if read_fd is not None else (),
                                env=_host_env())
        if read_fd is not None:
            os.close(read_fd)
        timed_out = False
        try:
            proc.wait(timeout=limits.wall_s)
        except subprocess.TimeoutExpired:
            timed_out = True
            _kill_group(proc)
    elapsed = round(time.monotonic() - started, 3)
    report = _read_report(job_dir / "out")
    report.update(returncode=proc.returncode, timed_out=timed_out, wall_s=elapsed,
                  stderr_tail=(job_dir / "err").read_bytes()[-2000:].decode("utf-8", "replace"))
    return report


def _host_env() -> dict[str, str]:
    keep = ("PATH", "LANG", "LC_ALL", "SYSTEMROOT")
    env = {k: v for k, v in os.environ.items() if k in keep}
    env.update(OMP_NUM_THREADS="1", OPENBLAS_NUM_THREADS="1", MPLCONFIGDIR="/tmp")
    return env


def _kill_group(proc: subprocess.Popen) -> None:
    try:
        os.killpg(proc.pid, signal.SIGKILL)
    except ProcessLookupError:
        pass
    proc.wait()


def _read_report(path: Path) -> dict[str, Any]:
    with open(path, "rb") as fh:
        fh.seek(0, os.SEEK_END)
        size = fh.tell()
        fh.seek(max(0, size - 4_000_000))
        tail = fh.read().decode("utf-8", "replace")
    last = tail.rstrip().rsplit("\n", 1)[-1] if tail.strip() else ""
    try:
        report = json.loads(last)
    except ValueError:
        return {"ok": False, "error": None}
    return report if isinstance(report, dict) else {"ok": False, "error": None}


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


def new_call_dir(base: Path) -> Path:
    """A fresh host-only folder for one call's job files."""
    path = base / uuid.uuid4().hex[:12]
    path.mkdir(parents=True)
    return path
