""""What's the fewest cities you would have to close to cut the road network in two?" is the
whole graph's node connectivity (its edge connectivity when roads close), and "how many
roads would have to close before town0 can no longer reach town20?" the pair's local edge
connectivity (node connectivity when the counted word is the data's node word), networkx as
the oracle, on graphs where the two figures differ."""

from __future__ import annotations

import re

import networkx as nx
import pandas as pd
import pytest

#: two 5-cliques sharing one town: node connectivity 1 and edge connectivity 4, overall and
#: between the cliques' far towns
_BOW = nx.relabel_nodes(nx.compose(nx.complete_graph(5), nx.relabel_nodes(
    nx.complete_graph(5), {i: i + 4 for i in range(5)})), lambda n: f"town{n}")
ROADS = pd.DataFrame(list(_BOW.edges()), columns=["town_a", "town_b"])
_RING = nx.relabel_nodes(nx.circulant_graph(12, [1, 2]), lambda n: f"camp{n}")
_RING.add_edges_from([("camp0", "camp6"), ("camp3", "camp9")])
TRAILS = pd.DataFrame(list(_RING.edges()), columns=["camp_a", "camp_b"])


def _first(answer: str) -> str:
    return re.findall(r"\*\*(.+?)\*\*", answer)[0]


@pytest.mark.parametrize("table,g,question,nodes", [
    (ROADS, _BOW, "What's the fewest towns you would have to close to cut the road network "
                  "in two?", True),
    (ROADS, _BOW, "least number of roads that must be blocked to split the network in two?",
     False),
    (TRAILS, _RING, "the fewest camps we'd have to shut to break the trails into two?", True),
    (ROADS, _BOW, "how many towns would have to go down to split the network?", True),
    (ROADS, _BOW, "what is the minimum number of roads whose closure would break the network in "
                  "half?", False),
])
def test_the_fewest_to_cut_the_whole_network_in_two(agent, table, g, question, nodes):
    resp = agent.ask(question, attach=[table])
    assert resp.status == "answered", resp.answer
    want = nx.node_connectivity(g) if nodes else nx.edge_connectivity(g)
    assert _first(resp.answer) == str(want), resp.answer
    assert resp.answer.split("**", 2)[2].startswith(" nodes" if nodes else " edges"), resp.answer


@pytest.mark.parametrize("table,g,question,a,b,nodes", [
    (ROADS, _BOW, "How many roads would have to close before town0 can no longer reach town8?",
     "town0", "town8", False),
    (ROADS, _BOW, "how many towns would need to be shut before town0 could not get to town8?",
     "town0", "town8", True),
    (TRAILS, _RING, "what is the smallest number of trails to block so that camp1 cannot reach "
                    "camp7?", "camp1", "camp7", False),
])
def test_the_fewest_before_one_can_no_longer_reach_another(agent, table, g, question, a, b,
                                                           nodes):
    resp = agent.ask(question, attach=[table])
    assert resp.status == "answered", resp.answer
    want = nx.node_connectivity(g, a, b) if nodes else nx.edge_connectivity(g, a, b)
    assert _first(resp.answer) == str(want), resp.answer
