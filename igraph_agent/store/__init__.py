"""Persistence: the project's SQLite store."""

from igraph_agent.store.db import Store, new_id

__all__ = ["Store", "new_id"]
