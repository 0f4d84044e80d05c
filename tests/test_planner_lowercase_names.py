"""Lower-case node names ("amy", "gus") on a graph whose ids are lower-case words are read
as names: a question about one of them answers about that node, or asks, never with the
graph-wide figure it would give for no node ("what's gus's clustering coefficient" is
gus's, not the average). networkx is the oracle."""

from __future__ import annotations

import re

import networkx as nx
import pandas as pd
import pytest

from tests.test_directed_totals import _ask

NAMES = ["amy", "bea", "cal", "dex", "eli", "fay", "gus", "hal", "ivy", "jon", "kat", "lou"]


def _office() -> nx.Graph:
    return nx.relabel_nodes(nx.connected_watts_strogatz_graph(12, 4, 0.3, seed=7),
                            lambda n: NAMES[n])


OFFICE = pd.DataFrame(list(_office().edges()), columns=["person", "colleague"])


def test_a_lowercase_possessive_name_gets_that_nodes_clustering(tmp_path):
    want = nx.clustering(_office(), "gus")
    resp = _ask(tmp_path, OFFICE, "what's gus's clustering coefficient?")
    assert resp.status == "answered", resp.answer
    assert f"gus has degree **{_office().degree('gus')}**, clustering coefficient " \
           f"**{want:.4f}**" in resp.answer, resp.answer


def test_a_lowercase_name_in_a_triangle_question_counts_that_nodes_triangles(tmp_path):
    resp = _ask(tmp_path, OFFICE, "how many triangles is dex in?")
    assert resp.status == "answered", resp.answer
    assert f"dex is part of **{nx.triangles(_office(), 'dex')} triangle(s)**" in resp.answer


@pytest.mark.parametrize(("question", "name", "measures"), [
    ("what is eli's betweenness?", "eli", [nx.betweenness_centrality]),
    ("how central is jon?", "jon", [nx.pagerank, nx.betweenness_centrality]),
])
def test_a_lowercase_name_in_a_centrality_question_gets_that_nodes_scores_not_the_top_nodes(
        tmp_path, question, name, measures):
    resp = _ask(tmp_path, OFFICE, question)
    assert resp.status == "answered", resp.answer
    for measure in measures:
        said = re.search(rf"{name} has {measure.__name__.split('_')[0]} \(unweighted\) "
                         r"\*\*([\d.]+)\*\*", resp.answer)
        assert said and abs(float(said.group(1)) - measure(_office())[name]) < 1e-4, resp.answer
    assert "the most central nodes are" not in resp.answer


def test_words_that_are_no_names_stay_words(tmp_path):
    resp = _ask(tmp_path, OFFICE, "Is the network connected?")
    assert resp.status == "answered", resp.answer
    assert "search_node" not in [a.tool for a in resp.actions]
    assert resp.answer.startswith("**Yes**")


_SALON = nx.relabel_nodes(nx.les_miserables_graph(), str)


def test_a_lowercase_name_on_a_graph_of_camel_case_names_is_that_node(tmp_path):
    table = pd.DataFrame(list(_SALON.edges()), columns=["character", "co_character"])
    resp = _ask(tmp_path, table, "javert's clustering coefficient?")
    assert resp.status == "answered", resp.answer
    assert f"clustering coefficient **{nx.clustering(_SALON, 'Javert'):.4f}**" in resp.answer, \
        resp.answer
