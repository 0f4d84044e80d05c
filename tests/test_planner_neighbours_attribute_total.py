""""What's the combined load_mw of the substations directly connected to Eastleigh?" adds a
numeric node attribute up over the named node's neighbours only (the total first, then each
neighbour's value). networkx is the oracle."""

from __future__ import annotations

import pandas as pd
import pytest
from planner_group_tables import BELLS, RINGERS, graph_of
from planner_support import ask_table

GUILD = pd.DataFrame(
    [("Ansel", "Bryn"), ("Ansel", "Cato"), ("Cato", "Dara"), ("Dara", "Esme"), ("Esme", "Fenn"),
     ("Fenn", "Gale"), ("Gale", "Esme"), ("Gale", "Hale"), ("Hale", "Iver"), ("Iver", "Esme"),
     ("Cato", "Bryn"), ("Cato", "Fenn")],
    columns=["member_a", "member_b"]).assign(meetings=1)
PURSES = pd.DataFrame(
    [("Ansel", 5), ("Bryn", 9), ("Cato", 2), ("Dara", 4), ("Esme", 30), ("Fenn", 12), ("Gale", 7),
     ("Hale", 1), ("Iver", 3)],
    columns=["member", "coins"])


@pytest.mark.parametrize(("edges", "nodes", "node", "column", "question"), [
    (BELLS, RINGERS, "Damson", "years",
     "what's the combined years of the ringers directly connected to Damson?"),
    (BELLS, RINGERS, "Gorse", "years", "What is the total years of Gorse's neighbours?"),
    (GUILD, PURSES, "Esme", "coins", "What is the total coins of the members linked to Esme?"),
    (GUILD, PURSES, "Cato", "coins", "sum of the coins of Cato's neighbours?"),
])
def test_a_nodes_neighbours_attribute_is_added_up(tmp_path, edges, nodes, node, column,
                                                  question):
    g = graph_of(edges, nodes)
    total = sum(g.nodes[n][column] for n in g.neighbors(node))
    resp = ask_table(tmp_path, edges, question, nodes)
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith(f"**{total}**"), resp.answer
    assert all(n in resp.answer for n in g.neighbors(node)), resp.answer
