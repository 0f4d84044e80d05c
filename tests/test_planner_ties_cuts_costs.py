"""Offline planner: one node's ties counted in the data's words ("how many other singers
does Eef share a part with", "Bram has how many partners?"), the whole graph's node and
edge connectivity ("the fewest roads to close to break the network apart"), and a plain
``weight`` column read as a cost when the question asks the cheapest path -- each on two
tables with different vocabularies, against networkx."""

from __future__ import annotations

import networkx as nx
import pandas as pd
import pytest

from igraph_agent import Agent
from tests.planner_support import agents_for
from tests.planner_tables import CHOIR, COURIERS, table_graph

#: a plain ``weight`` column on an undirected table of huts
HUTS = pd.DataFrame([("h1", "h2", 5), ("h2", "h3", 1), ("h1", "h3", 9), ("h3", "h4", 2),
                     ("h1", "h4", 2), ("h4", "h5", 7)], columns=["hut", "other_hut", "weight"])
#: a plain ``weight`` column on a table of towns named by capitalised names
FERRIES = pd.DataFrame([("Oban", "Mull", 4), ("Mull", "Coll", 3), ("Oban", "Coll", 10),
                        ("Coll", "Tiree", 2), ("Oban", "Tiree", 12)],
                       columns=["port_a", "port_b", "weight"])
TABLES = {"choir": CHOIR, "couriers": COURIERS, "huts": HUTS, "ferries": FERRIES}


@pytest.fixture(scope="module")
def agents(tmp_path_factory):
    yield from agents_for(TABLES, tmp_path_factory)


def _ask(agents: dict[str, Agent], name: str, question: str):
    return agents[name].ask(question, attach=[TABLES[name]])


@pytest.mark.parametrize("name,node,question", [
    ("choir", "Eef", "how many other singers does Eef share a part with"),
    ("choir", "Bram", "Bram has how many different partners?"),
    ("choir", "Hidde", "Hidde: how many partners?"),
    ("couriers", "York", "how many depots is York linked with?"),
    ("couriers", "Selby", "Selby has how many connections?"),
])
def test_one_nodes_ties_counted_in_the_datas_words_is_its_degree(agents, name, node, question):
    g = table_graph(TABLES[name])
    r = _ask(agents, name, question)
    assert r.status == "answered", r.answer
    assert f"degree **{g.degree(node)}**" in r.answer, r.answer


@pytest.mark.parametrize("name,question", [
    ("choir", "how many singers are within 2 hops of Eef?"),
    ("couriers", "how many depots are in total?"),
])
def test_a_count_that_names_another_analysis_is_not_read_as_one_nodes_ties(agents, name,
                                                                          question):
    r = _ask(agents, name, question)
    assert "degree **" not in r.answer, r.answer


@pytest.mark.parametrize("name,question,nodes", [
    ("choir", "minimum number of singers to remove to disconnect the choir?", True),
    ("choir", "how many pairings would have to be cut to split the choir?", False),
    ("couriers", "fewest roads to close to break the network apart?", False),
    ("couriers", "what's the vertex connectivity of this graph?", True),
])
def test_the_whole_graphs_cut_is_its_node_or_edge_connectivity(agents, name, question, nodes):
    g = table_graph(TABLES[name])
    want = nx.node_connectivity(g) if nodes else nx.edge_connectivity(g)
    r = _ask(agents, name, question)
    assert r.status == "answered", r.answer
    assert r.answer.startswith(f"**{want}** {'nodes' if nodes else 'edges'} is the fewest"), \
        r.answer


@pytest.mark.parametrize("name,source,target,question", [
    ("huts", "h1", "h5", "cheapest path cost from h1 to h5 using the edge weights"),
    ("ferries", "Oban", "Tiree", "what's the cheapest way from Oban to Tiree?"),
])
def test_the_cheapest_path_sums_a_plain_weight_column_as_a_cost(agents, name, source, target,
                                                                 question):
    g = table_graph(TABLES[name], "weight")
    want = nx.shortest_path_length(g, source, target, weight="weight")
    r = _ask(agents, name, question)
    assert r.status == "answered", r.answer
    assert f"**{want} weight**" in r.answer, r.answer


@pytest.mark.parametrize("name,node,question", [
    ("choir", "Ilse", "who is Ilse partnered with?"),
    ("couriers", "Malton", "Who is Malton directly linked to?"),
    ("ferries", "Coll", "who is Coll connected with?"),
])
def test_who_is_a_node_participle_to_lists_its_neighbours(agents, name, node, question):
    g = table_graph(TABLES[name])
    r = _ask(agents, name, question)
    assert r.status == "answered", r.answer
    listed = r.answer.split("hop 1 (")[1].split(")")[0].split(", ")
    assert sorted(listed) == sorted(g[node]), r.answer


@pytest.mark.parametrize("name,a,b", [("choir", "Anouk", "Dries"), ("couriers", "York", "Selby")])
def test_the_jaccard_similarity_of_two_nodes_is_their_neighbourhoods_overlap(agents, name, a, b):
    g = table_graph(TABLES[name])
    want = next(nx.jaccard_coefficient(g, [(a, b)]))[2]
    r = _ask(agents, name, f"Jaccard similarity between the {a} and the {b}?")
    assert r.status == "answered", r.answer
    assert f"**{want:.4f}**" in r.answer, r.answer
