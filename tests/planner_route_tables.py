"""Two directed timetables in different words, for the planner tests of direction: each
route runs one way only unless the table lists its return, so a reading that ignores the
direction gives other routes, reaches and neighbours than networkx on the directed table."""

from __future__ import annotations

import networkx as nx
import pandas as pd

#: bus legs between stops (minutes): Fell only departs, Gale only receives buses
BUSES = pd.DataFrame(
    [("Ashby", "Brook", 10), ("Brook", "Cole", 12), ("Cole", "Ashby", 9), ("Brook", "Dunn", 30),
     ("Dunn", "Brook", 25), ("Cole", "Dunn", 8), ("Dunn", "Eton", 14), ("Fell", "Ashby", 6),
     ("Eton", "Gale", 5), ("Eton", "Cole", 40)],
    columns=["depart_stop", "arrive_stop", "minutes"])
#: barge lanes between moorings (hours): Pool only sends barges, Sluice only takes them in
BARGES = pd.DataFrame(
    [("Quay", "Lock", 3), ("Lock", "Mill", 2), ("Mill", "Weir", 4), ("Weir", "Quay", 5),
     ("Lock", "Quay", 3), ("Mill", "Ford", 6), ("Ford", "Dock", 1), ("Dock", "Mill", 2),
     ("Pool", "Weir", 7), ("Weir", "Ford", 9), ("Ford", "Sluice", 2)],
    columns=["leaves_from", "arrives_at", "hours"])


def route_graph(table: pd.DataFrame) -> nx.DiGraph:
    """The directed graph of a timetable (first column -> second), its third column kept."""
    return nx.from_pandas_edgelist(table, *table.columns[:2], edge_attr=table.columns[2],
                                   create_using=nx.DiGraph)
