"""A ranking question that names how many leaders it wants ("top 3", "the two most central")
lists exactly that many, and names the nodes tied with the last one apart from the list (on
a choir, courier depots, climbing partners and wallet payments; networkx is the oracle)."""

from __future__ import annotations

import re

import networkx as nx
import pytest
from planner_support import ask_table
from planner_tables import CHOIR, CLIMBS, COURIERS, WALLETS, directed_graph, table_graph

from igraph_agent.model.topn import top_count

MEASURES = {"betweenness": nx.betweenness_centrality, "pagerank": nx.pagerank,
            "closeness": nx.closeness_centrality}


def _shown(answer: str) -> list[str]:
    """The nodes of the first ranking listed, before any tie note."""
    ranking = re.split(r" are | top: |Highest \S+: ", answer, maxsplit=1)[1]
    ranking = re.split(r"\)\.(?:\s|$)", ranking.split(" (tied with")[0])[0] + ")"
    return re.findall(r"(\w+) \([\d.]+\)", ranking)


def _tied(answer: str) -> list[str]:
    m = re.search(r"\(tied with \w+ at [\d.]+: ([^)]*)\)", answer)
    return [n.strip() for n in m.group(1).split(",")] if m else []


@pytest.mark.parametrize(("table", "question", "measure", "n"), [
    (CHOIR, "top 3 singers by betweenness", "betweenness", 3),
    (CLIMBS, "Top 3 climbers by PageRank?", "pagerank", 3),
    (CHOIR, "who are the two most central singers by pagerank", "pagerank", 2),
    (CHOIR, "give me the 1 highest closeness singer in this network", "closeness", 1),
], ids=lambda x: x if isinstance(x, str) else "")
def test_top_n_by_a_measure_lists_exactly_n_nodes_in_the_oracle_order(
        tmp_path, table, question, measure, n):
    resp = ask_table(tmp_path, table, question)
    assert resp.status == "answered", resp.answer
    scores = MEASURES[measure](table_graph(table))
    want = sorted(scores, key=lambda k: -scores[k])[:n]
    assert len({round(scores[k], 6) for k in want}) == n  # no tie inside the oracle's top
    shown = _shown(resp.answer)
    assert shown == want, resp.answer
    assert _tied(resp.answer) == [], resp.answer


def test_top_n_by_in_degree_shows_n_and_names_the_ties_at_the_cut(tmp_path):
    resp = ask_table(tmp_path, WALLETS, "top 3 wallets by in-degree")
    assert resp.status == "answered", resp.answer
    g = directed_graph(WALLETS)
    ranked = sorted(g, key=lambda k: -g.in_degree(k))
    shown = _shown(resp.answer)
    assert len(shown) == 3 and shown[:2] == ranked[:2], resp.answer
    cut = g.in_degree(shown[2])
    assert cut == g.in_degree(ranked[2])
    assert set(shown[2:] + _tied(resp.answer)) == {k for k in g if g.in_degree(k) == cut}


def test_top_n_by_degree_on_an_undirected_table_names_the_ties_at_the_cut(tmp_path):
    for table, question in ((CHOIR, "the three most connected singers?"),
                            (COURIERS, "top 2 depots by degree")):
        resp = ask_table(tmp_path / table.columns[0], table, question)
        assert resp.status == "answered", resp.answer
        g = table_graph(table)
        shown, n = _shown(resp.answer), top_count(question)
        assert len(shown) == n, resp.answer
        assert [g.degree(k) for k in shown] == sorted((d for _, d in g.degree()), reverse=True)[:n]
        cut = g.degree(shown[-1])
        assert set(shown + _tied(resp.answer)) == {k for k in g if g.degree(k) >= cut}, resp.answer


@pytest.mark.parametrize(("question", "n"), [
    ("top 3 stations by betweenness", 3), ("the five most central people", 5),
    ("first 10 nodes by pagerank", 10), ("top-4 hubs", 4), ("who is the second most central", None),
    ("the top 5% of nodes by degree", None), ("who is the most central node", None),
])
def test_the_count_a_ranking_question_names(question, n):
    assert top_count(question) == n
