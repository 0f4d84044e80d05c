"""Write the bundled classic graphs from networkx as weighted edge lists.

* ``lesmis.csv`` -- ``nx.les_miserables_graph()`` (77 characters, 254 co-occurrence edges,
  ``weight`` = number of shared chapters).
* ``karate.csv`` -- ``nx.karate_club_graph()`` (34 members, 78 edges, ``weight`` = number
  of contexts the two members interacted in).

Run ``python -m igraph_agent.data.make_classics``; the output is deterministic.

Example::

    >>> write_edge_list(nx.karate_club_graph(), home / "karate.csv")
    78
"""

from __future__ import annotations

import csv
from pathlib import Path

import networkx as nx

HERE = Path(__file__).parent


def write_edge_list(g: nx.Graph, path: Path) -> int:
    """``source,target,weight`` rows in networkx edge order; returns the edge count."""
    with path.open("w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["source", "target", "weight"])
        for u, v, d in g.edges(data=True):
            weight = d.get("weight", 1)
            w.writerow([u, v, int(weight) if float(weight).is_integer() else weight])
    return g.number_of_edges()


def main() -> None:
    for name, g in (("lesmis.csv", nx.les_miserables_graph()), ("karate.csv", nx.karate_club_graph())):
        n = write_edge_list(g, HERE / name)
        print(f"wrote {n} edges to {HERE / name}")


if __name__ == "__main__":
    main()
