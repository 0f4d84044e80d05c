"""A session's stored state (``sessions.state``), typed and read or written in one place.

The state holds the session's data state (``SessionGraph.data_state()``: the active
dataset, its revision, whether it was loaded, the sources it was built from) and the plan
kept with ``planning_mode=always``. Writing one part keeps the others as stored.

Example::

    >>> sid = store.create_session()
    >>> set_session_state(store, sid, plan={"goal": "hubs"})
    >>> state = session_state(store, sid)
    >>> state.plan, state.data_state
    ({'goal': 'hubs'}, None)
    >>> set_session_state(store, sid, data_state=DataState(active_dataset_id="ds_1", revision=2))
    >>> session_state(store, sid).data_state.revision
    2
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from igraph_agent.store.db import Store


class DataState(BaseModel):
    """The session's data as the last run left it (``SessionGraph.data_state()``): the active
    dataset and revision, its construction status, whether it was loaded, the sources it
    was built from. Other keys are kept as stored."""

    model_config = ConfigDict(extra="allow")

    active_dataset_id: str | None = None
    revision: int | None = None
    construction_status: str | None = None
    loaded: bool = False
    construction_sources: list[str] = Field(default_factory=list)


class SessionState(BaseModel):
    """What a session keeps between runs; other keys are kept as stored."""

    model_config = ConfigDict(extra="allow")

    data_state: DataState | None = None
    plan: dict[str, Any] | None = None


def _stored(store: Store, session_id: str) -> dict[str, Any]:
    row = store.get_session(session_id) or {}
    return dict(row.get("state") or {})


def session_state(store: Store, session_id: str) -> SessionState:
    """The session's state as stored (empty for a session without one)."""
    return SessionState.model_validate(_stored(store, session_id))


def set_session_state(store: Store, session_id: str, **parts: Any) -> None:
    """Store these parts of the session's state (``data_state=``, ``plan=``), keeping the
    rest; a part may be given as its model or as the dict it stores."""
    state = _stored(store, session_id)
    state.update({k: v.model_dump(mode="json") if isinstance(v, BaseModel) else v
                  for k, v in parts.items()})
    store.update_session_state(session_id, state)
