"""Two questions about one node's sides joined ("which did x103 call, and who called x103")
are two lists — its out- and in-partners — never the partners linked both ways."""

from __future__ import annotations

import re

import networkx as nx
import pandas as pd
import pytest

from tests.planner_support import ask_table

CALLS = pd.DataFrame([("x101", "x103"), ("x102", "x103"), ("x103", "x104"), ("x103", "x109"),
                      ("x104", "x101"), ("x109", "x102")], columns=["caller", "callee"])
PAYS = pd.DataFrame([("ana", "Bea"), ("Bea", "Cyd"), ("Cyd", "Bea"), ("Dov", "Bea"),
                     ("Bea", "Eli")], columns=["payer", "payee"])


@pytest.mark.parametrize(("table", "question", "node"), [
    (CALLS, "Which extensions did x103 call and who called x103?", "x103"),
    (PAYS, "who did Bea pay, and who paid Bea?", "Bea"),
])
def test_both_sides_asked_together_are_two_lists(tmp_path, table, question, node):
    g = nx.DiGraph(list(table.itertuples(index=False)))
    r = ask_table(tmp_path, table, question)
    assert r.status == "answered", r.answer
    out_part, in_part = r.answer.split("; and in from")
    assert set(re.findall(r"\*\*([A-Za-z]\w*)\*\*", out_part)) == set(g.successors(node)), r.answer
    assert set(re.findall(r"\*\*([A-Za-z]\w*)\*\*", in_part)) == set(g.predecessors(node)), r.answer
    assert "both ways" not in r.answer
