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


#: climbing partners and the pitches they led together: two pieces (eight and three climbers)
CLIMBS = pd.DataFrame(
    [("Ada", "Bo", 3), ("Ada", "Cy", 5), ("Bo", "Cy", 2), ("Cy", "Dot", 4), ("Dot", "Eli", 6),
     ("Eli", "Fay", 1), ("Fay", "Gus", 2), ("Eli", "Gus", 3), ("Gus", "Hal", 7), ("Ivy", "Jo", 2),
     ("Jo", "Kit", 1), ("Bo", "Dot", 2)],
    columns=["climber_1", "climber_2", "pitches"])
#: land granted from one family to another (directed, acres): one mutual pair, a source (Stave)
#: and a sink (Vane)
GRANTS = pd.DataFrame(
    [("Oakes", "Pryor", 40), ("Oakes", "Quill", 25), ("Pryor", "Quill", 10), ("Quill", "Rowe", 30),
     ("Rowe", "Oakes", 5), ("Stave", "Quill", 60), ("Stave", "Pryor", 15), ("Rowe", "Tull", 20),
     ("Tull", "Vane", 8), ("Pryor", "Oakes", 12)],
    columns=["grantor", "grantee", "acres"])
#: payments between wallets (directed, sats): a source (w07) and a sink (w08)
WALLETS = pd.DataFrame(
    [("w01", "w02", 500), ("w01", "w03", 200), ("w02", "w03", 50), ("w03", "w04", 900),
     ("w04", "w05", 10), ("w05", "w03", 70), ("w06", "w03", 300), ("w06", "w01", 40),
     ("w07", "w06", 5), ("w02", "w01", 80), ("w04", "w08", 15)],
    columns=["src_wallet", "dst_wallet", "sats"])


def directed_graph(table: pd.DataFrame) -> nx.DiGraph:
    """The directed graph of an edge table's first two columns (source -> target)."""
    return nx.from_pandas_edgelist(table, *table.columns[:2], create_using=nx.DiGraph)
#: flatmates: three flats' worth of pieces (seven, three and two people)
FLATS = pd.DataFrame(
    [("Nia", "Omar"), ("Nia", "Pia"), ("Omar", "Pia"), ("Pia", "Quin"), ("Quin", "Rafe"),
     ("Rafe", "Sol"), ("Sol", "Tam"), ("Rafe", "Tam"), ("Quin", "Sol"), ("Uma", "Vic"),
     ("Vic", "Wes"), ("Uma", "Wes"), ("Xan", "Yul")],
    columns=["flat_a", "flat_b"])
#: the flatmates' houses, and Zed, who shares with nobody (a node with no edge)
HOUSES = pd.DataFrame(
    [("Nia", "Elm"), ("Omar", "Elm"), ("Pia", "Elm"), ("Quin", "Oak"), ("Rafe", "Oak"),
     ("Sol", "Oak"), ("Tam", "Oak"), ("Uma", "Ash"), ("Vic", "Ash"), ("Wes", "Ash"),
     ("Xan", "Fir"), ("Yul", "Fir"), ("Zed", "Fir")],
    columns=["person", "house"])
