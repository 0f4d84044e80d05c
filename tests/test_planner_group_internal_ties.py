""""Which team has the most ties that stay inside the team" ranks the groups of a category
node column by their edges with both ends in the group; "which crew shares the most shifts
among its own members" by the edge value summed over those edges (the column named, or the
things a ``count`` column counts). networkx is the oracle."""

from __future__ import annotations

import pytest
from planner_group_tables import BELLS, PASSES, RINGERS, SQUAD, graph_of
from planner_support import ask_table

COUNTED_BELLS = BELLS.rename(columns={"peals": "count"})


def _inside(edges, nodes, column, value=None):
    g = graph_of(edges, nodes, directed=edges is PASSES)
    out = {grp: 0 for _, grp in g.nodes(data=column)}
    for u, v, w in g.edges(data=value or edges.columns[2]):
        if g.nodes[u][column] == g.nodes[v][column]:
            out[g.nodes[u][column]] += w if value else 1
    return out


def _top(totals, low=False):
    best = (min if low else max)(totals.values())
    return sorted(g for g, n in totals.items() if n == best), best


@pytest.mark.parametrize(("edges", "nodes", "column", "question"), [
    (BELLS, RINGERS, "tower", "which tower has the most ties that stay inside the tower?"),
    (BELLS, RINGERS, "tower", "which tower has the most internal ties?"),
    (PASSES, SQUAD, "line", "which line has the most links that remain within the line"),
    (PASSES, SQUAD, "line", "which line has the most connections inside itself?"),
])
def test_groups_ranked_by_their_edges_within(tmp_path, edges, nodes, column, question):
    top, best = _top(_inside(edges, nodes, column))
    resp = ask_table(tmp_path, edges, question, nodes)
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith(" and ".join(f"**{g}**" for g in top)), resp.answer
    assert f": **{best}**" in resp.answer, resp.answer


@pytest.mark.parametrize(("edges", "nodes", "column", "question", "value"), [
    (BELLS, RINGERS, "tower", "which tower rings the most peals among its own members?",
     "peals"),
    (COUNTED_BELLS, RINGERS, "tower", "which tower rings the most peals among its own ringers?",
     "count"),
    (PASSES, SQUAD, "line", "which line plays the most passes among its own players "
     "(sum of passes inside the line)?", "passes"),
    (BELLS, RINGERS, "tower", "which tower has the most peals inside the tower?", "peals"),
    (PASSES, SQUAD, "line", "which line has the most passes within the line?", "passes"),
])
def test_groups_ranked_by_the_edge_value_summed_within(tmp_path, edges, nodes, column,
                                                       question, value):
    top, best = _top(_inside(edges, nodes, column, value))
    resp = ask_table(tmp_path, edges, question, nodes)
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith(" and ".join(f"**{g}**" for g in top)), resp.answer
    assert f": **{best}**" in resp.answer, resp.answer
