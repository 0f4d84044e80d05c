"""Connecting this process to the Ray cluster that ``IGRAPH_AGENT_CLUSTER`` names.

The setting is ``auto`` (a local Ray started on demand), ``ray://host:port`` (Ray Client)
or ``host:port`` (a cluster's GCS address). Unset means no cluster: jobs run in this
process. Connecting checks the address with a plain TCP connect first, so an unreachable
cluster is a prompt ``CLUSTER_UNAVAILABLE`` instead of Ray's long retry loop.

Example::

    >>> from igraph_agent.cluster.connect import parse_address
    >>> parse_address("ray://10.0.0.5:10001")
    'ray://10.0.0.5:10001'
    >>> parse_address(" AUTO ")
    'auto'
    >>> parse_address("") is None
    True
    >>> parse_address("not an address")
    Traceback (most recent call last):
    ...
    igraph_agent.errors.AgentError: [SETTING_INVALID] IGRAPH_AGENT_CLUSTER='not an address' is not valid: it must be auto, ray://host:port or host:port
"""

from __future__ import annotations

import os
import re
import socket
import threading
from typing import Any

from igraph_agent.errors import AgentError, ErrorCode

VARIABLE = "IGRAPH_AGENT_CLUSTER"
NAMESPACE = "igraph_agent"
REACH_TIMEOUT_S = 5.0
_ADDRESS = re.compile(r"^(ray://)?(?P<host>[A-Za-z0-9.\-]+|\[[0-9A-Fa-f:]+\]):(?P<port>\d{1,5})$")

_lock = threading.Lock()
_connected: str | None = None


def parse_address(value: str | None) -> str | None:
    """The cluster address a setting names, normalised; ``None`` for no cluster."""
    raw = (value or "").strip()
    if not raw:
        return None
    if raw.lower() == "auto":
        return "auto"
    if _ADDRESS.match(raw):
        return raw
    raise AgentError(ErrorCode.SETTING_INVALID,
                     f"{VARIABLE}={raw[:100]!r} is not valid: it must be auto, ray://host:port or host:port",
                     hint=f"fix or unset {VARIABLE} (docs/cluster.md)",
                     details={"variable": VARIABLE, "value": raw[:100]})


def unavailable(address: str, why: str, *, retryable: bool = True) -> AgentError:
    """The coded error for a cluster this process cannot use."""
    return AgentError(ErrorCode.CLUSTER_UNAVAILABLE,
                      f"the Ray cluster at {address} cannot be used: {why}",
                      hint="start it (`ray start --head`, docs/cluster.md), fix "
                           f"{VARIABLE}, or unset it to run jobs in this process",
                      retryable=retryable, details={"address": address})


def check_reachable(address: str, timeout: float = REACH_TIMEOUT_S) -> None:
    """A TCP connect to the address's host and port; ``CLUSTER_UNAVAILABLE`` if refused."""
    m = _ADDRESS.match(address)
    if m is None:
        return
    host = m.group("host").strip("[]")
    try:
        with socket.create_connection((host, int(m.group("port"))), timeout=timeout):
            pass
    except OSError as exc:
        raise unavailable(address, f"nothing answers there ({exc.strerror or exc})") from None


def ensure_connected(address: str) -> Any:
    """The ``ray`` module, initialised against ``address`` once per process.

    Raises ``CLUSTER_UNAVAILABLE`` when Ray is not installed or the cluster cannot be
    reached; a process connected to another address is reconnected.
    """
    global _connected
    try:
        import ray
    except ImportError:
        raise unavailable(address, "Ray is not installed (pip install 'igraph-agent[cluster]')",
                          retryable=False) from None
    with _lock:
        if ray.is_initialized() and (_connected == address or _in_ray_worker(ray)):
            return ray  # a task or actor of the cluster is connected to it already
        if ray.is_initialized():
            ray.shutdown()
        os.environ.setdefault("RAY_USAGE_STATS_ENABLED", "0")
        kwargs: dict[str, Any] = {"namespace": NAMESPACE, "logging_level": "ERROR",
                                  "log_to_driver": False, "ignore_reinit_error": True}
        try:
            if address == "auto":
                ray.init(include_dashboard=False, **kwargs)
            else:
                check_reachable(address)
                ray.init(address=address, **kwargs)
        except AgentError:
            raise
        except Exception as exc:  # Ray raises ConnectionError, RuntimeError, grpc errors
            raise unavailable(address, f"{type(exc).__name__}: {str(exc)[:300]}") from None
        _connected = address
        return ray


def _in_ray_worker(ray: Any) -> bool:
    """Whether this process is a Ray worker (running a task or an actor): it must keep its
    own connection, never shut it down to connect again."""
    from ray._private.worker import global_worker

    return global_worker.mode == ray.WORKER_MODE


def disconnect() -> None:
    """Leave the cluster (jobs submitted as detached keep running there)."""
    global _connected
    with _lock:
        if _connected is None:
            return
        import ray

        if ray.is_initialized():
            ray.shutdown()
        _connected = None
