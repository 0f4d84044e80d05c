"""The whole graph's degrees in a user's words: "does every node have the same degree" / "is
it 3-regular" is networkx's ``is_regular`` (in- and out-degrees on a directed graph), "how
many leaves" / "dead ends" / "end points" counts the nodes with a single tie, and "what is
the maximum degree" leads with it."""

from __future__ import annotations

import re

import networkx as nx
import pandas as pd
import pytest


def _table(g: nx.Graph, cols: tuple[str, str]) -> pd.DataFrame:
    return pd.DataFrame([(str(u), str(v)) for u, v in g.edges()], columns=list(cols))


_PETERSEN = nx.relabel_nodes(nx.petersen_graph(), lambda n: f"p{n}")
_TREE = nx.relabel_nodes(nx.balanced_tree(3, 3), lambda n: f"oak{n}")
_CYCLE = nx.DiGraph([(f"ring{i}", f"ring{(i + 1) % 8}") for i in range(8)])
_RANDOM = nx.relabel_nodes(nx.gnm_random_graph(25, 60, seed=5, directed=True), lambda n: f"hub{n}")
KARATE = nx.to_pandas_edgelist(nx.karate_club_graph())[["source", "target"]].astype(str)


def _bold(answer: str) -> list[str]:
    return re.findall(r"\*\*(.+?)\*\*", answer)


@pytest.mark.parametrize("g,cols,question", [
    (_PETERSEN, ("source", "target"), "does every node have the same degree?"),
    (_TREE, ("branch", "twig"), "is the graph regular?"),
    (_TREE, ("branch", "twig"), "do all branches have the same number of links?"),
    (_CYCLE, ("shipper", "consignee"), "is the network regular?"),
    (_RANDOM, ("shipper", "consignee"), "are all ports equally connected?"),
])
def test_a_regular_graph_is_one_where_every_node_has_the_same_degree(agent, g, cols, question):
    resp = agent.ask(question, attach=[_table(g, cols)])
    assert resp.status == "answered", resp.answer
    assert _bold(resp.answer)[0] == ("Yes" if nx.is_regular(g) else "No"), resp.answer


@pytest.mark.parametrize("question,k", [("is it 3-regular?", 3), ("is the graph 4-regular?", 4)])
def test_k_regular_also_checks_the_degree(agent, question, k):
    resp = agent.ask(question, attach=[_table(_PETERSEN, ("source", "target"))])
    assert _bold(resp.answer)[0] == ("Yes" if k == 3 else "No"), resp.answer


@pytest.mark.parametrize("g,cols,question", [
    (_TREE, ("branch", "twig"), "how many leaves does the tree have?"),
    (_TREE, ("branch", "twig"), "how many end points are there?"),
    (nx.relabel_nodes(nx.karate_club_graph(), str), ("source", "target"),
     "how many leaf nodes are in the club?"),
])
def test_leaves_are_the_nodes_with_a_single_tie(agent, g, cols, question):
    resp = agent.ask(question, attach=[_table(g, cols)])
    assert resp.status == "answered", resp.answer
    assert _bold(resp.answer)[0] == str(sum(1 for n in g if g.degree(n) == 1)), resp.answer


def test_leaves_of_a_directed_graph_are_asked_about(agent):
    resp = agent.ask("how many ports are dead ends?", attach=[_table(_RANDOM, ("shipper", "consignee"))])
    assert resp.status == "needs_clarification", resp.answer


def test_the_maximum_degree_leads_the_answer(agent):
    resp = agent.ask("what is the maximum degree?", attach=[KARATE])
    g = nx.karate_club_graph()
    assert _bold(resp.answer)[0] == str(max(d for _, d in g.degree())), resp.answer


@pytest.mark.parametrize("g,cols,question", [
    (nx.relabel_nodes(nx.karate_club_graph(), str), ("source", "target"),
     "how many friends does the most popular member have?"),
    (_RANDOM, ("shipper", "consignee"), "how many links has the busiest port?"),
])
def test_how_many_ties_the_best_connected_node_has_leads_with_the_highest_degree(agent, g, cols,
                                                                                question):
    resp = agent.ask(question, attach=[_table(g, cols)])
    assert resp.status == "answered", resp.answer
    assert _bold(resp.answer)[0] == str(max(d for _, d in g.degree())), resp.answer


_STOPS = nx.relabel_nodes(nx.disjoint_union_all([nx.cycle_graph(7), nx.path_graph(4),
                                                 nx.complete_graph(4)]), lambda n: f"stop{n}")
_SHIPS = nx.relabel_nodes(nx.gnm_random_graph(30, 90, seed=3, directed=True), lambda n: f"port{n:02d}")


