"""A group condition is never dropped: "edges between people on the same team" are the edges
within one team, "papers in bio-bio collaborations" / "within chem" add up the edges with both
ends in that group, a per-node total filtered to a group says its whole-graph sum is not the
group's, and a round trip asks instead of answering one way."""

from __future__ import annotations

import networkx as nx
import pandas as pd
import pytest

from tests.planner_support import ask_table

CREW = (pd.DataFrame([("Mia", "Noah"), ("Mia", "Olga"), ("Noah", "Olga"), ("Olga", "Pete"), ("Pete", "Quin"),
                      ("Quin", "Rosa"), ("Rosa", "Pete"), ("Sam", "Tess"), ("Pete", "Sam")],
                     columns=["rower_a", "rower_b"]),
        pd.DataFrame({"rower": ["Mia", "Noah", "Olga", "Pete", "Quin", "Rosa", "Sam", "Tess"],
                      "boat": ["red", "red", "blue", "blue", "green", "green", "red", "blue"]}))
LABS = (pd.DataFrame([("Kim", "Lee", 5), ("Kim", "Moe", 1), ("Lee", "Moe", 3), ("Moe", "Ned", 8),
                      ("Ned", "Ola", 2), ("Ola", "Pia", 4), ("Pia", "Kim", 1), ("Lee", "Ola", 6)],
                     columns=["author_x", "author_y", "joint_pubs"]),
        pd.DataFrame({"author": ["Kim", "Lee", "Moe", "Ned", "Ola", "Pia"],
                      "unit": ["bio", "bio", "chem", "chem", "phys", "phys"]}))


def _within(edges: pd.DataFrame, nodes: pd.DataFrame) -> tuple[int, float | None]:
    group = dict(zip(nodes.iloc[:, 0], nodes.iloc[:, 1], strict=True))
    same = edges[[group[a] == group[b] for a, b in zip(edges.iloc[:, 0], edges.iloc[:, 1], strict=True)]]
    return len(same), (same.iloc[:, 2].sum() if edges.shape[1] > 2 else None)


@pytest.mark.parametrize(("data", "question"), [
    (CREW, "how many ties are between rowers in the same boat?"),
    (LABS, "how many collaborations connect authors in the same unit?"),
])
def test_edges_between_members_of_the_same_group_are_the_edges_within(tmp_path, data, question):
    count, _ = _within(*data)
    r = ask_table(tmp_path, data[0], question, data[1])
    assert r.status == "answered", r.answer
    assert r.answer.startswith(f"**{count}** edges lie within one"), r.answer


@pytest.mark.parametrize(("question", "unit"), [("total joint_pubs in bio-bio collaborations?", "bio"),
                                                ("how many joint pubs were written within chem?", "chem"),
                                                ("total joint_pubs between phys authors?", "phys")])
def test_one_groups_own_edges_add_up_the_edges_with_both_ends_in_it(tmp_path, question, unit):
    edges, nodes = LABS
    group = dict(zip(nodes["author"], nodes["unit"], strict=True))
    want = sum(w for a, b, w in edges.itertuples(index=False) if group[a] == group[b] == unit)
    r = ask_table(tmp_path, edges, question, nodes)
    assert r.status == "answered", r.answer
    assert r.answer.startswith(f"Within {unit}") and f"**{want} joint_pubs**" in r.answer, r.answer


def test_a_group_filtered_per_node_total_never_leads_with_the_whole_graphs_sum(tmp_path):
    edges, nodes = LABS
    r = ask_table(tmp_path, edges, "total joint_pubs of chem authors?", nodes)
    assert f"**{edges['joint_pubs'].sum()}**" not in r.answer, r.answer


@pytest.mark.parametrize("question", ["cheapest round trip from Oban to Coll and back?",
                                      "what does a return trip Oban-Coll cost?"])
def test_a_round_trip_is_asked_not_answered_one_way(tmp_path, question):
    table = pd.DataFrame([("Oban", "Mull", 40), ("Mull", "Coll", 35), ("Oban", "Coll", 90),
                          ("Coll", "Oban", 20)], columns=["origin_port", "dest_port", "fare"])
    one_way = nx.shortest_path_length(nx.from_pandas_edgelist(table, "origin_port", "dest_port", "fare",
                                                              create_using=nx.DiGraph), "Oban", "Coll", "fare")
    r = ask_table(tmp_path, table, question)
    assert r.status == "needs_clarification", r.answer
    assert f"**{one_way}" not in r.answer
