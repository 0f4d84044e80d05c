""""Who has the highest in-degree and who has the highest out-degree?" asks two things: the
answer gives both rankings (it gave the in-degree one alone, which read as the whole answer).
networkx is the oracle, on two directed tables with their own words."""

from __future__ import annotations

import networkx as nx
import pytest
from planner_support import agents_for
from planner_tables import GRANTS, WALLETS

TABLES = {"grants": GRANTS, "wallets": WALLETS}


@pytest.fixture(scope="module")
def agents(tmp_path_factory):
    yield from agents_for(TABLES, tmp_path_factory)


def _leaders(degrees) -> list[str]:
    best = max(d for _, d in degrees)
    return sorted(str(n) for n, d in degrees if d == best)


@pytest.mark.parametrize("name", sorted(TABLES))
@pytest.mark.parametrize("question", [
    "Who has the highest in-degree and who has the highest out-degree?",
    "which has the most incoming edges, and which the most outgoing?"])
def test_both_degree_rankings_are_answered(agents, name, question):
    table = TABLES[name]
    g = nx.from_pandas_edgelist(table, *table.columns[:2], create_using=nx.DiGraph)
    resp = agents[name].ask(question, attach=[table])
    assert resp.status == "answered", resp.answer
    into, out = resp.answer.split("out-degree")[0], resp.answer.split("out-degree")[1]
    assert "in-degree" in into, resp.answer
    assert all(n in into for n in _leaders(g.in_degree())[:5]), resp.answer
    assert all(n in out for n in _leaders(g.out_degree())[:5]), resp.answer
