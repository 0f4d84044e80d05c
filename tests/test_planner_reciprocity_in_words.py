""""How often is help returned? give me the reciprocity of the help network" is the share of
edges with an edge back (reciprocity), on a directed table in its own words. Two
vocabularies; networkx is the oracle."""

from __future__ import annotations

import re

import networkx as nx
import pandas as pd
import pytest

from tests.test_directed_totals import _ask

HELP = pd.DataFrame([("Ann", "Bob", 3), ("Bob", "Ann", 2), ("Ann", "Cy", 1), ("Cy", "Dee", 4),
                     ("Dee", "Bob", 2)], columns=["helper", "helped", "hours"])
MAIL = pd.DataFrame([("m1", "m2", 4), ("m2", "m1", 1), ("m3", "m1", 2), ("m2", "m3", 1),
                     ("m4", "m3", 1), ("m3", "m4", 2)], columns=["sender", "recipient", "count"])


@pytest.mark.parametrize(("table", "question"), [
    (HELP, "how often is help returned? give me the reciprocity of the help network"),
    (MAIL, "how often are messages answered? give me the reciprocity of the mail network"),
])
def test_how_often_something_is_returned_is_the_reciprocity(tmp_path, table, question):
    resp = _ask(tmp_path, table, question)
    g = nx.from_pandas_edgelist(table, *table.columns[:2], create_using=nx.DiGraph)
    want = nx.reciprocity(g)
    assert resp.status == "answered", resp.answer
    got = float(re.search(r"\*\*([\d.]+)\*\*", resp.answer).group(1))
    assert abs(got - want) < 5e-4, resp.answer
