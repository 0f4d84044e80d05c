""""Who is closest to everyone else in Les Mis, by closeness centrality?": a capitalised
name after "in" that is no node (search_node finds nothing), no group value and no column,
closing a clause after a ranking, names the data set: the ranking runs on the whole graph
(networkx's top node), never "no node matches"."""

from __future__ import annotations

import networkx as nx
import pandas as pd
import pytest

LESMIS = nx.to_pandas_edgelist(nx.les_miserables_graph())[["source", "target"]]
_FREIGHT = nx.relabel_nodes(nx.gnp_random_graph(30, 0.12, seed=5, directed=True),
                            lambda n: f"depot{n}")
FREIGHT = pd.DataFrame(list(_FREIGHT.edges()), columns=["shipper", "consignee"])


@pytest.mark.parametrize("table,question,measure", [
    (LESMIS, "Who is closest to everyone else in Les Mis, by closeness centrality?",
     "closeness"),
    (LESMIS, "which character is the most central in Les Miserables by betweenness?",
     "betweenness"),
    (FREIGHT, "which depot is the most important in Northwind Logistics, by pagerank?",
     "pagerank"),
    (LESMIS, "In Les Miserables, who has the highest closeness?", "closeness"),
    (FREIGHT, "In Northwind Logistics, which depot has the highest betweenness?", "betweenness"),
])
def test_the_data_sets_own_name_is_the_whole_graph(agent, table, question, measure):
    directed = table is FREIGHT
    g = nx.from_pandas_edgelist(table, table.columns[0], table.columns[1],
                                create_using=nx.DiGraph if directed else nx.Graph)
    scores = {"closeness": nx.closeness_centrality, "betweenness": nx.betweenness_centrality,
              "pagerank": nx.pagerank}[measure](g)
    resp = agent.ask(question, attach=[table])
    assert resp.status == "answered", resp.answer
    assert "No node matches" not in resp.answer, resp.answer
    top = resp.answer.split("the most central nodes are ", 1)[1].split(" (")[0]
    assert top == max(scores, key=scores.get), resp.answer

