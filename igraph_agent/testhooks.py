"""Named crash points for the crash test; inert unless ``IGRAPH_AGENT_CRASH_AT`` is set.

``IGRAPH_AGENT_CRASH_AT=<point>`` (or ``<point>@<n>``: at the n-th time the process passes
that point) makes the process SIGKILL itself there, so a test can kill it exactly between
two steps of a write. Points (docs/durability.md lists them):

* ``revision.written`` -- a revision's files are complete in the writer's temporary folder
* ``revision.renamed`` -- the folder is in place, the store row not yet updated
* ``migration`` -- inside a schema migration's transaction, before it commits
* ``terminal.spooled`` -- a run's final state is spooled, not yet written to the store

In a shell::

    IGRAPH_AGENT_CRASH_AT=revision.renamed@2 python script.py   # dies in its second save
"""

from __future__ import annotations

import os
import signal

ENV = "IGRAPH_AGENT_CRASH_AT"
_passed: dict[str, int] = {}


def crash_point(name: str) -> None:
    """SIGKILL this process if ``IGRAPH_AGENT_CRASH_AT`` names this point (and count)."""
    wanted = os.environ.get(ENV)
    if not wanted:
        return
    point, _, nth = wanted.partition("@")
    if point != name:
        return
    _passed[name] = _passed.get(name, 0) + 1
    if _passed[name] >= int(nth or 1):
        os.kill(os.getpid(), signal.SIGKILL)
