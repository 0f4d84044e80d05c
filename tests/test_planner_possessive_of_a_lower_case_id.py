"""A lower-case id with an underscore or a dot, said as a possessive ("what is chef_gil's
degree", "m.rossi's betweenness"), is that node: the answer is about it, never the whole
graph's degree summary (networkx is the oracle, two tables)."""

from __future__ import annotations

import networkx as nx
import pandas as pd
import pytest
from planner_support import agents_for

KITCHEN = pd.DataFrame(
    [("chef_amara", "tiramisu"), ("chef_dov", "tiramisu"), ("chef_cyd", "mochi"),
     ("chef_dov", "mochi"), ("chef_amara", "risotto"), ("chef_gil", "risotto"),
     ("chef_bo", "gyoza"), ("chef_cyd", "gyoza"), ("chef_bo", "ramen")],
    columns=["chef", "dish"])
PEERS = pd.DataFrame(
    [("m.rossi", "k.tanaka"), ("m.rossi", "l.okoye"), ("k.tanaka", "l.okoye"),
     ("l.okoye", "p.silva"), ("p.silva", "r.ahmed"), ("m.rossi", "r.ahmed")],
    columns=["reviewer", "peer"])
TABLES = {"kitchen": KITCHEN, "peers": PEERS}


@pytest.fixture(scope="module")
def agents(tmp_path_factory):
    yield from agents_for(TABLES, tmp_path_factory)


@pytest.mark.parametrize("name,node", [("kitchen", "chef_gil"), ("kitchen", "chef_amara"),
                                       ("peers", "m.rossi"), ("peers", "p.silva")])
def test_a_possessive_lower_case_id_gets_that_nodes_degree(agents, name, node):
    g = nx.from_pandas_edgelist(TABLES[name], *TABLES[name].columns[:2])
    resp = agents[name].ask(f"What is {node}'s degree?", attach=[TABLES[name]])
    assert resp.status == "answered", resp.answer
    assert f"{node} has degree **{g.degree(node)}**" in resp.answer, resp.answer
    assert "Mean degree" not in resp.answer
