"""One figure of the graph's pieces asked by name leads the answer: "how many bridges"
(networkx's ``bridges``), "how many cut vertices" / "articulation points"
(``articulation_points``), "what fraction of the nodes is in the largest component", "the
smallest component's size"."""

from __future__ import annotations

import re

import networkx as nx
import pandas as pd
import pytest

_STOPS = nx.relabel_nodes(nx.disjoint_union_all([nx.cycle_graph(7), nx.path_graph(4),
                                                 nx.complete_graph(4)]), lambda n: f"stop{n}")
_KARATE = nx.relabel_nodes(nx.karate_club_graph(), str)
GRAPHS = [(_STOPS, ("stop", "next_stop"), "stops"), (_KARATE, ("source", "target"), "members")]


def _table(g: nx.Graph, cols: tuple[str, str]) -> pd.DataFrame:
    return pd.DataFrame(list(g.edges()), columns=list(cols))


def _first(answer: str) -> str:
    return re.findall(r"\*\*(.+?)\*\*", answer)[0]


@pytest.mark.parametrize("g,cols,noun", GRAPHS)
def test_the_number_of_bridges_leads(agent, g, cols, noun):
    resp = agent.ask("how many bridges are there?", attach=[_table(g, cols)])
    assert _first(resp.answer) == str(len(list(nx.bridges(g)))), resp.answer


@pytest.mark.parametrize("g,cols,noun", GRAPHS)
def test_the_number_of_cut_vertices_leads(agent, g, cols, noun):
    resp = agent.ask(f"how many cut vertices do the {noun} have?", attach=[_table(g, cols)])
    assert _first(resp.answer) == str(len(list(nx.articulation_points(g)))), resp.answer


def test_the_largest_components_share_leads(agent):
    resp = agent.ask("what fraction of stops are in the largest component?",
                     attach=[_table(_STOPS, ("stop", "next_stop"))])
    share = max(len(c) for c in nx.connected_components(_STOPS)) / len(_STOPS)
    assert float(_first(resp.answer).rstrip("%")) == pytest.approx(share * 100, abs=0.05), \
        resp.answer


def test_the_smallest_components_size_leads(agent):
    resp = agent.ask("what is the size of the smallest component?",
                     attach=[_table(_STOPS, ("stop", "next_stop"))])
    assert _first(resp.answer) == str(min(len(c) for c in nx.connected_components(_STOPS))), \
        resp.answer


@pytest.mark.parametrize("question,part", [
    ("how many nodes are in the center of the graph?", nx.center),
    ("how many stops form the periphery of the graph?", nx.periphery),
])
def test_the_center_or_periphery_counted_is_a_count_of_those_nodes(agent, question, part):
    g = nx.relabel_nodes(nx.connected_watts_strogatz_graph(26, 4, 0.3, seed=2), lambda n: f"stop{n}")
    resp = agent.ask(question, attach=[_table(g, ("stop", "next_stop"))])
    assert resp.status == "answered", resp.answer
    assert _first(resp.answer) == str(len(part(g))), resp.answer


@pytest.mark.parametrize("question", ["how many strongly connected components are there?",
                                      "number of strong components?"])
def test_the_number_of_strong_components_leads(agent, question):
    g = nx.relabel_nodes(nx.gnm_random_graph(30, 60, seed=3, directed=True), lambda n: f"port{n}")
    table = pd.DataFrame(list(g.edges()), columns=["shipper", "consignee"])
    resp = agent.ask(question, attach=[table])
    assert _first(resp.answer) == f"{nx.number_strongly_connected_components(g)} strongly connected", \
        resp.answer
