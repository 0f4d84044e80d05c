"""Counts in a directed table's own verb: "how many families granted land to more than one
family" counts out-degrees past the number, "how many were backed by more than one person"
in-degrees, "how many backed nobody" a zero out-degree; and on an undirected table whose
columns name two roles ("scout,recruit"), a node's partners in one role's noun ("how many
recruits does Juno have") are asked: the graph keeps no end. networkx is the oracle."""

from __future__ import annotations

import pandas as pd
import pytest

from tests.planner_support import ask_table
from tests.planner_tables import GRANTS, directed_graph

BACKS = pd.DataFrame([("Ayla", "Bren"), ("Ayla", "Cruz"), ("Ayla", "Dara"), ("Bren", "Cruz"),
                      ("Cruz", "Dara"), ("Dara", "Eno"), ("Eno", "Fitz"), ("Cruz", "Fitz"),
                      ("Gale", "Ayla"), ("Gale", "Bren"), ("Fitz", "Hugo"), ("Dara", "Hugo"),
                      ("Hugo", "Ivo"), ("Bren", "Dara")], columns=["backer", "backed"])
SECTORS = pd.DataFrame([("Ayla", "fintech"), ("Bren", "biotech"), ("Cruz", "fintech"),
                        ("Dara", "biotech"), ("Eno", "climate"), ("Fitz", "climate"),
                        ("Gale", "fintech"), ("Hugo", "biotech"), ("Ivo", "climate")],
                       columns=["backer", "sector"])


def _count(degrees, op, k, among=None) -> int:
    keep = {"gt": lambda d: d > k, "ge": lambda d: d >= k, "eq": lambda d: d == k}[op]
    return sum(1 for n, d in degrees if keep(d) and (among is None or n in among))


@pytest.mark.parametrize("edges,question,way,op,k", [
    (BACKS, "how many people backed more than two people?", "out", "gt", 2),
    (BACKS, "how many people backed more than one person?", "out", "gt", 1),
    (BACKS, "how many people were backed by more than one person?", "in", "gt", 1),
    (BACKS, "how many people backed nobody?", "out", "eq", 0),
    (GRANTS, "how many families granted land to more than one family?", "out", "gt", 1),
    (GRANTS, "how many families were granted land by no one?", "in", "eq", 0),
    (GRANTS, "how many families granted nothing?", "out", "eq", 0),
])
def test_a_count_in_the_table_s_verb_reads_the_verb_s_end(tmp_path, edges, question, way, op,
                                                          k):
    g = directed_graph(edges)
    want = _count(g.out_degree() if way == "out" else g.in_degree(), op, k)
    resp = ask_table(tmp_path, edges, question)
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith(f"**{want}** of {g.number_of_nodes()} "), resp.answer
    assert f"{way}-degree" in resp.answer, resp.answer


@pytest.mark.parametrize("k,word", [(1, "one person"), (2, "two people")])
def test_a_count_in_the_verb_inside_a_group_keeps_both(tmp_path, k, word):
    g = directed_graph(BACKS)
    fintech = set(SECTORS.loc[SECTORS.sector == "fintech", "backer"])
    want = _count(g.out_degree(), "gt", k, fintech)
    resp = ask_table(tmp_path, BACKS, f"how many people in fintech backed more than {word}?",
                     nodes=SECTORS)
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith(f"**{want}** of {len(fintech)} "), resp.answer
    assert "out-degree more than" in resp.answer, resp.answer


SCOUTS = pd.DataFrame([("Hale", "Iker"), ("Hale", "Juno"), ("Juno", "Lenn"), ("Juno", "Mika"),
                       ("Pavo", "Juno"), ("Mika", "Orla")], columns=["scout", "recruit"])
HOSTS = pd.DataFrame([("Rhea", "Soto"), ("Rhea", "Tam"), ("Tam", "Soto"), ("Umi", "Tam")],
                     columns=["host", "guest"])


@pytest.mark.parametrize("edges,question", [
    (SCOUTS, "how many recruits does Juno have"),
    (SCOUTS, "who are Hale's recruits?"),
    (SCOUTS, "who has the most recruits?"),
    (HOSTS, "how many guests does Tam have?"),
    (HOSTS, "list the hosts of Soto"),
])
def test_one_role_s_partners_on_an_undirected_table_of_two_roles_are_asked(tmp_path, edges,
                                                                            question):
    resp = ask_table(tmp_path, edges, question)
    assert resp.status == "needs_clarification", resp.answer
    assert "undirected" in resp.answer, resp.answer


FLATS2 = pd.DataFrame([("Nia", "Omar"), ("Nia", "Pia"), ("Omar", "Pia"), ("Pia", "Quin")],
                      columns=["person", "friend"])


def test_a_two_way_role_noun_still_counts_the_ties(tmp_path):
    resp = ask_table(tmp_path, FLATS2, "how many friends does Pia have?")
    assert resp.status == "answered", resp.answer
    assert "**3**" in resp.answer, resp.answer


@pytest.mark.parametrize("edges,question", [
    (BACKS, "how many people were backed at least twice but backed nobody themselves?"),
    (GRANTS, "how many families were granted land by more than one family and granted nothing?"),
])
def test_two_conditions_in_the_verb_are_asked_not_one_counted(tmp_path, edges, question):
    resp = ask_table(tmp_path, edges, question)
    assert resp.status == "needs_clarification", resp.answer
