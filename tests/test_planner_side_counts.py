"""On a two-mode table (``player,tournament``; ``volunteer,event``), "how many players and how
many tournaments" counts the sides, but a question naming both sides with a threshold ("how
many players entered 3 or more tournaments") counts one side's nodes past it, and one naming
a node ("how many other players has mei crossed paths with") is never answered with the
sides' sizes. Checked against networkx."""

from __future__ import annotations

import networkx as nx
import pandas as pd
import pytest
from planner_support import agent_for

CHESS = pd.DataFrame([("kasia_k", "Spring Open"), ("kasia_k", "Blitz Cup"),
                      ("kasia_k", "Club Championship"), ("dr_pawn", "Spring Open"),
                      ("tal99", "Spring Open"), ("tal99", "Blitz Cup"), ("tal99", "Rapid 2024"),
                      ("mei", "Rapid 2024"), ("elif", "Blitz Cup"), ("elif", "Rapid 2024"),
                      ("juan.p", "Club Championship")], columns=["player", "tournament"])
SHIFTS = pd.DataFrame([("Ann", "Food Bank"), ("Ann", "Park Cleanup"), ("Ann", "Marathon"),
                       ("Bo", "Food Bank"), ("Cy", "Park Cleanup"), ("Cy", "Marathon"),
                       ("Dee", "Marathon"), ("Eli", "Book Fair")],
                      columns=["volunteer", "event"])


@pytest.fixture(scope="module")
def agent(tmp_path_factory):
    yield from agent_for("side_counts", tmp_path_factory)


@pytest.mark.parametrize(("table", "question", "k"), [
    (CHESS, "How many players entered 3 or more tournaments?", 3),
    (SHIFTS, "how many volunteers worked at 2 or more events?", 2),
])
def test_a_threshold_naming_both_sides_counts_one_sides_nodes(agent, table, question, k):
    side = table.columns[0]
    degree = table.groupby(side).size()
    resp = agent.ask(question, attach=[table])
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith(f"**{(degree >= k).sum()}** of {len(degree)} "), resp.answer


@pytest.mark.parametrize(("table", "question"), [
    (CHESS, "how many players and how many tournaments are there?"),
    (SHIFTS, "how many volunteers and events are there?"),
])
def test_both_sides_counted_alone_are_the_sides_sizes(agent, table, question):
    resp = agent.ask(question, attach=[table])
    assert resp.status == "answered", resp.answer
    sizes = [table[c].nunique() for c in table.columns]  # each column's side, in its order
    assert resp.answer.startswith(f"There are **{sizes[0]}** {table.columns[0]}s and "
                                  f"**{sizes[1]}**"), resp.answer
    assert f"one side has **{sizes[0]}** nodes" in resp.answer, resp.answer


@pytest.mark.parametrize(("table", "node", "question"), [
    (CHESS, "mei", "how many other players has mei crossed paths with at tournaments?"),
    (SHIFTS, "Dee", "how many other volunteers has Dee crossed paths with at events?"),
])
def test_a_question_about_one_node_is_not_answered_with_the_sides_sizes(agent, table, node,
                                                                        question):
    g = nx.from_pandas_edgelist(table, *table.columns)
    met = {p for t in g[node] for p in g[t]} - {node}  # who shares a partner with the node
    resp = agent.ask(question, attach=[table])
    assert "is bipartite" not in resp.answer, resp.answer
    assert resp.status == "needs_clarification" or f"**{len(met)}**" in resp.answer, resp.answer
