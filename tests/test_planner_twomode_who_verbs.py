"""On a two-mode table "who wrote P-22", "who went to Northgate", "who dove Zenobia" list the
named node's partners (its neighbours in networkx), in the data's own verb, its past tense
irregular or not, instead of asking which analysis is meant."""

from __future__ import annotations

import re

import networkx as nx
import pandas as pd
import pytest

from tests.planner_support import agents_for

PAPERS = pd.DataFrame([("Okafor", "P-17"), ("Okafor", "P-22"), ("Lindqvist", "P-17"),
                       ("Lindqvist", "P-30"), ("Mbeki", "P-22"), ("Mbeki", "P-30"),
                       ("Mbeki", "P-41"), ("Ferraro", "P-41"), ("Haddad", "P-55")],
                      columns=["researcher", "manuscript"])
VISITS = pd.DataFrame([("p-01", "Northgate"), ("p-02", "Northgate"), ("p-02", "Riverside"),
                       ("p-03", "Riverside"), ("p-05", "Harbour"), ("p-06", "Harbour"),
                       ("p-06", "Northgate")], columns=["patient", "clinic"])
DIVES = pd.DataFrame([("Ines", "Zenobia"), ("Yuki", "Zenobia"), ("Olu", "Zenobia"),
                      ("Ines", "Rosalie"), ("Marco", "Giannis")], columns=["diver", "wreck"])


@pytest.fixture(scope="module")
def agents(tmp_path_factory):
    yield from agents_for(["papers", "visits", "dives"], tmp_path_factory)


@pytest.mark.parametrize(("name", "table", "node", "question"), [
    ("papers", PAPERS, "P-22", "who wrote P-22?"),
    ("papers", PAPERS, "P-41", "who has written P-41"),
    ("visits", VISITS, "Northgate", "who went to Northgate"),
    ("dives", DIVES, "Zenobia", "who dove Zenobia?"),
])
def test_who_with_the_datas_verb_lists_the_named_nodes_partners(agents, name, table, node,
                                                                 question):
    g = nx.from_pandas_edgelist(table, *table.columns)
    resp = agents[name].ask(question, attach=[table])
    assert resp.status == "answered", resp.answer
    listed = re.search(r"at hop 1 \(([^)]*)\)", resp.answer)
    assert listed and set(listed.group(1).split(", ")) == set(g[node]), resp.answer
