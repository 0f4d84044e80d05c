"""A node named by a ranking clause ("the phone that receives the most calls", "the port with
the highest total tonnage") is the input of the question's own ask: the planner answers both
steps, the ranking and then the ask on its top node, or asks; it never answers the clause's
ranking alone as if it were the whole question. Checked against networkx on a directed and an
undirected table with different words."""

from __future__ import annotations

import networkx as nx
import pandas as pd
import pytest

from tests.planner_support import agents_for

CALLS = pd.DataFrame([("p1", "p2"), ("p3", "p2"), ("p4", "p2"), ("p2", "p5"), ("p5", "p1"),
                      ("p6", "p5"), ("p4", "p6"), ("p1", "p3")], columns=["caller", "callee"])
SHIPS = pd.DataFrame([("Oslo", "Riga", 40), ("Oslo", "Gdansk", 5), ("Riga", "Gdansk", 12),
                      ("Gdansk", "Kiel", 30), ("Kiel", "Aarhus", 8), ("Aarhus", "Oslo", 3),
                      ("Kiel", "Malmo", 22), ("Malmo", "Turku", 6)],
                     columns=["port_a", "port_b", "tonnage"])
PAY = pd.DataFrame([("ann", "bob", 100), ("carl", "bob", 50), ("dora", "ed", 500),
                    ("bob", "ed", 20), ("fay", "gus", 30), ("ed", "fay", 10)],
                   columns=["sender", "receiver", "amount_usd"])
CALLS_G = nx.from_pandas_edgelist(CALLS, "caller", "callee", create_using=nx.DiGraph)
SHIPS_G = nx.from_pandas_edgelist(SHIPS, "port_a", "port_b", edge_attr="tonnage")
PAY_G = nx.from_pandas_edgelist(PAY, "sender", "receiver", edge_attr="amount_usd",
                                create_using=nx.DiGraph)


@pytest.fixture(scope="module")
def agents(tmp_path_factory):
    yield from agents_for(["calls", "ships", "pay"], tmp_path_factory)


def _top(scores: dict) -> str:
    best = max(scores.values())
    tops = [n for n, v in scores.items() if v == best]
    assert len(tops) == 1, tops  # the fixture's clause names one node
    return tops[0]


def _second(answer: str, top: str) -> str:
    marker = f"Then, for **{top}**:"
    assert marker in answer, answer
    return answer.split(marker, 1)[1]


@pytest.mark.parametrize("question", [
    "who calls the phone that receives the most calls?",
    "which phones call the phone that is called the most?",
])
def test_the_asked_ones_act_on_the_node_a_clause_ranks_first(agents, question):
    top = _top(dict(CALLS_G.in_degree()))
    resp = agents["calls"].ask(question, attach=[CALLS])
    assert resp.status == "answered", resp.answer
    rest = _second(resp.answer, top)
    callers = set(CALLS_G.predecessors(top))
    assert all(n in rest for n in callers), rest
    assert not any(n in rest for n in set(CALLS_G) - callers - {top}), rest


@pytest.mark.parametrize("question", [
    "Who are the shipping partners of the port with the highest total tonnage?",
    "which ports are linked to the port with the most tonnage in total?",
])
def test_the_neighbours_of_the_node_with_the_largest_total(agents, question):
    top = _top(dict(SHIPS_G.degree(weight="tonnage")))
    resp = agents["ships"].ask(question, attach=[SHIPS])
    assert resp.status == "answered", resp.answer
    rest = _second(resp.answer, top)
    partners = set(SHIPS_G[top])
    assert all(n in rest for n in partners), rest
    assert not any(n in rest for n in set(SHIPS_G) - partners - {top}), rest


def test_a_clause_ranking_is_never_the_whole_answer(agents):
    """The second step's verb may be one the planner does not read: then it asks, naming
    the first step's node; answered, it lists who sent to that node."""
    top = _top(dict(PAY_G.in_degree(weight="amount_usd")))
    resp = agents["pay"].ask("who paid the account that received the most money?", attach=[PAY])
    if resp.status == "answered":
        rest = _second(resp.answer, top)
        payers = set(PAY_G.predecessors(top))
        assert all(n in rest for n in payers), rest
        assert not any(n in rest for n in set(PAY_G) - payers - {top}), rest
    else:
        assert resp.status == "needs_clarification", resp.answer
        assert f"**{top}**" in resp.answer, resp.answer  # the clause's ranking, shown


FREIGHT = SHIPS.rename(columns={"tonnage": "freight_bn"})


@pytest.mark.parametrize("question", [
    "Who are the freight partners of the port with the highest total freight volume?",
    "who are the freight partners of Kiel?",
])
def test_a_column_word_naming_the_relation_lists_the_neighbours(tmp_path, question):
    """"the freight partners" on ``freight_bn`` are the neighbours, not an edge-value ask."""
    from igraph_agent import Agent

    g = nx.from_pandas_edgelist(FREIGHT, "port_a", "port_b", edge_attr="freight_bn")
    top = _top(dict(g.degree(weight="freight_bn")))
    assert top == "Kiel"  # the fixture's heaviest port is the one the second wording names
    agent = Agent(home=tmp_path)
    try:
        resp = agent.ask(question, attach=[FREIGHT])
    finally:
        agent.close()
    assert resp.status == "answered", resp.answer
    rest = resp.answer.split(f"Then, for **{top}**:", 1)[-1]
    partners = set(g[top])
    assert all(n in rest for n in partners), rest
    assert not any(n in rest for n in set(g) - partners - {top}), rest
