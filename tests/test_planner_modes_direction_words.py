"""Direction asked in the data's own verbs on directed tables (networkx is the oracle): both
ends at once ("who does nobody vouch for, and who vouches for no one"), a ranking by the
count of partners with the verb's preposition ("who vouches for the most people"), one
node's reach ("who can Eve reach"), one node's partners linked both ways ("who does Abe
vouch for that vouches for Abe back"), whether any pair is linked both ways, a named node's
lenders or borrowers on a lending table, and a ``referring,receiving`` table read as
directed."""

from __future__ import annotations

import re

import networkx as nx
import pandas as pd
import pytest
from planner_support import ask_table
from planner_tables import GRANTS, WALLETS, directed_graph

#: who vouches for whom: a source (Hal), a sink (Ida) and two mutual pairs
VOUCH = pd.DataFrame([("Abe", "Bea"), ("Bea", "Abe"), ("Abe", "Cal"), ("Cal", "Dee"),
                      ("Dee", "Abe"), ("Eve", "Abe"), ("Eve", "Cal"), ("Bea", "Cal"),
                      ("Cal", "Fin"), ("Fin", "Gil"), ("Gil", "Fin"), ("Hal", "Eve"),
                      ("Dee", "Ida")], columns=["voucher", "vouchee"])
#: servers pinging servers, with a count per pair: one sink (fenrir), two mutual pairs
PINGS = pd.DataFrame([("atlas", "boreas", 12), ("boreas", "ceres", 5), ("ceres", "atlas", 3),
                      ("atlas", "ceres", 7), ("dione", "atlas", 9), ("elara", "dione", 4),
                      ("dione", "elara", 2), ("ceres", "fenrir", 8)],
                     columns=["pinger", "pinged", "times"])
#: who lent to whom (creditor -> debtor), and the same shape with lender,borrower
IOU = pd.DataFrame([("Rana", "Seth", 40), ("Rana", "Tomas", 25), ("Uri", "Seth", 10),
                    ("Seth", "Vik", 30), ("Vik", "Rana", 5), ("Wen", "Tomas", 60)],
                   columns=["creditor", "debtor", "pounds"])
LOANS = pd.DataFrame([("a01", "a02", 500), ("a03", "a02", 200), ("a02", "a04", 900),
                      ("a04", "a01", 10), ("a05", "a02", 70)],
                     columns=["lender", "borrower", "amount"])
#: patients referred from one clinic to another: the columns' participles give the direction
CLINICS = pd.DataFrame([("C1", "C2", 5), ("C2", "C3", 8), ("C3", "C1", 2), ("C1", "C4", 9),
                        ("C4", "C2", 1)], columns=["referring_clinic", "receiving_clinic",
                                                    "patients"])


def _bold(answer: str) -> set[str]:
    return set(re.findall(r"\*\*([\w.-]+)\*\*", answer))


@pytest.mark.parametrize(("table", "question"), [
    (VOUCH, "which people does nobody vouch for and who vouches for no one?"),
    (VOUCH, "who is vouched for by nobody, and who vouches for nobody?"),
    (GRANTS, "which families were never granted anything, and which never grant?"),
])
def test_both_ends_asked_at_once_give_the_sources_and_the_sinks(tmp_path, table, question):
    g = directed_graph(table)
    sources = {n for n in g if g.in_degree(n) == 0}
    sinks = {n for n in g if g.out_degree(n) == 0}
    resp = ask_table(tmp_path, table, question)
    assert resp.status == "answered", resp.answer
    first, second = resp.answer.split("no edge leaves them")
    assert _bold(first) - {str(len(sources))} == sources, resp.answer
    assert _bold(second) - {str(len(sinks))} == sinks, resp.answer


@pytest.mark.parametrize(("table", "question", "side"), [
    (VOUCH, "who vouches for the most people?", "out"),
    (VOUCH, "who is vouched for most?", "in"),
    (VOUCH, "who is vouched for by the most people?", "in"),
    (PINGS, "which server pings the most others?", "out"),
    (PINGS, "which host is pinged by the most hosts?", "in"),
])
def test_the_most_partners_in_the_verb_with_its_preposition_is_a_degree_ranking(
        tmp_path, table, question, side):
    g = directed_graph(table)
    degree = dict(g.out_degree() if side == "out" else g.in_degree())
    best = max(degree.values())
    resp = ask_table(tmp_path, table, question)
    assert resp.status == "answered", resp.answer
    head = resp.answer.split("; top:")[0]
    assert _bold(head) == {n for n, d in degree.items() if d == best}, resp.answer
    assert f"tie with {best}" in head or f"({best})" in resp.answer, resp.answer


