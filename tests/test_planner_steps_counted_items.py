"""On a directed table with a count column, "who sends the most emails" / "who receives the
most calls" sums that column on the node's side (the items it counts), while "who sends
emails to the most people" stays the number of partners; a two-step question whose first
step ranks by such a total inside a group ("take the Weir rower with the most outings; who is
their most frequent crewmate?") answers both steps, and "X's most frequent collaborator" is
X's strongest edge. networkx is the oracle, on two tables each."""

from __future__ import annotations

import networkx as nx
import pandas as pd
import pytest

from tests.planner_support import ask_as_csv_files

MEMOS = pd.DataFrame([("Ada", "Bo", 9), ("Ada", "Cy", 1), ("Bo", "Cy", 2), ("Cy", "Ada", 3),
                      ("Dee", "Ada", 1), ("Dee", "Bo", 1), ("Dee", "Cy", 1), ("Eli", "Dee", 4)],
                     columns=["sender", "receiver", "count"])
STAFF = pd.DataFrame([("Ada", "Ops"), ("Bo", "Ops"), ("Cy", "HR"), ("Dee", "HR"), ("Eli", "HR")],
                     columns=["employee", "desk"])
PHONES = pd.DataFrame([("p1", "p2", 1), ("p3", "p2", 1), ("p4", "p2", 1), ("p1", "p5", 12),
                       ("p3", "p5", 2), ("p2", "p1", 1)], columns=["caller", "callee", "n_calls"])
LINES = pd.DataFrame([(f"p{i}", "day" if i < 3 else "night") for i in range(1, 6)],
                     columns=["phone", "shift"])
ROWING = pd.DataFrame(
    [("Amara", "Bastian", 5), ("Amara", "Cosima", 3), ("Bastian", "Cosima", 4), ("Amara", "Dag", 2),
     ("Cosima", "Dag", 6), ("Dag", "Elif", 1), ("Elif", "Florin", 7), ("Elif", "Greta", 2),
     ("Florin", "Greta", 3), ("Greta", "Hamid", 4), ("Florin", "Hamid", 1), ("Hamid", "Ines", 2),
     ("Greta", "Ines", 2), ("Greta", "Jory", 2), ("Ines", "Jory", 5)],
    columns=["rower_a", "rower_b", "outings"])
ROWERS = pd.DataFrame([(n, "North" if n < "E" else "Weir") for n in
                       sorted(set(ROWING.rower_a) | set(ROWING.rower_b))],
                      columns=["rower", "boat_house"])
GRANTS = pd.DataFrame([("Ito", "Jun", 1), ("Ito", "Kai", 2), ("Jun", "Kai", 6), ("Kai", "Lea", 3),
                       ("Lea", "Mo", 1), ("Mo", "Nia", 4), ("Lea", "Nia", 2), ("Jun", "Lea", 1)],
                      columns=["researcher_a", "researcher_b", "shared_grants"])
INSTITUTES = pd.DataFrame([("Ito", "Delft"), ("Jun", "Delft"), ("Kai", "Delft"), ("Lea", "Ghent"),
                           ("Mo", "Ghent"), ("Nia", "Ghent")], columns=["researcher", "institute"])


def _digraph(edges: pd.DataFrame) -> nx.DiGraph:
    return nx.from_pandas_edgelist(edges, *edges.columns[:2], edge_attr=edges.columns[2],
                                   create_using=nx.DiGraph)


def _top(scores: dict) -> str:
    best = max(scores.values())
    tops = [n for n, v in scores.items() if v == best]
    assert len(tops) == 1, tops  # the fixture has one top
    return tops[0]


