"""A rooted tree's words on an undirected graph ("how many children does t1 have") are
asked, never answered with the node's ties: with no direction, one of those ties is the
parent. On a directed parent -> child table the same question is the node's out-degree.
Two trees in other names; networkx is the oracle."""

from __future__ import annotations

import networkx as nx
import pytest

from tests.planner_support import ask_edges

TREE = nx.relabel_nodes(nx.balanced_tree(2, 3), lambda n: f"t{n}")
ORG = nx.relabel_nodes(nx.balanced_tree(3, 2), lambda n: f"unit{n}")


@pytest.mark.parametrize(("g", "columns", "question"), [
    (TREE, ["a", "b"], "how many children does t1 have?"),
    (ORG, ["unit_x", "unit_y"], "how many descendants does unit2 have?"),
])
def test_children_on_an_undirected_tree_are_asked_not_counted_as_ties(agent, g, columns,
                                                                       question):
    resp = ask_edges(agent, g, *columns, question)
    assert resp.status == "needs_clarification", resp.answer
    assert resp.suggestions, resp.answer


def test_children_on_a_parent_child_table_are_the_out_neighbours(agent):
    directed = nx.DiGraph(nx.bfs_edges(TREE, "t0"))
    resp = ask_edges(agent, directed, "parent", "child", "how many children does t1 have?")
    assert resp.status == "answered", resp.answer
    assert f"**{directed.out_degree('t1')}**" in resp.answer, resp.answer
