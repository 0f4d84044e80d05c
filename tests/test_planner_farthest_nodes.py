"""The node(s) farthest from a named one, and its eccentricity, in the edge value the graph
measures distance in (else hops, following direction on a directed graph), against
networkx on two tables."""

from __future__ import annotations

import networkx as nx
import pandas as pd
import pytest

from igraph_agent.figures import shown

ROADS = pd.DataFrame([("Alder", "Birch", 4), ("Birch", "Cedar", 3), ("Alder", "Cedar", 9),
                      ("Cedar", "Dogwood", 2), ("Dogwood", "Elm", 6), ("Elm", "Fir", 5),
                      ("Dogwood", "Fir", 12), ("Fir", "Gum", 1), ("Hazel", "Ivy", 2)],
                     columns=["town_a", "town_b", "km"])
DEPS = pd.DataFrame([("app", "web"), ("app", "db"), ("web", "http"), ("http", "tls"),
                     ("db", "tls"), ("tls", "crypto"), ("db", "pool")],
                    columns=["package", "requires"])


def _roads() -> nx.Graph:
    g = nx.Graph()
    g.add_weighted_edges_from(ROADS.itertuples(index=False), weight="km")
    return g


@pytest.mark.parametrize("question", ["which town is furthest from Birch?",
                                      "what is the eccentricity of Birch?"])
def test_the_farthest_node_by_the_graphs_distance_column(agent, question):
    dist = nx.single_source_dijkstra_path_length(_roads(), "Birch", weight="km")
    far = max(dist.values())
    resp = agent.ask(question, attach=[ROADS])
    assert resp.status == "answered", resp.answer
    ends = sorted(n for n, d in dist.items() if d == far)
    assert resp.answer.startswith("The farthest from Birch: " + ", ".join(
        f"**{n}**" for n in ends) + f" at **{shown(far)} km**"), resp.answer


def test_the_farthest_node_on_a_directed_table_follows_the_edges_in_hops(agent):
    g = nx.DiGraph(list(DEPS.itertuples(index=False)))
    hops = nx.single_source_shortest_path_length(g, "app")
    far = max(hops.values())
    resp = agent.ask("which package is furthest from app?", attach=[DEPS])
    assert resp.status == "answered", resp.answer
    ends = sorted(n for n, d in hops.items() if d == far)
    assert ", ".join(f"**{n}**" for n in ends) + f" at **{far} hop(s)**" in resp.answer, \
        resp.answer
