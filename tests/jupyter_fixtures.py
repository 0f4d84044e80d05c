"""Real Jupyter kernels for the magic tests (jupyter_client + ipykernel 7, and ipykernel 6).

ipykernel 6 is not in the venv (7 is); it lives in ``.venv/ipykernel6`` (``pip install
--no-deps --target``), installed on first use, and a kernelspec puts that folder first on
``PYTHONPATH`` — same interpreter, same packages, only ipykernel differs.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from queue import Empty
from typing import Any

from igraph_agent.jupyter.runview import PARTS, join

REPO = Path(__file__).resolve().parents[1]
IPYKERNEL6_DIR = REPO / ".venv" / "ipykernel6"
KARATE = REPO / "tests" / "data" / "karate.csv"


def ipykernel6_dir() -> Path:
    """``.venv/ipykernel6`` with ipykernel<7 in it (installed from PyPI the first time)."""
    if not (IPYKERNEL6_DIR / "ipykernel").is_dir():
        subprocess.run([sys.executable, "-m", "pip", "install", "-q", "--no-deps", "--target",
                        str(IPYKERNEL6_DIR), "ipykernel>=6.29,<7", "nest_asyncio"], check=True)
    return IPYKERNEL6_DIR


def kernelspecs(folder: Path) -> Path:
    """Kernelspecs ``ipk7`` (the venv's ipykernel) and ``ipk6`` under ``folder``."""
    for name, extra in (("ipk7", None), ("ipk6", ipykernel6_dir())):
        d = folder / name
        d.mkdir(parents=True, exist_ok=True)
        spec: dict[str, Any] = {"argv": [sys.executable, "-m", "ipykernel_launcher", "-f",
                                         "{connection_file}"],
                                "display_name": name, "language": "python"}
        if extra is not None:
            spec["env"] = {"PYTHONPATH": os.pathsep.join(
                [str(extra), *filter(None, [os.environ.get("PYTHONPATH")])])}
        (d / "kernel.json").write_text(json.dumps(spec))
    return folder


@dataclass
class Execution:
    stdout: str = ""
    stderr: str = ""
    displays: list[dict[str, Any]] = field(default_factory=list)
    result: dict[str, Any] | None = None
    error: dict[str, Any] | None = None
    status: str = ""
    elapsed_s: float = 0.0

    @property
    def text(self) -> str:
        return self.stdout + self.stderr


def kernel_env(home: Path) -> dict[str, str]:
    """This process's environment without model keys, with its own project home."""
    env = {k: v for k, v in os.environ.items()
           if not k.endswith("_API_KEY") and k != "IGRAPH_AGENT_MODEL"}
    return {**env, "IGRAPH_AGENT_HOME": str(home), "LITELLM_LOCAL_MODEL_COST_MAP": "True"}


class KernelSession:
    """A started kernel; ``run(code)`` executes a cell and collects what it produced."""

    def __init__(self, kernel_name: str, spec_dir: Path, cwd: Path, env: dict[str, str]) -> None:
        """Start ``kernel_name`` in ``cwd`` with exactly the environment ``env``."""
        from jupyter_client import KernelManager
        from jupyter_client.kernelspec import KernelSpecManager

        ksm = KernelSpecManager(kernel_dirs=[str(spec_dir)])
        self.km = KernelManager(kernel_name=kernel_name, kernel_spec_manager=ksm)
        self.km.start_kernel(cwd=str(cwd), env=env)
        self.home = Path(env.get("IGRAPH_AGENT_HOME", cwd / ".igraph-agent"))
        self.kc = self.km.client()
        self.kc.start_channels()
        self.kc.wait_for_ready(timeout=60)
        self.iopub: list[dict[str, Any]] = []

    def run(self, code: str, timeout: float = 180) -> Execution:
        started = time.perf_counter()
        msg_id = self.kc.execute(code)
        out = Execution()
        deadline = time.monotonic() + timeout
        idle = False
        while not idle:
            msg = self._next_iopub(deadline)
            if msg["parent_header"].get("msg_id") != msg_id:
                continue
            kind, content = msg["msg_type"], msg["content"]
            if kind == "stream":
                if content["name"] == "stdout":
                    out.stdout += content["text"]
                else:
                    out.stderr += content["text"]
            elif kind in ("display_data", "update_display_data"):
                out.displays.append(content["data"])
            elif kind == "execute_result":
                out.result = content["data"]
                out.elapsed_s = time.perf_counter() - started
            elif kind == "error":
                out.error = content
            elif kind == "status" and content["execution_state"] == "idle":
                idle = True
        while True:  # this cell's reply (a cell a test executed itself may have left its own)
            reply = self.kc.get_shell_msg(timeout=max(1.0, deadline - time.monotonic()))
            if reply["parent_header"].get("msg_id") == msg_id:
                break
        out.status = reply["content"]["status"]
        if not out.elapsed_s:
            out.elapsed_s = time.perf_counter() - started
        return out

    def _next_iopub(self, deadline: float) -> dict[str, Any]:
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError("the kernel did not finish the cell in time")
            try:
                msg = self.kc.get_iopub_msg(timeout=min(left, 1.0))
            except Empty:
                continue
            self.iopub.append(msg)
            return msg

    def collect(self, seconds: float) -> None:
        """Keep reading iopub for ``seconds`` (updates sent by background threads)."""
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            try:
                self.iopub.append(self.kc.get_iopub_msg(timeout=0.1))
            except Empty:
                pass

    def widget_parts(self) -> dict[str, dict[str, Any]]:
        """The latest value of each synced part of every run panel seen on iopub, by comm id
        (a panel opens with all its parts, then each update sends only those it changed)."""
        parts: dict[str, dict[str, Any]] = {}
        for msg in self.iopub:
            if msg["msg_type"] not in ("comm_open", "comm_msg"):
                continue
            data = msg["content"].get("data") or {}
            state = data.get("state") or {}
            comm_id = msg["content"]["comm_id"]
            if msg["msg_type"] == "comm_open" and "header" in state and "labels" in state:
                parts[comm_id] = {}
            if comm_id in parts:
                parts[comm_id].update({k: v for k, v in state.items() if k in PARTS})
        return parts

    def widget_views(self) -> dict[str, dict[str, Any]]:
        """The view of every run panel seen on iopub (its parts joined), by comm id."""
        return {comm_id: join(parts) for comm_id, parts in self.widget_parts().items()}

    def view_of(self, run_id: str) -> dict[str, Any]:
        for view in self.widget_views().values():
            if view.get("run_id") == run_id:
                return view
        raise KeyError(f"no panel for {run_id}")

    def shutdown(self) -> None:
        self.kc.stop_channels()
        self.km.shutdown_kernel(now=True)
