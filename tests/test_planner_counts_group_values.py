""""How many workshops are there" on a node table whose ``workshop`` attribute groups the
nodes counts that attribute's distinct values (never the graph's nodes); "how many routes are
there" where ``route_code`` is an edge column is asked about, never answered with the graph's
size. pandas is the oracle for the values."""

from __future__ import annotations

import pandas as pd
import pytest

BADGES = pd.DataFrame([("b1", "b2"), ("b2", "b3"), ("b3", "b4"), ("b1", "b3"), ("b5", "b6")],
                      columns=["badge_a", "badge_b"])
WORKSHOPS = pd.DataFrame([("b1", "Foundry"), ("b2", "Foundry"), ("b3", "Kiln"), ("b4", "Kiln"),
                          ("b5", "Kiln"), ("b6", "Glaze"), ("b7", "Glaze"), ("b8", "Foundry")],
                         columns=["badge", "workshop"])
SITES = pd.DataFrame([("s1", "s2"), ("s2", "s3"), ("s3", "s4"), ("s4", "s5"), ("s5", "s6"),
                      ("s6", "s1"), ("s2", "s5")], columns=["site_from", "site_to"])
BOROUGHS = pd.DataFrame([("s1", "Hackney"), ("s2", "Camden"), ("s3", "Camden"),
                         ("s4", "Lambeth"), ("s5", "Brent"), ("s6", "Hackney")],
                        columns=["site", "borough_name"])
TRAMS = pd.DataFrame([("Quay", "Mill", "R1"), ("Mill", "Forge", "R1"), ("Forge", "Dene", "R1"),
                      ("Mill", "Yard", "R2"), ("Yard", "Heath", "R2"), ("Forge", "Heath", "R3")],
                     columns=["stop_a", "stop_b", "route_code"])
FERRIES = pd.DataFrame([("Ryde", "Cowes", "Solent Co"), ("Cowes", "Hamble", "Wight Line"),
                        ("Hamble", "Ryde", "Solent Co"), ("Ryde", "Lymington", "Red Boat")],
                       columns=["pier_a", "pier_b", "operator"])


def _ask(folder, edges, nodes, question):
    from igraph_agent import Agent

    edge_file = folder / "edges.csv"
    edges.to_csv(edge_file, index=False)
    attach = [str(edge_file)]
    if nodes is not None:
        nodes.to_csv(folder / "nodes.csv", index=False)
        attach.append(str(folder / "nodes.csv"))
    agent = Agent(home=folder / "project")
    try:
        return agent.ask(question, attach=attach)
    finally:
        agent.close()


@pytest.mark.parametrize(("edges", "nodes", "column", "question", "noun"), [
    (BADGES, WORKSHOPS, "workshop", "How many workshops are there?", "workshops"),
    (BADGES, WORKSHOPS, "workshop", "how many different workshops are in the data",
     "workshops"),
    (SITES, BOROUGHS, "borough_name", "how many boroughs are there", "boroughs"),
    (SITES, BOROUGHS, "borough_name", "How many distinct boroughs does the network cover?",
     "boroughs"),
])
def test_how_many_groups_counts_the_attributes_distinct_values(tmp_path, edges, nodes, column,
                                                                question, noun):
    values = nodes[column].unique()
    resp = _ask(tmp_path, edges, nodes, question)
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith(f"There are **{len(values)}** {noun} "), resp.answer
    assert all(v in resp.answer for v in values), resp.answer


@pytest.mark.parametrize(("edges", "question"), [
    (TRAMS, "how many routes are there"),
    (TRAMS, "How many routes are in the network?"),
    (FERRIES, "how many operators are there?"),
])
def test_how_many_of_an_edge_columns_values_is_never_the_graphs_size(tmp_path, edges,
                                                                     question):
    resp = _ask(tmp_path, edges, None, question)
    assert resp.status == "needs_clarification", resp.answer
    assert "6 nodes" not in resp.answer and "5 nodes" not in resp.answer, resp.answer
