"""On a two-mode table a yes/no question in the data's own verbs asks for one edge: "does
p-05 go to Harbour", "does Curry use garlic", "is garlic used in the Curry" answer Yes
exactly when networkx has that edge, and No otherwise (never a path's length)."""

from __future__ import annotations

import networkx as nx
import pandas as pd
import pytest

from tests.planner_support import agents_for

VISITS = pd.DataFrame([("p-01", "Northgate"), ("p-02", "Northgate"), ("p-02", "Riverside"),
                       ("p-03", "Riverside"), ("p-05", "Harbour"), ("p-06", "Harbour"),
                       ("p-06", "Northgate")], columns=["patient", "clinic"])
PANTRY = pd.DataFrame([("Toast", "butter"), ("Toast", "bread"), ("Curry", "garlic"),
                       ("Curry", "rice"), ("Risotto", "rice"), ("Risotto", "butter"),
                       ("Risotto", "garlic"), ("Bruschetta", "tomato"),
                       ("Bruschetta", "garlic")], columns=["dish", "ingredient"])


@pytest.fixture(scope="module")
def agents(tmp_path_factory):
    yield from agents_for(["visits", "pantry"], tmp_path_factory)


@pytest.mark.parametrize(("name", "table", "a", "b", "question"), [
    ("visits", VISITS, "p-05", "Harbour", "Does p-05 go to Harbour?"),
    ("visits", VISITS, "p-01", "Riverside", "does p-01 visit Riverside"),
    ("visits", VISITS, "p-06", "Northgate", "did p-06 visit Northgate?"),
    ("pantry", PANTRY, "garlic", "Curry", "is garlic used in the Curry?"),
    ("pantry", PANTRY, "tomato", "Risotto", "is tomato used in Risotto"),
    ("pantry", PANTRY, "Curry", "garlic", "does Curry use garlic?"),
    ("pantry", PANTRY, "Toast", "rice", "does Toast contain rice"),
])
def test_a_yes_no_in_the_datas_verb_is_one_edge(agents, name, table, a, b, question):
    g = nx.from_pandas_edgelist(table, *table.columns)
    resp = agents[name].ask(question, attach=[table])
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith("**Yes**" if g.has_edge(a, b) else "**No**"), resp.answer
