"""``igraph-agent mcp --http`` started for a test, bounded and always stopped."""

from __future__ import annotations

import contextlib
import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@contextlib.contextmanager
def serving_http(home: Path, data: Path, token: str) -> Iterator[str]:
    """The server's URL while it runs (it is terminated, then killed, on the way out)."""
    port = free_port()
    proc = subprocess.Popen(
        [sys.executable, "-m", "igraph_agent.cli", "--home", str(home), "mcp", "--http",
         "--host", "127.0.0.1", "--port", str(port), "--token", token,
         "--data-dir", str(data)],
        env={**os.environ, "PYTHONPATH": str(REPO)}, stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and proc.poll() is None:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            break
        except OSError:
            time.sleep(0.2)
    try:
        yield f"http://127.0.0.1:{port}/mcp"
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(timeout=10)
