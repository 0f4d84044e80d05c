""""What's the smallest number of towns that would have to be closed to cut the road network
apart" is the whole graph's node connectivity (never a pair's cut or a route), in any of the
data's nouns. Two vocabularies; networkx is the oracle."""

from __future__ import annotations

import networkx as nx
import pandas as pd
import pytest

from tests.test_directed_totals import _ask
from tests.test_planner_whatif_central import CREWS

#: rail links between numbered stations: a ring with two chords
RAIL = pd.DataFrame([(f"s{i}", f"s{(i + 1) % 8}") for i in range(8)] + [("s0", "s4"),
                                                                      ("s2", "s6")],
                    columns=["station", "next_station"])


@pytest.mark.parametrize(("table", "question"), [
    (CREWS, "What's the smallest number of crews that would have to be removed to cut the "
            "network apart?"),
    (RAIL, "what is the fewest stations that must be shut to break the rail network into "
           "pieces?"),
])
def test_the_fewest_nodes_whose_loss_cuts_the_graph_apart_is_its_node_connectivity(
        tmp_path, table, question):
    resp = _ask(tmp_path, table, question)
    g = nx.from_pandas_edgelist(table, *table.columns[:2])
    want = nx.node_connectivity(g)
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith(f"**{want}** nodes is the fewest"), resp.answer
