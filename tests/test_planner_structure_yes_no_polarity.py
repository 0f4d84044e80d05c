"""A yes/no about the graph's shape asked the negative way leads with Yes or No in that
question's polarity: "is the graph disconnected?", "does it have more than one component?"
(Yes when there is more than one piece, where it once found no verdict), "is it
triangle-free?", "does it lack triangles?" (Yes when there are none). Two tables, networkx
the oracle."""

from __future__ import annotations

import networkx as nx
import pandas as pd
import pytest

from tests.planner_support import ask_table

PODS = nx.relabel_nodes(nx.caveman_graph(3, 4), lambda n: f"pod{n}")
LANES = nx.relabel_nodes(nx.connected_watts_strogatz_graph(14, 4, 0.2, seed=1),
                         lambda n: f"dock{n}")


@pytest.mark.parametrize(("graph", "columns"), [(PODS, ["pod_a", "pod_b"]),
                                                (LANES, ["dock_from", "dock_to"])])
@pytest.mark.parametrize("question", ["is the graph disconnected?",
                                      "does it have more than one component?",
                                      "Is the network split into several pieces?"])
def test_a_pieces_yes_no_leads_with_yes_when_there_is_more_than_one(tmp_path, graph, columns,
                                                                    question):
    resp = ask_table(tmp_path, pd.DataFrame(list(graph.edges()), columns=columns), question)
    yes = nx.number_connected_components(graph) > 1
    assert resp.answer.startswith("**Yes**" if yes else "**No**"), resp.answer


@pytest.mark.parametrize(("graph", "columns"), [(PODS, ["pod_a", "pod_b"]),
                                                (nx.relabel_nodes(nx.petersen_graph(),
                                                                  lambda n: f"bay{n}"),
                                                 ["bay_a", "bay_b"])])
@pytest.mark.parametrize("question", ["Is the graph triangle-free?",
                                      "Does the network lack triangles?",
                                      "Is it free of triangles?"])
def test_a_no_triangles_yes_no_leads_with_yes_when_there_are_none(tmp_path, graph, columns,
                                                                  question):
    resp = ask_table(tmp_path, pd.DataFrame(list(graph.edges()), columns=columns), question)
    yes = sum(nx.triangles(graph).values()) == 0
    assert resp.answer.startswith("**Yes**" if yes else "**No**"), resp.answer
