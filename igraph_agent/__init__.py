"""igraph-agent: a Jupyter-first graph data agent.

``from igraph_agent import Agent, RunOptions`` — imports stay lazy so that
``%load_ext igraph_agent`` is fast (no litellm, torch or cdlib at load).
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING, Any

os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")

__version__ = "0.1.0"
__all__ = ["Agent", "AgentResponse", "Edges", "RunOptions", "__version__",
           "load_ipython_extension"]

if TYPE_CHECKING:
    from igraph_agent.options import RunOptions
    from igraph_agent.response import AgentResponse
    from igraph_agent.runtime.agent import Agent

_LAZY = {
    "Agent": "igraph_agent.runtime.agent",
    "RunOptions": "igraph_agent.options",
    "AgentResponse": "igraph_agent.response",
    "Edges": "igraph_agent.graph.semantics",
}


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        import gc
        import importlib

        collecting = gc.isenabled()
        gc.disable()  # the first import of Agent creates ~1M objects: no collections meanwhile
        try:
            return getattr(importlib.import_module(_LAZY[name]), name)
        finally:
            if collecting:
                gc.enable()
    raise AttributeError(f"module 'igraph_agent' has no attribute {name!r}")


def load_ipython_extension(ipython: Any) -> None:
    from igraph_agent.jupyter.magics import load

    load(ipython)
