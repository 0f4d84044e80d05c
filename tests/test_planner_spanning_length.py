"""The least total length that keeps every node linked ("if we only kept enough roads to keep
all cities linked with the least total length, how long would that be?") is the minimum
spanning tree's total of the edge values read as lengths, even where a plain ``weight``
column would otherwise be read as a strength (and inverted). Two tables, networkx the
oracle."""

from __future__ import annotations

import networkx as nx
import pandas as pd
import pytest

from tests.planner_support import ask_table


def _table(seed: int, ends: list[str]) -> tuple[nx.Graph, pd.DataFrame]:
    g = nx.connected_watts_strogatz_graph(18, 4, 0.3, seed=seed)
    for i, (u, v) in enumerate(g.edges()):
        g[u][v]["weight"] = 1 + (i * 7 + seed) % 9
    rows = [(f"{ends[0][:4]}{u}", f"{ends[0][:4]}{v}", d["weight"]) for u, v, d in g.edges(data=True)]
    return g, pd.DataFrame(rows, columns=[*ends, "weight"])


TABLES = [_table(3, ["town_a", "town_b"]), _table(7, ["hub_from", "hub_to"])]


@pytest.mark.parametrize(("graph", "table"), TABLES)
@pytest.mark.parametrize("question", [
    "If we only kept enough links to keep all of them connected with the least total length, "
    "how long would that be?",
    "Keeping just enough links so every one stays connected, what is the smallest total length?",
    "What's the least total length of links that would keep everything reachable?",
    "If we only kept enough links to still connect every one, what's the least total length "
    "we'd need?",
])
def test_the_least_total_length_keeping_all_linked_is_the_spanning_trees(tmp_path, graph,
                                                                         table, question):
    resp = ask_table(tmp_path, table, question)
    total = nx.minimum_spanning_tree(graph).size(weight="weight")
    assert resp.answer.startswith(f"**{total:g}"), resp.answer
