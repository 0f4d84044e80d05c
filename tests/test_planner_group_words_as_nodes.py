"""A group's or the data set's word used for the nodes themselves is read as the nodes:
"between two club members" is any two nodes (the diameter, not the two clubs), "the Les Mis
characters" are the characters, "which families, if they dropped out, would split it" asks for
the cut nodes; and a group doing the edge's verb to itself ("which department emails itself
the most") is each group's own edges summed."""

from __future__ import annotations

import random

import networkx as nx
import pandas as pd
import pytest

from tests.planner_support import ask_as_csv_files

# (node column words, group attribute, the nodes' prefix, the group values)
GRAPHS = {
    "club": (("member", "friend"), "club", "m", ["Lions", "Tigers"]),
    "crew": (("sailor", "shipmate"), "crew", "s", ["Aft", "Bow"]),
}


def _graph(name: str) -> nx.Graph:
    g = nx.connected_watts_strogatz_graph(24, 4, 0.3, seed=len(name))
    g.add_edge(0, 30)  # a leaf: node 0 is a cut point
    g.add_edge(30, 31)
    return g


def _tables(name: str, g: nx.Graph) -> tuple[pd.DataFrame, pd.DataFrame]:
    (src, dst), attr, prefix, values = GRAPHS[name]
    edges = pd.DataFrame([(f"{prefix}{a}", f"{prefix}{b}") for a, b in g.edges()],
                         columns=[src, dst])
    nodes = pd.DataFrame({"id": [f"{prefix}{n}" for n in g.nodes()],
                          attr: [values[n % 2] for n in g.nodes()]})
    return edges, nodes


@pytest.mark.parametrize("name", GRAPHS)
def test_a_path_between_two_group_members_is_the_diameter_not_the_two_groups(tmp_path, name):
    g = _graph(name)
    edges, nodes = _tables(name, g)
    attr = GRAPHS[name][1]
    r = ask_as_csv_files(tmp_path, edges, nodes, f"Longest shortest path between two {attr} "
                                                 "members -- how many steps?")
    assert r.status == "answered", r.answer
    assert f"**{nx.diameter(g)} hops**" in r.answer, r.answer
    assert "edge(s)" not in r.answer, r.answer  # no count of ties between the two groups


@pytest.mark.parametrize("name", GRAPHS)
def test_the_data_sets_name_before_its_node_noun_asks_about_all_the_nodes(tmp_path, name):
    g = _graph(name)
    edges, nodes = _tables(name, g)
    noun = GRAPHS[name][0][0]
    r = ask_as_csv_files(tmp_path, edges, nodes, f"what's the average clustering coefficient "
                                                 f"of the Kestrel Bay {noun}s?")
    assert r.status == "answered", r.answer
    said = float(r.answer.split("**")[1])
    assert said == pytest.approx(nx.average_clustering(g), abs=1e-4), r.answer


@pytest.mark.parametrize("name", GRAPHS)
def test_which_nodes_if_they_dropped_out_would_split_it_names_the_cut_nodes(tmp_path, name):
    g = _graph(name)
    edges, nodes = _tables(name, g)
    noun, prefix = GRAPHS[name][0][0], GRAPHS[name][2]
    r = ask_as_csv_files(tmp_path, edges, nodes, f"Which {noun}s, if they dropped out, would "
                                                 "split the network apart?")
    assert r.status == "answered", r.answer
    cuts = sorted(f"{prefix}{n}" for n in nx.articulation_points(g))
    assert r.answer.startswith(f"**{len(cuts)}** node(s)"), r.answer
    assert all(c in r.answer for c in cuts), r.answer
    assert "bridge edge" not in r.answer, r.answer


@pytest.mark.parametrize("src, dst, value, attr", [("sender", "receiver", "count", "department"),
                                                   ("caller", "callee", "n_calls", "office")])
def test_which_group_emails_itself_the_most_sums_each_groups_own_edges(tmp_path, src, dst,
                                                                      value, attr):
    rng = random.Random(attr)
    people = [f"p{i}" for i in range(16)]
    pairs = sorted({(a, b) for a in people for b in people if a != b and rng.random() < 0.25})
    edges = pd.DataFrame([(a, b, rng.randint(1, 9)) for a, b in pairs], columns=[src, dst, value])
    groups = {p: ["North", "South", "East"][i % 3] for i, p in enumerate(people)}
    nodes = pd.DataFrame({"id": people, attr: [groups[p] for p in people]})
    inside = edges[edges[src].map(groups) == edges[dst].map(groups)]
    totals = inside.groupby(inside[src].map(groups))[value].sum().sort_values(ascending=False)
    verb = "emails" if src == "sender" else "calls"
    r = ask_as_csv_files(tmp_path, edges, nodes, f"which {attr} {verb} itself the most?")
    assert r.status == "answered", r.answer
    assert r.answer.startswith(f"**{totals.index[0]}**"), r.answer
    assert f"**{totals.iloc[0]}**" in r.answer, r.answer
