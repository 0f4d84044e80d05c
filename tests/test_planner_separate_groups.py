""""Separate groups" are pieces with no edge between them: the answer is the number of
connected components (networkx's), never a community count beside it."""

from __future__ import annotations

import networkx as nx
import pandas as pd
import pytest

COLLAB = pd.DataFrame([("Mira Holt", "Tom Ek", 9), ("Tom Ek", "Sal Ruiz", 1),
                       ("Mira Holt", "Sal Ruiz", 2), ("Sal Ruiz", "Ida Berg", 7),
                       ("Ida Berg", "Ken Wu", 3), ("Ken Wu", "Mira Holt", 1),
                       ("Lou Park", "Jo Kim", 4)],
                      columns=["author_x", "author_y", "joint_papers"])
PIPES = pd.DataFrame([("w1", "w2"), ("w2", "w3"), ("w3", "w1"), ("w4", "w5"), ("w6", "w7"),
                      ("w7", "w8"), ("w8", "w9"), ("w9", "w6"), ("w6", "w8")],
                     columns=["valve_in", "valve_out"])


@pytest.mark.parametrize("table,question", [
    (COLLAB, "how many separate groups of authors are there?"),
    (PIPES, "How many separate clusters of valves does the network fall into?")])
def test_separate_groups_are_counted_as_components_not_communities(agent, table, question):
    g = nx.from_pandas_edgelist(table, table.columns[0], table.columns[1])
    resp = agent.ask(question, attach=[table])
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith(
        f"The graph has **{nx.number_connected_components(g)} connected component(s)**")
    assert "communities** found" not in resp.answer
