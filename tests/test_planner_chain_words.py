"""On a reporting table, everyone above one person asked in other words than "chain of
command" ("who does gus report to, directly or indirectly", "who is above Quy, all the way
up", "who is above ana at any level") is that person's chain up to the top, whichever way the
table is written (``staff,supervisor`` points at the boss, ``manager,employee`` from it); "who
does X report to" alone stays X's direct boss, and the verb "report to" loads no reporting
skill. Checked against networkx."""

from __future__ import annotations

import networkx as nx
import pandas as pd
import pytest
from planner_support import agent_for

UP = pd.DataFrame([("gus", "dan"), ("fia", "dan"), ("dan", "eva"), ("ana", "rui"),
                   ("ben", "rui"), ("rui", "eva"), ("eva", "max"), ("cid", "rui")],
                  columns=["staff", "supervisor"])
DOWN = pd.DataFrame([("Moss", "Kai"), ("Moss", "Lin"), ("Kai", "Ode"), ("Kai", "Pia"),
                     ("Lin", "Quy"), ("Pia", "Rex")], columns=["manager", "employee"])


@pytest.fixture(scope="module")
def agent(tmp_path_factory):
    yield from agent_for("chain_words", tmp_path_factory)


def _above(table: pd.DataFrame, person: str) -> list[str]:
    """The chain from ``person`` up to the top, the person first."""
    g = nx.from_pandas_edgelist(table, table.columns[0], table.columns[1],
                                create_using=nx.DiGraph)
    if table.columns[0] == "manager":
        g = g.reverse()
    chain = [person]
    while list(g.successors(chain[-1])):
        chain.append(next(iter(g.successors(chain[-1]))))
    return chain


@pytest.mark.parametrize(("table", "person", "question"), [
    (UP, "gus", "who does gus report to, directly or indirectly?"),
    (UP, "ana", "who is above ana at any level?"),
    (DOWN, "Quy", "who is above Quy, all the way up?"),
    (DOWN, "Rex", "Who does Rex report to, directly or indirectly?"),
])
def test_everyone_above_a_person_is_their_chain_to_the_top(agent, table, person, question):
    resp = agent.ask(question, attach=[table])
    assert resp.status == "answered", resp.answer
    chain = _above(table, person)
    assert f"**{' → '.join(chain)}**" in resp.answer, resp.answer
    assert not any(a.tool == "load_skill" for a in resp.actions), \
        [a.args for a in resp.actions if a.tool == "load_skill"]
    assert "directed cycle" not in resp.answer, resp.answer  # no whole-graph reach beside


@pytest.mark.parametrize(("table", "person"), [(UP, "gus"), (DOWN, "Rex")])
def test_report_to_alone_is_the_direct_boss(agent, table, person):
    resp = agent.ask(f"who does {person} report to?", attach=[table])
    assert resp.status == "answered", resp.answer
    assert resp.answer.rstrip(".").endswith(f": {_above(table, person)[1]}"), resp.answer
