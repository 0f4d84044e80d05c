"""A share of the mutual ties asked ("what fraction of the payments are reciprocated", "the
reciprocity"): networkx's reciprocity (the edges with one back), or the share of the nodes
in a mutual pair when the nodes are named, and both, labelled, when the share's noun is
neither; on land grants and wallet payments (networkx is the oracle)."""

from __future__ import annotations

import re

import networkx as nx
import pytest
from planner_support import ask_table
from planner_tables import GRANTS, WALLETS, directed_graph

from igraph_agent.figures import shown


def _bold(answer: str) -> list[str]:
    return re.findall(r"\*\*([\d.]+)\*\*", answer)


def _in_pairs(g: nx.DiGraph) -> float:
    return len({n for u, v in g.edges() if u != v and g.has_edge(v, u) for n in (u, v)}) / len(g)


@pytest.mark.parametrize(("table", "question"), [
    (WALLETS, "What fraction of the payments are reciprocated?"),
    (GRANTS, "what is the reciprocity of this network"),
    (GRANTS, "What share of the links are mutual?"),
], ids=lambda x: x if isinstance(x, str) else "")
def test_the_share_of_reciprocated_edges_is_networkx_reciprocity(tmp_path, table, question):
    resp = ask_table(tmp_path, table, question)
    assert resp.status == "answered", resp.answer
    assert _bold(resp.answer) == [shown(round(nx.reciprocity(directed_graph(table)), 6))], \
        resp.answer


@pytest.mark.parametrize("table", [WALLETS, GRANTS], ids=["wallets", "grants"])
def test_the_share_of_nodes_in_a_mutual_pair_when_the_nodes_are_named(tmp_path, table):
    resp = ask_table(tmp_path, table, "What proportion of the nodes are in a mutual pair?")
    assert resp.status == "answered", resp.answer
    assert _bold(resp.answer) == [shown(round(_in_pairs(directed_graph(table)), 6))], resp.answer


def test_a_share_of_an_unclear_noun_gives_both_shares_labelled(tmp_path):
    resp = ask_table(tmp_path, GRANTS, "what share of grants are mutual?")
    assert resp.status == "answered", resp.answer
    g = directed_graph(GRANTS)
    assert nx.reciprocity(g) != _in_pairs(g)
    assert _bold(resp.answer) == [shown(round(nx.reciprocity(g), 6)),
                                  shown(round(_in_pairs(g), 6))], resp.answer
    assert "of the 10 edges" in resp.answer.lower() and "of the 7 nodes" in resp.answer
