"""How deep a graph goes from a named root ("how deep does it go from the root t0 down to the
furthest leaf"): the root's eccentricity in hops, against networkx on two trees; "below" a
node that no root places asks, on an undirected graph."""

from __future__ import annotations

import networkx as nx
import pandas as pd
import pytest

FAMILY = nx.relabel_nodes(nx.balanced_tree(2, 3), lambda n: f"gen{n}")
CAVES = pd.DataFrame([("Mouth", "Hall"), ("Hall", "Drip"), ("Hall", "Well"), ("Well", "Pit"),
                      ("Pit", "Sump"), ("Drip", "Nook")], columns=["chamber", "passage_to"])


@pytest.mark.parametrize("graph, root, question", [
    ("family", "gen0", "how deep does it go from the root gen0 down to the furthest leaf?"),
    ("family", "gen0", "What is the depth of the tree from gen0?"),
    ("caves", "Mouth", "How far down does the cave go from the root Mouth?"),
])
def test_the_depth_from_a_root_is_its_eccentricity_in_hops(agent, graph, root, question):
    g = FAMILY if graph == "family" else nx.Graph(list(CAVES.itertuples(index=False)))
    attach = FAMILY if graph == "family" else CAVES
    resp = agent.ask(question, attach=[attach])
    assert resp.status == "answered", resp.answer
    depth = nx.eccentricity(g, root) if not g.is_directed() else max(
        nx.single_source_shortest_path_length(g, root).values())
    assert resp.answer.startswith(f"**{depth}** hop(s) deep"), resp.answer


def test_below_a_node_no_root_places_asks_on_an_undirected_tree(agent):
    resp = agent.ask("how deep does the tree go below gen2?", attach=[FAMILY])
    assert resp.status == "needs_clarification", resp.answer
