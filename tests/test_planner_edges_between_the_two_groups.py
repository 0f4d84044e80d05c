""""How many ties cross between the two clubs?" on a graph whose grouping attribute takes
exactly two values counts the edges joining them (it asked); with three values "the two" names
no pair, and the answer is never one pair's count. networkx is the oracle, on two graphs with
their own words."""

from __future__ import annotations

import networkx as nx
import pytest

from igraph_agent import Agent


def _council() -> nx.Graph:
    g = nx.relabel_nodes(nx.gnm_random_graph(14, 30, seed=3), lambda n: f"cllr{n:02d}")
    nx.set_node_attributes(g, {n: "Reds" if int(n[4:]) < 7 else "Blues" for n in g}, "faction")
    return g


def _depots(values: tuple[str, ...] = ("east", "west")) -> nx.Graph:
    g = nx.relabel_nodes(nx.gnm_random_graph(16, 34, seed=5), lambda n: f"depot{n}")
    nx.set_node_attributes(g, {n: values[int(n[5:]) % len(values)] for n in g}, "wing")
    return g


def _crossing(g: nx.Graph, attr: str) -> int:
    return sum(1 for u, v in g.edges() if g.nodes[u][attr] != g.nodes[v][attr])


@pytest.mark.parametrize("g,attr,question", [
    (_council(), "faction", "How many ties run between the two factions?"),
    (_council(), "faction", "how many links cross between both factions?"),
    (_depots(), "wing", "Count the connections across the two wings"),
    (_depots(), "wing", "how many edges are there between the two wings?")])
def test_the_edges_between_an_attributes_two_values_are_counted(tmp_path, g, attr, question):
    agent = Agent(home=tmp_path)
    try:
        resp = agent.ask(question, attach=[g])
    finally:
        agent.close()
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith("Between ") and f"**{_crossing(g, attr)}**" in resp.answer, \
        resp.answer


def test_the_two_groups_of_a_three_valued_attribute_name_no_pair(tmp_path):
    g = _depots(("east", "west", "north"))
    agent = Agent(home=tmp_path)
    try:
        resp = agent.ask("how many edges are there between the two wings?", attach=[g])
    finally:
        agent.close()
    assert not resp.answer.startswith("Between "), resp.answer
