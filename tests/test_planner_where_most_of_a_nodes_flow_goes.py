""""Where does most of Ashcombe's freight go?" is the other end of the node's heaviest
outgoing edge ("… come from": incoming), alone or as the second step of "take the depot that
ships out the most tonnes. Where does most of its freight go?". networkx is the oracle."""

from __future__ import annotations

import networkx as nx
import pandas as pd
import pytest
from planner_support import ask_table

CARGO = pd.DataFrame(
    [("Rix", "Sol", 12), ("Rix", "Tam", 30), ("Rix", "Ulm", 4), ("Sol", "Tam", 7),
     ("Sol", "Vey", 20), ("Tam", "Vey", 3), ("Tam", "Wex", 40), ("Ulm", "Wex", 9),
     ("Vey", "Rix", 6), ("Wex", "Yor", 15), ("Yor", "Sol", 2), ("Zan", "Rix", 50),
     ("Zan", "Ulm", 8)],
    columns=["shipper", "consignee", "tonnes"])
LETTERS = pd.DataFrame(
    [("Abel", "Bron", 3), ("Abel", "Cato", 11), ("Bron", "Dace", 2), ("Cato", "Dace", 5),
     ("Dace", "Eddo", 4), ("Eddo", "Abel", 1), ("Fern", "Abel", 2), ("Fern", "Gyle", 6),
     ("Gyle", "Dace", 9)],
    columns=["writer", "recipient", "letters"])


def _heaviest(edges: pd.DataFrame, node: str | None, way: str) -> tuple[str, str]:
    g = nx.from_pandas_edgelist(edges, *edges.columns[:2], edge_attr=edges.columns[2],
                                create_using=nx.DiGraph)
    w = str(edges.columns[2])
    if node is None:  # the node sending the most in all
        node = max(g, key=lambda n: g.out_degree(n, weight=w))
    ends = g.out_edges(node, data=w) if way == "out" else g.in_edges(node, data=w)
    u, v, _ = max(ends, key=lambda e: e[2])
    return node, (v if way == "out" else u)


@pytest.mark.parametrize(("edges", "node", "way", "question"), [
    (CARGO, "Rix", "out", "where does the bulk of Rix's cargo end up?"),
    (CARGO, "Wex", "in", "Where does most of Wex's cargo come from?"),
    (LETTERS, "Abel", "out", "Where do most of Abel's letters go?"),
    (CARGO, None, "out", "Take the shipper that sends out the most tonnes. Where does most of "
                         "its cargo go?"),
    (LETTERS, None, "out", "Find the writer who sends the most letters in total, then tell me "
                           "where most of their letters go."),
])
def test_where_most_of_a_nodes_flow_goes_is_its_heaviest_edges_other_end(tmp_path, edges, node,
                                                                         way, question):
    start, end = _heaviest(edges, node, way)
    resp = ask_table(tmp_path, edges, question)
    assert resp.status == "answered", resp.answer
    last = resp.answer.split("\n\n")[-1]
    assert start in resp.answer and f"**{end}**" in last, resp.answer
