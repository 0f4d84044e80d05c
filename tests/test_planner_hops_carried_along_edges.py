""""Which depots can Kelmscott get goods to in two legs or fewer" follows a directed table's
edges out of the named node (a verb that carries something "to" the nodes asked about) and
names them; "which … can get goods to Wex" follows them in. networkx is the oracle."""

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
    [("Abel", "Bron", 3), ("Abel", "Cato", 1), ("Bron", "Dace", 2), ("Cato", "Dace", 5),
     ("Dace", "Eddo", 4), ("Eddo", "Abel", 1), ("Fern", "Abel", 2), ("Fern", "Gyle", 6)],
    columns=["writer", "recipient", "letters"])


def _graph(edges: pd.DataFrame) -> nx.DiGraph:
    return nx.from_pandas_edgelist(edges, *edges.columns[:2], create_using=nx.DiGraph)


@pytest.mark.parametrize(("edges", "node", "way", "question"), [
    (CARGO, "Zan", "out", "which consignees can Zan send cargo to within 2 hops?"),
    (CARGO, "Zan", "out", "which depots can Zan get goods to in two legs or fewer?"),
    (CARGO, "Wex", "in", "which shippers can get goods to Wex in two hops or fewer?"),
    (LETTERS, "Fern", "out", "which recipients can Fern send notes to in two hops or fewer?"),
])
def test_the_nodes_within_two_legs_follow_the_carrying_verbs_direction(tmp_path, edges, node,
                                                                       way, question):
    g = _graph(edges)
    g = g if way == "out" else g.reverse()
    near = set(nx.single_source_shortest_path_length(g, node, cutoff=2)) - {node}
    resp = ask_table(tmp_path, edges, question)
    assert resp.status == "answered", resp.answer
    assert f"**{len(near)}**" in resp.answer, resp.answer
    assert all(n in resp.answer for n in near), resp.answer
    assert not any(n in resp.answer for n in set(g) - near - {node}), resp.answer
