""""The most distinct callers" is a count of partners, never a ranked node: "which extension
receives calls from the most distinct callers" ranks by in-degree (not the best-connected
node's out-neighbours, a two-step reading that answered another question)."""

from __future__ import annotations

import networkx as nx
import pandas as pd
import pytest
from planner_support import agents_for

CALLS = pd.DataFrame([("x1", "x0"), ("x2", "x0"), ("x3", "x0"), ("x0", "x4"), ("x0", "x5"),
                      ("x0", "x6"), ("x0", "x7"), ("x4", "x5"), ("x6", "x5")],
                     columns=["caller", "callee"])
LETTERS = pd.DataFrame([("w1", "r9"), ("w2", "r9"), ("w3", "r9"), ("w4", "r9"), ("w1", "r8"),
                        ("r9", "w1"), ("r9", "w2"), ("r9", "w5"), ("r9", "w6"), ("r9", "w7")],
                       columns=["writer", "recipient"])
TABLES = {"calls": (CALLS, "extension", "receives calls from the most distinct callers"),
          "letters": (LETTERS, "person", "gets letters from the most different writers")}


@pytest.fixture(scope="module")
def agents(tmp_path_factory):
    yield from agents_for(TABLES, tmp_path_factory)


@pytest.mark.parametrize("name", TABLES)
def test_the_most_distinct_partners_ranks_by_in_degree(agents, name):
    table, noun, asked = TABLES[name]
    g = nx.from_pandas_edgelist(table, *table.columns, create_using=nx.DiGraph)
    top, most = max(g.in_degree(), key=lambda nd: nd[1])
    resp = agents[name].ask(f"which {noun} {asked}?", attach=[table])
    assert resp.status == "answered", resp.answer
    assert "in-degree" in resp.answer and f"**{top}**" in resp.answer, resp.answer
    assert f"{top} ({most})" in resp.answer, resp.answer
    assert "out-neighbours" not in resp.answer, resp.answer
