"""Node ids written as handles ("@ana") are names, on a directed follows table and an
undirected mentions table; "which species depend directly or indirectly on krill" on a table
whose edge verb is one of using (a predator eats its prey, a caller calls its callee) lists
every node whose chain reaches that node. Checked against networkx."""

from __future__ import annotations

import networkx as nx
import pandas as pd
import pytest

from tests.planner_support import agents_for

FOLLOWS = pd.DataFrame([("@ana", "@bo"), ("@bo", "@cy"), ("@cy", "@ana"), ("@dee", "@ana"),
                        ("@eve", "@ana"), ("@bo", "@dee"), ("@fin", "@eve")],
                       columns=["follower", "followee"])
MENTIONS = pd.DataFrame([("@kai", "@lu"), ("@lu", "@mo"), ("@kai", "@mo"), ("@mo", "@nia"),
                         ("@nia", "@oz"), ("@oz", "@pip")], columns=["user_a", "user_b"])
FOOD = pd.DataFrame([("penguin", "krill"), ("seal", "penguin"), ("whale", "krill"), ("orca", "seal"),
                     ("orca", "whale"), ("krill", "algae"), ("fish", "krill"), ("seal", "fish"),
                     ("gull", "fish"), ("tern", "sprat")], columns=["predator", "prey"])
CALLS = pd.DataFrame([("app", "ui"), ("app", "core"), ("ui", "core"), ("core", "zlib"), ("cli", "core"),
                      ("tools", "zlib"), ("lint", "tools"), ("docs", "lint"), ("bench", "numpy")],
                     columns=["caller", "callee"])
TABLES = {"follows": FOLLOWS, "mentions": MENTIONS, "food": FOOD, "calls": CALLS}


@pytest.fixture(scope="module")
def agents(tmp_path_factory):
    yield from agents_for(TABLES, tmp_path_factory)


def _graph(name: str) -> nx.Graph:
    table = TABLES[name]
    return nx.from_pandas_edgelist(table, *table.columns[:2],
                                   create_using=nx.Graph if name == "mentions" else nx.DiGraph)


def _ask(agents, name: str, question: str) -> str:
    resp = agents[name].ask(question, attach=[TABLES[name]])
    assert resp.status == "answered", resp.answer
    return resp.answer


@pytest.mark.parametrize("node", ["@ana", "@bo"])
def test_a_handles_followers_and_followees(agents, node):
    g = _graph("follows")
    answer = _ask(agents, "follows", f"how many followers does {node} have?")
    assert f"**{g.in_degree(node)}**" in answer, answer
    answer = _ask(agents, "follows", f"who does {node} follow?")
    assert all(n in answer for n in g.successors(node)), answer
    assert not any(n in answer for n in set(g.predecessors(node)) - set(g.successors(node))), answer


@pytest.mark.parametrize(("a", "b"), [("@kai", "@pip"), ("@lu", "@oz")])
def test_a_path_between_two_handles(agents, a, b):
    answer = _ask(agents, "mentions", f"what is the shortest path from {a} to {b}?")
    assert f"**{nx.shortest_path_length(_graph('mentions'), a, b)} hop(s)**" in answer, answer


@pytest.mark.parametrize(("name", "nouns", "node"), [("food", "species", "krill"),
                                                     ("calls", "modules", "zlib")])
def test_what_depends_on_a_node_at_any_depth_is_what_reaches_it(agents, name, nouns, node):
    reach = nx.ancestors(_graph(name), node)
    answer = _ask(agents, name, f"which {nouns} depend directly or indirectly on {node}?")
    assert f"**{len(reach)}**" in answer, answer
    assert all(f"**{n}**" in answer for n in reach), answer
