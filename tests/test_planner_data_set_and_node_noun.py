"""A phrase naming the data set before its word for the nodes ("the average clustering for
les mis characters", "the density among blackrock smiths") is the whole graph, never a node
to look up; a word that picks some nodes out ("minor characters") is kept."""

from __future__ import annotations

import networkx as nx
import pandas as pd
import pytest

LESMIS = nx.les_miserables_graph()
_NAMES = ["Abel", "Brin", "Cato", "Dara", "Enzo", "Fenn", "Gale", "Hart", "Ivo", "Jura",
          "Kell", "Lior", "Mace", "Nils", "Orla", "Pike", "Quin", "Rhea", "Sven", "Tova"]
_GUILD = nx.relabel_nodes(nx.connected_watts_strogatz_graph(20, 4, 0.3, seed=2),
                          dict(enumerate(_NAMES)))


@pytest.mark.parametrize("g,cols,question,figure", [
    (LESMIS, ("character", "co_character"), "average clustering coefficient for les mis characters",
     nx.average_clustering),
    (_GUILD, ("smith", "fellow_smith"), "what's the density among blackrock smiths?", nx.density),
])
def test_the_data_sets_name_before_its_node_noun_is_the_whole_graph(agent, g, cols, question,
                                                                   figure):
    table = pd.DataFrame(list(g.edges()), columns=list(cols))
    resp = agent.ask(question, attach=[table])
    assert resp.status == "answered", resp.answer
    assert f"**{figure(g):.4f}**" in resp.answer, resp.answer
