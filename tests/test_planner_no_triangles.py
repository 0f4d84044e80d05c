"""A graph without triangles says so plainly: "how many triangles" on two-mode data is 0
(every edge joins the two sides), never the sides' sizes, and no ranking of zeros is listed."""

from __future__ import annotations

import networkx as nx
import pandas as pd
import pytest
from planner_support import agents_for

READERS = pd.DataFrame([("ana", "Dune"), ("ana", "Emma"), ("bo", "Dune"), ("cy", "Emma"),
                        ("cy", "Ulysses"), ("di", "Ulysses"), ("di", "Dune")],
                       columns=["reader", "book"])
PIPES = pd.DataFrame([(f"j{i}", f"j{2 * i + k}") for i in range(1, 8) for k in (0, 1)],
                     columns=["upstream", "downstream"])
TABLES = {"readers": READERS, "pipes": PIPES}


@pytest.fixture(scope="module")
def agents(tmp_path_factory):
    yield from agents_for(TABLES, tmp_path_factory)


@pytest.mark.parametrize("name", TABLES)
@pytest.mark.parametrize("question, first", [("how many triangles are there?", "The graph"),
                                             ("are there any triangles?", "**No**")])
def test_a_graph_without_triangles_says_zero_and_lists_no_ranking(agents, name, question, first):
    table = TABLES[name]
    g = nx.from_pandas_edgelist(table, *table.columns[:2])
    assert sum(nx.triangles(g).values()) == 0
    resp = agents[name].ask(question, attach=[table])
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith(first), resp.answer
    assert "**0 triangles**" in resp.answer, resp.answer
    assert "Most triangles" not in resp.answer and "each side" not in resp.answer, resp.answer
