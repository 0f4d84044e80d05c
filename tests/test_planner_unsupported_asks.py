"""Questions no analysis answers as asked end in a clarification, never in an answer to
another question: an edge added, a node ranked by a measure
no intent ranks by, one node tied to all others; and "how many routers are isolated" counts
the nodes of degree 0 instead of describing the graph."""

from __future__ import annotations

import networkx as nx
import pandas as pd
import pytest

from tests.test_directed_totals import _ask


def _routers() -> nx.Graph:
    return nx.relabel_nodes(nx.connected_watts_strogatz_graph(12, 4, 0.3, seed=9),
                            lambda n: f"r{n}")


ROUTERS = pd.DataFrame(list(_routers().edges()), columns=["router_a", "router_b"])


@pytest.mark.parametrize("question", [
    "If we add a link from r0 to r11, how many components are there?",
    "Which router has the highest clustering?",
    "Is there a router connected to all others?",
])
def test_a_question_no_analysis_takes_is_asked_about(tmp_path, question):
    resp = _ask(tmp_path, ROUTERS, question)
    assert resp.status == "needs_clarification", resp.answer
    assert not {"connectivity", "node_centrality", "remove_and_compare"} & {
        a.tool for a in resp.actions}


def test_how_many_are_isolated_counts_the_nodes_of_degree_zero(tmp_path):
    table = pd.concat([ROUTERS, pd.DataFrame([("r50", "r51")], columns=ROUTERS.columns)])
    resp = _ask(tmp_path, table, "How many routers are isolated?")
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith("**0** of 14 routers have degree exactly 0"), resp.answer


@pytest.mark.parametrize(("question", "want"), [
    ("How many connected components are there?", "**3 connected component(s)**"),
    ("How many isolated nodes are there?", "**2** of 7 nodes have degree exactly 0"),
])
def test_counts_of_components_and_isolated_nodes_are_answered_not_asked(agent, question,
                                                                        want):
    g = nx.path_graph(5)
    g.add_nodes_from([90, 91])
    resp = agent.ask(question, attach=[g])
    assert resp.status == "answered", resp.answer
    assert want in resp.answer, resp.answer
