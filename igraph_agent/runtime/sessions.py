"""The session graphs of one Agent: one :class:`~igraph_agent.graph.session.SessionGraph`
per session, restored from the session's stored data state (``store/sessions.py``) after a
restart, and that state saved again after each run.

A session graph restored from the store is *not loaded* until something loads it: the
runtime's binding loads the session's own dataset before the first model turn
(``runtime/binding.py``); a resumed run loads it here, since its tools expect the graph
its paused turn saw.

Example::

    >>> graphs = SessionGraphs(agent.store, agent.workspace)
    >>> graphs.get("s_1") is graphs.get("s_1")   # one graph object per session
    True
    >>> graphs.get("s_1").loaded
    False
"""

from __future__ import annotations

import threading

from igraph_agent.errors import AgentError
from igraph_agent.graph.session import SessionGraph
from igraph_agent.graph.workspace import Workspace
from igraph_agent.store import Store
from igraph_agent.store.sessions import DataState, session_state, set_session_state


class SessionGraphs:
    """One :class:`SessionGraph` per session id, created from the stored data state."""

    def __init__(self, store: Store, workspace: Workspace) -> None:
        self.store = store
        self.workspace = workspace
        self._graphs: dict[str, SessionGraph] = {}
        self._lock = threading.Lock()

    def stored(self, session_id: str) -> DataState:
        """The session's data state as the last run saved it (empty when none did)."""
        return session_state(self.store, session_id).data_state or DataState()

    def get(self, session_id: str) -> SessionGraph:
        """The session's graph (restored from the store as not-loaded after a restart)."""
        with self._lock:
            if session_id not in self._graphs:
                state = self.stored(session_id)
                self._graphs[session_id] = SessionGraph(
                    session_id, dataset_id=state.active_dataset_id, revision=state.revision)
            return self._graphs[session_id]

    def restored(self, session_id: str) -> SessionGraph:
        """The session graph, reloaded from its dataset revision when a run had it loaded
        (what a resumed run needs); a revision that cannot be read leaves it not loaded
        (tools say GRAPH_NOT_LOADED and the model can load it again)."""
        graph = self.get(session_id)
        state = self.stored(session_id)
        if not graph.attached_sources:
            graph.attached_sources = list(state.construction_sources)
        if not graph.loaded and state.loaded and state.active_dataset_id:
            try:
                g, rev = self.workspace.load(state.active_dataset_id, state.revision)
                graph.set_graph(g, state.active_dataset_id, rev)
            except AgentError:
                pass
        return graph

    def refresh(self, session_id: str) -> SessionGraph:
        """The session graph read again from the store (another process may have changed
        it, e.g. an approved call continued by ``igraph-agent approve``)."""
        with self._lock:
            self._graphs.pop(session_id, None)
        return self.restored(session_id)

    def save(self, graph: SessionGraph) -> None:
        """Store the graph's data state as the session's (after a run ended or paused)."""
        set_session_state(self.store, graph.session_id,
                          data_state=DataState.model_validate(graph.data_state()))

    def ids(self) -> list[str]:
        """The sessions with a graph in this Agent."""
        with self._lock:
            return list(self._graphs)
