"""Everything that imports IPython, ipywidgets or anywidget: magics, the run panel, display.

``%load_ext igraph_agent`` registers ``%%agent`` / ``%agent`` (``magics.py``). From Python,
``agent()`` is the kernel's Agent — the same one the magics use.

In a notebook cell::

    from igraph_agent.jupyter import agent
    agent().runs()
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from igraph_agent.runtime.agent import Agent


def agent() -> Agent:
    """The kernel's Agent (home: ``IGRAPH_AGENT_HOME`` or ``./.igraph-agent``)."""
    from igraph_agent.jupyter.kernel_bridge import get_bridge

    return get_bridge().agent
