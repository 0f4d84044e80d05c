"""On an undirected table, a node "getting no <anything>" ("which markets get no produce at
all", "which singers got no duets") has no tie at all: degree 0, nodes only in the node
table included (on a two-mode table such a node is on no side, and said so). networkx on the
table with its node table is the oracle."""

from __future__ import annotations

import networkx as nx
import pandas as pd
import pytest

from tests.planner_support import ask_table
from tests.test_planner_one_node_sides_in_the_data_words import MARKETS

#: duets sung together; Wren is in the choir but sang none
DUETS = pd.DataFrame([("Ada", "Bea"), ("Bea", "Cal"), ("Cal", "Dov"), ("Ada", "Dov")],
                     columns=["singer_1", "singer_2"])


def _nodes(table: pd.DataFrame, extra: list[tuple[str, str]]) -> pd.DataFrame:
    ids = sorted(set(table.iloc[:, 0]) | set(table.iloc[:, 1]))
    return pd.DataFrame([(n, "listed") for n in ids] + extra, columns=["id", "status"])


@pytest.mark.parametrize(("table", "extra", "question"), [
    (MARKETS, [("Southfield", "new")], "which markets get no produce at all?"),
    (DUETS, [("Wren", "new")], "which singers got no duets at all?"),
])
def test_a_node_getting_nothing_has_no_tie(tmp_path, table, extra, question):
    nodes = _nodes(table, extra)
    g = nx.from_pandas_edgelist(table, *table.columns[:2])
    g.add_nodes_from(nodes["id"])
    alone = {n for n in g if g.degree(n) == 0}
    resp = ask_table(tmp_path, table, question, nodes=nodes)
    assert resp.status == "answered", resp.answer
    assert alone and all(n in resp.answer for n in alone), resp.answer
    assert not any(f"{n} (" in resp.answer for n in g if n not in alone), resp.answer
