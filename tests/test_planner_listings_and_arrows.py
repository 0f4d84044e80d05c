"""A listing asked as a command or with an -ing verb ("list the notes citing n0", "which
accounts are following ada") is the "which" question the planner reads; two steps joined by
an arrow ("most-cited note -> list the notes citing it"), a place the others were at ("…
then list the volunteers who were there") and a ranked node named in a leading clause ("At
the shift with the most volunteers, which volunteer there did the most shifts?") run as two
steps, and such a leading clause the planner cannot take further is asked about, never
answered with its ranking alone. networkx is the oracle, on tables of other words."""

from __future__ import annotations

import networkx as nx
import pandas as pd
import pytest
from planner_support import ask_table

#: notes citing earlier notes (directed: citing -> cited)
NOTES = pd.DataFrame([("n1", "n0"), ("n2", "n0"), ("n3", "n0"), ("n4", "n1"), ("n3", "n1"),
                      ("n5", "n2"), ("n6", "n0"), ("n6", "n5")], columns=["citing_note", "cited_note"])
#: volunteers signed up to shifts (two-mode)
ROTA = pd.DataFrame([("ana", "sat_am"), ("ana", "sun_pm"), ("ben", "sat_am"), ("cal", "sat_am"),
                     ("cal", "mon_am"), ("cal", "sun_pm"), ("dee", "sat_am"), ("eve", "mon_am"),
                     ("dee", "tue_pm")], columns=["volunteer", "shift"])


def _citers(node: str) -> set[str]:
    return set(NOTES.loc[NOTES.cited_note == node, "citing_note"])


@pytest.mark.parametrize("question", ["list the notes citing n0",
                                      "list all the notes that cite n0",
                                      "which notes are citing n0?"])
def test_a_listing_in_other_forms_names_the_nodes_with_an_edge_in(tmp_path, question):
    resp = ask_table(tmp_path, NOTES, question)
    assert resp.status == "answered", resp.answer
    want = _citers("n0")
    assert f"**{len(want)}**" in resp.answer, resp.answer
    assert all(n in resp.answer for n in want), resp.answer


@pytest.mark.parametrize("question", ["most-cited note -> list the notes citing it",
                                      "most-cited note — which notes cite it?",
                                      "most cited note -- list the notes citing it"])
def test_an_arrow_between_two_steps_runs_the_second_on_the_first_ones_node(tmp_path, question):
    g = nx.from_pandas_edgelist(NOTES, "citing_note", "cited_note", create_using=nx.DiGraph)
    top = max(g, key=g.in_degree)
    resp = ask_table(tmp_path, NOTES, question)
    assert resp.status == "answered", resp.answer
    then = resp.answer.split("Then, for ", 1)[1]
    assert then.startswith(f"**{top}**"), resp.answer
    assert all(n in then for n in _citers(top)), resp.answer


@pytest.mark.parametrize("question", ["find the shift with the most volunteers, then list the "
                                      "volunteers who were there",
                                      "Which shift had the most volunteers, and who were they?"])
def test_the_ones_who_were_there_are_the_first_steps_nodes_partners(tmp_path, question):
    busiest = ROTA["shift"].value_counts()
    assert busiest.iloc[0] > busiest.iloc[1]
    resp = ask_table(tmp_path, ROTA, question)
    assert resp.status == "answered", resp.answer
    then = resp.answer.split("Then, for ", 1)[1]
    assert then.startswith(f"**{busiest.index[0]}**"), resp.answer
    assert all(v in then for v in ROTA.loc[ROTA["shift"] == busiest.index[0], "volunteer"])


def test_a_ranked_node_in_a_leading_clause_ranks_the_nodes_at_it(tmp_path):
    busiest = ROTA["shift"].value_counts().index[0]
    there = ROTA.loc[ROTA["shift"] == busiest, "volunteer"]
    counts = ROTA["volunteer"].value_counts()[list(there)]
    best = counts[counts == counts.max()].index
    assert len(best) == 1, "the fixture's busiest volunteer at that shift is unique"
    resp = ask_table(tmp_path, ROTA, "At the shift with the most volunteers, which volunteer "
                                     "there did the most shifts overall?")
    assert resp.status == "answered", resp.answer
    then = resp.answer.split("Then, for ", 1)[1]
    assert then.startswith(f"**{busiest}**: **{best[0]}**"), resp.answer


def test_a_leading_ranked_clause_no_step_takes_further_is_asked_about(tmp_path):
    resp = ask_table(tmp_path, ROTA, "At the shift with the most volunteers, how old is the "
                                     "youngest volunteer?")
    assert resp.status == "needs_clarification", resp.answer
    assert "two steps" in resp.answer, resp.answer


def test_a_listing_with_a_condition_is_the_nodes_that_have_it(tmp_path):
    g = nx.from_pandas_edgelist(ROTA, "volunteer", "shift")
    want = {n for n in set(ROTA["volunteer"]) if g.degree(n) == 2}
    resp = ask_table(tmp_path, ROTA, "list the volunteers with exactly 2 shifts")
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith(f"**{len(want)}**"), resp.answer
    assert all(n in resp.answer for n in want), resp.answer


@pytest.mark.parametrize("question", ["most cited note, list the notes citing it",
                                      "who gets cited by the most notes, and who does that note "
                                      "cite?"])
def test_a_comma_or_that_noun_joins_the_second_step_to_the_first(tmp_path, question):
    g = nx.from_pandas_edgelist(NOTES, "citing_note", "cited_note", create_using=nx.DiGraph)
    top = max(g, key=g.in_degree)
    resp = ask_table(tmp_path, NOTES, question)
    assert resp.status == "answered", resp.answer
    assert "Then, for " in resp.answer and f"**{top}**" in resp.answer, resp.answer


def test_a_count_of_a_nodes_own_side_is_never_its_partners_listed_as_that_side(tmp_path):
    from igraph_agent import Agent

    agent = Agent(home=tmp_path / "p")
    try:  # networkx's Southern Women: women and events numbered E1 …
        resp = agent.ask("How many different women did Dorothy Murchison meet at the events "
                         "she went to?", attach=[nx.davis_southern_women_graph()])
    finally:
        agent.close()
    assert resp.status == "needs_clarification", resp.answer
    assert "women: E" not in resp.answer, resp.answer
