"""Freed memory handed back to the system after a large read, construction or load.

Reading a big table and building a graph from it makes and drops hundreds of megabytes of
intermediate frames. Neither allocator returns that memory on its own: Arrow's pool
(mimalloc) keeps freed blocks for reuse, and glibc's ``malloc`` keeps freed pages at the top
of its arenas. The process then holds its peak for as long as it lives -- in a notebook, for
the whole session, next to the analysis workers that hold their own copy. :func:`give_back`
asks both to release what is free (milliseconds), after each such step; nothing that is
still referenced moves.

Example::

    >>> give_back() >= 0
    True
"""

from __future__ import annotations

import ctypes
import os
import sys
from collections.abc import Callable


def give_back() -> int:
    """Release the free memory of Arrow's pool (where pyarrow is loaded) and of glibc's
    heap (where the C library has ``malloc_trim``); the bytes of resident memory released,
    as far as this process can tell (0 where it cannot)."""
    before = _resident()
    pa = sys.modules.get("pyarrow")
    if pa is not None:
        try:
            pa.default_memory_pool().release_unused()
        except Exception:  # an older pyarrow, another pool: nothing to release
            pass
    trim = _malloc_trim()
    if trim is not None:
        trim(0)
    return max(0, before - _resident())


def _malloc_trim() -> Callable[[int], int] | None:
    try:
        return getattr(ctypes.CDLL(None), "malloc_trim", None)
    except OSError:
        return None


def _resident() -> int:
    """This process's resident bytes, from /proc (0 where there is none)."""
    try:
        with open("/proc/self/statm") as fh:
            return int(fh.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError, IndexError):
        return 0

