"""A yes/no question about the graph's shape after a preamble that asks nothing ("Sanity
check: no loops anywhere, right? Is it acyclic?", "Quick check before I plot it: is it
bipartite?") is answered Yes or No first, in the polarity of the question asked ("is it
acyclic", "is it free of cycles": Yes on a DAG; "does it have cycles": No). Two tables,
networkx the oracle."""

from __future__ import annotations

import networkx as nx
import pandas as pd
import pytest

from tests.planner_support import ask_table

DAG = nx.relabel_nodes(nx.DiGraph([(u, v) for u, v in nx.gnp_random_graph(
    16, 0.25, seed=2, directed=True).edges() if u > v]), lambda n: f"memo{n}")
LOOPY = nx.relabel_nodes(nx.gnp_random_graph(16, 0.2, seed=5, directed=True),
                         lambda n: f"relay{n}")
TABLES = [(DAG, ["citing", "cited"]), (LOOPY, ["sender_relay", "receiver_relay"])]


def _ask(tmp_path, graph, columns, question):
    return ask_table(tmp_path, pd.DataFrame(list(graph.edges()), columns=columns), question)


@pytest.mark.parametrize(("graph", "columns"), TABLES)
@pytest.mark.parametrize(("question", "yes_when_acyclic"), [
    ("Sanity check on these: no loops anywhere, right? Is it acyclic?", True),
    ("Quick check before I plot it: is it free of cycles?", True),
    ("One thing first. Does it have any cycles?", False),
    ("Is the network cycle-free?", True),
])
def test_a_cycle_yes_no_leads_with_the_answer_to_the_question_asked(
        tmp_path, graph, columns, question, yes_when_acyclic):
    resp = _ask(tmp_path, graph, columns, question)
    yes = nx.is_directed_acyclic_graph(graph) == yes_when_acyclic
    assert resp.answer.startswith("**Yes**" if yes else "**No**"), resp.answer


@pytest.mark.parametrize(("graph", "columns"), TABLES)
def test_a_bipartite_yes_no_after_a_preamble_leads_with_yes_or_no(tmp_path, graph, columns):
    resp = _ask(tmp_path, graph, columns, "Quick check before I plot it: is it bipartite?")
    yes = nx.is_bipartite(graph.to_undirected())
    assert resp.answer.startswith("**Yes**" if yes else "**No**"), resp.answer
