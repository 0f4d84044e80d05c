""""Which department sends the most messages in total? And who's the biggest sender in that
department?": the group ranking asked as a question of its own, then the nodes of its top
group by "that <attribute>"; "the biggest sender" (an end column's noun ranked) read as the
end's verb done the most, in the table's one edge value. networkx is the oracle, on two
directed tables with different vocabularies."""

from __future__ import annotations

from collections import Counter

import networkx as nx
import pandas as pd
import pytest
from planner_group_tables import PASSES, SQUAD
from planner_support import ask_table

#: tonnes hauled from shipper to consignee; each yard's basin
HAUL = pd.DataFrame(
    [("Quarrow", "Teal", 40), ("Quarrow", "Moss", 12), ("Quarrow", "Vane", 7), ("Teal", "Moss", 30),
     ("Vane", "Moss", 25), ("Yarrow", "Moss", 8), ("Yarrow", "Vane", 9), ("Teal", "Vane", 3),
     ("Moss", "Ember", 50), ("Ember", "Quarrow", 6), ("Vane", "Ember", 2), ("Pike", "Teal", 11),
     ("Pike", "Quarrow", 19), ("Ember", "Pike", 4)],
    columns=["shipper", "consignee", "tonnes"])
YARDS = pd.DataFrame([("Quarrow", "north"), ("Teal", "north"), ("Moss", "south"),
                      ("Vane", "south"), ("Yarrow", "west"), ("Ember", "west"),
                      ("Pike", "north")], columns=["yard", "basin"])


def _oracle(edges: pd.DataFrame, nodes: pd.DataFrame, into: bool) -> tuple[str, str]:
    src, dst, w = edges.columns
    g = nx.from_pandas_edgelist(edges, src, dst, [w], create_using=nx.DiGraph)
    group = dict(nodes.iloc[:, :2].values)
    totals: Counter = Counter()
    for u, v, d in g.edges(data=True):
        totals[group[v if into else u]] += d[w]
    top = totals.most_common(1)[0][0]
    sent = {n: g.out_degree(n, weight=w) for n in g if group.get(n) == top}
    return top, max(sent, key=sent.get)


@pytest.mark.parametrize(("edges", "nodes", "into", "question"), [
    (HAUL, YARDS, False, "Which basin ships the most tonnes in total? And who's the biggest "
                         "shipper in that basin?"),
    (HAUL, YARDS, True, "Which basin receives the most tonnes? Then who is the top shipper in "
                        "that basin?"),
    (PASSES, SQUAD, False, "Which line makes the most passes in total? And who is the biggest "
                           "passer in that line?"),
])
def test_the_top_groups_biggest_sender(tmp_path, edges, nodes, into, question):
    group, node = _oracle(edges, nodes, into)
    resp = ask_table(tmp_path, edges, question, nodes)
    assert resp.status == "answered", resp.answer
    assert resp.answer.split(":")[0].count("**") == 2 and f"**{node}**" in resp.answer.split(
        ":")[0], resp.answer
    assert f"**{group}**" in resp.answer, resp.answer


@pytest.mark.parametrize(("edges", "question"), [
    (HAUL, "Who is the biggest shipper?"),
    (PASSES, "Who's the top passer?"),
])
def test_the_biggest_end_is_the_most_sent_in_all(tmp_path, edges, question):
    src, dst, w = edges.columns
    g = nx.from_pandas_edgelist(edges, src, dst, [w], create_using=nx.DiGraph)
    sent = dict(g.out_degree(weight=w))
    resp = ask_table(tmp_path, edges, question)
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith(f"**{max(sent, key=sent.get)}**"), resp.answer
