"""The training curve of a model: loss and validation metrics per epoch (matplotlib).

For a notebook cell or the Jupyter layer when a training job ends.

Example::

    >>> import json
    >>> folder = home / "models" / "mdl_demo"
    >>> folder.mkdir(parents=True)
    >>> history = [{"epoch": e, "loss": 1 / e, "val_accuracy": 0.5 + e / 10} for e in (1, 2, 3)]
    >>> _ = (folder / "metrics.json").write_text(json.dumps({"history": history, "best_epoch": 3}))
    >>> fig = plot_training_curve(home, "mdl_demo")   # a matplotlib Figure
    >>> type(fig).__name__, fig.axes[0].get_xlabel()
    ('Figure', 'epoch')
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from igraph_agent.learn.models import read_metrics


def plot_training_curve(home: str | Path, model_id: str, ax: Any = None) -> Any:
    """Loss (left axis) and validation accuracy / ROC-AUC (right axis) against epochs;
    the best epoch is marked. Returns the Figure."""
    import matplotlib.pyplot as plt

    if ax is None:
        fig, ax = plt.subplots(figsize=(6, 3.2))
    else:
        fig = ax.figure
    metrics = read_metrics(Path(home) / "models" / model_id)
    history = metrics["history"]
    epochs = [h["epoch"] for h in history]
    ax.plot(epochs, [h["loss"] for h in history], color="tab:red", label="train loss")
    ax.set_xlabel("epoch")
    ax.set_ylabel("loss")
    right = ax.twinx()
    for key, color in (("val_accuracy", "tab:blue"), ("val_macro_f1", "tab:green"),
                       ("val_roc_auc", "tab:purple")):
        values = [h.get(key) for h in history]
        if any(v is not None for v in values):
            right.plot(epochs, values, color=color, label=key.replace("_", " "))
    right.set_ylabel("validation metric")
    right.set_ylim(0, 1.02)
    best = metrics.get("best_epoch")
    if best:
        ax.axvline(best, color="grey", linestyle=":", label=f"best epoch {best}")
    lines = ax.get_legend_handles_labels()
    more = right.get_legend_handles_labels()
    ax.legend(lines[0] + more[0], lines[1] + more[1], loc="center right", fontsize=8)
    ax.set_title(f"{model_id}: {metrics.get('arch', '')} {metrics.get('task', '')}".strip())
    fig.tight_layout()
    plt.close(fig)  # shown once, by returning it
    return fig
