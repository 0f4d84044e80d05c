"""The analysis worker's program: ``python -m igraph_agent.runtime.worker_main FD HOME``.

Started by ``runtime/workers.py``; ``FD`` is the worker's end of a socket pair, ``HOME``
the project home. It imports only the package (never the user's script) and serves
requests until the pool sends ``None`` or closes the connection.
"""

from __future__ import annotations

import sys
from multiprocessing.connection import Connection


def main(argv: list[str]) -> int:
    import_igraph_without_plotting()
    from igraph_agent.runtime.workers import serve

    serve(Connection(int(argv[0])), argv[1])
    return 0


def import_igraph_without_plotting() -> None:
    """Import python-igraph with matplotlib hidden from it. igraph imports
    ``matplotlib.pyplot`` for its plotting backend whenever matplotlib is installed (about
    0.3-0.5 s and 30 MB of every process here); an analysis worker never plots with igraph,
    so its drawing module gets its stand-in instead, and matplotlib stays importable for
    anything else afterwards."""
    if "igraph" in sys.modules:
        return
    hidden = "matplotlib" not in sys.modules
    if hidden:
        sys.modules["matplotlib"] = None  # type: ignore[assignment]  # import fails at once
    try:
        import igraph  # noqa: F401
    finally:
        if hidden and sys.modules.get("matplotlib", False) is None:
            del sys.modules["matplotlib"]


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
