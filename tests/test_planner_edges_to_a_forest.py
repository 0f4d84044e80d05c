"""The edges to remove for no cycle to be left ("how many edges would I need to remove to make
it a forest", "how many ties would we have to cut so that no loops are left") are the cycle
rank: edges − nodes + components (0 on a tree), never the graph's description."""

from __future__ import annotations

import networkx as nx
import pandas as pd
import pytest
from planner_support import agents_for

GRAPHS = {"club": (nx.karate_club_graph(), ["member", "friend"], "ties"),
          "tree": (nx.balanced_tree(2, 3), ["node_a", "node_b"], "links"),
          "reports": (nx.balanced_tree(3, 2), ["manager", "report"], "links"),
          "grid": (nx.grid_2d_graph(3, 4), ["cell_a", "cell_b"], "edges")}


@pytest.fixture(scope="module")
def agents(tmp_path_factory):
    yield from agents_for(GRAPHS, tmp_path_factory)


def _table(name: str) -> pd.DataFrame:
    g, cols, _ = GRAPHS[name]
    return pd.DataFrame([(str(a), str(b)) for a, b in g.edges()], columns=cols)


@pytest.mark.parametrize("name", ["club", "tree", "grid"])
@pytest.mark.parametrize("wording", ["how many {e} would I need to remove to make it a forest?",
                                     "how many {e} would we have to cut so that no loops are left?"])
def test_the_edges_to_remove_for_no_cycle_are_the_cycle_rank(agents, name, wording):
    g, _, noun = GRAPHS[name]
    rank = g.number_of_edges() - g.number_of_nodes() + nx.number_connected_components(g)
    resp = agents[name].ask(wording.format(e=noun), attach=[_table(name)])
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith(f"**{rank}**"), resp.answer
    assert "loaded graph" not in resp.answer, resp.answer


def test_a_directed_table_reads_the_forest_with_directions_ignored(agents):
    resp = agents["reports"].ask("how many links would I need to remove to make it a forest?",
                                 attach=[_table("reports")])
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith("**0**") and "directions ignored" in resp.answer, resp.answer
