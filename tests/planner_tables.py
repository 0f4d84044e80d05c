"""Small tables several planner test modules ask about, and the networkx graph of one (the
oracle's view of a user's edge table)."""

from __future__ import annotations

import networkx as nx
import pandas as pd

#: depots joined by drives in minutes: several routes between York and Whitby
COURIERS = pd.DataFrame(
    [("Hull", "Goole", 35), ("Goole", "Selby", 20), ("Selby", "York", 25), ("York", "Leeds", 30),
     ("Leeds", "Selby", 28), ("York", "Ripon", 40), ("Ripon", "Thirsk", 20), ("York", "Thirsk", 35),
     ("York", "Malton", 30), ("Malton", "Whitby", 45), ("Thirsk", "Whitby", 70)],
    columns=["depot_a", "depot_b", "drive_min"])
#: singers of one choir: two dense groups joined through Dries and Eef
CHOIR = pd.DataFrame(
    [("Anouk", "Bram"), ("Anouk", "Cato"), ("Bram", "Cato"), ("Cato", "Dries"), ("Bram", "Dries"),
     ("Dries", "Anouk"), ("Dries", "Eef"), ("Eef", "Fenna"), ("Eef", "Gijs"), ("Fenna", "Gijs"),
     ("Gijs", "Hidde"), ("Fenna", "Hidde"), ("Hidde", "Ilse"), ("Ilse", "Joost")],
    columns=["singer_x", "singer_y"])


def table_graph(table: pd.DataFrame, weight: str | None = None) -> nx.Graph:
    """The undirected graph of an edge table's first two columns (with ``weight`` as an
    edge attribute when named).

    Example::

        >>> table_graph(COURIERS, "drive_min")["York"]["Leeds"]
        {'drive_min': 30}
    """
    return nx.from_pandas_edgelist(table, *table.columns[:2], edge_attr=weight)
