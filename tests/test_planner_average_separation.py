"""The average shortest path length in a user's words ("average distance between two
members", "the typical separation", "on average how many hops apart") is the whole graph's
figure (networkx's ``average_shortest_path_length`` on the connected graph), never a
request for two endpoints."""

from __future__ import annotations

import networkx as nx
import pandas as pd
import pytest

KARATE = nx.to_pandas_edgelist(nx.karate_club_graph())[["source", "target"]].astype(str)
_LANES = nx.relabel_nodes(nx.connected_watts_strogatz_graph(24, 4, 0.3, seed=6),
                          lambda n: f"bay{n}")
LANES = pd.DataFrame(list(_LANES.edges()), columns=["dock", "linked_dock"])


@pytest.mark.parametrize("table,question", [
    (KARATE, "average distance between two members?"),
    (KARATE, "what is the typical separation between members?"),
    (LANES, "on average how many hops apart are two docks?"),
    (LANES, "how far apart are docks on average?"),
])
def test_an_average_separation_is_the_average_shortest_path_length(agent, table, question):
    g = nx.from_pandas_edgelist(table, table.columns[0], table.columns[1])
    resp = agent.ask(question, attach=[table])
    assert resp.status == "answered", resp.answer
    assert f"**{nx.average_shortest_path_length(g):.4f}" in resp.answer, resp.answer


@pytest.mark.parametrize("table,question", [
    (KARATE, "what's the mean shortest path length?"),
    (LANES, "what is the average path length between docks?"),
])
def test_the_mean_shortest_path_length_is_the_average(agent, table, question):
    g = nx.from_pandas_edgelist(table, table.columns[0], table.columns[1])
    resp = agent.ask(question, attach=[table])
    assert f"**{nx.average_shortest_path_length(g):.4f}" in resp.answer, resp.answer


@pytest.mark.parametrize("table,question", [
    (KARATE, "how many hops separate the two farthest members?"),
    (LANES, "what is the longest distance between any two docks?"),
])
def test_the_two_farthest_nodes_apart_is_the_diameter(agent, table, question):
    g = nx.from_pandas_edgelist(table, table.columns[0], table.columns[1])
    resp = agent.ask(question, attach=[table])
    assert resp.status == "answered", resp.answer
    assert f"**{nx.diameter(g)} hops**" in resp.answer, resp.answer