@pytest.mark.parametrize("edges,nodes,question,side", [
    (MEMOS, STAFF, "Who sends the most emails?", "out"),
    (MEMOS, STAFF, "which employee receives the most emails?", "in"),
    (PHONES, LINES, "who receives the most calls?", "in"),
])
def test_the_most_items_a_count_column_counts_sums_it(tmp_path, edges, nodes, question, side):
    g = _digraph(edges)
    col = edges.columns[2]
    totals = dict((g.out_degree if side == "out" else g.in_degree)(weight=col))
    top = _top(totals)
    assert top != _top(dict(g.out_degree() if side == "out" else g.in_degree()))  # a trap
    resp = ask_as_csv_files(tmp_path, edges, nodes, question)
    assert resp.status == "answered", resp.answer
    listed = f"Highest totals per node over its {'outgoing' if side == 'out' else 'incoming'}" \
        f" edges (what it {'sends' if side == 'out' else 'receives'}): {top} ({totals[top]})"
    alone = f"**{top}** has the highest {col} total over its {'outgoing' if side == 'out' else 'incoming'}"
    assert listed in resp.answer or (alone in resp.answer and f"**{totals[top]}**" in resp.answer), \
        resp.answer


def test_the_most_people_written_to_is_a_number_of_partners(tmp_path):
    g = _digraph(MEMOS)
    top = _top(dict(g.out_degree()))
    resp = ask_as_csv_files(tmp_path, MEMOS, STAFF, "who sends emails to the most people?")
    assert resp.status == "answered", resp.answer
    assert f"**{top}** leads" in resp.answer, resp.answer


@pytest.mark.parametrize("edges,nodes,attr,question", [
    (MEMOS, STAFF, "desk", "what desk is the person who sends the most emails in?"),
    (PHONES, LINES, "shift", "which phone receives the most calls, and what shift is it on?"),
])
def test_the_group_of_the_top_sender_by_count(tmp_path, edges, nodes, attr, question):
    g = _digraph(edges)
    side = g.out_degree if "sends" in question else g.in_degree
    top = _top(dict(side(weight=edges.columns[2])))
    value = dict(zip(nodes.iloc[:, 0], nodes[attr], strict=True))[top]
    resp = ask_as_csv_files(tmp_path, edges, nodes, question)
    assert resp.status == "answered", resp.answer
    assert f"Then, for **{top}**: {top} has {attr} **{value}**" in resp.answer, resp.answer


@pytest.mark.parametrize("edges,nodes,group,question", [
    (ROWING, ROWERS, ("boat_house", "Weir"),
     "Take the Weir rower with the most outings; who is their most frequent crewmate?"),
    (GRANTS, INSTITUTES, ("institute", "Ghent"),
     "Take the Ghent researcher with the most shared grants; who is their most frequent "
     "collaborator?"),
])
def test_a_group_s_top_by_total_then_its_strongest_partner(tmp_path, edges, nodes, group,
                                                          question):
    col = edges.columns[2]
    g = nx.from_pandas_edgelist(edges, *edges.columns[:2], edge_attr=col)
    inside = set(nodes[nodes[group[0]] == group[1]].iloc[:, 0])
    top = _top({n: g.degree(n, weight=col) for n in inside})
    partner = _top({m: g[top][m][col] for m in g[top]})
    resp = ask_as_csv_files(tmp_path, edges, nodes, question)
    assert resp.status == "answered", resp.answer
    assert f"Then, for **{top}**: **{partner}**: the strongest edge of {top}" in resp.answer, \
        resp.answer


@pytest.mark.parametrize("edges,nodes,name,question", [
    (ROWING, ROWERS, "Greta", "who is Greta's most frequent crewmate?"),
    (GRANTS, INSTITUTES, "Lea", "Who is Lea's most frequent collaborator?"),
])
def test_a_name_s_most_frequent_partner_is_its_strongest_edge(tmp_path, edges, nodes, name,
                                                              question):
    col = edges.columns[2]
    g = nx.from_pandas_edgelist(edges, *edges.columns[:2], edge_attr=col)
    partner = _top({m: g[name][m][col] for m in g[name]})
    resp = ask_as_csv_files(tmp_path, edges, nodes, question)
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith(f"**{partner}**: the strongest edge of {name}"), resp.answer
