"""The analysis worker's program: ``python -m igraph_agent.runtime.worker_main FD HOME``.

Started by ``runtime/workers.py``; ``FD`` is the worker's end of a socket pair, ``HOME``
the project home. It imports only the package (never the user's script) and serves
requests until the pool sends ``None`` or closes the connection.
"""

from __future__ import annotations

import sys
from multiprocessing.connection import Connection


def main(argv: list[str]) -> int:
    from igraph_agent.runtime.workers import serve

    serve(Connection(int(argv[0])), argv[1])
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
