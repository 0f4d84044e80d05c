""""If logkit had a bug, how many packages would be affected, directly or indirectly" and "if
Algebra breaks, how many courses are affected" count everything that needs the node through
any chain (its ancestors on a table whose edge points at what is needed), never the pieces
left without it. Two vocabularies; networkx is the oracle."""

from __future__ import annotations

import re

import networkx as nx
import pandas as pd
import pytest

from tests.test_directed_totals import _ask
from tests.test_planner_which_node_splits import DEPS

COURSES = pd.DataFrame([("Calculus", "Algebra"), ("Physics", "Calculus"), ("Stats", "Algebra"),
                        ("ML", "Stats"), ("ML", "Calculus"), ("Art", "Drawing")],
                       columns=["course", "prerequisite"])


@pytest.mark.parametrize(("table", "question", "node"), [
    (DEPS, "If logkit had a bug, how many packages would be affected, directly or indirectly?",
     "logkit"),
    (COURSES, "if Algebra breaks, how many courses are affected?", "Algebra"),
])
def test_a_fault_in_a_node_reaches_everything_that_needs_it(tmp_path, table, question, node):
    resp = _ask(tmp_path, table, question)
    g = nx.from_pandas_edgelist(table, *table.columns[:2], create_using=nx.DiGraph)
    want = nx.ancestors(g, node)
    assert resp.status == "answered", resp.answer
    assert re.search(rf"\*\*{len(want)}\*\* \w+ break", resp.answer), resp.answer
    for n in want:
        assert f"**{n}**" in resp.answer, resp.answer
