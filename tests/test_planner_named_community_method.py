"""A community method the question names is the one used ("how many communities does greedy
modularity find" is Clauset-Newman-Moore's count, never leiden's); a method no tool runs
(Girvan-Newman, walktrap) is asked about; and "is the hawkmoth grouped with the honeybee",
"does the heron land in the same one as the trout" compare the two named nodes'
communities. Two vocabularies; networkx is the oracle."""

from __future__ import annotations

import networkx as nx
import pytest

from tests.test_directed_totals import _ask
from tests.test_planner_whatif_central import CREWS
from tests.test_planner_which_node_splits import DEPS, FOOD


def _undirected(table) -> nx.Graph:
    return nx.from_pandas_edgelist(table, *table.columns[:2])


@pytest.mark.parametrize(("table", "question"), [
    (CREWS, "How many communities does greedy modularity find among the crews?"),
    (FOOD, "how many clusters does the greedy modularity algorithm find in the food web?"),
])
def test_a_named_greedy_modularity_count_uses_that_method(tmp_path, table, question):
    resp = _ask(tmp_path, table, question)
    want = len(nx.community.greedy_modularity_communities(_undirected(table)))
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith(f"**{want} communities** found by greedy_modularity"), \
        resp.answer


@pytest.mark.parametrize(("table", "question"), [
    (CREWS, "How many communities does Girvan-Newman find?"),
    (DEPS, "run walktrap community detection on the packages: how many communities?"),
])
def test_a_community_method_no_tool_runs_is_asked_about(tmp_path, table, question):
    resp = _ask(tmp_path, table, question)
    assert resp.status == "needs_clarification", resp.answer


@pytest.mark.parametrize(("table", "question", "a", "b"), [
    (FOOD, "If you cluster the food web into communities with greedy modularity, is the heron "
           "grouped with the trout?", "heron", "trout"),
    (CREWS, "If you split the crews into communities by greedy modularity, is Ada grouped with "
            "Hal?", "Ada", "Hal"),
    (DEPS, "If you cluster the packages into communities with greedy modularity, is webapp "
           "grouped with cli?", "webapp", "cli"),
])
def test_two_named_nodes_grouped_together_compare_their_communities(tmp_path, table, question,
                                                                     a, b):
    resp = _ask(tmp_path, table, question)
    parts = nx.community.greedy_modularity_communities(_undirected(table))
    same = any({a, b} <= set(c) for c in parts)
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith("**Yes**" if same else "**No**"), resp.answer
    assert "greedy_modularity" in resp.answer, resp.answer
