"""A node's neighbours ranked ("of Dogwood's neighbours, who has the highest degree") and
the pairs linked both ways on a directed graph ("who follows each other"), against networkx
on two tables each; an undirected graph's "both ways" is asked, not answered."""

from __future__ import annotations

import networkx as nx
import pandas as pd
import pytest

ROADS = pd.DataFrame([("Alder", "Birch", 4), ("Birch", "Cedar", 3), ("Alder", "Cedar", 9),
                      ("Cedar", "Dogwood", 2), ("Dogwood", "Elm", 6), ("Elm", "Fir", 5),
                      ("Dogwood", "Fir", 12), ("Fir", "Gum", 1), ("Gum", "Hazel", 2)],
                     columns=["town_a", "town_b", "km"])
FOLLOWS = pd.DataFrame([("a1", "b2"), ("b2", "a1"), ("a1", "c3"), ("c3", "d4"), ("d4", "c3"),
                        ("e5", "a1"), ("b2", "e5"), ("f6", "a1"), ("a1", "f6")],
                       columns=["follower", "followed"])
CALLS = pd.DataFrame([("Main", "Parse"), ("Parse", "Lex"), ("Lex", "Parse"), ("Main", "Log"),
                      ("Log", "Io"), ("Io", "Log"), ("Parse", "Log")], columns=["caller", "callee"])


def _graph(table: pd.DataFrame, directed: bool) -> nx.Graph:
    return nx.from_pandas_edgelist(table, table.columns[0], table.columns[1],
                                   create_using=nx.DiGraph if directed else nx.Graph)


def _tops(scores: dict) -> set[str]:
    best = max(scores.values())
    return {n for n, v in scores.items() if v == best}


@pytest.mark.parametrize("table,directed,question,centre", [
    (ROADS, False, "of Dogwood's neighbours, who has the highest degree?", "Dogwood"),
    (ROADS, False, "which of Fir's neighbours is the most connected?", "Fir"),
    (CALLS, True, "among Parse's neighbours, who has the highest degree?", "Parse"),
])
def test_a_nodes_neighbours_are_ranked_by_degree_ties_named(agent, table, directed, question,
                                                            centre):
    g = _graph(table, directed)
    near = set(nx.all_neighbors(g, centre)) - {centre}
    resp = agent.ask(question, attach=[table])
    assert resp.status == "answered", resp.answer
    head = resp.answer.split(" is ", 1)[1].split(" (")[0]
    assert set(head.replace("**", "").split(" and ")) == _tops({n: g.degree(n) for n in near}), \
        resp.answer
    assert f"Of {centre}'s {len(near)} neighbours" in resp.answer, resp.answer


@pytest.mark.parametrize("table", [FOLLOWS, CALLS])
def test_the_pairs_linked_both_ways_are_counted_and_listed(agent, table):
    g = _graph(table, True)
    want = {frozenset((u, v)) for u, v in g.edges() if g.has_edge(v, u)}
    first = agent.ask("who follows each other?" if table is FOLLOWS else
                      "which modules call each other?", attach=[table])
    count = agent.ask("how many pairs link both ways?", session=first.session_id)
    for resp in (first, count):
        assert resp.status == "answered", resp.answer
        assert resp.answer.startswith(f"**{len(want)}** pair(s)"), resp.answer
    listed = first.answer.split(": ", 1)[1].split(". (")[0].split("; ")
    assert {frozenset(p.split(" ↔ ")) for p in listed} == want, first.answer


def test_both_ways_on_an_undirected_graph_is_asked(agent):
    resp = agent.ask("how many pairs link both ways?", attach=[ROADS])
    assert resp.status == "needs_clarification", resp.answer
