"""Wordings a user types that the offline planner now reads in the question's own terms:
"the important ones" with no ranking asks which measure; a referral table named by
participles is directed and "counting both incoming and outgoing" is the total degree; "how
many loans are over 5000" counts edges past a value of the one numeric column; "does
modularity clustering put A and B together" answers for that pair."""

from __future__ import annotations

import networkx as nx
import pandas as pd
import pytest

from igraph_agent.graph.semantics import direction_of
from tests.planner_support import ask_table

KARATE = pd.DataFrame([(f"m{u}", f"m{v}") for u, v in nx.karate_club_graph().edges()],
                      columns=["member_a", "member_b"])
GUILD = pd.DataFrame(list(nx.florentine_families_graph().edges()), columns=["house", "allied_house"])
REFERRALS = pd.DataFrame([("H1", "H2", 40), ("H2", "H3", 12), ("H1", "H3", 7), ("H3", "H4", 25),
                          ("H4", "H1", 3)], columns=["referring_clinic", "receiving_clinic", "patients"])
CALLS = pd.DataFrame([("555-1", "555-2", 4), ("555-2", "555-3", 1), ("555-3", "555-1", 9),
                      ("555-1", "555-4", 2), ("555-4", "555-5", 6), ("555-5", "555-1", 3)],
                     columns=["calling_number", "called_number", "minutes"])
LOANS = pd.DataFrame([("a1", "a2", 5000), ("a1", "a3", 7200), ("a2", "a3", 300), ("a3", "a4", 5000.5),
                      ("a4", "a1", 12000), ("a5", "a1", 800), ("a2", "a5", 6100), ("a6", "a2", 4999)],
                     columns=["creditor_acct", "debtor_acct", "principal"])
FERRY_LEGS = pd.DataFrame([("Oban", "Mull", 45), ("Mull", "Iona", 10), ("Oban", "Iona", 70),
                           ("Iona", "Coll", 80), ("Coll", "Tiree", 55)],
                          columns=["port_from", "port_to", "crossings"])
CAVES = nx.connected_caveman_graph(3, 4)
BAYS = pd.DataFrame([(f"bay{u}", f"bay{v}", 1 + (u * v) % 7) for u, v in CAVES.edges()],
                    columns=["harbour_x", "harbour_y", "sail_min"])
HUTS = pd.DataFrame([(f"hut{u}", f"hut{v}") for u, v in CAVES.edges()], columns=["hut", "neighbour_hut"])


@pytest.mark.parametrize("table", [KARATE, GUILD], ids=["karate", "guild"])
@pytest.mark.parametrize("question", ["show me the important ones", "who is important here?"])
def test_important_with_no_ranking_asked_asks_which_measure(tmp_path, table, question):
    r = ask_table(tmp_path, table, question)
    assert r.status == "needs_clarification", r.answer
    assert "which measure" in r.answer


def test_the_most_important_is_still_a_centrality_ranking(tmp_path):
    r = ask_table(tmp_path, KARATE, "who are the 3 most important members?")
    assert r.status == "answered", r.answer
    top = max(nx.pagerank(nx.karate_club_graph()).items(), key=lambda kv: kv[1])[0]
    assert f"the most central nodes are m{top} (" in r.answer, r.answer


@pytest.mark.parametrize(("source", "target"), [("referring_clinic", "receiving_clinic"),
                                                ("calling_number", "called_number")])
def test_participle_columns_make_the_table_directed(source, target):
    assert direction_of(source, target) is True


@pytest.mark.parametrize(("table", "question"), [
    (REFERRALS, "what's the average number of referral links per clinic, counting both "
                "incoming and outgoing?"),
    (CALLS, "mean number of links per number, in and out together?"),
])
def test_both_ends_counted_gives_the_mean_total_degree(tmp_path, table, question):
    g = nx.from_pandas_edgelist(table, *table.columns[:2], create_using=nx.DiGraph)
    mean = 2 * g.number_of_edges() / g.number_of_nodes()
    r = ask_table(tmp_path, table, question)
    assert r.status == "answered", r.answer
    assert f"**{mean:g}**" in r.answer and "in-degree" not in r.answer


@pytest.mark.parametrize(("table", "question", "op", "value"), [
    (LOANS, "how many loans are over 5000?", "gt", 5000),
    (LOANS, "how many loans are at least 5000?", "ge", 5000),
    (FERRY_LEGS, "how many crossings are over 50?", "gt", 50),
])
def test_an_edge_noun_past_a_value_counts_the_edges_by_the_numeric_column(tmp_path, table,
                                                                        question, op, value):
    col = table.columns[2]
    want = int((table[col] > value).sum() if op == "gt" else (table[col] >= value).sum())
    r = ask_table(tmp_path, table, question)
    assert r.status == "answered", r.answer
    assert r.answer.startswith(f"**{want}** of {len(table)} edges have {col}"), r.answer


@pytest.mark.parametrize(("table", "prefix"), [(BAYS, "bay"), (HUTS, "hut")])
@pytest.mark.parametrize(("question", "a", "b"), [
    ("Does modularity clustering put {p}0 and {p}1 in the same group?", 0, 1),
    ("does community detection put {p}0 and {p}5 together?", 0, 5),
])
def test_a_community_method_asked_of_two_nodes_answers_for_that_pair(tmp_path, table, prefix,
                                                                     question, a, b):
    together = b < 4  # three cliques of four: 0-3, 4-7, 8-11
    r = ask_table(tmp_path, table, question.format(p=prefix))
    assert r.status == "answered", r.answer
    assert r.answer.startswith("**Yes**" if together else "**No**"), r.answer


@pytest.mark.parametrize(("table", "bad"), [
    (pd.DataFrame([("Ana", "Bo"), ("Bo", "Cy"), ("Cy", "Ana"), ("Dee", "Ana")],
                  columns=["tipper", "tipped"]), "tippeds"),
    (pd.DataFrame([("u1", "u2"), ("u2", "u3"), ("u3", "u4")], columns=["resident", "neighbour_b"]),
     "rank neighbours"),
])
def test_a_clarifying_question_names_nodes_by_a_noun_not_a_participle(tmp_path, table, bad):
    r = ask_table(tmp_path, table, "what's interesting here?")
    assert r.status == "needs_clarification", r.answer
    assert bad not in r.answer and "I can" in r.answer
