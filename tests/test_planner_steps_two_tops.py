"""A question about a ranking's top two nodes ("the shortest path between the two
best-connected halts", "how many minutes apart are the two halts with the most links") is
answered on the ranking's first two (asked when a tie makes them more than two), and "which
of Bell's neighbours is closest in minutes" is the node nearest to Bell (with positive edge
values always one of its neighbours), also as a second step. networkx is the oracle, on two
tables each."""

from __future__ import annotations

import networkx as nx
import pandas as pd
import pytest

from tests.planner_support import ask_as_csv_files
from tests.planner_tables import CHOIR, COURIERS, table_graph

HALTS = pd.DataFrame([("Arch", "Cove", 4), ("Arch", "Dock", 2), ("Arch", "Elm", 5), ("Arch", "Hill", 1),
                      ("Bell", "Cove", 2), ("Bell", "Dock", 6), ("Bell", "Fern", 3), ("Elm", "Fern", 3)],
                     columns=["halt_a", "halt_b", "mins"])
STALLS = pd.DataFrame([("Bakery", "Cheeses", 12), ("Bakery", "Dates", 30), ("Cheeses", "Dates", 9),
                       ("Dates", "Eggs", 14), ("Eggs", "Figs", 6), ("Figs", "Grains", 20),
                       ("Eggs", "Grains", 11), ("Grains", "Herbs", 8), ("Herbs", "Honey", 5),
                       ("Honey", "Jams", 7), ("Grains", "Jams", 25), ("Jams", "Kale", 4),
                       ("Cheeses", "Eggs", 22), ("Grains", "Kale", 18)],
                      columns=["stall_1", "stall_2", "metres"])


def _nodes(edges: pd.DataFrame, column: str) -> pd.DataFrame:
    names = sorted(set(edges.iloc[:, 0]) | set(edges.iloc[:, 1]))
    return pd.DataFrame([(n, "east" if n < "F" else "west") for n in names],
                        columns=[column, "side"])


def _top_two(g: nx.Graph) -> list[str]:
    ranked = sorted(dict(g.degree()).items(), key=lambda kv: -kv[1])
    assert ranked[1][1] > ranked[2][1] and ranked[0][1] >= ranked[1][1]  # two, no tie
    return [ranked[0][0], ranked[1][0]]


@pytest.mark.parametrize("edges,noun,question", [
    (HALTS, "halt", "what's the shortest path between the two best-connected halts?"),
    (HALTS, "halt", "how many minutes apart are the two halts with the most links?"),
    (STALLS, "stall", "What's the shortest path between the two stalls with the most neighbours?"),
])
def test_a_route_between_the_ranking_s_top_two(tmp_path, edges, noun, question):
    weight = edges.columns[2]
    g = table_graph(edges, weight)
    a, b = _top_two(g)
    length = nx.shortest_path_length(g, a, b, weight=weight)
    resp = ask_as_csv_files(tmp_path, edges, _nodes(edges, noun), question)
    assert resp.status == "answered", resp.answer
    rest = resp.answer.split(f"Then, for **{a} and {b}**:", 1)[1]
    assert f"from {a} to {b} is **{length} {weight}**" in rest, rest


@pytest.mark.parametrize("edges,noun", [(CHOIR, "singer"), (COURIERS, "depot")])
def test_a_tie_below_the_top_two_is_asked(tmp_path, edges, noun):
    g = table_graph(edges)
    ranked = sorted(dict(g.degree()).values(), reverse=True)
    assert ranked[1] == ranked[2]  # the fixture ties for second
    resp = ask_as_csv_files(tmp_path, edges, _nodes(edges, noun),
                            f"what's the shortest path between the two best-connected {noun}s?")
    assert resp.status == "needs_clarification", resp.answer


@pytest.mark.parametrize("edges,noun,name,question", [
    (HALTS, "halt", "Bell", "which of Bell's neighbours is closest in minutes?"),
    (STALLS, "stall", "Grains", "Which of Grains's neighbours is closest in metres?"),
    (COURIERS, "depot", "York", "which of York's neighbours is nearest by drive_min?"),
])
def test_the_closest_of_a_node_s_neighbours_is_the_nearest_node(tmp_path, edges, noun, name,
                                                                question):
    weight = edges.columns[2]
    g = table_graph(edges, weight)
    near = min(g[name][m][weight] for m in g[name])
    (closest,) = [m for m in g[name] if g[name][m][weight] == near]
    resp = ask_as_csv_files(tmp_path, edges, _nodes(edges, noun), question)
    assert resp.status == "answered", resp.answer
    assert f"**{closest}** at **{near} " in resp.answer, resp.answer


@pytest.mark.parametrize("edges,noun,question", [
    (HALTS, "halt", "Find the halt with the most links, then which of its neighbours is closest?"),
    (STALLS, "stall", "find the stall with the most neighbours, then which of its neighbours is "
                      "closest in metres?"),
])
def test_the_closest_neighbour_of_a_ranked_node(tmp_path, edges, noun, question):
    weight = edges.columns[2]
    g = table_graph(edges, weight)
    top = _top_two(g)[0]
    near = min(g[top][m][weight] for m in g[top])
    (closest,) = [m for m in g[top] if g[top][m][weight] == near]
    resp = ask_as_csv_files(tmp_path, edges, _nodes(edges, noun), question)
    assert resp.status == "answered", resp.answer
    assert f"**{closest}** at **{near} " in resp.answer.split(f"Then, for **{top}**:", 1)[1]


@pytest.mark.parametrize("edges,noun", [(HALTS, "halt"), (STALLS, "stall")])
def test_the_two_most_distant_nodes_are_the_diameter_not_a_ranking(tmp_path, edges, noun):
    g = table_graph(edges)
    resp = ask_as_csv_files(tmp_path, edges, _nodes(edges, noun),
                            f"How many hops separate the two most distant {noun}s?")
    assert resp.status == "answered", resp.answer
    assert f"The diameter is **{nx.diameter(g)} hops**" in resp.answer, resp.answer
