"""Trained models on disk: ``<home>/models/<model_id>/`` with ``model.pt`` (weights),
``config.json`` (task, architecture, features and their normalisation, classes, split),
``metrics.json`` (per-epoch history and final metrics) and ``nodes.json`` (node order).

Example::

    >>> net = build_net("gcn", in_dim=4, hidden=8, out_dim=3, layers=2, dropout=0.5)
    >>> config = {"task": "node_classification", "arch": "gcn", "feature_names": ["a", "b", "c", "d"],
    ...           "classes": ["x", "y", "z"], "hidden": 8, "layers": 2, "dropout": 0.5, "heads": 4}
    >>> metrics = {"history": [{"epoch": 1, "loss": 1.1, "val_accuracy": 0.4}], "best_epoch": 1}
    >>> folder = home / "models" / "mdl_demo"
    >>> save_model(folder, net, config, metrics, nodes=["n1", "n2", "n3"])
    >>> net, config, nodes = load_model(folder)
    >>> nodes, read_metrics(folder)["history"][0]["loss"]
    (['n1', 'n2', 'n3'], 1.1)
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from igraph_agent.learn.nets import build_net


def save_model(folder: Path, net: Any, config: dict[str, Any], metrics: dict[str, Any],
               nodes: list[str]) -> None:
    import torch

    tmp = folder.with_name(f".{folder.name}.tmp")
    tmp.mkdir(parents=True, exist_ok=True)
    torch.save(net.state_dict(), tmp / "model.pt")
    (tmp / "config.json").write_text(json.dumps(config, indent=1, default=str))
    (tmp / "metrics.json").write_text(json.dumps(metrics, indent=1, default=str))
    (tmp / "nodes.json").write_text(json.dumps(nodes))
    tmp.rename(folder)


def load_model(folder: Path) -> tuple[Any, dict[str, Any], list[str]]:
    """The network with its trained weights (eval mode), its config and node order."""
    import torch

    config = json.loads((folder / "config.json").read_text())
    nodes = json.loads((folder / "nodes.json").read_text())
    out_dim = len(config["classes"]) if config["task"] == "node_classification" else config["hidden"]
    net = build_net(config["arch"], len(config["feature_names"]), config["hidden"], out_dim,
                    config["layers"], config["dropout"], config["heads"])
    net.load_state_dict(torch.load(folder / "model.pt", weights_only=True))
    net.eval()
    return net, config, nodes


def read_metrics(folder: Path) -> dict[str, Any]:
    return json.loads((folder / "metrics.json").read_text())