@pytest.mark.parametrize("g,cols,question,k", [
    (_STOPS, ("stop", "next_stop"), "how many stops have degree 2?", 2),
    (_STOPS, ("stop", "next_stop"), "how many stops have two connections?", 2),
    (_STOPS, ("stop", "next_stop"), "how many degree-1 stops are there?", 1),
    (_PETERSEN, ("source", "target"), "which nodes have 3 neighbours?", 3),
])
def test_a_bare_number_of_ties_counts_the_nodes_with_exactly_that_degree(agent, g, cols,
                                                                         question, k):
    resp = agent.ask(question, attach=[_table(g, cols)])
    assert resp.status == "answered", resp.answer
    assert _bold(resp.answer)[0] == str(sum(1 for n in g if g.degree(n) == k)), resp.answer


def test_a_number_of_the_other_ends_word_counts_that_end(agent):
    resp = agent.ask("how many ports have 3 consignees?",
                     attach=[_table(_SHIPS, ("shipper", "consignee"))])
    assert resp.status == "answered", resp.answer
    assert _bold(resp.answer)[0] == str(sum(1 for n in _SHIPS if _SHIPS.out_degree(n) == 3)), \
        resp.answer


@pytest.mark.parametrize("g,cols,question", [
    (nx.relabel_nodes(nx.complete_graph(6), lambda n: f"hut{n}"), ("source", "target"),
     "is the graph complete?"),
    (_PETERSEN, ("source", "target"), "is every node directly linked to every other node?"),
    (_CYCLE, ("shipper", "consignee"), "is it a complete graph?"),
])
def test_a_complete_graph_ties_every_pair_directly(agent, g, cols, question):
    resp = agent.ask(question, attach=[_table(g, cols)])
    assert resp.status == "answered", resp.answer
    n = g.number_of_nodes()
    complete = g.number_of_edges() == (n * (n - 1) if g.is_directed() else n * (n - 1) // 2)
    assert _bold(resp.answer)[0] == ("Yes" if complete else "No"), resp.answer


_GUILD = nx.relabel_nodes(nx.connected_watts_strogatz_graph(26, 4, 0.3, seed=2), lambda n: f"smith{n}")


@pytest.mark.parametrize("question,pick", [
    ("how many smiths have the maximum degree?", max),
    ("how many smiths have the fewest connections?", min),
])
def test_the_nodes_at_the_extreme_degree_are_counted(agent, question, pick):
    resp = agent.ask(question, attach=[_table(_GUILD, ("smith", "fellow_smith"))])
    assert resp.status == "answered", resp.answer
    k = pick(d for _, d in _GUILD.degree())
    assert _bold(resp.answer)[0] == str(sum(1 for _, d in _GUILD.degree() if d == k)), resp.answer


@pytest.mark.parametrize("question,k", [
    ("how many families married into only one other family?", 1),
    ("which families are allied with exactly two other families?", 2),
])
def test_a_number_of_other_partners_in_the_verbs_words_is_the_degree(agent, question, k):
    g = nx.florentine_families_graph()
    resp = agent.ask(question, attach=[_table(g, ("family", "spouse_family"))])
    assert resp.status == "answered", resp.answer
    assert _bold(resp.answer)[0] == str(sum(1 for n in g if g.degree(n) == k)), resp.answer


def test_leaves_of_a_two_mode_table_are_its_single_tie_nodes(agent):
    rows = [("ana", "Choir"), ("ana", "Chess"), ("bo", "Choir"), ("cy", "Chess"),
            ("cy", "Rowing"), ("di", "Rowing"), ("ed", "Pottery")]
    table = pd.DataFrame(rows, columns=["member", "club"])
    g = nx.Graph(rows)
    resp = agent.ask("how many leaves are there?", attach=[table])
    assert resp.status == "answered", resp.answer
    assert _bold(resp.answer)[0] == str(sum(1 for n in g if g.degree(n) == 1)), resp.answer


@pytest.mark.parametrize(("edges", "question"), [
    (pd.DataFrame([("a", "b"), ("b", "c"), ("c", "a"), ("a", "d")], columns=["src", "dst"]),
     "how many nodes have 2 links?"),
    (pd.DataFrame([("p1", "p2"), ("p2", "p3"), ("p3", "p1"), ("p4", "p1")],
                  columns=["from_port", "to_port"]), "which ports have two connections?"),
])
def test_a_number_of_ties_on_a_directed_table_with_no_end_said_is_asked(tmp_path, edges, question):
    from igraph_agent import Agent

    agent = Agent(home=tmp_path)
    try:
        resp = agent.ask(question, attach=[edges])
    finally:
        agent.close()
    assert resp.status == "needs_clarification", resp.answer
