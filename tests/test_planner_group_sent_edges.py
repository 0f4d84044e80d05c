"""On a directed table with a grouping attribute, "how many shipments did West send" counts
every edge leaving a West member, its edges inside West included (not only those inside
West, not only those to other groups). networkx on the directed table is the oracle."""

from __future__ import annotations

import networkx as nx
import pandas as pd
import pytest

from tests.planner_support import ask_table

CRATES = pd.DataFrame(
    [("Ax", "Bo"), ("Ax", "Cy"), ("Bo", "Ax"), ("Cy", "Dee"), ("Dee", "Eve"), ("Eve", "Ax"),
     ("Bo", "Eve"), ("Fay", "Cy")], columns=["sender", "receiver"])
REGIONS = pd.DataFrame([("Ax", "West"), ("Bo", "West"), ("Cy", "East"), ("Dee", "East"),
                        ("Eve", "North"), ("Fay", "West")], columns=["id", "region"])
MEMOS = pd.DataFrame(
    [("ana", "bo"), ("bo", "cy"), ("cy", "ana"), ("dan", "ana"), ("eli", "dan"), ("ana", "eli"),
     ("fay", "bo"), ("bo", "ana"), ("cy", "fay")], columns=["writer", "addressee"])
DESKS = pd.DataFrame([("ana", "Legal"), ("bo", "Legal"), ("cy", "Sales"), ("dan", "Sales"),
                      ("eli", "Ops"), ("fay", "Ops")], columns=["id", "desk"])


@pytest.mark.parametrize(("edges", "nodes", "group", "question"), [
    (CRATES, REGIONS, "West", "how many shipments did the West region send?"),
    (MEMOS, DESKS, "Legal", "how many memos were sent by Legal?"),
])
def test_a_groups_sent_edges_are_all_edges_leaving_its_members(tmp_path, edges, nodes, group,
                                                                question):
    g = nx.from_pandas_edgelist(edges, *edges.columns[:2], create_using=nx.DiGraph)
    attr = nodes.columns[1]
    members = set(nodes[nodes[attr] == group]["id"])
    sent = sum(1 for u, _ in g.edges if u in members)
    inside = sum(1 for u, v in g.edges if u in members and v in members)
    assert 0 < inside < sent
    resp = ask_table(tmp_path, edges, question, nodes=nodes)
    assert resp.status == "answered", resp.answer
    assert f"**{sent}** edges" in resp.answer, resp.answer
