"""igraph's C-core warnings as notes of the tool call that raised them, never stderr text.

python-igraph turns a warning of its C core into a ``RuntimeWarning`` whose text ends with
the C location ("Couldn't reach some vertices. Location: src/paths/unweighted.c:526").
Printed, it is stray warning text under a notebook cell. :func:`capture` collects them
for the calling thread instead (tools run on several threads at once, so this is a
per-thread hook on ``warnings.showwarning``, not ``warnings.catch_warnings``, which is not
thread-safe); the registry appends them to the call's summary as a note.

Example::

    >>> plain("Couldn't reach some vertices. Location: src/paths/unweighted.c:526")
    'some nodes are unreachable (no path)'
    >>> is_igraph_warning("Couldn't reach some vertices. Location: src/paths/unweighted.c:526",
    ...                   RuntimeWarning), is_igraph_warning("other", RuntimeWarning)
    (True, False)
"""

from __future__ import annotations

import contextlib
import re
import threading
import warnings
from collections.abc import Iterator
from typing import Any

_C_LOCATION = re.compile(r"\s*Location:\s*\S*src/\S+\.c:\d+\s*$")
#: igraph's words -> what they mean for an answer
_PLAIN = {"Couldn't reach some vertices.": "some nodes are unreachable (no path)"}
_LOCAL = threading.local()
_LOCK = threading.Lock()
_installed = False


def is_igraph_warning(message: Any, category: type) -> bool:
    return issubclass(category, RuntimeWarning) and bool(_C_LOCATION.search(str(message)))


def plain(message: Any) -> str:
    text = _C_LOCATION.sub("", str(message)).strip()
    return _PLAIN.get(text, f"igraph: {text}")


def install() -> None:
    """Route igraph's C warnings through :func:`capture` (once per process): shown every
    time they occur (not once per location), kept by the capturing thread, printed never."""
    global _installed
    with _LOCK:
        if _installed:
            return
        original = warnings.showwarning

        def show(message, category, filename, lineno, file=None, line=None):
            if not is_igraph_warning(message, category):
                return original(message, category, filename, lineno, file, line)
            notes = getattr(_LOCAL, "notes", None)
            if notes is not None and plain(message) not in notes:
                notes.append(plain(message))
            return None

        warnings.showwarning = show
        warnings.filterwarnings("always", message=r"(?s).*Location:\s*\S*src/\S+\.c:\d+",
                                category=RuntimeWarning)
        _installed = True


@contextlib.contextmanager
def capture() -> Iterator[list[str]]:
    """The igraph warnings raised on this thread inside the block, in plain words."""
    install()
    outer = getattr(_LOCAL, "notes", None)
    notes: list[str] = []
    _LOCAL.notes = notes
    try:
        yield notes
    finally:
        _LOCAL.notes = outer
        if outer is not None:
            outer.extend(n for n in notes if n not in outer)
