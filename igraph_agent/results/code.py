"""Result models of the code tools (``tools/code.py``)."""

from __future__ import annotations

from typing import Any

from igraph_agent.results import Number, ToolData


class RunGraphCodeResult(ToolData):
    """What ``run_graph_code`` returns: the snippet's ``result`` (any JSON), its output and
    the sandbox's limits and confinement."""

    result: Any
    stdout: str
    stdout_truncated: bool
    dataset_id: str | None
    revision: int | None
    tables: list[str]
    derived: list[Any]
    limits: dict[str, Any]
    confinement: dict[str, Any]
    elapsed_s: Number | None
    # the session's warm worker: process id, snippets served, which of G/g/tables it read
    worker: dict[str, Any] | None = None


class ListWorkspaceResult(ToolData):
    """What ``list_workspace`` returns: the code policy, limits and the sandbox's zones."""

    code_policy: str
    limits: dict[str, Any]
    zones: dict[str, Any]
