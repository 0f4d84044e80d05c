"""A ranking by one measure among the nodes past a threshold of another ("the highest
clustering among those with at least 5 ties"): the number is the degree's, the ranking the
clustering's (or betweenness', PageRank's), both read on the whole graph; two thresholds on
two measures count the nodes past both; a threshold beside another measure the question
neither ranks nor bounds is asked about, never counted as that measure past the number."""

from __future__ import annotations

import re

import networkx as nx
import pandas as pd
import pytest

_NAMES = ["Abel", "Brin", "Cato", "Dara", "Enzo", "Fenn", "Gale", "Hart", "Ivo", "Jura",
          "Kell", "Lior", "Mace", "Nils", "Orla", "Pike", "Quin", "Rhea", "Sven", "Tova"]
KARATE = nx.to_pandas_edgelist(nx.karate_club_graph())[["source", "target"]].astype(str)
_CREW = nx.relabel_nodes(nx.connected_watts_strogatz_graph(20, 4, 0.4, seed=3),
                         dict(enumerate(_NAMES)))
CREW = pd.DataFrame(list(_CREW.edges()), columns=["rower", "crewmate"])


def _graph(table: pd.DataFrame) -> nx.Graph:
    return nx.from_pandas_edgelist(table, table.columns[0], table.columns[1])


def _bold(answer: str) -> list[str]:
    return re.findall(r"\*\*(.+?)\*\*", answer)


def _best(scores: dict, keep, low: bool = False) -> set[str]:
    kept = {n: v for n, v in scores.items() if keep(n)}
    best = (min if low else max)(kept.values())
    return {str(n) for n, v in kept.items() if abs(v - best) < 1e-9}


@pytest.mark.parametrize("table,question,measure,k,low", [
    (KARATE, "which member has the highest local clustering coefficient among those with at "
             "least 5 ties?", nx.clustering, 5, False),
    (KARATE, "of the members with more than 4 connections, who has the top betweenness?",
     nx.betweenness_centrality, 5, False),
    (CREW, "which rower with at least 5 crewmates has the lowest clustering?", nx.clustering,
     5, True),
    (CREW, "among rowers with 4 or more links, who ranks highest by pagerank?", nx.pagerank,
     4, False),
    (KARATE, "who's the most central among members with 5 or more ties?", nx.pagerank, 5, False),
    (CREW, "which rower with more than 3 crewmates is least clustered?", nx.clustering, 4, True),
])
def test_a_ranking_among_nodes_past_a_degree_threshold_names_the_best_of_those_nodes(
        agent, table, question, measure, k, low):
    g = _graph(table)
    resp = agent.ask(question, attach=[table])
    assert resp.status == "answered", resp.answer
    expected = _best(measure(g), lambda n: g.degree(n) >= k, low)
    assert _bold(resp.answer)[0] in expected, resp.answer
    assert str(sum(1 for n in g if g.degree(n) >= k)) in resp.answer, resp.answer


@pytest.mark.parametrize("table,question,k,bound", [
    (KARATE, "which members with more than 5 ties have a clustering above 0.3?", 6, 0.3),
    (CREW, "how many rowers with at least 4 crewmates have clustering above 0.4?", 4, 0.4),
])
def test_two_thresholds_on_two_measures_count_the_nodes_past_both(agent, table, question,
                                                                   k, bound):
    g = _graph(table)
    clustering = nx.clustering(g)
    both = [n for n in g if g.degree(n) >= k and clustering[n] > bound]
    resp = agent.ask(question, attach=[table])
    assert resp.status == "answered", resp.answer
    assert _bold(resp.answer)[0] == str(len(both)), resp.answer


@pytest.mark.parametrize("table,question", [
    (KARATE, "what is the clustering of members with at least 5 ties?"),
    (CREW, "tell me the betweenness of rowers with more than 3 crewmates"),
])
def test_a_degree_threshold_beside_another_measure_is_asked_about(agent, table, question):
    resp = agent.ask(question, attach=[table])
    assert resp.status == "needs_clarification", resp.answer


def test_a_number_of_the_datas_own_ties_is_a_degree(agent):
    g = nx.florentine_families_graph()
    table = pd.DataFrame(list(g.edges()), columns=["family", "spouse_family"])
    resp = agent.ask("which family has the highest betweenness among families with at least 4 "
                     "marriages?", attach=[table])
    assert resp.status == "answered", resp.answer
    expected = _best(nx.betweenness_centrality(g), lambda n: g.degree(n) >= 4)
    assert _bold(resp.answer)[0] in expected, resp.answer


def test_a_count_of_something_unread_beside_another_measure_is_asked_about(agent):
    g = nx.les_miserables_graph()
    table = nx.to_pandas_edgelist(g).rename(columns={"source": "character", "target": "other"})
    resp = agent.ask("which character has the highest clustering among characters with more "
                     "than 10 co-appearances?", attach=[table])
    assert resp.status == "needs_clarification", resp.answer
