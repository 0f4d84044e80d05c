"""Two measures of each node set against each other ("which nodes have more outgoing than
incoming links", "the biggest gap between in- and out-degree") are asked, naming what the
planner can rank: each measure alone would answer another question."""

from __future__ import annotations

import pandas as pd
import pytest
from planner_support import agents_for

LINKS = pd.DataFrame([("a", "b"), ("a", "c"), ("b", "c"), ("c", "a"), ("d", "a")],
                     columns=["follower", "followed"])
PAY = pd.DataFrame([("acme", "bolt"), ("acme", "core"), ("bolt", "core"), ("dyna", "acme")],
                   columns=["payer", "payee"])
TABLES = {"links": LINKS, "pay": PAY}


@pytest.fixture(scope="module")
def agents(tmp_path_factory):
    yield from agents_for(TABLES, tmp_path_factory)


@pytest.mark.parametrize("name", TABLES)
@pytest.mark.parametrize("question", ["which nodes have more outgoing than incoming links?",
                                      "which node has the biggest gap between in and out degree?"])
def test_two_measures_compared_per_node_are_asked_not_ranked_alone(agents, name, question):
    resp = agents[name].ask(question, attach=[TABLES[name]])
    assert resp.status == "needs_clarification", resp.answer
    assert "comparing two measures" in resp.answer, resp.answer
    assert resp.suggestions, resp.answer
