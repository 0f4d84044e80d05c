"""Edge tables whose columns name the two ends as participles ("referring_clinic,
receiving_clinic", "sending_bank,receiving_bank") load directed, so PageRank and in-degrees
follow the edges; "counting both incoming and outgoing" is every edge of a node; and a
chain's second step may name the first's node as a place ("the shortest trip from there to
Hull"). networkx is the oracle, on two tables each."""

from __future__ import annotations

import networkx as nx
import pandas as pd
import pytest

from tests.planner_support import ask_table
from tests.planner_tables import COURIERS, table_graph
from tests.test_planner_chain_ranked_inputs import KILNS

CLINICS = pd.DataFrame([("C1", "C2"), ("C1", "C3"), ("C2", "C3"), ("C3", "C7"), ("C4", "C1"),
                        ("C5", "C3"), ("C5", "C4"), ("C4", "C6"), ("C6", "C3"), ("C2", "C6"),
                        ("C4", "C7")],
                       columns=["referring_clinic", "receiving_clinic"])
BANKS = pd.DataFrame([("Aval", "Bure"), ("Bure", "Cove"), ("Cove", "Aval"), ("Dyke", "Cove"),
                      ("Dyke", "Aval"), ("Eske", "Dyke"), ("Cove", "Fenn"), ("Aval", "Fenn"),
                      ("Bure", "Fenn")], columns=["sending_bank", "receiving_bank"])


def _digraph(edges: pd.DataFrame) -> nx.DiGraph:
    return nx.from_pandas_edgelist(edges, *edges.columns[:2], create_using=nx.DiGraph)


@pytest.mark.parametrize("edges", [CLINICS, BANKS])
def test_participle_columns_load_directed(tmp_path, edges):
    resp = ask_table(tmp_path, edges, "is this graph directed?")
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith("**Yes**"), resp.answer
    assert f"({edges.columns[0]} → {edges.columns[1]})" in resp.answer, resp.answer


@pytest.mark.parametrize("edges,noun", [(CLINICS, "clinic"), (BANKS, "bank")])
def test_pagerank_on_participle_columns_follows_the_edges(tmp_path, edges, noun):
    pr = nx.pagerank(_digraph(edges))
    undirected = nx.pagerank(_digraph(edges).to_undirected())
    top = max(pr, key=pr.get)
    assert top != max(undirected, key=undirected.get)  # the direction decides
    resp = ask_table(tmp_path, edges, f"Which {noun} ranks highest by PageRank?")
    assert resp.status == "answered", resp.answer
    assert resp.answer.split("nodes are ", 1)[1].startswith(f"{top} "), resp.answer


@pytest.mark.parametrize("edges,noun", [(CLINICS, "clinic"), (BANKS, "bank")])
def test_an_average_counting_both_incoming_and_outgoing_is_every_edge(tmp_path, edges, noun):
    g = _digraph(edges)
    mean = 2 * g.number_of_edges() / g.number_of_nodes()
    resp = ask_table(tmp_path, edges, f"What's the average number of links per {noun}, "
                                      "counting both incoming and outgoing?")
    assert resp.status == "answered", resp.answer
    said = resp.answer.split("Mean degree is **", 1)[1].split("**", 1)[0]
    assert abs(float(said) - mean) < 1e-4, resp.answer


@pytest.mark.parametrize("edges,question,to", [
    (COURIERS, "Find the depot with the most links, then tell me the shortest trip from there "
               "to Hull in drive_min", "Hull"),
    (KILNS, "find the kiln with the most links, then give me the shortest path from there to "
            "Hazel", "Hazel"),
])
def test_a_second_step_from_there_starts_at_the_first_step_s_node(tmp_path, edges, question,
                                                                   to):
    weight = edges.columns[2] if len(edges.columns) > 2 else None
    g = table_graph(edges, weight)
    degrees = dict(g.degree())
    (hub,) = [n for n, d in degrees.items() if d == max(degrees.values())]
    length = nx.shortest_path_length(g, hub, to, weight=weight)
    resp = ask_table(tmp_path, edges, question)
    assert resp.status == "answered", resp.answer
    rest = resp.answer.split(f"Then, for **{hub}**:", 1)[1]
    said = f"**{length} {weight}**" if weight else f"**{length} hop(s)**"
    assert f"from {hub} to {to}" in rest and said in rest, rest
