"""A "who / which" question answered by a total of an edge value per node names the node
first, in bold, with its total ("who sends the most emails" on a ``sender,receiver,count``
table): the graph-wide sum comes after. Two directed tables in other words; networkx's
weighted out-degree is the oracle."""

from __future__ import annotations

import networkx as nx
import pandas as pd
import pytest

from tests.planner_support import ask_table

MAIL = pd.DataFrame([("ana", "bo", 9), ("ana", "cy", 7), ("bo", "cy", 2), ("cy", "ana", 3),
                     ("dee", "ana", 4), ("dee", "bo", 1)], columns=["sender", "receiver", "count"])
FREIGHT = pd.DataFrame([("Hull", "York", 40), ("Leeds", "York", 12), ("Leeds", "Hull", 25),
                        ("York", "Hull", 5), ("Selby", "Leeds", 30)],
                       columns=["shipper", "consignee", "tonnes"])


@pytest.mark.parametrize(("table", "value", "question"), [
    (MAIL, "count", "who sends the most emails?"),
    (FREIGHT, "tonnes", "which shipper ships the most tonnes?"),
])
def test_who_has_the_largest_total_names_the_node_first(tmp_path, table, value, question):
    g = nx.from_pandas_edgelist(table, *table.columns[:2], value, create_using=nx.DiGraph)
    out = dict(g.out_degree(weight=value))
    top = max(out, key=out.get)
    resp = ask_table(tmp_path, table, question)
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith(f"**{top}** has the highest {value} total"), resp.answer
    assert f"**{out[top]}**" in resp.answer.split(".")[0], resp.answer
