"""Classification metrics on plain lists: accuracy, macro-F1, ROC-AUC.

Example::

    >>> round(accuracy([0, 1, 1], [0, 1, 0]), 4)
    0.6667
    >>> round(macro_f1([0, 1, 1], [0, 1, 0], 2), 4)
    0.6667
    >>> roc_auc([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8])
    0.75
"""

from __future__ import annotations

from collections.abc import Sequence


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
