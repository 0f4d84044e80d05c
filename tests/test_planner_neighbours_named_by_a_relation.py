"""One named node's neighbours named by a relation ("the families married into the Medici",
"the nurses paired with nurse10"), then ranked by a centrality ("which one has the highest
betweenness") or filtered by their own ties ("which of them has no other tie at all").
networkx is the oracle."""

from __future__ import annotations

import networkx as nx
import pytest
from planner_grouped_graphs import BOATS, WARDS
from planner_support import ask_table

MEASURES = {"betweenness": nx.betweenness_centrality, "closeness": nx.closeness_centrality}


@pytest.mark.parametrize(("table", "question", "centre", "measure"), [
    (WARDS, "Among the nurses paired with nurse10, which one has the highest betweenness?",
     "nurse10", "betweenness"),
    (BOATS, "Among the rowers linked to rower04, which one is the biggest broker "
     "(betweenness)?", "rower04", "betweenness"),
    (BOATS, "Of the rowers tied to rower07, which is the most central by closeness?",
     "rower07", "closeness"),
])
def test_a_nodes_neighbours_ranked_by_a_centrality(tmp_path, table, question, centre, measure):
    scores = MEASURES[measure](table.graph)
    near = {n: scores[n] for n in table.graph[centre]}
    best = max(near.values())
    (top,) = [n for n, v in near.items() if v == best]
    resp = ask_table(tmp_path, table.edges, question, table.nodes)
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith(f"**{top}**"), resp.answer


@pytest.mark.parametrize(("table", "question", "centre", "op", "value"), [
    (WARDS, "Which of the nurses paired with nurse10 have more than 6 coworkers?", "nurse10",
     "gt", 6),
    (BOATS, "Which of the rowers linked to rower04 have no other partner at all?", "rower04",
     "eq", 1),
    (BOATS, "How many of the rowers tied to rower07 have more than 4 links?", "rower07",
     "gt", 4),
])
def test_a_nodes_neighbours_filtered_by_their_own_ties(tmp_path, table, question, centre, op,
                                                      value):
    g = table.graph
    hits = sorted(n for n in g[centre] if (g.degree(n) > value if op == "gt"
                                           else g.degree(n) == value))
    resp = ask_table(tmp_path, table.edges, question, table.nodes)
    assert resp.status == "answered", resp.answer
    if hits:
        assert resp.answer.startswith(f"**{len(hits)}**"), resp.answer
        assert all(f"**{n}**" in resp.answer for n in hits), resp.answer
    else:
        assert resp.answer.startswith("**None**"), resp.answer
