""""Which nodes are not part of the big strongly connected component?" lists (or counts) the
nodes outside networkx's largest strongly connected component — reaching each other along
the edges' direction — never the weakly connected pieces (a directed graph attached as itself,
or a directed table)."""

from __future__ import annotations

import re

import networkx as nx
import pandas as pd
import pytest

_LINKS = nx.relabel_nodes(nx.gnp_random_graph(40, 0.08, seed=11, directed=True),
                          lambda n: f"v{n}")
_FREIGHT = nx.relabel_nodes(nx.gnp_random_graph(30, 0.09, seed=21, directed=True),
                            lambda n: f"depot{n}")
FREIGHT = pd.DataFrame(list(_FREIGHT.edges()), columns=["shipper", "consignee"])
_FREIGHT = nx.from_pandas_edgelist(FREIGHT, "shipper", "consignee", create_using=nx.DiGraph)


def _outside(g: nx.DiGraph) -> set[str]:
    return set(g) - max(nx.strongly_connected_components(g), key=len)


@pytest.mark.parametrize("table,g,question", [
    (_LINKS, _LINKS, "Which nodes are not part of the big strongly connected component?"),
    (FREIGHT, _FREIGHT, "which depots are outside the largest strongly connected component?"),
    (FREIGHT, _FREIGHT, "which depots don't belong to the main strongly connected set?"),
])
def test_the_nodes_outside_the_largest_strong_component_are_listed(agent, table, g, question):
    resp = agent.ask(question, attach=[table])
    assert resp.status == "answered", resp.answer
    assert set(re.findall(r"\*\*(.+?)\*\*", resp.answer)) == _outside(g), resp.answer
    assert "strongly connected" in resp.answer, resp.answer


def test_the_nodes_outside_are_counted_first(agent):
    resp = agent.ask("how many depots are not in the big strongly connected component?",
                     attach=[FREIGHT])
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith(f"**{len(_outside(_FREIGHT))}**"), resp.answer
