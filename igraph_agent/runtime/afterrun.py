"""What happens once a run has ended (or paused): skill traces and memory settlement.

Idempotent; called by ``Agent`` after ``run_loop`` and after a resumed run.

Example::

    >>> from igraph_agent.data import path
    >>> resp = agent.ask("Which nodes are most central?", attach=[path("karate.csv")])
    >>> done = after_run(agent.store, agent.home, resp.run_id)   # idempotent: runs call it too
    >>> done["skills"]
    ['centrality-and-influence']
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from igraph_agent.store import Store


def after_run(store: Store, home: str | Path, run_id: str) -> dict[str, Any]:
    from igraph_agent.memory import Memory
    from igraph_agent.skills.trace import record_traces

    opened = record_traces(store, run_id)
    memory = Memory(store, home, embedder=None)
    settled = memory.settle_run(run_id)
    settled["dropped_unfinished"] = memory.records.drop_unfinished()  # e.g. interrupted runs
    return {"skills": [o["skill"] for o in opened], "memory": settled}
