"""Result models of the data tools (``tools/data.py``)."""

from __future__ import annotations

from typing import Any

from pydantic import ConfigDict

from igraph_agent.results import NodeId, Number, Part, Row, Table, ToolData


class GetGraphInfoDataState(Part):
    active_dataset_id: str | None
    revision: int | None
    construction_status: str | None
    loaded: bool
    construction_sources: list[str]


class GetGraphInfoAttachedSource(Row):
    source_id: str
    name: str
    kind: str
    tables: dict[str, Any]
    rows: Any = None
    notes: list[str] | None = None  # what attaching changed (renames, merged parallel edges)
    directed: bool | None = None  # a directed graph source


class GetGraphInfoAvailableDataset(Row):
    """A stored dataset: its id, name, status and revision, then its stored description
    (``meta``: size, direction, kind, weights ...), key for key."""

    model_config = ConfigDict(extra="allow")

    dataset_id: str
    name: str
    construction_status: str
    revision: int
    nodes: int | None = None
    edges: int | None = None
    directed: bool | None = None
    kind: str | None = None
    weighted: bool | None = None


class GetGraphInfoSampleNode(Row):
    id: NodeId
    label: Any | None = None


class GetGraphInfoResult(ToolData):
    """What ``get_graph_info`` returns."""

    loaded: bool
    data_state: GetGraphInfoDataState
    attached_sources: Table[GetGraphInfoAttachedSource]
    available_datasets: Table[GetGraphInfoAvailableDataset]
    dataset_id: str | None = None
    revision: int | None = None
    construction_status: str | None = None
    nodes: int | None = None
    edges: int | None = None
    directed: bool | None = None
    weighted: bool | None = None
    node_attributes: list[str] | None = None
    edge_attributes: list[str] | None = None
    components: int | None = None
    #: nodes in no edge (None for a revision stored before it was counted)
    isolated: int | None = None
    density: Number | None = None
    sample_nodes: Table[GetGraphInfoSampleNode] | None = None
    meaning: dict[str, Any] | None = None  # direction, weight roles, groups, modes (graph/semantics.py)
    next: str | None = None


class ConstructGraphResult(ToolData):
    """What ``construct_graph`` returns: the dataset, its stored description (``meta``, key
    for key) and whether it was reused; ``latest_revision`` when the content is an older
    revision (sizes then None)."""

    model_config = ConfigDict(extra="allow")

    dataset_id: str
    construction_status: str
    nodes: int | None = None
    edges: int | None = None
    directed: bool | None = None
    kind: str | None = None
    weighted: bool | None = None
    revision: int
    reused: bool
    latest_revision: int | None = None


class LoadConstructedGraphResult(ToolData):
    """What ``load_constructed_graph`` returns."""

    dataset_id: str
    revision: int
    nodes: int
    edges: int
    loaded: bool
