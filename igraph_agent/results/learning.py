"""Result models of the learning tools (``tools/learning.py``).

A trained model's metrics, configuration and split come from ``learn/`` and vary with the
task and the architecture: they are kept as mappings here.
"""

from __future__ import annotations

from typing import Any

from pydantic import ConfigDict

from igraph_agent.results import NodeId, Number, Row, Table, ToolData


class TrainEpoch(Row):
    """One epoch of the training history (the metrics depend on the task)."""

    model_config = ConfigDict(extra="allow")

    epoch: int
    loss: Number


class TrainResult(ToolData):
    """What ``train`` returns once its job has stored the model."""

    model_id: str
    task: str
    arch: str
    target: NodeId
    dataset_id: str
    revision: int
    split: dict[str, Any]
    metrics: dict[str, Any]
    best_epoch: int
    epochs_run: int
    stopped_early: bool
    features: list[str]
    classes: list[Any]
    last_epochs: Table[TrainEpoch]
    distributed: dict[str, Any] | None = None
    # a classifier's test accuracy next to the majority-class and chance baselines
    baselines: dict[str, Any] | None = None
    quality: str | None = None
    job_id: str
    final_job_id: str


class InferPrediction(Row):
    """A node's predicted class (node classification) or a pair's score (link prediction)."""

    node: NodeId | None = None
    prediction: Any = None
    score: Number
    known_label: Any = None
    probabilities: dict[str, Number] | None = None
    source: NodeId | None = None
    target: NodeId | None = None
    predicted_link: bool | None = None
    existing_edge: bool | None = None


class InferResult(ToolData):
    """What ``infer`` returns."""

    target: NodeId | None = None
    predictions: Table[InferPrediction]
    requested: int
    truncated: bool
    default_selection: str | None = None
    unlabelled_nodes: int | None = None
    model_id: str
    task: str
    dataset_id: str
    revision: int


class TrainingGroup(Row):
    """The experiments on one dataset revision, task and target, ranked."""

    dataset_id: str
    revision: int
    task: str
    target: NodeId
    split: dict[str, Any]
    metric: str
    experiments: list[dict[str, Any]]
    ranking: list[dict[str, Any]]


class TrainingSummaryResult(ToolData):
    """What ``training_summary`` returns."""

    groups: Table[TrainingGroup]
    experiments: int
    note: str | None
