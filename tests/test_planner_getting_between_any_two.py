""""Can you walk from any hut to any other hut?" / "could one hike between any two camps?"
ask whether the graph is connected (strongly, on a directed table, where something goes from
one to another), Yes or No first; a leading clause on the edges' direction ("Following the
links in their direction, can v0 reach v23?") keeps the question a Yes / No about one path.
networkx's ``is_connected`` / ``is_strongly_connected`` / ``has_path`` are the oracles."""

from __future__ import annotations

import networkx as nx
import pandas as pd
import pytest

_HUTS = nx.relabel_nodes(nx.caveman_graph(4, 5), lambda n: f"hut{n}")
HUTS = pd.DataFrame(list(_HUTS.edges()), columns=["hut", "neighbour_hut"])
_CAMPS = nx.relabel_nodes(nx.connected_watts_strogatz_graph(36, 4, 0.25, seed=12),
                          lambda n: f"camp{n}")
CAMPS = pd.DataFrame(list(_CAMPS.edges()), columns=["camp_a", "camp_b"])
_LINKS = nx.relabel_nodes(nx.gnp_random_graph(40, 0.08, seed=11, directed=True),
                          lambda n: f"v{n}")
FREIGHT = pd.DataFrame([(f"depot{u}", f"depot{v}") for u, v in
                        nx.gnp_random_graph(30, 0.12, seed=5, directed=True).edges()],
                       columns=["shipper", "consignee"])
_FREIGHT = nx.from_pandas_edgelist(FREIGHT, "shipper", "consignee", create_using=nx.DiGraph)


def _lead(yes: bool) -> str:
    return "**Yes**" if yes else "**No**"


@pytest.mark.parametrize("table,question,yes", [
    (HUTS, "Can you walk from any hut to any other hut?", nx.is_connected(_HUTS)),
    (CAMPS, "could one hike between any two camps?", nx.is_connected(_CAMPS)),
    (HUTS, "can every hut be reached from every other hut?", nx.is_connected(_HUTS)),
    (FREIGHT, "can every depot be reached from every other depot?",
     nx.is_strongly_connected(_FREIGHT)),
    (FREIGHT, "is it possible to ship from any depot to every other depot?",
     nx.is_strongly_connected(_FREIGHT)),
])
def test_getting_from_any_node_to_any_other_is_connectivity(agent, table, question, yes):
    resp = agent.ask(question, attach=[table])
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith(_lead(yes)), resp.answer


@pytest.mark.parametrize("attached,g,question,a,b", [
    (_LINKS, _LINKS, "Following the links in their direction, can v0 reach v23?", "v0", "v23"),
    (FREIGHT, _FREIGHT, "Going by the direction of shipments, can depot0 reach depot9?",
     "depot0", "depot9"),
])
def test_a_leading_direction_clause_keeps_the_yes_or_no(agent, attached, g, question, a, b):
    resp = agent.ask(question, attach=[attached])
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith(_lead(nx.has_path(g, a, b))), resp.answer
