""""Which other brewer shares the most taprooms with Fermbrook" on a two-mode table ranks the
other nodes of that side by the partners they share with the named one (its neighbours in
the side's projection), never the named node's strongest edge (networkx is the oracle)."""

from __future__ import annotations

import networkx as nx
import pandas as pd
import pytest
from planner_support import ask_table

#: farms delivering crates to markets: Ashby's biggest delivery goes to Northmoor, Bexley
#: shares all three of Ashby's markets
FARMS = pd.DataFrame([("Ashby", "Eastgate", 3), ("Ashby", "Northmoor", 9),
                      ("Ashby", "Riverside", 4), ("Bexley", "Eastgate", 12),
                      ("Bexley", "Northmoor", 2), ("Bexley", "Riverside", 5),
                      ("Bexley", "Westbury", 1), ("Corby", "Westbury", 20),
                      ("Corby", "Eastgate", 6), ("Dalton", "Riverside", 7)],
                     columns=["farm", "market", "crates"])
#: jurors and the hours they sat on trials
SITTINGS = pd.DataFrame([("Ames", "T1", 2), ("Ames", "T2", 8), ("Ames", "T4", 3),
                         ("Boyd", "T1", 5), ("Boyd", "T3", 1), ("Cole", "T2", 4),
                         ("Cole", "T4", 6), ("Cole", "T5", 2), ("Dunn", "T1", 1),
                         ("Dunn", "T5", 9)], columns=["juror", "trial", "hours"])


def _most_shared(table: pd.DataFrame, node: str) -> str:
    g = nx.from_pandas_edgelist(table, *table.columns[:2])
    side = set(table[table.columns[0]])
    shared = {o: len(set(g[o]) & set(g[node])) for o in side if o != node}
    best = max(shared.values())
    (top,) = [o for o, n in shared.items() if n == best]
    return top


def _strongest(table: pd.DataFrame, node: str) -> str:
    rows = table[table[table.columns[0]] == node]
    return str(rows.loc[rows[table.columns[2]].idxmax(), table.columns[1]])


@pytest.mark.parametrize(("table", "question", "node"), [
    (FARMS, "which other farm shares the most markets with Ashby", "Ashby"),
    (SITTINGS, "which juror shares the most trials with Cole?", "Cole"),
    # the partners counted in the data's verb, with the named node
    (FARMS, "which other farm supplied the most markets together with Ashby?", "Ashby"),
    (SITTINGS, "who sat on the most trials with Cole?", "Cole"),
])
def test_the_node_sharing_the_most_partners_with_a_named_one_is_ranked_by_what_it_shares(
        tmp_path, table, question, node):
    resp = ask_table(tmp_path, table, question)
    assert resp.status == "answered", resp.answer
    want = _most_shared(table, node)
    assert resp.answer.startswith(f"**{want}**"), resp.answer
    assert f"**{_strongest(table, node)}**" not in resp.answer, resp.answer


def test_sharing_the_edge_value_itself_is_still_the_strongest_edge(tmp_path):
    climbs = pd.DataFrame([("Ada", "Bo", 3), ("Ada", "Cy", 5), ("Bo", "Cy", 2), ("Cy", "Dot", 4)],
                          columns=["climber_1", "climber_2", "pitches"])
    resp = ask_table(tmp_path, climbs, "who shared the most pitches with Ada?")
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith("**Cy**"), resp.answer
