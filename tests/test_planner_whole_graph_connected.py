"""'Are all labs connected?' asks whether the whole graph is one piece: answered Yes or No
with the number of components, on two tables with their own column names."""

from __future__ import annotations

import networkx as nx
import pandas as pd
import pytest
from planner_support import agents_for

TABLES = {
    "labs": pd.DataFrame({"lab_1": ["Nano", "Bio", "Bio", "Climate", "Ocean"],
                          "lab_2": ["Bio", "Quantum", "Genomics", "Ocean", "Marine"]}),
    "stations": pd.DataFrame({"stop_from": ["Aker", "Berg", "Cale", "Dore"],
                              "stop_to": ["Berg", "Cale", "Dore", "Aker"]}),
}


@pytest.fixture(scope="module")
def agents(tmp_path_factory):
    yield from agents_for(TABLES, tmp_path_factory)


@pytest.mark.parametrize(("graph", "question"), [
    ("labs", "are all labs connected?"), ("labs", "Is every lab linked together?"),
    ("stations", "are all the stops connected?"), ("stations", "is every stop reachable?")])
def test_are_all_nodes_connected_is_answered_with_the_components(agents, graph, question):
    table = TABLES[graph]
    g = nx.from_pandas_edgelist(table, *table.columns[:2])
    pieces = nx.number_connected_components(g)
    resp = agents[graph].ask(question, attach=[table])
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith("**Yes**" if pieces == 1 else "**No**"), resp.answer
    weak = "weakly " if resp.graph.directed else ""  # a directed table's pieces say which
    assert f"**{pieces} {weak}connected component" in resp.answer, resp.answer
