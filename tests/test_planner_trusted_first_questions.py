"""First questions a user trusts on their own tables: a degree threshold on a table whose two
end columns share one noun (``town_from,town_to``) counts all of a node's edges; the data's
edge noun ("interactions", "associations") thresholds each edge's value; "weighted degree" is the
total of the edges' one value; a group listed by value names its members; two groups' values
named together count the nodes holding both."""

from __future__ import annotations

import networkx as nx
import pandas as pd
import pytest

from tests.planner_support import ask_table

ROADS = pd.DataFrame([("Ashby", "Brook", 12), ("Ashby", "Carden", 9), ("Brook", "Carden", 14),
                      ("Carden", "Dunmore", 20), ("Ashby", "Dunmore", 31), ("Elton", "Ashby", 8),
                      ("Elton", "Dunmore", 11), ("Fairlie", "Elton", 5)],
                     columns=["town_from", "town_to", "miles"])
HOPS = pd.DataFrame([("p1", "p2", 3), ("p3", "p1", 4), ("p1", "p4", 2), ("p2", "p3", 6),
                     ("p4", "p2", 1), ("p5", "p4", 7)], columns=["port_src", "port_dst", "hours"])
GENES = pd.DataFrame([("TP53", "MDM2", 0.99), ("TP53", "ATM", 0.9), ("ATM", "CHEK2", 0.7),
                      ("MYC", "MAX", 0.98), ("MYC", "E2F1", 0.55), ("E2F1", "CDK2", 0.58),
                      ("CDK2", "TP53", 0.8)], columns=["gene_1", "gene_2", "score"])
DEALS = pd.DataFrame([("acme", "bolt", 40), ("acme", "cog", 75), ("bolt", "cog", 90),
                      ("cog", "dyn", 20), ("dyn", "acme", 85)], columns=["firm_a", "firm_b", "value"])
ACCOUNTS = pd.DataFrame([("A1", "A2"), ("A2", "A3"), ("A3", "A4"), ("A4", "A5"), ("A5", "A6"),
                         ("A6", "A1")], columns=["payer", "payee"])
BANKS = pd.DataFrame([("A1", "North", "low"), ("A2", "North", "high"), ("A3", "South", "low"),
                      ("A4", "North", "low"), ("A5", "South", "high"), ("A6", "South", "low")],
                     columns=["account", "bank", "risk"])
STAFF = pd.DataFrame([("u1", "u2"), ("u2", "u3"), ("u3", "u4"), ("u4", "u5"), ("u5", "u1")],
                     columns=["user_a", "user_b"])
TEAMS = pd.DataFrame([("u1", "ops", "senior"), ("u2", "ops", "junior"), ("u3", "dev", "senior"),
                      ("u4", "ops", "senior"), ("u5", "dev", "junior")],
                     columns=["user", "team", "grade"])


@pytest.mark.parametrize(("table", "question", "k"), [
    (ROADS, "how many towns have at least 3 roads?", 3),
    (HOPS, "how many ports have at least 3 links?", 3),
])
def test_a_degree_threshold_on_ends_sharing_one_noun_counts_every_edge(tmp_path, table, question, k):
    g = nx.from_pandas_edgelist(table, *table.columns[:2])  # a node's edges, either way
    want = sum(1 for _, d in g.degree() if d >= k)
    r = ask_table(tmp_path, table, question)
    assert r.status == "answered", r.answer
    assert r.answer.startswith(f"**{want}** of {g.number_of_nodes()}"), r.answer
    assert "out-degree" not in r.answer and "in-degree" not in r.answer


@pytest.mark.parametrize(("table", "question", "cut"), [
    (GENES, "how many interactions have a score above 0.95?", 0.95),
    (DEALS, "how many associations have a value above 80?", 80),
])
def test_the_datas_edge_noun_thresholds_each_edges_value(tmp_path, table, question, cut):
    want = int((table.iloc[:, 2] > cut).sum())
    r = ask_table(tmp_path, table, question)
    assert r.status == "answered", r.answer
    assert r.answer.startswith(f"**{want}** of {len(table)} edges"), r.answer


@pytest.mark.parametrize(("table", "question"), [
    (GENES, "which gene has the highest weighted degree?"),
    (DEALS, "which firm has the highest strength?"),
])
def test_weighted_degree_is_the_total_of_the_edges_value(tmp_path, table, question):
    g = nx.from_pandas_edgelist(table, *table.columns[:2], edge_attr=table.columns[2])
    strength = dict(g.degree(weight=table.columns[2]))
    best = max(strength, key=strength.get)
    r = ask_table(tmp_path, table, question)
    assert r.status == "answered", r.answer
    assert r.answer.startswith(f"**{best}**"), r.answer
    assert f"{strength[best]:g}" in r.answer, r.answer


@pytest.mark.parametrize(("edges", "nodes", "question", "attr", "value"), [
    (ACCOUNTS, BANKS, "which high risk accounts are there?", "risk", "high"),
    (STAFF, TEAMS, "list the users in ops", "team", "ops"),
])
def test_a_group_asked_by_value_names_its_members(tmp_path, edges, nodes, question, attr, value):
    members = set(nodes.loc[nodes[attr] == value, nodes.columns[0]])
    r = ask_table(tmp_path, edges, question, nodes)
    assert r.status == "answered", r.answer
    assert f"**{len(members)} nodes**" in r.answer
    assert all(m in r.answer for m in members), r.answer
    others = set(nodes[nodes.columns[0]]) - members
    assert not any(o in r.answer.split(";")[0].split(":")[-1] for o in others), r.answer


@pytest.mark.parametrize(("edges", "nodes", "question", "both"), [
    (ACCOUNTS, BANKS, "how many low risk accounts are at North?", {"risk": "low", "bank": "North"}),
    (STAFF, TEAMS, "how many senior users are in ops?", {"grade": "senior", "team": "ops"}),
])
def test_two_groups_values_named_count_the_nodes_holding_both(tmp_path, edges, nodes, question,
                                                               both):
    mask = pd.Series(True, index=nodes.index)
    for attr, value in both.items():
        mask &= nodes[attr] == value
    want = int(mask.sum())
    r = ask_table(tmp_path, edges, question, nodes)
    assert r.status == "answered", r.answer
    assert r.answer.startswith(f"**{want}** node(s)"), r.answer
    assert all(f"{a} = {v}" in r.answer for a, v in both.items()), r.answer
