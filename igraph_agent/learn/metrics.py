"""Classification metrics on plain lists: accuracy, macro-F1, ROC-AUC, and the baselines a
classifier's test accuracy is compared with (majority class, chance).

Example::

    >>> round(accuracy([0, 1, 1], [0, 1, 0]), 4)
    0.6667
    >>> round(macro_f1([0, 1, 1], [0, 1, 0], 2), 4)
    0.6667
    >>> roc_auc([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8])
    0.75
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any


def accuracy(y_true: Sequence[int], y_pred: Sequence[int]) -> float:
    """Share of predictions equal to the truth (0.0 for no items)."""
    n = len(y_true)
    return round(sum(int(a == b) for a, b in zip(y_true, y_pred, strict=True)) / n, 4) if n else 0.0


def macro_f1(y_true: Sequence[int], y_pred: Sequence[int], n_classes: int) -> float:
    """Unweighted mean of the per-class F1 over classes present in truth or prediction."""
    scores = []
    for c in range(n_classes):
        tp = sum(1 for a, b in zip(y_true, y_pred, strict=True) if a == c and b == c)
        fp = sum(1 for a, b in zip(y_true, y_pred, strict=True) if a != c and b == c)
        fn = sum(1 for a, b in zip(y_true, y_pred, strict=True) if a == c and b != c)
        if tp + fp + fn == 0:
            continue
        scores.append(2 * tp / (2 * tp + fp + fn))
    return round(sum(scores) / len(scores), 4) if scores else 0.0


def roc_auc(y_true: Sequence[int], scores: Sequence[float]) -> float | None:
    """Area under the ROC curve (ties count half); None when only one class is present."""
    pairs = sorted(zip(scores, y_true, strict=True))
    pos = sum(1 for _, y in pairs if y == 1)
    neg = len(pairs) - pos
    if pos == 0 or neg == 0:
        return None
    rank_sum, i = 0.0, 0
    while i < len(pairs):  # average ranks over ties
        j = i
        while j + 1 < len(pairs) and pairs[j + 1][0] == pairs[i][0]:
            j += 1
        mean_rank = (i + j) / 2 + 1
        rank_sum += mean_rank * sum(1 for k in range(i, j + 1) if pairs[k][1] == 1)
        i = j + 1
    return round((rank_sum - pos * (pos + 1) / 2) / (pos * neg), 4)


def class_baselines(labels: dict[int, int], split: dict[str, list[int]],
                    n_classes: int) -> dict[str, Any]:
    """What test accuracy a model must beat to have learned anything: always predicting the
    training split's most common class (``majority``), and guessing uniformly (``chance``).

    Example::

        >>> class_baselines({0: 0, 1: 0, 2: 1, 3: 0, 4: 1}, {"train": [0, 1, 2], "test": [3, 4]}, 2)
        {'majority': 0.5, 'majority_class': 0, 'chance': 0.5}
    """
    train = [labels[i] for i in split.get("train", []) if i in labels]
    majority = Counter(train).most_common(1)[0][0] if train else 0
    test = [labels[i] for i in split.get("test", []) if i in labels]
    return {"majority": accuracy(test, [majority] * len(test)), "majority_class": majority,
            "chance": round(1 / n_classes, 4) if n_classes else 0.0}


def quality_statement(test_accuracy: float | None, baselines: dict[str, Any],
                      majority_label: str = "") -> str:
    """One plain sentence comparing test accuracy with the baselines; it says so when the
    model does no better than always answering the most common class.

    Example::

        >>> quality_statement(0.2857, {"majority": 0.2857, "chance": 0.25}, "red")
        'No better than a baseline: test accuracy 0.2857 against 0.2857 for always answering the most common class (red) and 0.25 by chance; the model has not learned to tell the classes apart.'
    """
    if test_accuracy is None:
        return ""
    best = max(baselines.get("majority") or 0.0, baselines.get("chance") or 0.0)
    named = f" ({majority_label})" if majority_label else ""
    against = (f"test accuracy {test_accuracy} against {baselines.get('majority')} for always "
               f"answering the most common class{named} and {baselines.get('chance')} by chance")
    if test_accuracy <= best:
        return (f"No better than a baseline: {against}; the model has not learned to tell the "
                "classes apart.")
    return f"Better than the baselines: {against}."
