"""A count of the data's own kind of node asked with a phrase naming the whole data set
("in this food web", "does the guild have"): the phrase is the data, not a part, and the
count is every node, one only in the node table too (networkx is the oracle). On a two-mode
graph whose sides have no names, a count of one kind gives both sides, never the total."""

from __future__ import annotations

import networkx as nx
import pandas as pd
import pytest
from planner_support import ask_table

from igraph_agent import Agent

PONDS = pd.DataFrame([("pike", "perch"), ("pike", "roach"), ("perch", "shrimp"),
                      ("roach", "weed"), ("shrimp", "algae"), ("heron", "pike"),
                      ("heron", "perch"), ("otter", "pike"), ("otter", "eel"),
                      ("eel", "shrimp")], columns=["predator", "prey"])
GUILD = pd.DataFrame([("Alma", "Bex"), ("Alma", "Cai"), ("Bex", "Dov"), ("Cai", "Dov"),
                      ("Edda", "Fenn"), ("Fenn", "Gus")], columns=["mentor", "mentee"])
GUILD_NODES = pd.DataFrame([("Alma", "north"), ("Bex", "north"), ("Cai", "south"),
                            ("Dov", "south"), ("Edda", "north"), ("Fenn", "south"),
                            ("Gus", "south"), ("Hild", "north")], columns=["id", "ward"])


def _graph(edges: pd.DataFrame, nodes: pd.DataFrame | None = None) -> nx.DiGraph:
    g = nx.DiGraph(list(zip(edges.iloc[:, 0], edges.iloc[:, 1], strict=True)))
    g.add_nodes_from([] if nodes is None else nodes["id"])
    return g


@pytest.mark.parametrize(("edges", "nodes", "question"), [
    (PONDS, None, "how many species are in this food web"),
    (PONDS, None, "How many species are there in the pond survey?"),
    (GUILD, GUILD_NODES, "How many members does the guild have?"),
    (GUILD, GUILD_NODES, "how many members are in this mentoring network?"),
])
def test_a_count_scoped_to_the_whole_data_set_counts_every_node(tmp_path, edges, nodes,
                                                                question):
    resp = ask_table(tmp_path, edges, question, nodes)
    assert resp.status == "answered", resp.answer
    assert f"**{_graph(edges, nodes).number_of_nodes()} nodes**" in resp.answer


def test_a_scope_naming_a_group_value_is_a_part_not_the_data(tmp_path):
    resp = ask_table(tmp_path, GUILD, "How many members are in the north ward?", GUILD_NODES)
    assert f"**{GUILD_NODES['id'].size} nodes**" not in resp.answer


def _two_mode(left: list[str], right: list[str], seed: int) -> nx.Graph:
    g = nx.bipartite.random_graph(len(left), len(right), 0.4, seed=seed)
    g = nx.relabel_nodes(g, dict(enumerate(left + right)))
    g.remove_nodes_from([n for n in list(g) if g.degree(n) == 0])
    return g


@pytest.mark.parametrize(("g", "question"), [
    (_two_mode([f"Diver {c}" for c in "ABCDEFG"], [f"R{i}" for i in range(5)], 3),
     "How many distinct reefs are in the dive log data?"),
    (_two_mode([f"Band {c}" for c in "ABCDE"], [f"F{i}" for i in range(8)], 5),
     "how many festivals are there"),
])
def test_a_count_of_one_kind_on_unnamed_sides_gives_each_side(tmp_path, g, question):
    left = [n for n, side in g.nodes(data="bipartite") if side == 0]
    right = [n for n, side in g.nodes(data="bipartite") if side == 1]
    agent = Agent(home=tmp_path)
    try:
        resp = agent.ask(question, attach=[g])
    finally:
        agent.close()
    assert resp.status == "answered", resp.answer
    assert f"**{len(left)}**" in resp.answer and f"**{len(right)}**" in resp.answer
    assert f"**{g.number_of_nodes()} nodes**" not in resp.answer
