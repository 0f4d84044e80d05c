"""Distances from one named node in an edge value: the farthest node where the question says
the plain ``weight`` is a length, the nodes within "N units or less", and the nearest node asked
as "the shortest drive from", against networkx on a graph object and on a table."""

from __future__ import annotations

import networkx as nx
import pandas as pd
import pytest

from igraph_agent.figures import shown

#: a graph object whose ``weight`` says nothing of what it holds (guessed a strength)
TRAILS = nx.Graph()
TRAILS.add_weighted_edges_from([("Ash", "Brook", 2), ("Brook", "Crag", 7), ("Ash", "Dell", 9),
                                ("Dell", "Crag", 1), ("Crag", "Fen", 3), ("Dell", "Gorse", 5),
                                ("Fen", "Heath", 6), ("Brook", "Heath", 15)])
#: a table whose column names its unit
LANES = pd.DataFrame([("Quay", "Reef", 12), ("Reef", "Sound", 9), ("Quay", "Tor", 30),
                      ("Sound", "Tor", 8), ("Tor", "Usk", 14), ("Sound", "Vale", 25),
                      ("Usk", "Wick", 4)], columns=["harbour_a", "harbour_b", "sea_miles"])


def _lanes() -> nx.Graph:
    g = nx.Graph()
    g.add_weighted_edges_from(LANES.itertuples(index=False), weight="sea_miles")
    return g


def _dist(g: nx.Graph, source: str, weight: str) -> dict:
    return {n: d for n, d in nx.single_source_dijkstra_path_length(
        g, source, weight=weight).items() if n != source}


@pytest.mark.parametrize("question", [
    "Which spot is farthest from Ash if you follow the shortest trails by trail length?",
    "Following the shortest paths by length, which spot is furthest from Ash?",
])
def test_the_farthest_node_reads_a_plain_weight_as_the_length_the_question_says(agent, question):
    dist = _dist(TRAILS, "Ash", "weight")
    far = max(dist, key=dist.get)
    resp = agent.ask(question, attach=[TRAILS])
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith(f"The farthest from Ash: **{far}** at **{shown(dist[far])} "
                                  f"weight**"), resp.answer
    assert "Taking `weight` as the" in resp.answer


@pytest.mark.parametrize("graph, source, question", [
    ("lanes", "Quay", "How many harbours can a boat reach from Quay sailing 29 sea miles or less?"),
    ("lanes", "Quay", "Which harbours are 29 sea miles or less from Quay?"),
    ("trails", "Ash", "Starting from Ash, how many spots can I hike to in 11 km or less?"),
    ("trails", "Ash", "How many spots are within 11 of Ash by trail length?"),
])
def test_the_nodes_within_n_units_or_less_count_the_bound_itself(agent, graph, source, question):
    g, attach, weight, bound = ((_lanes(), LANES, "sea_miles", 29) if graph == "lanes"
                                else (TRAILS, TRAILS, "weight", 11))
    inside = {n for n, d in _dist(g, source, weight).items() if d <= bound}
    resp = agent.ask(question, attach=[attach])
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith(f"**{len(inside)}** node(s) other than {source}"), resp.answer
    listed = resp.answer.split(":", 1)[1]
    assert {n for n in g if f"{n} (" in listed} == inside


@pytest.mark.parametrize("graph, source, question", [
    ("lanes", "Usk", "Which harbour is the shortest trip from Usk?"),
    ("trails", "Crag", "Which spot is the shortest hike from Crag?"),
])
def test_the_shortest_trip_from_a_node_is_its_nearest_by_the_length(agent, graph, source,
                                                                    question):
    g, attach, weight = ((_lanes(), LANES, "sea_miles") if graph == "lanes"
                         else (TRAILS, TRAILS, "weight"))
    dist = _dist(g, source, weight)
    near = min(dist, key=dist.get)
    resp = agent.ask(question, attach=[attach])
    assert resp.status == "answered", resp.answer
    assert f"**{near}** at **{shown(dist[near])} {weight}**" in resp.answer.split(".")[0], \
        resp.answer


@pytest.mark.parametrize("graph, question", [
    ("lanes", "Start at Quay and sail to the nearest harbour by sea miles. From there, which "
              "harbour is the nearest other than Quay?"),
    ("trails", "Starting from Ash, walk to the closest spot by trail length. Then from "
               "there, what's the closest spot by trail length except Ash?"),
])
def test_a_walk_to_the_nearest_then_the_nearest_from_there_does_not_go_back(agent, graph,
                                                                             question):
    g, attach, weight, start = ((_lanes(), LANES, "sea_miles", "Quay") if graph == "lanes"
                                else (TRAILS, TRAILS, "weight", "Ash"))
    first = _dist(g, start, weight)
    there = min(first, key=first.get)
    onward = _dist(g.subgraph(n for n in g if n != start), there, weight)
    end = min(onward, key=onward.get)
    resp = agent.ask(question, attach=[attach])
    assert resp.status == "answered", resp.answer
    assert f"**{there}**" in resp.answer.split("\n")[0], resp.answer
    assert f"other than {start}" in resp.answer
    assert f"**{end}** at **{shown(onward[end])} {weight}**" in resp.answer, resp.answer


@pytest.mark.parametrize("graph, question", [
    ("trails", "If we only kept enough trails to keep all spots linked with the least total "
               "length, how long would that be?"),
    ("trails", "What is the minimum spanning tree's total trail length?"),
    ("lanes", "If we kept just enough lanes to keep every harbour linked with the fewest sea "
              "miles, how many sea miles is that?"),
])
def test_the_least_total_length_keeping_every_node_linked_is_the_spanning_tree(agent, graph,
                                                                               question):
    g, attach, weight = ((_lanes(), LANES, "sea_miles") if graph == "lanes"
                         else (TRAILS, TRAILS, "weight"))
    total = nx.minimum_spanning_tree(g, weight=weight).size(weight=weight)
    resp = agent.ask(question, attach=[attach])
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith(f"**{shown(total)} {weight}**"), resp.answer


def test_the_longest_trip_from_a_node_by_the_shortest_routes_is_its_farthest(agent):
    dist = _dist(_lanes(), "Quay", "sea_miles")
    far = max(dist, key=dist.get)
    resp = agent.ask("What's the longest trip from Quay to any other harbour, taking the "
                     "shortest lanes?", attach=[LANES])
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith(f"The farthest from Quay: **{far}** at "
                                  f"**{shown(dist[far])} sea_miles**"), resp.answer
