"""Analysis reports: sections built from one run's tool results, reproducible code cells,
and writing them as notebook cells (docs/reports.md).

Example::

    >>> from igraph_agent.report import load_report, write_notebook
    >>> from igraph_agent.data import path
    >>> resp = agent.ask("Write a report on the most central nodes", attach=[path("karate.csv")])
    >>> report = load_report(agent.home, resp.run_id)
    >>> write_notebook(report, home / "report.ipynb").name
    'report.ipynb'
"""

from __future__ import annotations

from pathlib import Path

from igraph_agent.errors import ErrorCode, ToolError
from igraph_agent.report.build import build_report
from igraph_agent.report.cells import cells_json, report_cells, report_notebook, write_notebook
from igraph_agent.report.markdown import report_markdown
from igraph_agent.report.model import Finding, Report, SourceRef

__all__ = ["Finding", "Report", "SourceRef", "build_report", "cells_json", "load_report",
           "report_cells", "report_markdown", "report_notebook", "report_path", "save_report",
           "write_notebook"]


def report_path(home: str | Path, run_id: str) -> Path:
    return Path(home) / "reports" / f"{run_id}.json"


def save_report(home: str | Path, report: Report) -> Path:
    """Write ``<home>/reports/<run_id>.json`` (atomically; a later report of the run replaces it)."""
    path = report_path(home, report.run_id)
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.tmp")
    tmp.write_text(report.model_dump_json(indent=1), encoding="utf-8")
    tmp.replace(path)
    return path


def load_report(home: str | Path, run_id: str) -> Report:
    """The saved report of a run; RESULT_UNAVAILABLE when that run made none."""
    path = report_path(home, run_id)
    if not path.is_file():
        raise ToolError(ErrorCode.RESULT_UNAVAILABLE, f"run {run_id} has no saved report",
                        hint="ask with output format 'report' (or ask for a report) first; "
                        f"reports are saved under {Path(home) / 'reports'}")
    return Report.model_validate_json(path.read_text(encoding="utf-8"))
