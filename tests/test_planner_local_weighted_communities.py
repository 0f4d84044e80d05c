"""A named node's community on a table whose edge value the partition takes by default (a
count of times together): when leiden and louvain place different members with the node,
the members depend on two choices the question did not make, so the planner asks rather
than list what both share (rowers and band players)."""

from __future__ import annotations

import networkx as nx
import pandas as pd
import pytest
from planner_support import ask_table


def _table(seed: int, source: str, target: str, value: str) -> pd.DataFrame:
    g = nx.connected_watts_strogatz_graph(24, 4, 0.3, seed=seed)
    return pd.DataFrame([(f"r{u:02d}", f"r{v:02d}", (u * 7 + v * 3 + seed) % 9 + 1)
                         for u, v in g.edges()], columns=[source, target, value])


@pytest.mark.parametrize(("table", "node"), [
    (_table(1, "rower_a", "rower_b", "times_together"), "r03"),
    (_table(5, "player_one", "player_two", "gigs_together"), "r11"),
], ids=["rowers", "players"])
def test_a_weighted_community_the_methods_split_is_asked_not_listed(tmp_path, table, node):
    resp = ask_table(tmp_path, table, f"who is in the same community as {node}?")
    assert resp.status == "needs_clarification", resp.answer
    assert "Placed with it by both" not in resp.answer
    calls = [a for a in resp.actions if a.tool == "community_detection"]
    assert {a.args["method"] for a in calls} == {"leiden", "louvain"}
    assert all(a.args.get("weight") in (None, table.columns[2]) for a in calls)
