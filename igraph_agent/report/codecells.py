"""The recompute cells of a run's code snippets, without a written report.

Every successful ``run_graph_code`` call of a run becomes a finding whose cell re-runs the
same code against the same stored revision (``igraph_agent.datasets.load``) and checks the
value it returned. The notebook offers these cells after a run (``publish_code_cells``).

Example::

    >>> report = code_report(agent.home, "run_unknown")
    >>> report is None
    True
"""

from __future__ import annotations

from pathlib import Path

from igraph_agent.report.build import build_report
from igraph_agent.report.model import Report, SourceRef

CODE_TOOL = "run_graph_code"


def code_report(home: str | Path, run_id: str) -> Report | None:
    """A report of the run's successful snippets only; ``None`` when the run has none."""
    from igraph_agent.store import Store
    from igraph_agent.store.runs import Runs

    db = Path(home) / "agent.db"
    if not db.is_file():
        return None
    store = Store(db)
    try:
        record = Runs(store).get(run_id)
        calls = store.tool_calls(run_id) if record is not None else []
        run = record.row() if record is not None else None
    finally:
        store.close()
    done = [c for c in calls if c["tool"] == CODE_TOOL
            and (c.get("envelope") or {}).get("success")]
    if run is None or not done:
        return None
    data = done[-1]["envelope"].get("data") or {}
    refs = [SourceRef(tool=CODE_TOOL, call_id=c["call_id"]) for c in done]
    return build_report(run, calls, refs, home, (data.get("dataset_id"), data.get("revision")),
                        title="Code of this answer")
