"""Result model of ``find_tools`` (``tools/offer.py``)."""

from __future__ import annotations

from typing import Any

from igraph_agent.results import ToolData


class FindToolsResult(ToolData):
    """What ``find_tools`` returns: the schemas of the tools that match (name, description,
    parameters, as the model sees them) and the names of the others it could offer."""

    query: str
    tools: list[dict[str, Any]]
    other_tools: list[str]
