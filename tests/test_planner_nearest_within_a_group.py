""""Of the substations in the north zone, which one is closest to Greystone in line km?" takes
the nearest (or farthest) by the shortest route in the distance column among the nodes of that
group value only ("the hill towns … from Vale": Vale a town's name, not the ``vale`` county).
networkx is the oracle."""

from __future__ import annotations

import networkx as nx
import pandas as pd
import pytest
from planner_support import ask_table

PIPES = pd.DataFrame(
    [("J1", "J2", 40), ("J2", "J3", 15), ("J3", "J4", 60), ("J1", "J5", 25), ("J5", "J6", 10),
     ("J6", "J4", 30), ("J2", "J6", 70), ("J4", "J7", 12), ("J7", "J8", 45)],
    columns=["junction_a", "junction_b", "metres"])
SECTORS = pd.DataFrame(
    [("J1", "upper"), ("J2", "upper"), ("J3", "lower"), ("J4", "lower"), ("J5", "upper"),
     ("J6", "lower"), ("J7", "upper"), ("J8", "lower")],
    columns=["junction", "sector"])
ROADS = pd.DataFrame(
    [("Esk", "Ford", 9), ("Ford", "Gill", 4), ("Gill", "Holm", 7), ("Esk", "Holm", 30),
     ("Holm", "Ince", 5), ("Ince", "Keld", 12), ("Ford", "Keld", 26), ("Keld", "Lund", 3)],
    columns=["town_a", "town_b", "miles"])
SHIRES = pd.DataFrame(
    [("Esk", "west"), ("Ford", "west"), ("Gill", "east"), ("Holm", "east"), ("Ince", "east"),
     ("Keld", "west"), ("Lund", "east")],
    columns=["town", "county"])
#: a node named like another group's value: "Vale" is a hill town, ``vale`` a county
HILLS = pd.DataFrame(
    [("Vale", "Ash", 6), ("Ash", "Birk", 8), ("Birk", "Crag", 5), ("Vale", "Dale", 20),
     ("Dale", "Crag", 4), ("Crag", "Eyre", 9)],
    columns=["from_town", "to_town", "km"])
PARTS = pd.DataFrame(
    [("Vale", "hill"), ("Ash", "hill"), ("Birk", "vale"), ("Crag", "hill"), ("Dale", "vale"),
     ("Eyre", "hill")],
    columns=["town", "county"])


def _graph(edges: pd.DataFrame, nodes: pd.DataFrame) -> nx.Graph:
    g = nx.from_pandas_edgelist(edges, *edges.columns[:2], edge_attr=edges.columns[2])
    nx.set_node_attributes(g, dict(nodes.itertuples(index=False)), nodes.columns[1])
    return g


@pytest.mark.parametrize(("edges", "nodes", "start", "value", "far", "question"), [
    (PIPES, SECTORS, "J1", "lower", False,
     "Of the junctions in the lower sector, which one is closest to J1 in metres?"),
    (PIPES, SECTORS, "J8", "upper", True,
     "Which upper junction is farthest from J8 by metres?"),
    (ROADS, SHIRES, "Esk", "east", False,
     "Which town in the east county is nearest to Esk by miles?"),
    (ROADS, SHIRES, "Lund", "west", True,
     "Of the towns in the west county, which is farthest from Lund in miles?"),
    (HILLS, PARTS, "Vale", "hill", True, "Of the hill towns, which is farthest from Vale in km?"),
])
def test_the_nearest_or_farthest_is_taken_among_the_groups_nodes(tmp_path, edges, nodes, start,
                                                                 value, far, question):
    g = _graph(edges, nodes)
    column, group = edges.columns[2], nodes.columns[1]
    dist = nx.single_source_dijkstra_path_length(g, start, weight=column)
    kept = {n: d for n, d in dist.items() if n != start and g.nodes[n][group] == value}
    best = (max if far else min)(kept.values())
    top = [n for n, d in kept.items() if d == best]
    resp = ask_table(tmp_path, edges, question, nodes)
    assert resp.status == "answered", resp.answer
    assert len(top) == 1 and f"**{top[0]}**" in resp.answer, resp.answer
    assert not any(f"**{n}**" in resp.answer for n in set(g) - {top[0]}), resp.answer
    assert f"**{best} {column}**" in resp.answer and f"{group} = {value}" in resp.answer

