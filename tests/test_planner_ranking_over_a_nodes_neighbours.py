""""Among the depots Aldgate ships to, which one sends out the most tonnes itself?" ranks only
the named node's neighbours (on a directed table the ones its verb reaches: "the depots Arlo
sends crates to" its out-neighbours, "the depots that send crates to Dune" its in-neighbours),
by the measure the second part asks, counted over every edge; a tie names every top node.
networkx is the oracle."""

from __future__ import annotations

import pytest
from planner_group_tables import BELLS, FREIGHT, RINGERS, directed_of, graph_of
from planner_support import ask_table


def _out_crates(g, n):
    return g.out_degree(n, weight="crates")


def _in_crates(g, n):
    return g.in_degree(n, weight="crates")


@pytest.mark.parametrize(("edges", "nodes", "node", "way", "measure", "question"), [
    (FREIGHT, None, "Arlo", "out", _out_crates,
     "Among the depots Arlo sends crates to, which one sends out the most crates?"),
    (FREIGHT, None, "Dune", "in", _out_crates,
     "Of the depots that send crates to Dune, which one ships out the most crates itself?"),
    (FREIGHT, None, "Coda", "out", _in_crates,
     "Of the depots that Coda ships to, which one receives the most crates overall?"),
    (FREIGHT, None, "Arlo", "out", _in_crates,
     "Of the depots Arlo sends crates to, which one takes in the most crates (from everyone)?"),
    (BELLS, RINGERS, "Damson", "both", lambda g, n: g.nodes[n]["years"],
     "Of the ringers Damson has rung with, who has the most years?"),
    (BELLS, RINGERS, "Gorse", "both", lambda g, n: g.degree(n),
     "Among the ringers linked to Gorse, who has the most ties?"),
])
def test_only_the_named_nodes_neighbours_are_ranked(tmp_path, edges, nodes, node, way, measure,
                                                    question):
    g = directed_of(edges) if nodes is None else graph_of(edges, nodes)
    near = set(g.successors(node) if way == "out" else g.predecessors(node) if way == "in"
               else g.neighbors(node))
    scores = {n: measure(g, n) for n in near}
    best = max(scores.values())
    top = sorted(n for n, v in scores.items() if v == best)
    resp = ask_table(tmp_path, edges, question, nodes)
    assert resp.status == "answered", resp.answer
    head = resp.answer.split(":")[0]
    assert all(f"**{n}**" in head for n in top), resp.answer
    assert f"**{best}**" in resp.answer or f"({best})" in resp.answer, resp.answer
    assert not any(n in resp.answer for n in set(g) - near - {node}), resp.answer
