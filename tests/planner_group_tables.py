"""Tables whose node table groups the nodes (a category column) and gives each a number, for
the planner tests of group questions; and their networkx graphs (the oracles' view)."""

from __future__ import annotations

import networkx as nx
import pandas as pd

#: bell ringers who rang peals together (undirected, ``peals``); Quintus rang with nobody
BELLS = pd.DataFrame(
    [("Alder", "Birch", 4), ("Alder", "Cedar", 2), ("Birch", "Cedar", 5), ("Cedar", "Damson", 1),
     ("Damson", "Elm", 3), ("Elm", "Fig", 6), ("Damson", "Fig", 2), ("Fig", "Gorse", 1),
     ("Gorse", "Hazel", 7), ("Hazel", "Ivy", 2), ("Gorse", "Ivy", 3), ("Ivy", "Juniper", 1),
     ("Juniper", "Kale", 4), ("Kale", "Laurel", 2), ("Juniper", "Laurel", 3), ("Birch", "Elm", 1),
     ("Moss", "Nettle", 5)],
    columns=["ringer_a", "ringer_b", "peals"])
RINGERS = pd.DataFrame(
    [("Alder", "Ely", 12), ("Birch", "Ely", 3), ("Cedar", "Ely", 7), ("Damson", "Wells", 1),
     ("Elm", "Wells", 9), ("Fig", "Wells", 4), ("Gorse", "Bath", 2), ("Hazel", "Bath", 6),
     ("Ivy", "Bath", 11), ("Juniper", "Rye", 5), ("Kale", "Rye", 8), ("Laurel", "Rye", 3),
     ("Moss", "Rye", 2), ("Nettle", "Rye", 10), ("Quintus", "Rye", 4)],
    columns=["ringer", "tower", "years"])

#: passes between players (directed, ``passes``); node table: each player's ``line``, ``caps``
PASSES = pd.DataFrame(
    [("Ortiz", "Pell", 12), ("Pell", "Ortiz", 3), ("Ortiz", "Quade", 7), ("Quade", "Rusk", 9),
     ("Pell", "Rusk", 4), ("Rusk", "Sable", 11), ("Sable", "Rusk", 2), ("Quade", "Sable", 6),
     ("Sable", "Tarn", 8), ("Tarn", "Umber", 5), ("Rusk", "Umber", 3), ("Umber", "Vance", 10),
     ("Tarn", "Vance", 1), ("Vance", "Tarn", 4), ("Pell", "Quade", 2), ("Wynn", "Ortiz", 6)],
    columns=["passer", "receiver", "passes"])
SQUAD = pd.DataFrame(
    [("Ortiz", "defence", 40), ("Pell", "defence", 12), ("Wynn", "defence", 3),
     ("Quade", "midfield", 25), ("Rusk", "midfield", 31), ("Sable", "midfield", 8),
     ("Tarn", "attack", 19), ("Umber", "attack", 2), ("Vance", "attack", 27),
     ("Yates", "attack", 5)],
    columns=["player", "line", "caps"])

#: crates shipped between depots (directed, ``crates``); node table: each depot's ``region``
FREIGHT = pd.DataFrame(
    [("Arlo", "Brisk", 20), ("Brisk", "Arlo", 5), ("Arlo", "Coda", 14), ("Coda", "Dune", 9),
     ("Brisk", "Dune", 30), ("Dune", "Brisk", 2), ("Dune", "Ember", 11), ("Ember", "Flint", 6),
     ("Flint", "Arlo", 8), ("Coda", "Flint", 17), ("Ember", "Coda", 4), ("Flint", "Gale", 13)],
    columns=["origin", "destination", "crates"])
DEPOTS = pd.DataFrame(
    [("Arlo", "North"), ("Brisk", "North"), ("Coda", "South"), ("Dune", "South"),
     ("Ember", "West"), ("Flint", "West"), ("Gale", "West")],
    columns=["depot", "region"])


def graph_of(edges: pd.DataFrame, nodes: pd.DataFrame, directed: bool = False) -> nx.Graph:
    """The graph of an edge table (its first two columns, the third as an edge attribute)
    with every row of the node table as a node and its other columns as attributes."""
    g = nx.from_pandas_edgelist(edges, *edges.columns[:2], edge_attr=edges.columns[2],
                                create_using=nx.DiGraph if directed else nx.Graph)
    key = nodes.columns[0]
    for row in nodes.to_dict("records"):
        g.add_node(row.pop(key), **row)
    return g


def directed_of(edges: pd.DataFrame) -> nx.DiGraph:
    """The directed graph of an edge table (first two columns; the third an edge attribute)."""
    return nx.from_pandas_edgelist(edges, *edges.columns[:2], edge_attr=edges.columns[2],
                                   create_using=nx.DiGraph)


#: walkers and the trails they walked (two-mode); only the trails carry a ``region``
WALKS = pd.DataFrame(
    [("Abe", "Ridge"), ("Abe", "Tarn"), ("Bea", "Ridge"), ("Bea", "Weir"), ("Cy", "Weir"),
     ("Cy", "Moor"), ("Di", "Moor"), ("Di", "Tarn"), ("Ed", "Ridge"), ("Ed", "Fell"),
     ("Flo", "Fell"), ("Flo", "Weir"), ("Gil", "Crag")],
    columns=["walker", "trail"])
TRAILS = pd.DataFrame(
    [("Ridge", "Lakes"), ("Tarn", "Lakes"), ("Weir", "Dales"), ("Moor", "Dales"),
     ("Fell", "Dales"), ("Crag", "Peaks"), ("Abe", None), ("Bea", None), ("Cy", None),
     ("Di", None), ("Ed", None), ("Flo", None), ("Gil", None)],
    columns=["id", "region"])
#: players and the clubs they played for (two-mode); only the clubs carry a ``league``
SPELLS = pd.DataFrame(
    [("Ivo", "Rovers"), ("Ivo", "United"), ("Jan", "Rovers"), ("Jan", "Athletic"),
     ("Kim", "Athletic"), ("Kim", "Wanderers"), ("Lou", "Wanderers"), ("Lou", "City"),
     ("Max", "City"), ("Max", "Rovers"), ("Ned", "Albion"), ("Oli", "Albion")],
    columns=["player", "club"])
CLUBS = pd.DataFrame(
    [("Rovers", "North"), ("United", "North"), ("Athletic", "South"), ("Wanderers", "South"),
     ("City", "South"), ("Albion", "East"), ("Ivo", None), ("Jan", None), ("Kim", None),
     ("Lou", None), ("Max", None), ("Ned", None), ("Oli", None)],
    columns=["id", "league"])
