"""A total or an average of a numeric node column over one group ("what is the total pop_k
of Derby county") is never answered with the group's node count: it is the total, or asked.
Two vocabularies; pandas is the oracle."""

from __future__ import annotations

import pandas as pd
import pytest
from planner_support import agents_for

TOWNS = (pd.DataFrame([("Derby", "Ashby"), ("Ashby", "Belper"), ("Belper", "Goole"),
                       ("Goole", "Hull")], columns=["town_a", "town_b"]),
         pd.DataFrame({"name": ["Derby", "Ashby", "Belper", "Goole", "Hull"],
                       "county": ["derby", "derby", "derby", "york", "york"],
                       "pop_k": [250, 12, 22, 19, 260]}))
DEPOTS = (pd.DataFrame([("D1", "D2"), ("D2", "D3"), ("D3", "D4")], columns=["depot_a", "depot_b"]),
          pd.DataFrame({"name": ["D1", "D2", "D3", "D4"], "wing": ["east", "east", "west", "west"],
                        "staff_n": [40, 25, 13, 8]}))
TABLES = {"towns": TOWNS, "depots": DEPOTS}


@pytest.fixture(scope="module")
def agents(tmp_path_factory):
    yield from agents_for(TABLES, tmp_path_factory)


@pytest.mark.parametrize(("name", "question", "group", "value", "column"), [
    ("towns", "what is the total pop_k of Derby county?", "county", "derby", "pop_k"),
    ("depots", "what's the combined staff_n of the east wing?", "wing", "east", "staff_n"),
])
def test_a_groups_total_of_a_node_column_is_never_its_node_count(agents, name, question, group,
                                                                 value, column):
    edges, nodes = TABLES[name]
    part = nodes[nodes[group] == value]
    resp = agents[name].ask(question, attach=[edges, nodes])
    if resp.status == "answered":
        assert str(part[column].sum()) in resp.answer, resp.answer
    else:
        assert resp.status == "needs_clarification", resp.answer
    assert not resp.answer.startswith(f"**{len(part)} nodes** match"), resp.answer
