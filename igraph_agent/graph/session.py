"""The graph loaded into one session: what is really in memory, not what is bound."""

from __future__ import annotations

import threading
from dataclasses import dataclass, field
from typing import Any

import networkx as nx

from igraph_agent.errors import ErrorCode, ToolError


@dataclass
class SessionGraph:
    """One session's loaded graph, its dataset/revision and the sources attached to it.

    ``dataset_id`` alone never counts as loaded: ``graph`` must be present.
    """

    session_id: str
    graph: nx.Graph | None = None
    dataset_id: str | None = None
    revision: int | None = None
    attached_sources: list[str] = field(default_factory=list)
    _igraph: Any = None
    partition: dict[str, Any] | None = None  # latest community partition (tools/community.py)
    construction_status: str | None = None  # of dataset_id: pending | ready | failed
    # dataset_id -> the revision its attached content built (what a load binds to by default)
    bindings: dict[str, int] = field(default_factory=dict)
    #: GraphSpec fields the request's attachments chose (``Edges``: direction, weight)
    attach_choices: dict[str, Any] = field(default_factory=dict)
    changes: int = 0  # bumped by every load, clear and construction: see state_token()
    lock: threading.RLock = field(default_factory=threading.RLock, repr=False)

    @property
    def loaded(self) -> bool:
        return self.graph is not None

    def require(self) -> nx.Graph:
        """The loaded graph, or GRAPH_NOT_LOADED with what to do about it."""
        if self.graph is None:
            raise ToolError(
                ErrorCode.GRAPH_NOT_LOADED,
                "no graph is loaded in this session",
                hint="call get_graph_info to see attached sources and datasets, then "
                "construct_graph and load_constructed_graph",
            )
        return self.graph

    def set_graph(self, graph: nx.Graph, dataset_id: str, revision: int) -> None:
        with self.lock:
            self.graph = graph
            self.dataset_id = dataset_id
            self.revision = revision
            self.construction_status = "ready"
            self._igraph = None
            self.partition = None
            self.changes += 1

    def clear(self) -> None:
        with self.lock:
            self.graph = None
            self.dataset_id = None
            self.revision = None
            self.construction_status = None
            self._igraph = None
            self.partition = None
            self.changes += 1

    def state_token(self) -> str:
        """Identity of the graph state (dataset, revision, loaded, and every change since):
        a call that failed in one state may succeed in another."""
        return f"{self.dataset_id}@{self.revision}:{int(self.loaded)}#{self.changes}"

    def describe(self) -> str:
        """The graph state in words, for messages."""
        if self.graph is None:
            return "no graph loaded"
        return f"{self.dataset_id} r{self.revision} loaded"

    def igraph(self):
        """The loaded graph as python-igraph, cached per revision.

        Returns ``(ig.Graph, ids)`` where ``ids[i]`` is the original node id of vertex ``i``.
        """
        g = self.require()
        with self.lock:
            if self._igraph is None:
                from igraph_agent.graph.summary import igraph_view

                self._igraph = igraph_view(g)
            return self._igraph

    def data_state(self) -> dict[str, Any]:
        return {
            "active_dataset_id": self.dataset_id,
            "revision": self.revision,
            "construction_status": self.construction_status,
            "loaded": self.loaded,
            "construction_sources": list(self.attached_sources),
        }
