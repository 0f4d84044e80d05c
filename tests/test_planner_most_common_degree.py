""""The most common number of direct road connections a town has" is the mode of the degree
distribution (networkx's degree histogram at its peak, ties named apart), never the mean
degree; on a directed table the counted end's noun says which degree ("consignees a shipper
has": out); the most common value of an edge column is no degree, nor the largest value or
a total."""

from __future__ import annotations

import re

import networkx as nx
import pandas as pd
import pytest

_ROADS = nx.connected_watts_strogatz_graph(40, 4, 0.3, seed=8)
ROADS = pd.DataFrame([(f"town{u}", f"town{v}", 2 + (u * v) % 38) for u, v in _ROADS.edges()],
                     columns=["source", "target", "km"])
_TRAILS = nx.connected_watts_strogatz_graph(36, 4, 0.25, seed=12)
TRAILS = pd.DataFrame([(f"camp{u}", f"camp{v}", 1 + (u + v) % 15) for u, v in _TRAILS.edges()],
                      columns=["camp_a", "camp_b", "miles"])
_FREIGHT = nx.gnp_random_graph(30, 0.09, seed=21, directed=True)
FREIGHT = pd.DataFrame([(f"depot{u}", f"depot{v}") for u, v in _FREIGHT.edges()],
                       columns=["shipper", "consignee"])


def _modes(degrees) -> set[str]:
    counts: dict[int, int] = {}
    for _, d in degrees:
        counts[d] = counts.get(d, 0) + 1
    return {str(k) for k, c in counts.items() if c == max(counts.values())}


def _graph(table: pd.DataFrame, directed: bool = False) -> nx.Graph:
    return nx.from_pandas_edgelist(table, table.columns[0], table.columns[1],
                                   create_using=nx.DiGraph if directed else nx.Graph)


def _lead(answer: str) -> set[str]:
    first = answer.split(":")[0]
    return set(re.findall(r"\*\*(.+?)\*\*", first))


@pytest.mark.parametrize("table,question", [
    (ROADS, "What's the most common number of direct road connections a town has?"),
    (ROADS, "what degree do most towns have?"),
    (TRAILS, "how many trails do most camps have?"),
    (TRAILS, "what number of connections is most common for a camp?"),
    (TRAILS, "most camps have how many trails?"),
])
def test_the_most_common_number_of_ties_is_the_degree_mode(agent, table, question):
    resp = agent.ask(question, attach=[table])
    assert resp.status == "answered", resp.answer
    assert _lead(resp.answer) == _modes(_graph(table).degree()), resp.answer
    assert "most common degree" in resp.answer, resp.answer


def test_a_directed_tables_counted_end_says_which_degree(agent):
    resp = agent.ask("what is the most common number of consignees a shipper has?",
                     attach=[FREIGHT])
    assert resp.status == "answered", resp.answer
    assert _lead(resp.answer) == _modes(_graph(FREIGHT, directed=True).out_degree()), resp.answer
    assert "out-degree" in resp.answer, resp.answer


@pytest.mark.parametrize("table,question", [
    (TRAILS, "what is the most common trail length in miles?"),
    (TRAILS, "what is the most common number of miles on a trail?"),
    (FREIGHT, "what is the most common number of links a depot has?"),
])
def test_an_edge_values_mode_or_an_unsaid_end_is_asked(agent, table, question):
    assert agent.ask(question, attach=[table]).status == "needs_clarification"
