"""On a directed table, counts, thresholds and totals read the end the question's own words
name: "eat exactly 2 prey" is an out-degree, "have exactly 1 predator" an in-degree, "2
departures" and "made 2 loans" out-degrees; "sailings into X" add up X's incoming edges,
"leaving X" its outgoing ones; "how many messages did u1 send" adds up a count column; "how
much was lent to d2" is what reached d2; and a ranking names every node tied at its cut."""

from __future__ import annotations

import networkx as nx
import pandas as pd
import pytest

from tests.planner_support import ask_table

POND = pd.DataFrame([("pike", "perch"), ("pike", "roach"), ("perch", "roach"), ("perch", "shrimp"),
                     ("roach", "algae"), ("heron", "pike"), ("heron", "perch"), ("heron", "frog"),
                     ("frog", "shrimp"), ("shrimp", "algae")], columns=["predator", "prey"])
SAILINGS = pd.DataFrame([("Oban", "Mull", 40), ("Mull", "Oban", 35), ("Oban", "Coll", 90),
                         ("Coll", "Tiree", 25), ("Tiree", "Oban", 95), ("Mull", "Iona", 15),
                         ("Iona", "Mull", 15), ("Coll", "Mull", 60)],
                        columns=["origin_port", "dest_port", "fare"])
LEDGER = pd.DataFrame([("c1", "d1", 500), ("c1", "d2", 300), ("c2", "d2", 250), ("c3", "c1", 75),
                       ("c2", "d3", 40), ("d1", "d3", 20)], columns=["creditor", "debtor", "principal"])
CHAT = pd.DataFrame([("u1", "u2", 5), ("u1", "u3", 3), ("u2", "u1", 1), ("u3", "u4", 7), ("u3", "u2", 6),
                     ("u4", "u1", 2), ("u5", "u1", 9), ("u5", "u2", 2)],
                    columns=["sender_id", "recipient_id", "n_msgs"])


def _digraph(table: pd.DataFrame) -> nx.DiGraph:
    return nx.from_pandas_edgelist(table, *table.columns[:2], edge_attr=list(table.columns[2:]) or None,
                                   create_using=nx.DiGraph)


@pytest.mark.parametrize(("table", "question", "side", "op", "k"), [
    (POND, "which species eat exactly 2 prey?", "out", "eq", 2),
    (POND, "which species have exactly 1 predator?", "in", "eq", 1),
    (POND, "which species eat at least 2 things?", "out", "ge", 2),
    (SAILINGS, "which ports have exactly 2 departures?", "out", "eq", 2),
    (LEDGER, "which creditors made exactly 2 loans?", "out", "eq", 2),
])
def test_a_degree_threshold_counts_the_end_the_words_name(tmp_path, table, question, side, op, k):
    g = _digraph(table)
    deg = dict(g.out_degree() if side == "out" else g.in_degree())
    want = sorted(n for n, d in deg.items() if (d == k if op == "eq" else d >= k))
    r = ask_table(tmp_path, table, question)
    assert r.status == "answered", r.answer
    assert r.answer.startswith(f"**{len(want)}** of {g.number_of_nodes()}"), r.answer
    assert f"{side}-degree" in r.answer and all(f"{n} (" in r.answer for n in want)


@pytest.mark.parametrize(("question", "side"), [("total fare of sailings into Oban?", "in"),
                                                ("total fare of all sailings leaving Oban?", "out")])
def test_into_and_leaving_add_up_one_end_of_a_named_node(tmp_path, question, side):
    g = _digraph(SAILINGS)
    edges = g.in_edges("Oban", data="fare") if side == "in" else g.out_edges("Oban", data="fare")
    r = ask_table(tmp_path, SAILINGS, question)
    assert r.status == "answered", r.answer
    assert f"**{sum(w for _, _, w in edges)}**" in r.answer


@pytest.mark.parametrize(("question", "side"), [("how many sailings leave Coll?", "out"),
                                                ("how many sailings arrive at Mull?", "in")])
def test_leave_and_arrive_count_one_ends_edges(tmp_path, question, side):
    g = _digraph(SAILINGS)
    node = question.split()[-1].rstrip("?")
    want = g.out_degree(node) if side == "out" else g.in_degree(node)
    r = ask_table(tmp_path, SAILINGS, question)
    assert r.status == "answered", r.answer
    assert f"{side}-degree **{want}**" in r.answer


@pytest.mark.parametrize(("question", "node", "side"), [("how much did c1 lend?", "c1", "out"),
                                                        ("how much was lent to d2?", "d2", "in")])
def test_how_much_in_the_data_verb_sums_the_value_at_that_end(tmp_path, question, node, side):
    g = _digraph(LEDGER)
    edges = g.out_edges(node, data="principal") if side == "out" else g.in_edges(node, data="principal")
    r = ask_table(tmp_path, LEDGER, question)
    assert r.status == "answered", r.answer
    assert r.answer.startswith(f"**{sum(w for _, _, w in edges)}**"), r.answer


def test_how_many_items_sent_adds_up_the_count_column(tmp_path):
    g = _digraph(CHAT)
    r = ask_table(tmp_path, CHAT, "how many messages did u1 send?")
    assert r.status == "answered", r.answer
    assert r.answer.startswith(f"**{sum(w for _, _, w in g.out_edges('u1', data='n_msgs'))}** messages")
    r = ask_table(tmp_path / "2", CHAT, "how many recipients does u1 send to?")
    assert r.status == "answered" and f"out-degree **{g.out_degree('u1')}**" in r.answer, r.answer


def test_items_past_a_bound_sum_the_count_column_per_sender(tmp_path):
    g = _digraph(CHAT)
    sent = {n: sum(w for _, _, w in g.out_edges(n, data="n_msgs")) for n in g}
    r = ask_table(tmp_path, CHAT, "who sends more than 5 messages in total?")
    assert r.status == "answered", r.answer
    assert all(f"**{n}** ({v})" in r.answer for n, v in sent.items() if v > 5), r.answer
    assert "out-degree" not in r.answer


def test_a_ranking_names_every_node_tied_at_its_cut(tmp_path):
    ring = pd.DataFrame([(f"v{i}", f"v{(i + 1) % 7}") for i in range(7)], columns=["stop", "next_stop"])
    r = ask_table(tmp_path, ring, "which stop has the most links?")
    assert r.status == "answered", r.answer
    assert all(f"v{i}" in r.answer for i in range(7)), r.answer


def test_a_what_if_total_is_never_answered_with_the_named_nodes_own_total(tmp_path):
    g = _digraph(LEDGER)
    own = sum(w for _, _, w in g.out_edges("c1", data="principal"))
    r = ask_table(tmp_path, LEDGER, "If c1's loans were written off, how much money would still be lent out?")
    assert f"**{own}**" not in r.answer, r.answer
