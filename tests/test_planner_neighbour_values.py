"""One named node's neighbours, each with its edge's value ("which towns have a direct road
to town0, and how many km is each"), against networkx on two tables; a directed table asks
which way."""

from __future__ import annotations

import networkx as nx
import pandas as pd
import pytest

from igraph_agent.figures import shown

LANES = pd.DataFrame([("Quay", "Reef", 12), ("Reef", "Sound", 9), ("Quay", "Tor", 30),
                      ("Sound", "Tor", 8), ("Tor", "Usk", 14), ("Sound", "Vale", 25)],
                     columns=["harbour_a", "harbour_b", "sea_miles"])
GIGS = pd.DataFrame([("Abe", "Bea", 4), ("Bea", "Cal", 11), ("Abe", "Cal", 2), ("Cal", "Dot", 7),
                     ("Dot", "Eve", 3)], columns=["musician_a", "musician_b", "shared_gigs"])
TABLES = {"lanes": (LANES, "sea_miles"), "gigs": (GIGS, "shared_gigs")}


@pytest.mark.parametrize("table, node, question", [
    ("lanes", "Tor", "Which harbours have a direct lane to Tor, and how many sea miles is each?"),
    ("lanes", "Sound", "Which harbours are connected to Sound and how far away is each?"),
    ("gigs", "Cal", "List Cal's partners with their shared_gigs"),
    ("lanes", "Tor", "For every harbour linked to Tor, what is the distance in sea miles?"),
])
def test_a_nodes_neighbours_are_listed_each_with_its_edge_value(agent, table, node, question):
    edges, column = TABLES[table]
    g = nx.Graph()
    g.add_weighted_edges_from(edges.itertuples(index=False), weight=column)
    resp = agent.ask(question, attach=[edges])
    assert resp.status == "answered", resp.answer
    head = resp.answer.split(":")[0]
    for other, d in g[node].items():
        assert f"**{other}** ({shown(d[column])} {column})" in head, resp.answer
    assert f"{node}'s {g.degree(node)} direct neighbour(s)" in resp.answer


def test_a_directed_table_asks_which_way_the_edges_go(agent):
    edges = LANES.rename(columns={"harbour_a": "from_harbour", "harbour_b": "to_harbour"})
    resp = agent.ask("Which harbours have a direct lane to Tor and how far is each?",
                     attach=[edges])
    assert resp.status == "needs_clarification", resp.answer
