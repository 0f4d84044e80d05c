"""Result models of the report tools (``tools/report.py``)."""

from __future__ import annotations

from igraph_agent.results import ToolData


class CreateAnalysisReportResult(ToolData):
    """What ``create_analysis_report`` returns."""

    report_path: str
    run_id: str
    title: str
    dataset_id: str
    revision: int
    findings: int
    reproducible_cells: int
    figures: int
    sections: list[str]
    finding_summaries: list[str]
