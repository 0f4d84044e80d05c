""""The longest route from A to B" is asked (no tool finds a longest simple path), never
answered with the shortest path; the shortest route is still answered."""

from __future__ import annotations

import networkx as nx
import pandas as pd
import pytest
from planner_support import agents_for

GRAPHS = {"roads": (nx.cycle_graph(8), ["town_a", "town_b"], "t", "route"),
          "trails": (nx.grid_2d_graph(3, 3), ["hut_a", "hut_b"], "h", "walk")}


def _table(name: str) -> pd.DataFrame:
    g, cols, prefix, _ = GRAPHS[name]
    ids = {n: f"{prefix}{i}" for i, n in enumerate(g)}
    return pd.DataFrame([(ids[a], ids[b]) for a, b in g.edges()], columns=cols)


@pytest.fixture(scope="module")
def agents(tmp_path_factory):
    yield from agents_for(GRAPHS, tmp_path_factory)


@pytest.mark.parametrize("name", GRAPHS)
def test_the_longest_route_between_two_nodes_is_asked(agents, name):
    _, _, prefix, noun = GRAPHS[name]
    resp = agents[name].ask(f"what is the longest {noun} from {prefix}0 to {prefix}3?",
                            attach=[_table(name)])
    assert resp.status == "needs_clarification", resp.answer
    assert "shortest path" in resp.answer  # offered, never answered as the longest


@pytest.mark.parametrize("name", GRAPHS)
def test_the_shortest_route_is_still_answered(agents, name):
    _, _, prefix, noun = GRAPHS[name]
    resp = agents[name].ask(f"what is the shortest {noun} from {prefix}0 to {prefix}3?",
                            attach=[_table(name)])
    assert resp.status == "answered", resp.answer
    assert "hop(s)" in resp.answer, resp.answer
