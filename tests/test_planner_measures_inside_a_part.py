"""A centrality asked inside a group ("within the North district") or the largest component
is computed on that part alone; asked "in" a group it ranks the group's nodes by their
whole-graph scores and says so — checked against networkx on two tables."""

from __future__ import annotations

import networkx as nx
import pandas as pd
import pytest

from igraph_agent.figures import shown

ROADS = pd.DataFrame([("Alder", "Birch", 4), ("Birch", "Cedar", 3), ("Alder", "Cedar", 9),
                      ("Cedar", "Dogwood", 2), ("Dogwood", "Elm", 6), ("Elm", "Fir", 5),
                      ("Dogwood", "Fir", 12), ("Fir", "Gum", 1), ("Birch", "Dogwood", 7),
                      ("Hazel", "Ivy", 2), ("Ivy", "Juniper", 3)],
                     columns=["town_a", "town_b", "km"])
TOWNS = pd.DataFrame([("Alder", "North"), ("Birch", "North"), ("Cedar", "North"),
                      ("Dogwood", "North"), ("Elm", "South"), ("Fir", "South"), ("Gum", "South"),
                      ("Hazel", "Coast"), ("Ivy", "Coast"), ("Juniper", "Coast")],
                     columns=["id", "district"])
FOLLOWS = pd.DataFrame([("ana", "ben"), ("ben", "cid"), ("cid", "ana"), ("dan", "ana"),
                        ("ben", "dan"), ("eva", "ana"), ("fia", "eva"), ("eva", "fia"),
                        ("gus", "fia")], columns=["follower", "followed"])
TEAMS = pd.DataFrame([("ana", "red"), ("ben", "red"), ("cid", "red"), ("dan", "red"),
                      ("eva", "blue"), ("fia", "blue"), ("gus", "blue")], columns=["id", "team"])


def _roads() -> nx.Graph:
    g = nx.Graph()
    g.add_weighted_edges_from(ROADS.itertuples(index=False), weight="km")
    nx.set_node_attributes(g, dict(TOWNS.itertuples(index=False)), "district")
    return g


def _follows() -> nx.DiGraph:
    g = nx.DiGraph(list(FOLLOWS.itertuples(index=False)))
    nx.set_node_attributes(g, dict(TEAMS.itertuples(index=False)), "team")
    return g


def _top(scores: dict) -> tuple[str, float]:
    best = min(scores, key=lambda n: (-round(scores[n], 9), n))  # ties by name, as ranked
    return best, scores[best]


def _first(answer: str) -> str:
    return answer.split("the most central nodes are ", 1)[1].split(" (")[0]


@pytest.mark.parametrize("tables,graph,question,part,measure", [
    ([ROADS, TOWNS], _roads, "who has the highest betweenness within the North district?",
     ("district", "North"), lambda h: nx.betweenness_centrality(h, weight="km")),
    ([FOLLOWS, TEAMS], _follows, "who has the highest pagerank within the red team?",
     ("team", "red"), lambda h: nx.pagerank(h, tol=1e-10, max_iter=1000)),
    ([ROADS, TOWNS], _roads, "what is the highest betweenness in the largest component?",
     None, lambda h: nx.betweenness_centrality(h, weight="km")),
])
def test_a_measure_inside_a_part_is_computed_on_that_part(agent, tables, graph, question, part,
                                                          measure):
    g = graph()
    if part is None:
        keep = max(nx.connected_components(g.to_undirected()), key=len)
    else:
        keep = {n for n, v in g.nodes(data=part[0]) if v == part[1]}
    resp = agent.ask(question, attach=tables)
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith("Inside "), resp.answer
    best, score = _top(measure(g.subgraph(keep)))
    assert _first(resp.answer) == best and f"{best} ({shown(score)})" in resp.answer, resp.answer


def test_in_a_group_ranks_its_nodes_by_whole_graph_scores_and_says_so(agent):
    g = _roads()
    resp = agent.ask("who has the highest betweenness in the North district?",
                     attach=[ROADS, TOWNS])
    assert resp.status == "answered", resp.answer
    assert "scores on the whole graph" in resp.answer, resp.answer
    whole = nx.betweenness_centrality(g, weight="km")
    north = {n: s for n, s in whole.items() if g.nodes[n]["district"] == "North"}
    assert _first(resp.answer) == _top(north)[0], resp.answer


def test_a_measure_in_a_part_it_cannot_score_is_asked(agent):
    resp = agent.ask("which town has the highest closeness in the smallest component?",
                     attach=[ROADS, TOWNS])
    assert resp.status == "needs_clarification", resp.answer


@pytest.mark.parametrize("tables,graph,question", [
    ([ROADS, TOWNS], _roads, "in the largest component, what's the highest degree?"),
    ([FOLLOWS, TEAMS], _follows, "who has the most links in the biggest piece?"),
])
def test_the_highest_degree_inside_the_largest_component(agent, tables, graph, question):
    g = graph()
    main = max(nx.connected_components(g.to_undirected()), key=len)
    deg = {n: g.degree(n) for n in main}
    best = max(deg.values())
    resp = agent.ask(question, attach=tables)
    assert resp.status == "answered", resp.answer
    tied = ", ".join(f"**{n}**" for n in sorted(n for n in main if deg[n] == best))
    assert resp.answer.startswith(f"Inside the largest component ({len(main)} nodes), the "
                                  f"highest degree is **{best}**: {tied} "), resp.answer