def test_the_most_times_pinged_is_asked_where_an_edge_value_could_be_summed(tmp_path):
    resp = ask_table(tmp_path, PINGS, "who is pinged the most?")
    assert resp.status == "needs_clarification", resp.answer


@pytest.mark.parametrize(("table", "question", "node"), [
    (VOUCH, "who can Eve reach?", "Eve"),
    (VOUCH, "who is reachable from Cal?", "Cal"),
    (PINGS, "which servers can atlas reach along the arrows?", "atlas"),
    (GRANTS, "which families can Stave reach", "Stave"),
])
def test_who_a_node_can_reach_lists_its_descendants(tmp_path, table, question, node):
    want = nx.descendants(directed_graph(table), node)
    resp = ask_table(tmp_path, table, question)
    assert resp.status == "answered", resp.answer
    assert _bold(resp.answer) - {str(len(want)), node} - {
        str(directed_graph(table).out_degree(node))} == want, resp.answer
    assert resp.answer.startswith(f"**{len(want)}**"), resp.answer


@pytest.mark.parametrize(("table", "question", "node"), [
    (VOUCH, "who does Abe vouch for that vouches for Abe back?", "Abe"),
    (VOUCH, "which of the people Fin vouches for also vouch for him?", "Fin"),
    (VOUCH, "who does Cal vouch for that vouches for Cal back?", "Cal"),
    (GRANTS, "who does Oakes grant to that grants to Oakes back?", "Oakes"),
    (WALLETS, "list w02's mutual partners", "w02"),
])
def test_one_nodes_partners_both_ways_are_its_out_and_in_neighbours_in_common(
        tmp_path, table, question, node):
    g = directed_graph(table)
    want = set(g.successors(node)) & set(g.predecessors(node))
    resp = ask_table(tmp_path, table, question)
    assert resp.status == "answered", resp.answer
    if not want:
        assert resp.answer.startswith("**None**"), resp.answer
        return
    if question.lower().startswith("how many"):  # a count where one is asked
        assert resp.answer.startswith(f"**{len(want)}**"), resp.answer
    assert _bold(resp.answer) - {str(len(want))} == want, resp.answer


@pytest.mark.parametrize(("table", "question"), [
    (PINGS, "are there any mutual pings?"),
    (VOUCH, "does anyone vouch for each other?"),
])
def test_whether_any_pair_is_linked_both_ways_says_yes_and_lists_them(tmp_path, table,
                                                                       question):
    g = directed_graph(table)
    pairs = {frozenset((a, b)) for a, b in g.edges() if g.has_edge(b, a)}
    resp = ask_table(tmp_path, table, question)
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith("**Yes**" if pairs else "**No**"), resp.answer
    assert f"**{len(pairs)}** pair(s)" in resp.answer, resp.answer


@pytest.mark.parametrize(("table", "question", "node", "side"), [
    (IOU, "Who does Seth owe money to?", "Seth", "in"),
    (IOU, "who is Tomas in debt to?", "Tomas", "in"),
    (IOU, "who owes Rana money?", "Rana", "out"),
    (LOANS, "who does a02 owe money to?", "a02", "in"),
    (LOANS, "who is a01 owed money by?", "a01", "out"),
])
def test_a_named_nodes_lenders_or_borrowers_are_read_from_the_lending_columns(
        tmp_path, table, question, node, side):
    g = directed_graph(table)
    want = set(g.predecessors(node) if side == "in" else g.successors(node))
    resp = ask_table(tmp_path, table, question)
    assert resp.status == "answered", resp.answer
    listed = resp.answer.split(":")[-1]
    assert set(re.findall(r"[\w]+", listed)) == want, resp.answer


