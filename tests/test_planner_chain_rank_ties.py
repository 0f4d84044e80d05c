"""A node's place in a centrality ranking counts the nodes scored higher ("where does Gijs
rank by closeness": joint 2nd with Fenna, not 2nd or 3rd by list order), naming those it
ties with; a node with no tie keeps its plain place. networkx is the oracle, on two tables."""

from __future__ import annotations

import networkx as nx
import pytest

from tests.planner_support import ask_table
from tests.planner_tables import CHOIR, table_graph
from tests.test_planner_chain_ranked_inputs import KILNS

_MEASURES = {"betweenness": nx.betweenness_centrality, "closeness": nx.closeness_centrality}


def _place(scores: dict, node: str) -> tuple[int, list[str]]:
    mine = scores[node]
    above = sum(1 for v in scores.values() if v > mine + 1e-9)
    tied = sorted(n for n, v in scores.items() if n != node and abs(v - mine) <= 1e-9)
    return above + 1, tied


def _kth(k: int) -> str:
    return {1: "1st", 2: "2nd", 3: "3rd"}.get(k, f"{k}th")


@pytest.mark.parametrize("edges,node,measure", [
    (CHOIR, "Gijs", "closeness"), (CHOIR, "Fenna", "betweenness"), (CHOIR, "Eef", "closeness"),
    (KILNS, "Fir", "betweenness"), (KILNS, "Elder", "closeness"), (KILNS, "Gum", "betweenness"),
])
def test_a_node_s_place_counts_the_higher_scores_and_names_its_ties(tmp_path, edges, node,
                                                                   measure):
    g = table_graph(edges)
    place, tied = _place(_MEASURES[measure](g), node)
    resp = ask_table(tmp_path, edges, f"where does {node} rank by {measure}?")
    assert resp.status == "answered", resp.answer
    said = resp.answer.split(", ranked ", 1)[1].split(f" of {g.number_of_nodes()}", 1)[0]
    if not tied:
        assert said == _kth(place), resp.answer
    else:
        assert said.startswith(f"joint {_kth(place)} (with "), resp.answer
        assert sorted(said.split("(with ", 1)[1].rstrip(")").replace(" and ", ", ")
                      .split(", ")) == tied, resp.answer
