"""Distances asked in the graph's own edge value (a cable length, a latency) are measured in
it: the nodes within a distance of a named node, the nearest node to it, the lowest total
between two nodes, and betweenness / closeness along the weighted routes; never one node's
edge total. Checked against networkx on two tables with different words."""

from __future__ import annotations

import networkx as nx
import pandas as pd
import pytest

from tests.planner_support import agents_for

CABLES = pd.DataFrame([("Mill", "Forge", 120), ("Forge", "Quay", 80), ("Mill", "Quay", 300),
                       ("Quay", "Abbey", 60), ("Abbey", "Barn", 200), ("Forge", "Barn", 500),
                       ("Barn", "Croft", 40)], columns=["box_a", "box_b", "cable_m"])
LATENCY = pd.DataFrame([("Gate", "Web1", 2), ("Gate", "Web2", 5), ("Web1", "Store", 4),
                        ("Web2", "Store", 1), ("Store", "Vault", 3), ("Gate", "Vault", 12),
                        ("Web1", "Web2", 6)], columns=["host", "peer", "latency_ms"])
GRAPHS = {"cables": (CABLES, "box_a", "box_b", "cable_m"),
          "latency": (LATENCY, "host", "peer", "latency_ms")}


@pytest.fixture(scope="module")
def agents(tmp_path_factory):
    yield from agents_for(GRAPHS, tmp_path_factory)


def _ask(agents, name: str, question: str):
    table, a, b, col = GRAPHS[name]
    g = nx.from_pandas_edgelist(table, a, b, edge_attr=col)
    return agents[name].ask(question, attach=[table]), g, col


@pytest.mark.parametrize("name,question,start,limit", [
    ("cables", "how many other boxes are within 250 m of cable from Quay?", "Quay", 250),
    ("cables", "which boxes are within 200 m of Forge?", "Forge", 200),
    ("latency", "which hosts are within 5 ms of Gate?", "Gate", 5),
    ("latency", "How many hosts are within 7 ms of latency from Vault?", "Vault", 7),
])
def test_the_nodes_within_a_distance_in_the_edge_value(agents, name, question, start, limit):
    resp, g, col = _ask(agents, name, question)
    dist = nx.single_source_dijkstra_path_length(g, start, weight=col)
    inside = {n for n, d in dist.items() if n != start and d <= limit}
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith(f"**{len(inside)}** node(s)"), resp.answer
    assert all(n in resp.answer for n in inside), resp.answer
    assert not any(n in resp.answer for n in set(g) - inside - {start}), resp.answer


@pytest.mark.parametrize("name,question,start", [
    ("cables", "which box is closest to Barn, cable-wise?", "Barn"),
    ("latency", "which host is closest to Vault, latency-wise?", "Vault"),
    ("latency", "what's the nearest host to Web1 by latency?", "Web1"),
])
def test_the_nearest_node_in_the_edge_value(agents, name, question, start):
    resp, g, col = _ask(agents, name, question)
    dist = {n: d for n, d in nx.single_source_dijkstra_path_length(g, start, weight=col).items()
            if n != start}
    best = min(dist.values())
    nearest = {n for n, d in dist.items() if d == best}
    assert resp.status == "answered", resp.answer
    assert all(f"**{n}**" in resp.answer for n in nearest), resp.answer
    assert f"**{best} {col}**" in resp.answer, resp.answer


@pytest.mark.parametrize("name,question,a,b", [
    ("latency", "lowest total latency from Gate to Vault, in ms?", "Gate", "Vault"),
    ("latency", "best latency we can currently get between Web1 and Vault", "Web1", "Vault"),
    ("cables", "lowest total cable from Mill to Croft?", "Mill", "Croft"),
    ("cables", "how many metres of cable does power run from the Mill to the Croft, going the "
               "shortest way?", "Mill", "Croft"),
    ("latency", "how many ms does a packet take from Web2 to Gate, taking the quickest path?",
     "Web2", "Gate"),
])
def test_the_lowest_total_between_two_nodes_is_a_route(agents, name, question, a, b):
    resp, g, col = _ask(agents, name, question)
    assert resp.status == "answered", resp.answer
    assert f"**{nx.shortest_path_length(g, a, b, weight=col)} {col}**" in resp.answer, resp.answer
    assert "adding up to" not in resp.answer, resp.answer  # no node's edge total


