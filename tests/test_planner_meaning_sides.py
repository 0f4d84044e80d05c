"""Which end of an edge a question asks about, read from what the data means: a reporting
table whose boss column is named in other words (``line_manager``, ``supervisor_name``),
owing on a lending table (the borrower's end owes, the lender's end is owed), and one-way
verbs on an undirected table or owing on a table that names no debt (asked, never answered
with a node's ties at both ends)."""

from __future__ import annotations

import networkx as nx
import pandas as pd
import pytest

from igraph_agent.graph.semantics import direction_of
from tests.planner_support import ask_table

ORG = pd.DataFrame([("Ana", "Raj"), ("Ben", "Raj"), ("Raj", "Zoe"), ("Cai", "Zoe"),
                    ("Dov", "Cai"), ("Eli", "Cai"), ("Zoe", "Max")],
                   columns=["staffer", "line_manager"])
CREW = pd.DataFrame([("p1", "s1"), ("p2", "s1"), ("p3", "s1"), ("p4", "s2"), ("s1", "hq"),
                     ("s2", "hq"), ("p5", "s2")], columns=["agent_id", "supervisor_name"])
LOANS = pd.DataFrame([("Ana", "Ben", 50), ("Ana", "Cai", 20), ("Ben", "Cai", 70),
                      ("Dov", "Cai", 10), ("Cai", "Eli", 5), ("Eli", "Ana", 40),
                      ("Dov", "Ben", 15)], columns=["lender", "borrower", "sum_owed"])
CREDIT = pd.DataFrame([("k1", "k2", 300), ("k1", "k3", 120), ("k2", "k3", 80),
                       ("k4", "k3", 200), ("k4", "k1", 60), ("k3", "k5", 10)],
                      columns=["creditor", "debtor", "usd"])
PEOPLE = pd.DataFrame(list(ORG.itertuples(index=False)), columns=["person_a", "person_b"])
PARTIES = pd.DataFrame(list(LOANS.itertuples(index=False)),
                       columns=["party_1", "party_2", "dollars"])
PAYMENTS = pd.DataFrame(list(CREDIT.itertuples(index=False)),
                        columns=["payer", "payee", "eur"])


def _ask(tmp_path, table: pd.DataFrame, question: str):
    return ask_table(tmp_path, table, question)


def _digraph(table: pd.DataFrame) -> nx.DiGraph:
    g = nx.DiGraph()
    for row in table.itertuples(index=False):
        g.add_edge(row[0], row[1], **({"w": row[2]} if len(row) > 2 else {}))
    return g


@pytest.mark.parametrize("pair", [("staffer", "line_manager"), ("agent_id", "supervisor_name"),
                                  ("clerk", "boss"), ("manager", "team_member")])
def test_a_column_naming_the_boss_on_one_side_makes_the_table_directed(pair):
    assert direction_of(*pair) is True


@pytest.mark.parametrize("table, boss", [(ORG, "Cai"), (ORG, "Zoe"), (CREW, "s1"), (CREW, "s2")])
def test_how_many_people_report_to_a_boss_counts_the_people_under_them_only(
        tmp_path, table, boss):
    resp = _ask(tmp_path, table, f"how many people report to {boss}")
    want = _digraph(table).in_degree(boss)
    assert want != nx.Graph(_digraph(table)).degree(boss)  # the boss's own boss is no report
    assert resp.status == "answered", resp.answer
    assert f"**{want}**" in resp.answer


@pytest.mark.parametrize("table, person", [(ORG, "Dov"), (CREW, "p4")])
def test_who_does_a_person_report_to_names_their_boss(tmp_path, table, person):
    resp = _ask(tmp_path, table, f"who does {person} report to")
    (boss,) = _digraph(table).successors(person)
    assert resp.status == "answered", resp.answer
    assert boss in resp.answer and "out-neighbours" in resp.answer


def _ends(table: pd.DataFrame, end: int) -> pd.Series:
    return table.groupby(table.columns[end])[table.columns[2]].sum().sort_values()


@pytest.mark.parametrize("table", [LOANS, CREDIT])
def test_who_owes_the_most_sums_what_each_borrower_borrowed(tmp_path, table):
    resp = _ask(tmp_path, table, "who owes the most?")
    owed = _ends(table, 1)
    both = _ends(table, 0).add(owed, fill_value=0).sort_values()
    assert owed.index[-1] != both.index[-1] or owed.iloc[-1] != both.iloc[-1]
    assert resp.status == "answered", resp.answer
    assert f"**{owed.index[-1]}** has the highest" in resp.answer
    assert f"**{owed.iloc[-1]:g}**" in resp.answer


@pytest.mark.parametrize("table", [LOANS, CREDIT])
def test_who_is_owed_the_most_sums_what_each_lender_lent(tmp_path, table):
    resp = _ask(tmp_path, table, "Who is owed the most money?")
    lent = _ends(table, 0)
    top = sorted(lent[lent == lent.iloc[-1]].index)
    assert resp.status == "answered", resp.answer
    assert all(f"**{name}**" in resp.answer for name in top)
    assert f"**{lent.iloc[-1]:g}**" in resp.answer
    assert "outgoing" in resp.answer


@pytest.mark.parametrize("table, who", [(LOANS, "Cai"), (CREDIT, "k3")])
def test_how_much_does_a_node_owe_sums_its_borrowing_only(tmp_path, table, who):
    resp = _ask(tmp_path, table, f"how much does {who} owe in total")
    want = _digraph(table).in_degree(who, weight="w")
    assert want != _digraph(table).degree(who, weight="w")
    assert resp.status == "answered", resp.answer
    assert f"**{want:g}**" in resp.answer


@pytest.mark.parametrize("table, question", [
    (PEOPLE, "how many people report to Cai"),
    (PEOPLE, "who does Dov report to"),
    (PEOPLE, "Who is Ana's manager?"),
    (PARTIES, "who owes the most?"),
    (PARTIES, "who is owed the most"),
    (PARTIES, "who received the most dollars"),
    (PARTIES, "how much did Ana pay in total"),
])
def test_one_way_words_on_an_undirected_table_are_asked(tmp_path, table, question):
    resp = _ask(tmp_path, table, question)
    assert resp.status == "needs_clarification", resp.answer


@pytest.mark.parametrize("table", [PAYMENTS, _ := PAYMENTS.rename(
    columns={"payer": "sender", "payee": "receiver"})])
def test_owing_on_a_table_that_names_no_debt_is_asked(tmp_path, table):
    resp = _ask(tmp_path, table, "who owes the most?")
    assert resp.status == "needs_clarification", resp.answer
