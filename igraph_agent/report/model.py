"""The report as data: what create_analysis_report saves to ``<home>/reports/<run_id>.json``."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, Field

DISCLAIMER = ("This report describes structure measured in one revision of the graph. It is "
              "not proof of business correctness: the graph reflects how it was built from "
              "the data, and a central or bridging node is a pattern in that graph, not an "
              "established cause, value or risk.")


class SourceRef(BaseModel):
    """One tool result of this run, by its real tool name and call id."""

    tool: str = Field(description="the tool's name, e.g. node_centrality")
    call_id: str = Field(description="the call id of that result in this run")


class Finding(BaseModel):
    """One measured result, with the numbers a code cell recomputes."""

    id: str
    title: str
    text: str = Field(description="markdown; every number in it comes from the source result")
    source: SourceRef
    table: list[dict[str, Any]] = Field(default_factory=list)
    numbers: dict[str, Any] = Field(default_factory=dict,
                                    description="what the code cell's `result` must equal")
    tolerance: float = 1e-5
    code: str | None = Field(default=None, description="a cell recomputing `numbers` with "
                             "networkx / pandas from the stored revision")
    not_reproducible: str | None = Field(default=None, description="why there is no code cell")
    limitations: list[str] = Field(default_factory=list)


class Figure(BaseModel):
    title: str
    path: str
    source: SourceRef


class DatasetRef(BaseModel):
    dataset_id: str | None
    revision: int | None
    home: str
    nodes: int | None = None
    edges: int | None = None
    directed: bool | None = None
    weighted: bool | None = None


class Report(BaseModel):
    version: Literal[1] = 1
    run_id: str
    title: str
    question: str
    model: str | None = None
    created_at: float
    dataset: DatasetRef
    sources: list[SourceRef]
    method: list[str]
    findings: list[Finding]
    figures: list[Figure] = Field(default_factory=list)
    measured: list[str]
    inference: list[str]
    limitations: list[str]
    next_steps: list[str]
    disclaimer: str = DISCLAIMER
