"""Progress of a long data step in this thread, and the points where it may be stopped.

Readers (``graph/sources.py``) call :func:`step` between the parts of their work — after a
file's rows are counted, after each chunk of rows is read, before the values are checked.
Whoever runs the read in a thread may listen with :func:`reporting`: the listener sees
each step and may raise to stop the read there (the runtime raises RUN_CANCELLED when
the run was cancelled). A step is only ever taken between parts, never inside a write, so
a read stopped at a step leaves nothing half-written. Without a listener a step costs a
thread-local lookup.

Example::

    >>> seen = []
    >>> with reporting(lambda phase, rows, total: seen.append((phase, rows, total))):
    ...     step("reading", rows=0, total=1_000)
    >>> step("reading", rows=500, total=1_000)   # no listener in this thread: ignored
    >>> seen
    [('reading', 0, 1000)]
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager

#: ``listener(phase, rows, total)``: ``rows`` done so far and ``total`` when known
Listener = Callable[[str, "int | None", "int | None"], None]

_local = threading.local()


@contextmanager
def reporting(listener: Listener) -> Iterator[None]:
    """Send this thread's steps to ``listener`` while the block runs."""
    before = getattr(_local, "listener", None)
    _local.listener = listener
    try:
        yield
    finally:
        _local.listener = before


def step(phase: str, rows: int | None = None, total: int | None = None) -> None:
    """A point between two parts of a read: tell the listener (which may raise to stop)."""
    listener = getattr(_local, "listener", None)
    if listener is not None:
        listener(phase, rows, total)
