"""A chain's "who are they" after a ranking by a count of partners ("for the person with
the most backers, who are they?") lists the ranked node's partners on the counted side;
"how many drives do we have" is the data's own count; "the number of people involved in
flatsharing" counts the nodes with at least one edge (not one a node table adds alone).
networkx is the oracle, on two tables each."""

from __future__ import annotations

import networkx as nx
import pytest

from tests.planner_support import ask_table
from tests.planner_tables import CHOIR, COURIERS, FLATS, HOUSES, table_graph
from tests.test_planner_chain_ranked_inputs import KILNS
from tests.test_planner_chain_verb_counts import BACKS


def test_they_are_the_counted_backers_of_the_most_backed(tmp_path):
    g = nx.from_pandas_edgelist(BACKS, "backer", "backed", create_using=nx.DiGraph)
    ins = dict(g.in_degree())
    (top,) = [n for n, d in ins.items() if d == max(ins.values())]
    resp = ask_table(tmp_path, BACKS, "For the person with the most backers, who are they?")
    assert resp.status == "answered", resp.answer
    rest = resp.answer.split(f"Then, for **{top}**:", 1)[1]
    for n in g.predecessors(top):
        assert n in rest, rest
    for n in g.successors(top):
        assert n not in rest, rest


def test_they_are_none_for_the_least_backed(tmp_path):
    g = nx.from_pandas_edgelist(BACKS, "backer", "backed", create_using=nx.DiGraph)
    ins = dict(g.in_degree())
    (low,) = [n for n, d in ins.items() if d == min(ins.values())]
    resp = ask_table(tmp_path, BACKS, "For the person with the fewest backers, who are they?")
    assert resp.status == "answered", resp.answer
    rest = resp.answer.split(f"Then, for **{low}**:", 1)[1]
    assert rest.lstrip().startswith("**0**"), rest
    for n in g.successors(low):  # the ones it backed are not its backers
        assert n not in rest, rest


def test_they_are_the_neighbours_of_the_best_connected_kiln(tmp_path):
    g = table_graph(KILNS)
    degrees = dict(g.degree())
    (top,) = [n for n, d in degrees.items() if d == max(degrees.values())]
    resp = ask_table(tmp_path, KILNS, "For the kiln with the most neighbours, who are they?")
    assert resp.status == "answered", resp.answer
    rest = resp.answer.split(f"Then, for **{top}**:", 1)[1]
    assert all(n in rest for n in g[top]), rest
    assert not [n for n in g if n not in g[top] and n != top and n in rest], rest


@pytest.mark.parametrize("edges,question,nodes", [
    (COURIERS, "How many drives do we have", False),
    (CHOIR, "how many singers do we have?", True),
])
def test_how_many_we_have_is_the_data_s_count(tmp_path, edges, question, nodes):
    g = table_graph(edges)
    resp = ask_table(tmp_path, edges, question)
    assert resp.status == "answered", resp.answer
    want = f"**{g.number_of_nodes()} nodes**" if nodes else f"**{g.number_of_edges()} edges**"
    assert want in resp.answer, resp.answer


@pytest.mark.parametrize("edges,nodes,question", [
    (FLATS, HOUSES, "number of distinct people involved in flatsharing"),
    (COURIERS, None, "how many depots are involved in the drives?"),
])
def test_the_nodes_involved_are_those_with_an_edge(tmp_path, edges, nodes, question):
    g = table_graph(edges)
    everyone = g.number_of_nodes() + (len(set(nodes.iloc[:, 0]) - set(g)) if nodes is not None
                                      else 0)
    resp = ask_table(tmp_path, edges, question, nodes=nodes)
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith(f"**{g.number_of_nodes()}** of {everyone} "), resp.answer
