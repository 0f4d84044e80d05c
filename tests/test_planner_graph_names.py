"""A column's word that names the graph ("the freight network", "in the bandwidth table")
is no edge value: the analysis asked runs as it would without it; only an explicit request
for weighting ("weighted by freight", "using the volumes", "by bandwidth") names the edge
column, and then PageRank, betweenness and communities run in their weighted form instead
of being refused. Two small graphs with different vocabularies; networkx is the oracle."""

from __future__ import annotations

import networkx as nx
import pandas as pd
import pytest
from planner_support import agents_for

from tests.test_planner_column_words import FERRY_EDGES, FERRY_NODES

WIRING_EDGES = pd.DataFrame(
    [("core1", "core2", 100), ("core1", "agg1", 40), ("core1", "agg2", 40), ("core2", "agg3", 40),
     ("agg1", "agg2", 10), ("agg1", "edge1", 1), ("agg1", "edge2", 1), ("agg2", "edge3", 1),
     ("agg3", "edge4", 1), ("agg3", "edge5", 10), ("edge4", "edge5", 1), ("lab1", "lab2", 1)],
    columns=["switch_a", "switch_b", "bandwidth_gbps"])
WIRING_NODES = pd.DataFrame(
    [(n, "core" if n.startswith("core") else "rack") for n in
     sorted(set(WIRING_EDGES.switch_a) | set(WIRING_EDGES.switch_b))], columns=["switch", "tier"])
TABLES = {"ferry": (FERRY_EDGES, FERRY_NODES, "freight"),
          "wiring": (WIRING_EDGES, WIRING_NODES, "bandwidth")}


@pytest.fixture(scope="module")
def files(tmp_path_factory):
    out = {}
    for name, (edges, nodes, _) in TABLES.items():
        folder = tmp_path_factory.mktemp(f"{name}-tables")
        edges.to_csv(folder / "edges.csv", index=False)
        nodes.to_csv(folder / "nodes.csv", index=False)
        out[name] = [str(folder / "edges.csv"), str(folder / "nodes.csv")]
    return out


@pytest.fixture(scope="module")
def agents(tmp_path_factory):
    yield from agents_for(TABLES, tmp_path_factory)


def ask(agents, files, graph: str, question: str):
    word = TABLES[graph][2]
    return agents[graph].ask(question.format(w=word), attach=files[graph])


def graph_of(name: str) -> tuple[nx.Graph, str]:
    edges = TABLES[name][0]
    column = edges.columns[2]
    g = nx.Graph()
    g.add_weighted_edges_from(edges.itertuples(index=False), weight=column)
    return g, column


def top(scores: dict) -> str:
    best = max(scores.values())
    (name,) = [n for n, v in scores.items() if v == best]
    return name


@pytest.mark.parametrize("graph", sorted(TABLES))
def test_the_graphs_own_name_is_no_edge_value_for_betweenness(agents, files, graph):
    g, column = graph_of(graph)
    resp = ask(agents, files, graph, "which node has the highest betweenness centrality in "
                                     "the {w} network?")
    plain = ask(agents, files, graph, "which node has the highest betweenness centrality?")
    assert resp.status == "answered", resp.answer
    assert resp.answer == plain.answer  # the graph's name changes nothing
    inverted = f"(weighted by 1/{column})" in resp.answer  # the graph's default weight
    assert inverted or "(unweighted)" in resp.answer, resp.answer
    distance = {"weight": lambda u, v, d: 1 / d[column]} if inverted else {}
    assert resp.answer.split("are ")[1].startswith(top(nx.betweenness_centrality(g, **distance)))


@pytest.mark.parametrize("graph", sorted(TABLES))
def test_the_graphs_own_name_is_no_edge_value_for_a_yes_no_check(agents, files, graph):
    g, _ = graph_of(graph)
    resp = ask(agents, files, graph, "is the {w} network bipartite?")
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith("**Yes**" if nx.is_bipartite(g) else "**No**"), resp.answer


@pytest.mark.parametrize(("graph", "node"), [("ferry", "Skye"), ("wiring", "agg3")])
def test_the_graphs_own_name_is_no_edge_value_for_a_nodes_triangles(agents, files, graph, node):
    g, _ = graph_of(graph)
    resp = ask(agents, files, graph, f"how many triangles is {node} part of in the {{w}} data?")
    assert resp.status == "answered", resp.answer
    assert f"{node} is part of **{nx.triangles(g, node)} triangle(s)**" in resp.answer, resp.answer
    assert not any(a.tool == "edge_attribute_totals" for a in resp.actions)


@pytest.mark.parametrize("graph", sorted(TABLES))
@pytest.mark.parametrize("question", [
    "run pagerank on the {w} network weighted by {w}",
    "which node has the highest pagerank, using the volumes?",
    "who tops pagerank with {w} as the weight?",
])
def test_an_explicit_weighting_runs_the_weighted_pagerank(agents, files, graph, question):
    g, column = graph_of(graph)
    resp = ask(agents, files, graph, question)
    assert resp.status == "answered", resp.answer
    assert f"weighted by {column}" in resp.answer, resp.answer
    ranked = resp.answer.split("are ")[1]
    assert ranked.startswith(top(nx.pagerank(g, weight=column))), resp.answer
    assert all(a.args.get("weight") == column for a in resp.actions if a.tool == "node_centrality")


@pytest.mark.parametrize("graph", sorted(TABLES))
def test_an_explicit_weighting_runs_the_weighted_communities(agents, files, graph):
    _, column = graph_of(graph)
    resp = ask(agents, files, graph, "run community detection on the {w} network using the "
                                     "volumes - how many communities do you get?")
    assert resp.status == "answered", resp.answer
    assert f"weighted by {column}" in resp.answer, resp.answer
    assert [a.args.get("weight") for a in resp.actions if a.tool == "community_detection"] == \
        [column]


@pytest.mark.parametrize("graph", sorted(TABLES))
def test_grouping_by_size_is_no_request_for_weighting(agents, files, graph):
    resp = ask(agents, files, graph, "which node has the highest pagerank by degree?")
    assert not any(a.args.get("weight") for a in resp.actions if a.tool == "node_centrality")
