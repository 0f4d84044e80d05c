"""A question that turns the edge values off ("(unweighted)", "ignoring the hours", "treat
every pass the same") is answered with every weight-using call unweighted, whatever the
table's default weight, and the answer says so. Checked against networkx on two tables: a
helpers' table whose `hours` change who is central, and a directed passes table."""

from __future__ import annotations

import re

import networkx as nx
import pandas as pd
import pytest

from igraph_agent.model import unweighted
from tests.planner_support import agents_for

#: helpers and the hours they worked together: Wren sits between the two halves, but the
#: heavy hours run through Lark and Moss
HOURS = pd.DataFrame([("Ash", "Bay", 1), ("Bay", "Cole", 1), ("Ash", "Cole", 2), ("Cole", "Wren", 1),
                      ("Wren", "Dell", 1), ("Dell", "Eve", 2), ("Eve", "Fox", 1), ("Dell", "Fox", 1),
                      ("Ash", "Lark", 40), ("Lark", "Moss", 40), ("Moss", "Fox", 40),
                      ("Gil", "Wren", 1), ("Hal", "Wren", 2)],
                     columns=["helper_a", "helper_b", "hours"])
#: passes between players (directed, count of passes)
PASSES = pd.DataFrame([("Ode", "Pim", 30), ("Pim", "Ode", 25), ("Ode", "Quu", 1), ("Quu", "Rex", 1),
                       ("Rex", "Sam", 1), ("Sam", "Quu", 1), ("Tor", "Quu", 1), ("Uli", "Quu", 1),
                       ("Rex", "Ode", 1), ("Sam", "Tor", 1), ("Pim", "Uli", 2)],
                      columns=["passer", "receiver", "passes"])
TABLES = {"hours": HOURS, "passes": PASSES}


@pytest.fixture(scope="module")
def agents(tmp_path_factory):
    yield from agents_for(TABLES, tmp_path_factory)


def _graph(name: str) -> nx.Graph:
    table = TABLES[name]
    kind = nx.DiGraph if name == "passes" else nx.Graph
    return nx.from_pandas_edgelist(table, *table.columns[:2], edge_attr=table.columns[2],
                                   create_using=kind)


def _top(scores: dict) -> set:
    best = max(scores.values())
    return {n for n, v in scores.items() if abs(v - best) < 1e-9}


def _first_named(answer: str, g: nx.Graph) -> str:
    """The node the answer names first (its top)."""
    found = [(m.start(), n) for n in g for m in [re.search(rf"\b{n}\b", answer)] if m]
    return min(found)[1]


CASES = [
    ("hours", "who has the highest betweenness, ignoring the hours?",
     lambda g: nx.betweenness_centrality(g), lambda g: nx.betweenness_centrality(
         g, weight=lambda u, v, d: 1 / d["hours"])),
    ("hours", "which helper has the highest eigenvector centrality (unweighted)?",
     lambda g: nx.eigenvector_centrality(g, max_iter=1000),
     lambda g: nx.eigenvector_centrality(g, max_iter=1000, weight="hours")),
    ("passes", "who tops pagerank if we treat every pass the same?",
     lambda g: nx.pagerank(g), lambda g: nx.pagerank(g, weight="passes")),
    ("passes", "which player has the highest pagerank, not weighted?",
     lambda g: nx.pagerank(g), lambda g: nx.pagerank(g, weight="passes")),
]


@pytest.mark.parametrize(("name", "question", "plain", "weighted"), CASES)
def test_an_unweighted_ranking_asked_leaves_the_edge_values_out(agents, name, question, plain,
                                                                weighted):
    g = _graph(name)
    top = _top(plain(g))
    assert not top & _top(weighted(g))  # the weighted reading would name another node
    resp = agents[name].ask(question, attach=[TABLES[name]])
    assert resp.status == "answered", resp.answer
    assert _first_named(resp.answer, g) in top, resp.answer
    assert "unweighted" in resp.answer.lower(), resp.answer


def test_the_weight_using_tools_are_the_catalogues():
    from igraph_agent.tools import default_registry

    reg = default_registry()
    takes = {n for n in reg.names() if "weight" in reg.get(n).args_model.model_fields}
    assert takes == unweighted.WEIGHTED_TOOLS


@pytest.mark.parametrize("question", ["is the graph unweighted?", "pagerank weighted by passes",
                                      "who passes the most?", "are the edges unweighted"])
def test_a_question_that_keeps_the_values_is_not_read_as_unweighted(question):
    assert not unweighted.asked(question, {"weights": {"passes": "strength"}})
