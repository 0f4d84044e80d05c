"""The run's first phase on attached data: every attachment read, checked and stored as a
source on the runtime's side, never in the caller's thread.

``Agent.start`` returns as soon as the run is admitted (its id, and in a notebook its
panel); the data a request attaches is read here, after ``run.started``, in a thread of
the runtime. Each step of the read (``graph/progress.py``) emits a
:class:`~igraph_agent.runtime.events.DataProgress` event — "reading roads.csv · 250,000 of
1,000,000 rows" — at most every :data:`EVERY_S` seconds, and is a point where a cancel
stops it: the read raises RUN_CANCELLED there and the run ends ``cancelled``. All
attachments are validated before any is stored, and storing one is all-or-nothing
(``Workspace.add_source``), so a stopped read leaves no source, dataset or revision
half-written.

Example::

    >>> reading_line("roads.csv", "reading", 250_000, 1_000_000)
    'reading roads.csv · 250,000 of 1,000,000 rows'
    >>> reading_line("friends", "checking", 1_000_000, 1_000_000)
    'checking friends · 1,000,000 rows'
"""

from __future__ import annotations

import asyncio
import time
from pathlib import Path
from typing import Any

from igraph_agent.errors import AgentError, ErrorCode
from igraph_agent.graph.heap import give_back
from igraph_agent.graph.progress import reporting
from igraph_agent.runtime.events import DataProgress
from igraph_agent.runtime.state import RunSpec

#: the shortest time between two progress events of one phase
EVERY_S = 0.25


def reading_line(name: str, phase: str, rows: int | None = None, total: int | None = None,
                 size: int | None = None) -> str:
    """The words a panel shows for one step: what is done to which attachment, and how far."""
    if phase == "building":
        return f"building the graph from {name}"
    if total is not None and rows is not None and 0 < rows < total:
        count = f"{rows:,} of {total:,} rows"
    elif total is not None or rows is not None:
        count = f"{total if total is not None else rows:,} rows"
    elif size is not None:
        count = f"{size / 1e6:.1f} MB"
    else:
        return f"{phase} {name}"
    return f"{phase} {name} · {count}"


def shown_name(obj: Any, label: str | None) -> str:
    """The attachment's name in progress lines: a file's name, else its label or kind."""
    if isinstance(obj, str | Path):
        try:
            return Path(obj).name or str(obj)
        except (TypeError, ValueError):
            return str(obj)
    return label or type(obj).__name__


def known_size(obj: Any) -> tuple[int | None, int | None]:
    """``(rows, bytes)`` known without reading: a frame's rows, a graph's edges, a file's
    size (None where reading is needed to know)."""
    if type(obj).__name__ == "DataFrame":
        return len(obj), None
    if hasattr(obj, "number_of_edges"):
        try:
            return int(obj.number_of_edges()), None
        except Exception:
            return None, None
    if isinstance(obj, str | Path):
        try:
            return None, Path(obj).stat().st_size
        except (OSError, ValueError):
            return None, None
    return None, None


class _Reporter:
    """The listener of one attachment's read: a stop when the run was cancelled, else a
    progress event when the phase changed or :data:`EVERY_S` passed."""

    def __init__(self, spec: RunSpec, name: str, size: int | None) -> None:
        self.spec = spec
        self.name = name
        self.size = size
        self.phase = ""
        self.last = 0.0
        self.line = ""

    def __call__(self, phase: str, rows: int | None = None, total: int | None = None) -> None:
        stop_if_cancelled(self.spec)
        now = time.monotonic()
        counted = total is not None and rows == total  # a phase's last count is always shown
        if phase == self.phase and now - self.last < EVERY_S and not counted:
            return
        line = reading_line(self.name, phase, rows, total, self.size)
        if line == self.line:  # nothing new to show
            return
        self.phase, self.last, self.line = phase, now, line
        self.spec.events.emit(DataProgress(name=self.name, phase=phase, rows=rows, total=total,
                                           line=line))


def stop_if_cancelled(spec: RunSpec) -> None:
    """RUN_CANCELLED when the run was cancelled: the read stops at this step."""
    if spec.cancel.is_set():
        raise AgentError(ErrorCode.RUN_CANCELLED, "the run was cancelled while its data was "
                         "read; nothing of it was stored", hint="ask again")


async def read_attachments(spec: RunSpec) -> None:
    """Read, check and store the request's attachments (``spec.attachments``) as sources,
    in a thread; the session graph then names them as its attached sources.

    Raises SOURCE_INVALID (nothing stored) for an attachment that cannot be read, and
    RUN_CANCELLED when the run was cancelled before they were stored.
    """
    objs, labels = list(spec.attachments), list(spec.attach_names)
    named = [(obj, labels[i] if i < len(labels) else None) for i, obj in enumerate(objs)]
    reporters = [_Reporter(spec, shown_name(obj, label), known_size(obj)[1])
                 for obj, label in named]
    if named:  # the panel's first line, before the thread starts
        reporters[0]("reading", None, known_size(named[0][0])[0])

    def work() -> list[str]:
        datas = []
        for (obj, label), reporter in zip(named, reporters, strict=True):
            reporter("reading", None, known_size(obj)[0])
            with reporting(reporter):
                datas.append(spec.workspace.read(obj, label))
        stop_if_cancelled(spec)  # the last point before anything is stored
        for data, reporter in zip(datas, reporters, strict=True):
            reporter("storing", None, _rows(data.tables))
        # kept in memory until binding has constructed them (no parquet read back)
        ids = [spec.workspace.add_source(d, keep=True)["source_id"] for d in datas]
        datas.clear()  # stored: construction reads them back from the project
        give_back()  # the read's freed buffers (Arrow's pool would keep them for the session)
        return ids

    try:
        ids = await asyncio.to_thread(work)
    except AgentError:
        raise
    except Exception as exc:  # never leave the admitted run "preparing"
        raise AgentError(ErrorCode.SOURCE_INVALID, f"{type(exc).__name__}: {exc}") from None
    spec.session.attached_sources = ids


def _rows(tables: dict[str, Any]) -> int:
    return sum(len(t) for t in tables.values())