@pytest.mark.parametrize(("question", "want"), [
    ("Which clinic refers patients to the most other clinics?", "out"),
    ("which clinics refer patients to C2?", "pred"),
])
def test_a_referring_and_receiving_table_is_directed(tmp_path, question, want):
    g = directed_graph(CLINICS)
    resp = ask_table(tmp_path, CLINICS, question)
    assert resp.status == "answered", resp.answer
    if want == "out":
        best = max(d for _, d in g.out_degree())
        leaders = {n for n, d in g.out_degree() if d == best}
        assert _bold(resp.answer.split("; top:")[0]) == leaders, resp.answer
    else:
        listed = resp.answer.split(":")[-1]
        assert set(re.findall(r"C\d", listed)) == set(g.predecessors("C2")), resp.answer


@pytest.mark.parametrize(("table", "question"), [
    (CLINICS, "What's the average number of referral links per clinic, counting both incoming "
              "and outgoing?"),
    (VOUCH, "average number of vouching links per person, incoming and outgoing together?"),
])
def test_the_average_counting_both_directions_is_the_mean_total_degree(tmp_path, table,
                                                                       question):
    g = directed_graph(table)
    mean = sum(d for _, d in g.degree()) / len(g)
    resp = ask_table(tmp_path, table, question)
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith(f"Mean degree is **{round(mean, 4):g}**"), resp.answer


@pytest.mark.parametrize(("table", "question"), [
    (VOUCH, "which person vouches for the most people who never vouch back?"),
    (PINGS, "which server pings the most others that ping it back?"),
    (IOU, "who lends to the most people who never lend?"),
])
def test_the_most_partners_narrowed_by_a_clause_is_asked_not_ranked_by_degree(tmp_path, table,
                                                                             question):
    resp = ask_table(tmp_path, table, question)
    assert resp.status == "needs_clarification", resp.answer


@pytest.mark.parametrize(("table", "question", "node"), [
    (VOUCH, "who can reach Fin?", "Fin"),
    (PINGS, "which servers can reach fenrir?", "fenrir"),
    (GRANTS, "which families can reach Vane", "Vane"),
])
def test_who_can_reach_a_node_lists_its_ancestors(tmp_path, table, question, node):
    g = directed_graph(table)
    want = nx.ancestors(g, node)
    resp = ask_table(tmp_path, table, question)
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith(f"**{len(want)}**"), resp.answer
    assert _bold(resp.answer) - {str(len(want)), str(g.in_degree(node))} == want, resp.answer


@pytest.mark.parametrize(("table", "question"), [
    (VOUCH, "what share of vouches are returned?"),
    (PINGS, "What fraction of pings are returned"),
])
def test_the_share_of_edges_returned_is_the_reciprocity(tmp_path, table, question):
    r = nx.reciprocity(directed_graph(table))
    resp = ask_table(tmp_path, table, question)
    assert resp.status == "answered", resp.answer
    said = re.search(r"\*\*([\d.]+)\*\* are reciprocated", resp.answer)
    assert said and abs(float(said.group(1)) - r) < 1e-4, resp.answer


#: papers citing papers: the column names no verb, so the usual "cite" reads source → target
CITES = pd.DataFrame([("P1", "P2"), ("P1", "P3"), ("P2", "P3"), ("P4", "P3"), ("P4", "P1"),
                      ("P5", "P3"), ("P5", "P4"), ("P2", "P4")],
                     columns=["citing_paper", "cited_paper"])


@pytest.mark.parametrize(("table", "question", "node", "side", "measure"), [
    (VOUCH, "among the people Abe vouches for, who is vouched for most?", "Abe", "out", "in"),
    (VOUCH, "of the people who vouch for Cal, who vouches for the most people?", "Cal", "in",
     "out"),
    (CITES, "among papers that cite P3, which is cited most?", "P3", "in", "in"),
    (CITES, "of the papers P4 cites, which is cited the most?", "P4", "out", "in"),
    (GRANTS, "among the families that grant to Quill, which grants to the most families?",
     "Quill", "in", "out"),
])
def test_one_nodes_in_or_out_neighbours_are_ranked_by_their_own_degree(
        tmp_path, table, question, node, side, measure):
    g = directed_graph(table)
    partners = set(g.successors(node) if side == "out" else g.predecessors(node))
    degree = g.in_degree if measure == "in" else g.out_degree
    best = max(degree(p) for p in partners)
    resp = ask_table(tmp_path, table, question)
    assert resp.status == "answered", resp.answer
    head = resp.answer.split(": **")[0]
    assert _bold(head) == {p for p in partners if degree(p) == best}, resp.answer
    assert f"{measure}-degree: **{best}**" in resp.answer, resp.answer
