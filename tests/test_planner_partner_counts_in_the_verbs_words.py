"""Partners counted in the data's own verb on a directed table: "which module do the most
other modules import directly" is the highest in-degree (the verb's object counted by its
subjects), "which attacker attacks the widest range of targets" / "the greatest variety of
pupils" the highest out-degree (distinct partners, networkx is the oracle)."""

from __future__ import annotations

import re

import networkx as nx
import pandas as pd
import pytest
from planner_support import ask_table

IMPORTS = pd.DataFrame(
    [("web", "api"), ("web", "auth"), ("web", "log"), ("api", "db"), ("api", "log"),
     ("api", "auth"), ("cli", "log"), ("cli", "conf"), ("auth", "log"), ("db", "log"),
     ("conf", "util"), ("log", "util")],
    columns=["module", "imports"])
ATTACKS = pd.DataFrame(
    [("t1", "t2"), ("t1", "t3"), ("t1", "t4"), ("t2", "t3"), ("t5", "t3"), ("t5", "t1"),
     ("t5", "t2"), ("t5", "t6"), ("t6", "t1")],
    columns=["attacker", "target"])
LESSONS = pd.DataFrame(
    [("Ms Ray", "Abe"), ("Ms Ray", "Bea"), ("Mr Oto", "Abe"), ("Mr Oto", "Cal"),
     ("Mr Oto", "Dov"), ("Mr Oto", "Eve"), ("Dr Lin", "Bea")],
    columns=["teacher", "pupil"])


def _top(answer: str) -> str:
    m = re.search(r"\*\*([^*]+)\*\* leads", answer)
    assert m, answer
    return m.group(1)


def _argmax(degrees) -> str:
    d = dict(degrees)
    best = max(d.values())
    tops = [n for n, v in d.items() if v == best]
    assert len(tops) == 1  # one leader, so the answer names it alone
    return tops[0]


@pytest.mark.parametrize(("table", "question", "side"), [
    (IMPORTS, "Which module do the most other modules import directly?", "in"),
    (ATTACKS, "which target do the most attackers attack?", "in"),
    (ATTACKS, "Which attacker attacks the widest range of targets?", "out"),
    (LESSONS, "Which teacher teaches the greatest variety of pupils?", "out"),
], ids=lambda x: x if isinstance(x, str) else "")
def test_partners_counted_in_the_verb_are_the_degree_on_its_side(tmp_path, table, question,
                                                                  side):
    g = nx.from_pandas_edgelist(table, *table.columns[:2], create_using=nx.DiGraph)
    want = _argmax(g.in_degree() if side == "in" else g.out_degree())
    resp = ask_table(tmp_path, table, question)
    assert resp.status == "answered", resp.answer
    assert _top(resp.answer) == want
    assert f"{side}-degree" in resp.answer, resp.answer
    assert "No node matches" not in resp.answer  # "directly" is how, not a node's name
