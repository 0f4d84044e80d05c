"""A node's two-step circle and the node that reaches everyone soonest, asked in plain words
("Ines's friends of friends", "second-degree contacts of Ines", "who would reach all the
others in the fewest steps") on two tables with their own column names and a strength
column: the two-step circle lists the nodes two hops out, and the fewest-steps ranking is
closeness in hops, never weighted by the strength."""

from __future__ import annotations

import networkx as nx
import pandas as pd
import pytest
from planner_support import agents_for

TABLES = {
    "rowers": pd.DataFrame(
        [("Ines", "Jonas", 12), ("Ines", "Kemal", 3), ("Jonas", "Kemal", 8), ("Kemal", "Lotte", 5),
         ("Lotte", "Milo", 9), ("Milo", "Nadia", 4), ("Lotte", "Nadia", 7), ("Nadia", "Oren", 2),
         ("Oren", "Pia", 6), ("Pia", "Quim", 11), ("Oren", "Quim", 3), ("Quim", "Rafe", 1)],
        columns=["rower_1", "rower_2", "sessions_together"]),
    "gardeners": pd.DataFrame(
        [("Abe", "Bex", 2), ("Bex", "Cole", 5), ("Cole", "Dot", 1), ("Bex", "Dot", 4),
         ("Dot", "Eun", 3), ("Eun", "Finn", 6), ("Finn", "Gia", 2), ("Abe", "Hal", 7)],
        columns=["gardener", "plot_neighbour", "tools_shared"]),
}


@pytest.fixture(scope="module")
def agents(tmp_path_factory):
    yield from agents_for(TABLES, tmp_path_factory)


def _graph(name: str) -> nx.Graph:
    table = TABLES[name]
    return nx.from_pandas_edgelist(table, *table.columns[:2])


@pytest.mark.parametrize(("graph", "question", "node"), [
    ("rowers", "who are Ines's friends of friends?", "Ines"),
    ("rowers", "which rowers are second-degree connections of Ines?", "Ines"),
    ("gardeners", "list Bex's neighbours of neighbours", "Bex"),
    ("gardeners", "who are the second-degree contacts of Bex?", "Bex")])
def test_friends_of_friends_lists_the_nodes_two_hops_out(agents, graph, question, node):
    hops = nx.single_source_shortest_path_length(_graph(graph), node, cutoff=2)
    two = sorted(n for n, d in hops.items() if d == 2)
    resp = agents[graph].ask(question, attach=[TABLES[graph]])
    assert resp.status == "answered", resp.answer
    listed = resp.answer.split("at hop 2 (", 1)[1].split(")", 1)[0]
    assert sorted(listed.split(", ")) == two, resp.answer


@pytest.mark.parametrize(("graph", "question"), [
    ("rowers", "which rower would reach all the others in the fewest steps?"),
    ("gardeners", "who can get a message to every gardener in the fewest hops?")])
def test_fewest_steps_to_everyone_is_closeness_in_hops(agents, graph, question):
    close = nx.closeness_centrality(_graph(graph))
    top = max(close, key=close.get)
    resp = agents[graph].ask(question, attach=[TABLES[graph]])
    assert resp.status == "answered", resp.answer
    assert "By **closeness** (unweighted)" in resp.answer, resp.answer
    assert resp.answer.split("are ")[1].startswith(top), resp.answer


_HUTS = nx.relabel_nodes(nx.caveman_graph(3, 4), lambda n: f"hut{n}")


@pytest.mark.parametrize("question", ["Which huts can you reach from hut5?",
                                      "which huts are reachable from hut5?",
                                      "how many huts can hut5 reach?"])
def test_what_an_undirected_node_reaches_is_the_rest_of_its_component(tmp_path, question):
    from igraph_agent import Agent

    agent = Agent(home=tmp_path)
    try:
        resp = agent.ask(question, attach=[pd.DataFrame(list(_HUTS.edges()),
                                                        columns=["hut_a", "hut_b"])])
    finally:
        agent.close()
    assert resp.status == "answered", resp.answer
    others = nx.node_connected_component(_HUTS, "hut5") - {"hut5"}
    assert resp.answer.startswith(f"**{len(others)}** huts"), resp.answer
    assert all(f"**{n}**" in resp.answer for n in others), resp.answer
