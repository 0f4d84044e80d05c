""""How many people are within two steps of emp18 (not counting emp18)" counts the nodes 1 or
2 hops out: the node itself is never in that count, so the aside is no exclusion to ask about."""

from __future__ import annotations

import networkx as nx
import pandas as pd
import pytest

from tests.planner_support import ask_table

GRAPHS = {"staff": (["employee", "colleague"], "e", "people"),
          "caves": (["cave_a", "cave_b"], "k", "caves")}


@pytest.mark.parametrize("name", GRAPHS)
@pytest.mark.parametrize("aside", ["(not counting {n})", ", excluding {n} itself"])
def test_a_k_hop_count_with_its_own_node_left_out_is_answered(tmp_path, name, aside):
    cols, prefix, nouns = GRAPHS[name]
    g = nx.relabel_nodes(nx.connected_watts_strogatz_graph(24, 4, 0.2, seed=3),
                         {i: f"{prefix}{i}" for i in range(24)})
    hub = f"{prefix}5"
    near = [n for n, d in nx.single_source_shortest_path_length(g, hub, cutoff=2).items() if d]
    edges = pd.DataFrame(list(g.edges()), columns=cols)
    q = f"how many {nouns} are within two steps of {hub} {aside.format(n=hub)}?"
    resp = ask_table(tmp_path, edges, q.replace(" ,", ","))
    assert resp.status == "answered", resp.answer
    assert f"**{len(near)}**" in resp.answer.split(".")[0], resp.answer
