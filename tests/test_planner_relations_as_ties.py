"""On an undirected graph whose edges carry no value, an edge said as an event or relation
between two nodes ("which family has the most marriages", "which fencer had the fewest
bouts") is a node's ties: the degree ranking answers. A quantity no edge holds ("the most
money") stays asked. Two tables in other words; networkx's degree is the oracle."""

from __future__ import annotations

import networkx as nx
import pytest

from tests.planner_support import ask_edges

FAMILIES = nx.florentine_families_graph()
FENCERS = nx.relabel_nodes(nx.gnm_random_graph(14, 30, seed=3), lambda n: f"fencer{n:02d}")


@pytest.mark.parametrize(("g", "columns", "question", "most"), [
    (FAMILIES, ["family", "other_family"], "which family has the most marriages?", True),
    (FAMILIES, ["family", "other_family"], "which family has the fewest marriages?", False),
    (FENCERS, ["fencer_a", "fencer_b"], "which fencer had the most bouts?", True),
])
def test_an_edge_said_as_a_relation_ranks_the_nodes_by_degree(agent, g, columns, question,
                                                               most):
    degrees = dict(g.degree())
    best = (max if most else min)(degrees.values())
    resp = ask_edges(agent, g, *columns, question)
    assert resp.status == "answered", resp.answer
    assert f"**{best}**" in resp.answer.split(".")[0] + resp.answer.split(":")[0], resp.answer
    leaders = [n for n, d in degrees.items() if d == best]
    assert any(n in resp.answer for n in leaders), resp.answer


def test_a_quantity_no_edge_holds_stays_asked(agent):
    resp = ask_edges(agent, FAMILIES, "family", "other_family",
                     "which family has the most money?")
    assert resp.status == "needs_clarification", resp.answer
