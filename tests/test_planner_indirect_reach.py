"""The columns' verb followed along chains ("how many papers does paper28 cite, directly or
indirectly", "how many ports ship to port05, even indirectly", "does paper35 cite paper00,
even indirectly through a chain of citations") is a reach: everything the node reaches,
everything reaching it, or a path, never the node's one-hop degree. Two tables, networkx the
oracle."""

from __future__ import annotations

import networkx as nx
import pandas as pd
import pytest

from tests.planner_support import ask_table

PAPERS = nx.relabel_nodes(nx.DiGraph([(u, v) for u, v in nx.gnp_random_graph(
    24, 0.15, seed=6, directed=True).edges() if u > v]), lambda n: f"paper{n:02d}")
PORTS = nx.relabel_nodes(nx.gnm_random_graph(20, 32, seed=8, directed=True),
                         lambda n: f"port{n:02d}")
CASES = [(PAPERS, ["citing", "cited"], "cite"), (PORTS, ["shipper", "consignee"], "ship to")]


def _ask(tmp_path, graph, columns, question):
    return ask_table(tmp_path, pd.DataFrame(list(graph.edges()), columns=columns), question)


def _busiest(graph, reach):
    """A node whose reach differs from its one-hop degree (the trap)."""
    return max(graph, key=lambda n: (len(reach(graph, n)), n))


@pytest.mark.parametrize(("graph", "columns", "verb"), CASES)
@pytest.mark.parametrize("wording", ["How many {nouns} does {x} {verb}, directly or indirectly?",
                                     "How many {nouns} does {x} {verb} (following the chains)?"])
def test_how_many_a_node_reaches_through_chains_counts_its_descendants(
        tmp_path, graph, columns, verb, wording):
    x = _busiest(graph, nx.descendants)
    nouns = "papers" if verb == "cite" else "ports"
    resp = _ask(tmp_path, graph, columns, wording.format(nouns=nouns, x=x, verb=verb))
    assert resp.answer.startswith(f"**{len(nx.descendants(graph, x))}**"), resp.answer


@pytest.mark.parametrize(("graph", "columns", "verb"), CASES)
def test_how_many_reach_a_node_even_indirectly_counts_its_ancestors(tmp_path, graph, columns,
                                                                    verb):
    x = _busiest(graph, nx.ancestors)
    nouns = "papers" if verb == "cite" else "ports"
    resp = _ask(tmp_path, graph, columns, f"How many {nouns} {verb} {x}, even indirectly?")
    assert resp.answer.startswith(f"**{len(nx.ancestors(graph, x))}**"), resp.answer


@pytest.mark.parametrize(("graph", "columns", "verb"), CASES)
def test_does_a_node_reach_another_through_a_chain_is_a_yes_or_no_path(tmp_path, graph,
                                                                       columns, verb):
    a = _busiest(graph, nx.descendants)
    far = sorted(nx.descendants(graph, a) - set(graph.successors(a)))[0]
    resp = _ask(tmp_path, graph, columns,
                f"Does {a} {verb} {far}, even indirectly through a chain?")
    assert resp.answer.startswith("**Yes**"), resp.answer


@pytest.mark.parametrize(("graph", "columns", "verb"), CASES)
def test_without_chain_words_the_count_is_still_one_hop(tmp_path, graph, columns, verb):
    x = _busiest(graph, nx.descendants)
    nouns = "papers" if verb == "cite" else "ports"
    resp = _ask(tmp_path, graph, columns, f"How many {nouns} does {x} {verb}?")
    assert f"**{graph.out_degree(x)}**" in resp.answer, resp.answer
