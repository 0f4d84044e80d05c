""""Which hamlet is closest to Cley" on a table whose one edge value is a distance
(``road_miles``, ``walk_metres``) is the node nearest by the shortest route in it, never the
nearest by hops; on a table whose one value is a strength (``meetings``) it is still asked."""

from __future__ import annotations

import networkx as nx
import pandas as pd
import pytest

from tests.planner_support import ask_table

ROADS = pd.DataFrame([("Avon", "Bude", 4), ("Bude", "Cley", 3), ("Avon", "Cley", 9),
                      ("Cley", "Dent", 2), ("Dent", "Eyam", 6), ("Bude", "Eyam", 12)],
                     columns=["hamlet_a", "hamlet_b", "road_miles"])
PATHS = pd.DataFrame([("gate", "pond", 400), ("pond", "mill", 150), ("gate", "mill", 900),
                      ("mill", "barn", 700), ("pond", "barn", 500), ("barn", "yard", 80)],
                     columns=["spot_1", "spot_2", "walk_metres"])
TIES = pd.DataFrame([("p1", "p2", 3), ("p1", "p3", 1), ("p2", "p3", 5), ("p3", "p4", 2)],
                    columns=["member_x", "member_y", "meetings"])


def _ask(tmp_path, table: pd.DataFrame, question: str):
    return ask_table(tmp_path, table, question)


@pytest.mark.parametrize("table, question, node", [
    (ROADS, "which hamlet is closest to Cley", "Cley"),
    (ROADS, "What's the nearest hamlet to Avon?", "Avon"),
    (PATHS, "which spot is closest to mill?", "mill"),
    (PATHS, "nearest spot to barn", "barn"),
])
def test_closest_to_a_node_uses_the_tables_one_distance(tmp_path, table, question, node):
    g = nx.Graph()
    for a, b, w in table.itertuples(index=False):
        g.add_edge(a, b, w=w)
    dist = nx.single_source_dijkstra_path_length(g, node, weight="w")
    dist.pop(node)
    best = min(dist.values())
    top = sorted(n for n, d in dist.items() if d == best)
    resp = _ask(tmp_path, table, question)
    assert resp.status == "answered", resp.answer
    assert all(f"**{n}**" in resp.answer for n in top)
    assert f"**{best:g} {table.columns[2]}**" in resp.answer


def test_closest_on_a_strength_is_still_asked(tmp_path):
    resp = _ask(tmp_path, TIES, "who is closest to p1?")
    assert resp.status == "needs_clarification", resp.answer
