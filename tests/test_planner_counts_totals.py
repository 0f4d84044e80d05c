""""How many emails were sent in total" on a table whose edges carry a ``count`` column adds
that column up (networkx's ``G.size(weight=...)``), never the number of edges."""

from __future__ import annotations

import networkx as nx
import pandas as pd
import pytest

from tests.planner_support import agents_for

DESKS = pd.DataFrame([("Ora", "Pip", 4), ("Pip", "Ora", 2), ("Ora", "Quin", 7),
                      ("Quin", "Rue", 1), ("Rue", "Ora", 3), ("Pip", "Rue", 5)],
                     columns=["sender", "receiver", "count"])
STALLS = pd.DataFrame([("s1", "s2", 3), ("s2", "s3", 6), ("s1", "s3", 2), ("s3", "s4", 9),
                       ("s4", "s5", 1)], columns=["stall_a", "stall_b", "times"])
TABLES = {"desks": DESKS, "stalls": STALLS}


@pytest.fixture(scope="module")
def agents(tmp_path_factory):
    yield from agents_for(TABLES, tmp_path_factory)


def _total(table: pd.DataFrame) -> int:
    a, b, w = table.columns
    g = nx.from_pandas_edgelist(table, a, b, edge_attr=w, create_using=nx.DiGraph)
    return int(g.size(weight=w))


@pytest.mark.parametrize(("name", "question"), [
    ("desks", "How many emails were sent in total?"),
    ("desks", "how many messages were sent altogether"),
    ("desks", "what's the total number of emails"),
    ("stalls", "how many trades happened in total?"),
    ("stalls", "How many swaps were there altogether between the stalls?"),
])
def test_things_counted_in_total_add_up_the_count_column(agents, name, question):
    table = TABLES[name]
    resp = agents[name].ask(question, attach=[table])
    assert resp.status == "answered", resp.answer
    assert f"adds up to **{_total(table)}** over {len(table)} edges" in resp.answer, resp.answer
