""""Total emails sent from Sales people to HR people" sums the edge value from one named group
to the other, in the asked direction, when the counted word is that value (the column's name,
or the things a ``count`` / ``n`` column counts); "how many links" between them is the number
of edges. networkx is the oracle."""

from __future__ import annotations

import pytest
from planner_group_tables import DEPOTS, FREIGHT, PASSES, SQUAD, graph_of
from planner_support import ask_table

#: the same tables with a generic count column: it counts the crates, the passes
COUNTED_FREIGHT = FREIGHT.rename(columns={"crates": "count"})
COUNTED_PASSES = PASSES.rename(columns={"passes": "n"})


def _between(edges, nodes, column, a, b, value=None):
    g = graph_of(edges, nodes, directed=True)
    picked = [(u, v, w) for u, v, w in g.edges(data=value or edges.columns[2])
              if g.nodes[u][column] == a and g.nodes[v][column] == b]
    return sum(w for *_, w in picked) if value else len(picked)


@pytest.mark.parametrize(("edges", "nodes", "column", "question", "a", "b"), [
    (FREIGHT, DEPOTS, "region", "total crates shipped from North depots to South depots?",
     "North", "South"),
    (COUNTED_FREIGHT, DEPOTS, "region", "total crates shipped from North to South?",
     "North", "South"),
    (COUNTED_FREIGHT, DEPOTS, "region", "how many crates went from South to West", "South",
     "West"),
    (COUNTED_PASSES, SQUAD, "line", "how many passes did defence play to midfield?", "defence",
     "midfield"),
    (COUNTED_PASSES, SQUAD, "line", "total number of passes from midfield to attack", "midfield",
     "attack"),
])
def test_a_total_between_two_groups_sums_the_edge_value_in_the_asked_direction(
        tmp_path, edges, nodes, column, question, a, b):
    total = _between(edges, nodes, column, a, b, value=edges.columns[2])
    back = _between(edges, nodes, column, b, a, value=edges.columns[2])
    resp = ask_table(tmp_path, edges, question, nodes)
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith(f"From {a} to {b} ({column}): **{total} "), resp.answer
    assert f"{b} to {a}: **{back} " in resp.answer, resp.answer


@pytest.mark.parametrize(("edges", "nodes", "column", "question", "a", "b"), [
    (COUNTED_FREIGHT, DEPOTS, "region", "how many links go from North to South?", "North",
     "South"),
    (COUNTED_PASSES, SQUAD, "line", "how many edges go from defence to attack", "defence",
     "attack"),
])
def test_how_many_links_between_two_groups_counts_the_edges(tmp_path, edges, nodes, column,
                                                             question, a, b):
    count = _between(edges, nodes, column, a, b)
    resp = ask_table(tmp_path, edges, question, nodes)
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith(f"From {a} to {b} ({column}): **{count}** edge(s)"), resp.answer
