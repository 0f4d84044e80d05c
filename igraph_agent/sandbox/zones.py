"""The session's workspace zones on disk, as code sees them.

- **Uploaded** — the session's attached tables, one CSV per table (read-only to code).
- **Environment** — the prepared view of the loaded revision (graph, tables) and the
  Python libraries (read-only).
- **Ephemeral** — the session's scratch folder (writable, kept across the session's
  snippets, removed by :func:`clear`).
- **Derived** — files published on purpose from scratch (a CSV, a PNG), each a numbered
  version that stays after the session (``derived/<name>.v<N>.<ext>``).

Everything lives under ``<home>/sandbox/<session_id>/``; nothing else of the project (the
SQLite store, sources, datasets) is mounted into the sandbox.
"""

from __future__ import annotations

import os
import re
import shutil
import stat
from pathlib import Path

ZONES = ("uploaded", "environment", "scratch", "derived")
_SAFE = re.compile(r"[^A-Za-z0-9._-]+")


def session_root(home: Path, session_id: str) -> Path:
    return Path(home) / "sandbox" / (_SAFE.sub("_", session_id) or "session")


def paths(home: Path, session_id: str) -> dict[str, Path]:
    """Host folders of the zones (created), plus ``jobs`` for per-call files."""
    root = session_root(home, session_id)
    out = {z: root / z for z in ZONES}
    out["jobs"] = root / "jobs"
    for p in out.values():
        p.mkdir(parents=True, exist_ok=True)
    return out


def clear(home: Path, session_id: str) -> None:
    """End of session: stop its warm code worker, remove the Ephemeral scratch and the
    per-call files; Derived stays."""
    from igraph_agent.sandbox.runner import stop_session

    root = session_root(home, session_id)
    stop_session(root)
    for name in ("scratch", "jobs", "environment"):
        shutil.rmtree(root / name, ignore_errors=True)


def listing(folder: Path, limit: int = 200) -> list[dict]:
    """Files under ``folder`` (relative names, sizes), capped. Links are never followed: a
    link is listed as a link (``"link": true``, no size), whatever it points to."""
    if not folder.is_dir() or folder.is_symlink():
        return []
    found: list[tuple[str, os.stat_result]] = []
    for top, dirs, names in os.walk(folder, followlinks=False):
        for name in [*names, *(d for d in dirs if os.path.islink(os.path.join(top, d)))]:
            path = os.path.join(top, name)
            try:
                found.append((os.path.relpath(path, folder), os.lstat(path)))
            except OSError:
                continue
        if len(found) > 10 * limit:
            break
    out = []
    for rel, st in sorted(found)[:limit]:
        if stat.S_ISLNK(st.st_mode):
            out.append({"path": rel, "link": True})
        elif stat.S_ISREG(st.st_mode):
            out.append({"path": rel, "bytes": st.st_size})
    return out


def publish(zone: dict[str, Path], name: str) -> dict:
    """Copy ``scratch/<name>`` to the next version in Derived; returns its record."""
    source = (zone["scratch"] / name).resolve()
    scratch = zone["scratch"].resolve()
    if scratch not in source.parents or not source.is_file():
        raise FileNotFoundError(name)
    stem, suffix = _SAFE.sub("_", source.stem), source.suffix.lower()
    taken = [int(m.group(1)) for p in zone["derived"].glob(f"{stem}.v*{suffix}")
             if (m := re.fullmatch(rf"{re.escape(stem)}\.v(\d+){re.escape(suffix)}", p.name))]
    version = max(taken, default=0) + 1
    target = zone["derived"] / f"{stem}.v{version}{suffix}"
    shutil.copyfile(source, target)
    return {"name": f"{stem}{suffix}", "version": version, "path": str(target),
            "bytes": target.stat().st_size}


def write_table_csv(df, path: Path) -> None:
    """An attached table as a CSV of the Uploaded zone. Tables of integer and text columns
    only are written by Arrow (seconds faster at 1M rows; text is quoted, which any CSV
    reader undoes); others by pandas, whose float and boolean spellings Arrow's writer does
    not share (``100.0``, ``True``)."""
    import numpy as np
    import pandas as pd

    arrow_ok = len(df.columns) > 0 and all(
        (pd.api.types.is_integer_dtype(t) and isinstance(t, np.dtype))
        or (pd.api.types.is_string_dtype(t) and not pd.api.types.is_object_dtype(t))
        for t in df.dtypes)
    if arrow_ok:
        import pyarrow as pa
        import pyarrow.csv as pacsv

        pacsv.write_csv(pa.Table.from_pandas(df, preserve_index=False), str(path),
                        pacsv.WriteOptions(quoting_style="needed"))
    else:
        df.to_csv(path, index=False)
