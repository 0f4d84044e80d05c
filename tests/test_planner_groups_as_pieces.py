""""The largest group" on a graph in several pieces whose nodes carry no grouping column is
its largest connected component; "the same group as hut0" that node's component. With a
grouping column, "group" stays that column's groups."""

from __future__ import annotations

import networkx as nx
import pandas as pd
import pytest

from tests.planner_support import ask_as_csv_files, ask_table


def _pieces(prefix: str, sizes: list[int]) -> nx.Graph:
    g = nx.Graph()
    start = 0
    for size in sizes:
        nx.add_path(g, [f"{prefix}{start + i}" for i in range(size)])
        start += size
    return g


CASES = {"huts": (_pieces("hut", [3, 5, 2]), "hut", "path_a", "path_b"),
         "wells": (_pieces("w", [4, 2, 6, 1]), "well", "pipe_from", "pipe_to")}


@pytest.mark.parametrize("name", CASES)
def test_the_largest_group_of_a_split_graph_is_its_largest_component(tmp_path, name):
    g, noun, a, b = CASES[name]
    g = nx.Graph(g.subgraph([n for n in g if g.degree(n)]))  # lone nodes have no edge row
    edges = pd.DataFrame(list(g.edges()), columns=[a, b])
    biggest = max(len(c) for c in nx.connected_components(g))
    resp = ask_table(tmp_path, edges, f"how big is the biggest group of {noun}s?")
    assert resp.status == "answered", resp.answer
    assert f"**{biggest}**" in resp.answer and "component" in resp.answer, resp.answer


@pytest.mark.parametrize("name", CASES)
def test_the_same_group_as_a_node_is_its_component(tmp_path, name):
    g, noun, a, b = CASES[name]
    edges = pd.DataFrame(list(g.edges()), columns=[a, b])
    first = sorted(g, key=lambda n: int(n.lstrip("hutw")))[0]
    mates = sorted(nx.node_connected_component(g, first) - {first})
    resp = ask_table(tmp_path, edges, f"which {noun}s are in the same group as {first}?")
    assert resp.status == "answered", resp.answer
    assert all(f"**{m}**" in resp.answer for m in mates), resp.answer


def test_a_grouping_column_keeps_group_as_its_groups(tmp_path):
    g, _, a, b = CASES["huts"]
    edges = pd.DataFrame(list(g.edges()), columns=[a, b])
    nodes = pd.DataFrame({"id": list(g), "group": ["north" if i % 2 else "south"
                                                   for i in range(len(g))]})
    resp = ask_as_csv_files(tmp_path, edges, nodes, "how big is the largest group?")
    assert "component" not in resp.answer.split(".")[0], resp.answer