@pytest.mark.parametrize("name,question,measure", [
    ("cables", "which box sits on the most shortest cable routes?", "betweenness"),
    ("latency", "which host sits on the most lowest-latency routes?", "betweenness"),
    ("latency", "which host is most central if distance is measured by latency (closeness)?",
     "closeness"),
])
def test_a_distance_centrality_along_the_edge_value(agents, name, question, measure):
    resp, g, col = _ask(agents, name, question)
    scores = (nx.betweenness_centrality(g, weight=col) if measure == "betweenness"
              else nx.closeness_centrality(g, distance=col))
    best = max(scores.values())
    tops = [n for n, v in scores.items() if v == best]
    assert resp.status == "answered", resp.answer
    assert f"By **{measure}** (weighted by {col})" in resp.answer, resp.answer
    first = resp.answer.split("are ", 1)[1]
    assert any(first.startswith(n) for n in tops), resp.answer


@pytest.mark.parametrize("name,question,op,value", [
    ("latency", "How many links are slower than 4ms?", "gt", 4),
    ("latency", "which links are faster than 3 ms?", "lt", 3),
    ("cables", "How many cables are longer than 100m?", "gt", 100),
    ("cables", "how many cables are shorter than 90 m?", "lt", 90),
])
def test_edges_past_a_value_in_the_columns_unit(agents, name, question, op, value):
    resp, g, col = _ask(agents, name, question)
    passing = [d[col] for _, _, d in g.edges(data=True)
               if (d[col] > value if op == "gt" else d[col] < value)]
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith(f"**{len(passing)}** of {g.number_of_edges()} edges have {col}"), \
        resp.answer


def test_a_speed_asked_of_a_length_is_not_answered(agents):
    resp, _, _ = _ask(agents, "cables", "how many cables are faster than 100 m?")
    assert resp.status == "needs_clarification", resp.answer


@pytest.mark.parametrize("name,question,of", [
    ("cables", "If we only kept the minimum cable needed so every box on Mill's network stays "
               "connected, how many metres of cable would that be?", "Mill"),
    ("cables", "what is the least cable that keeps all the boxes connected?", None),
    ("latency", "what's the total latency of the minimum spanning tree?", None),
])
def test_the_least_total_that_keeps_everything_connected(agents, name, question, of):
    resp, g, col = _ask(agents, name, question)
    part = g.subgraph(nx.node_connected_component(g, of)) if of else g
    total = nx.minimum_spanning_tree(part, weight=col).size(weight=col)
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith(f"**{total:g} {col}**"), resp.answer


def test_a_ranking_then_the_nodes_within_a_distance_of_its_top(tmp_path):
    from igraph_agent import Agent

    table = pd.concat([LATENCY, pd.DataFrame([("Store", "Web3", 2)], columns=LATENCY.columns)])
    g = nx.from_pandas_edgelist(table, "host", "peer", edge_attr="latency_ms")
    degrees = dict(g.degree())
    top = max(degrees, key=degrees.get)
    assert list(degrees.values()).count(degrees[top]) == 1
    agent = Agent(home=tmp_path)
    try:
        resp = agent.ask("Take the host with the most links and list every host within 4 ms "
                         "of it", attach=[table])
    finally:
        agent.close()
    assert resp.status == "answered", resp.answer
    rest = resp.answer.split(f"Then, for **{top}**:", 1)[1]
    dist = nx.single_source_dijkstra_path_length(g, top, weight="latency_ms")
    inside = {n for n, d in dist.items() if n != top and d <= 4}
    assert rest.strip().startswith(f"**{len(inside)}** node(s)"), rest
    assert all(n in rest for n in inside), rest


@pytest.mark.parametrize("name,question,op,value", [
    ("latency", "if we only keep links faster than 4ms, how many hosts still have a link?",
     "lt", 4),
    ("cables", "if we only keep cables of at least 100 m, how many boxes still have a "
               "connection?", "ge", 100),
])
def test_the_nodes_left_with_an_edge_when_only_edges_past_a_value_are_kept(
        agents, name, question, op, value):
    resp, g, col = _ask(agents, name, question)
    kept = [(u, v) for u, v, d in g.edges(data=True)
            if (d[col] < value if op == "lt" else d[col] >= value)]
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith(f"**{len({n for e in kept for n in e})}** node(s)"), resp.answer
