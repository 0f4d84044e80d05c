""""The biggest group of members who all know each other" is the largest clique, however
the all-tied set is worded ("each one is tied to all the others", "all linked to one
another"), never one node's neighbourhood or its clustering; an aside on the answer's form
("just the size is fine") is no verdict to refuse, while a verdict still is one."""

from __future__ import annotations

import re

import networkx as nx
import pandas as pd
import pytest

KARATE = nx.to_pandas_edgelist(nx.karate_club_graph())[["source", "target"]].astype(str)
_BAND = nx.relabel_nodes(nx.gnm_random_graph(24, 70, seed=3), lambda n: f"piper{n:02d}")
BAND = pd.DataFrame(list(_BAND.edges()), columns=["piper", "bandmate"])


def _largest_clique(table: pd.DataFrame) -> int:
    g = nx.from_pandas_edgelist(table, table.columns[0], table.columns[1])
    return max(len(c) for c in nx.find_cliques(g))


@pytest.mark.parametrize("table,question", [
    (KARATE, "What's the biggest group of club members who all know each other? Just the size "
             "is fine."),
    (KARATE, "how big is the largest circle of members where everyone knows everyone else?"),
    (BAND, "How many pipers are in the biggest group where each one is tied to all the others?"),
    (BAND, "biggest bunch of pipers that are all linked to one another - just the number is fine"),
])
def test_the_largest_all_tied_group_is_the_largest_clique(agent, table, question):
    resp = agent.ask(question, attach=[table])
    assert resp.status == "answered", resp.answer
    assert re.findall(r"\*\*(.+?)\*\*", resp.answer)[0] == f"{_largest_clique(table)} nodes", \
        resp.answer
    assert "clustering" not in resp.answer.lower(), resp.answer


@pytest.mark.parametrize("table,question", [
    (KARATE, "is the club healthy?"),
    (BAND, "does the band look normal?"),
])
def test_a_verdict_is_still_asked_about(agent, table, question):
    assert agent.ask(question, attach=[table]).status == "needs_clarification"
