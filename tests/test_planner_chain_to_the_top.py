"""The chain from a person up to the top of a reporting table, whichever way its edges
point, checked against networkx; a person under two tops is asked which chain."""

from __future__ import annotations

import networkx as nx
import pandas as pd
import pytest

UP = pd.DataFrame([("ana", "rui"), ("ben", "rui"), ("cid", "rui"), ("rui", "eva"),
                   ("dan", "eva"), ("eva", "max"), ("fia", "dan"), ("gus", "dan")],
                  columns=["staff", "manager"])
DOWN = pd.DataFrame([("Moss", "Kai"), ("Moss", "Lin"), ("Kai", "Ode"), ("Kai", "Pia"),
                     ("Lin", "Quy"), ("Quy", "Rex")], columns=["supervisor", "employee"])
TWO_TOPS = pd.DataFrame([("ana", "rui"), ("rui", "eva"), ("ana", "dan"), ("dan", "max")],
                        columns=["staff", "manager"])


def _chain(table: pd.DataFrame, person: str) -> list[str]:
    g = nx.from_pandas_edgelist(table, table.columns[0], table.columns[1], create_using=nx.DiGraph)
    if table.columns[1] == "manager":  # edges point at the boss: up is forward
        top = next(n for n in nx.descendants(g, person) if g.out_degree(n) == 0)
        return nx.shortest_path(g, person, top)
    top = next(n for n in nx.ancestors(g, person) if g.in_degree(n) == 0)
    return nx.shortest_path(g, top, person)[::-1]


@pytest.mark.parametrize("table,person,question", [
    (UP, "gus", "what's the chain of command from gus to the top?"),
    (UP, "ana", "show the reporting line from ana up to the top"),
    (DOWN, "Rex", "What is the chain of command from Rex all the way up to the top?"),
])
def test_the_chain_to_the_top_follows_the_tables_direction(agent, table, person, question):
    resp = agent.ask(question, attach=[table])
    assert resp.status == "answered", resp.answer
    assert f"**{' → '.join(_chain(table, person))}**" in resp.answer, resp.answer


def test_the_top_itself_is_said_to_be_at_the_top(agent):
    resp = agent.ask("what's the chain from max to the top?", attach=[UP])
    assert resp.status == "answered" and resp.answer.startswith("**max** is at the top"), \
        resp.answer


def test_a_person_under_two_tops_is_asked_which_chain(agent):
    resp = agent.ask("show the reporting line from ana up to the top", attach=[TWO_TOPS])
    assert resp.status == "needs_clarification", resp.answer
    assert "eva" in resp.answer and "max" in resp.answer, resp.answer
