""""If X disappeared, how many would be cut off from the rest" counts the nodes the removal
leaves apart from the main part (never the cut points of the graph as it is)."""

from __future__ import annotations

import networkx as nx
import pandas as pd
import pytest
from planner_support import agents_for

FAMILIES = nx.florentine_families_graph()
STAR = nx.Graph([("hub", f"leaf{i}") for i in range(4)] + [("hub", "a"), ("a", "b"), ("b", "hub")])
GRAPHS = {"families": (FAMILIES, ["family", "in_law"], "Medici", "families"),
          "star": (STAR, ["stop_a", "stop_b"], "hub", "stops")}


@pytest.fixture(scope="module")
def agents(tmp_path_factory):
    yield from agents_for(GRAPHS, tmp_path_factory)


@pytest.mark.parametrize("name", GRAPHS)
@pytest.mark.parametrize("verb", ["disappeared", "left"])
def test_nodes_cut_off_from_the_rest_after_a_removal_are_counted(agents, name, verb):
    g, cols, gone, nouns = GRAPHS[name]
    h = g.copy()
    h.remove_node(gone)
    pieces = sorted(nx.connected_components(h), key=len, reverse=True)
    apart = sorted(n for c in pieces[1:] for n in c)
    table = pd.DataFrame(list(g.edges()), columns=cols)
    resp = agents[name].ask(f"if the {gone} {verb}, how many {nouns} would be cut off from the "
                            "rest?", attach=[table])
    assert resp.status == "answered", resp.answer
    assert f"**{len(apart)}**" in resp.answer.split(":")[0], resp.answer
    assert all(n in resp.answer for n in apart), resp.answer
