"""Result models of the memory tools (``tools/memory.py``)."""

from __future__ import annotations

from igraph_agent.results import NodeId, ToolData


class RememberResult(ToolData):
    """What ``remember`` returns."""

    id: NodeId
    kind: str
    status: str
    content: str
