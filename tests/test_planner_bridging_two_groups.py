"""A node asked to bridge the groups of an attribute said in the plural ("which member
bridges the two clubs", "who connects the two sites") is found between that attribute's
two values (the nodes with neighbours in both, ranked by betweenness on the paths between
them), never answered with the graph's bridge edges or a count of edges; on an attribute
with more than two values, which two is asked. Two graphs with node tables in other words;
networkx is the oracle."""

from __future__ import annotations

import networkx as nx
import pandas as pd
import pytest

from tests.planner_support import ask_as_csv_files


def _karate():
    g = nx.karate_club_graph()
    return (pd.DataFrame([(f"m{a}", f"m{b}") for a, b in g.edges()], columns=["member", "friend"]),
            pd.DataFrame({"member": [f"m{n}" for n in g], "club": [g.nodes[n]["club"] for n in g]}))


def _sites():
    g = nx.barbell_graph(6, 2)
    site = {n: "north" if n < 7 else "south" for n in g}
    return (pd.DataFrame([(f"eng{a}", f"eng{b}") for a, b in g.edges()], columns=["engineer", "peer"]),
            pd.DataFrame({"engineer": [f"eng{n}" for n in g], "site": [site[n] for n in g]}))


def _linkers(edges: pd.DataFrame, nodes: pd.DataFrame) -> set[str]:
    g = nx.from_pandas_edgelist(edges, *edges.columns[:2])
    group = dict(zip(nodes.iloc[:, 0], nodes.iloc[:, 1], strict=True))
    values = sorted(set(group.values()))
    return {n for n in g if {group[m] for m in g[n]} >= set(values)}


@pytest.mark.parametrize(("tables", "question"), [
    (_karate, "which member bridges the two clubs?"),
    (_karate, "who connects the clubs?"),
    (_sites, "which engineer is the best bridge between the sites?"),
])
def test_a_node_bridging_the_two_groups_is_found_between_them(tmp_path, tables, question):
    edges, nodes = tables()
    linkers = _linkers(edges, nodes)
    resp = ask_as_csv_files(tmp_path, edges, nodes, question)
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith(f"**{len(linkers)}** node(s) link"), resp.answer
    first = resp.answer.split(": **", 1)[1].split("**")[0].split(" (")[0]
    assert first in linkers, resp.answer


def test_bridging_groups_of_more_than_two_values_asks_which_two(tmp_path):
    edges, nodes = _karate()
    nodes["club"] = [["red", "blue", "green"][i % 3] for i in range(len(nodes))]
    resp = ask_as_csv_files(tmp_path, edges, nodes, "who bridges the clubs?")
    assert resp.status == "needs_clarification", resp.answer
    assert "red" in resp.answer and "blue" in resp.answer, resp.answer
