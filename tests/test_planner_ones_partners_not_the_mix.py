"""One node's partners in a group ("how many of the best-connected employee's colleagues are
in the same team") are never answered with the whole graph's group mixing (the edges within
one team): that answers another question. The mixing stays for the graph ("what share of ties
are within a team")."""

from __future__ import annotations

import networkx as nx
import pandas as pd
import pytest

from tests.planner_support import ask_as_csv_files

GRAPHS = {"staff": (["employee", "colleague"], "team", "employee", "colleagues"),
          "crew": (["sailor", "shipmate"], "watch", "sailor", "shipmates")}


def _tables(name: str) -> tuple[pd.DataFrame, pd.DataFrame, nx.Graph]:
    cols, group, _, _ = GRAPHS[name]
    g = nx.relabel_nodes(nx.karate_club_graph(), {n: f"n{n}" for n in range(34)})
    edges = pd.DataFrame(list(g.edges()), columns=cols)
    nodes = pd.DataFrame({"id": list(g), group: [["red", "blue", "green"][i % 3]
                                                 for i in range(len(g))]})
    return edges, nodes, g


@pytest.mark.parametrize("name", GRAPHS)
def test_the_top_nodes_partners_in_its_group_are_never_the_graphs_mixing(tmp_path, name):
    _, group, noun, partners = GRAPHS[name]
    edges, nodes, _ = _tables(name)
    resp = ask_as_csv_files(tmp_path, edges, nodes, f"how many of the best-connected {noun}'s "
                                                    f"{partners} are in the same {group}?")
    assert "lie within one" not in resp.answer, resp.answer
    assert resp.status == "needs_clarification", resp.answer


@pytest.mark.parametrize("name", GRAPHS)
def test_the_share_of_ties_within_a_group_is_still_the_mixing(tmp_path, name):
    _, group, _, _ = GRAPHS[name]
    edges, nodes, _ = _tables(name)
    of = dict(zip(nodes["id"], nodes[group], strict=True))
    inside = sum(of[a] == of[b] for a, b in edges.itertuples(index=False))
    resp = ask_as_csv_files(tmp_path, edges, nodes, f"what share of ties are within a {group}?")
    assert resp.status == "answered", resp.answer
    assert f"({inside} of {len(edges)})" in resp.answer, resp.answer
