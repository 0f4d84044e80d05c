""""How many roads are shorter than 3" on a graph whose one edge value is a plain `weight`
counts the edges whose weight is below 3, taking it as a length and saying so."""

from __future__ import annotations

import networkx as nx
import pytest

from igraph_agent import Agent


def _graph(seed: int) -> nx.Graph:
    g = nx.connected_watts_strogatz_graph(20, 4, 0.3, seed=seed)
    for i, (a, b) in enumerate(g.edges()):
        g.edges[a, b]["weight"] = 1 + (i * 7) % 9
    return nx.relabel_nodes(g, {n: f"c{n}" for n in g})


@pytest.mark.parametrize("noun, op, bound", [("roads", "shorter", 3), ("trails", "longer", 6)])
def test_edges_shorter_than_a_bound_count_the_plain_weight_as_a_length(tmp_path, noun, op, bound):
    g = _graph(len(noun))
    values = [w for _, _, w in g.edges(data="weight")]
    n = sum(w < bound for w in values) if op == "shorter" else sum(w > bound for w in values)
    agent = Agent(home=tmp_path)
    try:
        resp = agent.ask(f"How many {noun} are {op} than {bound}?", attach=[g])
    finally:
        agent.close()
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith(f"**{n}** of {g.number_of_edges()} edges"), resp.answer
    assert "as the length" in resp.answer, resp.answer
