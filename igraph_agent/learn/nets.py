"""The graph neural networks: GCN, GraphSAGE and GAT from ``torch_geometric.nn.models``.

Example::

    >>> import torch
    >>> net = build_net("gcn", in_dim=4, hidden=8, out_dim=3, layers=2, dropout=0.5)
    >>> x, edge_index = torch.zeros(3, 4), torch.tensor([[0, 1], [1, 2]])
    >>> net(x, edge_index).shape
    torch.Size([3, 3])
"""

from __future__ import annotations

import contextlib
import os
import random
import warnings
from typing import Any

ARCHS = ("gcn", "sage", "gat")
THREADS_ENV = "IGRAPH_AGENT_TORCH_THREADS"


def require_learning() -> None:
    """TOOL_FAILED with the install command when torch or torch_geometric is missing
    (checked without importing them)."""
    import importlib.util

    from igraph_agent.errors import ErrorCode, ToolError

    missing = [m for m in ("torch", "torch_geometric") if importlib.util.find_spec(m) is None]
    if missing:
        raise ToolError(ErrorCode.TOOL_FAILED,
                        f"graph learning needs {' and '.join(missing)}, which is not installed",
                        hint="install the learn extra: pip install 'igraph-agent[learn]'")


def quiet_import() -> Any:
    """Import torch_geometric without its DeprecationWarnings (torch.jit); returns the module."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        warnings.simplefilter("ignore", UserWarning)
        import torch_geometric
        import torch_geometric.nn.models
    return torch_geometric


def build_net(arch: str, in_dim: int, hidden: int, out_dim: int, layers: int, dropout: float,
              heads: int = 4) -> Any:
    """A ``torch.nn.Module`` taking ``(x, edge_index)``; GAT uses ``heads`` attention heads."""
    quiet_import()
    from torch_geometric.nn.models import GAT, GCN, GraphSAGE

    if arch == "gcn":
        return GCN(in_dim, hidden, layers, out_dim, dropout=dropout)
    if arch == "sage":
        return GraphSAGE(in_dim, hidden, layers, out_dim, dropout=dropout)
    if arch == "gat":
        return GAT(in_dim, hidden, layers, out_dim, dropout=dropout, heads=heads)
    raise ValueError(f"unknown architecture {arch!r}; one of {ARCHS}")


def torch_threads() -> int:
    """Intra-op threads for training: ``IGRAPH_AGENT_TORCH_THREADS``, default 1.

    One thread leaves the other cores to the kernel, and on a busy 2-core machine it ran
    a 300-node GCN epoch in 7 ms against 190-300 ms with two threads (OpenMP contention).
    """
    raw = os.environ.get(THREADS_ENV, "").strip()
    return max(1, int(raw)) if raw.isdigit() else 1


@contextlib.contextmanager
def deterministic(seed: int):
    """Seed torch and Python's ``random``, use deterministic algorithms and
    ``torch_threads()`` threads for the block (the previous settings come back after)."""
    import torch

    before = torch.are_deterministic_algorithms_enabled()
    threads = torch.get_num_threads()
    py_state = random.getstate()  # torch_geometric's negative sampling draws from `random`
    torch.set_num_threads(torch_threads())
    torch.manual_seed(seed)
    random.seed(seed)
    torch.use_deterministic_algorithms(True, warn_only=True)
    try:
        yield
    finally:
        torch.use_deterministic_algorithms(before)
        torch.set_num_threads(threads)
        random.setstate(py_state)
