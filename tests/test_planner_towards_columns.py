"""A target column named by a verb and where it goes ("flows_into", "drains_into") makes the
table directed, read in that verb both ways ("which streams flow into the Arden", "what does
the Moss Burn flow into"); a two-way verb ("connected_to") leaves it undirected. Checked on
two tables with their own words, networkx as the oracle."""

from __future__ import annotations

import networkx as nx
import pandas as pd
import pytest
from planner_support import agents_for

TABLES = {
    "rivers": pd.DataFrame(
        [("Kell Beck", "Arden"), ("Moss Burn", "Arden"), ("Arden", "Tarn"), ("Pike Gill", "Tarn"),
         ("Tarn", "Ouse"), ("Lyne", "Ouse"), ("Rask", "Lyne")],
        columns=["tributary", "flows_into"]),
    "drains": pd.DataFrame(
        [("gutter", "downpipe"), ("downpipe", "culvert"), ("yard", "culvert"), ("culvert", "sump"),
         ("roadside", "sump"), ("sump", "outfall")], columns=["channel", "drains_into"]),
    "workflow": pd.DataFrame(
        [("intake", "triage"), ("triage", "repair"), ("triage", "refund"), ("repair", "qa"),
         ("refund", "close"), ("qa", "close")], columns=["step", "leads_to"]),
    "towns": pd.DataFrame([("Avon", "Brill"), ("Brill", "Cott"), ("Cott", "Avon")],
                          columns=["town", "connected_to"]),
}


@pytest.fixture(scope="module")
def agents(tmp_path_factory):
    yield from agents_for(TABLES, tmp_path_factory)


def _digraph(name: str) -> nx.DiGraph:
    table = TABLES[name]
    return nx.from_pandas_edgelist(table, *table.columns[:2], create_using=nx.DiGraph)


@pytest.mark.parametrize(("graph", "directed"), [("rivers", True), ("drains", True), ("workflow", True),
                                                  ("towns", False)])
def test_a_verb_towards_column_loads_the_table_directed(agents, graph, directed):
    resp = agents[graph].ask("is this graph directed?", attach=[TABLES[graph]])
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith("**Yes**" if directed else "**No**"), resp.answer


@pytest.mark.parametrize(("graph", "question", "node", "side"), [
    ("rivers", "which streams flow directly into the Arden?", "Arden", "in"),
    ("rivers", "what does the Moss Burn flow into?", "Moss Burn", "out"),
    ("drains", "which channels drain into the sump?", "sump", "in"),
    ("drains", "what does the culvert drain into?", "culvert", "out"),
    ("workflow", "what does triage lead to?", "triage", "out"),
    ("workflow", "which steps lead directly to close?", "close", "in")])
def test_the_columns_verb_reads_each_side_of_a_node(agents, graph, question, node, side):
    g = _digraph(graph)
    want = set(g.predecessors(node) if side == "in" else g.successors(node))
    resp = agents[graph].ask(question, attach=[TABLES[graph]])
    assert resp.status == "answered", resp.answer
    listed = {n.strip(" .*") for n in resp.answer.rsplit(":", 1)[1].split(",")}
    assert listed == want, resp.answer
