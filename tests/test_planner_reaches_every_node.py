"""Whether one node reaches every other, asked Yes or No ("is every depot reachable from
Kelso", "can Ashby get to every substation"): the answer starts with **Yes** or **No** and
names the nodes it cannot reach, following the edges on a directed table and by any path on
an undirected one. networkx is the oracle."""

from __future__ import annotations

import networkx as nx
import pandas as pd
import pytest
from planner_support import agents_for

LANES = pd.DataFrame([("Kelso", "Aldgate"), ("Aldgate", "Brayford"), ("Brayford", "Carrick"),
                      ("Carrick", "Aldgate"), ("Kelso", "Lisburn"), ("Fenwick", "Carrick")],
                     columns=["from_depot", "to_depot"])
GRID = pd.DataFrame([("Ashby", "Brook"), ("Brook", "Cray"), ("Cray", "Ashby"), ("Dunholm", "Esk")],
                    columns=["sub_a", "sub_b"])
TABLES = {"lanes": LANES, "grid": GRID}


@pytest.fixture(scope="module")
def agents(tmp_path_factory):
    yield from agents_for(TABLES, tmp_path_factory)


@pytest.mark.parametrize(("name", "question", "node"), [
    ("lanes", "is every depot reachable from Kelso?", "Kelso"),
    ("lanes", "can Aldgate reach every depot?", "Aldgate"),
    ("grid", "is every substation reachable from Ashby?", "Ashby"),
    ("grid", "can Dunholm get to all the other substations?", "Dunholm"),
])
def test_whether_a_node_reaches_every_other_is_answered_yes_or_no(agents, name, question, node):
    table = TABLES[name]
    directed = name == "lanes"
    g = nx.from_pandas_edgelist(table, *table.columns,
                                create_using=nx.DiGraph if directed else nx.Graph)
    reached = nx.descendants(g, node) if directed else nx.node_connected_component(g, node) - {node}
    missed = sorted(set(g) - reached - {node})
    resp = agents[name].ask(question, attach=[table])
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith("**No**" if missed else "**Yes**"), resp.answer
    for n in missed:
        assert n in resp.answer, resp.answer
