"""A question asking Yes or No gets Yes or No, or a question back: never a ranking or a
neighbourhood that leaves the reader to work the answer out."""

from __future__ import annotations

import networkx as nx
import pandas as pd
import pytest

from tests.test_directed_totals import _ask

FLIGHTS = pd.DataFrame(
    [("LIS", "AMS", 150), ("AMS", "HEL", 125), ("HEL", "DUB", 200), ("DUB", "LIS", 160),
     ("HEL", "FCO", 190), ("FCO", "AMS", 140)],
    columns=["origin", "dest", "block_minutes"])


def test_a_direct_flight_question_is_answered_yes_or_no_following_the_direction(tmp_path):
    for sub in ("yes", "back"):
        (tmp_path / sub).mkdir()
    yes = _ask(tmp_path / "yes", FLIGHTS, "Is there a direct flight from HEL to FCO?")
    assert yes.status == "answered", yes.answer
    assert yes.answer.startswith("**Yes**") and "HEL → FCO" in yes.answer
    # FCO -> HEL is no edge (only HEL -> FCO is): the way back takes two flights
    back = _ask(tmp_path / "back", FLIGHTS, "is there a direct flight from FCO to HEL")
    assert back.status == "answered", back.answer
    assert back.answer.startswith("**No**") and "FCO → AMS → HEL" in back.answer
    assert "shortest_path" in [a.tool for a in back.actions]


def test_a_yes_no_question_no_analysis_answers_is_asked_in_words(tmp_path):
    # ("are there any airports with no outgoing flights" is answered: No, with the sinks)
    resp = _ask(tmp_path, FLIGHTS, "Are there any hub airports by PageRank?")
    assert resp.status == "needs_clarification", resp.answer
    assert "a yes or no" in resp.answer and "yesno" not in resp.answer


def test_is_the_network_assortative_leads_with_no_and_what_it_means(tmp_path):
    g = nx.karate_club_graph()
    edges = pd.DataFrame([(f"m{u}", f"m{v}") for u, v in g.edges()], columns=["member", "friend"])
    resp = _ask(tmp_path, edges, "Is the network assortative by degree?")
    r = nx.degree_assortativity_coefficient(g)
    assert r < -0.05
    assert resp.status == "answered", resp.answer
    assert ("**No** — high-degree nodes tend to link to low-degree ones (disassortative)"
            in resp.answer)
    assert f"{r:.4f}" in resp.answer


@pytest.mark.parametrize("question, walked", [
    ("how many airports can I reach from HEL in at most 2 flights", "out"),
    ("how many airports can reach HEL in 2 flights or fewer", "in"),
    ("how many airports are within 2 flights of HEL", "both"),
])
def test_steps_from_or_to_a_node_follow_the_flights_direction(tmp_path, question, walked):
    g = nx.from_pandas_edgelist(FLIGHTS, "origin", "dest", create_using=nx.DiGraph)
    g = {"out": g, "in": g.reverse(), "both": g.to_undirected()}[walked]
    expected = len(nx.single_source_shortest_path_length(g, "HEL", cutoff=2)) - 1
    resp = _ask(tmp_path, FLIGHTS, question)
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith(f"**{expected}** airports are within 2 step(s) of HEL")
    assert resp.actions[-1].args.get("direction", "both") == walked


def test_nodes_tied_for_the_most_outgoing_flights_are_all_named(tmp_path):
    tied = pd.DataFrame([("A", "X"), ("A", "Y"), ("B", "X"), ("B", "Y"), ("C", "X")],
                        columns=["origin", "dest"])
    resp = _ask(tmp_path, tied, "which airport has the most outgoing flights")
    assert resp.status == "answered", resp.answer
    assert "**A** and **B** tie with 2" in resp.answer and "leads" not in resp.answer


FRIENDS = pd.DataFrame([("ana", "ben"), ("ben", "cy"), ("cy", "ana"), ("cy", "dee")],
                       columns=["person", "friend"])


@pytest.mark.parametrize("table, question, lead, said", [
    (FLIGHTS, "Is this graph directed?", "**Yes**", "directed (origin → dest)"),
    (FLIGHTS, "is the network undirected", "**No**", "directed (origin → dest)"),
    (FLIGHTS, "Are the edges weighted?", "**Yes**", "block_minutes = distance"),
    (FRIENDS, "is the network directed?", "**No**", "the graph is undirected"),
    (FRIENDS, "are the ties weighted", "**No**", "the edges carry no numeric value"),
])
def test_a_question_about_the_graphs_kind_is_answered_yes_or_no_from_its_state(
        tmp_path, table, question, lead, said):
    resp = _ask(tmp_path, table, question)
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith(f"{lead} — ") and said in resp.answer
    assert [a.tool for a in resp.actions] == ["get_graph_info"]
