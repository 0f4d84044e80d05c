""""How many ties connect people on different teams" counts the edges whose ends differ in
the grouping column (never the graph's size); "which region ships the most crates
internally" ranks the groups by the edge value summed over the edges with both ends in the
group (never what each group sends in all). networkx is the oracle."""

from __future__ import annotations

import pytest
from planner_group_tables import BELLS, DEPOTS, FREIGHT, RINGERS, graph_of
from planner_support import ask_table


def _across(edges, nodes, column):
    g = graph_of(edges, nodes, directed=edges is FREIGHT)
    return sum(1 for u, v in g.edges() if g.nodes[u][column] != g.nodes[v][column])


def _inside(edges, nodes, column):
    g = graph_of(edges, nodes, directed=edges is FREIGHT)
    out = {grp: 0 for _, grp in g.nodes(data=column)}
    for u, v, w in g.edges(data=edges.columns[2]):
        if g.nodes[u][column] == g.nodes[v][column]:
            out[g.nodes[u][column]] += w
    return out


@pytest.mark.parametrize(("edges", "nodes", "column", "question"), [
    (BELLS, RINGERS, "tower", "How many ties connect ringers on different towers?"),
    (BELLS, RINGERS, "tower", "how many links join ringers whose towers differ?"),
    (FREIGHT, DEPOTS, "region", "How many lanes go between depots in separate regions?"),
])
def test_edges_between_different_groups_are_counted(tmp_path, edges, nodes, column, question):
    resp = ask_table(tmp_path, edges, question, nodes)
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith(f"**{_across(edges, nodes, column)}** edges go between"), \
        resp.answer


@pytest.mark.parametrize(("edges", "nodes", "column", "question"), [
    (FREIGHT, DEPOTS, "region", "Which region ships the most crates internally?"),
    (FREIGHT, DEPOTS, "region", "which region sends the most crates to its own members?"),
    (FREIGHT, DEPOTS, "region", "Which region moves the most crates internally, i.e. within "
                                "itself?"),
    (BELLS, RINGERS, "tower", "which tower rings the most peals internally?"),
])
def test_a_groups_value_sent_internally_is_summed_within_it(tmp_path, edges, nodes, column,
                                                           question):
    totals = _inside(edges, nodes, column)
    best = max(totals.values())
    top = sorted(g for g, n in totals.items() if n == best)
    resp = ask_table(tmp_path, edges, question, nodes)
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith(" and ".join(f"**{g}**" for g in top)), resp.answer
    assert f": **{best}**" in resp.answer, resp.answer


@pytest.mark.parametrize(("edges", "nodes", "question"), [
    (BELLS, RINGERS, "how many ties in the tower network?"),
    (FREIGHT, DEPOTS, "How many lanes are in the region data?"),
])
def test_the_data_sets_name_beside_a_group_word_still_asks_its_size(tmp_path, edges, nodes,
                                                                    question):
    resp = ask_table(tmp_path, edges, question, nodes)
    assert resp.status == "answered", resp.answer
    assert f"**{len(edges)} edges**" in resp.answer, resp.answer
