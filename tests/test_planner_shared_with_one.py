""""Who shares the most neighbours with X" ranks the other nodes by the neighbours they share
with X (networkx's common_neighbors), ties named — never X's own neighbourhood, and never the
best-connected node taken as the other end of a pair."""

from __future__ import annotations

import networkx as nx
import pandas as pd
import pytest

COLLAB = pd.DataFrame([("Mira Holt", "Tom Ek"), ("Tom Ek", "Sal Ruiz"), ("Mira Holt", "Sal Ruiz"),
                       ("Sal Ruiz", "Ida Berg"), ("Ida Berg", "Ken Wu"), ("Ken Wu", "Mira Holt"),
                       ("Lou Park", "Jo Kim")], columns=["author_x", "author_y"])
KARATE = nx.to_pandas_edgelist(nx.karate_club_graph())[["source", "target"]].astype(str)


def _leaders(table: pd.DataFrame, x: str) -> tuple[set[str], int]:
    g = nx.from_pandas_edgelist(table, table.columns[0], table.columns[1])
    counts = {n: len(list(nx.common_neighbors(g, x, n))) for n in g if n != x}
    best = max(counts.values())
    return {n for n, c in counts.items() if c == best}, best


@pytest.mark.parametrize("table,x,question", [
    (COLLAB, "Mira Holt", "Who shares the most neighbours with Mira Holt?"),
    (COLLAB, "Sal Ruiz", "which author has the most co-authors in common with Sal Ruiz?"),
    (KARATE, "33", "which member has the most friends in common with 33?")])
def test_the_node_sharing_most_neighbours_with_a_named_node_is_networkx_common_neighbors(
        agent, table, x, question):
    leaders, best = _leaders(table, x)
    resp = agent.ask(question, attach=[table])
    assert resp.status == "answered", resp.answer
    head = resp.answer.split(" the most neighbours with ")[0]
    assert {n for n in leaders if f"**{n}**" in head} == leaders, resp.answer
    assert f"with {x}: **{best}**" in resp.answer
