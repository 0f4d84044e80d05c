"""The report tool: turn this run's tool results into a saved analysis report.

Example::

    >>> from igraph_agent.data import path
    >>> resp = agent.ask("Write a report on the most central nodes", attach=[path("karate.csv")])
    >>> made = next(r for r in resp.data.values() if r["tool"] == "create_analysis_report")
    >>> made["findings"], made["reproducible_cells"], made["report_path"].endswith(".json")
    (3, 3, True)
"""

from __future__ import annotations

from pydantic import BaseModel, Field

from igraph_agent.errors import ErrorCode, ToolError
from igraph_agent.report import build_report, save_report
from igraph_agent.report.markdown import report_sections
from igraph_agent.report.model import SourceRef
from igraph_agent.results.report import CreateAnalysisReportResult
from igraph_agent.store.runs import Runs
from igraph_agent.tools.registry import ToolContext, ToolOutput, tool


class ReportArgs(BaseModel):
    source_results: list[SourceRef] = Field(
        min_length=1, description="the results of this run the report rests on: each with "
        "its real tool name and call id (e.g. {'tool': 'node_centrality', 'call_id': 'p4_0'})")
    title: str | None = Field(default=None, description="report title; default from the question")


@tool(result=CreateAnalysisReportResult, reads=("workspace",), writes=("report",))
def create_analysis_report(ctx: ToolContext, args: ReportArgs) -> ToolOutput:
    """Write an analysis report of this run from named tool results: question, data and
    revision, method, findings with numbers (each with a code cell that recomputes it from
    the stored revision), figures, limitations, measured vs inference, next steps. Saved
    to the project's reports/<run_id>.json. Call it after the analysis calls, naming them.

    Example: create_analysis_report(source_results=[{"tool": "bridge_nodes", "call_id": "p4_1"}])
    """
    store = ctx.workspace.store
    record = Runs(store).get(ctx.run_id) if ctx.run_id else None
    run = record.row() if record is not None else None
    if run is None:
        raise ToolError(ErrorCode.RUN_NOT_FOUND, "a report needs the run it describes",
                        hint="call create_analysis_report inside an agent run")
    calls = [c for c in store.tool_calls(ctx.run_id) if c["call_id"] != ctx.call_id]
    report = build_report(run, calls, args.source_results, ctx.workspace.home,
                          (ctx.session.dataset_id, ctx.session.revision), title=args.title)
    path = save_report(ctx.workspace.home, report)
    sections = report_sections(report)
    reproducible = sum(1 for f in report.findings if f.code)
    data = {"report_path": str(path), "run_id": report.run_id, "title": report.title,
            "dataset_id": report.dataset.dataset_id, "revision": report.dataset.revision,
            "findings": len(report.findings), "reproducible_cells": reproducible,
            "figures": len(report.figures), "sections": [name for name, _ in sections],
            "finding_summaries": [f"{f.title}: {f.text}" for f in report.findings]}
    return ToolOutput(data=data, revision=report.dataset.revision,
                      summary=f"report with {len(report.findings)} finding(s), {reproducible} "
                              f"reproducible code cell(s), saved to {path.name}")
