"""Plain counts on a directed table in its own nouns: "how many callers are there" counts the
nodes that call someone (out-degree at least 1) and "how many callees" those called, never
every node; "how many people can u1 reach in two steps" follows the edges out of u1, not
both ways. networkx is the oracle."""

from __future__ import annotations

import networkx as nx
import pandas as pd
import pytest

from tests.planner_support import agents_for

CALLS = pd.DataFrame([("u1", "u2"), ("u1", "u3"), ("u2", "u3"), ("u3", "u4"), ("u6", "u1")],
                     columns=["caller", "callee"])
GIFTS = pd.DataFrame([("Pam", "Quy"), ("Pam", "Ros"), ("Quy", "Ros"), ("Ros", "Sol"),
                      ("Tia", "Sol"), ("Uma", "Pam"), ("Sol", "Vic")],
                     columns=["giver", "recipient"])


@pytest.fixture(scope="module")
def agents(tmp_path_factory):
    yield from agents_for(["calls", "gifts"], tmp_path_factory)


def _g(table: pd.DataFrame) -> nx.DiGraph:
    return nx.from_pandas_edgelist(table, *table.columns, create_using=nx.DiGraph)


@pytest.mark.parametrize(("name", "table", "question", "way"), [
    ("calls", CALLS, "how many callers are there", "out"),
    ("calls", CALLS, "How many callees are there?", "in"),
    ("gifts", GIFTS, "how many givers are there?", "out"),
    ("gifts", GIFTS, "how many recipients are in the data", "in"),
])
def test_a_count_of_one_columns_nodes_counts_the_nodes_at_that_end(agents, name, table,
                                                                   question, way):
    g = _g(table)
    deg = g.out_degree() if way == "out" else g.in_degree()
    ends = sorted(n for n, d in deg if d >= 1)
    resp = agents[name].ask(question, attach=[table])
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith(f"**{len(ends)}** of {g.number_of_nodes()} "), resp.answer
    assert f"{way}-degree at least 1" in resp.answer, resp.answer


@pytest.mark.parametrize(("name", "table", "node", "question"), [
    ("calls", CALLS, "u1", "how many people can u1 reach within 2 calls"),
    ("calls", CALLS, "u6", "how many people can u6 reach in two steps?"),
    ("gifts", GIFTS, "Pam", "how many people can Pam reach in 2 steps"),
    ("gifts", GIFTS, "Quy", "How many people could Quy reach within two hops?"),
])
def test_the_nodes_a_named_node_can_reach_follow_its_outgoing_edges(agents, name, table, node,
                                                                     question):
    reach = nx.single_source_shortest_path_length(_g(table), node, cutoff=2)
    resp = agents[name].ask(question, attach=[table])
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith(f"**{len(reach) - 1}** "), resp.answer
    assert "following the edges out of it" in resp.answer, resp.answer
