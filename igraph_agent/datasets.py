"""Load a stored dataset revision as a plain networkx graph, without an agent.

This is what a report's reproducible code cells call: the graph exactly as the agent
analysed it (same dataset id, same revision), read from the project's parquet files.

Example::

    >>> from igraph_agent.datasets import load
    >>> import igraph_agent.data
    >>> resp = agent.ask("How big is the graph?", attach=[igraph_agent.data.path("karate.csv")])
    >>> dataset_id = resp.graph.dataset_id          # the graph the run used
    >>> G = load(dataset_id, revision=1, home=agent.home)  # home: default $IGRAPH_AGENT_HOME
    >>> G.number_of_nodes(), G.number_of_edges()
    (34, 78)
"""

from __future__ import annotations

import os
from pathlib import Path

import networkx as nx

from igraph_agent.errors import ErrorCode, ToolError

__all__ = ["load", "project_home"]


def project_home(home: str | Path | None = None) -> Path:
    """The project folder: ``home``, else ``$IGRAPH_AGENT_HOME``, else ``./.igraph-agent``."""
    return Path(home if home is not None else os.environ.get("IGRAPH_AGENT_HOME", ".igraph-agent"))


def load(dataset_id: str, revision: int | None = None, home: str | Path | None = None) -> nx.Graph:
    """The stored graph of ``dataset_id`` at ``revision`` (latest when omitted).

    Raises :class:`~igraph_agent.errors.ToolError` with DATASET_SCOPE_REQUIRED when the
    project has no such dataset (or no project exists at ``home``), REVISION_CONFLICT for a
    revision it does not have.

    Example::

        >>> load("ds_1a2b3c4d5e6f", 1, home=home)
        Traceback (most recent call last):
        ...
        igraph_agent.errors.ToolError: ...
    """
    from igraph_agent.graph.workspace import Workspace
    from igraph_agent.store import Store

    root = project_home(home)
    if not (root / "agent.db").is_file():
        raise ToolError(ErrorCode.DATASET_SCOPE_REQUIRED,
                        f"no igraph-agent project at {root.resolve()}",
                        hint="pass home= the project folder the report was made in, or set "
                        "IGRAPH_AGENT_HOME")
    store = Store(root / "agent.db")
    try:
        graph, _ = Workspace(root, store).load(dataset_id, revision)
    finally:
        store.close()
    return graph
