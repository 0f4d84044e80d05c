"""Community partitions stored beside the dataset's revisions, shared by every process.

A partition is keyed by (dataset, revision, method and settings): the kernel and each
analysis worker find the one another computed instead of running Leiden again (seconds
at 1M edges). Files live in ``<datasets>/<dataset_id>/partitions/r<revision>-<key>``:
the membership as parquet (node, community), the rest as JSON. Written to a private
temporary name and renamed, so a reader never sees half a partition; a damaged or missing
file is a cache miss, never an error.

Example::

    >>> import tempfile
    >>> root = Path(tempfile.mkdtemp())
    >>> part = {"key": ["leiden", 42], "membership": {"a": 0, "b": 0}, "sizes": [2]}
    >>> save_partition(root, "ds_1", 1, part)
    >>> load_partition(root, "ds_1", 1, ["leiden", 42])["membership"]
    {'a': 0, 'b': 0}
    >>> load_partition(root, "ds_1", 2, ["leiden", 42]) is None
    True
"""

from __future__ import annotations

import hashlib
import json
import os
import uuid
from pathlib import Path
from typing import Any

import pandas as pd

FOLDER = "partitions"


def _stem(root: Path, dataset_id: str, revision: int, key: list) -> Path:
    digest = hashlib.sha256(json.dumps(key, default=str).encode()).hexdigest()[:16]
    return root / dataset_id / FOLDER / f"r{revision}-{digest}"


def load_partition(root: Path, dataset_id: str, revision: int, key: list) -> dict[str, Any] | None:
    """The stored partition for these settings, or None."""
    stem = _stem(root, dataset_id, revision, key)
    try:
        meta = json.loads(stem.with_suffix(".json").read_text())
        table = pd.read_parquet(stem.with_suffix(".parquet"))
    except (OSError, ValueError):
        return None
    if meta.get("key") != json.loads(json.dumps(key, default=str)):
        return None
    meta["key"] = key
    meta["membership"] = dict(zip(table["node"].tolist(), table["community"].tolist(),
                                  strict=True))
    return meta


def save_partition(root: Path, dataset_id: str, revision: int, part: dict[str, Any]) -> None:
    """Store ``part`` (best effort: a full disk or a read-only project only loses the cache)."""
    stem = _stem(root, dataset_id, revision, part["key"])
    tmp = f".tmp-{os.getpid()}-{uuid.uuid4().hex[:8]}"
    data = stem.with_name(stem.name + tmp + ".parquet")
    meta = stem.with_name(stem.name + tmp + ".json")
    try:
        stem.parent.mkdir(parents=True, exist_ok=True)
        membership = part["membership"]
        pd.DataFrame({"node": [str(n) for n in membership],
                      "community": list(membership.values())}).to_parquet(data, index=False)
        meta.write_text(json.dumps({k: v for k, v in part.items() if k != "membership"},
                                   default=str))
        os.replace(data, stem.with_suffix(".parquet"))  # the data first: JSON marks it whole
        os.replace(meta, stem.with_suffix(".json"))
    except OSError:
        for path in (data, meta):
            path.unlink(missing_ok=True)
